package dev.tilewright.format.ldtk;

import dev.tilewright.core.autotile.LdtkRule;
import dev.tilewright.core.autotile.LdtkRuleGroup;

import java.util.ArrayList;
import java.util.List;

/** A layer definition's {@code autoRuleGroups}, every rule field LDtk 1.5 writes, checked as they are read. */
final class LdtkRules {

    /** The most octaves a perlin filter may ask for (each is a pass over the noise per cell). */
    static final int MAX_OCTAVES = 16;
    /** The largest modulo a rule may have (LDtk's own editor stops far below). */
    static final int MAX_MODULO = 1 << 16;
    private static final int MAX_VALUE = 999_999_999;

    private LdtkRules() {
    }

    static List<LdtkRuleGroup> groups(LdtkFields layer) {
        List<LdtkRuleGroup> groups = new ArrayList<>();
        for (LdtkFields group : layer.objects("autoRuleGroups")) {
            List<LdtkRule> rules = new ArrayList<>();
            for (LdtkFields rule : group.objects("rules")) {
                rules.add(rule(rule));
            }
            List<String> biomes = new ArrayList<>();
            for (var value : group.array("requiredBiomeValues")) {
                if (!value.isString()) {
                    throw LdtkFields.invalid(group.file(), group.at("requiredBiomeValues"), "holds " + value
                            + "; enum value names are expected");
                }
                biomes.add(value.asString());
            }
            int mode = group.integer("biomeRequirementMode", 0, 0, 1);
            groups.add(new LdtkRuleGroup(group.integer("uid", 0, Integer.MIN_VALUE, Integer.MAX_VALUE),
                    group.text("name", ""), group.bool("active", true), group.bool("isOptional", false), biomes,
                    mode == 0, rules));
        }
        return groups;
    }

    private static LdtkRule rule(LdtkFields rule) {
        int size = rule.integer("size", 1, 1, LdtkRule.MAX_SIZE);
        if (size % 2 == 0) {
            throw LdtkFields.invalid(rule.file(), rule.at("size"), "is " + size + "; an odd size 1.."
                    + LdtkRule.MAX_SIZE + " is expected");
        }
        List<Integer> pattern = rule.integers("pattern", -MAX_VALUE, MAX_VALUE);
        if (pattern.size() != size * size) {
            throw LdtkFields.invalid(rule.file(), rule.at("pattern"), "holds " + pattern.size() + " values; a "
                    + size + "x" + size + " rule has " + size * size);
        }
        List<List<Integer>> rects = new ArrayList<>();
        List<?> given = rule.array("tileRectsIds");
        if (given.isEmpty() && !rule.array("tileIds").isEmpty()) {
            // before LDtk 1.4: tileIds, one tile per choice (Single) or one stamp (Stamp)
            List<Integer> ids = rule.integers("tileIds", 0, Integer.MAX_VALUE);
            if ("Stamp".equals(rule.text("tileMode", "Single"))) {
                rects.add(ids);
            } else {
                ids.forEach(id -> rects.add(List.of(id)));
            }
        }
        for (int i = 0; i < given.size(); i++) {
            var rect = (tools.jackson.databind.JsonNode) given.get(i);
            String where = rule.at("tileRectsIds") + "[" + i + "]";
            if (!rect.isArray()) {
                throw LdtkFields.invalid(rule.file(), where, "is not an array of tile ids");
            }
            List<Integer> ids = new ArrayList<>();
            for (int j = 0; j < rect.size(); j++) {
                ids.add(rule.whole(rect.get(j), where + "[" + j + "]", 0, Integer.MAX_VALUE));
            }
            rects.add(ids);
        }
        String checker = rule.choice("checker", "None", "None", "Horizontal", "Vertical");
        LdtkRule.Modulo modulo = new LdtkRule.Modulo(rule.integer("xModulo", 1, 1, MAX_MODULO),
                rule.integer("yModulo", 1, 1, MAX_MODULO), rule.integer("xOffset", 0, -MAX_MODULO, MAX_MODULO),
                rule.integer("yOffset", 0, -MAX_MODULO, MAX_MODULO),
                LdtkRule.Checker.valueOf(checker.toUpperCase(java.util.Locale.ROOT)));
        int pixels = 1 << 20;
        LdtkRule.TileOffset offset = new LdtkRule.TileOffset(rule.integer("tileXOffset", 0, -pixels, pixels),
                rule.integer("tileYOffset", 0, -pixels, pixels), rule.integer("tileRandomXMin", 0, -pixels, pixels),
                rule.integer("tileRandomXMax", 0, -pixels, pixels), rule.integer("tileRandomYMin", 0, -pixels, pixels),
                rule.integer("tileRandomYMax", 0, -pixels, pixels));
        if (offset.randomXMax() < offset.randomXMin() || offset.randomYMax() < offset.randomYMin()) {
            throw LdtkFields.invalid(rule.file(), rule.at("tileRandomXMax"), "is below its minimum (x "
                    + offset.randomXMin() + ".." + offset.randomXMax() + ", y " + offset.randomYMin() + ".."
                    + offset.randomYMax() + "); a range min..max is expected");
        }
        LdtkRule.Perlin perlin = rule.bool("perlinActive", false)
                ? new LdtkRule.Perlin(rule.integer("perlinSeed", 0, Integer.MIN_VALUE, Integer.MAX_VALUE),
                rule.decimal("perlinScale", 0.2, -1e6, 1e6), rule.integer("perlinOctaves", 2, 1, MAX_OCTAVES))
                : null;
        return new LdtkRule(rule.integer("uid", 0, Integer.MIN_VALUE, Integer.MAX_VALUE), rule.bool("active", true),
                size, pattern, rects, "Stamp".equals(rule.choice("tileMode", "Single", "Single", "Stamp")),
                rule.decimal("pivotX", 0, 0, 1), rule.decimal("pivotY", 0, 0, 1), rule.decimal("alpha", 1, 0, 1),
                rule.decimal("chance", 1, -1e9, 1e9), rule.bool("breakOnMatch", false), rule.bool("flipX", false),
                rule.bool("flipY", false), rule.nullableInteger("outOfBoundsValue", -MAX_VALUE, MAX_VALUE), modulo,
                offset, perlin);
    }
}
