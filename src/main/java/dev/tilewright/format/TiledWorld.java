package dev.tilewright.format;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.PatternSyntaxException;

/**
 * A Tiled world ({@code .world}, JSON): maps placed in one pixel space, listed by file name with their position, and
 * patterns that place every map of the world's folder whose name matches a regular expression with two numbers
 * (x and y, multiplied and offset). Read and written as Tiled 1.8-1.12 do.
 *
 * @param maps     the maps listed by name, in the file's order
 * @param patterns the patterns, in the file's order
 */
public record TiledWorld(List<MapEntry> maps, List<Pattern> patterns, boolean onlyShowAdjacentMaps) {

    /** The file name ending Tiled gives a world. */
    public static final String ENDING = ".world";

    /**
     * A map listed by name: its file (relative to the world file), its top-left corner in world pixels, and the size
     * the file gave (Tiled writes the map's pixel size; null when left out).
     */
    public record MapEntry(String fileName, int x, int y, Integer width, Integer height) {
    }

    /**
     * Every map file of the world's folder whose name {@code regexp} matches is at (first number x multiplierX +
     * offsetX, second number x multiplierY + offsetY); {@code mapWidth}/{@code mapHeight} (null: left out) are the
     * size Tiled assumes for showing only adjacent maps.
     */
    public record Pattern(String regexp, int multiplierX, int multiplierY, int offsetX, int offsetY, Integer mapWidth,
                          Integer mapHeight) {
    }

    /** A map of the world at its place: its path in the upload, its name relative to the world file, its corner. */
    public record Placement(String path, String fileName, int x, int y, boolean byPattern) {
    }

    private static final Set<String> KNOWN = Set.of("maps", "patterns", "onlyShowAdjacentMaps", "type");
    private static final List<String> MAP_FILES = List.of(".tmx", ".tmj", ".json");

    public TiledWorld {
        maps = List.copyOf(maps);
        patterns = List.copyOf(patterns);
    }

    /** Reads a world file; what it holds that is not kept is named in {@code warnings}. */
    public static TiledWorld read(byte[] bytes, String file, Warnings warnings) {
        JsonNode root = Json.parse(bytes, file);
        String type = Json.text(root, "type", "world");
        if (!"world".equals(type)) {
            throw TiledFormatException.invalid(file, "\"type\" is '" + type + "'; a world file says \"world\"");
        }
        root.propertyNames().forEach(name -> {
            if (!KNOWN.contains(name)) {
                warnings.add("world." + name, "not kept (Tiled 1.8 worlds hold maps, patterns and "
                        + "onlyShowAdjacentMaps)");
            }
        });
        List<MapEntry> maps = new ArrayList<>();
        for (JsonNode entry : array(root, "maps", file)) {
            String name = Json.text(entry, "fileName", null);
            if (name == null || name.isBlank()) {
                throw TiledFormatException.invalid(file, "maps[" + maps.size() + "] has no \"fileName\"");
            }
            maps.add(new MapEntry(name, Json.integer(entry, "x", 0, file), Json.integer(entry, "y", 0, file),
                    optional(entry, "width", file), optional(entry, "height", file)));
        }
        List<Pattern> patterns = new ArrayList<>();
        for (JsonNode entry : array(root, "patterns", file)) {
            String regexp = Json.text(entry, "regexp", null);
            if (regexp == null || regexp.isEmpty()) {
                throw TiledFormatException.invalid(file, "patterns[" + patterns.size() + "] has no \"regexp\"");
            }
            Pattern pattern = new Pattern(regexp, Json.integer(entry, "multiplierX", 1, file),
                    Json.integer(entry, "multiplierY", 1, file), Json.integer(entry, "offsetX", 0, file),
                    Json.integer(entry, "offsetY", 0, file), optional(entry, "mapWidth", file),
                    optional(entry, "mapHeight", file));
            compiled(pattern, file);
            patterns.add(pattern);
        }
        return new TiledWorld(maps, patterns, Json.flag(root, "onlyShowAdjacentMaps", false));
    }

    /**
     * Where the world puts the maps of an upload: those it lists (each must have been sent: {@link TiledFiles#read}
     * says which is missing), then every other map file in the world file's folder a pattern matches, in name order.
     * A file listed and matched is placed once, as listed.
     *
     * @param maxSteps how many characters one pattern may look at to match one file name (a pattern that would
     *                 backtrack for ever is refused instead)
     */
    public List<Placement> placements(String worldFile, Collection<String> paths, long maxSteps) {
        Map<String, Placement> placed = new LinkedHashMap<>();
        for (MapEntry entry : maps) {
            String path = TiledFiles.resolved(worldFile, entry.fileName());
            placed.putIfAbsent(path, new Placement(path, entry.fileName(), entry.x(), entry.y(), false));
        }
        int slash = worldFile.lastIndexOf('/');
        String folder = slash < 0 ? "" : worldFile.substring(0, slash + 1);
        List<String> inFolder = paths.stream()
                .filter(p -> p.startsWith(folder) && p.indexOf('/', folder.length()) < 0)
                .filter(p -> MAP_FILES.stream().anyMatch(e -> p.toLowerCase(Locale.ROOT).endsWith(e)))
                .sorted().toList();
        for (Pattern pattern : patterns) {
            java.util.regex.Pattern regexp = compiled(pattern, worldFile);
            for (String path : inFolder) {
                String name = path.substring(folder.length());
                Matcher match = regexp.matcher(new Bounded(name, maxSteps, worldFile, pattern.regexp()));
                if (!placed.containsKey(path) && match.find()) {
                    int x = number(match.group(1)) * pattern.multiplierX() + pattern.offsetX();
                    int y = number(match.group(2)) * pattern.multiplierY() + pattern.offsetY();
                    placed.put(path, new Placement(path, name, x, y, true));
                }
            }
        }
        return List.copyOf(placed.values());
    }

