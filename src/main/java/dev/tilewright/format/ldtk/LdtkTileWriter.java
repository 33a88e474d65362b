package dev.tilewright.format.ldtk;

import dev.tilewright.core.autotile.IntCells;
import dev.tilewright.core.autotile.LdtkAutoLayer;
import dev.tilewright.core.model.Gid;
import dev.tilewright.core.model.Layer;
import dev.tilewright.core.model.MapTileset;
import dev.tilewright.core.model.TileLayer;
import dev.tilewright.core.model.TileMap;
import dev.tilewright.core.model.Tileset;
import dev.tilewright.format.Warnings;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A layer's tiles as LDtk writes them: an auto-layer's baked by LDtk's rules from its source grid as it is now (with
 * each tile's rule and anchor), a Tiles layer's from its tile layers (each cell's tiles bottom-up, at their offsets and
 * opacity), each with its pixel, its source in the atlas, flips and LDtk's tile id.
 */
final class LdtkTileWriter {

    private static final JsonMapper MAPPER = JsonMapper.builder().build();

    private final LdtkProject definitions;
    private final Map<Long, Tileset> tilesets;
    private final Map<Integer, Long> storedTilesets;
    private final Warnings warnings;
    private boolean warnedTurned;

    LdtkTileWriter(LdtkProject definitions, Map<Long, Tileset> tilesets, Map<Integer, Long> storedTilesets,
                   Warnings warnings) {
        this.definitions = definitions;
        this.tilesets = tilesets;
        this.storedTilesets = storedTilesets;
        this.warnings = warnings;
    }

    /** The auto-layer's tiles as LDtk's rules make them of its source grid now. */
    ArrayNode autoTiles(LdtkWriter.Level level, LdtkProject.LayerDef def, LdtkProject.TilesetDef tileset,
                                java.util.Set<Integer> optional, int seed, int width, int height) {
        ArrayNode out = MAPPER.createArrayNode();
        if (tileset == null || def.ruleGroups().isEmpty() || def.type().equals("Tiles")) {
            return out;
        }
        int sourceUid = def.type().equals("IntGrid") ? def.uid()
                : def.autoSourceLayerUid() == null ? Integer.MIN_VALUE : def.autoSourceLayerUid();
        TileLayer source = LdtkAutoTiles.intGrid(level.map(), sourceUid);
        List<String> biomes = LdtkAutoTiles.biomes(level.map(), definitions, def);
        LdtkAutoLayer rules = definitions.autoLayer(def, tileset.uid(), optional, biomes);
        if (source == null || rules == null) {
            return out;
        }
        int[] cells = new int[width * height];
        for (int y = 0; y < Math.min(height, source.height()); y++) {
            for (int x = 0; x < Math.min(width, source.width()); x++) {
                cells[y * width + x] = source.get(x, y);
            }
        }
        java.util.BitSet killed = LdtkAutoTiles.killed(level.map(), def);
        LdtkAutoLayer.Allowed allowed = killed == null ? LdtkAutoLayer.Allowed.ALL
                : (x, y) -> !killed.get(y * source.width() + x);
        for (LdtkAutoLayer.Tile tile : rules.bake(IntCells.of(width, height, cells), seed, allowed).tiles()) {
            out.add(tile(tile.x(), tile.y(), tile.tileId(), tile.flips(), tile.alpha(), tileset,
                    List.of(tile.ruleUid(), tile.anchor())));
        }
        return out;
    }

    /** The tiles painted on a Tiles layer (all its decks, bottom-up), each at its cell and offset. */
    ArrayNode gridTiles(TileMap map, Layer tiles, LdtkProject.LayerDef def, LdtkProject.TilesetDef tileset,
                                int width) {
        ArrayNode out = MAPPER.createArrayNode();
        List<TileLayer> decks = new ArrayList<>();
        if (tiles instanceof TileLayer one) {
            decks.add(one);
        } else {
            for (Layer layer : map.layers()) {
                if (layer.parentId() == tiles.id() && layer instanceof TileLayer deck) {
                    decks.add(deck);
                }
            }
        }
        int grid = def.gridSize();
        int taller = tileset.tileGridSize() - grid;
        for (TileLayer deck : decks) {
            boolean alone = deck == tiles;
            int dx = alone ? 0 : (int) Math.round(deck.attributes().offset().dx());
            int dy = alone ? 0 : (int) Math.round(deck.attributes().offset().dy()) - taller;
            double alpha = alone || deck.attributes().opacity() == null ? 1 : deck.attributes().opacity();
            for (int y = 0; y < deck.height(); y++) {
                for (int x = 0; x < deck.width(); x++) {
                    int gid = deck.get(x, y);
                    int tileId = gid == 0 ? -1 : tileId(map, gid, tileset);
                    if (tileId >= 0) {
                        int px = x * grid + dx;
                        int py = y * grid + dy;
                        out.add(tile(px, py, tileId, ((gid & Gid.FLIP_HORIZONTAL) != 0 ? 1 : 0)
                                | ((gid & Gid.FLIP_VERTICAL) != 0 ? 2 : 0), alpha, tileset,
                                List.of(px / grid + py / grid * width)));
                    }
                }
            }
        }
        return out;
    }

    /** A gid's tile as an id of the LDtk tileset (LDtk's columns); -1 when it is of no tileset the map has. */
    private int tileId(TileMap map, int gid, LdtkProject.TilesetDef tileset) {
        MapTileset of = map.tilesetOf(gid).orElse(null);
        Tileset stored = of == null ? null : tilesets.get(of.tilesetId());
        Long drawnFrom = storedTilesets.get(tileset.uid());
        if (stored == null || drawnFrom != null && drawnFrom != of.tilesetId()) {
            return -1;
        }
        if ((gid & Gid.FLIP_DIAGONAL) != 0 && !warnedTurned) {
            warnedTurned = true;
            warnings.add("tiles", "tiles turned by 90 degrees (LDtk flips but does not turn): written unturned");
        }
        int local = Gid.id(gid) - of.firstGid();
        return local / stored.columns() * tileset.columns() + local % stored.columns();
    }

    private static ObjectNode tile(int x, int y, int tileId, int flips, double alpha, LdtkProject.TilesetDef tileset,
                                   List<Integer> d) {
        ObjectNode out = MAPPER.createObjectNode();
        out.set("px", MAPPER.createArrayNode().add(x).add(y));
        int step = tileset.tileGridSize() + tileset.spacing();
        out.set("src", MAPPER.createArrayNode().add(tileset.padding() + tileId % tileset.columns() * step)
                .add(tileset.padding() + tileId / tileset.columns() * step));
        out.put("f", flips);
        out.put("t", tileId);
        ArrayNode ids = MAPPER.createArrayNode();
        d.forEach(ids::add);
        out.set("d", ids);
        // LDtk writes a whole alpha as an integer
        if (alpha == Math.rint(alpha)) {
            out.put("a", (int) alpha);
        } else {
            out.put("a", alpha);
        }
        return out;
    }
}
