package dev.tilewright.web;

import dev.tilewright.config.WorkProperties;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Component;

import java.util.EnumMap;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * Bounded lanes for expensive work: each kind runs at most its configured number at once, and one owner — a person,
 * a project's bot, a share link (counted as its map's project) — at most its share of them
 * ({@code tilewright.work.owner-share-percent} of the lane, at least one), so one caller's stream of heavy requests
 * leaves room for everyone else's. A request past that waits a moment for a place and is then refused with 503 and
 * {@code Retry-After} (problem JSON naming the setting, and saying whether it was the caller's own share that was
 * full), never queued without bound. The edit path has no lane: it never waits behind this work.
 */
@Component
public class Lanes {

    /** A kind of expensive work and the setting that sizes its lane. */
    public enum Lane {
        DRAW("draws", "drawing"), EXPORT("exports", "exporting"), IMPORT("imports", "importing"),
        GRID("grids", "computing grids"), SEARCH("searches", "searching paths"), BATCH("batches", "answering queries"),
        HISTORY("histories", "reading map histories"), COMPUTE("computes", "working out rules and terrain");

        private final String property;
        private final String doing;

        Lane(String property, String doing) {
            this.property = property;
            this.doing = doing;
        }
    }

    /** Who the work on this thread is for: a key per owner (the web's caller, or the service itself). */
    public interface Owners {
        String current();
    }

    /** A lane's places: how many are taken, and by whom. */
    private static final class Places {
        final int size;
        final int share;
        int used;
        final Map<String, Integer> held = new HashMap<>();

        Places(int size, int share) {
            this.size = size;
            this.share = share;
        }

        /** Takes a place for the owner, waiting until the deadline; whether it did, else why not (own share full). */
        synchronized Boolean enter(String owner, long deadline) throws InterruptedException {
            while (used >= size || held.getOrDefault(owner, 0) >= share) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    return held.getOrDefault(owner, 0) >= share ? null : Boolean.FALSE;
                }
                TimeUnit.NANOSECONDS.timedWait(this, left);
            }
            used++;
            held.merge(owner, 1, Integer::sum);
            return Boolean.TRUE;
        }

        synchronized void leave(String owner) {
            used--;
            held.computeIfPresent(owner, (key, n) -> n > 1 ? n - 1 : null);
            notifyAll();
        }
    }

    private final Map<Lane, Places> places = new EnumMap<>(Lane.class);
    private final WorkProperties properties;
    private final Owners owners;

    Lanes(WorkProperties properties, Owners owners) {
        this.properties = properties;
        this.owners = owners;
        size(Lane.DRAW, properties.draws());
        size(Lane.EXPORT, properties.exports());
        size(Lane.IMPORT, properties.imports());
        size(Lane.GRID, properties.grids());
        size(Lane.SEARCH, properties.searches());
        size(Lane.BATCH, properties.batches());
        size(Lane.HISTORY, properties.histories());
        size(Lane.COMPUTE, properties.computes());
    }

    private void size(Lane lane, int size) {
        int places = Math.max(1, size);
        int share = Math.max(1, places * Math.max(1, Math.min(100, properties.ownerSharePercent())) / 100);
        this.places.put(lane, new Places(places, share));
    }

    /** Runs the work in its lane; 503 with Retry-After when no place (or no place of the owner's share) comes. */
    public <T> T run(Lane lane, Supplier<T> work) {
        Places lanePlaces = places.get(lane);
        String owner = owners.current();
        Boolean entered;
        try {
            entered = lanePlaces.enter(owner, System.nanoTime() + properties.waitMs() * 1_000_000L);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            entered = Boolean.FALSE;
        }
        if (!Boolean.TRUE.equals(entered)) {
            String why = entered == null ? "Your share of the lane for " + lane.doing + " is busy with your other "
                    + "requests (" + lanePlaces.share + " of " + lanePlaces.size + ", tilewright.work.owner-share-percent)"
                    : "The server is busy " + lane.doing;
            throw ApiProblem.overLimit(HttpStatus.SERVICE_UNAVAILABLE, "tilewright.work." + lane.property,
                    lanePlaces.size, why + "; try again in " + properties.retryAfterSeconds() + " s")
                    .with("lane", lane.name().toLowerCase(java.util.Locale.ROOT))
                    .retryAfter(properties.retryAfterSeconds());
        }
        try {
            return work.get();
        } finally {
            lanePlaces.leave(owner);
        }
    }
}
