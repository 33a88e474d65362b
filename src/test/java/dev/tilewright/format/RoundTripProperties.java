package dev.tilewright.format;

import dev.tilewright.core.geom.Difference;
import dev.tilewright.core.geom.Position;
import dev.tilewright.core.geom.TileRect;
import dev.tilewright.core.model.Gid;
import dev.tilewright.core.model.ImageLayer;
import dev.tilewright.core.model.Layer;
import dev.tilewright.core.model.LayerAttributes;
import dev.tilewright.core.model.MapObject;
import dev.tilewright.core.model.ObjectLayer;
import dev.tilewright.core.model.ObjectShape;
import dev.tilewright.core.model.ObjectText;
import dev.tilewright.core.model.Parallax;
import dev.tilewright.core.model.Properties;
import dev.tilewright.core.model.Property;
import dev.tilewright.core.model.PropertyType;
import dev.tilewright.core.model.TileData;
import dev.tilewright.core.model.TileLayer;
import dev.tilewright.core.model.Tileset;
import dev.tilewright.support.Pngs;
import net.jqwik.api.ForAll;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/** Generated maps written as TMX and TMJ in every layer encoding come back with the same cells, objects and properties. */
class RoundTripProperties {

    private static final ReadLimits LIMITS = new ReadLimits(8192, 8192);
    private static final List<TmxWriter.Options> OPTIONS = List.of(
            new TmxWriter.Options(LayerData.Encoding.CSV, LayerData.Compression.NONE),
            new TmxWriter.Options(LayerData.Encoding.BASE64, LayerData.Compression.NONE),
            new TmxWriter.Options(LayerData.Encoding.BASE64, LayerData.Compression.ZLIB),
            new TmxWriter.Options(LayerData.Encoding.BASE64, LayerData.Compression.GZIP),
            new TmxWriter.Options(LayerData.Encoding.BASE64, LayerData.Compression.ZSTD));

    @net.jqwik.api.Property(tries = 60)
    void tmxAndTmjKeepEverything(@ForAll long seed) {
        Random random = new Random(seed);
        TiledMap map = randomMap(random);
        for (TmxWriter.Options options : OPTIONS) {
            Map<String, byte[]> files = images(map);
            files.put("m.tmx", TmxWriter.writeMap(map, options));
            files.put("m.tmj", TmjWriter.writeMap(map, options));
            TiledFiles upload = new TiledFiles(files);
            assertSame(map, new TmxReader(upload, LIMITS).readMap("m.tmx"), "tmx " + options);
            assertSame(map, new TmjReader(upload, LIMITS).readMap("m.tmj"), "tmj " + options);
        }
    }

    @net.jqwik.api.Property(tries = 30)
    void tsxAndTsjKeepEverything(@ForAll long seed) {
        Tileset tileset = randomTileset(new Random(seed), 0);
        Map<String, byte[]> files = new HashMap<>();
        files.put(tileset.imageSource(), Pngs.headerOnly(tileset.imageWidth(), tileset.imageHeight()));
        files.put("t.tsx", TmxWriter.writeTileset(tileset));
        files.put("t.tsj", TmjWriter.writeTileset(tileset));
        TiledFiles upload = new TiledFiles(files);
        assertThat(new TmxReader(upload, LIMITS).readTileset("t.tsx", 0).tileset()).isEqualTo(tileset);
        assertThat(new TmjReader(upload, LIMITS).readTileset("t.tsj", 0).tileset()).isEqualTo(tileset);
    }

    private static void assertSame(TiledMap expected, TiledMap actual, String how) {
        assertThat(actual.width()).as(how).isEqualTo(expected.width());
        assertThat(actual.height()).as(how).isEqualTo(expected.height());
        assertThat(actual.properties()).as(how).isEqualTo(expected.properties());
        assertThat(actual.tilesets()).as(how).extracting(TiledTileset::firstGid)
                .containsExactlyElementsOf(expected.tilesets().stream().map(TiledTileset::firstGid).toList());
        assertThat(actual.tilesets()).as(how).extracting(TiledTileset::tileset)
                .containsExactlyElementsOf(expected.tilesets().stream().map(TiledTileset::tileset).toList());
        assertThat(actual.layers()).as(how).hasSameSizeAs(expected.layers());
        for (int i = 0; i < expected.layers().size(); i++) {
            Layer want = expected.layers().get(i);
            Layer got = actual.layers().get(i);
            assertThat(got.id()).as(how).isEqualTo(want.id());
            assertThat(got.attributes()).as(how + " layer " + i).isEqualTo(want.attributes());
            if (want instanceof TileLayer tiles) {
                assertThat(((TileLayer) got).sameCells(tiles)).as(how + " cells").isTrue();
            } else if (want instanceof ObjectLayer objects) {
                assertThat(((ObjectLayer) got).objects()).as(how + " objects").containsExactlyElementsOf(objects.objects());
            } else {
                assertThat(((ImageLayer) got).image()).as(how).isEqualTo(((ImageLayer) want).image());
            }
        }
    }

