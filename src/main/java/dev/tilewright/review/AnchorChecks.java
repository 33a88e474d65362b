package dev.tilewright.review;

import dev.tilewright.config.ReviewProperties;
import dev.tilewright.core.model.TileMap;
import dev.tilewright.map.MapHistory;
import dev.tilewright.map.MapReads;
import dev.tilewright.map.Versioned;
import dev.tilewright.review.Threads.Thread;
import dev.tilewright.core.refusal.Refusal;
import dev.tilewright.core.refusal.Refused;
import org.springframework.stereotype.Component;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Whether what each review thread is pinned to changed since the version it was made at ({@code anchorChanged}), as
 * listings and thread reads tell it: from the ops since, when none of them can have touched the anchor (no version
 * rebuilt), else by comparing that version with now — at most {@code anchor-versions} rebuilt per listing, within the
 * rebuild budget; a thread left over (or whose version cannot be rebuilt now) says nothing.
 */
@Component
class AnchorChecks {

    private final MapReads reads;
    private final MapHistory history;
    private final ReviewProperties limits;

    AnchorChecks(MapReads reads, MapHistory history, ReviewProperties limits) {
        this.reads = reads;
        this.history = history;
        this.limits = limits;
    }

    /** The threads with {@code anchorChanged} told where it can be. */
    List<Thread> told(long mapId, List<Thread> list) {
        Versioned now = reads.view(mapId);
        long oldest = list.stream().mapToLong(Thread::version).min().orElse(now.version());
        List<MapHistory.Logged> since = oldest >= now.version() ? List.of()
                : history.logged(mapId, oldest, now.version(), limits.anchorOps(), limits.anchorReadBytes())
                .orElse(null);
        Map<Long, TileMap> versions = new HashMap<>();
        List<Thread> out = new ArrayList<>(list.size());
        for (Thread thread : list) {
            long at = thread.version();
            if (at >= now.version() || since != null && !thread.anchor().mayHaveChanged(since.stream()
                    .filter(l -> l.version() > at).map(MapHistory.Logged::op).toList(), now.map())) {
                out.add(thread.withAnchorChanged(false));
                continue;
            }
            if (!versions.containsKey(at) && versions.size() < limits.anchorVersions()) {
                versions.put(at, past(mapId, at));
            }
            TileMap then = versions.get(at);
            out.add(then == null ? thread : thread.withAnchorChanged(thread.anchor().changed(then, now.map())));
        }
        return out;
    }

    /** A past version, or null when it cannot be rebuilt now (over the rebuild budget, or the budget is busy). */
    private TileMap past(long mapId, long version) {
        try {
            return history.snapshot(mapId, version).map();
        } catch (Refused overBudget) {
            if (overBudget.kind() == Refusal.Kind.TOO_LARGE || overBudget.kind() == Refusal.Kind.BUSY) {
                return null;
            }
            throw overBudget;
        }
    }
}
