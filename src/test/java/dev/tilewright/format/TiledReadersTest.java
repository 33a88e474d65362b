package dev.tilewright.format;

import dev.tilewright.support.RequiresTools;
import dev.tilewright.support.Tool;
import dev.tilewright.core.model.Gid;
import dev.tilewright.core.model.Layer;
import dev.tilewright.core.model.MapObject;
import dev.tilewright.core.model.ObjectLayer;
import dev.tilewright.core.model.ObjectShape;
import dev.tilewright.core.model.Orientation;
import dev.tilewright.core.model.TileLayer;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Reads Tiled's example maps, and the same maps as Tiled itself writes them to JSON: both must agree. */
@RequiresTools({Tool.TILED})
class TiledReadersTest {

    private static final ReadLimits LIMITS = new ReadLimits(8192, 8192);

    @TempDir
    static Path dir;
    static TiledFiles files;

    @BeforeAll
    static void examples() throws Exception {
        TiledExamples.copy(dir);
        for (String map : List.of("desert", "sewers", "rpg/island", "perspective_walls", "orthogonal-outside",
                "sticker-knight/map/sandbox", "isometric_grass_and_water", "isometric_staggered_grass_and_water",
                "hexagonal-mini", "test_hexagonal_tile_60x60x30")) {
            TiledExamples.tiled(dir, List.of("tiled", "--export-map", "json", map + ".tmx", map + ".tmj"));
        }
        files = new TiledFiles(TiledExamples.files(dir));
    }

    @ParameterizedTest
    @ValueSource(strings = {"desert", "sewers", "rpg/island", "perspective_walls", "orthogonal-outside",
            "sticker-knight/map/sandbox", "isometric_grass_and_water", "isometric_staggered_grass_and_water",
                "hexagonal-mini", "test_hexagonal_tile_60x60x30"})
    void whatTiledWritesIsKnownInBothFormatsAndAnAttributeOfALaterTiledIsNamed(String map) throws Exception {
        for (String file : List.of(map + ".tmx", map + ".tmj")) {
            Warnings warnings = new Warnings();
            if (file.endsWith(".tmx")) {
                new TmxReader(files, LIMITS, warnings).readMap(file);
            } else {
                new TmjReader(files, LIMITS, warnings).readMap(file);
            }
            assertThat(warnings.list()).as(file + ": nothing Tiled 1.8 writes is unknown")
                    .noneMatch(w -> w.what().contains("is not kept (a Tiled version"));
        }
        if (map.equals("desert")) {
            String tmx = new String(files.read("desert.tmx", "desert.tmx"), java.nio.charset.StandardCharsets.UTF_8)
                    .replace("<map ", "<map shimmer=\"2\" ").replace("name=\"Ground\"", "name=\"Ground\" glow=\"1\"");
            Map<String, byte[]> later = new java.util.LinkedHashMap<>(TiledExamples.files(dir));
            later.put("desert.tmx", tmx.getBytes(java.nio.charset.StandardCharsets.UTF_8));
            Warnings warnings = new Warnings();
            new TmxReader(new TiledFiles(later), LIMITS, warnings).readMap("desert.tmx");
            assertThat(warnings.list()).extracting(Warnings.Warning::path)
                    .contains("map.shimmer", "layers[Ground].glow");
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"desert", "sewers", "rpg/island", "perspective_walls", "orthogonal-outside",
            "sticker-knight/map/sandbox", "isometric_grass_and_water", "isometric_staggered_grass_and_water",
                "hexagonal-mini", "test_hexagonal_tile_60x60x30"})
    void tmxAndTiledsOwnJsonExportReadTheSame(String map) {
        TiledMap fromTmx = new TmxReader(files, LIMITS, new Warnings()).readMap(map + ".tmx");
        TiledMap fromTmj = new TmjReader(files, LIMITS, new Warnings()).readMap(map + ".tmj");
        assertThat(fromTmj.width()).isEqualTo(fromTmx.width());
        assertThat(fromTmj.height()).isEqualTo(fromTmx.height());
        assertThat(fromTmj.properties()).isEqualTo(fromTmx.properties());
        assertThat(fromTmj.settings()).isEqualTo(fromTmx.settings());
        assertThat(fromTmj.offset()).isEqualTo(fromTmx.offset());
        assertThat(fromTmj.tilesets()).extracting(TiledTileset::firstGid)
                .containsExactlyElementsOf(fromTmx.tilesets().stream().map(TiledTileset::firstGid).toList());
        assertThat(fromTmj.tilesets()).extracting(t -> t.tileset().tiles())
                .containsExactlyElementsOf(fromTmx.tilesets().stream().map(t -> t.tileset().tiles()).toList());
        assertThat(fromTmj.tilesets()).extracting(t -> t.tileset().settings())
                .containsExactlyElementsOf(fromTmx.tilesets().stream().map(t -> t.tileset().settings()).toList());
        assertThat(fromTmj.layers()).hasSameSizeAs(fromTmx.layers());
        for (int i = 0; i < fromTmx.layers().size(); i++) {
            Layer a = fromTmx.layers().get(i);
            Layer b = fromTmj.layers().get(i);
            assertThat(b.attributes()).as(map + " layer " + i).isEqualTo(a.attributes());
            if (a instanceof TileLayer tiles) {
                assertThat(((TileLayer) b).sameCells(tiles)).as(map + " cells of " + a.name()).isTrue();
            }
            if (a instanceof ObjectLayer objects) {
                assertThat(((ObjectLayer) b).objects()).as(map + " objects of " + a.name())
                        .containsExactlyElementsOf(objects.objects());
            }
        }
    }

