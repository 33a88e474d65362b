package dev.tilewright.live;

import dev.tilewright.system.BackgroundWork;
import dev.tilewright.system.Phase;
import org.springframework.stereotype.Component;

import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * The one thread that runs the rooms' timed flushes of what was relayed (each editor gets a tick's frames as one
 * message) when no group commit flushed them (a busy room's commits wait out their tick on the writers' threads).
 */
@Component
class Ticks extends BackgroundWork implements Room.Later {

    private volatile ScheduledExecutorService timer;

    Ticks() {
        super("live-ticks", Phase.LIVE);
    }

    @Override
    protected void started() {
        timer = timer("tick");
    }

    /** Runs the task after the delay; at once when the timer is not running (starting or stopped). */
    @Override
    public void run(Runnable task, long delayNanos) {
        ScheduledExecutorService running = timer;
        if (running == null || running.isShutdown()) {
            task.run();
            return;
        }
        try {
            running.schedule(task, delayNanos, TimeUnit.NANOSECONDS);
        } catch (java.util.concurrent.RejectedExecutionException stopping) {
            task.run();
        }
    }
}
