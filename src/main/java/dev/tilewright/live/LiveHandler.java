package dev.tilewright.live;

import dev.tilewright.access.Caller;
import dev.tilewright.access.ClientIds;
import dev.tilewright.config.LiveProperties;
import dev.tilewright.live.protocol.ClientFrame;
import dev.tilewright.live.protocol.ClientFrames;
import dev.tilewright.live.protocol.FrameRefused;
import dev.tilewright.live.protocol.Frames;
import dev.tilewright.map.Author;
import dev.tilewright.map.MapEdits;
import dev.tilewright.map.MapJson;
import dev.tilewright.map.MapReads;
import dev.tilewright.map.OpLog;
import dev.tilewright.core.refusal.Refusal;
import dev.tilewright.core.refusal.Refused;
import org.springframework.stereotype.Component;
import org.springframework.web.socket.CloseStatus;
import org.springframework.web.socket.TextMessage;
import org.springframework.web.socket.WebSocketSession;
import org.springframework.web.socket.adapter.NativeWebSocketSession;
import org.springframework.web.socket.handler.TextWebSocketHandler;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The live socket's frames, one client at a time (docs/live-protocol.md): a client says {@code hello} and gets
 * {@code welcome} with the ops it missed (or a {@code snapshot} when too far behind) and the {@code people} on the
 * map. Its {@code op}s go to the map's room and are committed together ({@link GroupCommit}); whatever commits a
 * map's ops (this socket, REST, another instance) they reach every editor in version order ({@link Room}), the
 * sender's as {@code ack}. {@code presence} (cursor, tool, selection) is passed on to the others, never stored.
 * Frames are read by {@link ClientFrames} and written by {@link Frames}.
 */
@Component
class LiveHandler extends TextWebSocketHandler {

    static final String MAP_ID = "tilewright.mapId";
    static final String CALLER = "tilewright.caller";
    static final String MAY_EDIT = "tilewright.mayEdit";
    private static final String ADDRESS = "tilewright.address";
    private static final String IDENTITY = "tilewright.identity";

    private final MapReads maps;
    private final OpLog opLog;
    private final ClientFrames clientFrames;
    private final Frames frames;
    private final Rooms rooms;
    private final GroupCommit groupCommit;
    private final LiveWorkers workers;
    private final LiveProperties properties;
    private final ClientIds clientIds;

    LiveHandler(MapReads maps, OpLog opLog, ClientFrames clientFrames, Frames frames, Rooms rooms,
                GroupCommit groupCommit, LiveWorkers workers, LiveProperties properties, ClientIds clientIds) {
        this.clientIds = clientIds;
        this.maps = maps;
        this.opLog = opLog;
        this.clientFrames = clientFrames;
        this.frames = frames;
        this.rooms = rooms;
        this.groupCommit = groupCommit;
        this.workers = workers;
        this.properties = properties;
    }

    /** How many sockets are open per key (a remote address, a caller), each capped. */
    private static final class Counts {

        private final Map<String, Integer> open = new HashMap<>();

        /** Counts one more for {@code key} unless it has {@code max} already. */
        synchronized boolean take(String key, int max) {
            if (open.getOrDefault(key, 0) >= max) {
                return false;
            }
            open.merge(key, 1, Integer::sum);
            return true;
        }

        synchronized void release(String key) {
            open.computeIfPresent(key, (k, n) -> n > 1 ? n - 1 : null);
        }
    }

    private final Counts perAddress = new Counts();
    private final Counts perCaller = new Counts();

