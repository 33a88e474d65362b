package dev.tilewright.access;

import dev.tilewright.config.AccessProperties;
import dev.tilewright.web.ProblemResponses;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpSession;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.HttpHeaders;
import dev.tilewright.web.Problems;
import org.springframework.security.authentication.ProviderManager;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.oauth2.server.resource.authentication.BearerTokenAuthenticationToken;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.annotation.web.configuration.EnableWebSecurity;
import org.springframework.security.config.annotation.web.configuration.WebSecurityCustomizer;
import org.springframework.security.web.firewall.StrictHttpFirewall;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.security.core.Authentication;
import org.springframework.security.oauth2.client.registration.ClientRegistrationRepository;
import org.springframework.security.oauth2.server.resource.web.BearerTokenResolver;
import org.springframework.security.oauth2.server.resource.web.DefaultBearerTokenResolver;
import org.springframework.security.oauth2.server.resource.web.authentication.BearerTokenAuthenticationFilter;
import org.springframework.security.web.AuthenticationEntryPoint;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.security.web.access.AccessDeniedHandler;
import org.springframework.security.web.authentication.LoginUrlAuthenticationEntryPoint;
import org.springframework.security.web.context.SecurityContextHolderFilter;
import org.springframework.security.web.authentication.SimpleUrlAuthenticationFailureHandler;
import org.springframework.security.web.authentication.UsernamePasswordAuthenticationFilter;
import org.springframework.security.core.AuthenticationException;
import dev.tilewright.core.refusal.Refusal;
import dev.tilewright.core.refusal.Refused;
import java.util.OptionalLong;
import org.springframework.security.web.savedrequest.CookieRequestCache;
import org.springframework.security.web.util.matcher.RequestMatcher;
import org.springframework.session.web.http.CookieSerializer;
import org.springframework.session.web.http.DefaultCookieSerializer;
import org.springframework.web.filter.OncePerRequestFilter;

import java.io.IOException;
import java.time.Duration;
import java.util.List;

/**
 * Who is calling, for every request: a browser session (the sign-in form at {@code /login}; sessions in PostgreSQL,
 * CSRF-protected: the editor sends the {@code XSRF-TOKEN} cookie back as {@code X-XSRF-TOKEN}) or an API token
 * ({@code Authorization: Bearer}, never in a URL; no session, no CSRF). Pages send anonymous callers to the sign-in
 * page; the API answers them 401 with {@code WWW-Authenticate: Bearer}. What each caller may do is then asked of
 * {@link Access} by every route ({@link Requires}), by the live handshake and by every live op.
 */
@Configuration(proxyBeanMethods = false)
@EnableWebSecurity
class SecurityConfig {

    /**
     * What anyone may fetch: the sign-in, setup and invite pages, share links, the editor's code and styles, health,
     * the API's docs.
     */
    private static final String[] PUBLIC = {"/login", "/setup", "/invites/*", "/invites/*/sign-up", "/s/*", "/error",
            "/css/**", "/frontend/**", "/favicon.ico", "/actuator/health/**", "/v3/api-docs/**", "/swagger-ui/**",
            "/swagger-ui.html"};

    /** Scripts only from this origin, nothing inline; no framing; images also from data: and blob: URLs (canvas). */
    static final String CONTENT_SECURITY_POLICY = "default-src 'self'; script-src 'self'; style-src 'self'; "
            + "img-src 'self' data: blob:; connect-src 'self'; object-src 'none'; base-uri 'self'; "
            + "form-action 'self'; frame-ancestors 'none'";

