package dev.tilewright.autotile;

import dev.tilewright.config.AutotileProperties;
import dev.tilewright.core.autotile.AutoLayers;
import dev.tilewright.core.autotile.Autotiler;
import dev.tilewright.core.autotile.IntCells;
import dev.tilewright.core.autotile.IntGridValue;
import dev.tilewright.core.autotile.InvalidRulesException;
import dev.tilewright.core.autotile.Rule;
import dev.tilewright.core.autotile.RuleGroup;
import dev.tilewright.core.autotile.RuleSet;
import dev.tilewright.map.MapReads;
import dev.tilewright.core.refusal.Refusal;
import dev.tilewright.core.refusal.Refused;
import dev.tilewright.web.JsonRefusals;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Service;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.DatabindException;
import tools.jackson.databind.json.JsonMapper;

import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A project's IntGrid values and rule sets, kept as one JSON document with the project and checked whole before it is
 * stored (every rule set compiles, names are unique, the sizes are within {@code tilewright.autotile.*}); and rule sets
 * applied to posted grids.
 */
@Service
public class Rules {

    /** The file a Tiled zip export carries a map's rules in (beside the map; Tiled passes it over). */
    public static final String FILE = "tilewright-rules.json";
    private static final Pattern COLOR = Pattern.compile("#[0-9a-fA-F]{6}");
    private static final int MAX_NAME = 100;

