package dev.tilewright.live.protocol;

import dev.tilewright.config.LiveProperties;
import dev.tilewright.core.edit.MapOp;
import dev.tilewright.core.refusal.Refusal;
import dev.tilewright.core.refusal.Refused;
import dev.tilewright.web.JsonRefusals;
import org.springframework.stereotype.Component;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.DatabindException;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectReader;
import tools.jackson.databind.json.JsonMapper;

import java.nio.charset.StandardCharsets;

/**
 * Reads client frames: each text frame parsed once into a {@link ClientFrame}, or refused with a problem naming
 * the field ({@link FrameRefused}). The bounds a frame's fields are held to live here (a clientId's length, a
 * name's and a presence's bytes: what is passed on to every editor of the map); the frame's size is the socket's
 * ({@code tilewright.live.max-frame-bytes}, enforced by the container with close 1009).
 */
@Component
public class ClientFrames {

    /** The protocol version both ends speak; a hello with another is refused and the socket closed (1002). */
    public static final int PROTOCOL = 1;
    /** Longest clientId, in characters. */
    public static final int MAX_CLIENT_ID = 100;

    private static final String OP_FRAME = "{\"type\":\"op\",";

    private final JsonMapper json;
    private final LiveProperties limits;
    private final ObjectReader opReader;

    public ClientFrames(JsonMapper json, LiveProperties limits) {
        this.json = json;
        this.limits = limits;
        // the op is read out of the middle of the frame: what follows it is the frame's, not trailing garbage
        this.opReader = json.readerFor(MapOp.class).without(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);
    }

    /**
     * The frame a client sent.
     *
     * @param greeted whether the client said hello already: before it, nothing but a hello is taken
     */
    public ClientFrame read(String text, boolean greeted) {
        if (greeted && text.startsWith(OP_FRAME)) {
            ClientFrame.SendOp op = opAsWritten(text);
            if (op != null) {
                return op;
            }
        }
        JsonNode frame;
        try {
            frame = json.readTree(text);
        } catch (JacksonException e) {
            throw FrameRefused.error(Refused.badRequest("frame", "A frame is one JSON object with a \"type\"."));
        }
        String type = frame.path("type").asString("");
        if (!type.equals("hello") && !greeted) {
            throw FrameRefused.error(Refused.badRequest("type", "Say hello first: {\"type\":\"hello\",\"protocol\":"
                    + PROTOCOL + ",\"clientId\":\"...\",\"name\":\"...\"}."));
        }
        return switch (type) {
            case "hello" -> hello(frame, greeted);
            case "op" -> op(frame);
            case "presence" -> presence(frame, text);
            case "ping" -> new ClientFrame.Ping();
            default -> throw FrameRefused.error(Refused.badRequest("type", "Unknown message type \"" + type
                    + "\"; protocol " + PROTOCOL + " knows hello, op, presence and ping."));
        };
    }

    private ClientFrame.Hello hello(JsonNode frame, boolean greeted) {
        if (frame.path("protocol").asInt(-1) != PROTOCOL) {
            throw new FrameRefused(null, Refused.badRequest("protocol", "This server speaks protocol " + PROTOCOL
                    + ", not " + frame.path("protocol") + "."), true);
        }
        String clientId = frame.path("clientId").asString("");
        if (clientId.isBlank() || clientId.length() > MAX_CLIENT_ID) {
            throw FrameRefused.error(Refused.badRequest("clientId", "clientId is 1 to " + MAX_CLIENT_ID
                    + " characters, the same on reconnect."));
        }
        if (greeted) {
            throw FrameRefused.error(Refused.badRequest("type", "Say hello once per socket."));
        }
        String name = frame.path("name").asString(clientId);
        int nameBytes = name.getBytes(StandardCharsets.UTF_8).length;
        if (nameBytes > limits.maxNameBytes()) {
            throw FrameRefused.error(Refused.overLimit(Refusal.Kind.INVALID, "tilewright.live.max-name-bytes",
                    limits.maxNameBytes(), "The name takes " + nameBytes + " bytes; give a shorter one")
                    .with("field", "name"));
        }
        JsonNode last = frame.get("lastVersion");
        Long lastVersion = last != null && last.canConvertToLong() ? last.asLong() : null;
        String watch = frame.path("watch").asString("all");
        if (!watch.equals("all") && !watch.equals("review")) {
            throw FrameRefused.error(Refused.badRequest("watch", "watch is all (the default: ops and all) or review "
                    + "(threads and people only), not '" + watch + "'."));
        }
        return new ClientFrame.Hello(clientId, name, lastVersion, watch.equals("review"));
    }

