package dev.tilewright.map;

import com.github.luben.zstd.Zstd;
import dev.tilewright.core.edit.MapOp;
import dev.tilewright.core.edit.MapRecipe;
import dev.tilewright.core.model.TileMap;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;
import tools.jackson.databind.json.JsonMapper;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;

/**
 * Checkpoints of the op log (table map_checkpoints): a map as it was at a version, kept as its header, its id
 * counters and the ops that rebuild its content ({@link MapRecipe}), JSON compressed with zstd. A past version is
 * replayed from the nearest one at or before it.
 */
@Component
class Checkpoints {

    /** What a checkpoint holds. */
    record Kept(MapCatalogue.Genesis header, int nextLayerId, int nextObjectId, List<MapOp> ops) {
    }

    private final JdbcTemplate jdbc;
    private final JsonMapper json;

    Checkpoints(JdbcTemplate jdbc, JsonMapper json) {
        this.jdbc = jdbc;
        this.json = json;
    }

    /** Keeps the map as it is now as the checkpoint at {@code version} (once: a second keep of it changes nothing). */
    void keep(long mapId, long version, TileMap map) {
        Kept kept = new Kept(new MapCatalogue.Genesis(map.name(), map.width(), map.height(), map.tileWidth(),
                map.tileHeight(), map.offset(), map.backgroundColor(), map.tilesets(), map.properties()),
                map.nextLayerId(), map.nextObjectId(), MapRecipe.of(map));
        byte[] raw = json.writeValueAsBytes(kept);
        jdbc.update("INSERT INTO map_checkpoints (map_id, version, bytes, data) VALUES (?, ?, ?, ?)"
                + " ON CONFLICT DO NOTHING", mapId, version, raw.length, Zstd.compress(raw, 3));
    }

    /** The map at the nearest checkpoint at or before {@code version}, if there is one. */
    Optional<Versioned> nearest(long mapId, long version) {
        return jdbc.query("SELECT version, bytes, data FROM map_checkpoints WHERE map_id = ? AND version <= ?"
                + " ORDER BY version DESC LIMIT 1", (rs, i) -> {
                    byte[] raw = Zstd.decompress(rs.getBytes(3), rs.getInt(2));
                    return new Versioned(rs.getLong(1), rebuild(json.readValue(
                            new String(raw, StandardCharsets.UTF_8), Kept.class)));
                }, mapId, version).stream().findFirst();
    }

    /** Chunks of a layer left plain while a checkpoint is rebuilt (the cache packs the rest as it holds maps). */
    private static final int KEEP_PLAIN = 64;

    private static TileMap rebuild(Kept kept) {
        TileMap map = kept.header().blank(kept.nextLayerId(), kept.nextObjectId());
        kept.ops().forEach(op -> {
            op.replayOn(map);
            map.compact(KEEP_PLAIN); // a big map's recipe is many regions: held packed as they come
        });
        map.markClean();
        return map;
    }
}
