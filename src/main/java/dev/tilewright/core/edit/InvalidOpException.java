package dev.tilewright.core.edit;

/**
 * An op that does not fit the map it is applied to. Thrown before anything changed (a batch undoes what its
 * earlier ops did), so the map is exactly as it was.
 *
 * @see MapOp#applyTo
 */
public final class InvalidOpException extends RuntimeException {

    private final String field;

    public InvalidOpException(String field, String message) {
        super(message);
        this.field = field;
    }

    /** The path of the offending field in the op, e.g. {@code ops[2].cells[5].gid}. */
    public String field() {
        return field;
    }

    InvalidOpException within(String prefix) {
        InvalidOpException nested = new InvalidOpException(prefix + "." + field, getMessage());
        nested.setStackTrace(getStackTrace());
        return nested;
    }
}
