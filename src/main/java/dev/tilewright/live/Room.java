package dev.tilewright.live;

import dev.tilewright.live.protocol.Frames;
import dev.tilewright.map.MapEdits;
import dev.tilewright.map.OpLog;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.ArrayDeque;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

/**
 * The editors of one map on this instance. Committed ops reach them through one cursor over the map's log
 * ({@link #relayed}): ops committed here arrive in version order from the edit path, other instances' ops are read
 * from the log when PostgreSQL says the map moved, and a gap between the two is filled from the log, so every
 * editor gets every version once, in order; the sender of an op gets an ack in its place.
 * Ops sent by the editors wait in an inbox; one writer at a time commits all that waited in one transaction.
 */
final class Room {

    /** Reads a map's log entries after one version up to another, oldest first (OpLog.forEach). */
    @FunctionalInterface
    interface Log {
        void read(long mapId, long after, long upTo, Consumer<OpLog.Entry> sink);
    }

    /** Runs a task after a delay (the room's next flush, when the last one was less than a tick ago). */
    @FunctionalInterface
    interface Later {
        void run(Runnable task, long delayNanos);
    }

    /** An op as a client sent it, waiting to be committed. */
    record Pending(Peer peer, MapEdits.Submitted change) {
    }

    final long mapId;
    final Map<String, Peer> peers = new ConcurrentHashMap<>();
    private final Log log;
    /** The last version passed on to the editors; -1 before the first editor joined. Guarded by this. */
    private long relayed = -1;
    private final ArrayDeque<Pending> inbox = new ArrayDeque<>();
    /** Whether the room's writer is committing what arrives (written under the inbox's lock). */
    private volatile boolean writing;
    private final Frames frames;
    private final Later later;
    private final long tickNanos;
    /** When the editors were last handed what was delivered to them (System.nanoTime); written under this. */
    private volatile long flushedAt;
    /** Whether a flush is scheduled; guarded by this. */
    private boolean flushScheduled;
    /** Each person's latest presence not passed on yet (at most one per editor: bounded by the room). */
    private final Map<Peer, String> presenceWaiting = new ConcurrentHashMap<>();
    private final AtomicBoolean presenceScheduled = new AtomicBoolean();
    /** Whether the list of people is being handed out, and whether it changed meanwhile; guarded by this. */
    private boolean tellingPeople;
    private boolean tellAgain;

    /**
     * @param tickNanos editors are handed what was relayed to them at most once per tick, as one message each (the
     *                  first after a quiet tick at once); 0: after every commit
     */
    Room(long mapId, Log log, Frames frames, Later later, long tickNanos) {
        this.mapId = mapId;
        this.log = log;
        this.frames = frames;
        this.later = later;
        this.tickNanos = tickNanos;
        this.flushedAt = System.nanoTime() - tickNanos;
    }

    /**
     * Starts passing ops on to an editor who was sent the map at version {@code known}: the versions after it that
     * were already relayed to the others are sent now (from the log), later ones as they come.
     */
    synchronized void join(Peer peer, long known) {
        if (relayed < 0) {
            relayed = known;
        } else if (relayed > known) {
            log.read(mapId, known, relayed, entry -> peer.deliver(entry, null));
            send(peer, peer.due());
        }
        peer.joined(Math.max(known, relayed));
    }

    /** Ops committed on this instance, in version order. */
    synchronized void committed(List<OpLog.Entry> entries) {
        if (relayed >= 0 && entries.get(0).version() > relayed + 1) {
            catchUp(entries.get(0).version() - 1);
        }
        entries.forEach(this::relay);
        flush();
    }

    /** Another instance moved the map on to {@code version} (or further): pass on what the log holds up to it. */
    synchronized void catchUp(long version) {
        if (relayed >= 0 && version > relayed) {
            log.read(mapId, relayed, version, this::relay);
            flush();
        }
    }

    /**
     * Someone's presence, for every editor of the map with the tick's other frames (its sender ignores its own: so
     * every editor not acknowledging an op this tick is due the same message, built once). Called by the thread that
     * reads the sockets, so it never waits for the room: the presence is kept (only each person's latest: a cursor
     * that moved again replaces the one not yet passed on) and passed on by the room's timer.
     */
    void relayPresence(Peer from, String frame) {
        presenceWaiting.put(from, frame);
        if (presenceScheduled.compareAndSet(false, true)) {
            // while ops are being committed the next commit's flush takes it along (one message per editor and
            // tick, not two); the timer is there for when none comes
            long wait = Math.max(0, flushedAt + tickNanos - System.nanoTime()) + (writing ? tickNanos : 0);
            later.run(this::passPresenceOn, wait);
        }
    }

