package dev.tilewright.web;

import org.junit.jupiter.api.Tag;
import dev.tilewright.support.Lanes;
import dev.tilewright.support.Credentials;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * JSON bodies are held to Spring's Jackson read constraints, here lowered so the test stays small: a body that says
 * it is too long is refused before it is read, one that streams in too long (chunked, no length) or nests too deep
 * is refused as it is parsed; each answer names the setting, nothing is stored, and the service keeps answering.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = {
        "tilewright.database.data-dir=", "spring.jackson.factory.constraints.read.max-document-length=20000"})
@Tag(Lanes.SERVICE)
class JsonLimitsTest {

    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static final JsonMapper JSON = JsonMapper.builder().build();

    @LocalServerPort
    int port;

    /** A map to create, padded with spaces inside the object to {@code bytes} bytes (valid JSON either way). */
    private static byte[] mapOf(int bytes) {
        String head = "{\"name\":\"padded\",\"width\":4,\"height\":4,\"tileWidth\":16,\"tileHeight\":16";
        return (head + " ".repeat(Math.max(0, bytes - head.length() - 1)) + "}").getBytes(StandardCharsets.US_ASCII);
    }

    private HttpResponse<String> post(HttpRequest.BodyPublisher body) throws IOException, InterruptedException {
        return HTTP.send(HttpRequest.newBuilder(URI.create("http://localhost:" + port + "/api/v1/maps")).header("Authorization", Credentials.bearer())
                .header("Content-Type", "application/json").POST(body).build(), HttpResponse.BodyHandlers.ofString());
    }

    private int maps() throws IOException, InterruptedException {
        return JSON.readTree(HTTP.send(HttpRequest.newBuilder(URI.create("http://localhost:" + port + "/api/v1/maps")).header("Authorization", Credentials.bearer())
                .build(), HttpResponse.BodyHandlers.ofString()).body()).size();
    }

    private void healthy() throws IOException, InterruptedException {
        assertThat(HTTP.send(HttpRequest.newBuilder(URI.create("http://localhost:" + port + "/actuator/health")).build(),
                HttpResponse.BodyHandlers.ofString()).statusCode()).isEqualTo(200);
    }

    @Test
    void aBodyWithinTheLengthIsTakenAndOneOverItIsRefusedBeforeItIsRead() throws Exception {
        int before = maps();
        assertThat(post(HttpRequest.BodyPublishers.ofByteArray(mapOf(20000))).statusCode()).isEqualTo(201);
        HttpResponse<String> over = post(HttpRequest.BodyPublishers.ofByteArray(mapOf(20001)));
        assertThat(over.statusCode()).isEqualTo(413);
        assertThat(over.headers().firstValue("Content-Type").orElse("")).startsWith("application/problem+json");
        JsonNode problem = JSON.readTree(over.body());
        assertThat(problem.get("limit").asString()).isEqualTo("spring.jackson.factory.constraints.read.max-document-length");
        assertThat(problem.get("limitValue").asLong()).isEqualTo(20000);
        assertThat(maps()).isEqualTo(before + 1);
        healthy();
    }

    @Test
    void aContentTypeThatIsNoMediaTypeIsAClientErrorNotAServerOne() throws Exception {
        HttpResponse<String> odd = HTTP.send(HttpRequest.newBuilder(URI.create("http://localhost:" + port + "/api/v1/maps")).header("Authorization", Credentials.bearer())
                .header("Content-Type", "json;;;=").POST(HttpRequest.BodyPublishers.ofString("{}")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(odd.statusCode()).as(odd.body()).isBetween(400, 499);
        healthy();
    }

    @Test
    void aBodyThatStreamsInTooLongIsRefusedWhereTheParserReachesTheLimit() throws Exception {
        int before = maps();
        // no Content-Length: sent chunked, so only the parser can tell
        HttpResponse<String> over = post(HttpRequest.BodyPublishers.ofInputStream(
                () -> new ByteArrayInputStream(mapOf(50_000))));
        assertThat(over.statusCode()).as(over.body()).isEqualTo(413);
        assertThat(JSON.readTree(over.body()).get("limit").asString())
                .isEqualTo("spring.jackson.factory.constraints.read.max-document-length");
        assertThat(maps()).isEqualTo(before);
        healthy();
    }

    @Test
    void batchesNestedPastTheDepthAreRefusedNamingTheLimit() throws Exception {
        HttpResponse<String> created = post(HttpRequest.BodyPublishers.ofString("{\"name\":\"deep\",\"width\":4,"
                + "\"height\":4,\"tileWidth\":16,\"tileHeight\":16,\"layers\":[{\"name\":\"o\",\"type\":\"object\"}]}"));
        long mapId = JSON.readTree(created.body()).get("id").asLong();
        // a batch in a batch in a batch...: two levels of nesting each (object, array)
        String inner = "{\"type\":\"renameMap\",\"name\":\"deeper\"}";
        for (int i = 0; i < 40; i++) {
            inner = "{\"type\":\"batch\",\"ops\":[" + inner + "]}";
        }
        HttpResponse<String> refused = HTTP.send(HttpRequest.newBuilder(URI.create("http://localhost:" + port
                        + "/api/v1/maps/" + mapId + "/ops")).header("Content-Type", "application/json")
                .header("Authorization", Credentials.bearer())
                .header("If-Match", "*").POST(HttpRequest.BodyPublishers.ofString("{\"ops\":[" + inner + "]}")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(refused.statusCode()).as(refused.body()).isEqualTo(422);
        JsonNode problem = JSON.readTree(refused.body());
        assertThat(problem.get("limit").asString()).isEqualTo("spring.jackson.factory.constraints.read.max-nesting-depth");
        assertThat(problem.get("limitValue").asInt()).isEqualTo(64);
        JsonNode map = JSON.readTree(HTTP.send(HttpRequest.newBuilder(URI.create("http://localhost:" + port
                + "/api/v1/maps/" + mapId)).header("Authorization", Credentials.bearer()).build(), HttpResponse.BodyHandlers.ofString()).body());
        assertThat(map.get("name").asString()).isEqualTo("deep");
        assertThat(map.get("version").asLong()).isEqualTo(1);
        healthy();
    }
}
