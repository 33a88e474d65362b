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
        return open(port, mapId, receiveBuffer, null);
    }

    /**
     * As {@link #open(int, long, int)}, offering permessage-deflate as Chromium does when {@code deflate} is given
     * (which learns whether the server took it).
     */
    public static Socket open(int port, long mapId, int receiveBuffer, Deflate deflate) throws IOException {
        Socket socket = new Socket();
        if (receiveBuffer > 0) {
            socket.setReceiveBufferSize(receiveBuffer);
        }
        socket.connect(new InetSocketAddress("localhost", port));
        var out = socket.getOutputStream();
        out.write(("GET /api/v1/maps/" + mapId + "/live HTTP/1.1\r\nHost: localhost:" + port + "\r\n"
                + "Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                + "Sec-WebSocket-Version: 13\r\nOrigin: http://localhost:" + port + "\r\n"
                + "Authorization: " + Credentials.bearer() + "\r\n"
                + (deflate == null ? "" : "Sec-WebSocket-Extensions: permessage-deflate; client_max_window_bits\r\n")
                + "\r\n")
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
        if (deflate != null) {
            deflate.agreed(answer.toString());
        }
        return socket;
    }

    /**
     * permessage-deflate (RFC 7692) on one connection, the client's side: a message is raw deflate flushed with
     * SYNC_FLUSH less its last four bytes, in a frame with RSV1 set; each side keeps its window between messages
     * unless the other asked for no context takeover.
     */
    public static final class Deflate {
        private final java.util.zip.Deflater deflater = new java.util.zip.Deflater(
                java.util.zip.Deflater.DEFAULT_COMPRESSION, true);
        private final java.util.zip.Inflater inflater = new java.util.zip.Inflater(true);
        private boolean on;
        private boolean resetDeflater;
        private boolean resetInflater;
        /** One buffer per direction: a sender thread compresses while a reader thread inflates. */
        private final byte[] deflated = new byte[1 << 14];
        private byte[] buffer = new byte[1 << 14];

        /** Whether the server took the extension. */
        public boolean on() {
            return on;
        }

        void agreed(String answer) {
            for (String line : answer.split("\r\n")) {
                if (line.toLowerCase(java.util.Locale.ROOT).startsWith("sec-websocket-extensions:")
                        && line.contains("permessage-deflate")) {
                    on = true;
                    resetDeflater = line.contains("client_no_context_takeover");
                    resetInflater = line.contains("server_no_context_takeover");
                }
            }
        }

        byte[] compress(byte[] payload) {
            deflater.setInput(payload);
            java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream(payload.length / 2 + 16);
            int n;
            do {
                n = deflater.deflate(deflated, 0, deflated.length, java.util.zip.Deflater.SYNC_FLUSH);
                out.write(deflated, 0, n);
            } while (n == deflated.length);
            if (resetDeflater) {
                deflater.reset();
            }
            byte[] all = out.toByteArray();
            return java.util.Arrays.copyOf(all, all.length - 4); // the 00 00 FF FF a sync flush ends with
        }

        /** The message a compressed frame's payload holds, into {@code frames.payload}. */
        void inflate(Frames frames) throws IOException {
            // the 00 00 FF FF the sender took off (the payload array may hold older bytes past the frame)
            byte[] input = java.util.Arrays.copyOf(frames.payload, frames.length + 4);
            input[frames.length] = 0;
            input[frames.length + 1] = 0;
            input[frames.length + 2] = (byte) 0xFF;
            input[frames.length + 3] = (byte) 0xFF;
            inflater.setInput(input);
            int size = 0;
            try {
                while (!inflater.needsInput()) {
                    if (size == buffer.length) {
                        buffer = java.util.Arrays.copyOf(buffer, buffer.length * 2);
                    }
                    size += inflater.inflate(buffer, size, buffer.length - size);
                }
            } catch (java.util.zip.DataFormatException e) {
                throw new IOException("a compressed frame did not inflate: " + e.getMessage(), e);
            }
            if (resetInflater) {
                inflater.reset();
            }
            if (size > frames.payload.length) {
                frames.payload = new byte[Math.max(size, 2 * frames.payload.length)];
            }
            System.arraycopy(buffer, 0, frames.payload, 0, size);
            frames.length = size;
        }
    }

    /** A client's text frame, compressed (RSV1) when the connection agreed permessage-deflate. */
    public static byte[] maskedTextFrame(String text, Deflate deflate) {
        if (deflate == null || !deflate.on) {
            return maskedTextFrame(text);
        }
        return masked(deflate.compress(text.getBytes(StandardCharsets.UTF_8)), 0xC1);
    }

    /** A client's text frame: FIN, masked (clients must mask), payloads up to 64 KB. */
    public static byte[] maskedTextFrame(String text) {
        return masked(text.getBytes(StandardCharsets.UTF_8), 0x81);
    }

    private static byte[] masked(byte[] payload, int first) {
        int header = payload.length < 126 ? 2 : 4;
        byte[] frame = new byte[header + 4 + payload.length];
        frame[0] = (byte) first;
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

        private final Deflate deflate;

        public Frames(Socket socket) throws IOException {
            this(socket, null);
        }

        /** Frames of a connection that may have agreed permessage-deflate: compressed ones come out inflated. */
        public Frames(Socket socket, Deflate deflate) throws IOException {
            in = new BufferedInputStream(socket.getInputStream(), 1 << 16);
            this.deflate = deflate;
        }

        /**
         * The next message's opcode (1 text, 2 binary, 8 close, ...), its payload in {@link #payload}, the fragments
         * of a fragmented message (a first frame without FIN, then continuation frames) put together; -1 when the
         * socket ends.
         */
        public int next() throws IOException {
            int opcode = frame(0);
            boolean compressed = this.compressed;
            int total = length;
            while (opcode >= 0 && !fin) {
                if (frame(total) != 0) {
                    throw new IOException("a fragmented message was interrupted by another message");
                }
                total += length;
            }
            length = total;
            if (compressed && deflate != null && opcode >= 0) {
                deflate.inflate(this);
            }
            return opcode;
        }

        /** Whether the last frame read was the last of its message, and whether it was compressed (RSV1). */
        private boolean fin;
        private boolean compressed;

        /** Reads one frame's payload into {@link #payload} at {@code offset}; its opcode, -1 at the end. */
        private int frame(int offset) throws IOException {
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
            if (offset + size > payload.length) {
                payload = java.util.Arrays.copyOf(payload, (int) Math.max(offset + size, 2L * payload.length));
            }
            length = (int) size;
            if (in.readNBytes(payload, offset, length) < length) {
                return -1;
            }
            fin = (first & 0x80) != 0;
            compressed = (first & 0x40) != 0;
            return first & 0x0F;
        }
    }
}
