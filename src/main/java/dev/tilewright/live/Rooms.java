package dev.tilewright.live;

import dev.tilewright.config.LiveProperties;
import dev.tilewright.live.protocol.Frames;
import dev.tilewright.map.MapDeleted;
import dev.tilewright.map.MapReads;
import dev.tilewright.map.MovedElsewhere;
import dev.tilewright.map.OpLog;
import dev.tilewright.map.OpsCommitted;
import dev.tilewright.review.ThreadChanged;
import dev.tilewright.checks.ChecksRan;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;
import org.springframework.web.socket.CloseStatus;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The rooms of the maps that have editors on this instance: joining and leaving (a room goes when its last editor
 * leaves), committed ops passed to the map's room, the people list, and closing sockets that fell silent.
 */
@Component
class Rooms {

    private final Map<Long, Room> rooms = new ConcurrentHashMap<>();
    private final OpLog log;
    private final MapReads maps;
    private final Frames frames;
    private final LiveProperties properties;
    private final Ticks timer;

    Rooms(OpLog log, MapReads maps, Frames frames, LiveProperties properties, Ticks timer) {
        this.log = log;
        this.maps = maps;
        this.frames = frames;
        this.properties = properties;
        this.timer = timer;
    }

    /**
     * Puts a new socket's peer in its map's room (made if needed), unless the room holds {@code most} sockets
     * already; whether it went in.
     */
    boolean enter(long mapId, Peer peer, int most) {
        boolean[] entered = {false};
        // entering and the removal of an emptied room (below) are atomic per map, so nobody enters a dropped room
        rooms.compute(mapId, (id, room) -> {
            Room into = room == null ? new Room(mapId, log::forEach, frames, timer,
                    properties.tickMs() * 1_000_000L) : room;
            if (into.peers.size() < most) {
                into.peers.put(peer.session.getId(), peer);
                entered[0] = true;
            }
            return into.peers.isEmpty() ? null : into;
        });
        return entered[0];
    }

    /** The room of a map, or null when nobody is on it here. */
    Room room(long mapId) {
        return rooms.get(mapId);
    }

    /** Takes a socket's peer out of its room; the others get the new people list; an emptied room goes. */
    void leave(long mapId, String sessionId) {
        Room room = rooms.get(mapId);
        Peer gone = room == null ? null : room.peers.remove(sessionId);
        if (gone != null && gone.clientId != null) {
            room.tellPeople();
        }
        rooms.computeIfPresent(mapId, (id, r) -> r.peers.isEmpty() ? null : r);
    }

    /** Whether anyone is connected to a map (its room is dropped when the last one leaves). */
    boolean hasRoom(long mapId) {
        return rooms.containsKey(mapId);
    }

    /** Every room with sockets on this instance. */
    java.util.Collection<Room> all() {
        return rooms.values();
    }

    /** How many editors (hello said) are connected to a map on this instance. */
    int editors(long mapId) {
        Room room = rooms.get(mapId);
        return room == null ? 0 : (int) room.peers.values().stream().filter(Peer::joined).count();
    }

    /**
     * Closes sockets that sent nothing for the idle timeout (a dead network sends no close frame), and drops those a
     * message has been stuck on for longer than the send time limit.
     */
    void closeSilent() {
        long now = System.nanoTime();
        for (Room room : rooms.values()) {
            for (Peer peer : room.peers.values()) {
                peer.outbox.dropIfStuck(now);
                if (now - peer.heardAt > properties.idleTimeoutMs() * 1_000_000L) {
                    peer.outbox.close(CloseStatus.GOING_AWAY.withReason("Silent for "
                            + properties.idleTimeoutMs() + " ms (tilewright.live.idle-timeout-ms); ping to stay"));
                    leave(room.mapId, peer.session.getId());
                }
            }
        }
    }

    @EventListener
    void committed(OpsCommitted event) {
        Room room = rooms.get(event.mapId());
        if (room != null) {
            room.committed(event.entries());
        }
    }

    /** A review thread changed: everyone on the map hears of it. */
    @EventListener
    void threadChanged(ThreadChanged event) {
        Room room = rooms.get(event.mapId());
        if (room != null) {
            room.broadcast(frames.event(event.frame()));
        }
    }

    /** A map's checks ran: everyone on the map hears what they came to. */
    @EventListener
    void checksRan(ChecksRan event) {
        Room room = rooms.get(event.mapId());
        if (room != null) {
            room.broadcast(frames.event(event.frame()));
        }
    }

    /** Its editors are told (close 4404) and the room goes: nothing they send could be kept. */
    @EventListener
    void deleted(MapDeleted event) {
        Room room = rooms.remove(event.mapId());
        if (room != null) {
            CloseStatus status = new CloseStatus(Frames.MAP_DELETED, "The map was deleted");
            room.peers.values().forEach(peer -> peer.outbox.close(status));
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
}
