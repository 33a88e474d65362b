package dev.tilewright.support;

import java.time.Duration;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/**
 * Waits for a condition instead of for a time: checks it every few milliseconds until it holds, and fails naming
 * what was awaited when it does not hold within the limit. {@link #holds} is the other way round: what must stay
 * true for a while is checked all along, not once after a sleep.
 */
public final class Eventually {

    private static final Duration DEFAULT = Duration.ofSeconds(10);

    private Eventually() {
    }

    /** Waits up to 10 s for {@code condition}. */
    public static void eventually(String what, BooleanSupplier condition) {
        eventually(what, DEFAULT, condition);
    }

    /** Waits up to {@code limit} for {@code condition}. */
    public static void eventually(String what, Duration limit, BooleanSupplier condition) {
        eventually(what, limit, () -> condition.getAsBoolean() ? Boolean.TRUE : null);
    }

    /** Waits up to {@code limit} for {@code value} to give something other than null, and returns it. */
    public static <T> T eventually(String what, Duration limit, Supplier<T> value) {
        T got = poll(what, limit, value);
        if (got == null) {
            throw new AssertionError("Waited " + limit.toMillis() + " ms for " + what);
        }
        return got;
    }

    /**
     * Waits up to {@code limit} for {@code condition} and says whether it came to hold (for tools and pacing, where a
     * condition that does not come is reported, not a failure).
     */
    public static boolean within(Duration limit, BooleanSupplier condition) {
        return poll("a condition", limit, () -> condition.getAsBoolean() ? Boolean.TRUE : null) != null;
    }

    /** Checks that {@code condition} holds throughout {@code span}; fails the moment it does not. */
    public static void holds(String what, Duration span, BooleanSupplier condition) {
        if (poll(what, span, () -> condition.getAsBoolean() ? null : Boolean.TRUE) != null) {
            throw new AssertionError("Expected " + what + " to hold for " + span.toMillis() + " ms; it stopped");
        }
    }

    /** {@code value}'s first non-null answer within {@code limit}, or null. */
    private static <T> T poll(String what, Duration limit, Supplier<T> value) {
        long until = System.nanoTime() + limit.toNanos();
        long pause = 1;
        while (true) {
            T got = value.get();
            if (got != null || System.nanoTime() > until) {
                return got;
            }
            try {
                Thread.sleep(pause);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError("Interrupted while waiting for " + what, e);
            }
            pause = Math.min(50, pause * 2);
        }
    }
}
