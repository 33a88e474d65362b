package dev.tilewright.webhooks;

import javax.net.ssl.SNIHostName;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;
import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.NoSuchAlgorithmException;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * One webhook POST over HTTP/1.1, to the address that was checked ({@link Destinations.Destination}) rather than
 * whatever the host name resolves to now; the URL's host goes in {@code Host} and, over TLS, in SNI and the
 * certificate check. Everything is bounded: the whole attempt (connect, TLS, request, status, headers and body) by
 * one deadline, however slowly the receiver trickles; the answer's headers and kept body by bytes. The rest of a
 * long answer is not read: the connection is closed.
 */
final class PinnedPost {

    /** What came back: the status and up to the limit of the body's bytes. */
    record Answer(int status, String body) {
    }

    /** Limits of one attempt. */
    record Bounds(long deadlineMs, int maxHeaderBytes, int maxBodyBytes) {
    }

    private PinnedPost() {
    }

    static Answer send(URI uri, InetAddress address, Map<String, String> headers, byte[] body, Bounds bounds)
            throws IOException {
        long deadline = System.nanoTime() + bounds.deadlineMs() * 1_000_000L;
        boolean tls = "https".equalsIgnoreCase(uri.getScheme());
        int port = uri.getPort() != -1 ? uri.getPort() : tls ? 443 : 80;
        String host = uri.getHost();
        try (Socket plain = new Socket()) {
            plain.connect(new InetSocketAddress(address, port), remaining(deadline));
            Socket socket = tls ? secure(plain, host, port, deadline) : plain;
            try {
                socket.setSoTimeout(remaining(deadline));
                OutputStream out = socket.getOutputStream();
                out.write(request(uri, host, port, tls, headers, body.length));
                out.write(body);
                out.flush();
                return read(new Deadlined(socket, deadline), bounds);
            } finally {
                socket.close();
            }
        }
    }

    private static Socket secure(Socket plain, String host, int port, long deadline) throws IOException {
        SSLSocket ssl;
        try {
            ssl = (SSLSocket) SSLContext.getDefault().getSocketFactory().createSocket(plain, host, port, true);
        } catch (NoSuchAlgorithmException e) {
            throw new IOException("TLS is not available: " + e.getMessage(), e);
        }
        SSLParameters parameters = ssl.getSSLParameters();
        parameters.setEndpointIdentificationAlgorithm("HTTPS");
        if (!host.startsWith("[") && !host.matches("[0-9.]+")) {
            parameters.setServerNames(List.of(new SNIHostName(host)));
        }
        ssl.setSSLParameters(parameters);
        ssl.setSoTimeout(remaining(deadline));
        ssl.startHandshake();
        return ssl;
    }

    private static byte[] request(URI uri, String host, int port, boolean tls, Map<String, String> headers,
                                  int length) {
        String path = uri.getRawPath() == null || uri.getRawPath().isEmpty() ? "/" : uri.getRawPath();
        StringBuilder head = new StringBuilder("POST ").append(path)
                .append(uri.getRawQuery() == null ? "" : "?" + uri.getRawQuery()).append(" HTTP/1.1\r\n")
                .append("Host: ").append(host).append(port == (tls ? 443 : 80) ? "" : ":" + port).append("\r\n")
                .append("Content-Length: ").append(length).append("\r\nConnection: close\r\n");
        headers.forEach((name, value) -> head.append(name).append(": ").append(value).append("\r\n"));
        return head.append("\r\n").toString().getBytes(StandardCharsets.UTF_8);
    }