    /** Whether a pattern of the world matches a map file name (one in the world file's folder). */
    public static boolean matchesAny(List<Pattern> patterns, String name, long maxSteps) {
        for (Pattern pattern : patterns) {
            if (compiled(pattern, "world").matcher(new Bounded(name, maxSteps, "world", pattern.regexp())).find()) {
                return true;
            }
        }
        return false;
    }

    /** The world as Tiled writes it (keys in its order, sizes of the maps as they are now). */
    public static byte[] write(List<MapEntry> maps, List<Pattern> patterns, boolean onlyShowAdjacentMaps) {
        ObjectNode root = Json.MAPPER.createObjectNode();
        ArrayNode listed = root.putArray("maps");
        for (MapEntry entry : maps) {
            ObjectNode node = listed.addObject();
            node.put("fileName", entry.fileName());
            if (entry.height() != null) {
                node.put("height", entry.height());
            }
            if (entry.width() != null) {
                node.put("width", entry.width());
            }
            node.put("x", entry.x());
            node.put("y", entry.y());
        }
        root.put("onlyShowAdjacentMaps", onlyShowAdjacentMaps);
        if (!patterns.isEmpty()) {
            ArrayNode list = root.putArray("patterns");
            for (Pattern pattern : patterns) {
                ObjectNode node = list.addObject();
                if (pattern.mapHeight() != null) {
                    node.put("mapHeight", pattern.mapHeight());
                }
                if (pattern.mapWidth() != null) {
                    node.put("mapWidth", pattern.mapWidth());
                }
                node.put("multiplierX", pattern.multiplierX());
                node.put("multiplierY", pattern.multiplierY());
                node.put("offsetX", pattern.offsetX());
                node.put("offsetY", pattern.offsetY());
                node.put("regexp", pattern.regexp());
            }
        }
        root.put("type", "world");
        return (Json.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(root) + "\n")
                .getBytes(StandardCharsets.UTF_8);
    }

    /** The patterns as JSON text (kept with a stored world), and back. */
    public static String patternsJson(List<Pattern> patterns) {
        return Json.MAPPER.writeValueAsString(patterns);
    }

    public static List<Pattern> patternsOf(String json) {
        if (json == null || json.isBlank()) {
            return List.of();
        }
        return List.of(Json.MAPPER.readValue(json, Pattern[].class));
    }

    private static java.util.regex.Pattern compiled(Pattern pattern, String file) {
        java.util.regex.Pattern regexp;
        try {
            regexp = java.util.regex.Pattern.compile(pattern.regexp());
        } catch (PatternSyntaxException e) {
            throw TiledFormatException.invalid(file, "the pattern '" + pattern.regexp() + "' is not a regular "
                    + "expression: " + e.getDescription());
        }
        if (regexp.matcher("").groupCount() < 2) {
            throw TiledFormatException.invalid(file, "the pattern '" + pattern.regexp() + "' needs two groups, "
                    + "capturing the x and the y of a map's name");
        }
        return regexp;
    }

    private static int number(String digits) {
        if (digits == null || digits.isEmpty()) {
            return 0;
        }
        try {
            return Integer.parseInt(digits.trim());
        } catch (NumberFormatException e) {
            // as Tiled: what is not a number counts as 0
            return 0;
        }
    }

    private static Integer optional(JsonNode node, String name, String file) {
        JsonNode value = node.path(name);
        return value.isMissingNode() || value.isNull() ? null : Json.integer(node, name, 0, file);
    }

    private static Iterable<JsonNode> array(JsonNode root, String name, String file) {
        JsonNode list = root.path(name);
        if (list.isMissingNode() || list.isNull()) {
            return List.of();
        }
        if (!list.isArray()) {
            throw TiledFormatException.invalid(file, "\"" + name + "\" is not an array");
        }
        return list;
    }

    /** A file name that counts how often a regular expression looks at it, and stops it past a bound. */
    private record Bounded(String text, long maxSteps, String file, String regexp, long[] steps) implements CharSequence {

        Bounded(String text, long maxSteps, String file, String regexp) {
            this(text, maxSteps, file, regexp, new long[1]);
        }

        @Override
        public int length() {
            return text.length();
        }

        @Override
        public char charAt(int index) {
            if (++steps[0] > maxSteps) {
                throw TiledFormatException.invalid(file, "the pattern '" + regexp + "' took more than " + maxSteps
                        + " steps to match one file name (tilewright.limits.max-world-pattern-steps); simplify it");
            }
            return text.charAt(index);
        }

        @Override
        public CharSequence subSequence(int start, int end) {
            return new Bounded(text.substring(start, end), maxSteps, file, regexp, steps);
        }

        @Override
        public String toString() {
            return text;
        }
    }
}
