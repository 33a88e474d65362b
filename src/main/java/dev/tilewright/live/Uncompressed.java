package dev.tilewright.live;

import dev.tilewright.config.LiveProperties;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

import java.io.IOException;
import java.util.Collections;
import java.util.Enumeration;

/**
 * Live sockets without permessage-deflate unless {@code tilewright.live.compression} is on: the extensions a browser
 * offers are hidden from the handshake, which then agrees to none. Measured (docs/benchmarks.md), compressing every
 * editor's frames on its own cost the service more CPU per op delivered than all the rest of live editing, for
 * messages of a few kilobytes. (The container negotiates extensions itself, so a handshake handler cannot decline.)
 */
@Component
class Uncompressed extends OncePerRequestFilter {

    private static final String EXTENSIONS = "Sec-WebSocket-Extensions";

    private final LiveProperties properties;

    Uncompressed(LiveProperties properties) {
        this.properties = properties;
    }

    @Override
    protected boolean shouldNotFilter(HttpServletRequest request) {
        return properties.compression() || request.getHeader(EXTENSIONS) == null
                || !request.getRequestURI().endsWith("/live");
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        chain.doFilter(new HttpServletRequestWrapper(request) {
            @Override
            public String getHeader(String name) {
                return EXTENSIONS.equalsIgnoreCase(name) ? null : super.getHeader(name);
            }

            @Override
            public Enumeration<String> getHeaders(String name) {
                return EXTENSIONS.equalsIgnoreCase(name) ? Collections.emptyEnumeration() : super.getHeaders(name);
            }
        }, response);
    }
}
