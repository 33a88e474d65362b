package dev.tilewright.cli;

import dev.tilewright.core.check.Check;
import dev.tilewright.core.check.CheckRules;
import dev.tilewright.core.refusal.Refused;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A repository's {@code tilewright.json} (docs/ci.md): which maps {@code check} reads when none are named
 * ({@code "maps"}: patterns), and checks declared for the maps a pattern matches, run besides each map's own:
 * <pre>{"maps": ["maps/**&#47;*.tmx"],
 *  "checks": [{"maps": "maps/levels/*.tmx", "checks": [{"name": "...", "type": "...", ...}]}]}</pre>
 */
record CheckConfig(String file, List<Glob> maps, List<Group> groups) {

    /** The checks declared for the maps that match any of the patterns. */
    record Group(List<Glob> maps, List<Check> checks) {
    }

    static final String NAME = "tilewright.json";
    /** Bytes of a config file read at most. */
    static final long MAX_BYTES = 1_048_576L;

    static final CheckConfig NONE = new CheckConfig(null, List.of(), List.of());

    /** The config at {@code path} (given: it must exist), else {@code tilewright.json} at the top of the tree. */
    static CheckConfig read(Path root, String given, JsonMapper json) {
        Path file = given != null ? Path.of(given) : root.resolve(NAME);
        if (!Files.isRegularFile(file)) {
            if (given != null) {
                throw Exit.usage("--config " + given + ": no such file");
            }
            return NONE;
        }
        String name = given != null ? given : NAME;
        JsonNode top;
        try {
            if (Files.size(file) > MAX_BYTES) {
                throw Exit.usage(name + " is past " + MAX_BYTES + " bytes");
            }
            top = json.readTree(Files.readAllBytes(file));
        } catch (IOException e) {
            throw Exit.file(name + ": " + e.getMessage());
        } catch (JacksonException e) {
            throw Exit.usage(name + " is not JSON: " + e.getOriginalMessage());
        }
        if (!top.isObject()) {
            throw Exit.usage(name + " holds an object: {\"maps\": [...], \"checks\": [...]}");
        }
        for (String field : top.propertyNames()) {
            if (!field.equals("maps") && !field.equals("checks") && !field.equals("$schema")) {
                throw Exit.usage(name + ": no field '" + field + "' (it has maps and checks)");
            }
        }
        List<Glob> maps = patterns(top.path("maps"), name + ": maps");
        List<Group> groups = new ArrayList<>();
        JsonNode declared = top.path("checks");
        if (!declared.isMissingNode() && !declared.isArray()) {
            throw Exit.usage(name + ": checks is a list of {\"maps\": pattern(s), \"checks\": [...]}");
        }
        for (int i = 0; i < declared.size(); i++) {
            JsonNode group = declared.get(i);
            String at = name + ": checks[" + i + "]";
            if (!group.isObject() || !group.has("maps") || !group.path("checks").isArray()) {
                throw Exit.usage(at + " is {\"maps\": pattern(s), \"checks\": [...]}");
            }
            for (String field : group.propertyNames()) {
                if (!field.equals("maps") && !field.equals("checks")) {
                    throw Exit.usage(at + ": no field '" + field + "' (it has maps and checks)");
                }
            }
            List<Check> checks = new ArrayList<>();
            JsonNode list = group.get("checks");
            for (int j = 0; j < list.size(); j++) {
                try {
                    checks.add(json.treeToValue(list.get(j), Check.class));
                } catch (JacksonException e) {
                    throw Exit.usage(at + ".checks[" + j + "]: " + e.getOriginalMessage());
                }
            }
            try {
                CheckRules.validate(checks);
            } catch (Refused refused) {
                throw Exit.usage(at + "." + refused.refusal().field() + ": " + refused.getMessage());
            }
            groups.add(new Group(patterns(group.get("maps"), at + ".maps"), List.copyOf(checks)));
        }
        return new CheckConfig(name, maps, groups);
    }

    private static List<Glob> patterns(JsonNode node, String field) {
        if (node.isMissingNode()) {
            return List.of();
        }
        List<Glob> globs = new ArrayList<>();
        for (JsonNode p : node.isArray() ? node : List.of(node)) {
            if (!p.isString() || p.asString().isBlank()) {
                throw Exit.usage(field + " are patterns: \"maps/**/*.tmx\" or a list of them");
            }
            globs.add(Glob.of(p.asString()));
        }
        return globs;
    }

    /** The checks declared for the map at {@code path} (relative to the tree), in the order declared. */
    List<Check> checksFor(String path) {
        List<Check> checks = new ArrayList<>();
        for (Group group : groups) {
            if (group.maps().stream().anyMatch(g -> g.matches(path))) {
                checks.addAll(group.checks());
            }
        }
        return checks;
    }
}
