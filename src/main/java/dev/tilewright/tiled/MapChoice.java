package dev.tilewright.tiled;

import dev.tilewright.format.TiledFiles;
import dev.tilewright.core.refusal.Refused;

import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Which file of an upload is the map to import. A folder or a zip of a Tiled project holds many: the caller names
 * one ({@code map=} its path); without a name the upload must hold one map. The maps a Tiled automapping
 * {@code rules.txt} lists are its rules, not maps to import, and are not counted (they can still be named).
 */
final class MapChoice {

    /** At most this many candidates are listed in a problem. */
    private static final int LISTED = 200;

    private MapChoice() {
    }

    static String of(TiledFiles files, String chosen) {
        List<String> maps = dev.tilewright.format.Formats.mapFiles(files.paths(), TiledImportService::isRules);
        Set<String> rules = ruleMaps(files);
        List<String> candidates = chosen != null && !chosen.isBlank() ? maps
                : maps.stream().filter(path -> !rules.contains(path)).toList();
        return among(candidates, chosen, "maps", "Send a map (.tmx or .tmj, also as .tmx.gz, in a folder or a zip) "
                + "with the files it references; the upload holds " + files.paths().size() + " files and no map.");
    }

    /**
     * The one of {@code candidates} (paths in the upload) to import: the one named ({@code map=}), or the only one.
     * Several and none named: a 422 on {@code map} listing them ({@code maps}), which the import dialog offers.
     *
     * @param what  what they are, plural ("maps", "LDtk projects")
     * @param none  the problem's detail when there is none
     */
    static String among(List<String> candidates, String chosen, String what, String none) {
        if (chosen != null && !chosen.isBlank()) {
            String path = chosen.replace('\\', '/').replaceAll("^/+", "");
            if (!candidates.contains(path)) {
                throw Refused.invalidField("map", "The upload holds no " + what.replaceAll("s$", "") + " " + chosen
                        + "; it holds " + listed(candidates) + ".").with("maps", candidates.stream().limit(LISTED)
                        .toList());
            }
            return path;
        }
        if (candidates.size() == 1) {
            return candidates.get(0);
        }
        if (candidates.isEmpty()) {
            throw Refused.invalidField("files", none);
        }
        throw Refused.invalidField("map", "The upload holds " + candidates.size() + " " + what + ": "
                + listed(candidates) + "; name the one to import with map=<its path>.")
                .with("maps", candidates.stream().limit(LISTED).toList());
    }

    private static String listed(List<String> maps) {
        return maps.stream().limit(LISTED).toList() + (maps.size() > LISTED ? " and more" : "");
    }

    /** The maps the upload's Tiled automapping rule files name, by their paths in the upload. */
    private static Set<String> ruleMaps(TiledFiles files) {
        Set<String> rules = new HashSet<>();
        for (String path : files.paths()) {
            String name = path.substring(path.lastIndexOf('/') + 1).toLowerCase(Locale.ROOT);
            if (!name.equals("rules.txt")) {
                continue;
            }
            for (String line : new String(files.read(path, path), StandardCharsets.UTF_8).split("\r?\n")) {
                String entry = line.trim();
                if (entry.isEmpty() || entry.startsWith("#") || entry.startsWith("//") || entry.startsWith("[")) {
                    continue;
                }
                try {
                    rules.add(TiledFiles.resolved(path, entry));
                } catch (RuntimeException unreadable) {
                    // a line that names no file inside the upload names no map of it
                }
            }
        }
        return rules;
    }
}
