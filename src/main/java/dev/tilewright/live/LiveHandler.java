package dev.tilewright.live;

import dev.tilewright.config.LiveProperties;
import dev.tilewright.core.edit.InvalidOpException;
import dev.tilewright.core.edit.MapOp;
import dev.tilewright.map.MapJson;
import dev.tilewright.map.MapService;
import dev.tilewright.web.ApiProblem;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.ProblemDetail;
import org.springframework.stereotype.Component;
import org.springframework.web.socket.CloseStatus;
import org.springframework.web.socket.TextMessage;
import org.springframework.web.socket.WebSocketSession;
import org.springframework.web.socket.handler.ConcurrentWebSocketSessionDecorator;
import org.springframework.web.socket.handler.TextWebSocketHandler;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Protocol 1 of the live socket (README, "Live editing"): JSON text frames. A client says {@code hello} and gets
 * {@code welcome} with the ops it missed (or a {@code snapshot} when too far behind) and the {@code people} on the
 * map; each {@code op} goes through the one edit path (MapService.apply: the map row's lock, committed before the
 * answer) and is answered with {@code ack} (or {@code reject} with a problem) while everyone else gets it as
 * {@code op}, in version order; a repeated (clientId, clientSeq) is acknowledged with its original version and
 * never applied twice. {@code presence} (cursor, tool, selection) is passed on to the others, never stored.
 */
@Component
class LiveHandler extends TextWebSocketHandler {

    static final String MAP_ID = "tilewright.mapId";
    static final int PROTOCOL = 1;
    private static final Logger log = LoggerFactory.getLogger(LiveHandler.class);

    /** One connected editor. */
    private static final class Peer {
        final WebSocketSession session;
        volatile String clientId;
        volatile String name;
        volatile JsonNode presence;

        Peer(WebSocketSession session) {
            this.session = session;
        }
    }

    /** The editors of one map; ops are applied and passed on under its lock, so everyone sees version order. */
    private static final class Room {
        final Map<String, Peer> peers = new ConcurrentHashMap<>();
    }

    private final MapService maps;
    private final JsonMapper json;
    private final LiveProperties properties;
    private final Map<Long, Room> rooms = new ConcurrentHashMap<>();

    LiveHandler(MapService maps, JsonMapper json, LiveProperties properties) {
        this.maps = maps;
        this.json = json;
        this.properties = properties;
    }

    @Override
    public void afterConnectionEstablished(WebSocketSession session) {
        WebSocketSession bounded = new ConcurrentWebSocketSessionDecorator(session, properties.sendTimeLimitMs(),
                properties.sendBufferBytes(), ConcurrentWebSocketSessionDecorator.OverflowStrategy.TERMINATE);
        // joining and the removal of an emptied room (below) are atomic per map, so nobody joins a dropped room
        rooms.compute(mapId(session), (id, room) -> {
            Room joined = room == null ? new Room() : room;
            joined.peers.put(session.getId(), new Peer(bounded));
            return joined;
        });
    }

    @Override
    public void afterConnectionClosed(WebSocketSession session, CloseStatus status) {
        Room room = rooms.get(mapId(session));
        Peer gone = room == null ? null : room.peers.remove(session.getId());
        if (gone != null && gone.clientId != null) {
            broadcastPeople(room);
        }
        rooms.computeIfPresent(mapId(session), (id, r) -> r.peers.isEmpty() ? null : r);
    }

    /** Whether anyone is connected to a map (its room is dropped when the last one leaves). */
    boolean hasRoom(long mapId) {
        return rooms.containsKey(mapId);
    }

    private static long mapId(WebSocketSession session) {
        return (Long) session.getAttributes().get(MAP_ID);
    }


    @Override
    protected void handleTextMessage(WebSocketSession session, TextMessage message) {
        Room room = rooms.get(mapId(session));
        Peer peer = room == null ? null : room.peers.get(session.getId());
        if (peer == null) {
            return;
        }
        JsonNode frame;
        try {
            frame = json.readTree(message.getPayload());
        } catch (JacksonException e) {
            error(peer, ApiProblem.badRequest("frame", "A frame is one JSON object with a \"type\"."));
            return;
        }
        String type = frame.path("type").asString("");
        if (!type.equals("hello") && peer.clientId == null) {
            error(peer, ApiProblem.badRequest("type", "Say hello first: {\"type\":\"hello\",\"protocol\":" + PROTOCOL
                    + ",\"clientId\":\"...\",\"name\":\"...\"}."));
            return;
        }
        switch (type) {
            case "hello" -> hello(room, peer, frame);
            case "op" -> op(room, peer, frame);
            case "presence" -> presence(room, peer, frame);
            default -> error(peer, ApiProblem.badRequest("type", "Unknown message type \"" + type
                    + "\"; protocol " + PROTOCOL + " knows hello, op and presence."));
        }
    }

