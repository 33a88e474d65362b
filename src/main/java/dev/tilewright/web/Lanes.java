package dev.tilewright.web;

import dev.tilewright.core.refusal.Refusal;
import dev.tilewright.core.refusal.Refused;

import dev.tilewright.config.WorkProperties;
import org.springframework.stereotype.Component;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * Bounded lanes for expensive work: each kind runs at most its configured number at once, and one owner — a person,
 * a project's bot, a share link (counted as its map's project) — at most its share of them
 * ({@code tilewright.work.owner-share-percent} of the lane, at least one), so one caller's stream of heavy requests
 * leaves room for everyone else's. Work comes with its cost (pixels or cells): work of at most
 * {@code tilewright.work.small-work} has places of its own in each lane ({@code small-places}), so small work never
 * waits behind big work. A free place goes to the waiting owner that holds the fewest (then the longest waiting):
 * fair shares, not first come. An owner whose share is taken and who already has {@value #QUEUED} times as many
 * waiting is refused at once;
 * a request that finds no place within {@code wait-ms} is refused too: 503 with {@code Retry-After} (problem JSON
 * naming the lane and the setting, and saying whether it was the caller's own share that was full), never queued
 * without bound. The edit path has no lane: it never waits behind this work.
 */
@Component
public class Lanes {

    /**
     * Requests an owner may have waiting per place of its share (an editor opening asks for its history, reviews and
     * checks at once); past them, with its share taken, it is refused at once.
     */
    static final int QUEUED = 4;

    /** The cost of work whose size is not known up front: it takes the lane's places for big work. */
    public static final long BIG = Long.MAX_VALUE;

    /** A kind of expensive work and the setting that sizes its lane. */
    public enum Lane {
        DRAW("draws", "drawing"), EXPORT("exports", "exporting"), IMPORT("imports", "importing"),
        GRID("grids", "computing grids"), SEARCH("searches", "searching paths"), BATCH("batches", "answering queries"),
        HISTORY("histories", "reading map histories"), COMPUTE("computes", "working out rules and terrain"),
        READ("reads", "reading cells");

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

    /** A request waiting for a place. */
    private static final class Waiter {
        final String owner;
        final long order;

        Waiter(String owner, long order) {
            this.owner = owner;
            this.order = order;
        }
    }

    /** Places of a lane (for big or for small work): how many are taken, by whom, and who waits. */
    private static final class Places {
        final int size;
        final int share;
        final String setting;
        int used;
        long arrivals;
        final Map<String, Integer> held = new HashMap<>();
        final List<Waiter> waiting = new ArrayList<>();

        Places(int size, int share, String setting) {
            this.size = size;
            this.share = share;
            this.setting = setting;
        }

        /** Takes a place for the owner, waiting until the deadline; whether it did, else why not (null: own share). */
        synchronized Boolean enter(String owner, long deadline) throws InterruptedException {
            if (held(owner) >= share && waiting.stream().filter(w -> w.owner.equals(owner)).count() >= QUEUED * share) {
                return null;
            }
            Waiter me = new Waiter(owner, arrivals++);
            waiting.add(me);
            try {
                while (used >= size || held(owner) >= share || next() != me) {
                    long left = deadline - System.nanoTime();
                    if (left <= 0) {
                        return held(owner) >= share ? null : Boolean.FALSE;
                    }
                    TimeUnit.NANOSECONDS.timedWait(this, left);
                }
                used++;
                held.merge(owner, 1, Integer::sum);
                return Boolean.TRUE;
            } finally {
                waiting.remove(me);
                notifyAll();
            }
        }

        private int held(String owner) {
            return held.getOrDefault(owner, 0);
        }

        /** Who gets the next free place: of those under their share, the one holding fewest, then the earliest. */
        private Waiter next() {
            Waiter best = null;
            for (Waiter w : waiting) {
                if (held(w.owner) < share && (best == null || held(w.owner) < held(best.owner))) {
                    best = w;
                }
            }
            return best;
        }

        synchronized int waiting() {
            return waiting.size();
        }

        synchronized void leave(String owner) {
            used--;
            held.computeIfPresent(owner, (key, n) -> n > 1 ? n - 1 : null);
            notifyAll();
        }
    }

    private final Map<Lane, Places> places = new EnumMap<>(Lane.class);
    private final Map<Lane, Places> smallPlaces = new EnumMap<>(Lane.class);
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
        size(Lane.READ, properties.reads());
    }

    private void size(Lane lane, int size) {
        int places = Math.max(1, size);
        this.places.put(lane, new Places(places, share(places), "tilewright.work." + lane.property));
        int small = Math.max(1, properties.smallPlaces());
        this.smallPlaces.put(lane, new Places(small, share(small), "tilewright.work.small-places"));
    }

    private int share(int places) {
        return Math.max(1, places * Math.max(1, Math.min(100, properties.ownerSharePercent())) / 100);
    }

    /** How many requests wait for a place of the lane (big and small work), for tests. */
    int waiting(Lane lane) {
        return places.get(lane).waiting() + smallPlaces.get(lane).waiting();
    }

    /** Runs work of unknown cost in its lane's places for big work. */
    public <T> T run(Lane lane, Supplier<T> work) {
        return run(lane, BIG, work);
    }

    /**
     * Runs the work in its lane, among the small work when its cost (pixels or cells) is at most {@code small-work};
     * 503 with Retry-After when no place (or no place of the owner's share) comes.
     */
    public <T> T run(Lane lane, long cost, Supplier<T> work) {
        Places lanePlaces = cost <= properties.smallWork() ? smallPlaces.get(lane) : places.get(lane);
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
            throw Refused.overLimit(Refusal.Kind.BUSY, lanePlaces.setting,
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