    @Bean
    SecurityFilterChain security(HttpSecurity http, TokenSignIn tokens, PasswordSignIn passwords,
                                 ProblemResponses problems, AccessProperties properties, Throttle throttle,
                                 ObjectProvider<ClientRegistrationRepository> providers, OidcSignIn oidc)
            throws Exception {
        RequestMatcher api = request -> request.getRequestURI().startsWith(request.getContextPath() + "/api/");
        // what a forged request could ride on is a session: API calls with a bearer token or without any session
        // need no CSRF token (they are 401 anyway without credentials); the sign-in form and pages always do
        RequestMatcher noCsrf = request -> request.getHeader(HttpHeaders.AUTHORIZATION) != null
                || (api.matches(request) && request.getRequestedSessionId() == null
                && ShareCookie.read(request) == null);
        // RFC 6750's challenge: plain without credentials, invalid_token for a token that is not (or no longer) one
        AuthenticationEntryPoint apiEntry = (request, response, failure) -> {
            boolean presented = request.getHeader(HttpHeaders.AUTHORIZATION) != null;
            if (!presented && ShareCookie.read(request) != null) {
                // the share link this browser was given has ended: forget it, and try again without it
                ShareCookie.clear(request, response);
                if ("GET".equals(request.getMethod()) && !api.matches(request)) {
                    // this host's path only (never "//elsewhere", which a browser would take for another host)
                    String query = request.getQueryString();
                    response.sendRedirect("/" + request.getRequestURI().replaceFirst("^/+", "")
                            + (query == null ? "" : "?" + query));
                    return;
                }
                problems.write(response, Refusal.Kind.SIGNED_OUT, "Share link ended", "The share link is revoked "
                        + "or expired; ask for a new one.");
                return;
            }
            response.setHeader(HttpHeaders.WWW_AUTHENTICATE, presented
                    ? "Bearer error=\"invalid_token\", error_description=\"The token is unknown, expired or revoked\""
                    : "Bearer");
            problems.write(response, Refusal.Kind.SIGNED_OUT, "Sign in", presented
                    ? "The token is unknown, expired or revoked; make a new one (POST /api/v1/me/tokens)."
                    : "This needs credentials: an API token (Authorization: Bearer <token>) or a session.");
        };
        AccessDeniedHandler denied = (request, response, failure) -> problems.write(response, Refusal.Kind.FORBIDDEN,
                "Not allowed", "The request was refused: a form or request from the browser needs its CSRF token "
                        + "(the XSRF-TOKEN cookie sent back as the X-XSRF-TOKEN header); reload the page.");
        // where to return after signing in: a page, kept in a cookie (an anonymous request never makes a session)
        CookieRequestCache cache = new CookieRequestCache();
        cache.setRequestMatcher(request -> "GET".equals(request.getMethod()) && !api.matches(request));
        // the Authorization header (never the URL). A share link's cookie signs in by ShareCookieSignIn instead:
        // what the resource server's resolver reads it exempts from CSRF, and a cookie must never be exempt
        BearerTokenResolver resolver = new DefaultBearerTokenResolver();
        ProviderManager tokenManager = new ProviderManager(tokens);
        http.authorizeHttpRequests(requests -> requests
                        .requestMatchers(PUBLIC).permitAll()
                        .anyRequest().authenticated())
                .authenticationProvider(passwords)
                .oauth2ResourceServer(server -> server.bearerTokenResolver(resolver)
                        .authenticationManagerResolver(request -> tokenManager)
                        .authenticationEntryPoint(apiEntry)
                        .accessDeniedHandler(denied))
                .formLogin(form -> form.loginPage("/login").usernameParameter("email").passwordParameter("password")
                        .defaultSuccessUrl("/maps", false).permitAll()
                        .failureHandler(new SimpleUrlAuthenticationFailureHandler("/login?error") {
                            @Override
                            public void onAuthenticationFailure(HttpServletRequest request,
                                                                HttpServletResponse response,
                                                                AuthenticationException failure)
                                    throws IOException, ServletException {
                                throttle.failed(signInKeys(request));
                                super.onAuthenticationFailure(request, response, failure);
                            }
                        }))
                .logout(logout -> logout.logoutUrl("/logout").logoutSuccessUrl("/login?signedOut")
                        .addLogoutHandler((request, response, authentication) -> {
                            if (ShareCookie.read(request) != null) {
                                ShareCookie.clear(request, response);
                            }
                        }))
                .requestCache(c -> c.requestCache(cache))
                .csrf(csrf -> csrf.spa().ignoringRequestMatchers(noCsrf))
                .exceptionHandling(e -> e.defaultAuthenticationEntryPointFor(apiEntry, api)
                        .defaultAuthenticationEntryPointFor(new LoginUrlAuthenticationEntryPoint("/login"),
                                request -> true)
                        .accessDeniedHandler(denied))
                .headers(headers -> headers
                        .contentSecurityPolicy(csp -> csp.policyDirectives(CONTENT_SECURITY_POLICY))
                        .frameOptions(frame -> frame.deny())
                        .referrerPolicy(referrer -> referrer.policy(
                                org.springframework.security.web.header.writers.ReferrerPolicyHeaderWriter
                                        .ReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN)))
                .addFilterAfter(new SessionAge(Duration.ofHours(properties.sessionAbsoluteHours())),
                        SecurityContextHolderFilter.class)
                .addFilterBefore(new ShareCookieSignIn(tokenManager, apiEntry), BearerTokenAuthenticationFilter.class)
                .addFilterBefore(new SignInThrottle(throttle, problems), UsernamePasswordAuthenticationFilter.class);
        if (providers.getIfAvailable() != null) {
            // OpenID Connect providers are configured: "Sign in with …" on the sign-in page
            http.oauth2Login(login -> login.loginPage("/login").failureUrl("/login?providerError")
                    .userInfoEndpoint(info -> info.oidcUserService(oidc.userService()))
                    .successHandler(oidc.success(cache)));
        }
        return http.build();
    }

