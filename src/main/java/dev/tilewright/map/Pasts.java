package dev.tilewright.map;

import dev.tilewright.core.edit.InvalidOpException;
import dev.tilewright.core.edit.MapOp;
import dev.tilewright.core.edit.Past;
import dev.tilewright.core.model.Layer;
import dev.tilewright.core.model.TileLayer;
import dev.tilewright.core.model.TileMap;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.stereotype.Component;

/**
 * A map's earlier versions, for the ops that read them ({@link dev.tilewright.core.edit.RestoreCells}): every op
 * applied or replayed, from a client or the log, is resolved here first. The version just before is the map being
 * worked on itself; an earlier one is a past version (kept from a moment ago, else rebuilt from the nearest
 * checkpoint within the rebuild budget). The history is reached lazily: it reads the map cache, which replays through
 * here.
 */
@Component
public class Pasts {

    private final ObjectProvider<MapHistory> history;
    private final OpLog log;

    Pasts(ObjectProvider<MapHistory> history, OpLog log) {
        this.history = history;
        this.log = log;
    }

    /**
     * The past of map {@code mapId} when it is at version {@code now} (committed up to {@code committed}: versions in
     * between are being committed with it and cannot be read yet), {@code current} being the map at {@code now}.
     */
    public Past of(long mapId, long now, long committed, TileMap current) {
        return new Past() {
            @Override
            public long version() {
                return now;
            }

            @Override
            public TileLayer tileLayer(long version, int layerId) {
                if (version != now && version > committed) {
                    throw new InvalidOpException("version", "version " + version + " is being committed with this "
                            + "change; send it again once it is");
                }
                TileMap then = version == now ? current
                        : history.getObject().past(mapId, version, current.heapBytes());
                Layer layer = then.layer(layerId).orElse(null);
                return layer instanceof TileLayer tiles ? tiles : null;
            }
        };
    }

    /** The past of a map at version {@code now}, all of it committed. */
    public Past of(long mapId, long now, TileMap current) {
        return of(mapId, now, now, current);
    }

    /** A logged op replayed onto {@code map} (the map at the version before the op's). */
    public void replay(long mapId, OpLog.Entry entry, TileMap map) {
        resolved(mapId, entry, map).replayOn(map);
    }

    /** A logged op resolved against the map's past ({@code map}: the map at the version before the op's). */
    public MapOp resolved(long mapId, OpLog.Entry entry, TileMap map) {
        return log.op(entry).resolve(of(mapId, entry.version() - 1, map));
    }
}
