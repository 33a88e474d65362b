package dev.tilewright.live.protocol;

import dev.tilewright.core.edit.MapOp;
import tools.jackson.databind.JsonNode;

/** What a client may send on the live socket (protocol {@link ClientFrames#PROTOCOL}), read by {@link ClientFrames}. */
public sealed interface ClientFrame permits ClientFrame.Hello, ClientFrame.SendOp, ClientFrame.Presence,
        ClientFrame.Ping {

    /**
     * The first frame: who the client is and, when it reconnects, the last version it has.
     *
     * @param clientId    1 to {@link ClientFrames#MAX_CLIENT_ID} characters, the same on reconnect
     * @param name        how the others see the client (its clientId when it gives none)
     * @param lastVersion null for a snapshot; otherwise the version the client has
     * @param reviewOnly  {@code "watch": "review"}: a page that shows the map without its cells (the preview) and
     *                    wants only review threads and the people list: no snapshot, no ops
     */
    record Hello(String clientId, String name, Long lastVersion, boolean reviewOnly) implements ClientFrame {
    }

    /** An op to commit; clientSeq grows per op of one clientId, and a resend keeps it. */
    record SendOp(long clientSeq, MapOp op) implements ClientFrame {
    }

    /** Where the client is and what it does; passed on to the others as JSON, never stored. */
    record Presence(JsonNode cursor, JsonNode tool, JsonNode selection) implements ClientFrame {
    }

    record Ping() implements ClientFrame {
    }
}
