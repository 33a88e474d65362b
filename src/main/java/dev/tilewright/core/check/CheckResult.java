package dev.tilewright.core.check;

import java.util.Map;

/** A check's outcome: passed or not, what it found ({@code message}) and its details (a path, cells, objects). */
public record CheckResult(String name, String type, boolean passed, String message, Map<String, Object> details) {

    static CheckResult passed(Check check, String message, Map<String, Object> details) {
        return new CheckResult(check.name(), check.type(), true, message, details);
    }

    /** A failed check's result. */
    public static CheckResult failed(Check check, String message, Map<String, Object> details) {
        return new CheckResult(check.name(), check.type(), false, message, details);
    }
}
