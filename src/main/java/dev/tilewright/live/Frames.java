package dev.tilewright.live;

import dev.tilewright.map.OpLog;
import dev.tilewright.web.ApiProblem;
import org.springframework.http.ProblemDetail;
import org.springframework.stereotype.Component;
import tools.jackson.databind.json.JsonMapper;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The server's frames of protocol 1 as JSON text; ops are embedded as logged, never parsed again. */
@Component
class Frames {

    private final JsonMapper json;

    Frames(JsonMapper json) {
        this.json = json;
    }

    String op(OpLog.Entry entry) {
        return "{\"type\":\"op\",\"version\":" + entry.version() + ",\"clientId\":" + json.writeValueAsString(entry.clientId())
                + ",\"clientSeq\":" + entry.clientSeq() + ",\"op\":" + entry.op() + "}";
    }

    /** An ack carries the op as logged, with the ids the map assigned, for the sender's own copy. */
    String ack(Long clientSeq, long version, String op) {
        return "{\"type\":\"ack\",\"clientSeq\":" + clientSeq + ",\"version\":" + version + ",\"op\":" + op + "}";
    }

    /** A welcome: the version the client is now at and the ops (frames as {@link #op}) that took it there. */
    String welcome(int protocol, long version, String clientId, List<String> ops) {
        return "{\"type\":\"welcome\",\"protocol\":" + protocol + ",\"version\":" + version + ",\"clientId\":"
                + json.writeValueAsString(clientId) + ",\"ops\":[" + String.join(",", ops) + "]}";
    }

    String reject(long clientSeq, ApiProblem problem) {
        Map<String, Object> frame = new LinkedHashMap<>();
        frame.put("type", "reject");
        frame.put("clientSeq", clientSeq);
        frame.put("problem", problem(problem));
        return json.writeValueAsString(frame);
    }

    String error(ApiProblem problem) {
        return json.writeValueAsString(Map.of("type", "error", "problem", problem(problem)));
    }

    String write(Object frame) {
        return json.writeValueAsString(frame);
    }

    /** A problem as RFC 9457 JSON members (its extra properties, such as field or limit, at the top level). */
    private static Map<String, Object> problem(ApiProblem problem) {
        ProblemDetail detail = problem.toProblemDetail();
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("type", detail.getType() == null ? "about:blank" : detail.getType().toString());
        out.put("title", detail.getTitle());
        out.put("status", detail.getStatus());
        out.put("detail", detail.getDetail());
        if (detail.getProperties() != null) {
            out.putAll(detail.getProperties());
        }
        return out;
    }
}
