package dev.tilewright.access;

import jakarta.servlet.http.Cookie;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.http.HttpHeaders;
import org.springframework.http.ResponseCookie;

import java.time.Duration;
import java.time.Instant;

/**
 * The cookie a share link's secret is exchanged for when its link is opened in a browser: the address bar (and
 * history) then show a clean address, and the browser's next requests, the editor's API calls and its live socket,
 * carry the secret in this cookie ({@code HttpOnly}, {@code SameSite=Lax}; {@code __Host-} and {@code Secure} over
 * HTTPS). It lives as long as the link; a revoked link stops working at once.
 */
public final class ShareCookie {

    static final String PLAIN = "tw_share";
    static final String SECURE = "__Host-tw_share";

    private ShareCookie() {
    }

    /** The share link's secret a browser sent, if any. */
    public static String read(HttpServletRequest request) {
        Cookie[] cookies = request.getCookies();
        if (cookies == null) {
            return null;
        }
        String name = request.isSecure() ? SECURE : PLAIN;
        for (Cookie cookie : cookies) {
            if (cookie.getName().equals(name) && !cookie.getValue().isEmpty()) {
                return cookie.getValue();
            }
        }
        return null;
    }

    /** Keeps a share link's secret in the browser until the link expires. */
    public static void write(HttpServletRequest request, HttpServletResponse response, String token, Instant expires) {
        long seconds = Math.max(0, Duration.between(Instant.now(), expires).toSeconds());
        response.addHeader(HttpHeaders.SET_COOKIE, cookie(request, token, seconds).toString());
    }

    /** Forgets the share link (signed out, or the link ended). */
    public static void clear(HttpServletRequest request, HttpServletResponse response) {
        response.addHeader(HttpHeaders.SET_COOKIE, cookie(request, "", 0).toString());
    }

    private static ResponseCookie cookie(HttpServletRequest request, String value, long maxAgeSeconds) {
        boolean secure = request.isSecure();
        return ResponseCookie.from(secure ? SECURE : PLAIN, value).path("/").httpOnly(true).secure(secure)
                .sameSite("Lax").maxAge(maxAgeSeconds).build();
    }
}
