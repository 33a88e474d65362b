package dev.tilewright.cli;

import dev.tilewright.core.history.ThreeWay;
import dev.tilewright.core.model.LayerAttributes;
import dev.tilewright.core.model.Layer;
import dev.tilewright.core.model.MapObject;
import dev.tilewright.core.model.ObjectLayer;
import dev.tilewright.core.model.ObjectShape;
import dev.tilewright.core.model.Properties;
import dev.tilewright.core.model.Property;
import dev.tilewright.format.Formats;
import dev.tilewright.format.MapFormat;
import dev.tilewright.format.TiledMap;
import dev.tilewright.format.TiledTileset;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;

/**
 * {@code merge-driver BASE OURS THEIRS [PATH]}: git's merge of a TMX or TMJ map (docs/ci.md) by what the map holds,
 * not by its lines: each cell, object, property and layer from the branch that changed it ({@link ThreeWay}). Where
 * both changed the same one differently ours stays, the merged map gets a layer {@value #CONFLICTS} with a marker
 * for each, and the driver exits 1 so git reports a conflict.
 */
final class MergeDriverCommand implements Command {

    /** The object layer that marks where both sides changed the same thing. */
    static final String CONFLICTS = "merge conflicts";
    /** The map property that says what the merge left to resolve. */
    static final String PROPERTY = "tilewright.merge";

    @Override
    public String name() {
        return "merge-driver";
    }

    @Override
    public String summary() {
        return "git's merge driver for TMX/TMJ: merges cells, objects and properties; marks what both changed";
    }

    @Override
    public String help() {
        return """
                usage: tilewright merge-driver BASE OURS THEIRS [PATH] [--root DIR ...]

                Merges map file THEIRS into OURS (both made from BASE) and writes the result to OURS, as git
                asks of a merge driver. Each cell, object (by id), map property and layer (by id; its attributes
                as a whole) takes the side that changed it. Where both sides changed the same one differently,
                ours stays, a marker for it goes in an object layer named "merge conflicts" (and the map property
                tilewright.merge says how many), and it exits 1: git then reports the file as conflicted. Maps
                whose size, tile size or tilesets a side changed are not merged (exit 1, OURS as it was) unless
                the other side changed nothing.
                PATH is the map's path in the repository (git's %P), so its tilesets are found.
                  git config merge.tilewright.name "Tilewright maps"
                  git config merge.tilewright.driver "tilewright merge-driver %O %A %B %P"
                  printf '*.tmx merge=tilewright\\n*.tmj merge=tilewright\\n' >> .gitattributes
                """ + READING;
    }

    @Override
    public Set<String> valued() {
        return LocalMaps.Limits.OPTIONS;
    }

    @Override
    public Set<String> flags() {
        return Set.of();
    }

