package dev.tilewright.web;

import dev.tilewright.config.WorkProperties;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Component;

import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * Bounded lanes for expensive work: each kind runs at most its configured number at once; a request past that waits
 * a moment for a place and is then refused with 503 and {@code Retry-After} (problem JSON naming the setting), never
 * queued without bound. The edit path has no lane: it never waits behind this work.
 */
@Component
public class Lanes {

    /** A kind of expensive work and the setting that sizes its lane. */
    public enum Lane {
        DRAW("draws", "drawing"), EXPORT("exports", "exporting"), IMPORT("imports", "importing"),
        GRID("grids", "computing grids"), SEARCH("searches", "searching paths"), BATCH("batches", "answering batches"),
        HISTORY("histories", "reading map histories");

        private final String property;
        private final String doing;

        Lane(String property, String doing) {
            this.property = property;
            this.doing = doing;
        }
    }

    private final Map<Lane, Semaphore> places = new EnumMap<>(Lane.class);
    private final Map<Lane, Integer> sizes = new EnumMap<>(Lane.class);
    private final WorkProperties properties;

    Lanes(WorkProperties properties) {
        this.properties = properties;
        size(Lane.DRAW, properties.draws());
        size(Lane.EXPORT, properties.exports());
        size(Lane.IMPORT, properties.imports());
        size(Lane.GRID, properties.grids());
        size(Lane.SEARCH, properties.searches());
        size(Lane.BATCH, properties.batches());
        size(Lane.HISTORY, properties.histories());
    }

    private void size(Lane lane, int size) {
        sizes.put(lane, Math.max(1, size));
        places.put(lane, new Semaphore(Math.max(1, size)));
    }

    /** Runs the work in its lane; 503 with Retry-After when the lane stays full for the configured wait. */
    public <T> T run(Lane lane, Supplier<T> work) {
        Semaphore semaphore = places.get(lane);
        boolean entered;
        try {
            entered = semaphore.tryAcquire(properties.waitMs(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            entered = false;
        }
        if (!entered) {
            throw ApiProblem.overLimit(HttpStatus.SERVICE_UNAVAILABLE, "tilewright.work." + lane.property,
                    sizes.get(lane), "The server is busy " + lane.doing + "; try again in "
                            + properties.retryAfterSeconds() + " s").retryAfter(properties.retryAfterSeconds());
        }
        try {
            return work.get();
        } finally {
            semaphore.release();
        }
    }
}
