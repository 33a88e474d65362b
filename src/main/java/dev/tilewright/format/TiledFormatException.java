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

    public TiledFormatException(Kind kind, String file, String message) {
        super(message);
        this.kind = kind;
        this.file = file;
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