    @Test
    void desertHasItsExternalTilesetWithMarginSpacingAndItsTerrain() {
        TiledMap desert = new TmxReader(files, LIMITS, new Warnings()).readMap("desert.tmx");
        assertThat(desert.width()).isEqualTo(40);
        TiledTileset tileset = desert.tilesets().get(0);
        assertThat(tileset.source()).isEqualTo("desert.tsx");
        assertThat(tileset.tileset().margin()).isEqualTo(1);
        assertThat(tileset.tileset().spacing()).isEqualTo(1);
        assertThat(tileset.tileset().tileCount()).isEqualTo(48);
        assertThat(tileset.atlas()).isNotEmpty();
        TileLayer ground = (TileLayer) desert.layers().get(0);
        assertThat(ground.get(0, 0)).isEqualTo(30);
    }

    @Test
    void stickerKnightHasImageCollectionsTemplatesAndFlippedTileObjects() {
        TiledMap sandbox = new TmxReader(files, LIMITS, new Warnings()).readMap("sticker-knight/map/sandbox.tmx");
        assertThat(sandbox.tilesets().get(0).tileset().isCollection()).isTrue();
        assertThat(sandbox.tilesets().get(0).tileImages()).isNotEmpty();
        List<MapObject> objects = sandbox.layers().stream().filter(l -> l instanceof ObjectLayer)
                .flatMap(l -> ((ObjectLayer) l).objects().stream()).toList();
        assertThat(objects).anyMatch(o -> Gid.flippedHorizontally((int) (long) o.gid()));
        assertThat(objects).anyMatch(o -> o.rotation() != 0);
        assertThat(objects).allMatch(o -> o.id() > 0);
        assertThat(objects.stream().filter(o -> o.shape() == ObjectShape.RECTANGLE && o.gid() != 0)).isNotEmpty();
    }