    private static Map<String, byte[]> images(TiledMap map) {
        Map<String, byte[]> files = new LinkedHashMap<>();
        for (TiledTileset t : map.tilesets()) {
            files.put(t.tileset().imageSource(), Pngs.headerOnly(t.tileset().imageWidth(), t.tileset().imageHeight()));
        }
        for (Layer layer : map.layers()) {
            if (layer instanceof ImageLayer picture) {
                files.put(picture.image().source(), Pngs.headerOnly(8, 8));
            }
        }
        return files;
    }

    static TiledMap randomMap(Random r) {
        int width = 1 + r.nextInt(90);
        int height = 1 + r.nextInt(70);
        List<TiledTileset> tilesets = new ArrayList<>();
        int firstGid = 1;
        for (int i = 0; i < 1 + r.nextInt(3); i++) {
            Tileset tileset = randomTileset(r, i);
            tilesets.add(new TiledTileset(firstGid, null, tileset, null, Map.of()));
            firstGid += tileset.tileCount() + r.nextInt(3);
        }
        int gidLimit = firstGid;
        List<Layer> layers = new ArrayList<>();
        int objectId = 1;
        for (int id = 1; id <= 1 + r.nextInt(4); id++) {
            List<String> modes = List.copyOf(new java.util.TreeSet<>(LayerAttributes.BLEND_MODES));
            LayerAttributes attributes = new LayerAttributes("layer " + id, r.nextInt(5) > 0, r.nextInt(5) == 0,
                    r.nextInt(3) == 0 ? r.nextInt(101) / 100.0 : 1.0, new Difference(r.nextInt(9) - 4, r.nextInt(3) * 0.5),
                    r.nextInt(4) == 0 ? "#ff80a0" : null, null, properties(r), r.nextInt(3) == 0 ? "Class " + id : "",
                    r.nextInt(3) == 0 ? new Parallax(r.nextInt(21) / 10.0, r.nextInt(5) * 0.25) : Parallax.NONE,
                    r.nextInt(3) == 0 ? modes.get(r.nextInt(modes.size())) : "normal", "index");
            switch (r.nextInt(4)) {
                case 0, 1 -> {
                    TileLayer tiles = new TileLayer(id, attributes, width, height);
                    int[] gids = new int[width * height];
                    for (int i = 0; i < gids.length; i++) {
                        gids[i] = r.nextInt(3) == 0 ? 0 : gid(r, tilesets);
                    }
                    tiles.write(new TileRect(0, 0, width, height), gids);
                    layers.add(tiles);
                }
                case 2 -> {
                    ObjectLayer objects = new ObjectLayer(id, r.nextBoolean() ? attributes.withDrawOrder("topdown")
                            : new LayerAttributes(attributes.name(), attributes.visible(), attributes.locked(),
                            attributes.opacity(), attributes.offset(), attributes.tint(), "#a0ff0080",
                            attributes.properties(), attributes.className(), attributes.parallax(),
                            attributes.blendMode(), attributes.drawOrder()));
                    for (int i = 0; i < r.nextInt(6); i++) {
                        objects.put(randomObject(r, objectId++, tilesets));
                    }
                    layers.add(objects);
                }
                default -> layers.add(new ImageLayer(id, attributes, new ImageLayer.Image("sky" + id + ".png", 8, 8,
                        r.nextBoolean() ? 0xff00ff : null, r.nextBoolean(), r.nextBoolean())));
            }
        }
        assertThat(gidLimit).isPositive();
        return new TiledMap("m.tmx", width, height, 8 + r.nextInt(25), 8 + r.nextInt(25), Position.ORIGIN, null,
                properties(r), tilesets, layers, objectId, Map.of());
    }

    private static int gid(Random r, List<TiledTileset> tilesets) {
        TiledTileset t = tilesets.get(r.nextInt(tilesets.size()));
        int flags = (r.nextBoolean() ? Gid.FLIP_HORIZONTAL : 0) | (r.nextBoolean() ? Gid.FLIP_VERTICAL : 0)
                | (r.nextInt(4) == 0 ? Gid.FLIP_DIAGONAL : 0);
        return Gid.of(t.firstGid() + r.nextInt(t.tileset().tileCount()), r.nextInt(3) == 0 ? flags : 0);
    }

