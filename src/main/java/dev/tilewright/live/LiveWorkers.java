package dev.tilewright.live;

import dev.tilewright.config.LiveProperties;
import dev.tilewright.system.BackgroundWork;
import dev.tilewright.system.Phase;
import org.springframework.stereotype.Component;

import java.util.concurrent.Executor;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * The live socket's threads: senders (each client's outbox is written by one at a time), writers (a room's group
 * commit, {@code writer-threads} of them) and the sweeps that close silent sockets and those whose access ended. Up
 * before the web server takes the first socket, down after it closed the last (see {@link Phase#LIVE}).
 */
@Component
class LiveWorkers extends BackgroundWork {

    private final Rooms rooms;
    private final LiveAccess access;
    private final LiveProperties properties;
    private volatile Executor senders;
    private volatile ScheduledExecutorService writers;
    private volatile Executor greeters;

    LiveWorkers(Rooms rooms, LiveAccess access, LiveProperties properties) {
        super("live", Phase.LIVE);
        this.rooms = rooms;
        this.access = access;
        this.properties = properties;
    }

    @Override
    protected void started() {
        senders = pool("send");
        writers = scheduledPool("write", properties.writerThreads());
        greeters = fixedPool("greet", 4);
        long period = Math.max(100, Math.min(1000, properties.idleTimeoutMs() / 4));
        timer("idle").scheduleWithFixedDelay(rooms::closeSilent, period, period, TimeUnit.MILLISECONDS);
        timer("access").scheduleWithFixedDelay(access::recheck, properties.accessCheckMs(),
                properties.accessCheckMs(), TimeUnit.MILLISECONDS);
    }

    /** Where outboxes write to their sockets. */
    Executor senders() {
        return senders;
    }

    /** Where hellos are answered (they read the database; never on the thread reading the sockets). */
    Executor greeters() {
        return greeters;
    }

    /**
     * Where rooms commit what waits in their inboxes: a fixed number of threads (each commit holds a database
     * connection), which also wait out a busy room's tick, so its next group commit starts on the thread that wakes.
     */
    ScheduledExecutorService writers() {
        return writers;
    }
}