    @Test
    void objectLayersKeepTheirObjectsAsListedAndTheirDrawOrderAndColour() {
        String tmx = """
                <map version="1.8" orientation="orthogonal" width="4" height="4" tilewidth="16" tileheight="16">
                 <objectgroup id="1" name="topdown" color="ff0000">
                  <object id="1" x="0" y="50"/><object id="2" x="0" y="10"/><object id="3" x="0" y="30"/>
                  <object id="4" x="5" y="10"/>
                 </objectgroup>
                 <objectgroup id="2" name="index" draworder="index" color="#8000ff00">
                  <object id="5" x="0" y="50"/><object id="6" x="0" y="10"/>
                 </objectgroup>
                </map>""";
        TiledMap map = new TmxReader(new TiledFiles(Map.of("m.tmx", tmx.getBytes(StandardCharsets.UTF_8))), LIMITS, new Warnings())
                .readMap("m.tmx");
        ObjectLayer topdown = (ObjectLayer) map.layers().get(0);
        ObjectLayer index = (ObjectLayer) map.layers().get(1);
        assertThat(topdown.objects()).extracting(MapObject::id).as("kept as listed").containsExactly(1, 2, 3, 4);
        assertThat(topdown.attributes().drawOrder()).isEqualTo("topdown");
        assertThat(topdown.drawn()).extracting(MapObject::id).as("drawn sorted by y, ties in file order")
                .containsExactly(2, 4, 3, 1);
        assertThat(index.objects()).extracting(MapObject::id).containsExactly(5, 6);
        assertThat(index.drawn()).extracting(MapObject::id).containsExactly(5, 6);
        assertThat(topdown.attributes().color()).isEqualTo("#ff0000");
        assertThat(index.attributes().color()).isEqualTo("#8000ff00");
        String written = new String(TmxWriter.writeMap(map, TmxWriter.Options.DEFAULT), StandardCharsets.UTF_8);
        assertThat(written).contains("<objectgroup id=\"1\" name=\"topdown\" color=\"#ff0000\">")
                .contains("<objectgroup id=\"2\" name=\"index\" draworder=\"index\"");
    }

    @ParameterizedTest
    @ValueSource(strings = {"isometric_grass_and_water.tmx:isometric:y:odd:0",
            "isometric_staggered_grass_and_water.tmx:staggered:y:odd:0", "hexagonal-mini.tmx:hexagonal:y:odd:6",
            "test_hexagonal_tile_60x60x30.tmx:hexagonal:x:odd:30"})
    void everyOrientationIsReadAndWrittenBackInBothFormats(String expected) throws Exception {
        String[] e = expected.split(":");
        TiledMap map = new TmxReader(files, LIMITS, new Warnings()).readMap(e[0]);
        Orientation orientation = map.settings().orientation();
        assertThat(orientation.kind().fileName()).isEqualTo(e[1]);
        assertThat(orientation.staggerAxis()).isEqualTo(e[2]);
        assertThat(orientation.staggerIndex()).isEqualTo(e[3]);
        assertThat(orientation.hexSideLength()).isEqualTo(Integer.parseInt(e[4]));
        String tmx = new String(TmxWriter.writeMap(map, TmxWriter.Options.DEFAULT), StandardCharsets.UTF_8);
        assertThat(tmx).contains("orientation=\"" + e[1] + "\"");
        assertThat(tmx.contains("staggeraxis=\"" + e[2] + "\"")).isEqualTo(orientation.staggers());
        assertThat(tmx.contains("hexsidelength=\"" + e[4] + "\"")).isEqualTo(e[1].equals("hexagonal"));
        Map<String, byte[]> written = new java.util.LinkedHashMap<>(TiledExamples.files(dir));
        written.put("again.tmx", tmx.getBytes(StandardCharsets.UTF_8));
        written.put("again.tmj", TmjWriter.writeMap(map, TmxWriter.Options.DEFAULT));
        for (String file : List.of("again.tmx", "again.tmj")) {
            TiledMap again = file.endsWith(".tmx")
                    ? new TmxReader(new TiledFiles(written), LIMITS, new Warnings()).readMap(file)
                    : new TmjReader(new TiledFiles(written), LIMITS, new Warnings()).readMap(file);
            assertThat(again.settings()).as(file).isEqualTo(map.settings());
            assertThat(again.offset()).as(file).isEqualTo(map.offset());
            assertThat(again.width()).isEqualTo(map.width());
            assertThat(again.height()).isEqualTo(map.height());
        }
    }

