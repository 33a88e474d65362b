package dev.tilewright.live;

import dev.tilewright.config.LiveProperties;
import dev.tilewright.core.edit.InvalidOpException;
import dev.tilewright.core.edit.MapOp;
import dev.tilewright.map.MapJson;
import dev.tilewright.map.MapService;
import dev.tilewright.map.MovedElsewhere;
import dev.tilewright.map.OpsCommitted;
import dev.tilewright.web.ApiProblem;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.context.event.EventListener;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Component;
import org.springframework.web.socket.CloseStatus;
import org.springframework.web.socket.TextMessage;
import org.springframework.web.socket.WebSocketSession;
import org.springframework.web.socket.handler.TextWebSocketHandler;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.DatabindException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Protocol 1 of the live socket (README, "Live editing"): JSON text frames. A client says {@code hello} and gets
 * {@code welcome} with the ops it missed (or a {@code snapshot} when too far behind) and the {@code people} on the
 * map. Its {@code op}s wait in the map's room and are committed together through the one edit path
 * (MapService.applyAll: the map row's lock, committed before any answer); whatever commits a map's ops (this socket,
 * REST, another instance) they reach every editor in version order, the sender's as {@code ack}. A refused op is
 * answered with {@code reject} and a problem; a repeated (clientId, clientSeq) with an ack of its original version.
 * {@code presence} (cursor, tool, selection) is passed on to the others, never stored.
 */
@Component
class LiveHandler extends TextWebSocketHandler implements DisposableBean {

    static final String MAP_ID = "tilewright.mapId";
    static final int PROTOCOL = 1;
    private static final Logger log = LoggerFactory.getLogger(LiveHandler.class);

    private final MapService maps;
    private final JsonMapper json;
    private final Frames frames;
    private final LiveProperties properties;
    private final Map<Long, Room> rooms = new ConcurrentHashMap<>();
    private final ExecutorService senders = Executors.newCachedThreadPool(named("tilewright-live-send-"));
    private final ExecutorService writers = Executors.newCachedThreadPool(named("tilewright-live-write-"));
    private final ScheduledExecutorService sweeper = Executors.newSingleThreadScheduledExecutor(named("tilewright-live-idle-"));

    LiveHandler(MapService maps, JsonMapper json, Frames frames, LiveProperties properties) {
        this.maps = maps;
        this.json = json;
        this.frames = frames;
        this.properties = properties;
        long period = Math.max(100, Math.min(1000, properties.idleTimeoutMs() / 4));
        sweeper.scheduleWithFixedDelay(this::closeSilent, period, period, TimeUnit.MILLISECONDS);
    }

    /** Closes sockets that sent nothing for the idle timeout (a dead network sends no close frame). */
    private void closeSilent() {
        long now = System.nanoTime();
        for (Room room : rooms.values()) {
            for (Peer peer : room.peers.values()) {
                if (now - peer.heardAt > properties.idleTimeoutMs() * 1_000_000L) {
                    peer.outbox.close(CloseStatus.GOING_AWAY.withReason("Silent for "
                            + properties.idleTimeoutMs() + " ms (tilewright.live.idle-timeout-ms); ping to stay"));
                    leave(peer.session);
                }
            }
        }
    }

    private static ThreadFactory named(String prefix) {
        AtomicInteger count = new AtomicInteger();
        return task -> {
            Thread thread = new Thread(task, prefix + count.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        };
    }

    @Override
    public void destroy() {
        sweeper.shutdownNow();
        senders.shutdownNow();
        writers.shutdownNow();
    }

    @Override
    public void afterConnectionEstablished(WebSocketSession session) {
        long mapId = mapId(session);
        Outbox outbox = new Outbox(session, senders, properties.sendBufferBytes(), properties.sendTimeLimitMs(),
                () -> leave(session));
        // joining and the removal of an emptied room (below) are atomic per map, so nobody joins a dropped room
        rooms.compute(mapId, (id, room) -> {
            Room joined = room == null ? new Room(mapId, maps::forEachLogged) : room;
            joined.peers.put(session.getId(), new Peer(session, outbox, frames));
            return joined;
        });
    }

    @Override
    public void afterConnectionClosed(WebSocketSession session, CloseStatus status) {
        leave(session);
    }

    private void leave(WebSocketSession session) {
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

    /** How many editors (hello said) are connected to a map on this instance. */
    int editors(long mapId) {
        Room room = rooms.get(mapId);
        return room == null ? 0 : (int) room.peers.values().stream().filter(Peer::joined).count();
    }

    private static long mapId(WebSocketSession session) {
        return (Long) session.getAttributes().get(MAP_ID);
    }

    @EventListener
    void committed(OpsCommitted event) {
        Room room = rooms.get(event.mapId());
        if (room != null) {
            room.committed(event.entries());
        }
    }

    @EventListener
    void movedElsewhere(MovedElsewhere event) {
        if (event.any()) {
            rooms.values().forEach(room -> room.catchUp(maps.version(room.mapId)));
        } else {
            Room room = rooms.get(event.mapId());
            if (room != null) {
                room.catchUp(event.version());
            }
        }
    }

    @Override
    protected void handleTextMessage(WebSocketSession session, TextMessage message) {
        Room room = rooms.get(mapId(session));
        Peer peer = room == null ? null : room.peers.get(session.getId());
        if (peer == null) {
            return;
        }
        peer.heardAt = System.nanoTime();
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
            case "ping" -> peer.outbox.send("{\"type\":\"pong\"}");
            default -> error(peer, ApiProblem.badRequest("type", "Unknown message type \"" + type
                    + "\"; protocol " + PROTOCOL + " knows hello, op, presence and ping."));
        }
    }

    private void hello(Room room, Peer peer, JsonNode frame) {
        int protocol = frame.path("protocol").asInt(-1);
        if (protocol != PROTOCOL) {
            error(peer, ApiProblem.badRequest("protocol", "This server speaks protocol " + PROTOCOL + ", not "
                    + frame.path("protocol") + "."));
            peer.outbox.close(CloseStatus.PROTOCOL_ERROR);
            return;
        }
        String clientId = frame.path("clientId").asString("");
        if (clientId.isBlank() || clientId.length() > 100) {
            error(peer, ApiProblem.badRequest("clientId", "clientId is 1 to 100 characters, the same on reconnect."));
            return;
        }
        if (peer.clientId != null) {
            error(peer, ApiProblem.badRequest("type", "Say hello once per socket."));
            return;
        }
        long mapId = room.mapId;
        long version = maps.version(mapId);
        JsonNode last = frame.get("lastVersion");
        peer.name = frame.path("name").asString(clientId);
        peer.clientId = clientId;
        if (last != null && last.canConvertToLong() && last.asLong() >= 0 && last.asLong() <= version
                && version - last.asLong() <= properties.maxCatchUpOps()) {
            List<String> ops = new ArrayList<>();
            version = maps.forEachLogged(mapId, last.asLong(), version, entry -> ops.add(frames.op(entry)));
            peer.outbox.send(frames.welcome(PROTOCOL, version, clientId, ops));
        } else {
            MapJson map = maps.read(mapId, (v, m) -> MapJson.of(mapId, v, m));
            version = map.version();
            Map<String, Object> snapshot = new LinkedHashMap<>();
            snapshot.put("type", "snapshot");
            snapshot.put("protocol", PROTOCOL);
            snapshot.put("version", version);
            snapshot.put("clientId", clientId);
            snapshot.put("map", map);
            peer.outbox.send(frames.write(snapshot));
        }
        // only now may relays reach this client: the versions after its welcome, those relayed meanwhile first
        peer.welcomed(version);
        room.join(peer, version);
        broadcastPeople(room);
    }

    private void op(Room room, Peer peer, JsonNode frame) {
        JsonNode seqNode = frame.get("clientSeq");
        if (seqNode == null || !seqNode.canConvertToLong()) {
            error(peer, ApiProblem.badRequest("clientSeq", "An op needs its clientSeq (a number that grows per op)."));
            return;
        }
        long clientSeq = seqNode.asLong();
        if (!peer.allowOp(properties.opsPerSecond(), properties.opBurst())) {
            peer.outbox.send(frames.reject(clientSeq, ApiProblem.overLimit(HttpStatus.TOO_MANY_REQUESTS,
                    "tilewright.live.ops-per-second", properties.opsPerSecond(), "Ops arrive faster than the rate (burst "
                            + properties.opBurst() + "); slow down and reconnect").with("field", "clientSeq")));
            peer.outbox.close(CloseStatus.POLICY_VIOLATION.withReason("Too many ops"));
            return;
        }
        MapOp op;
        try {
            op = json.treeToValue(frame.get("op"), MapOp.class);
            if (op == null) {
                throw ApiProblem.invalidField("op", "The op is missing.");
            }
        } catch (ApiProblem refused) {
            peer.outbox.send(frames.reject(clientSeq, refused));
            return;
        } catch (DatabindException unbound) {
            peer.outbox.send(frames.reject(clientSeq, ApiProblem.unbound(unbound, "op", "The op")));
            return;
        } catch (JacksonException unreadable) {
            peer.outbox.send(frames.reject(clientSeq, ApiProblem.badRequest("op", "The op does not read as an op: "
                    + unreadable.getOriginalMessage())));
            return;
        }
        room.submit(new Room.Pending(peer, new MapService.Submitted(peer.clientId, clientSeq, op)),
                r -> writers.execute(() -> write(r)));
    }

    /** Commits what waits in a room's inbox, group by group, until it is empty. */
    private void write(Room room) {
        List<Room.Pending> group;
        while (!(group = room.take(properties.maxGroupOps())).isEmpty()) {
            List<MapService.Outcome> outcomes;
            try {
                outcomes = maps.applyAll(room.mapId, group.stream().map(Room.Pending::change).toList());
            } catch (RuntimeException failed) {
                log.warn("live: committing {} ops of map {} failed", group.size(), room.mapId, failed);
                for (Room.Pending pending : group) {
                    pending.peer().outbox.send(frames.reject(pending.change().clientSeq(), ApiProblem.of(
                            HttpStatus.SERVICE_UNAVAILABLE, "Not stored", "The op could not be stored; send it again.")));
                }
                continue;
            }
            for (int i = 0; i < group.size(); i++) {
                MapService.Outcome outcome = outcomes.get(i);
                Peer peer = group.get(i).peer();
                long clientSeq = group.get(i).change().clientSeq();
                if (outcome.refused() instanceof InvalidOpException invalid) {
                    peer.outbox.send(frames.reject(clientSeq, ApiProblem.invalidField("op." + invalid.field(),
                            invalid.getMessage())));
                } else if (outcome.refused() instanceof ApiProblem problem) {
                    peer.outbox.send(frames.reject(clientSeq, problem));
                } else if (outcome.result().repeated()) {
                    // the original may have been committed elsewhere and not be relayed yet: versions stay in order
                    room.catchUp(outcome.result().version());
                    peer.outbox.send(frames.ack(clientSeq, outcome.result().version(), outcome.result().op()));
                }
                // a new op's ack goes out with the relay, in version order (Room.committed)
            }
        }
    }

    /** Kept for the people list; passed on at most every presence-interval-ms (a flood is not amplified). */
    private void presence(Room room, Peer peer, JsonNode frame) {
        peer.presence = frame;
        long now = System.nanoTime();
        if (peer.presenceAt != 0 && now - peer.presenceAt < properties.presenceIntervalMs() * 1_000_000L) {
            return;
        }
        peer.presenceAt = now;
        Map<String, Object> update = person(peer);
        update.put("type", "presence");
        String sent = frames.write(update);
        room.peers.values().stream().filter(p -> p != peer && p.joined()).forEach(p -> p.outbox.send(sent));
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
        List<Map<String, Object>> people = room.peers.values().stream().filter(Peer::joined).map(this::person).toList();
        String frame = frames.write(Map.of("type", "people", "people", people));
        room.peers.values().stream().filter(Peer::joined).forEach(p -> p.outbox.send(frame));
    }

    private void error(Peer peer, ApiProblem problem) {
        peer.outbox.send(frames.error(problem));
    }
}
