package dev.tilewright.web;

import dev.tilewright.core.refusal.Refused;

import dev.tilewright.config.StorageProperties;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;
import org.springframework.web.filter.OncePerRequestFilter;

import java.io.IOException;

/**
 * The database being away while a request is still in the filters (its session or its token is looked up there,
 * before any controller) is answered as the controllers answer it: 503 with Retry-After, logged in one line.
 */
@Configuration(proxyBeanMethods = false)
class DatabaseAwayFilter {

    private static final Logger log = LoggerFactory.getLogger(DatabaseAwayFilter.class);

    @Bean
    FilterRegistrationBean<OncePerRequestFilter> databaseAway(ProblemResponses problems, StorageProperties storage) {
        FilterRegistrationBean<OncePerRequestFilter> registration = new FilterRegistrationBean<>(
                new OncePerRequestFilter() {
                    @Override
                    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response,
                                                    FilterChain chain) throws ServletException, IOException {
                        try {
                            chain.doFilter(request, response);
                        } catch (ServletException | RuntimeException e) {
                            if (!DatabaseAway.is(e)) {
                                throw e;
                            }
                            log.warn("The database is unreachable: {}", e.toString());
                            problems.write(response, Refused.databaseAway(storage.retryAfterSeconds()));
                        }
                    }
                });
        // outside Spring Session's filter (which reads the session from the database) and Spring Security's
        registration.setOrder(Ordered.HIGHEST_PRECEDENCE);
        return registration;
    }
}
