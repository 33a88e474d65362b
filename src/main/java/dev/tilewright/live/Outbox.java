package dev.tilewright.live;

import jakarta.websocket.RemoteEndpoint;
import jakarta.websocket.SendResult;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.web.socket.BinaryMessage;
import org.springframework.web.socket.CloseStatus;
import org.springframework.web.socket.WebSocketSession;
import org.springframework.web.socket.adapter.NativeWebSocketSession;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * What waits to be sent to one client, bounded: messages are queued by whoever produces them and written in order,
 * one at a time, each in one network write. A message is the UTF-8 of its JSON, sent as a binary WebSocket message: a
 * message due to many editors is encoded once and the same bytes go to each (docs/live-protocol.md).
 * <p>
 * Writes never block the thread that queues: the container's asynchronous send writes what the socket takes at once,
 * on the queuing thread, and finishes a write the socket could not take whole later, on its own threads (the next
 * message follows from there). A send that completes at once continues with the next in the same loop (never a
 * nested call), and {@link SocketWorkInline} lets its completion run right there instead of handing it to another
 * thread. A client that lets more than the buffer limit pile up, or whose socket takes longer than the time limit to
 * take one message, is dropped (close 1008), so one slow reader never holds up the others. Closing, which writes a
 * close frame and may wait, always runs on the senders' pool.
 */
final class Outbox {

    private static final Logger log = LoggerFactory.getLogger(Outbox.class);
    private static final byte[] CLOSE = new byte[0];
    /** The outbox whose send is under way on this thread (its completion may run right here). */
    private static final ThreadLocal<Outbox> SENDING_HERE = new ThreadLocal<>();

    private final WebSocketSession session;
    private final Executor senders;
    private final long limitBytes;
    private final long timeLimitNanos;
    private final ConcurrentLinkedQueue<byte[]> queue = new ConcurrentLinkedQueue<>();
    /** Bytes queued or being written. */
    private final AtomicLong waitingBytes = new AtomicLong();
    /** Whether a message is being written (by whichever thread): only one at a time. */
    private final AtomicBoolean sending = new AtomicBoolean();
    private final Runnable onDrop;
    private final RemoteEndpoint.Async remote;
    private volatile long sendingSince;
    /** The size of the message being written. */
    private volatile int inFlight;
    /** Set when the message being written completed within the send call that started it. */
    private volatile boolean completedAtOnce;
    private volatile CloseStatus closeWith;
    private volatile boolean dropped;

    Outbox(WebSocketSession session, Executor senders, long limitBytes, long timeLimitMs, Runnable onDrop) {
        this.session = session;
        this.senders = senders;
        this.limitBytes = limitBytes;
        this.timeLimitNanos = timeLimitMs * 1_000_000L;
        this.onDrop = onDrop;
        this.remote = asyncRemote(session);
    }

    /** Whether a send of an outbox is under way on this thread (so its completion may run here, not be handed off). */
    static boolean sendingHere() {
        return SENDING_HERE.get() != null;
    }

    /** Queues a frame for this client alone; drops the client instead when it is over its limits. */
    void send(String frame) {
        send(List.of(encoded(frame)));
    }

    /** The bytes a frame is sent as (the same bytes may be queued for many clients). */
    static byte[] encoded(String frame) {
        return frame.getBytes(StandardCharsets.UTF_8);
    }

    /**
     * Queues messages (each the UTF-8 of one JSON message, never changed after) to go in this order and starts writing
     * if nothing is being written; drops the client instead when it is over its limits.
     */
    void send(List<byte[]> messages) {
        if (dropped || closeWith != null) {
            return;
        }
        long bytes = 0;
        for (byte[] message : messages) {
            bytes += message.length;
        }
        long waiting = waitingBytes.addAndGet(bytes);
        long since = sendingSince;
        if (waiting > limitBytes) {
            drop("it stopped reading: " + waiting + " bytes waiting (tilewright.live.send-buffer-bytes)");
            return;
        }
        if (since != 0 && System.nanoTime() - since > timeLimitNanos) {
            drop("one frame took longer than tilewright.live.send-time-limit-ms to send");
            return;
        }
        queue.addAll(messages);
        if (sending.compareAndSet(false, true)) {
            writeQueued();
        }
    }