    static MapObject randomObject(Random r, int id, List<TiledTileset> tilesets) {
        ObjectShape shape = ObjectShape.values()[r.nextInt(ObjectShape.values().length)];
        List<Difference> points = switch (shape) {
            case POLYGON -> List.of(new Difference(0, 0), new Difference(r.nextInt(50), 0.25), new Difference(-3.5, 9));
            case POLYLINE -> List.of(new Difference(0, 0), new Difference(r.nextDouble() * 40, 7));
            default -> List.of();
        };
        ObjectText text = shape == ObjectShape.TEXT ? new ObjectText("Hello\nworld " + r.nextInt(9),
                r.nextBoolean() ? "serif" : null, r.nextBoolean() ? 20 : null, r.nextBoolean(), "#ff336699",
                r.nextBoolean(), null, r.nextBoolean(), null, r.nextBoolean(), "center", "bottom") : null;
        long gid = shape == ObjectShape.RECTANGLE && r.nextBoolean() ? Integer.toUnsignedLong(gid(r, tilesets)) : 0;
        return new MapObject(id, r.nextBoolean() ? "obj" + id : "", r.nextBoolean() ? "Enemy" : "", shape,
                r.nextInt(2000) - 500 + r.nextInt(4) * 0.25, r.nextInt(2000) / 3.0,
                shape == ObjectShape.POINT ? 0.0 : r.nextInt(64), shape == ObjectShape.POINT ? 0.0 : r.nextInt(64) + 0.5,
                r.nextInt(4) == 0 ? r.nextInt(36000) / 100.0 - 180 : 0.0, gid, r.nextInt(6) > 0, points, text, properties(r));
    }

    static Tileset randomTileset(Random r, int index) {
        int tile = 8 + r.nextInt(9);
        int margin = r.nextInt(3);
        int spacing = r.nextInt(3);
        int columns = 1 + r.nextInt(6);
        int rows = 1 + r.nextInt(5);
        Tileset tileset = Tileset.grid("set" + index, 2 * margin + columns * (tile + spacing) - spacing,
                2 * margin + rows * (tile + spacing) - spacing, tile, tile, margin, spacing,
                r.nextBoolean() ? 0xff00ff : null).withProperties(properties(r));
        for (int i = 0; i < r.nextInt(4); i++) {
            int id = r.nextInt(tileset.tileCount());
            List<TileData.Frame> frames = r.nextBoolean() ? List.of(new TileData.Frame(0, 100),
                    new TileData.Frame(tileset.tileCount() - 1, 250)) : List.of();
            List<MapObject> collision = r.nextBoolean() ? List.of(new MapObject(1, "", "", ObjectShape.RECTANGLE, 0, 0,
                    (double) tile, tile / 2.0, 0.0, 0L, true, List.of(), null, Properties.EMPTY)) : List.of();
            tileset = tileset.withTile(id, new TileData(properties(r), r.nextBoolean() ? "Wall" : "",
                    r.nextBoolean() ? 0.5 : null, frames, collision, null));
        }
        return tileset;
    }

    private static Properties properties(Random r) {
        List<Property> list = new ArrayList<>();
        if (r.nextBoolean()) {
            list.add(new Property("s", PropertyType.STRING, "a \"quoted\" <tag> & text" + (r.nextBoolean() ? "\nline 2" : "")));
            list.add(new Property("i", PropertyType.INT, (long) r.nextInt() ));
            list.add(new Property("f", PropertyType.FLOAT, r.nextDouble() * 100));
            list.add(new Property("b", PropertyType.BOOL, r.nextBoolean()));
            list.add(new Property("c", PropertyType.COLOR, "#80ff0000"));
            list.add(new Property("file", PropertyType.FILE, "../sounds/a.ogg"));
            list.add(new Property("o", PropertyType.OBJECT, 3L));
            // an enum names its type; a class holds members (typed as Tiled's JSON reads them back), nested
            list.add(new Property("mood", PropertyType.STRING, "calm", "Mood"));
            Properties inner = Properties.of(List.of(new Property("deep", PropertyType.BOOL, true)));
            list.add(new Property("look", PropertyType.CLASS, r.nextInt(3) == 0 ? Properties.EMPTY : List.of(
                    new Property("hue", PropertyType.INT, (long) r.nextInt(360)),
                    new Property("name", PropertyType.STRING, "bright & <b>"),
                    new Property("gain", PropertyType.FLOAT, r.nextInt(1000) + 0.25),
                    new Property("inner", PropertyType.CLASS, inner)), "Look"));
        }
        return Properties.of(list);
    }
}
