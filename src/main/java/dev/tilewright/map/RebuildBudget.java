package dev.tilewright.map;

import dev.tilewright.config.WorkProperties;
import dev.tilewright.system.HeapBudget;
import dev.tilewright.core.refusal.Refusal;
import dev.tilewright.core.refusal.Refused;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Memory for past versions being rebuilt (and copies of them worked on), counted before the work starts: a rebuild
 * reserves what the map takes now (its heapBytes; a past version is about as large) from
 * {@code tilewright.history.rebuild-bytes} in all. One that could never fit is refused at once (413 naming the
 * setting); one that does not fit now waits {@code tilewright.work.wait-ms} for others to finish, then 503 with
 * Retry-After. A request holds what it reserved until it is answered (this is also the filter that lets it go); work
 * on a thread of its own lets go when the rebuild is done.
 */
@Component
public class RebuildBudget extends OncePerRequestFilter {

    private final long total;
    private final WorkProperties work;
    private final ThreadLocal<List<Long>> held = new ThreadLocal<>();
    private long used;

    RebuildBudget(HeapBudget heap, WorkProperties work) {
        this.total = heap.rebuildBytes();
        this.work = work;
    }

    /**
     * Reserves {@code bytes} for a rebuild: within a request, until it is answered; else until {@code done} returns.
     * Refused with 413 when the budget could never hold it, 503 when it cannot now.
     */
    <T> T within(long bytes, java.util.function.Supplier<T> done) {
        List<Long> request = held.get();
        long mine = request == null ? 0 : request.stream().mapToLong(Long::longValue).sum();
        take(bytes, mine);
        if (request != null) {
            request.add(bytes);
            return done.get();
        }
        try {
            return done.get();
        } finally {
            give(bytes);
        }
    }

    /** Takes {@code bytes} for a request that holds {@code mine} already (what it holds counts against it too). */
    private synchronized void take(long bytes, long mine) {
        if (bytes + mine > total) {
            throw Refused.overLimit(Refusal.Kind.TOO_LARGE, "tilewright.history.rebuild-bytes", total,
                    "Rebuilding this map's past version" + (mine > 0 ? "s" : "") + " takes about "
                            + ((bytes + mine) >> 20) + " MiB, more than past versions may take at once here; read the "
                            + "current version, or ask the operator to raise the limit (or the heap)");
        }
        long deadline = System.nanoTime() + work.waitMs() * 1_000_000L;
        while (used + bytes > total) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                throw Refused.overLimit(Refusal.Kind.BUSY, "tilewright.history.rebuild-bytes", total,
                        "The server is busy rebuilding past versions; try again in " + work.retryAfterSeconds()
                                + " s").retryAfter(work.retryAfterSeconds());
            }
            try {
                TimeUnit.NANOSECONDS.timedWait(this, left);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw Refused.of(Refusal.Kind.BUSY, "Stopping", "The service is stopping.");
            }
        }
        used += bytes;
    }

    private synchronized void give(long bytes) {
        used -= bytes;
        notifyAll();
    }

    /** Bytes reserved now (for tests and the soak's readings). */
    synchronized long used() {
        return used;
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        List<Long> outer = held.get();
        List<Long> mine = new ArrayList<>();
        held.set(mine);
        try {
            chain.doFilter(request, response);
        } finally {
            held.set(outer);
            mine.forEach(this::give);
        }
    }
}
