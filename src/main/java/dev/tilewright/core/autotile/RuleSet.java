package dev.tilewright.core.autotile;

import java.util.List;
import java.util.Set;

/**
 * An auto-layer's rules: groups of rules in order, and the value cells outside the grid are read as.
 *
 * @param name what a project calls the set (maps attach it by name); empty when unnamed
 */
public record RuleSet(String name, Integer outOfBoundsValue, List<RuleGroup> groups) {

    public RuleSet {
        name = name == null ? "" : name;
        outOfBoundsValue = outOfBoundsValue == null ? 0 : outOfBoundsValue;
        groups = groups == null ? List.of() : List.copyOf(groups);
    }

    /** An unnamed set. */
    public RuleSet(Integer outOfBoundsValue, List<RuleGroup> groups) {
        this(null, outOfBoundsValue, groups);
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
        return new RuleSet(name, outOfBoundsValue, groups.stream()
                .map(g -> groupsOff.contains(g.name()) ? new RuleGroup(g.name(), false, g.rules()) : g).toList());
    }
}
