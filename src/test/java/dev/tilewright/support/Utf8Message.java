package dev.tilewright.support;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * The text of a live message the server sent as a binary WebSocket message (the UTF-8 of its JSON), put together from
 * the parts a client library hands over.
 */
public final class Utf8Message {

    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();

    /** Adds a part; the whole message's text when it was the last part, else null. */
    public String add(ByteBuffer part, boolean last) {
        byte[] chunk = new byte[part.remaining()];
        part.get(chunk);
        bytes.writeBytes(chunk);
        if (!last) {
            return null;
        }
        String text = bytes.toString(StandardCharsets.UTF_8);
        bytes.reset();
        return text;
    }
}