    @Test
    void anInfiniteStaggeredMapKeepsItsShiftedRowsWhereTheFileHasThem() throws Exception {
        // the example's chunks moved one row down: its content starts at row 1, but a stored rectangle starting there
        // would swap which rows are shifted, so it starts at row 0
        String tmx = new String(files.read("isometric_staggered_grass_and_water.tmx",
                "isometric_staggered_grass_and_water.tmx"), StandardCharsets.UTF_8);
        String down = java.util.regex.Pattern.compile("<chunk x=\"(-?\\d+)\" y=\"(-?\\d+)\"").matcher(tmx)
                .replaceAll(m -> "<chunk x=\"" + m.group(1) + "\" y=\"" + (Integer.parseInt(m.group(2)) + 1) + "\"");
        Map<String, byte[]> later = new java.util.LinkedHashMap<>(TiledExamples.files(dir));
        later.put("down.tmx", down.getBytes(StandardCharsets.UTF_8));
        TiledMap original = new TmxReader(files, LIMITS, new Warnings()).readMap("isometric_staggered_grass_and_water.tmx");
        TiledMap moved = new TmxReader(new TiledFiles(later), LIMITS, new Warnings()).readMap("down.tmx");
        assertThat(original.offset()).isEqualTo(new dev.tilewright.core.geom.Position(0, 0));
        assertThat(moved.offset()).isEqualTo(new dev.tilewright.core.geom.Position(0, 0));
        assertThat(moved.height()).isEqualTo(original.height() + 1);
        TileLayer before = (TileLayer) original.layers().get(0);
        TileLayer after = (TileLayer) moved.layers().get(0);
        for (int x = 0; x < before.width(); x++) {
            assertThat(after.get(x, 0)).isZero();
            assertThat(after.get(x, 1)).isEqualTo(before.get(x, 0));
        }
    }

    @Test
    void obliqueMapsKeepTheirSkewsInBothFormatsAndAWrongStaggerAxisIsTheFilesFault() throws Exception {
        String tmx = new String(files.read("desert.tmx", "desert.tmx"), StandardCharsets.UTF_8);
        Map<String, byte[]> later = new java.util.LinkedHashMap<>(TiledExamples.files(dir));
        later.put("oblique.tmx", tmx.replace("orientation=\"orthogonal\"", "orientation=\"oblique\" skewx=\"8\"")
                .getBytes(StandardCharsets.UTF_8));
        later.put("sideways.tmx", tmx.replace("orientation=\"orthogonal\"",
                "orientation=\"staggered\" staggeraxis=\"z\"").getBytes(StandardCharsets.UTF_8));
        TiledFiles all = new TiledFiles(later);
        TiledMap oblique = new TmxReader(all, LIMITS, new Warnings()).readMap("oblique.tmx");
        assertThat(oblique.settings().orientation().kind()).isEqualTo(Orientation.Kind.OBLIQUE);
        assertThat(oblique.settings().orientation().skewX()).isEqualTo(8);
        assertThat(oblique.settings().orientation().skewY()).isZero();
        // written and read back by both formats: the skews stay, and only skews that are not 0 are written
        String written = new String(TmxWriter.writeMap(oblique, TmxWriter.Options.DEFAULT), StandardCharsets.UTF_8);
        assertThat(written).contains("orientation=\"oblique\"").contains("skewx=\"8\"").doesNotContain("skewy");
        later.put("again.tmx", written.getBytes(StandardCharsets.UTF_8));
        assertThat(new TmxReader(new TiledFiles(later), LIMITS, new Warnings()).readMap("again.tmx").settings())
                .isEqualTo(oblique.settings());
        assertThatThrownBy(() -> new TmxReader(all, LIMITS, new Warnings()).readMap("sideways.tmx"))
                .isInstanceOf(TiledFormatException.class).hasMessageContaining("stagger axis is x or y, was 'z'");
    }
}
