package dev.tilewright.live;

import dev.tilewright.support.Eventually;
import org.junit.jupiter.api.Test;
import org.springframework.web.socket.CloseStatus;
import org.springframework.web.socket.TextMessage;
import org.springframework.web.socket.adapter.AbstractWebSocketSession;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/** The bounded send buffer: producers never wait on a client, frames leave in order, a slow reader is dropped. */
class OutboxTest {

    /** A session whose sends can be held up, recording what was sent and how it was closed. */
    static final class FakeSession extends AbstractWebSocketSession<Object> {
        final List<String> sent = Collections.synchronizedList(new ArrayList<>());
        /** The bytes of each message sent, as handed over (the same array for a message shared by many clients). */
        final List<byte[]> sentBytes = Collections.synchronizedList(new ArrayList<>());
        final CountDownLatch release = new CountDownLatch(1);
        volatile boolean stuck;
        volatile CloseStatus closed;

        FakeSession() {
            super(null);
            initializeNativeSession(new Object());
        }

        @Override
        protected void sendTextMessage(TextMessage message) {
            throw new AssertionError("the server sends binary messages");
        }

        @Override
        protected void sendBinaryMessage(org.springframework.web.socket.BinaryMessage message)
                throws java.io.IOException {
            if (stuck) {
                try {
                    release.await();
                } catch (InterruptedException e) {
                    throw new java.io.IOException(e);
                }
            }
            sentBytes.add(message.getPayload().array());
            sent.add(java.nio.charset.StandardCharsets.UTF_8.decode(message.getPayload()).toString());
        }

        @Override
        protected void sendPingMessage(org.springframework.web.socket.PingMessage message) {
        }

        @Override
        protected void sendPongMessage(org.springframework.web.socket.PongMessage message) {
        }

        @Override
        protected void closeInternal(CloseStatus status) {
            closed = status;
            release.countDown();
        }

        @Override
        public String getId() {
            return "fake";
        }

        @Override
        public java.net.URI getUri() {
            return null;
        }

        @Override
        public org.springframework.http.HttpHeaders getHandshakeHeaders() {
            return new org.springframework.http.HttpHeaders();
        }

        @Override
        public String getAcceptedProtocol() {
            return null;
        }

        @Override
        public void setTextMessageSizeLimit(int messageSizeLimit) {
        }

        @Override
        public int getTextMessageSizeLimit() {
            return 0;
        }

        @Override
        public void setBinaryMessageSizeLimit(int messageSizeLimit) {
        }

        @Override
        public int getBinaryMessageSizeLimit() {
            return 0;
        }

        @Override
        public List<org.springframework.web.socket.WebSocketExtension> getExtensions() {
            return List.of();
        }

        @Override
        public java.security.Principal getPrincipal() {
            return null;
        }

        @Override
        public java.net.InetSocketAddress getLocalAddress() {
            return null;
        }

        @Override
        public java.net.InetSocketAddress getRemoteAddress() {
            return null;
        }

        @Override
        public boolean isOpen() {
            return closed == null;
        }
    }

    private final ExecutorService senders = Executors.newCachedThreadPool();

    @Test
    void framesFromManyProducersLeaveInTheOrderEachQueuedThem() throws Exception {
        FakeSession session = new FakeSession();
        Outbox outbox = new Outbox(session, senders, 1 << 20, 5000, () -> { });
        ExecutorService producers = Executors.newFixedThreadPool(4);
        for (int p = 0; p < 4; p++) {
            int producer = p;
            producers.execute(() -> {
                for (int i = 0; i < 2000; i++) {
                    outbox.send(producer + ":" + i);
                }
            });
        }
        producers.shutdown();
        assertThat(producers.awaitTermination(10, TimeUnit.SECONDS)).isTrue();
        outbox.close(CloseStatus.NORMAL);
        Eventually.eventually("the outbox to close the session", () -> session.closed != null);
        assertThat(session.closed).as("closed after the queued frames").isEqualTo(CloseStatus.NORMAL);
        assertThat(session.sent).hasSize(8000);
        int[] last = {-1, -1, -1, -1};
        for (String frame : session.sent) {
            int producer = frame.charAt(0) - '0';
            int i = Integer.parseInt(frame.substring(2));
            assertThat(i).as("producer %d in order", producer).isEqualTo(last[producer] + 1);
            last[producer] = i;
        }
    }

    @Test
    void aClientThatStopsReadingIsDroppedWithoutHoldingUpTheProducer() throws Exception {
        FakeSession session = new FakeSession();
        session.stuck = true;
        AtomicInteger drops = new AtomicInteger();
        Outbox outbox = new Outbox(session, senders, 10_000, 60_000, drops::incrementAndGet);
        String frame = "x".repeat(100);
        // the stuck send never returns: a producer that waited on it would never finish
        CompletableFuture<Void> producer = CompletableFuture.runAsync(() -> {
            for (int i = 0; i < 1000; i++) {
                outbox.send(frame);
            }
        });
        producer.get(30, TimeUnit.SECONDS);
        assertThat(outbox.dropped()).isTrue();
        assertThat(drops.get()).isEqualTo(1);
        Eventually.eventually("the dropped client's session to be closed", () -> session.closed != null);
        assertThat(session.closed.getCode()).isEqualTo(1008);
        assertThat(session.closed.getReason()).contains("send-buffer-bytes");
    }

    @Test
    void theSweepDropsAClientWhoseMessageIsStuckPastTheTimeLimitThoughNothingMoreIsSent() throws Exception {
        FakeSession session = new FakeSession();
        session.stuck = true;
        Outbox outbox = new Outbox(session, senders, 1 << 20, 50, () -> { });
        outbox.send("first");
        outbox.dropIfStuck(System.nanoTime());
        assertThat(outbox.dropped()).as("within the time limit").isFalse();
        Eventually.eventually("the sweep to drop the stuck client", () -> {
            outbox.dropIfStuck(System.nanoTime());
            return outbox.dropped();
        });
        Eventually.eventually("the dropped client's session to be closed", () -> session.closed != null);
        assertThat(session.closed.getReason()).contains("send-time-limit-ms");
    }

    @Test
    void aSendThatTakesLongerThanTheTimeLimitDropsTheClient() throws Exception {
        FakeSession session = new FakeSession();
        session.stuck = true;
        Outbox outbox = new Outbox(session, senders, 1 << 20, 50, () -> { });
        outbox.send("first");
        // past the 50 ms limit the stuck first send makes the next send drop the client
        Eventually.eventually("a send past the time limit to drop the client", () -> {
            outbox.send("again");
            return outbox.dropped();
        });
    }
}