    /** Closes the socket once everything queued before has been sent. */
    void close(CloseStatus status) {
        if (closeWith == null && !dropped) {
            closeWith = status;
            queue.add(CLOSE);
            if (sending.compareAndSet(false, true)) {
                writeQueued();
            }
        }
    }

    boolean dropped() {
        return dropped;
    }

    /**
     * Writes queued messages one after the other while each completes at once; returns when the queue is empty (and
     * nothing is being written) or when a write goes on in the background ({@link #written} continues from there).
     * Called only by the thread that set {@code sending}.
     */
    private void writeQueued() {
        while (true) {
            byte[] message = queue.poll();
            if (message == null) {
                sending.set(false);
                // a message queued after the poll and before the flag was cleared is written by whoever gets the flag
                if (queue.isEmpty() || !sending.compareAndSet(false, true)) {
                    return;
                }
                continue;
            }
            if (message == CLOSE) {
                senders.execute(() -> closeQuietly(closeWith));
                return;
            }
            if (!write(message)) {
                return;
            }
        }
    }

    /** Starts writing one message; whether it completed within this call. */
    private boolean write(byte[] message) {
        sendingSince = System.nanoTime();
        inFlight = message.length;
        completedAtOnce = false;
        if (remote == null) {
            // a session without the container's asynchronous endpoint: its blocking send goes to the senders' pool
            senders.execute(() -> {
                try {
                    session.sendMessage(new BinaryMessage(message));
                } catch (IOException | RuntimeException e) {
                    fail(e);
                    return;
                }
                done();
                writeQueued();
            });
            return false;
        }
        Outbox outer = SENDING_HERE.get();
        SENDING_HERE.set(this);
        try {
            remote.sendBinary(ByteBuffer.wrap(message), this::written);
        } catch (RuntimeException e) {
            fail(e);
            return false;
        } finally {
            SENDING_HERE.set(outer);
        }
        return completedAtOnce;
    }

    /** The container finished writing the message: here within the send call, or later on one of its threads. */
    private void written(SendResult result) {
        if (!result.isOK()) {
            fail(result.getException());
            return;
        }
        done();
        if (SENDING_HERE.get() == this) {
            completedAtOnce = true;
        } else {
            writeQueued();
        }
    }

    private void done() {
        waitingBytes.addAndGet(-inFlight);
        sendingSince = 0;
    }

    private void fail(Throwable e) {
        sending.set(false);
        drop("sending failed: " + e);
    }

    /**
     * The container's asynchronous endpoint, null if not available. Its writes are not timed by the container (which
     * would register and unregister every write with its timeout thread): the live sweep calls {@link #dropIfStuck}.
     */
    private static RemoteEndpoint.Async asyncRemote(WebSocketSession session) {
        if (session instanceof NativeWebSocketSession nativeSession) {
            jakarta.websocket.Session standard = nativeSession.getNativeSession(jakarta.websocket.Session.class);
            if (standard != null) {
                RemoteEndpoint.Async async = standard.getAsyncRemote();
                async.setSendTimeout(-1);
                return async;
            }
        }
        return null;
    }

    /** Drops the client when the message being written has taken longer than the time limit (checked by a sweep). */
    void dropIfStuck(long now) {
        long since = sendingSince;
        if (since != 0 && now - since > timeLimitNanos) {
            drop("one frame took longer than tilewright.live.send-time-limit-ms to send");
        }
    }

    private void drop(String why) {
        if (dropped) {
            return;
        }
        dropped = true;
        queue.clear();
        log.info("live: dropping a client of map socket {}: {}", session.getId(), why);
        onDrop.run();
        String reason = "Dropped: " + why;
        senders.execute(() -> closeQuietly(CloseStatus.POLICY_VIOLATION.withReason(
                reason.length() > 120 ? reason.substring(0, 120) : reason)));
    }

    private void closeQuietly(CloseStatus status) {
        try {
            session.close(status);
        } catch (IOException | RuntimeException e) {
            log.debug("live: close failed: {}", e.toString());
        }
    }
}
