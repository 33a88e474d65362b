package dev.tilewright.cli;

import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.URLEncoder;
import java.net.HttpURLConnection;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A Tilewright service the command line talks to: {@code --server URL} (else {@code TILEWRIGHT_SERVER}), with the
 * token in {@code TILEWRIGHT_TOKEN} (a personal or project token; read scope is enough to pull). What it cannot
 * reach, or what it refuses, stops the command with {@link Exit#SERVICE} and the service's own reason.
 */
final class Service {

    static final Set<String> OPTIONS = Set.of("server");

    /** What a response said: its status, headers and body (bounded by what the call allows). */
    record Response(int status, Map<String, java.util.List<String>> headers, byte[] body) {

        Optional<String> header(String name) {
            return headers.entrySet().stream().filter(e -> e.getKey().equalsIgnoreCase(name))
                    .flatMap(e -> e.getValue().stream()).findFirst();
        }
    }

    private final URI base;
    private final String token;

    Service(URI base, String token) {
        this.base = base;
        this.token = token;
    }

    /** The service the options and environment name; refused (usage) when none is named. */
    static Service of(Args args, Map<String, String> env) {
        String server = args.get("server", env.get("TILEWRIGHT_SERVER"));
        if (server == null || server.isBlank()) {
            throw Exit.usage("name the service: --server https://tilewright.example.com (or TILEWRIGHT_SERVER)");
        }
        URI uri;
        try {
            uri = URI.create(server.endsWith("/") ? server.substring(0, server.length() - 1) : server);
        } catch (IllegalArgumentException e) {
            throw Exit.usage("--server " + server + " is not a URL");
        }
        if (!"http".equals(uri.getScheme()) && !"https".equals(uri.getScheme()) || uri.getHost() == null) {
            throw Exit.usage("--server " + server + " is not an http(s) URL");
        }
        String token = env.get("TILEWRIGHT_TOKEN");
        return new Service(uri, token == null || token.isBlank() ? null : token.trim());
    }

    URI base() {
        return base;
    }

    static String encode(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }

    /**
     * GET {@code path}: the response when its status is 200 or 304; stops the command ({@link Exit#SERVICE})
     * otherwise, and when the body passes {@code maxBytes}.
     */
    Response get(String path, String ifNoneMatch, long maxBytes) {
        HttpURLConnection connection;
        int status;
        try {
            // HttpURLConnection rather than HttpClient: a tenth of the start-up (no selector thread, TLS only on https)
            connection = (HttpURLConnection) URI.create(base + path).toURL().openConnection();
            connection.setConnectTimeout(10_000);
            connection.setReadTimeout(300_000);
            connection.setInstanceFollowRedirects(false);
            connection.setRequestProperty("Accept", "application/json, application/zip;q=0.9, */*;q=0.1");
            if (token != null) {
                connection.setRequestProperty("Authorization", "Bearer " + token);
            }
            if (ifNoneMatch != null) {
                connection.setRequestProperty("If-None-Match", ifNoneMatch);
            }
            status = connection.getResponseCode();
        } catch (IOException e) {
            throw new Exit.Failure(Exit.SERVICE, "cannot reach " + base + ": " + (e.getMessage() == null
                    ? e.getClass().getSimpleName() : e.getMessage()), e);
        }
        byte[] body;
        InputStream stream = status >= 400 ? connection.getErrorStream() : null;
        try (InputStream in = stream != null ? stream : status >= 400 || status == 304 ? InputStream.nullInputStream()
                : connection.getInputStream()) {
            body = in.readNBytes((int) Math.min(Integer.MAX_VALUE - 8, maxBytes + 1));
        } catch (IOException e) {
            throw new Exit.Failure(Exit.SERVICE, base + path + ": the answer broke off: " + e.getMessage(), e);
        }
        if (body.length > maxBytes) {
            throw new Exit.Failure(Exit.SERVICE, base + path + " answers more than " + maxBytes + " bytes "
                    + "(--max-bytes)");
        }
        if (status != 200 && status != 304) {
            throw new Exit.Failure(Exit.SERVICE, "the service refused GET " + path + ": " + status + problem(body)
                    + (status == 401 ? " (set TILEWRIGHT_TOKEN to a token of yours)" : ""));
        }
        Map<String, java.util.List<String>> headers = new java.util.HashMap<>();
        connection.getHeaderFields().forEach((name, values) -> {
            if (name != null) {
                headers.put(name, values);
            }
        });
        return new Response(status, headers, body);
    }

    /**
     * POSTs files as multipart {@code files} parts (each named by its path) with form fields; the response whatever
     * its status (the caller says what a refusal means), bounded by {@code maxBytes}; unreachable stops the command.
     */
    Response postFiles(String path, Map<String, byte[]> files, Map<String, String> fields, String ifMatch,
                       long maxBytes) {
        String boundary = "tilewright-" + java.util.UUID.randomUUID();
        java.io.ByteArrayOutputStream body = new java.io.ByteArrayOutputStream();
        fields.forEach((name, value) -> body.writeBytes(("--" + boundary + "\r\nContent-Disposition: form-data; name=\""
                + name + "\"\r\n\r\n" + value + "\r\n").getBytes(StandardCharsets.UTF_8)));
        files.forEach((name, bytes) -> {
            body.writeBytes(("--" + boundary + "\r\nContent-Disposition: form-data; name=\"files\"; filename=\""
                    + name.replace("\"", "%22") + "\"\r\nContent-Type: application/octet-stream\r\n\r\n")
                    .getBytes(StandardCharsets.UTF_8));
            body.writeBytes(bytes);
            body.writeBytes("\r\n".getBytes(StandardCharsets.UTF_8));
        });
        body.writeBytes(("--" + boundary + "--\r\n").getBytes(StandardCharsets.UTF_8));
        try {
            HttpURLConnection connection = (HttpURLConnection) URI.create(base + path).toURL().openConnection();
            connection.setConnectTimeout(10_000);
            connection.setReadTimeout(300_000);
            connection.setInstanceFollowRedirects(false);
            connection.setRequestMethod("POST");
            connection.setDoOutput(true);
            connection.setFixedLengthStreamingMode(body.size());
            connection.setRequestProperty("Content-Type", "multipart/form-data; boundary=" + boundary);
            connection.setRequestProperty("Accept", "application/json");
            if (token != null) {
                connection.setRequestProperty("Authorization", "Bearer " + token);
            }
            if (ifMatch != null) {
                connection.setRequestProperty("If-Match", ifMatch);
            }
            try (var out = connection.getOutputStream()) {
                body.writeTo(out);
            }
            int status = connection.getResponseCode();
            InputStream stream = status >= 400 ? connection.getErrorStream() : connection.getInputStream();
            byte[] answer;
            try (InputStream in = stream == null ? InputStream.nullInputStream() : stream) {
                answer = in.readNBytes((int) Math.min(Integer.MAX_VALUE - 8, maxBytes));
            }
            return new Response(status, Map.of(), answer);
        } catch (IOException e) {
            throw new Exit.Failure(Exit.SERVICE, "cannot reach " + base + ": " + (e.getMessage() == null
                    ? e.getClass().getSimpleName() : e.getMessage()), e);
        }
    }

    /** What a refusal said, for a line of the command's report: its status, title and detail. */
    static String refusal(Response response) {
        return response.status() + problem(response.body());
    }

    /** The JSON a 200 answered. */
    JsonNode json(Response response, JsonMapper json) {
        try {
            return json.readTree(response.body());
        } catch (JacksonException e) {
            throw new Exit.Failure(Exit.SERVICE, base + " answered something that is not JSON");
        }
    }

    /** An RFC 9457 problem's title and detail, when the body is one. */
    private static String problem(byte[] body) {
        try {
            JsonNode problem = JsonMapper.builder().build().readTree(body);
            String detail = problem.path("detail").asString("");
            String title = problem.path("title").asString("");
            return title.isEmpty() && detail.isEmpty() ? "" : " " + title + (detail.isEmpty() ? "" : ": " + detail);
        } catch (RuntimeException notJson) {
            return "";
        }
    }
}
