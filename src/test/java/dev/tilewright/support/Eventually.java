package dev.tilewright.support;

import java.time.Duration;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/**
 * Waits for a condition instead of for a time: checks it every few milliseconds until it holds, and fails naming
 * what was awaited when it does not hold within the limit.
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
        long until = System.nanoTime() + limit.toNanos();
        long pause = 1;
        while (true) {
            T got = value.get();
            if (got != null) {
                return got;
            }
            if (System.nanoTime() > until) {
                throw new AssertionError("Waited " + limit.toMillis() + " ms for " + what);
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
