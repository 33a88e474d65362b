package dev.tilewright.cli;

import dev.tilewright.core.history.MapDiff;
import dev.tilewright.core.model.MapObject;

import java.util.ArrayList;
import java.util.List;

/** A map diff as people read it: a line per change (text), or a summary table and a list (markdown). */
final class DiffReport {

    /** Cell runs named one by one at most per layer (the rest are counted). */
    static final int MOST_RUNS = 50;
    /** Objects named at most per kind of change per layer. */
    static final int MOST_OBJECTS = 50;

    private DiffReport() {
    }

    static String text(String from, String to, MapDiff.Diff diff) {
        StringBuilder out = new StringBuilder(from + " -> " + to + ": " + summary(diff.counts(), diff) + "\n");
        lines(diff).forEach(line -> out.append(line).append('\n'));
        return out.toString();
    }

    /**
     * @param pictures markdown shown between the table and the list (images of the change, a link to them); may be
     *                 empty
     */
    static String markdown(String from, String to, MapDiff.Diff diff, String pictures) {
        MapDiff.Counts c = diff.counts();
        StringBuilder out = new StringBuilder("### Map changes: `" + from + "` → `" + to + "`\n\n");
        if (same(diff)) {
            return out.append("No changes.\n").toString();
        }
        out.append("| cells | objects added | removed | changed | layers added | removed | moved | changed |\n")
                .append("|---:|---:|---:|---:|---:|---:|---:|---:|\n")
                .append("| ").append(c.cellsChanged()).append(" | ").append(c.objectsAdded()).append(" | ")
                .append(c.objectsRemoved()).append(" | ").append(c.objectsChanged()).append(" | ")
                .append(c.layersAdded()).append(" | ").append(c.layersRemoved()).append(" | ")
                .append(c.layersMoved()).append(" | ").append(c.layersChanged()).append(" |\n\n");
        out.append(pictures);
        List<String> lines = lines(diff);
        out.append("<details><summary>").append(lines.size()).append(" change").append(lines.size() == 1 ? "" : "s")
                .append("</summary>\n\n");
        // a layer's cells and objects are listed under it
        lines.forEach(line -> out.append(line.startsWith(" ") ? "  - " : "- ").append(line.strip().replace("|", "\\|"))
                .append('\n'));
        return out.append("\n</details>\n").toString();
    }

    static boolean same(MapDiff.Diff diff) {
        MapDiff.Counts c = diff.counts();
        return diff.map().isEmpty() && c.cellsChanged() == 0 && c.objectsAdded() + c.objectsRemoved()
                + c.objectsChanged() + c.layersAdded() + c.layersRemoved() + c.layersMoved() + c.layersChanged() == 0;
    }

    private static String summary(MapDiff.Counts c, MapDiff.Diff diff) {
        if (same(diff)) {
            return "no changes";
        }
        List<String> parts = new ArrayList<>();
        count(parts, c.cellsChanged(), "cell");
        count(parts, c.objectsAdded(), "object added", "objects added");
        count(parts, c.objectsRemoved(), "object removed", "objects removed");
        count(parts, c.objectsChanged(), "object changed", "objects changed");
        count(parts, c.layersAdded(), "layer added", "layers added");
        count(parts, c.layersRemoved(), "layer removed", "layers removed");
        count(parts, c.layersMoved(), "layer moved", "layers moved");
        count(parts, c.layersChanged(), "layer changed", "layers changed");
        if (!diff.map().isEmpty()) {
            parts.add("map: " + String.join(", ", diff.map()));
        }
        return String.join(", ", parts);
    }

    private static void count(List<String> parts, long n, String one) {
        count(parts, n, one, one + "s");
    }

    private static void count(List<String> parts, long n, String one, String many) {
        if (n != 0) {
            parts.add(n + " " + (n == 1 ? one : many));
        }
    }

    /** A line per change: the map's, then each layer's with its cells and objects under it. */
    private static List<String> lines(MapDiff.Diff diff) {
        List<String> lines = new ArrayList<>();
        diff.map().forEach(what -> lines.add("map " + what + " changed"));
        for (MapDiff.LayerDiff layer : diff.layers()) {
            String name = "layer " + layer.layerId() + " \"" + layer.name() + "\" (" + layer.kind() + ")";
            List<String> how = new ArrayList<>();
            if (layer.added()) {
                how.add("added");
            }
            if (layer.removed()) {
                how.add("removed");
            }
            if (layer.moved()) {
                how.add("moved");
            }
            if (layer.changed() != null && !layer.changed().isEmpty()) {
                how.add("changed " + String.join(", ", layer.changed()));
            }
            if (layer.cellsChanged() != 0) {
                how.add(layer.cellsChanged() + " cell" + (layer.cellsChanged() == 1 ? "" : "s") + " changed");
            }
            lines.add(name + ": " + (how.isEmpty() ? "objects changed" : String.join(", ", how)));
            if (layer.added() || layer.removed()) {
                continue;
            }
            runs(lines, layer);
            objects(lines, "added", layer.objectsAdded());
            objects(lines, "removed", layer.objectsRemoved());
            if (layer.objectsChanged() != null) {
                int shown = 0;
                for (MapDiff.ObjectChange change : layer.objectsChanged()) {
                    if (shown++ == MOST_OBJECTS) {
                        lines.add("  ... " + (layer.objectsChanged().size() - MOST_OBJECTS) + " more objects changed");
                        break;
                    }
                    lines.add("  object " + describe(change.after()) + " changed " + String.join(", ",
                            change.fields()));
                }
            }
        }
        return lines;
    }

    private static void runs(List<String> lines, MapDiff.LayerDiff layer) {
        if (!layer.listed()) {
            lines.add("  (cells not listed: more than " + DiffCommand.MAX_LISTED + " changed)");
            return;
        }
        if (layer.cells() == null) {
            return;
        }
        int shown = 0;
        for (MapDiff.Run run : layer.cells()) {
            if (shown++ == MOST_RUNS) {
                lines.add("  ... " + (layer.cells().size() - MOST_RUNS) + " more regions");
                break;
            }
            String where = "  cells (" + run.x() + "," + run.y() + ") " + run.width() + "x" + run.height() + ": ";
            lines.add(where + (run.from() != null ? run.from() + " -> " + run.to()
                    : gids(run.before()) + " -> " + gids(run.after())));
        }
    }

    private static String gids(long[] gids) {
        StringBuilder out = new StringBuilder("[");
        for (int i = 0; i < gids.length; i++) {
            if (i == 16) {
                out.append(", ...");
                break;
            }
            out.append(i == 0 ? "" : ", ").append(gids[i]);
        }
        return out.append(']').toString();
    }

    private static void objects(List<String> lines, String how, List<MapObject> objects) {
        if (objects == null) {
            return;
        }
        int shown = 0;
        for (MapObject object : objects) {
            if (shown++ == MOST_OBJECTS) {
                lines.add("  ... " + (objects.size() - MOST_OBJECTS) + " more objects " + how);
                break;
            }
            lines.add("  object " + describe(object) + " " + how);
        }
    }

    private static String describe(MapObject o) {
        String name = o.name() == null || o.name().isEmpty() ? "" : " \"" + o.name() + "\"";
        String type = o.type() == null || o.type().isEmpty() ? "" : " (" + o.type() + ")";
        return "#" + o.id() + name + type + " at (" + number(o.x()) + "," + number(o.y()) + ")";
    }

    private static String number(double v) {
        return v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v);
    }
}
