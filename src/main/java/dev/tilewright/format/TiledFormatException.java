package dev.tilewright.format;

/** A Tiled file that cannot be read as it is: what is wrong, in which file, and what kind of refusal it is. */
public final class TiledFormatException extends RuntimeException {

    /** How a refusal should be answered. */
    public enum Kind {
        /** The file is malformed or contradicts itself. */
        INVALID,
        /** A file the map references was not sent. */
        MISSING_FILE,
        /** Valid Tiled, but something Tilewright does not handle yet. */
        UNSUPPORTED,
        /** More than a read may hold (see {@link ReadLimits}). */
        OVER_LIMIT
    }

    private final Kind kind;
    private final String file;
    private final String missing;
    private final String limit;
    private final long limitValue;

    public TiledFormatException(Kind kind, String file, String message) {
        this(kind, file, message, null, null, 0);
    }

    private TiledFormatException(Kind kind, String file, String message, String missing, String limit,
                                 long limitValue) {
        super(message);
        this.kind = kind;
        this.file = file;
        this.missing = missing;
        this.limit = limit;
        this.limitValue = limitValue;
    }

    /** More than the configured limit of that name allows ({@link Kind#OVER_LIMIT}, naming it). */
    public static TiledFormatException overLimit(String file, String message, String limit, long limitValue) {
        return new TiledFormatException(Kind.OVER_LIMIT, file, message, null, limit, limitValue);
    }

    /** The configured limit an {@link Kind#OVER_LIMIT} names, or null (then: what a read may hold). */
    public String limit() {
        return limit;
    }

    public long limitValue() {
        return limitValue;
    }

    /** A file {@code file} references that was not sent, at the path it would have in the upload. */
    public static TiledFormatException missing(String file, String path, String message) {
        return new TiledFormatException(Kind.MISSING_FILE, file, message, path, null, 0);
    }

    /** The path of the file not sent ({@link Kind#MISSING_FILE}), else null. */
    public String missing() {
        return missing;
    }

    public Kind kind() {
        return kind;
    }

    /** The file at fault, as its path in the upload. */
    public String file() {
        return file;
    }

    static TiledFormatException invalid(String file, String message) {
        return new TiledFormatException(Kind.INVALID, file, message);
    }
}
