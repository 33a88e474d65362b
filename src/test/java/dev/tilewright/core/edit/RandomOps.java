package dev.tilewright.core.edit;

import dev.tilewright.core.geom.Difference;
import dev.tilewright.core.model.Gid;
import dev.tilewright.core.model.GridSettings;
import dev.tilewright.core.model.LayerAttributes;
import dev.tilewright.core.model.LayerKind;
import dev.tilewright.core.model.MapObject;
import dev.tilewright.core.model.ObjectShape;
import dev.tilewright.core.model.Property;
import dev.tilewright.core.model.TileMap;

import java.util.List;
import java.util.Random;

/**
 * Random ops for tests, valid and invalid, over a map of 70x66 tiles whose tileset has 6 tiles (so gid 7
 * and flags on 0 are refused until tileset 2 or 3, of 4 tiles each, is added; tilesets are added and removed too).
 */
public final class RandomOps {

    private RandomOps() {
    }

    /** The map the ops are made for: 70x66 tiles of 8 px, a 6-tile tileset, a tile layer (1) and an object layer (2). */
    public static TileMap newMap() {
        TileMap map = new TileMap("m", 70, 66, 8, 8, null, TileMap.assignFirstGids(List.of(1L), List.of(6)), null, 1, 1);
        new AddLayer(0, LayerKind.TILE, LayerAttributes.named("a"), null).applyTo(map);
        new AddLayer(0, LayerKind.OBJECT, LayerAttributes.named("o"), null).applyTo(map);
        map.markClean();
        return map;
    }

