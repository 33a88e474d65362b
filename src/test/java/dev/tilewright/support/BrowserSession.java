package dev.tilewright.support;

import java.io.IOException;
import java.net.CookieManager;
import java.net.HttpCookie;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/**
 * What a browser does, over plain HTTP: signs in with the form (its CSRF token from the XSRF-TOKEN cookie, sent back
 * as X-XSRF-TOKEN), then calls the API with its session cookie.
 */
public final class BrowserSession {

    private final CookieManager cookies = new CookieManager();
    private final HttpClient http = HttpClient.newBuilder().cookieHandler(cookies)
            .followRedirects(HttpClient.Redirect.NEVER).build();
    private final String base;

    public BrowserSession(int port) {
        this.base = "http://localhost:" + port;
    }

    /** Opens the sign-in page and posts the form; the answer (a redirect: to /maps, or back to /login?error). */
    public HttpResponse<String> signIn(String email, String password) {
        send(HttpRequest.newBuilder(URI.create(base + "/login")).GET());
        String form = "email=" + URLEncoder.encode(email, StandardCharsets.UTF_8) + "&password="
                + URLEncoder.encode(password, StandardCharsets.UTF_8);
        return send(HttpRequest.newBuilder(URI.create(base + "/login"))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .header("X-XSRF-TOKEN", csrf()).POST(HttpRequest.BodyPublishers.ofString(form)));
    }

    public HttpResponse<String> get(String path) {
        return send(HttpRequest.newBuilder(URI.create(base + path)).GET());
    }

    /** A GET of a whole address (another server's too, e.g. a sign-in provider's), with this browser's cookies. */
    public HttpResponse<String> getAbsolute(String url) {
        return send(HttpRequest.newBuilder(URI.create(url)).GET());
    }

    /** A JSON post with the session, with the CSRF header when {@code withCsrf}. */
    public HttpResponse<String> postJson(String path, String json, boolean withCsrf, String... headers) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(base + path))
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(json));
        for (int i = 0; i + 1 < headers.length; i += 2) {
            request.header(headers[i], headers[i + 1]);
        }
        if (withCsrf) {
            request.header("X-XSRF-TOKEN", csrf());
        }
        return send(request);
    }

    /** A page's form posted (url-encoded, with its CSRF token). */
    public HttpResponse<String> postForm(String path, java.util.Map<String, String> fields) {
        StringBuilder form = new StringBuilder();
        fields.forEach((name, value) -> form.append(form.isEmpty() ? "" : "&").append(name).append('=')
                .append(URLEncoder.encode(value, StandardCharsets.UTF_8)));
        return send(HttpRequest.newBuilder(URI.create(base + path))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .header("X-XSRF-TOKEN", csrf()).POST(HttpRequest.BodyPublishers.ofString(form.toString())));
    }

    /** A JSON PATCH with the session and the CSRF header. */
    public HttpResponse<String> patchJson(String path, String json) {
        return send(HttpRequest.newBuilder(URI.create(base + path)).header("Content-Type", "application/json")
                .header("X-XSRF-TOKEN", csrf()).method("PATCH", HttpRequest.BodyPublishers.ofString(json)));
    }

    /** A DELETE with the session and the CSRF header. */
    public HttpResponse<String> delete(String path) {
        return send(HttpRequest.newBuilder(URI.create(base + path)).header("X-XSRF-TOKEN", csrf()).DELETE());
    }

    /** Signs out (the form's POST, with its CSRF token). */
    public HttpResponse<String> signOut() {
        return send(HttpRequest.newBuilder(URI.create(base + "/logout")).header("X-XSRF-TOKEN", csrf())
                .POST(HttpRequest.BodyPublishers.noBody()));
    }

    /** The session cookie's value, or null. */
    public String sessionCookie() {
        return cookie("tw_session");
    }

    private String csrf() {
        if (cookie("XSRF-TOKEN") == null) {
            get("/login"); // a page sets it
        }
        String token = cookie("XSRF-TOKEN");
        if (token == null) {
            throw new AssertionError("the server set no XSRF-TOKEN cookie");
        }
        return token;
    }

    /** A cookie's value as this browser keeps it, or null. */
    public String cookie(String name) {
        return cookies.getCookieStore().getCookies().stream().filter(c -> c.getName().equals(name))
                .map(HttpCookie::getValue).findFirst().orElse(null);
    }

    private HttpResponse<String> send(HttpRequest.Builder request) {
        try {
            return http.send(request.timeout(Duration.ofSeconds(60)).build(), HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new IllegalStateException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