    @Override
    public void afterConnectionEstablished(WebSocketSession session) throws IOException {
        String address = session.getRemoteAddress() == null ? "?" : session.getRemoteAddress().getAddress().getHostAddress();
        Caller caller = (Caller) session.getAttributes().get(CALLER);
        if (!perAddress.take(address, properties.maxSocketsPerAddress())) {
            session.close(CloseStatus.POLICY_VIOLATION.withReason("Too many sockets from one address "
                    + "(tilewright.live.max-sockets-per-address)"));
            return;
        }
        session.getAttributes().put(ADDRESS, address);
        if (!perCaller.take(caller.identity(), properties.maxSocketsPerCaller())) {
            session.close(CloseStatus.POLICY_VIOLATION.withReason("Too many sockets of one person or token "
                    + "(tilewright.live.max-sockets-per-caller)"));
            return;
        }
        session.getAttributes().put(IDENTITY, caller.identity());
        jakarta.websocket.Session standard = session instanceof NativeWebSocketSession nativeSession
                ? nativeSession.getNativeSession(jakarta.websocket.Session.class) : null;
        if (standard != null) {
            // the container's own writes on this socket (a pong, a close frame) may run on the thread reading every
            // socket: a client that does not read holds it this long at most
            standard.getUserProperties().put("org.apache.tomcat.websocket.BLOCKING_SEND_TIMEOUT",
                    properties.controlSendTimeoutMs());
        }
        Outbox outbox = new Outbox(session, workers.senders(), properties.sendBufferBytes(),
                properties.sendTimeLimitMs(), () -> leave(session));
        Peer peer = new Peer(session, outbox, frames, caller, (Boolean) session.getAttributes().get(MAY_EDIT),
                properties.maxFrameBytes());
        if (!rooms.enter(mapId(session), peer, properties.maxSocketsPerMap())) {
            session.close(CloseStatus.SERVICE_OVERLOAD.withReason("Too many sockets on this map "
                    + "(tilewright.live.max-sockets-per-map); try again later"));
        }
    }

    @Override
    public void afterConnectionClosed(WebSocketSession session, CloseStatus status) {
        leave(session);
    }

    private void leave(WebSocketSession session) {
        rooms.leave(mapId(session), session.getId());
        // counted once: the attributes go with the first leave (a drop and the close both come here)
        if (session.getAttributes().remove(ADDRESS) instanceof String address) {
            perAddress.release(address);
        }
        if (session.getAttributes().remove(IDENTITY) instanceof String identity) {
            perCaller.release(identity);
        }
    }

    private static long mapId(WebSocketSession session) {
        return (Long) session.getAttributes().get(MAP_ID);
    }

    /**
     * A client's frame, on the thread that read it (with {@link SocketWorkInline}, the one reading every socket): so
     * nothing here waits. A hello reads the database and goes to the greeters' pool; what the client sends before its
     * hello is answered waits for it, in order.
     */
    @Override
    protected void handleTextMessage(WebSocketSession session, TextMessage message) {
        Room room = rooms.room(mapId(session));
        Peer peer = room == null ? null : room.peers.get(session.getId());
        if (peer == null) {
            return;
        }
        peer.heardAt = System.nanoTime();
        String text = peer.parts.add(message.getPayload(), message.isLast());
        if (text == null) {
            if (peer.parts.wentOver()) {
                peer.outbox.close(CloseStatus.TOO_BIG_TO_PROCESS.withReason(
                        "Frame too large (tilewright.live.max-frame-bytes); large ops go over HTTP"));
            }
            return;
        }
        Peer.Held held = peer.holdWhileGreeted(text, properties.maxFrameBytes());
        if (held == Peer.Held.OVER) {
            peer.outbox.close(CloseStatus.POLICY_VIOLATION.withReason(
                    "Too much sent before the hello was answered (tilewright.live.max-frame-bytes)"));
        }
        if (held == Peer.Held.NO) {
            handle(room, peer, text);
        }
    }

    /** Messages larger than the container's receive buffer come in parts ({@link MessageParts}). */
    @Override
    public boolean supportsPartialMessages() {
        return true;
    }

