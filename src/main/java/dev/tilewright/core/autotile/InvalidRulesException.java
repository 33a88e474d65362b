package dev.tilewright.core.autotile;

/** A rule set that cannot be evaluated, naming the offending field ({@code groups[0].rules[3].pattern}). */
public final class InvalidRulesException extends RuntimeException {

    private final String field;

    public InvalidRulesException(String field, String message) {
        super(message);
        this.field = field;
    }

    /** The path of the offending field in the rule set. */
    public String field() {
        return field;
    }
}
