package dev.tilewright.live;

import dev.tilewright.access.Caller;
import dev.tilewright.live.protocol.ClientFrame;
import dev.tilewright.live.protocol.Frames;
import dev.tilewright.map.OpLog;
import org.springframework.web.socket.WebSocketSession;

import java.util.ArrayList;
import java.util.List;

/** One connected editor: who it is, where it is, what it has been sent, and what it may still send. */
final class Peer {

    final WebSocketSession session;
    final Outbox outbox;
    private final Frames frames;
    /** Who the socket acts for (authenticated at the handshake). */
    final Caller caller;
    /** Whether the caller may edit the map now (kept up to date as roles change); a viewer's ops are refused. */
    volatile boolean mayEdit;
    volatile String clientId;
    volatile String name;
    volatile ClientFrame.Presence presence;
    /** A page that watches the map's review threads only (the preview): it is sent no ops. */
    volatile boolean reviewOnly;
    /** When this client's presence was last passed on (System.nanoTime); 0 before. */
    private long presenceAt;
    /** When the client last sent anything (System.nanoTime). */
    volatile long heardAt = System.nanoTime();
    /** The last version this editor has (from its welcome and the relays since); guarded by the room. */
    private long known;
    private volatile boolean joined;
    /** Frames delivered but not yet handed to the outbox; guarded by the room. */
    private final List<String> delivered = new ArrayList<>();
    private double tokens = -1;
    private long refilledAt;
    /** Whether a hello is being answered; what the client sends meanwhile waits in {@link #held}. Guarded by this. */
    private boolean greeting;
    private final List<String> held = new ArrayList<>();
    private long heldChars;
    /** A text message that arrives in parts, put together; used by the thread reading the socket. */
    final MessageParts parts;

    /** Whether a frame was held because a hello is being answered ({@link Held#OVER}: and it was one too many). */
    enum Held { NO, YES, OVER }

    Peer(WebSocketSession session, Outbox outbox, Frames frames, Caller caller, boolean mayEdit, int maxFrameChars) {
        this.parts = new MessageParts(maxFrameChars);
        this.session = session;
        this.outbox = outbox;
        this.frames = frames;
        this.caller = caller;
        this.mayEdit = mayEdit;
        this.name = caller.name();
    }

    /** The person others see: name, account (one colour for all their tabs), cursor, tool, selection. */
    Frames.Person person() {
        return new Frames.Person(clientId, name, caller.identity(), presence);
    }

    boolean joined() {
        return joined;
    }

    /** Called by the room: from now on this editor gets the versions after {@code known}. */
    void joined(long known) {
        this.known = Math.max(this.known, known);
        joined = true;
    }

    /** Sets the version the editor was sent before joining (its welcome). */
    void welcomed(long version) {
        known = version;
    }

    /**
     * Passes one committed op on (at the next {@link #flush}), unless the editor has it: as an ack if the op is the
     * editor's own, else as an op frame ({@code shared[0]}, built once for all editors).
     */
    void deliver(OpLog.Entry entry, String[] shared) {
        if (entry.version() <= known) {
            return;
        }
        known = entry.version();
        if (reviewOnly) {
            return;
        }
        if (clientId != null && clientId.equals(entry.clientId())) {
            delivered.add(frames.ack(entry.clientSeq(), entry.version(), entry.op()));
            return;
        }
        if (shared == null) {
            delivered.add(frames.op(entry));
            return;
        }
        if (shared[0] == null) {
            shared[0] = frames.op(entry);
        }
        delivered.add(shared[0]);
    }

    /** Adds a frame for this editor to what goes out with the room's next flush, after what was delivered before. */
    void deliver(String frame) {
        delivered.add(frame);
    }

    /** What was delivered since the last flush (the room sends and clears it); guarded by the room. */
    List<String> due() {
        return delivered;
    }

    /**
     * Whether presence sent at {@code now} (System.nanoTime) is passed on: the first is, then at most one per
     * {@code intervalNanos} (a flood is not amplified to every editor).
     */
    synchronized boolean presenceDue(long now, long intervalNanos) {
        if (presenceAt != 0 && now - presenceAt < intervalNanos) {
            return false;
        }
        presenceAt = now;
        return true;
    }

    /** A hello is being answered from now on: frames that arrive meanwhile are held. */
    synchronized void greeting() {
        greeting = true;
    }

    /**
     * Holds a frame while a hello is being answered (at most {@code maxChars} in all: a client has no reason to send
     * more before its welcome); {@link Held#NO} when none is, and the frame is to be handled now.
     */
    synchronized Held holdWhileGreeted(String frame, long maxChars) {
        if (!greeting) {
            return Held.NO;
        }
        heldChars += frame.length();
        if (heldChars > maxChars) {
            return Held.OVER;
        }
        held.add(frame);
        return Held.YES;
    }

    /** The frames held while the hello was answered, in order; when none are left, frames are handled as they come. */
    synchronized List<String> greeted() {
        List<String> waited = List.copyOf(held);
        held.clear();
        heldChars = 0;
        greeting = !waited.isEmpty();
        return waited;
    }

    /** Whether one more op is within the client's rate (a token bucket: {@code rate} per second, {@code burst} deep). */
    synchronized boolean allowOp(int rate, int burst) {
        long now = System.nanoTime();
        tokens = tokens < 0 ? burst : Math.min(burst, tokens + (now - refilledAt) * (rate / 1e9));
        refilledAt = now;
        if (tokens < 1) {
            return false;
        }
        tokens -= 1;
        return true;
    }
}
