package dev.tilewright.system;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The one way the service runs threads of its own: a bean that extends this starts its pools in {@link #started()}
 * when Spring starts it, at its {@link Phase}, and they are shut down (and awaited) when Spring stops it, in the
 * reverse order. Every such thread is a named daemon ({@code tilewright-<name>-<n>}).
 */
public abstract class BackgroundWork implements SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(BackgroundWork.class);

    private final String name;
    private final Phase phase;
    private final List<ExecutorService> pools = new ArrayList<>();
    private volatile boolean running;

    protected BackgroundWork(String name, Phase phase) {
        this.name = name;
        this.phase = phase;
    }

    /** Starts the work: make pools with {@link #pool} and {@link #timer} here. */
    protected abstract void started();

    /** Called before the pools are shut down (to tell a loop to end). */
    protected void stopping() {
    }

    /** Called after the pools stopped (to finish what they leave, e.g. a last write-back). */
    protected void stopped() {
    }

    /** A pool that grows with demand, its threads named {@code tilewright-<name>-<role>-<n>}. */
    protected final ExecutorService pool(String role) {
        return keep(Executors.newCachedThreadPool(named(role)));
    }

    /** A pool of a fixed number of threads. */
    protected final ExecutorService fixedPool(String role, int threads) {
        return keep(Executors.newFixedThreadPool(threads, named(role)));
    }

    /** A fixed number of threads running tasks now or after a delay (a task that is due runs on one of them). */
    protected final ScheduledExecutorService scheduledPool(String role, int threads) {
        return keep(Executors.newScheduledThreadPool(threads, named(role)));
    }

    /** One thread running timed tasks. */
    protected final ScheduledExecutorService timer(String role) {
        return keep(Executors.newSingleThreadScheduledExecutor(named(role)));
    }

    private <T extends ExecutorService> T keep(T pool) {
        synchronized (pools) {
            pools.add(pool);
        }
        return pool;
    }

    private ThreadFactory named(String role) {
        AtomicInteger count = new AtomicInteger();
        String prefix = "tilewright-" + name + "-" + role + "-";
        return task -> {
            Thread thread = new Thread(task, prefix + count.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        };
    }

    @Override
    public final void start() {
        running = true;
        started();
    }

    @Override
    public final void stop() {
        stopping();
        List<ExecutorService> stopping;
        synchronized (pools) {
            stopping = List.copyOf(pools);
            pools.clear();
        }
        stopping.forEach(ExecutorService::shutdownNow);
        for (ExecutorService pool : stopping) {
            try {
                if (!pool.awaitTermination(10, TimeUnit.SECONDS)) {
                    log.warn("{}: a thread did not stop within 10 s", name);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        try {
            stopped();
        } finally {
            running = false;
        }
    }

    @Override
    public final boolean isRunning() {
        return running;
    }

    @Override
    public final int getPhase() {
        return phase.value();
    }
}