    /** The tick after presence came: passes it on unless a flush since (a commit's) took it along. */
    private synchronized void passPresenceOn() {
        presenceScheduled.set(false);
        if (takePresence()) {
            flush();
        }
    }

    /** Delivers the presence that waits to every editor; whether there was any. */
    private boolean takePresence() {
        boolean any = false;
        for (Peer from : presenceWaiting.keySet()) {
            String frame = presenceWaiting.remove(from);
            if (frame == null) {
                continue;
            }
            any = true;
            for (Peer peer : peers.values()) {
                // a page that watches review threads draws no cursors
                if (peer.joined() && !peer.reviewOnly) {
                    peer.deliver(frame);
                }
            }
        }
        return any;
    }

    /**
     * Sends everyone who said hello the list of who is there. The list and who gets it are one look at the room, taken
     * under its lock: two editors greeted at once could otherwise each build a list before the other joined and hand it
     * out after, leaving someone with a list older than the room. A client dropped while it is handed out leaves from
     * within (same thread): its leaving is told after, not in the middle.
     */
    synchronized void tellPeople() {
        if (tellingPeople) {
            tellAgain = true;
            return;
        }
        tellingPeople = true;
        try {
            do {
                tellAgain = false;
                List<Peer> joined = peers.values().stream().filter(Peer::joined).toList();
                List<byte[]> message = List.of(Outbox.encoded(frames.people(joined.stream().map(Peer::person).toList())));
                joined.forEach(peer -> peer.outbox.send(message));
            } while (tellAgain);
        } finally {
            tellingPeople = false;
        }
    }

    /** A frame for everyone on the map (a review thread changed), with the tick's other frames. */
    synchronized void broadcast(String frame) {
        for (Peer peer : peers.values()) {
            if (peer.joined()) {
                peer.deliver(frame);
            }
        }
        flush();
    }

    /**
     * A frame for one editor that must keep its place among the relays (the answer to its op: a reject, or the ack of
     * a repeat after the versions before it).
     */
    synchronized void answer(Peer peer, String frame) {
        peer.deliver(frame);
        flush();
    }

    /**
     * Hands each editor what was relayed to it now: called by the room's group commit after each commit, which comes
     * at most once per tick (so the relays leave with the commit instead of waiting for a tick of their own).
     */
    synchronized void flushCommitted() {
        flushNow();
    }

    /**
     * Hands each editor what was relayed to it since the last flush, as one message: now if the last flush was a tick
     * ago or more, else when the tick is over (what comes meanwhile goes along).
     */
    private void flush() {
        if (flushScheduled) {
            return;
        }
        long wait = flushedAt + tickNanos - System.nanoTime();
        if (wait <= 0) {
            flushNow();
        } else {
            flushScheduled = true;
            later.run(this::scheduledFlush, wait);
        }
    }

    private synchronized void scheduledFlush() {
        flushScheduled = false;
        flushNow();
    }

    /** Sends what is due; editors who are due the same frames (all but the senders of this tick's ops) share them. */
    private void flushNow() {
        flushedAt = System.nanoTime();
        takePresence();
        Map<List<String>, List<byte[]>> built = new HashMap<>();
        for (Peer peer : peers.values()) {
            List<String> due = peer.due();
            if (!due.isEmpty()) {
                peer.outbox.send(built.computeIfAbsent(List.copyOf(due), this::encoded));
                due.clear();
            }
        }
    }

    /** A tick's frames for an editor as the messages they go in, encoded once for all editors due the same. */
    private List<byte[]> encoded(List<String> due) {
        return frames.coalesce(due).stream().map(Outbox::encoded).toList();
    }

    private void send(Peer peer, List<String> due) {
        if (!due.isEmpty()) {
            peer.outbox.send(encoded(due));
            due.clear();
        }
    }

    private void relay(OpLog.Entry entry) {
        if (entry.version() <= relayed) {
            return;
        }
        String[] frame = new String[1];
        for (Peer peer : peers.values()) {
            if (peer.joined()) {
                peer.deliver(entry, frame);
            }
        }
        relayed = entry.version();
    }

    /** Queues a client's op; starts a writer when none runs. */
    void submit(Pending pending, Consumer<Room> startWriter) {
        boolean start;
        synchronized (inbox) {
            inbox.add(pending);
            start = !writing;
            writing = true;
        }
        if (start) {
            startWriter.accept(this);
        }
    }

    /** The ops waiting, at most {@code max}; empty (and the writer done) when none wait. */
    List<Pending> take(int max) {
        synchronized (inbox) {
            List<Pending> group = new ArrayList<>(Math.min(max, inbox.size()));
            while (group.size() < max && !inbox.isEmpty()) {
                group.add(inbox.poll());
            }
            if (group.isEmpty()) {
                writing = false;
            }
            return group;
        }
    }
}