    public static MapOp randomOp(Random r, TileMap map) {
        int anyLayer = 1 + r.nextInt(map.nextLayerId() + 1);
        int tileLayer = pick(r, map, LayerKind.TILE, anyLayer);
        int objectLayer = pick(r, map, LayerKind.OBJECT, anyLayer);
        return switch (r.nextInt(17)) {
            case 0, 1 -> new Paint(tileLayer, List.of(cell(r), cell(r), cell(r)));
            case 2 -> r.nextInt(3) == 0
                    ? new FillRect(tileLayer, 0, 0, 70, 66, r.nextBoolean() ? 0 : gid(r))
                    : new FillRect(tileLayer, r.nextInt(75) - 2, r.nextInt(70) - 2, r.nextInt(30), r.nextInt(30), gid(r));
            case 3 -> {
                int w = 1 + r.nextInt(8);
                int h = 1 + r.nextInt(8);
                long[] gids = new long[w * h];
                for (int i = 0; i < gids.length; i++) {
                    gids[i] = gid(r);
                }
                yield new PutRegion(tileLayer, r.nextInt(70), r.nextInt(66), w, h, gids);
            }
            case 4 -> new AddObject(objectLayer, new MapObject(r.nextInt(3) == 0 ? 1 + r.nextInt(5) : 0, "o" + r.nextInt(9),
                    "", ObjectShape.POLYGON, r.nextInt(500), r.nextInt(500), 0.0, 0.0, 0.0, (long) r.nextInt(8), null,
                    List.of(new Difference(0, 0), new Difference(4, 0), new Difference(0, 4)), null, null),
                    r.nextBoolean() ? null : r.nextInt(4));
            case 5 -> new UpdateObject(objectLayer, 1 + r.nextInt(6), new ObjectPatch(null, null, null,
                    (double) r.nextInt(100), null, r.nextBoolean() ? 8.0 : -1.0, null, 45.0, null, r.nextBoolean(), null, null));
            case 6 -> new RemoveObject(objectLayer, 1 + r.nextInt(6));
            case 7 -> new AddLayer(r.nextInt(4) == 0 ? anyLayer : 0,
                    List.of(LayerKind.TILE, LayerKind.OBJECT, LayerKind.GROUP).get(r.nextInt(3)),
                    LayerAttributes.named("l" + r.nextInt(5)), r.nextBoolean() ? null : r.nextInt(4), null,
                    r.nextInt(3) == 0 ? anyLayer : null);
            case 8 -> new RemoveLayer(anyLayer);
            case 9 -> new MoveLayer(anyLayer, r.nextInt(4), r.nextInt(3) > 0 ? null : r.nextBoolean() ? 0 : anyLayer);
            case 10 -> new UpdateLayer(anyLayer, new LayerPatch(null, r.nextBoolean(), null,
                    r.nextInt(12) / 10.0, null, r.nextBoolean() ? "" : "#00ff00", r.nextBoolean() ? null : "#80ff0000",
                    r.nextBoolean() ? null : r.nextBoolean() ? "" : "Class" + r.nextInt(3),
                    r.nextBoolean() ? null : new dev.tilewright.core.model.Parallax(r.nextInt(5) * 0.5, r.nextInt(3)),
                    r.nextBoolean() ? null : r.nextBoolean() ? "screen" : "normal",
                    r.nextBoolean() ? null : r.nextBoolean() ? "topdown" : "index"));
            case 11 -> {
                String name = "p" + r.nextInt(3);
                yield new SetProperty(r.nextBoolean() ? null : r.nextBoolean() ? objectLayer : anyLayer, r.nextInt(3) == 0 ? 1 + r.nextInt(4) : null,
                        name, r.nextBoolean() ? null : Property.of(name, r.nextInt(100)));
            }
            case 12 -> {
                Integer[] sizes = {null, 1, 2, 4, 8, 3};
                yield new SetGrid(new GridSettings(sizes[r.nextInt(sizes.length)], sizes[r.nextInt(sizes.length)],
                        r.nextBoolean() ? "tiles" : "pixels", r.nextInt(10) == 0 ? 0 : 1 + r.nextInt(255),
                        r.nextBoolean() ? null : r.nextInt(11) / 10.0, r.nextBoolean() ? null : r.nextBoolean(),
                        r.nextBoolean() ? null : "#ff00ff"));
            }
            case 13 -> {
                List<OverrideGrid.Element> elements = new java.util.ArrayList<>();
                for (int i = r.nextInt(6); i > 0; i--) {
                    elements.add(new OverrideGrid.Element(r.nextInt(map.gridColumns() + 2) - 1,
                            r.nextInt(map.gridRows() + 1), r.nextInt(5) == 0 ? null : r.nextInt(17)));
                }
                yield new OverrideGrid(r.nextInt(8) == 0 ? Boolean.TRUE : null, elements);
            }
            case 14 -> new UpdateMap(r.nextBoolean() ? null : r.nextBoolean() ? "" : "Level",
                    r.nextBoolean() ? null : List.of("right-down", "right-up", "left-down", "left-up", "sideways")
                            .get(r.nextInt(5)),
                    r.nextBoolean() ? null : new dev.tilewright.core.geom.Position(r.nextInt(9) * 8, -r.nextInt(3)));
            case 15 -> r.nextBoolean()
                    ? new AddTileset(2 + r.nextInt(2), r.nextInt(4) == 0 ? 7 + r.nextInt(6) : null, 4)
                    : new RemoveTileset(1 + r.nextInt(3));
            default -> new Batch(List.of(randomOp(r, map), randomOp(r, map)));
        };
    }

    /** Mostly an existing layer of the kind an op wants, sometimes any id (maybe of the wrong kind, or none). */
    private static int pick(Random r, TileMap map, LayerKind kind, int fallback) {
        List<Integer> ids = map.layers().stream().filter(l -> l.kind() == kind).map(l -> l.id()).toList();
        return ids.isEmpty() || r.nextInt(5) == 0 ? fallback : ids.get(r.nextInt(ids.size()));
    }

    private static Cell cell(Random r) {
        return new Cell(r.nextInt(72) - 1, r.nextInt(67), gid(r));
    }

    private static long gid(Random r) {
        int id = r.nextInt(9) == 0 ? 7 + r.nextInt(10) : r.nextInt(7);
        int flags = r.nextInt(4) == 0 ? Gid.FLIP_HORIZONTAL | Gid.FLIP_DIAGONAL : 0;
        return Integer.toUnsignedLong(id | flags);
    }

}