    private static Answer read(Deadlined in, Bounds bounds) throws IOException {
        String[] lines = headerLines(in, bounds.maxHeaderBytes());
        String[] status = lines[0].split(" ", 3);
        if (status.length < 2 || !status[0].startsWith("HTTP/1.") || !status[1].matches("[1-5][0-9][0-9]")) {
            throw new IOException("Not an HTTP/1.x answer: " + lines[0]);
        }
        long length = -1;
        boolean chunked = false;
        for (int i = 1; i < lines.length; i++) {
            int colon = lines[i].indexOf(':');
            String name = colon < 0 ? "" : lines[i].substring(0, colon).strip().toLowerCase(Locale.ROOT);
            String value = colon < 0 ? "" : lines[i].substring(colon + 1).strip();
            if (name.equals("content-length") && value.matches("[0-9]{1,18}")) {
                length = Long.parseLong(value);
            } else if (name.equals("transfer-encoding")) {
                chunked = value.toLowerCase(Locale.ROOT).contains("chunked");
            }
        }
        ByteArrayOutputStream kept = new ByteArrayOutputStream();
        if (chunked) {
            chunks(in, kept, bounds);
        } else {
            copy(in, kept, length < 0 ? bounds.maxBodyBytes() : Math.min(length, bounds.maxBodyBytes()));
        }
        return new Answer(Integer.parseInt(status[1]), kept.toString(StandardCharsets.UTF_8));
    }

    /** The status line and header lines, up to the blank line; refused past {@code max} bytes. */
    private static String[] headerLines(Deadlined in, int max) throws IOException {
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        int matched = 0;
        while (matched < 4) {
            int b = in.read();
            if (b < 0) {
                throw new IOException("The receiver closed the connection before its answer's headers ended");
            }
            if (head.size() >= max) {
                throw new IOException("The answer's headers are over " + max + " bytes "
                        + "(tilewright.webhooks.max-response-header-bytes)");
            }
            head.write(b);
            matched = b == (matched % 2 == 0 ? '\r' : '\n') ? matched + 1 : b == '\r' ? 1 : 0;
        }
        return head.toString(StandardCharsets.ISO_8859_1).strip().split("\r\n");
    }

    /** A chunked body, kept up to the limit; what is past it is not read. */
    private static void chunks(Deadlined in, ByteArrayOutputStream kept, Bounds bounds) throws IOException {
        while (kept.size() < bounds.maxBodyBytes()) {
            StringBuilder line = new StringBuilder();
            for (int b = in.read(); b != '\n'; b = in.read()) {
                if (b < 0 || line.length() > 64) {
                    return;
                }
                line.append((char) b);
            }
            String size = line.toString().strip().split(";", 2)[0];
            if (!size.matches("[0-9a-fA-F]{1,8}") || Long.parseLong(size, 16) == 0) {
                return;
            }
            copy(in, kept, Math.min(Long.parseLong(size, 16), bounds.maxBodyBytes() - kept.size()));
            in.read();
            in.read();
        }
    }

    private static void copy(Deadlined in, ByteArrayOutputStream kept, long most) throws IOException {
        byte[] buffer = new byte[4096];
        long left = most;
        while (left > 0) {
            int n = in.read(buffer, (int) Math.min(buffer.length, left));
            if (n < 0) {
                return;
            }
            kept.write(buffer, 0, n);
            left -= n;
        }
    }

    /** Milliseconds left before the deadline, at least 1; none left is a timeout. */
    private static int remaining(long deadline) throws SocketTimeoutException {
        long left = (deadline - System.nanoTime()) / 1_000_000L;
        if (left <= 0) {
            throw new SocketTimeoutException("The receiver did not answer within the attempt's time "
                    + "(tilewright.webhooks.timeout-ms)");
        }
        return (int) Math.min(Integer.MAX_VALUE, left);
    }

    /** A socket's input where every read waits at most until the attempt's deadline. */
    private static final class Deadlined {
        private final Socket socket;
        private final InputStream in;
        private final long deadline;
        private final byte[] one = new byte[1];

        Deadlined(Socket socket, long deadline) throws IOException {
            this.socket = socket;
            this.in = new BufferedInputStream(socket.getInputStream(), 4096);
            this.deadline = deadline;
        }

        int read() throws IOException {
            return read(one, 1) < 0 ? -1 : one[0] & 0xFF;
        }

        int read(byte[] buffer, int length) throws IOException {
            if (in.available() == 0) {
                socket.setSoTimeout(remaining(deadline));
            }
            try {
                return in.read(buffer, 0, length);
            } catch (SocketTimeoutException e) {
                remaining(deadline);
                throw e;
            }
        }
    }
}