    private void hello(Room room, Peer peer, JsonNode frame) {
        int protocol = frame.path("protocol").asInt(-1);
        if (protocol != PROTOCOL) {
            error(peer, ApiProblem.badRequest("protocol", "This server speaks protocol " + PROTOCOL + ", not "
                    + frame.path("protocol") + "."));
            close(peer, CloseStatus.PROTOCOL_ERROR);
            return;
        }
        String clientId = frame.path("clientId").asString("");
        if (clientId.isBlank() || clientId.length() > 100) {
            error(peer, ApiProblem.badRequest("clientId", "clientId is 1 to 100 characters, the same on reconnect."));
            return;
        }
        long mapId = (Long) peer.session.getAttributes().get(MAP_ID);
        synchronized (room) {
            long version = maps.version(mapId);
            JsonNode last = frame.get("lastVersion");
            Map<String, Object> welcome = new LinkedHashMap<>();
            if (last != null && last.canConvertToLong() && last.asLong() <= version
                    && version - last.asLong() <= properties.maxCatchUpOps()) {
                welcome.put("type", "welcome");
                welcome.put("protocol", PROTOCOL);
                welcome.put("version", version);
                welcome.put("clientId", clientId);
                List<Object> ops = new ArrayList<>();
                maps.forEachLogged(mapId, last.asLong(), version,
                        entry -> ops.add(opFrame(entry.version(), entry.clientId(), entry.clientSeq(), entry.op())));
                welcome.put("ops", ops);
            } else {
                MapJson map = maps.read(mapId, (v, m) -> MapJson.of(mapId, v, m));
                welcome.put("type", "snapshot");
                welcome.put("protocol", PROTOCOL);
                welcome.put("version", map.version());
                welcome.put("clientId", clientId);
                welcome.put("map", map);
            }
            send(peer, welcome);
            // only now may relays reach this client: every op after the welcome's version, none before it
            peer.name = frame.path("name").asString(clientId);
            peer.clientId = clientId;
        }
        broadcastPeople(room);
    }

    private void op(Room room, Peer peer, JsonNode frame) {
        JsonNode seqNode = frame.get("clientSeq");
        if (seqNode == null || !seqNode.canConvertToLong()) {
            error(peer, ApiProblem.badRequest("clientSeq", "An op needs its clientSeq (a number that grows per op)."));
            return;
        }
        long clientSeq = seqNode.asLong();
        long mapId = (Long) peer.session.getAttributes().get(MAP_ID);
        synchronized (room) {
            MapService.Result result;
            try {
                MapOp op = json.treeToValue(frame.get("op"), MapOp.class);
                if (op == null) {
                    throw ApiProblem.invalidField("op", "The op is missing.");
                }
                result = maps.apply(mapId, version -> { }, peer.clientId, clientSeq, op);
            } catch (InvalidOpException refused) {
                reject(peer, clientSeq, ApiProblem.invalidField("op." + refused.field(), refused.getMessage()));
                return;
            } catch (ApiProblem refused) {
                reject(peer, clientSeq, refused);
                return;
            } catch (JacksonException unreadable) {
                reject(peer, clientSeq, ApiProblem.badRequest("op", "The op does not read as an op: "
                        + unreadable.getOriginalMessage()));
                return;
            }
            Map<String, Object> ack = new LinkedHashMap<>();
            ack.put("type", "ack");
            ack.put("clientSeq", clientSeq);
            ack.put("version", result.version());
            send(peer, ack);
            if (!result.repeated()) {
                Map<String, Object> relayed = opFrame(result.version(), peer.clientId, clientSeq, result.op());
                room.peers.values().stream().filter(p -> p != peer && p.clientId != null).forEach(p -> send(p, relayed));
            }
        }
    }

    private void presence(Room room, Peer peer, JsonNode frame) {
        peer.presence = frame;
        Map<String, Object> update = person(peer);
        update.put("type", "presence");
        room.peers.values().stream().filter(p -> p != peer && p.clientId != null).forEach(p -> send(p, update));
    }

    private Map<String, Object> person(Peer peer) {
        Map<String, Object> person = new LinkedHashMap<>();
        person.put("clientId", peer.clientId);
        person.put("name", peer.name);
        JsonNode presence = peer.presence;
        if (presence != null) {
            for (String field : List.of("cursor", "tool", "selection")) {
                if (presence.has(field)) {
                    person.put(field, presence.get(field));
                }
            }
        }
        return person;
    }

    private void broadcastPeople(Room room) {
        List<Map<String, Object>> people = room.peers.values().stream().filter(p -> p.clientId != null)
                .map(this::person).toList();
        Map<String, Object> frame = Map.of("type", "people", "people", people);
        room.peers.values().stream().filter(p -> p.clientId != null).forEach(p -> send(p, frame));
    }

    private Map<String, Object> opFrame(long version, String clientId, Long clientSeq, String op) {
        Map<String, Object> frame = new LinkedHashMap<>();
        frame.put("type", "op");
        frame.put("version", version);
        frame.put("clientId", clientId);
        frame.put("clientSeq", clientSeq);
        frame.put("op", json.readTree(op));
        return frame;
    }

    private void reject(Peer peer, long clientSeq, ApiProblem problem) {
        Map<String, Object> frame = new LinkedHashMap<>();
        frame.put("type", "reject");
        frame.put("clientSeq", clientSeq);
        frame.put("problem", problem(problem));
        send(peer, frame);
    }

    private void error(Peer peer, ApiProblem problem) {
        send(peer, Map.of("type", "error", "problem", problem(problem)));
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

    private void send(Peer peer, Object frame) {
        try {
            peer.session.sendMessage(new TextMessage(json.writeValueAsString(frame)));
        } catch (IOException | IllegalStateException e) {
            // a closed or overflowing client: the decorator closes it, and leaving is handled on close
            log.debug("live: could not send to {}: {}", peer.clientId, e.toString());
        }
    }

    private void close(Peer peer, CloseStatus status) {
        try {
            peer.session.close(status);
        } catch (IOException e) {
            log.debug("live: close failed: {}", e.toString());
        }
    }
}
