package dev.tilewright.rendering;

import dev.tilewright.config.RenderProperties;
import dev.tilewright.core.model.TileMap;
import dev.tilewright.render.Atlas;
import dev.tilewright.render.Overview;
import dev.tilewright.render.Pixels;
import dev.tilewright.render.Thumbnail;
import dev.tilewright.system.HeapBudget;
import org.springframework.stereotype.Component;

import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;

/**
 * Each map's {@link Overview}, kept in memory up to {@code tilewright.render.overview-cache-bytes} (least recently
 * used go first) and brought up to the map's version when asked: a thumbnail is shrunk from it, never drawn from the
 * whole map. An overview is derived data: one let go is built again from the map.
 */
@Component
class Overviews {

    private record Kept(Overview overview, long bytes) {
    }

    private final RenderProperties properties;
    private final long budget;
    private final Map<Long, Kept> kept = new LinkedHashMap<>(16, 0.75f, true);
    private final Object[] locks = new Object[64];
    private long bytes;
    /** Overviews built whole (not kept in step), for tests and benchmarks. */
    private long built;

    Overviews(RenderProperties properties, HeapBudget heap) {
        this.properties = properties;
        this.budget = heap.overviewCacheBytes();
        for (int i = 0; i < locks.length; i++) {
            locks[i] = new Object();
        }
    }

    /** The map (a view of it) shrunk to fit {@code size} x {@code size}, from its overview brought up to date. */
    Pixels thumbnail(long mapId, TileMap map, Function<Long, Atlas> atlases, Function<String, Pixels> images,
                     int size) {
        synchronized (locks[Math.floorMod(Long.hashCode(mapId), locks.length)]) {
            Kept had = kept(mapId);
            Overview overview = had == null ? null : had.overview();
            if (overview == null || !overview.fits(map, atlases)) {
                overview = Overview.of(map, atlases, images, properties.overviewSide(),
                        properties.overviewExactPixels());
                count();
            } else {
                overview.refresh(map, atlases, images);
            }
            Pixels base = overview.pixels();
            Pixels small = Thumbnail.of(base.width(), base.height(), size, (long) base.width() * base.height(),
                    base::window);
            keep(mapId, overview);
            return small;
        }
    }

    /**
     * What a thumbnail of the map costs, in the lane's units: the cells its overview must read to be brought up to
     * date (all of them when none is kept, or it no longer fits), at least the thumbnail's pixels. So a thumbnail
     * after an edit of the whole map waits among big work, not small.
     */
    long thumbnailCost(long mapId, TileMap map, int size) {
        Kept had = kept(mapId);
        long whole = (long) map.width() * map.height();
        long stale;
        try {
            stale = had == null ? whole : had.overview().staleCells(map);
        } catch (IllegalStateException layersChanged) {
            stale = whole; // a new overview will be made
        }
        return Math.max((long) size * size, stale);
    }

    private synchronized Kept kept(long mapId) {
        return kept.get(mapId);
    }

    private synchronized void count() {
        built++;
    }

    private synchronized void keep(long mapId, Overview overview) {
        long size = overview.bytes();
        Kept before = kept.remove(mapId);
        bytes -= before == null ? 0 : before.bytes();
        if (size > budget) {
            return;
        }
        kept.put(mapId, new Kept(overview, size));
        bytes += size;
        Iterator<Kept> eldest = kept.values().iterator();
        while (bytes > budget && eldest.hasNext()) {
            bytes -= eldest.next().bytes();
            eldest.remove();
        }
    }

    synchronized long built() {
        return built;
    }

    synchronized long bytes() {
        return bytes;
    }
}