    /**
     * With {@code tilewright.access.allowed-hosts} set, a request naming another host (its {@code Host} header, port
     * aside) is refused with 400 before anything else looks at it: a DNS-rebinding page cannot reach the service.
     */
    @Bean
    WebSecurityCustomizer allowedHosts(AccessProperties properties) {
        List<String> hosts = properties.allowedHosts().stream().map(String::strip).filter(h -> !h.isEmpty()).toList();
        return web -> {
            if (!hosts.isEmpty()) {
                StrictHttpFirewall firewall = new StrictHttpFirewall();
                firewall.setAllowedHostnames(host -> hosts.stream().anyMatch(host::equalsIgnoreCase));
                web.httpFirewall(firewall);
            }
        };
    }

    /**
     * The session cookie: {@code HttpOnly}, {@code SameSite=Lax}; over HTTPS also {@code Secure} and named with the
     * {@code __Host-} prefix (bound to this host, path /).
     */
    @Bean
    CookieSerializer sessionCookie() {
        DefaultCookieSerializer plain = cookie("tw_session", false);
        DefaultCookieSerializer secure = cookie("__Host-tw_session", true);
        return new CookieSerializer() {
            @Override
            public void writeCookieValue(CookieValue value) {
                (value.getRequest().isSecure() ? secure : plain).writeCookieValue(value);
            }

            @Override
            public List<String> readCookieValues(HttpServletRequest request) {
                return (request.isSecure() ? secure : plain).readCookieValues(request);
            }
        };
    }

    private static DefaultCookieSerializer cookie(String name, boolean secure) {
        DefaultCookieSerializer cookie = new DefaultCookieSerializer();
        cookie.setCookieName(name);
        cookie.setCookiePath("/");
        cookie.setUseHttpOnlyCookie(true);
        cookie.setSameSite("Lax");
        cookie.setUseSecureCookie(secure);
        return cookie;
    }

    private static List<String> signInKeys(HttpServletRequest request) {
        return Throttle.signInKeys(request.getParameter("email"), request.getRemoteAddr());
    }

    /**
     * Refuses a sign-in while its account or its address has used up its failed attempts: 429 with Retry-After
     * (the form's page says when to try again), before the password is even looked at.
     */
    static final class SignInThrottle extends OncePerRequestFilter {

        private final Throttle throttle;
        private final ProblemResponses problems;

        SignInThrottle(Throttle throttle, ProblemResponses problems) {
            this.throttle = throttle;
            this.problems = problems;
        }

