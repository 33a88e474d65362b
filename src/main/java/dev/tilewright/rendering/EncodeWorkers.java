package dev.tilewright.rendering;

import dev.tilewright.system.BackgroundWork;
import dev.tilewright.system.Phase;
import org.springframework.stereotype.Component;

import java.util.concurrent.Executor;

/** One thread per core that PNG encoding deflates strips on beside the request's own thread. */
@Component
class EncodeWorkers extends BackgroundWork implements Executor {

    private volatile Executor pool;

    EncodeWorkers() {
        super("png", Phase.REQUESTS);
    }

    @Override
    protected void started() {
        pool = fixedPool("deflate", Runtime.getRuntime().availableProcessors());
    }

    /** From now on callers encode alone: nothing is handed to a pool that is shutting down. */
    @Override
    protected void stopping() {
        pool = null;
    }

    @Override
    public void execute(Runnable task) {
        Executor current = pool;
        if (current == null) {
            // not started (or stopped): the caller does the work itself
            task.run();
        } else {
            current.execute(task);
        }
    }
}