    private ClientFrame.Presence presence(JsonNode frame, String text) {
        ClientFrame.Presence presence = new ClientFrame.Presence(frame.get("cursor"), frame.get("tool"),
                frame.get("selection"));
        if ((long) text.length() * 3 <= limits.maxPresenceBytes()) {
            // the whole frame is within the limit even if every character took 3 UTF-8 bytes: so are its parts
            return presence;
        }
        long bytes = 0;
        for (JsonNode part : new JsonNode[]{presence.cursor(), presence.tool(), presence.selection()}) {
            bytes += part == null ? 0 : json.writeValueAsBytes(part).length;
        }
        if (bytes > limits.maxPresenceBytes()) {
            throw FrameRefused.error(Refused.overLimit(Refusal.Kind.INVALID,
                    "tilewright.live.max-presence-bytes", limits.maxPresenceBytes(), "Cursor, tool and selection take "
                            + bytes + " bytes; send less").with("field", "presence"));
        }
        return presence;
    }

    /**
     * An op frame as the editor writes it ({@code {"type":"op","clientSeq":..,"op":{..}}}), read in one pass without a
     * tree (ops are most of what clients send); null when it is anything else, even a bad op, which
     * {@link #read} then reads the general way for its refusal.
     */
    ClientFrame.SendOp opAsWritten(String text) {
        Long clientSeq = null;
        MapOp op = null;
        try (JsonParser parser = opReader.createParser(text)) {
            parser.nextToken();
            for (String field = parser.nextName(); field != null; field = parser.nextName()) {
                JsonToken value = parser.nextToken();
                if (field.equals("clientSeq") && value == JsonToken.VALUE_NUMBER_INT) {
                    clientSeq = parser.getLongValue();
                } else if (field.equals("op") && value == JsonToken.START_OBJECT && op == null) {
                    op = opReader.readValue(parser);
                } else if (field.equals("clientSeq") || field.equals("op") || field.equals("type")
                        && !"op".equals(parser.getString())) {
                    return null;
                } else {
                    parser.skipChildren();
                }
            }
            return clientSeq == null || op == null || parser.nextToken() != null ? null
                    : new ClientFrame.SendOp(clientSeq, op);
        } catch (RuntimeException notAsWritten) {
            return null;
        }
    }

    private ClientFrame.SendOp op(JsonNode frame) {
        JsonNode seqNode = frame.get("clientSeq");
        if (seqNode == null || !seqNode.canConvertToLong()) {
            throw FrameRefused.error(Refused.badRequest("clientSeq",
                    "An op needs its clientSeq (a number that grows per op)."));
        }
        long clientSeq = seqNode.asLong();
        MapOp op;
        try {
            op = json.treeToValue(frame.get("op"), MapOp.class);
        } catch (Refused refused) {
            throw new FrameRefused(clientSeq, refused, false);
        } catch (DatabindException unbound) {
            throw new FrameRefused(clientSeq, JsonRefusals.unbound(unbound, "op", "The op"), false);
        } catch (JacksonException unreadable) {
            throw new FrameRefused(clientSeq, Refused.badRequest("op", "The op does not read as an op: "
                    + unreadable.getOriginalMessage()), false);
        }
        if (op == null) {
            throw new FrameRefused(clientSeq, Refused.invalidField("op", "The op is missing."), false);
        }
        return new ClientFrame.SendOp(clientSeq, op);
    }
}