        @Override
        protected boolean shouldNotFilter(HttpServletRequest request) {
            return !("POST".equals(request.getMethod()) && request.getServletPath().equals("/login"));
        }

        @Override
        protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
                throws ServletException, IOException {
            OptionalLong wait = throttle.waitSeconds(signInKeys(request));
            if (wait.isEmpty()) {
                chain.doFilter(request, response);
                return;
            }
            String accept = request.getHeader(HttpHeaders.ACCEPT);
            if (accept != null && accept.contains("text/html")) {
                response.setStatus(Problems.code(Refusal.Kind.TOO_OFTEN));
                response.setHeader(HttpHeaders.RETRY_AFTER, String.valueOf(wait.getAsLong()));
                response.setContentType("text/html;charset=UTF-8");
                response.getWriter().write("<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>"
                        + "Too many attempts · Tilewright</title><link rel=\"stylesheet\" href=\"/css/tilewright.css\">"
                        + "</head><body><main class=\"narrow\"><h1>Too many sign-in attempts</h1><p data-testid=\""
                        + "login-throttled\">Too many wrong passwords for this account or from this address. Try "
                        + "again in " + wait.getAsLong() + " seconds.</p><p><a href=\"/login\">Back to sign in</a>"
                        + "</p></main></body></html>");
                return;
            }
            problems.write(response, Refused.overLimit(Refusal.Kind.TOO_OFTEN,
                    "tilewright.access.sign-in-failures", throttle.signInFailuresAllowed(), "Too many failed sign-ins "
                            + "for this account or from this address; try again in " + wait.getAsLong() + " s")
                    .retryAfter((int) Math.min(Integer.MAX_VALUE, wait.getAsLong())));
        }
    }

    /** Ends a session older than the absolute timeout, however active: the request goes on as anonymous. */
    static final class SessionAge extends OncePerRequestFilter {

        private final Duration absolute;

        SessionAge(Duration absolute) {
            this.absolute = absolute;
        }

        @Override
        protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
                throws ServletException, IOException {
            HttpSession session = request.getSession(false);
            if (session != null && System.currentTimeMillis() - session.getCreationTime() > absolute.toMillis()) {
                session.invalidate();
                SecurityContextHolder.clearContext();
            }
            chain.doFilter(request, response);
        }
    }

    /**
     * A browser that opened a share link and is not signed in acts as that link: its cookie's secret is checked as a
     * bearer token would be, and the caller carries the browser's id (ShareCookie). Unlike a header, a cookie rides
     * along with forged requests, so these requests keep their CSRF check (it ran before this filter). A link that
     * has ended is answered as the API answers an ended token (and the cookie forgotten).
     */
    static final class ShareCookieSignIn extends OncePerRequestFilter {

        private final ProviderManager tokens;
        private final AuthenticationEntryPoint ended;

        ShareCookieSignIn(ProviderManager tokens, AuthenticationEntryPoint ended) {
            this.tokens = tokens;
            this.ended = ended;
        }

        @Override
        protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
                throws ServletException, IOException {
            String shared = ShareCookie.read(request);
            var holder = SecurityContextHolder.getContextHolderStrategy();
            Authentication session = holder.getContext().getAuthentication();
            if (shared == null || request.getHeader(HttpHeaders.AUTHORIZATION) != null
                    || session != null && session.isAuthenticated()) {
                // a person signed in is themselves, whatever links they opened
                chain.doFilter(request, response);
                return;
            }
            Caller caller;
            try {
                caller = (Caller) tokens.authenticate(new BearerTokenAuthenticationToken(shared)).getPrincipal();
            } catch (AuthenticationException failure) {
                holder.clearContext();
                ended.commence(request, response, failure);
                return;
            }
            var context = holder.createEmptyContext();
            context.setAuthentication(UsernamePasswordAuthenticationToken.authenticated(
                    caller.inBrowser(ShareCookie.browser(request)), null, List.of()));
            holder.setContext(context);
            chain.doFilter(request, response);
        }
    }
}
