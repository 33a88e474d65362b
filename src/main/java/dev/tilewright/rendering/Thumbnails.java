package dev.tilewright.rendering;

import dev.tilewright.map.MapReads;
import dev.tilewright.system.HeapBudget;
import org.springframework.stereotype.Component;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Thumbnails kept per map version and size, bounded by their PNG bytes (tilewright.render.thumbnail-cache-bytes):
 * a version's thumbnail never changes, and the maps list and every open editor's minimap ask for the same ones. A
 * thumbnail asked for while it is being rendered is rendered once and given to all who asked.
 */
@Component
class Thumbnails {

    private record Key(long mapId, long version, int size) {
    }

    private final RenderService renders;
    private final MapReads maps;
    private final long budget;
    private final Map<Key, RenderService.Frame> kept = new LinkedHashMap<>(16, 0.75f, true);
    private final Map<Key, CompletableFuture<RenderService.Frame>> rendering = new ConcurrentHashMap<>();
    private long bytes;
    /** How many thumbnails were rendered (not taken from the cache), for tests. */
    private long rendered;

    Thumbnails(RenderService renders, MapReads maps, HeapBudget heap) {
        this.renders = renders;
        this.maps = maps;
        this.budget = heap.thumbnailCacheBytes();
    }

    /** The map's thumbnail at its current version. */
    RenderService.Frame of(long mapId, int size) {
        Key key = new Key(mapId, maps.version(mapId), size);
        RenderService.Frame frame = cached(key);
        if (frame != null) {
            return frame;
        }
        CompletableFuture<RenderService.Frame> mine = new CompletableFuture<>();
        CompletableFuture<RenderService.Frame> running = rendering.putIfAbsent(key, mine);
        if (running != null) {
            try {
                return running.join();
            } catch (CompletionException failed) {
                throw failed.getCause() instanceof RuntimeException cause ? cause : failed;
            }
        }
        try {
            RenderService.Frame made = renders.thumbnail(mapId, size);
            keep(new Key(mapId, made.version(), size), made);
            mine.complete(made);
            return made;
        } catch (RuntimeException failed) {
            mine.completeExceptionally(failed);
            throw failed;
        } finally {
            rendering.remove(key, mine);
        }
    }

    private synchronized RenderService.Frame cached(Key key) {
        return kept.get(key);
    }

    private synchronized void keep(Key key, RenderService.Frame frame) {
        rendered++;
        long size = frame.png().length;
        if (size > budget) {
            return;
        }
        RenderService.Frame replaced = kept.put(key, frame);
        bytes += size - (replaced == null ? 0 : replaced.png().length);
        var eldest = kept.entrySet().iterator();
        while (bytes > budget && eldest.hasNext()) {
            bytes -= eldest.next().getValue().png().length;
            eldest.remove();
        }
    }

    synchronized long rendered() {
        return rendered;
    }
}
