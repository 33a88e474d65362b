package dev.tilewright.live;

import dev.tilewright.config.LiveProperties;
import org.apache.catalina.Lifecycle;
import org.apache.coyote.AbstractProtocol;
import org.apache.coyote.http11.upgrade.UpgradeProcessorInternal;
import org.apache.tomcat.util.net.SocketEvent;
import org.apache.tomcat.util.net.SocketProcessorBase;
import org.apache.tomcat.util.net.SocketWrapperBase;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.tomcat.TomcatConnectorCustomizer;
import org.springframework.stereotype.Component;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;

/**
 * Live sockets' small work where it happens, not handed from thread to thread (measured in docs/benchmarks.md: with
 * 50 editors each received op cost two thread wake-ups, poller to worker and back, and each sent message one more):
 * <ul>
 *     <li>a live socket's frames are read and handled on Tomcat's poller thread that saw them arrive, instead of a
 *     worker being woken for each. Nothing a live socket's frames make the service do waits: greetings (which read
 *     the database) go to their own pool ({@link LiveHandler}), presence is passed on by the room's tick, sends are
 *     asynchronous ({@link Outbox}), closing goes to the senders' pool, and the container's own answers on a socket
 *     (a pong, a close) are bounded by a short blocking-send timeout;</li>
 *     <li>the completion of an {@link Outbox}'s send that finished at once runs on the thread that sent, which goes
 *     on with the next message in its loop, instead of being handed to a worker.</li>
 * </ul>
 * Everything else (HTTP requests, writes that had to wait for the socket) goes to the container's pool as before.
 * Only where work runs changes, never what it does: if this Tomcat's internals differ from what is looked for, work
 * is handed off as usual (and the start log says so). Off with {@code tilewright.live.inline-socket-work=false}.
 */
@Component
class SocketWorkInline implements TomcatConnectorCustomizer {

    private static final Logger log = LoggerFactory.getLogger(SocketWorkInline.class);
    private static final String SEND_COMPLETION =
            "org.apache.tomcat.websocket.server.WsRemoteEndpointImplServer$OnResultRunnable";

    private final LiveProperties properties;

    SocketWorkInline(LiveProperties properties) {
        this.properties = properties;
    }

    @Override
    public void customize(org.apache.catalina.connector.Connector connector) {
        if (!properties.inlineSocketWork()) {
            return;
        }
        connector.addLifecycleListener(event -> {
            if (!(connector.getProtocolHandler() instanceof AbstractProtocol<?> protocol)) {
                return;
            }
            if (Lifecycle.AFTER_START_EVENT.equals(event.getType())) {
                Executor pool = protocol.getExecutor();
                if (pool == null || Fields.WRAPPER == null) {
                    log.info("live: socket work is handed to the container's pool (its internals are not as expected)");
                    return;
                }
                protocol.setExecutor(new Inline(pool));
            } else if (Lifecycle.AFTER_STOP_EVENT.equals(event.getType())
                    && protocol.getExecutor() instanceof Inline inline && inline.pool() instanceof ExecutorService pool) {
                // the container no longer takes the pool for its own once another executor was set: end it here
                pool.shutdown();
            }
        });
    }

    /** Runs a live socket's reads and the completions of sends that finished at once where they arise. */
    record Inline(Executor pool) implements Executor {

        @Override
        public void execute(Runnable task) {
            if (runsHere(task)) {
                task.run();
            } else {
                pool.execute(task);
            }
        }

        static boolean runsHere(Runnable task) {
            if (task instanceof SocketProcessorBase<?> processor) {
                return Fields.EVENT.get(processor) == SocketEvent.OPEN_READ
                        && Fields.WRAPPER.get(processor) instanceof SocketWrapperBase<?> socket
                        && socket.getCurrentProcessor() instanceof UpgradeProcessorInternal;
            }
            return Outbox.sendingHere() && task.getClass().getName().equals(SEND_COMPLETION);
        }
    }

    /** The socket and event of a task Tomcat hands to its pool (null when this Tomcat has no such fields). */
    private static final class Fields {
        static final VarHandle WRAPPER;
        static final VarHandle EVENT;

        static {
            VarHandle wrapper = null;
            VarHandle event = null;
            try {
                var lookup = MethodHandles.privateLookupIn(SocketProcessorBase.class, MethodHandles.lookup());
                wrapper = lookup.findVarHandle(SocketProcessorBase.class, "socketWrapper", SocketWrapperBase.class);
                event = lookup.findVarHandle(SocketProcessorBase.class, "event", SocketEvent.class);
            } catch (ReflectiveOperationException | RuntimeException notThisTomcat) {
                wrapper = null;
                event = null;
            }
            WRAPPER = wrapper;
            EVENT = event;
        }
    }
}
