package dev.tilewright.live;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.web.socket.CloseStatus;
import org.springframework.web.socket.BinaryMessage;
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
 * What waits to be sent to one client, bounded: messages are queued by whoever produces them (never blocking on the
 * client's socket) and written in order by one sender at a time, each in one network write. A message is the UTF-8 of
 * its JSON, sent as a binary WebSocket message: a message due to many editors is encoded once and the same bytes go
 * to each (docs/live-protocol.md). A client that lets more than the buffer limit pile up, or whose socket takes longer
 * than the time limit to take one message, is dropped (close 1008), so one slow reader never holds up the others.
 */
final class Outbox {

    private static final Logger log = LoggerFactory.getLogger(Outbox.class);
    private static final byte[] CLOSE = new byte[0];

    private final WebSocketSession session;
    private final Executor senders;
    private final long limitBytes;
    private final long timeLimitNanos;
    private final ConcurrentLinkedQueue<byte[]> queue = new ConcurrentLinkedQueue<>();
    private final AtomicLong waitingBytes = new AtomicLong();
    private final AtomicBoolean sending = new AtomicBoolean();
    private final Runnable onDrop;
    private volatile long sendingSince;
    private volatile CloseStatus closeWith;
    private volatile boolean dropped;

    Outbox(WebSocketSession session, Executor senders, long limitBytes, long timeLimitMs, Runnable onDrop) {
        this.session = session;
        this.senders = senders;
        this.limitBytes = limitBytes;
        this.timeLimitNanos = timeLimitMs * 1_000_000L;
        this.onDrop = onDrop;
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
     * Queues messages (each the UTF-8 of one JSON message, never changed after) to go in this order; drops the client
     * instead when it is over its limits.
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
        schedule();
    }

    /** Closes the socket once everything queued before has been sent. */
    void close(CloseStatus status) {
        if (closeWith == null && !dropped) {
            closeWith = status;
            queue.add(CLOSE);
            schedule();
        }
    }

    boolean dropped() {
        return dropped;
    }

    private void schedule() {
        if (sending.compareAndSet(false, true)) {
            senders.execute(this::drain);
        }
    }

    private void drain() {
        try {
            jakarta.websocket.RemoteEndpoint.Basic remote = remote();
            while (true) {
                byte[] message;
                while ((message = queue.poll()) != null) {
                    if (message == CLOSE) {
                        closeQuietly(closeWith);
                        return;
                    }
                    sendingSince = System.nanoTime();
                    if (remote != null) {
                        remote.sendBinary(ByteBuffer.wrap(message));
                    } else {
                        session.sendMessage(new BinaryMessage(message));
                    }
                    waitingBytes.addAndGet(-message.length);
                }
                sendingSince = 0;
                sending.set(false);
                if (queue.isEmpty() || !sending.compareAndSet(false, true)) {
                    return;
                }
            }
        } catch (IOException | RuntimeException e) {
            sending.set(false);
            drop("sending failed: " + e);
        }
    }

    /**
     * The container's endpoint, which writes a message's bytes as they are (a header and the payload in one write);
     * null if not available.
     */
    private jakarta.websocket.RemoteEndpoint.Basic remote() {
        if (session instanceof NativeWebSocketSession nativeSession) {
            jakarta.websocket.Session standard = nativeSession.getNativeSession(jakarta.websocket.Session.class);
            if (standard != null) {
                return standard.getBasicRemote();
            }
        }
        return null;
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
