package dev.tilewright.live;

import dev.tilewright.config.LiveProperties;
import dev.tilewright.live.protocol.Frames;
import dev.tilewright.map.MapEdits;
import dev.tilewright.core.refusal.Refusal;
import dev.tilewright.core.refusal.Refused;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

import java.util.List;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;

/**
 * Commits the ops waiting in a room's inbox through the one edit path (MapEdits.applyAll: the map row's lock,
 * committed before any answer), up to {@code max-group-ops} per transaction, one writer per room at a time. A
 * refused op is answered with a reject; a new op's ack goes out with the relay, in version order (Room.committed).
 */
@Component
class GroupCommit {

    private static final Logger log = LoggerFactory.getLogger(GroupCommit.class);

    private final MapEdits edits;
    private final Frames frames;
    private final LiveWorkers workers;
    private final LiveProperties properties;

    GroupCommit(MapEdits edits, Frames frames, LiveWorkers workers, LiveProperties properties) {
        this.edits = edits;
        this.frames = frames;
        this.workers = workers;
        this.properties = properties;
    }

    /** Queues a client's op in its room; a writer starts when none runs (a room's first op after a quiet tick at once). */
    void submit(Room room, Room.Pending pending) {
        room.submit(pending, r -> workers.writers().execute(() -> write(r)));
    }

    /**
     * Commits what waits in a room's inbox (up to max-group-ops) in one transaction, then comes back a tick after it
     * started for what arrived meanwhile; the room's writer ends when a tick brought nothing (the next op then starts
     * one at once). So a busy map costs a transaction per tick, not one per op.
     */
    private void write(Room room) {
        long started = System.nanoTime();
        List<Room.Pending> group = room.take(properties.maxGroupOps());
        if (group.isEmpty()) {
            return;
        }
        commit(room, group);
        room.flushCommitted();
        long wait = started + properties.tickMs() * 1_000_000L - System.nanoTime();
        try {
            // waited out on the writers' own queue: the thread that wakes for it commits (no hand-off per tick)
            workers.writers().schedule(() -> write(room), Math.max(0, wait), TimeUnit.NANOSECONDS);
        } catch (RejectedExecutionException stopping) {
            // the service is stopping: what waits is not acknowledged, and clients send it again where they reconnect
        }
    }

    private void commit(Room room, List<Room.Pending> group) {
        List<MapEdits.Outcome> outcomes;
        try {
            outcomes = edits.applyAll(room.mapId, group.stream().map(Room.Pending::change).toList());
        } catch (RuntimeException failed) {
            log.warn("live: committing {} ops of map {} failed", group.size(), room.mapId, failed);
            for (Room.Pending pending : group) {
                room.answer(pending.peer(), frames.reject(pending.change().clientSeq(), Refused.of(
                        Refusal.Kind.BUSY, "Not stored", "The op could not be stored; send it again.")));
            }
            return;
        }
        for (int i = 0; i < group.size(); i++) {
            answer(room, group.get(i), outcomes.get(i));
        }
    }

    private void answer(Room room, Room.Pending pending, MapEdits.Outcome outcome) {
        Peer peer = pending.peer();
        long clientSeq = pending.change().clientSeq();
        if (outcome instanceof MapEdits.Declined declined) {
            Refused refused = declined.inOp() // the frame's op is under "op"
                    ? Refused.invalidField("op." + declined.refusal().field(), declined.refusal().detail())
                    : declined.refusal().refused();
            room.answer(peer, frames.reject(clientSeq, refused));
        } else if (outcome instanceof MapEdits.Repeated repeated) {
            // the original may have been committed elsewhere and not be relayed yet: versions stay in order
            room.catchUp(repeated.version());
            room.answer(peer, frames.ack(clientSeq, repeated.version(), repeated.op()));
        }
        // a new op's ack goes out with the relay, in version order (Room.committed)
    }
}
