package dev.tilewright.autotile;

import dev.tilewright.core.autotile.IntGridValue;
import dev.tilewright.core.autotile.RuleSet;

import java.util.List;

/** What a project defines for auto-layers: the values IntGrid cells hold and the rule sets maps attach by name. */
public record ProjectRules(List<IntGridValue> values, List<RuleSet> ruleSets) {

    public static final ProjectRules NONE = new ProjectRules(List.of(), List.of());

    public ProjectRules {
        values = values == null ? List.of() : List.copyOf(values);
        ruleSets = ruleSets == null ? List.of() : List.copyOf(ruleSets);
    }

    public boolean isEmpty() {
        return values.isEmpty() && ruleSets.isEmpty();
    }
}
