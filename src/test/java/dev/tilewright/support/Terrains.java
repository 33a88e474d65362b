package dev.tilewright.support;

import dev.tilewright.core.model.TilesetSettings;
import dev.tilewright.core.model.WangSet;
import dev.tilewright.core.terrain.TerrainBrush;
import dev.tilewright.core.terrain.WangTiles;
import dev.tilewright.web.DomainJson;
import tools.jackson.databind.JsonNode;

import java.util.HashMap;
import java.util.Map;

/** The server's terrain brush as tests run it on what the API shows: a tileset's JSON and a layer's cells. */
public final class Terrains {

    private Terrains() {
    }

    /** A Wang set of a tileset as the API shows it (tile probabilities and transformations with it). */
    public static WangTiles wangTiles(JsonNode tileset, int set, int firstGid) {
        return wangTiles(tileset, set, firstGid, null);
    }

    /** {@link #wangTiles(JsonNode, int, int)} on a map of this projection (null: squares). */
    public static WangTiles wangTiles(JsonNode tileset, int set, int firstGid,
                                      dev.tilewright.core.geom.Projection projection) {
        WangSet wangSet = DomainJson.mapper().treeToValue(tileset.get("wangSets").get(set), WangSet.class);
        Map<Integer, Double> probabilities = new HashMap<>();
        tileset.get("tiles").forEach(t -> {
            if (t.hasNonNull("probability")) {
                probabilities.put(t.get("id").asInt(), t.get("probability").asDouble());
            }
        });
        TilesetSettings.Transformations allowed = tileset.path("transformations").isObject()
                ? DomainJson.mapper().treeToValue(tileset.get("transformations"), TilesetSettings.Transformations.class)
                : null;
        return WangTiles.of(wangSet, firstGid, id -> probabilities.getOrDefault(id, 1.0), allowed,
                projection == null ? dev.tilewright.core.terrain.TerrainLayout.squares(wangSet.type())
                        : dev.tilewright.core.terrain.TerrainLayout.of(projection, wangSet.type()));
    }

    /** A layer's gids (row-major) as the brush reads them. */
    public record Grid(int width, int height, int[] gids) implements TerrainBrush.Cells {
        @Override
        public int gid(int x, int y) {
            return gids[y * width + x];
        }

        /** The gids after a result is applied. */
        public int[] after(TerrainBrush.Result result) {
            int[] out = gids.clone();
            result.cells().forEach(p -> out[p.y() * width + p.x()] = p.gid());
            return out;
        }
    }
}
