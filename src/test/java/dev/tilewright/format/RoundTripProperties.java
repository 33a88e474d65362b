package dev.tilewright.format;

import dev.tilewright.core.geom.Difference;
import dev.tilewright.core.geom.Position;
import dev.tilewright.core.geom.TileRect;
import dev.tilewright.core.model.Gid;
import dev.tilewright.core.model.GroupLayer;
import dev.tilewright.core.model.ImageLayer;
import dev.tilewright.core.model.Layer;
import dev.tilewright.core.model.LayerAttributes;
import dev.tilewright.core.model.ListItem;
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
import dev.tilewright.core.model.TilesetSettings;
import dev.tilewright.core.model.WangSet;
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
            new TmxWriter.Options(LayerData.Encoding.BASE64, LayerData.Compression.ZSTD),
            new TmxWriter.Options(LayerData.Encoding.BASE64, LayerData.Compression.ZLIB, 9),
            new TmxWriter.Options(LayerData.Encoding.BASE64, LayerData.Compression.ZSTD, 19));

    @net.jqwik.api.Property(tries = 60)
    void tmxAndTmjKeepEverything(@ForAll long seed) {
        Random random = new Random(seed);
        TiledMap map = randomMap(random);
        for (TmxWriter.Options options : OPTIONS) {
            Map<String, byte[]> files = images(map);
            map.templates().values().forEach(t -> files.put(t.path(), t.bytes()));
            files.put("m.tmx", TmxWriter.writeMap(map, options));
            files.put("m.tmj", TmjWriter.writeMap(map, options));
            TiledFiles upload = new TiledFiles(files);
            Warnings warnings = new Warnings();
            TmxReader tmx = new TmxReader(upload, LIMITS, warnings);
            TmjReader tmj = new TmjReader(upload, LIMITS, warnings);
            assertSame(map, tmx.readMap("m.tmx"), "tmx " + options);
            assertSame(map, tmj.readMap("m.tmj"), "tmj " + options);
            if (map.layers().stream().anyMatch(l -> l instanceof TileLayer)) {
                assertThat(tmx.dataEncoding()).as("how the layer data was written, its level too").isEqualTo(options);
                assertThat(tmj.dataEncoding()).as("how the layer data was written, its level too").isEqualTo(options);
            }
            assertThat(warnings.list()).as("nothing we write is unknown to us").isEmpty();
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
        assertThat(new TmxReader(upload, LIMITS, new Warnings()).readTileset("t.tsx", 0).tileset()).isEqualTo(tileset);
        assertThat(new TmjReader(upload, LIMITS, new Warnings()).readTileset("t.tsj", 0).tileset()).isEqualTo(tileset);
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
        assertThat(actual.templates().keySet()).as(how + " templates").isEqualTo(expected.templates().keySet());
        for (int i = 0; i < expected.layers().size(); i++) {
            Layer want = expected.layers().get(i);
            Layer got = actual.layers().get(i);
            assertThat(got.id()).as(how).isEqualTo(want.id());
            assertThat(got.attributes()).as(how + " layer " + i).isEqualTo(want.attributes());
            assertThat(got.parentId()).as(how + " layer " + i + "'s group").isEqualTo(want.parentId());
            if (want instanceof GroupLayer) {
                assertThat(got).as(how + " layer " + i).isInstanceOf(GroupLayer.class);
            } else if (want instanceof TileLayer tiles) {
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
            if (layer instanceof ImageLayer picture && picture.image() != null) {
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
        // a template some objects are instances of (a plain shape: a template's gid needs its own tileset file)
        MapObject template = new MapObject(0, "crate", r.nextBoolean() ? "Box" : "", r.nextBoolean()
                ? ObjectShape.ELLIPSE : ObjectShape.RECTANGLE, 0, 0, 32.0, 24.0, 0.0, 0L, true, List.of(), null,
                Properties.of(List.of(new Property("weight", PropertyType.INT, 3L),
                        new Property("label", PropertyType.STRING, "wood"))));
        String tx = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<template>\n <object name=\"crate\""
                + (template.type().isEmpty() ? "" : " type=\"Box\"") + " width=\"32\" height=\"24\">\n  <properties>\n"
                + "   <property name=\"label\" value=\"wood\"/>\n   <property name=\"weight\" type=\"int\" value=\"3\"/>\n"
                + "  </properties>\n" + (template.shape() == ObjectShape.ELLIPSE ? "  <ellipse/>\n" : "")
                + " </object>\n</template>\n";
        Map<String, TiledTemplate> templates = new HashMap<>();
        // layers in groups (a group, then its layers, as the map keeps them: drawing order, each naming its group)
        java.util.Deque<Integer> open = new java.util.ArrayDeque<>();
        for (int id = 1; id <= 1 + r.nextInt(6); id++) {
            List<String> modes = List.copyOf(new java.util.TreeSet<>(LayerAttributes.BLEND_MODES));
            LayerAttributes attributes = new LayerAttributes("layer " + id, r.nextInt(5) > 0, r.nextInt(5) == 0,
                    r.nextInt(3) == 0 ? r.nextInt(101) / 100.0 : 1.0, new Difference(r.nextInt(9) - 4, r.nextInt(3) * 0.5),
                    r.nextInt(4) == 0 ? "#ff80a0" : null, null, properties(r), r.nextInt(3) == 0 ? "Class " + id : "",
                    r.nextInt(3) == 0 ? new Parallax(r.nextInt(21) / 10.0, r.nextInt(5) * 0.25) : Parallax.NONE,
                    r.nextInt(3) == 0 ? modes.get(r.nextInt(modes.size())) : "normal", "index");
            if (!open.isEmpty() && r.nextInt(3) == 0) {
                open.pop(); // the group before ends here
            }
            int parent = open.isEmpty() ? 0 : open.peek();
            switch (r.nextInt(5)) {
                case 4 -> {
                    GroupLayer group = new GroupLayer(id, attributes.withDrawOrder("topdown").withDrawOrder("index"));
                    group.setParentId(parent);
                    layers.add(group);
                    open.push(id);
                }
                case 0, 1 -> {
                    TileLayer tiles = new TileLayer(id, attributes, width, height);
                    int[] gids = new int[width * height];
                    for (int i = 0; i < gids.length; i++) {
                        gids[i] = r.nextInt(3) == 0 ? 0 : gid(r, tilesets);
                    }
                    tiles.write(new TileRect(0, 0, width, height), gids);
                    tiles.setParentId(parent);
                    layers.add(tiles);
                }
                case 2 -> {
                    ObjectLayer objects = new ObjectLayer(id, r.nextBoolean() ? attributes.withDrawOrder("topdown")
                            : new LayerAttributes(attributes.name(), attributes.visible(), attributes.locked(),
                            attributes.opacity(), attributes.offset(), attributes.tint(), "#a0ff0080",
                            attributes.properties(), attributes.className(), attributes.parallax(),
                            attributes.blendMode(), attributes.drawOrder()));
                    for (int i = 0; i < r.nextInt(6); i++) {
                        MapObject object = randomObject(r, objectId++, tilesets);
                        if (r.nextInt(3) == 0) {
                            object = instance(r, object, template);
                            templates.put("templates/crate.tx", new TiledTemplate("templates/crate.tx",
                                    tx.getBytes(java.nio.charset.StandardCharsets.UTF_8), template));
                        }
                        objects.put(object);
                    }
                    objects.setParentId(parent);
                    layers.add(objects);
                }
                default -> {
                    ImageLayer picture = new ImageLayer(id, attributes, new ImageLayer.Image("sky" + id + ".png", 8, 8,
                            r.nextBoolean() ? 0xff00ff : null, r.nextBoolean(), r.nextBoolean()));
                    picture.setParentId(parent);
                    layers.add(picture);
                }
            }
        }
        assertThat(gidLimit).isPositive();
        return new TiledMap("m.tmx", width, height, 8 + r.nextInt(25), 8 + r.nextInt(25), Position.ORIGIN, null,
                properties(r), tilesets, layers, objectId, Map.of()).withTemplates(templates);
    }

    /**
     * {@code object} as an instance of {@code template}: each of its values the template's or its own (as Tiled
     * keeps an instance: what it does not change comes from the template), its properties over the template's.
     */
    private static MapObject instance(Random r, MapObject object, MapObject template) {
        // a plain rectangle of a template of another shape is written whole (no instance can say it): not here
        boolean ownShape = r.nextBoolean() && object.shape() != ObjectShape.RECTANGLE;
        ObjectShape shape = ownShape ? object.shape() : template.shape();
        // a size is an instance's own as a pair of non-zero sides (Tiled reads any other as the template's)
        boolean ownSize = r.nextBoolean() && object.width() > 0 && object.height() > 0;
        Properties properties = template.properties();
        for (Property own : object.properties().all()) {
            properties = properties.with(own);
        }
        if (r.nextBoolean()) {
            properties = properties.with(new Property("weight", PropertyType.INT, (long) r.nextInt(9)));
        }
        return new MapObject(object.id(), r.nextBoolean() ? object.name() : template.name(),
                r.nextBoolean() ? object.type() : template.type(), shape, object.x(), object.y(),
                ownSize ? object.width() : template.width(), ownSize ? object.height() : template.height(),
                r.nextBoolean() ? object.rotation() : template.rotation(), ownShape ? object.gid() : template.gid(),
                r.nextBoolean() ? object.visible() : template.visible(), ownShape ? object.points() : template.points(),
                ownShape ? object.text() : template.text(), properties, "templates/crate.tx",
                r.nextBoolean() ? object.opacity() : template.opacity());
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
                r.nextInt(4) == 0 ? r.nextInt(36000) / 100.0 - 180 : 0.0, gid, r.nextInt(6) > 0, points, text, properties(r),
                null, r.nextInt(3) == 0 ? r.nextInt(101) / 100.0 : null);
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
        if (r.nextBoolean()) {
            // Wang sets of each type, their colours, and Wang tiles (every tile of the set, some terrains left 0)
            List<WangSet> sets = new ArrayList<>();
            for (String type : List.of("corner", "edge", "mixed").subList(0, 1 + r.nextInt(3))) {
                int colors = 1 + r.nextInt(3);
                List<WangSet.WangColor> colours = new ArrayList<>();
                for (int c = 1; c <= colors; c++) {
                    colours.add(new WangSet.WangColor("terrain " + c, r.nextBoolean() ? "Ground" : "",
                            String.format("#%06x", r.nextInt(0x1000000)), r.nextInt(tileset.tileCount() + 1) - 1,
                            r.nextInt(5) * 0.25 + (r.nextBoolean() ? 1 : 0), r.nextInt(4) == 0 ? properties(r)
                            : Properties.EMPTY));
                }
                Map<Integer, List<Integer>> wangTiles = new HashMap<>();
                for (int t = 0; t < tileset.tileCount(); t++) {
                    if (r.nextBoolean()) {
                        List<Integer> wangId = new ArrayList<>();
                        for (int part = 0; part < 8; part++) {
                            boolean used = type.equals("mixed") || (type.equals("corner") == (part % 2 == 1));
                            wangId.add(used ? r.nextInt(colors + 1) : 0);
                        }
                        wangTiles.put(t, wangId);
                    }
                }
                sets.add(new WangSet(type + " set", r.nextBoolean() ? "Terrain" : "", type,
                        r.nextInt(tileset.tileCount() + 1) - 1, Properties.EMPTY, colours, wangTiles));
            }
            tileset = tileset.withSettings(new TilesetSettings(r.nextBoolean() ? "Blocks" : "",
                    r.nextBoolean() ? "bottom" : "unspecified", r.nextBoolean() ? "grid" : "tile", "stretch",
                    r.nextBoolean() ? new TilesetSettings.Transformations(r.nextBoolean(), r.nextBoolean(),
                            r.nextBoolean(), r.nextBoolean()) : null, null, sets));
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
            list.add(new Property("items", PropertyType.LIST, items(r, 0)));
        }
        return Properties.of(list);
    }

    /** A list's items (Tiled 1.12) of every type, an enum's and a class's among them, lists nested in lists. */
    private static List<ListItem> items(Random r, int depth) {
        List<ListItem> items = new ArrayList<>();
        for (int i = r.nextInt(7); i > 0; i--) {
            items.add(switch (r.nextInt(depth < 2 ? 9 : 8)) {
                case 0 -> new ListItem(PropertyType.STRING, r.nextBoolean() ? "" : "<a> & \"b\"" + (r.nextBoolean() ? "\nline" : ""));
                case 1 -> new ListItem(PropertyType.INT, (long) r.nextInt());
                case 2 -> new ListItem(PropertyType.FLOAT, r.nextInt(1000) + 0.5);
                case 3 -> new ListItem(PropertyType.BOOL, r.nextBoolean());
                case 4 -> new ListItem(PropertyType.COLOR, r.nextBoolean() ? "#ff102030" : "");
                case 5 -> new ListItem(PropertyType.OBJECT, (long) r.nextInt(9));
                case 6 -> new ListItem(PropertyType.STRING, "calm", "Mood");
                case 7 -> new ListItem(PropertyType.CLASS, r.nextBoolean() ? Properties.EMPTY : Properties.of(List.of(
                        new Property("hue", PropertyType.INT, (long) r.nextInt(360)),
                        new Property("tags", PropertyType.LIST, List.of(new ListItem(PropertyType.STRING, "x"))))),
                        "Look");
                default -> new ListItem(PropertyType.LIST, items(r, depth + 1));
            });
        }
        return items;
    }
}
