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

    /** The Wang id indexes of a pointy-topped hexagon's sides (stagger axis y), clockwise from the top-right. */
    public static final int[] HEXAGON_SIDES = {1, 2, 3, 5, 6, 7};

    /**
     * A TSX of 64 hexagon tiles of 32 px in 8 columns (image {@code image}, 256x256) with an edge Wang set "Sides" of
     * two terrains (1 Field, 2 Road): tile n shows terrain 2 on the k-th of {@link #HEXAGON_SIDES} where bit k of n is
     * set; and a mixed set "Mixed" of one tile.
     */
    public static String hexagonSidesTsx(String image) {
        StringBuilder tiles = new StringBuilder();
        for (int n = 0; n < 64; n++) {
            int[] id = new int[8];
            for (int k = 0; k < 6; k++) {
                id[HEXAGON_SIDES[k]] = 1 + (n >> k & 1);
            }
            tiles.append("   <wangtile tileid=\"").append(n).append("\" wangid=\"")
                    .append(java.util.Arrays.stream(id).mapToObj(String::valueOf)
                            .collect(java.util.stream.Collectors.joining(","))).append("\"/>\n");
        }
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                + "<tileset version=\"1.10\" tiledversion=\"1.10.2\" name=\"hexes\" tilewidth=\"32\" tileheight=\"32\""
                + " tilecount=\"64\" columns=\"8\">\n <image source=\"" + image + "\" width=\"256\" height=\"256\"/>\n"
                + " <wangsets>\n  <wangset name=\"Sides\" type=\"edge\" tile=\"-1\">\n"
                + "   <wangcolor name=\"Field\" color=\"#30a030\" tile=\"-1\" probability=\"1\"/>\n"
                + "   <wangcolor name=\"Road\" color=\"#a08060\" tile=\"-1\" probability=\"1\"/>\n"
                + tiles + "  </wangset>\n"
                + "  <wangset name=\"Mixed\" type=\"mixed\" tile=\"-1\">\n"
                + "   <wangcolor name=\"Field\" color=\"#30a030\" tile=\"-1\" probability=\"1\"/>\n"
                + "   <wangtile tileid=\"0\" wangid=\"1,1,1,1,1,1,1,1\"/>\n  </wangset>\n </wangsets>\n</tileset>\n";
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