    @Override
    public Exit run(Args args, PrintStream out, PrintStream err) {
        List<String> operands = args.operands(3, 4, "tilewright merge-driver BASE OURS THEIRS [PATH]");
        Path base = Path.of(operands.get(0));
        Path ours = Path.of(operands.get(1));
        Path theirs = Path.of(operands.get(2));
        String path = operands.size() == 4 ? operands.get(3) : ours.getFileName().toString();
        byte[] b = bytes(base);
        byte[] o = bytes(ours);
        byte[] t = bytes(theirs);
        if (Arrays.equals(t, b) || Arrays.equals(o, t)) {
            return Exit.OK; // nothing of theirs to bring
        }
        if (Arrays.equals(o, b)) {
            write(ours, t);
            return Exit.OK;
        }
        Path root = LocalMaps.rootFor(args.get("root", null), List.of()).toAbsolutePath().normalize();
        LocalMaps files = new LocalMaps(root, LocalMaps.Limits.of(args));
        MapFormat.Read rb = files.readAs(base, path);
        MapFormat.Read ro = files.readAs(ours, path);
        MapFormat.Read rt = files.readAs(theirs, path);
        TiledMap mb = rb.map();
        TiledMap mo = ro.map();
        TiledMap mt = rt.map();
        if (!sameFrame(mo, mb) || !sameFrame(mt, mb)) {
            err.println("tilewright merge-driver: " + path + ": the map's size, tile size, tilesets or grid "
                    + "settings changed on a side that also changed its content: not merged, ours kept");
            return Exit.FAILED;
        }
        ThreeWay.Merged merged = ThreeWay.merge(side(mb), side(mo), side(mt));
        List<Layer> layers = new ArrayList<>(merged.layers());
        Properties properties = merged.properties().without(PROPERTY);
        int nextLayerId = Math.max(mo.nextLayerId(), mt.nextLayerId());
        int nextObjectId = Math.max(mo.nextObjectId(), mt.nextObjectId());
        if (merged.conflictCount() > 0) {
            ObjectLayer markers = new ObjectLayer(nextLayerId++, LayerAttributes.named(CONFLICTS));
            for (ThreeWay.Conflict c : merged.conflicts()) {
                markers.put(marker(nextObjectId++, c, mo));
                err.println("CONFLICT " + path + ": " + c.describe());
            }
            layers.add(markers);
            properties = properties.with(Property.of(PROPERTY, merged.conflictCount() + " conflicts: ours kept; "
                    + "see the layer '" + CONFLICTS + "', then remove it and this property"));
            err.println("tilewright merge-driver: " + path + ": " + merged.conflictCount() + " conflicts ("
                    + merged.conflicts().size() + " marked)");
        }
        TiledMap result = new TiledMap(mo.file(), mo.width(), mo.height(), mo.tileWidth(), mo.tileHeight(),
                mo.offset(), mo.backgroundColor(), properties, mo.tilesets(), layers, nextLayerId, nextObjectId,
                mo.images(), mo.settings(), mo.templates());
        MapFormat format = Formats.mapOf(path).orElseThrow(() -> Exit.file(path + " is not a map file"));
        write(ours, format.writeMap(result, ro.dataEncoding()));
        return merged.conflictCount() > 0 ? Exit.FAILED : Exit.OK;
    }

    /** What the cells are read against: the map's size, tiles, tilesets and settings. */
    private static boolean sameFrame(TiledMap a, TiledMap b) {
        return a.width() == b.width() && a.height() == b.height() && a.tileWidth() == b.tileWidth()
                && a.tileHeight() == b.tileHeight() && java.util.Objects.equals(a.settings(), b.settings())
                && tilesets(a).equals(tilesets(b));
    }

    private static List<String> tilesets(TiledMap map) {
        return map.tilesets().stream().map((TiledTileset t) -> t.firstGid() + " " + t.source() + " "
                + t.tileset().name() + " " + t.tileset().tileCount()).toList();
    }

    private static ThreeWay.Side side(TiledMap map) {
        return new ThreeWay.Side(map.layers(), map.properties());
    }

    /** A marker of a conflict: a cell's rectangle, a point at the object, or a point at the map's corner. */
    private static MapObject marker(int id, ThreeWay.Conflict c, TiledMap map) {
        double x = 0;
        double y = 0;
        Double width = null;
        Double height = null;
        ObjectShape shape = ObjectShape.POINT;
        if (c.kind().equals("cell")) {
            x = (double) c.x() * map.tileWidth();
            y = (double) c.y() * map.tileHeight();
            width = (double) map.tileWidth();
            height = (double) map.tileHeight();
            shape = ObjectShape.RECTANGLE;
        } else if (c.kind().equals("object")) {
            for (Layer layer : map.layers()) {
                if (layer instanceof ObjectLayer objects && layer.id() == c.layerId()) {
                    MapObject at = objects.object(c.objectId()).orElse(null);
                    if (at != null) {
                        x = at.x();
                        y = at.y();
                    }
                }
            }
        }
        Properties said = Properties.EMPTY.with(Property.of("conflict", c.describe()));
        return new MapObject(id, c.kind() + " conflict", "conflict", shape, x, y, width, height, null, null, null,
                null, null, said);
    }

    private static byte[] bytes(Path file) {
        try {
            return Files.readAllBytes(file);
        } catch (IOException e) {
            throw Exit.file(file + ": " + e.getMessage());
        }
    }

    private static void write(Path file, byte[] bytes) {
        try {
            Files.write(file, bytes);
        } catch (IOException e) {
            throw Exit.file(file + ": " + e.getMessage());
        }
    }
}
