package dev.tilewright.cli;

/**
 * The command line's exit codes: the same meaning for every command, so a CI job can tell a failed check from a
 * broken setup. A run that did part of its work never exits {@link #OK}.
 */
public enum Exit {
    /** Everything asked was done and every check passed. */
    OK(0),
    /** Done, but a check failed (or a merge left conflicts). */
    FAILED(1),
    /** The command line or the configuration is wrong: nothing was done. */
    USAGE(2),
    /** The service could not be reached or refused the call. */
    SERVICE(3),
    /** A file could not be read (missing, unreadable, not a map, past a limit). */
    FILE(4);

    final int code;

    Exit(int code) {
        this.code = code;
    }

    /** Why a command stops: the exit code and a line for the person reading the log. */
    static final class Failure extends RuntimeException {

        final Exit exit;

        Failure(Exit exit, String message) {
            super(message);
            this.exit = exit;
        }

        Failure(Exit exit, String message, Throwable cause) {
            super(message, cause);
            this.exit = exit;
        }
    }

    static Failure usage(String message) {
        return new Failure(USAGE, message);
    }

    static Failure file(String message) {
        return new Failure(FILE, message);
    }
}
