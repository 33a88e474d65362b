package dev.tilewright.webhooks;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** A webhook POST goes to the checked address with the URL's host, and is bounded in time and bytes whatever answers. */
class PinnedPostTest {

    private static final PinnedPost.Bounds BOUNDS = new PinnedPost.Bounds(1_500, 1_024, 64);

    /** Serves one connection: hands the request's head to {@code answer} and writes back what it returns. */
    private static CompletableFuture<String> serveOnce(ServerSocket server, Function<String, byte[]> answer) {
        return CompletableFuture.supplyAsync(() -> {
            try (Socket socket = server.accept()) {
                String head = head(socket.getInputStream());
                // the request's body too: closing with unread input would reset the connection before the answer
                java.util.regex.Matcher length = java.util.regex.Pattern.compile("Content-Length: (\\d+)")
                        .matcher(head);
                socket.getInputStream().readNBytes(length.find() ? Integer.parseInt(length.group(1)) : 0);
                socket.getOutputStream().write(answer.apply(head));
                socket.getOutputStream().flush();
                socket.shutdownOutput();
                return head;
            } catch (Exception e) {
                return "failed: " + e;
            }
        });
    }

    private static String head(InputStream in) throws IOException {
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        while (!head.toString(StandardCharsets.ISO_8859_1).endsWith("\r\n\r\n")) {
            head.write(in.read());
        }
        return head.toString(StandardCharsets.ISO_8859_1);
    }

    private static byte[] ascii(String text) {
        return text.getBytes(StandardCharsets.US_ASCII);
    }

    @Test
    void connectsToTheCheckedAddressAndNamesTheUrlsHost() throws Exception {
        try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            CompletableFuture<String> seen = serveOnce(server, head -> ascii("HTTP/1.1 202 Accepted\r\n"
                    + "Content-Length: 6\r\n\r\nthanks"));
            URI uri = URI.create("http://hooks.rebinding.invalid:" + server.getLocalPort() + "/in?x=1");
            PinnedPost.Answer answer = PinnedPost.send(uri, InetAddress.getLoopbackAddress(),
                    Map.of("X-Tilewright-Event", "map.changed"), ascii("{}"), BOUNDS);
            assertThat(answer).isEqualTo(new PinnedPost.Answer(202, "thanks"));
            assertThat(seen.get()).startsWith("POST /in?x=1 HTTP/1.1\r\n")
                    .contains("Host: hooks.rebinding.invalid:" + server.getLocalPort() + "\r\n")
                    .contains("Content-Length: 2\r\n").contains("X-Tilewright-Event: map.changed\r\n");
        }
    }

    @Test
    void aBodyIsKeptUpToItsLimitChunkedOrNot() throws Exception {
        try (ServerSocket server = new ServerSocket(0, 2, InetAddress.getLoopbackAddress())) {
            URI uri = URI.create("http://127.0.0.1:" + server.getLocalPort() + "/");
            serveOnce(server, head -> ascii("HTTP/1.1 200 OK\r\nContent-Length: 1000\r\n\r\n" + "x".repeat(1000)));
            assertThat(PinnedPost.send(uri, InetAddress.getLoopbackAddress(), Map.of(), new byte[0], BOUNDS).body())
                    .isEqualTo("x".repeat(64));
            serveOnce(server, head -> ascii("HTTP/1.1 500 Oops\r\nTransfer-Encoding: chunked\r\n\r\n"
                    + "5\r\nhello\r\n7;ext=1\r\n, world\r\n0\r\n\r\n"));
            assertThat(PinnedPost.send(uri, InetAddress.getLoopbackAddress(), Map.of(), new byte[0], BOUNDS))
                    .isEqualTo(new PinnedPost.Answer(500, "hello, world"));
        }
    }

    @Test
    void aTricklingOrSilentReceiverEndsAtTheDeadlineAndEndlessHeadersAtTheirLimit() throws Exception {
        try (ServerSocket server = new ServerSocket(0, 3, InetAddress.getLoopbackAddress())) {
            URI uri = URI.create("http://127.0.0.1:" + server.getLocalPort() + "/");
            CompletableFuture.runAsync(() -> {
                try (Socket socket = server.accept()) {
                    head(socket.getInputStream());
                    socket.getOutputStream().write(ascii("HTTP/1.1 200 OK\r\nContent-Length: 999\r\n\r\n"));
                    for (int i = 0; i < 40; i++) {
                        socket.getOutputStream().write('.');
                        socket.getOutputStream().flush();
                        Thread.sleep(100);
                    }
                } catch (Exception gone) {
                    // the sender hung up, as it should
                }
            });
            long started = System.nanoTime();
            PinnedPost.Bounds patient = new PinnedPost.Bounds(1_500, 1_024, 4_096);
            assertThatThrownBy(() -> PinnedPost.send(uri, InetAddress.getLoopbackAddress(), Map.of(), new byte[0],
                    patient)).isInstanceOf(SocketTimeoutException.class).hasMessageContaining("timeout-ms");
            assertThat((System.nanoTime() - started) / 1_000_000).as("one byte every 100 ms: cut at the deadline, "
                    + "not after 4 s").isLessThan(3_500);

            serveOnce(server, head -> new byte[0]);
            assertThatThrownBy(() -> PinnedPost.send(uri, InetAddress.getLoopbackAddress(), Map.of(), new byte[0],
                    BOUNDS)).isInstanceOf(IOException.class);

            serveOnce(server, head -> ascii("HTTP/1.1 200 OK\r\n" + "X-Filler: yes\r\n".repeat(200) + "\r\n"));
            assertThatThrownBy(() -> PinnedPost.send(uri, InetAddress.getLoopbackAddress(), Map.of(), new byte[0],
                    BOUNDS)).hasMessageContaining("max-response-header-bytes");
        }
    }
}
