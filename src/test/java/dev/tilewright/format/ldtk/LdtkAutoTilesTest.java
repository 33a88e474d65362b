package dev.tilewright.format.ldtk;

import dev.tilewright.core.edit.Applied;
import dev.tilewright.core.edit.Batch;
import dev.tilewright.core.edit.FillRect;
import dev.tilewright.core.edit.LayerOps;
import dev.tilewright.core.edit.MapOp;
import dev.tilewright.core.edit.Paint;
import dev.tilewright.core.model.Layer;
import dev.tilewright.core.model.MapTileset;
import dev.tilewright.core.model.Property;
import dev.tilewright.core.model.TileLayer;
import dev.tilewright.core.model.TileMap;
import dev.tilewright.format.TiledMap;
import dev.tilewright.format.Warnings;
import dev.tilewright.support.LdtkSamples;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * An imported level's auto-layers followed through random IntGrid edits hold, layer for layer and cell for cell, what
 * importing the edited level afresh makes of it (LDtk's rules baked from its grid, dealt from nothing); and whatever
 * changed the map behind the follower's back (an edit undone without it) is set right by the next follow, as is a tile
 * painted by hand on an auto-layer (LDtk's auto-layers hold only what the rules make).
 */
public class LdtkAutoTilesTest {

    @Test
    void followingEditsEqualsImportingTheEditedLevel() throws Exception {
        Random random = new Random(46);
        int checked = 0;
        int grown = 0;
        for (Path file : LdtkSamples.projects()) {
            LdtkProject project = read(file);
            LdtkProject definitions = LdtkProject.read(project.withoutLevels(), "defs", r -> null, 0);
            for (int l = 0; l < project.levels().size(); l++) {
                TileMap map = map(convert(project, file, l));
                LdtkAutoTiles.Kept kept = new LdtkAutoTiles.Kept();
                assertThat(LdtkAutoTiles.follow(map, definitions, kept, null)).as("an import is current").isNull();
                LdtkProject.Level level = project.levels().get(l);
                for (int step = 0; step < 12; step++) {
                    LdtkProject.LayerInstance layer = level.layers().get(random.nextInt(level.layers().size()));
                    LdtkProject.LayerDef def = project.layer(layer.layerDefUid());
                    if (!def.type().equals("IntGrid") || layer.intGrid().length == 0) {
                        continue;
                    }
                    int w = 1 + random.nextInt(6);
                    int h = 1 + random.nextInt(6);
                    int x = random.nextInt(layer.cWid());
                    int y = random.nextInt(layer.cHei());
                    int value = random.nextInt(3) == 0 ? 0 : def.values().get(random.nextInt(def.values().size()))
                            .value();
                    w = Math.min(w, layer.cWid() - x);
                    h = Math.min(h, layer.cHei() - y);
                    for (int cy = y; cy < y + h; cy++) {
                        for (int cx = x; cx < x + w; cx++) {
                            layer.intGrid()[cy * layer.cWid() + cx] = value;
                        }
                    }
                    Applied edit = new FillRect(intGrid(map, def.uid()), x, y, w, h, value).applyTo(map);
                    MapOp derived = LdtkAutoTiles.follow(map, definitions, kept, edit.op());
                    if (derived != null) {
                        grown += addsLayers(derived) ? 1 : 0;
                        derived.applyTo(map);
                    }
                    checked++;
                }
                TileMap fresh = map(convert(project, file, l));
                assertSameTiles(file.getFileName() + " " + level.identifier(), fresh, map);
                if (checked > 0) {
                    outOfBand(map, definitions, kept, fresh);
                }
            }
        }
        assertThat(checked).isGreaterThan(50);
        assertThat(grown).as("edits whose stacks needed a new tile layer").isPositive();
    }

    private static boolean addsLayers(MapOp op) {
        return op instanceof dev.tilewright.core.edit.AddLayer
                || op instanceof Batch batch && batch.ops().stream().anyMatch(LdtkAutoTilesTest::addsLayers);
    }

    /** An edit undone without the follower and a deck cell painted by hand: the next follow sets both right. */
    private static void outOfBand(TileMap map, LdtkProject definitions, LdtkAutoTiles.Kept kept, TileMap fresh) {
        TileLayer grid = null;
        TileLayer deck = null;
        for (Layer layer : map.layers()) {
            if (layer instanceof TileLayer t && t.isIntGrid() && grid == null) {
                grid = t;
            } else if (layer instanceof TileLayer t && !t.isIntGrid() && t.parentId() != 0 && deck == null) {
                deck = t;
            }
        }
        if (grid == null || deck == null) {
            return;
        }
        Applied edit = new FillRect(grid.id(), 0, 0, Math.min(3, grid.width()), Math.min(3, grid.height()),
                grid.get(0, 0) == 0 ? 1 : 0).applyTo(map);
        LdtkAutoTiles.follow(map, definitions, kept, edit.op()).applyTo(map);
        edit.inverse().applyTo(map); // as a rollback does: the decks keep the edit's tiles, the grid does not
        MapOp repair = LdtkAutoTiles.follow(map, definitions, kept, null);
        if (repair != null) {
            repair.applyTo(map);
        }
        assertSameTiles("after an undo behind its back", fresh, map);
        Applied byHand = new Paint(deck.id(), List.of(new dev.tilewright.core.edit.Cell(deck.width() - 1,
                deck.height() - 1, deck.get(deck.width() - 1, deck.height() - 1) == 1 ? 2 : 1))).applyTo(map);
        repair = LdtkAutoTiles.follow(map, definitions, kept, byHand.op());
        assertThat(repair).as("a tile painted by hand on an auto-layer is taken back").isNotNull();
        repair.applyTo(map);
        assertSameTiles("after a tile painted by hand", fresh, map);
    }

    /**
     * Each cell holds the same tiles bottom-up in both maps, each with its offset and opacity, per LDtk layer (the
     * decks an edit leaves may be ordered otherwise than a fresh deal's: tiles that overlap are drawn in LDtk's order
     * either way, by the deal's rule).
     */
    private static void assertSameTiles(String what, TileMap expected, TileMap actual) {
        assertThat(stacks(actual)).as(what).isEqualTo(stacks(expected));
    }

    /** Per top-level layer (by name) and cell, the tiles its tile layers hold there, bottom-up. */
    private static java.util.Map<String, List<String>> stacks(TileMap map) {
        java.util.Map<String, List<String>> stacks = new java.util.TreeMap<>();
        for (Layer layer : map.layers()) {
            if (!(layer instanceof TileLayer t)) {
                continue;
            }
            String owner = t.parentId() == 0 ? t.attributes().name()
                    : map.layer(t.parentId()).orElseThrow().attributes().name();
            for (int y = 0; y < t.height(); y++) {
                for (int x = 0; x < t.width(); x++) {
                    if (t.get(x, y) != 0) {
                        stacks.computeIfAbsent(owner + " " + x + "," + y, k -> new ArrayList<>()).add(t.get(x, y)
                                + "@" + t.attributes().offset() + "*" + t.attributes().opacity());
                    }
                }
            }
        }
        return stacks;
    }

    private static int intGrid(TileMap map, int defUid) {
        for (Layer layer : map.layers()) {
            if (layer instanceof TileLayer t && t.isIntGrid() && layer.attributes().properties()
                    .get(LdtkMaps.LAYER_DEF).map(Property::value).orElse(-1L).equals((long) defUid)) {
                return layer.id();
            }
        }
        throw new AssertionError("no IntGrid layer of definition " + defUid);
    }

    static LdtkProject read(Path file) throws java.io.IOException {
        return LdtkProject.read(Files.readAllBytes(file), file.toString(), r -> LdtkSamples.beside(file, r),
                50_000_000);
    }

    /** The project file with its levels kept apart put in place (as LDtk would read them). */
    public static tools.jackson.databind.JsonNode whole(Path file) throws java.io.IOException {
        tools.jackson.databind.json.JsonMapper json = tools.jackson.databind.json.JsonMapper.builder().build();
        tools.jackson.databind.JsonNode root = json.readTree(Files.readAllBytes(file));
        tools.jackson.databind.node.ArrayNode levels = (tools.jackson.databind.node.ArrayNode) root.get("levels");
        for (int i = 0; i < levels.size(); i++) {
            String apart = levels.get(i).path("externalRelPath").asString(null);
            if (apart != null) {
                tools.jackson.databind.node.ObjectNode level = (tools.jackson.databind.node.ObjectNode) json.readTree(
                        LdtkSamples.beside(file, apart));
                level.remove("__header__"); // what a level file adds to the level
                levels.set(i, level);
            }
        }
        return root;
    }

    static TiledMap convert(LdtkProject project, Path file, int level) {
        return LdtkMaps.baked(project, file.toString(), r -> LdtkSamples.beside(file, r), 4096, 4096, 1L,
                new Warnings()).get(level).map();
    }

    /** A converted level as the model a stored map is (its tilesets numbered 1, 2, ...). */
    static TileMap map(TiledMap level) {
        List<MapTileset> uses = new ArrayList<>();
        for (int i = 0; i < level.tilesets().size(); i++) {
            uses.add(new MapTileset(i + 1, level.tilesets().get(i).firstGid(),
                    level.tilesets().get(i).tileset().tileCount()));
        }
        TileMap map = new TileMap(level.file(), level.width(), level.height(), level.tileWidth(),
                level.tileHeight(), level.offset(), level.backgroundColor(), uses, level.properties(),
                level.nextLayerId(),
                level.nextObjectId());
        new Batch(LayerOps.recreateAll(level.layers())).applyTo(map);
        return map;
    }
}
