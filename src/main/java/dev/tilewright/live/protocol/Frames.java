package dev.tilewright.live.protocol;

import dev.tilewright.config.LiveProperties;
import dev.tilewright.map.MapJson;
import dev.tilewright.map.OpLog;
import dev.tilewright.core.refusal.Refused;
import dev.tilewright.web.Problems;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.stereotype.Component;
import tools.jackson.databind.json.JsonMapper;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Every frame the server sends (protocol {@link ClientFrames#PROTOCOL}), as JSON text. Ops are embedded as logged,
 * never parsed again; a frame meant for many clients is built once by its caller and shared.
 */
@Component
public class Frames {

    /** Someone on the map, as the people list and presence frames show them. */
    public record Person(String clientId, String name, String account, ClientFrame.Presence presence) {
    }

    /** The close code of every socket of a map that was deleted (4000-4999 are the application's). */
    public static final int MAP_DELETED = 4404;
    /** The close code when the caller's access to the map ended (signed out, token revoked, role removed). */
    public static final int ACCESS_ENDED = 4403;

    private static final String PONG = "{\"type\":\"pong\"}";
    private static final String FRAMES = "{\"type\":\"frames\",\"frames\":[";

    private final JsonMapper json;
    private final int maxOpFrameBytes;

    @Autowired
    public Frames(JsonMapper json, LiveProperties properties) {
        this(json, properties.maxOpFrameBytes());
    }

    public Frames(JsonMapper json, int maxOpFrameBytes) {
        this.json = json;
        this.maxOpFrameBytes = maxOpFrameBytes;
    }

    /** Whether an op (its JSON as logged) is too large to go over a socket: it is fetched over HTTP instead. */
    public boolean tooLarge(String op) {
        return op.length() > maxOpFrameBytes;
    }

    /**
     * An op (or the ack of one) too large for a socket: "read the log up to this version over HTTP". Every receiver
     * gets it, so nobody's send buffer fills with a single op; the sender learns of its ack from what it reads.
     */
    public String fetch(long version) {
        return "{\"type\":\"fetch\",\"version\":" + version + "}";
    }

    /** Most rectangles a fetch frame names (an op of more is fetched by every editor). */
    static final int FETCH_RECTS = 256;

    /**
     * A committed op, for the editors who did not send it (a fetch frame when it is too large: one that names the
     * cells it writes, with its author, when writing cells is all it does, so an editor holding none of them reads
     * nothing).
     */
    public String op(OpLog.Entry entry) {
        if (tooLarge(entry.op())) {
            List<OpCells.Rect> cells = OpCells.of(json, entry.op(), FETCH_RECTS);
            if (cells == null) {
                return fetch(entry.version());
            }
            StringBuilder frame = new StringBuilder("{\"type\":\"fetch\",\"version\":").append(entry.version())
                    .append(",\"clientId\":").append(json.writeValueAsString(entry.clientId())).append(",\"cells\":[");
            for (int i = 0; i < cells.size(); i++) {
                OpCells.Rect r = cells.get(i);
                frame.append(i == 0 ? "" : ",").append("{\"layerId\":").append(r.layerId()).append(",\"x\":")
                        .append(r.x()).append(",\"y\":").append(r.y()).append(",\"width\":").append(r.width())
                        .append(",\"height\":").append(r.height()).append('}');
            }
            return frame.append("]}").toString();
        }
        return "{\"type\":\"op\",\"version\":" + entry.version() + ",\"clientId\":" + json.writeValueAsString(entry.clientId())
                + ",\"clientSeq\":" + entry.clientSeq() + ",\"op\":" + entry.op() + "}";
    }

    /**
     * An ack carries the op as logged, with the ids the map assigned, for the sender's own copy (a fetch frame when it
     * is too large).
     */
    public String ack(Long clientSeq, long version, String op) {
        if (tooLarge(op)) {
            return fetch(version);
        }
        return "{\"type\":\"ack\",\"clientSeq\":" + clientSeq + ",\"version\":" + version + ",\"op\":" + op + "}";
    }

    /**
     * Frames due to one client, in order, as few text frames as fit: one frame goes as it is; several go as
     * {@code {"type":"frames","frames":[…]}}, each at most max-op-frame-bytes long (a frame that alone is longer goes
     * on its own). Sending a tick's frames as one costs the service one message per client instead of one per op.
     */
    public List<String> coalesce(List<String> due) {
        if (due.size() <= 1) {
            return List.copyOf(due);
        }
        List<String> out = new ArrayList<>();
        StringBuilder batch = new StringBuilder();
        int inBatch = 0;
        String first = null;
        for (String frame : due) {
            if (inBatch > 0 && batch.length() + frame.length() + 2 > maxOpFrameBytes) {
                out.add(inBatch == 1 ? first : batch.append("]}").toString());
                batch.setLength(0);
                inBatch = 0;
            }
            batch.append(inBatch == 0 ? FRAMES : ",").append(frame);
            first = inBatch == 0 ? frame : first;
            inBatch++;
        }
        out.add(inBatch == 1 ? first : batch.append("]}").toString());
        return out;
    }

    /** A welcome: the version the client is now at and the ops (frames as {@link #op}) that took it there. */
    public String welcome(long version, String clientId, List<String> ops) {
        return "{\"type\":\"welcome\",\"protocol\":" + ClientFrames.PROTOCOL + ",\"version\":" + version
                + ",\"clientId\":" + json.writeValueAsString(clientId) + ",\"ops\":[" + String.join(",", ops) + "]}";
    }

    /** The whole map, for a client without a version or too far behind for a welcome. */
    public String snapshot(String clientId, MapJson map) {
        Map<String, Object> frame = new LinkedHashMap<>();
        frame.put("type", "snapshot");
        frame.put("protocol", ClientFrames.PROTOCOL);
        frame.put("version", map.version());
        frame.put("clientId", clientId);
        frame.put("map", map);
        return json.writeValueAsString(frame);
    }

    public String reject(long clientSeq, Refused problem) {
        Map<String, Object> frame = new LinkedHashMap<>();
        frame.put("type", "reject");
        frame.put("clientSeq", clientSeq);
        frame.put("problem", problem(problem));
        return json.writeValueAsString(frame);
    }

    public String error(Refused problem) {
        Map<String, Object> frame = new LinkedHashMap<>();
        frame.put("type", "error");
        frame.put("problem", problem(problem));
        return json.writeValueAsString(frame);
    }

    /**
     * A frame that tells what happened besides edits, written as it is: a review thread changed
     * ({@code {"type":"thread", ...}}), a map's checks ran ({@code {"type":"checks", ...}}).
     */
    public String event(Object frame) {
        return json.writeValueAsString(frame);
    }

    public String pong() {
        return PONG;
    }

    /** One person's presence, for the others. */
    public String presence(Person person) {
        Map<String, Object> frame = person(person);
        frame.put("type", "presence");
        return json.writeValueAsString(frame);
    }

    /** Everyone on the map. */
    public String people(List<Person> people) {
        Map<String, Object> frame = new LinkedHashMap<>();
        frame.put("type", "people");
        frame.put("people", people.stream().map(Frames::person).toList());
        return json.writeValueAsString(frame);
    }

    private static Map<String, Object> person(Person person) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("clientId", person.clientId());
        out.put("name", person.name());
        out.put("account", person.account());
        ClientFrame.Presence presence = person.presence();
        if (presence != null) {
            putIfPresent(out, "cursor", presence.cursor());
            putIfPresent(out, "tool", presence.tool());
            putIfPresent(out, "selection", presence.selection());
        }
        return out;
    }

    private static void putIfPresent(Map<String, Object> out, String field, Object value) {
        if (value != null) {
            out.put(field, value);
        }
    }

    /** A problem as RFC 9457 JSON members (its extra properties, such as field or limit, at the top level). */
    private static Map<String, Object> problem(Refused problem) {
        return Problems.members(problem.refusal());
    }
}
