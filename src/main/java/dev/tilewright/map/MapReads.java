package dev.tilewright.map;

import dev.tilewright.config.LimitsProperties;
import dev.tilewright.core.geom.TileRect;
import dev.tilewright.core.model.Layer;
import dev.tilewright.core.model.TileLayer;
import dev.tilewright.core.model.TileMap;
import dev.tilewright.core.refusal.Refusal;
import dev.tilewright.core.refusal.Refused;
import org.springframework.stereotype.Service;
import org.springframework.transaction.support.TransactionTemplate;

import java.util.concurrent.locks.ReentrantLock;

/**
 * Reads of a map as it is now, under its lock (so no change lands half-way through a read); long work takes a
 * {@link #view} under the lock and runs outside it.
 */
@Service
public class MapReads {

    /** Reads a map under its lock; must not keep the map. */
    @FunctionalInterface
    public interface Reader<T> {
        T read(long version, TileMap map);
    }

    /** A rectangle of a tile layer's gids, row-major, at one version. */
    public record Region(long version, TileRect rect, int[] gids) {
    }

    private final MapCache cache;
    private final MapRows rows;
    private final LimitsProperties limits;
    private final TransactionTemplate tx;

    MapReads(MapCache cache, MapRows rows, LimitsProperties limits, TransactionTemplate tx) {
        this.cache = cache;
        this.rows = rows;
        this.limits = limits;
        this.tx = tx;
    }

    /** The current version of a map, without loading it; an unknown map is a 404. */
    public long version(long mapId) {
        return rows.version(mapId);
    }

    /** The current map as the API shows it (with the project it belongs to). */
    public MapJson json(long mapId) {
        return underLock(mapId, (version, cached) -> MapJson.of(mapId, cached.projectId(), version, cached.map()));
    }

    /** The project a map belongs to. */
    public long project(long mapId) {
        return rows.project(mapId);
    }

    /** Runs {@code reader} on the current map under its lock. */
    public <T> T read(long mapId, Reader<T> reader) {
        return underLock(mapId, (version, cached) -> reader.read(version, cached.map()));
    }

    /**
     * Reads the current map under its lock: its version (one query), and the cached map when it is at that version
     * (a map's changes move both under the lock); only a map to be loaded or brought forward is read in a transaction,
     * so its rows and log are one snapshot.
     */
    private <T> T underLock(long mapId, java.util.function.BiFunction<Long, MapCache.Cached, T> reader) {
        ReentrantLock lock = cache.enter(mapId);
        try {
            long now = rows.version(mapId);
            MapCache.Cached cached = cache.ifAt(mapId, now);
            if (cached != null) {
                return reader.apply(now, cached);
            }
            return tx.execute(status -> {
                long version = rows.version(mapId);
                return reader.apply(version, cache.at(mapId, version));
            });
        } finally {
            lock.unlock();
        }
    }

    /**
     * A read-only view of the current map ({@link TileMap#view()}: chunks shared copy-on-write), taken under the lock
     * in time proportional to its chunk and object count. Drawing, searching or exporting it needs neither the lock
     * nor a database connection, so no edit waits behind them.
     */
    public Versioned view(long mapId) {
        return read(mapId, (version, map) -> new Versioned(version, map.view()));
    }

    /** The gids of a rectangle of a tile layer, row-major (absent bounds: the whole layer). */
    public Region cells(long mapId, int layerId, Integer x, Integer y, Integer width, Integer height) {
        return read(mapId, (version, map) -> region(version, map, layerId, x, y, width, height));
    }

    /** The gids of a rectangle of a tile layer of a map (as {@link #cells}, of a map at hand: a past version's). */
    public Region region(long version, TileMap map, int layerId, Integer x, Integer y, Integer width, Integer height) {
        Layer layer = map.layer(layerId).orElseThrow(() -> Refused.notFound("Layer", layerId));
        if (!(layer instanceof TileLayer tiles)) {
            throw Refused.invalidField("layerId", "Layer " + layerId + " is an object layer; it has no cells.");
        }
        TileRect rect = new TileRect(orElse(x, 0), orElse(y, 0), Math.max(0, orElse(width, map.width())),
                Math.max(0, orElse(height, map.height())));
        if (rect.isEmpty() || !map.bounds().contains(rect)) {
            throw Refused.invalidField("x", "The rectangle " + rect.width() + "x" + rect.height() + " at ("
                    + rect.x() + ", " + rect.y() + ") must be non-empty and inside the " + map.width() + "x"
                    + map.height() + " map.");
        }
        if (rect.area() > limits.maxCellsPerRead()) {
            throw Refused.overLimit(Refusal.Kind.INVALID, "tilewright.limits.max-cells-per-read",
                    limits.maxCellsPerRead(), "The rectangle holds " + rect.area() + " cells; read it in parts")
                    .with("field", "width");
        }
        return new Region(version, rect, tiles.read(rect));
    }

    private static int orElse(Integer value, int fallback) {
        return value == null ? fallback : value;
    }
}