    private final JdbcTemplate jdbc;
    private final JsonMapper json;
    private final AutotileProperties limits;
    private final MapReads reads;
    /** The last few projects' rule sets compiled (each at most max-rules-bytes of JSON). */
    private final Map<Long, Compiled> compiled = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Long, Compiled> eldest) {
            return size() > KEPT_PROJECTS;
        }
    };
    private static final int KEPT_PROJECTS = 8;
    /** Compiled variants (a set with some groups off) kept per project. */
    private static final int KEPT_VARIANTS = 16;

    Rules(JdbcTemplate jdbc, JsonMapper json, AutotileProperties limits, MapReads reads) {
        this.reads = reads;
        this.jdbc = jdbc;
        this.json = json;
        this.limits = limits;
    }

    /** The project's values and rule sets (none when it defines none). */
    public ProjectRules of(long projectId) {
        List<String> stored = jdbc.queryForList("SELECT autotile FROM projects WHERE id = ?", String.class, projectId);
        if (stored.isEmpty()) {
            throw Refused.notFound("Project", projectId);
        }
        return stored.get(0) == null ? ProjectRules.NONE : json.readValue(stored.get(0), ProjectRules.class);
    }

    /**
     * The project's rule sets compiled, by name, as an auto-layer edit needs them: the stored document is read each
     * time (one row) and compiled again only when it changed; a few projects' are kept.
     */
    public AutoLayers.RuleSets compiled(long projectId) {
        List<String> stored = jdbc.queryForList("SELECT autotile::text FROM projects WHERE id = ?", String.class,
                projectId);
        String text = stored.isEmpty() ? null : stored.get(0);
        if (text == null) {
            return (name, groupsOff) -> null;
        }
        Compiled kept;
        synchronized (compiled) {
            kept = compiled.get(projectId);
        }
        if (kept == null || !kept.text().equals(text)) {
            Map<String, RuleSet> byName = new HashMap<>();
            for (RuleSet set : json.readValue(text, ProjectRules.class).ruleSets()) {
                byName.put(set.name(), set);
            }
            kept = new Compiled(text, byName, new ConcurrentHashMap<>());
            synchronized (compiled) {
                compiled.put(projectId, kept);
            }
        }
        return kept::named;
    }

    /** A project's rule sets as stored, each compiled when first asked for with a set of groups switched off. */
    private record Compiled(String text, Map<String, RuleSet> sets, Map<String, Autotiler> autotilers) {

        Autotiler named(String name, Set<String> groupsOff) {
            RuleSet set = sets.get(name);
            if (set == null) {
                return null;
            }
            // only the set's own groups count: names it lacks switch nothing off (and make no entry of their own)
            java.util.TreeSet<String> off = new java.util.TreeSet<>(groupsOff);
            off.retainAll(set.groups().stream().map(RuleGroup::name).toList());
            String key = name + "\u0000" + String.join(",", off);
            Autotiler kept = autotilers.get(key);
            if (kept == null) {
                if (autotilers.size() >= KEPT_VARIANTS) {
                    autotilers.clear(); // maps switching many different groups off: compile again rather than grow
                }
                kept = Autotiler.compile(set.without(off));
                autotilers.put(key, kept);
            }
            return kept;
        }
    }

    /** Reads a project's rules as sent: refused whole (nothing changes) when too large, unreadable or not valid. */
    public ProjectRules read(byte[] body) {
        checkSize(body.length);
        ProjectRules rules;
        try {
            rules = json.readValue(body, ProjectRules.class);
        } catch (DatabindException unbound) {
            throw JsonRefusals.unbound(unbound, "", "The rules");
        } catch (JacksonException unreadable) {
            throw Refused.badRequest("body", "The rules are one JSON object {\"values\": [...], \"ruleSets\": [...]}: "
                    + unreadable.getOriginalMessage());
        }
        if (rules == null) {
            throw Refused.badRequest("body", "Send {\"values\": [...], \"ruleSets\": [...]}.");
        }
        check(rules);
        return rules;
    }

    /**
     * What a zip export of the map (as {@code map}, now or at a past version) carries for its auto-layers: its project's
     * IntGrid values and the rule sets its IntGrid layers name, as {@link #FILE}; null when it has no IntGrid layer.
     */
    public byte[] fileForMap(long mapId, dev.tilewright.core.model.TileMap map) {
        return fileFor(reads.project(mapId), List.of(map));
    }

    /** The same for several maps of a project (a world's): the rule sets any of them names. */
    public byte[] fileFor(long projectId, List<dev.tilewright.core.model.TileMap> maps) {
        Set<String> used = null;
        for (dev.tilewright.core.model.TileMap map : maps) {
            used = namedBy(map, used);
        }
        return fileFor(projectId, used);
    }

    /**
     * The rule sets a map's IntGrid layers name, added to {@code so far}; null when neither it nor those before
     * have an IntGrid layer (then no rules go with them).
     */
    public static Set<String> namedBy(dev.tilewright.core.model.TileMap map, Set<String> soFar) {
        Set<String> used = soFar;
        for (dev.tilewright.core.model.Layer layer : map.layers()) {
            if (layer instanceof dev.tilewright.core.model.TileLayer tiles && tiles.isIntGrid()) {
                used = used == null ? new HashSet<>() : used;
                tiles.attributes().properties().get(AutoLayers.RULES).map(p -> String.valueOf(p.value()))
                        .ifPresent(used::add);
            }
        }
        return used;
    }

    /** The file for maps whose IntGrid layers name {@code used} rule sets ({@link #namedBy}; null: none). */
    public byte[] fileFor(long projectId, Set<String> used) {
        if (used == null) {
            return null;
        }
        ProjectRules all = of(projectId);
        return json.writerWithDefaultPrettyPrinter().writeValueAsBytes(new ProjectRules(all.values(),
                all.ruleSets().stream().filter(set -> used.contains(set.name())).toList()));
    }

    /**
     * Adds what an import's {@link #FILE} defines and the project does not (values by number, rule sets by name); what
     * the project defines already stays as it is (its maintainers own it). Refused whole (422/413, nothing stored)
     * when the file is not valid. Returns what the file defines otherwise, as {@code values[3]} / {@code ruleSets[cave]}.
     */
    public List<String> addNew(long projectId, byte[] file) {
        return addNew(projectId, read(file));
    }

    /** {@link #addNew(long, byte[])} of rules already read (an LDtk project's IntGrid values). */
    public List<String> addNew(long projectId, ProjectRules sent) {
        ProjectRules current = of(projectId);
        List<String> differing = new java.util.ArrayList<>();
        List<IntGridValue> values = new java.util.ArrayList<>(current.values());
        for (IntGridValue v : sent.values()) {
            var mine = current.values().stream().filter(c -> c.value() == v.value()).findFirst();
            if (mine.isEmpty()) {
                values.add(v);
            } else if (!mine.get().equals(v)) {
                differing.add("values[" + v.value() + "]");
            }
        }
        List<RuleSet> sets = new java.util.ArrayList<>(current.ruleSets());
        for (RuleSet set : sent.ruleSets()) {
            var mine = current.ruleSets().stream().filter(c -> c.name().equals(set.name())).findFirst();
            if (mine.isEmpty()) {
                sets.add(set);
            } else if (!mine.get().equals(set)) {
                differing.add("ruleSets[" + set.name() + "]");
            }
        }
        if (values.size() > current.values().size() || sets.size() > current.ruleSets().size()) {
            ProjectRules merged = new ProjectRules(values, sets);
            check(merged);
            replace(projectId, merged);
        }
        return differing;
    }

    /** Stores {@code rules} as the project's whole set. */
    public ProjectRules replace(long projectId, ProjectRules rules) {
        byte[] stored = json.writeValueAsBytes(rules);
        checkSize(stored.length);
        int updated = jdbc.update("UPDATE projects SET autotile = ?::jsonb WHERE id = ?",
                rules.isEmpty() ? null : new String(stored, StandardCharsets.UTF_8), projectId);
        if (updated == 0) {
            throw Refused.notFound("Project", projectId);
        }
        return rules;
    }

    private void check(ProjectRules rules) {
        Set<Integer> values = new HashSet<>();
        Set<String> names = new HashSet<>();
        for (int i = 0; i < rules.values().size(); i++) {
            IntGridValue v = rules.values().get(i);
            String at = "values[" + i + "]";
            if (v == null) {
                throw Refused.invalidField(at, "A value is {\"value\", \"name\", \"color\"}.");
            }
            if (v.value() < 1 || v.value() > Rule.MAX_VALUE || !values.add(v.value())) {
                throw Refused.invalidField(at + ".value", "An IntGrid value is 1 to " + Rule.MAX_VALUE
                        + " (0 is empty), each once; " + v.value() + " is not.");
            }
            name(v.name(), at + ".name", names, "value");
            if (v.color() == null || !COLOR.matcher(v.color()).matches()) {
                throw Refused.invalidField(at + ".color", "A value's color is #rrggbb, not " + v.color() + ".");
            }
        }
        Set<String> setNames = new HashSet<>();
        int total = 0;
        for (int i = 0; i < rules.ruleSets().size(); i++) {
            RuleSet set = rules.ruleSets().get(i);
            if (set == null) {
                throw Refused.invalidField("ruleSets[" + i + "]", "A rule set is {\"name\", \"outOfBoundsValue\", "
                        + "\"groups\"}.");
            }
            name(set.name(), "ruleSets[" + i + "].name", setNames, "rule set");
            total += set.ruleCount();
            checkRuleCount(total, "ruleSets");
            compile(set, "ruleSets[" + i + "].");
        }
    }

    private static void name(String name, String field, Set<String> seen, String what) {
        if (name == null || name.isBlank() || name.length() > MAX_NAME || !seen.add(name)) {
            throw Refused.invalidField(field, "A " + what + "'s name is 1 to " + MAX_NAME + " characters and "
                    + "unique in the project; '" + name + "' is not.");
        }
    }

    /** The rule set compiled, or a 422 naming the field under {@code prefix}. */
    static Autotiler compile(RuleSet set, String prefix) {
        try {
            return Autotiler.compile(set);
        } catch (InvalidRulesException invalid) {
            throw Refused.invalidField(prefix + invalid.field(), invalid.getMessage());
        }
    }

    /** Applies the posted rules to the posted grid, within the preview's limits. */
    public RulesPreview.Result preview(RulesPreview preview) {
        long cells = (long) preview.width() * preview.height();
        if (preview.width() < 1 || preview.height() < 1) {
            throw Refused.invalidField("width", "width and height are 1 or more, not " + preview.width() + "x"
                    + preview.height() + ".");
        }
        if (cells > limits.maxPreviewCells()) {
            throw Refused.overLimit(Refusal.Kind.INVALID, "tilewright.autotile.max-preview-cells",
                    limits.maxPreviewCells(), "A " + preview.width() + "x" + preview.height() + " grid has " + cells
                            + " cells; preview a smaller part").with("field", "width");
        }
        int[] values = preview.cells();
        if (values == null || values.length != cells) {
            throw Refused.invalidField("cells", "cells holds width x height = " + cells + " values row-major, not "
                    + (values == null ? 0 : values.length) + ".");
        }
        for (int i = 0; i < values.length; i++) {
            if (values[i] < 0 || values[i] > Rule.MAX_VALUE) {
                throw Refused.invalidField("cells[" + i + "]", "An IntGrid value is 0 (empty) to " + Rule.MAX_VALUE
                        + ", not " + values[i] + ".");
            }
        }
        if (preview.rules() == null) {
            throw Refused.invalidField("rules", "Send the rule set to apply: {\"outOfBoundsValue\", \"groups\"}.");
        }
        checkRuleCount(preview.rules().ruleCount(), "rules");
        long work = cells * preview.rules().ruleCount();
        if (work > limits.maxPreviewWork()) {
            throw Refused.overLimit(Refusal.Kind.INVALID, "tilewright.autotile.max-preview-work",
                    limits.maxPreviewWork(), cells + " cells x " + preview.rules().ruleCount() + " rules is " + work
                            + "; preview a smaller grid or fewer rules").with("field", "rules");
        }
        Autotiler rules = compile(preview.rules(), "rules.");
        int[] out = rules.evaluate(IntCells.of(preview.width(), preview.height(), values),
                preview.seed() == null ? 0 : preview.seed());
        long[] gids = new long[out.length];
        for (int i = 0; i < out.length; i++) {
            gids[i] = Integer.toUnsignedLong(out[i]);
        }
        return new RulesPreview.Result(preview.width(), preview.height(), gids);
    }

    private void checkRuleCount(int rules, String field) {
        if (rules > limits.maxRules()) {
            throw Refused.overLimit(Refusal.Kind.INVALID, "tilewright.autotile.max-rules",
                    limits.maxRules(), "The rule sets hold " + rules + " rules").with("field", field);
        }
    }

    private void checkSize(long bytes) {
        if (bytes > limits.maxRulesBytes()) {
            throw Refused.overLimit(Refusal.Kind.TOO_LARGE, "tilewright.autotile.max-rules-bytes",
                    limits.maxRulesBytes(), "The rules hold " + bytes + " bytes").with("field", "body");
        }
    }
}