    private void handle(Room room, Peer peer, String text) {
        ClientFrame frame;
        try {
            frame = clientFrames.read(text, peer.clientId != null);
        } catch (FrameRefused refused) {
            refuse(peer, refused);
            return;
        }
        if (frame instanceof ClientFrame.Hello hello) {
            peer.greeting();
            workers.greeters().execute(() -> {
                try {
                    hello(room, peer, hello);
                } finally {
                    for (List<String> waited = peer.greeted(); !waited.isEmpty(); waited = peer.greeted()) {
                        waited.forEach(next -> handle(room, peer, next));
                    }
                }
            });
        } else if (frame instanceof ClientFrame.SendOp op) {
            if (!peer.mayEdit || peer.reviewOnly) {
                peer.outbox.send(frames.reject(op.clientSeq(), Refused.of(Refusal.Kind.FORBIDDEN, "Not allowed",
                        "Your role on this map's project does not allow edits; ask a maintainer for the editor role.")
                        .with("field", "op")));
            } else if (withinRate(peer, op.clientSeq())) {
                groupCommit.submit(room, new Room.Pending(peer, new MapEdits.Submitted(peer.clientId, op.clientSeq(),
                        op.op(), Author.of(peer.caller))));
            }
        } else if (frame instanceof ClientFrame.Presence presence) {
            presence(room, peer, presence);
        } else {
            peer.outbox.send(frames.pong());
        }
    }

    private void refuse(Peer peer, FrameRefused refused) {
        if (refused.clientSeq() == null) {
            peer.outbox.send(frames.error(refused.problem()));
            if (refused.fatal()) {
                peer.outbox.close(CloseStatus.PROTOCOL_ERROR);
            }
        } else if (withinRate(peer, refused.clientSeq())) {
            peer.outbox.send(frames.reject(refused.clientSeq(), refused.problem()));
        }
    }

    /** Whether one more op is within the client's rate; past it the client is told (429) and the socket closed. */
    private boolean withinRate(Peer peer, long clientSeq) {
        if (peer.allowOp(properties.opsPerSecond(), properties.opBurst())) {
            return true;
        }
        peer.outbox.send(frames.reject(clientSeq, Refused.overLimit(Refusal.Kind.TOO_OFTEN,
                "tilewright.live.ops-per-second", properties.opsPerSecond(), "Ops arrive faster than the rate (burst "
                        + properties.opBurst() + "); slow down and reconnect").with("field", "clientSeq")));
        peer.outbox.close(CloseStatus.POLICY_VIOLATION.withReason("Too many ops"));
        return false;
    }

    private void hello(Room room, Peer peer, ClientFrame.Hello hello) {
        long mapId = room.mapId;
        long version = maps.version(mapId);
        Long last = hello.lastVersion();
        try {
            clientIds.claim(peer.caller, mapId, hello.clientId());
        } catch (Refused someoneElses) {
            peer.outbox.send(frames.error(someoneElses));
            return;
        }
        peer.clientId = hello.clientId();
        peer.reviewOnly = hello.reviewOnly();
        boolean near = last != null && last >= 0 && last <= version && version - last <= properties.maxCatchUpOps();
        List<String> ops = hello.reviewOnly() ? List.of() : near ? catchUp(mapId, last, version) : null;
        if (ops != null) {
            peer.outbox.send(frames.welcome(version, hello.clientId(), ops));
        } else {
            MapJson map = maps.json(mapId);
            version = map.version();
            peer.outbox.send(frames.snapshot(hello.clientId(), map));
        }
        // only now may relays reach this client: the versions after its welcome, those relayed meanwhile first
        peer.welcomed(version);
        room.join(peer, version);
        room.tellPeople();
    }

    /**
     * The op frames from one version to another for a welcome, or null when they would not fit one: an op too large
     * for the socket, or more than half a client's send buffer in all. The client then gets a snapshot and reads the
     * versions in between over HTTP.
     */
    private List<String> catchUp(long mapId, long last, long version) {
        List<String> ops = new ArrayList<>();
        long[] chars = {0};
        long read = opLog.forEachWhile(mapId, last, version, entry -> {
            if (frames.tooLarge(entry.op()) || (chars[0] += entry.op().length()) > properties.sendBufferBytes() / 2) {
                return false;
            }
            ops.add(frames.op(entry));
            return true;
        });
        return read == version ? ops : null;
    }

    /** Kept for the people list; passed on at most every presence-interval-ms (a flood is not amplified). */
    private void presence(Room room, Peer peer, ClientFrame.Presence presence) {
        peer.presence = presence;
        if (!peer.presenceDue(System.nanoTime(), properties.presenceIntervalMs() * 1_000_000L)) {
            return;
        }
        room.relayPresence(peer, frames.presence(peer.person()));
    }
}
