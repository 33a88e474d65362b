package dev.tilewright.access;

import jakarta.servlet.http.Cookie;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.http.HttpHeaders;
import org.springframework.http.ResponseCookie;

import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.regex.Pattern;

/**
 * The cookie a share link's secret is exchanged for when its link is opened in a browser: the address bar (and
 * history) then show a clean address, and the browser's next requests, the editor's API calls and its live socket,
 * carry the secret in this cookie ({@code HttpOnly}, {@code SameSite=Lax}; {@code __Host-} and {@code Secure} over
 * HTTPS). It lives as long as the link; a revoked link stops working at once. Beside the secret it holds an id of
 * the browser's own ({@code <secret>.<browser id>}, 128 random bits): comments written from it are that browser's,
 * which another holder of the same link cannot change.
 */
public final class ShareCookie {

    static final String PLAIN = "tw_share";
    static final String SECURE = "__Host-tw_share";

    private static final Pattern BROWSER_ID = Pattern.compile("[A-Za-z0-9_-]{22}");
    private static final SecureRandom RANDOM = new SecureRandom();

    private ShareCookie() {
    }

    /** The share link's secret a browser sent, if any. */
    public static String read(HttpServletRequest request) {
        String value = value(request);
        return value == null ? null : value.split("\\.", 2)[0];
    }

    /** The id of the browser that sent the share cookie, if it has a well-formed one. */
    public static String browser(HttpServletRequest request) {
        String value = value(request);
        String[] parts = value == null ? new String[0] : value.split("\\.", 2);
        return parts.length == 2 && BROWSER_ID.matcher(parts[1]).matches() ? parts[1] : null;
    }

    private static String value(HttpServletRequest request) {
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

    /**
     * Keeps a share link's secret in the browser until the link expires, with the browser's id (the one it had, or a
     * new one).
     */
    public static void write(HttpServletRequest request, HttpServletResponse response, String token, Instant expires) {
        long seconds = Math.max(0, Duration.between(Instant.now(), expires).toSeconds());
        String browser = browser(request);
        if (browser == null) {
            byte[] id = new byte[16];
            RANDOM.nextBytes(id);
            browser = Base64.getUrlEncoder().withoutPadding().encodeToString(id);
        }
        response.addHeader(HttpHeaders.SET_COOKIE, cookie(request, token + "." + browser, seconds).toString());
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
