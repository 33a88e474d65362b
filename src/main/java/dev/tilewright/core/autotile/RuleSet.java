package dev.tilewright.core.autotile;

import java.util.List;
import java.util.Set;

/**
 * An auto-layer's rules: groups of rules in order, and the value cells outside the grid are read as.
 */
public record RuleSet(Integer outOfBoundsValue, List<RuleGroup> groups) {

    public RuleSet {
        outOfBoundsValue = outOfBoundsValue == null ? 0 : outOfBoundsValue;
        groups = groups == null ? List.of() : List.copyOf(groups);
    }

    /** How many rules, in all groups. */
    public int ruleCount() {
        return groups.stream().mapToInt(group -> group.rules().size()).sum();
    }

    /** The same rules with the named groups switched off (a map's choice), the others as they are. */
    public RuleSet without(Set<String> groupsOff) {
        if (groupsOff.isEmpty()) {
            return this;
        }
        return new RuleSet(outOfBoundsValue, groups.stream()
                .map(g -> groupsOff.contains(g.name()) ? new RuleGroup(g.name(), false, g.rules()) : g).toList());
    }
}
