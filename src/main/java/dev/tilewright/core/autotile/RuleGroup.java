package dev.tilewright.core.autotile;

import java.util.List;

/** Rules evaluated in order; a group switched off ({@code active: false}) places nothing. */
public record RuleGroup(String name, Boolean active, List<Rule> rules) {

    public RuleGroup {
        name = name == null ? "" : name;
        active = active == null || active;
        rules = rules == null ? List.of() : List.copyOf(rules);
    }
}
