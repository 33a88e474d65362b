package dev.tilewright.core.autotile;

import java.util.List;
import java.util.Set;

/**
 * A group of LDtk rules in evaluation order. An optional group applies only on the levels that switch it on; a group
 * that requires biomes applies where the level's biome field holds any ({@link #anyBiome}) or all of them.
 */
public record LdtkRuleGroup(int uid, String name, boolean active, boolean optional, List<String> requiredBiomes,
                            boolean anyBiome, List<LdtkRule> rules) {

    public LdtkRuleGroup {
        requiredBiomes = List.copyOf(requiredBiomes);
        rules = List.copyOf(rules);
    }

    /**
     * Whether the group places tiles on a level (LDtk's {@code isRuleGroupAppliedHere}): the biome requirement decides
     * when the level has the layer's biome field ({@code biomes} non-null, the field's values), else the group is
     * active and not optional, or optional and switched on there.
     */
    public boolean appliesOn(Set<Integer> optionalOn, List<String> biomes) {
        if (active && !requiredBiomes.isEmpty() && biomes != null) {
            return anyBiome ? requiredBiomes.stream().anyMatch(biomes::contains) : biomes.containsAll(requiredBiomes);
        }
        return active && !optional || optionalOn.contains(uid);
    }
}
