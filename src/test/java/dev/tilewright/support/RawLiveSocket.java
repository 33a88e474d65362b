package dev.tilewright.support;

import java.io.BufferedInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

/**
 * The live endpoint spoken to over a plain socket, for what a WebSocket client library hides: frames over the size
 * limit, a client that stops reading, reading frames as bytes without decoding them.
 */
public final class RawLiveSocket {

    private RawLiveSocket() {
    }

    /**
     * A socket on a map's live endpoint after the upgrade (the server's answer read up to its blank line).
     *
     * @param receiveBuffer the socket's receive buffer in bytes (set before connecting), or 0 for the default
     */
    public static Socket open(int port, long mapId, int receiveBuffer) throws IOException {
        Socket socket = new Socket();
        if (receiveBuffer > 0) {
            socket.setReceiveBufferSize(receiveBuffer);
        }
        socket.connect(new InetSocketAddress("localhost", port));
        var out = socket.getOutputStream();
        out.write(("GET /api/v1/maps/" + mapId + "/live HTTP/1.1\r\nHost: localhost:" + port + "\r\n"
                + "Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                + "Sec-WebSocket-Version: 13\r\nOrigin: http://localhost:" + port + "\r\n\r\n")
                .getBytes(StandardCharsets.US_ASCII));
        out.flush();
        InputStream in = socket.getInputStream();
        StringBuilder answer = new StringBuilder();
        while (answer.length() < 4 || !answer.substring(answer.length() - 4).equals("\r\n\r\n")) {
            int b = in.read();
            if (b < 0) {
                throw new EOFException("the upgrade was not answered: " + answer);
            }
            answer.append((char) b);
        }
        if (!answer.toString().startsWith("HTTP/1.1 101")) {
            socket.close();
            throw new IOException("the upgrade was refused: " + answer);
        }
        return socket;
    }

    /** A client's text frame: FIN, masked (clients must mask), payloads up to 64 KB. */
    public static byte[] maskedTextFrame(String text) {
        byte[] payload = text.getBytes(StandardCharsets.UTF_8);
        int header = payload.length < 126 ? 2 : 4;
        byte[] frame = new byte[header + 4 + payload.length];
        frame[0] = (byte) 0x81;
        if (header == 2) {
            frame[1] = (byte) (0x80 | payload.length);
        } else {
            frame[1] = (byte) (0x80 | 126);
            frame[2] = (byte) (payload.length >> 8);
            frame[3] = (byte) payload.length;
        }
        byte[] mask = {1, 2, 3, 4};
        System.arraycopy(mask, 0, frame, header, 4);
        for (int i = 0; i < payload.length; i++) {
            frame[header + 4 + i] = (byte) (payload[i] ^ mask[i % 4]);
        }
        return frame;
    }

    /** Reads the server's frames one by one into one reused buffer. */
    public static final class Frames {
        private final InputStream in;
        /** The last frame's payload, its first {@link #length} bytes. */
        public byte[] payload = new byte[1 << 12];
        public int length;

        public Frames(Socket socket) throws IOException {
            in = new BufferedInputStream(socket.getInputStream(), 1 << 16);
        }

        /** The next frame's opcode (1 text, 8 close, ...), its payload in {@link #payload}; -1 when the socket ends. */
        public int next() throws IOException {
            int first = in.read();
            int second = in.read();
            if (first < 0 || second < 0) {
                return -1;
            }
            long size = second & 0x7F;
            if (size == 126) {
                size = in.read() << 8 | in.read();
            } else if (size == 127) {
                size = 0;
                for (int i = 0; i < 8; i++) {
                    size = size << 8 | in.read();
                }
            }
            if (size > payload.length) {
                payload = new byte[(int) Math.max(size, 2L * payload.length)];
            }
            length = (int) size;
            if (in.readNBytes(payload, 0, length) < length) {
                return -1;
            }
            return first & 0x0F;
        }
    }
}
