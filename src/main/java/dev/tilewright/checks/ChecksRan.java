package dev.tilewright.checks;

import dev.tilewright.core.check.CheckResult;

import java.util.List;

/** A map's checks ran on a version: its open editors hear the results. */
public record ChecksRan(long mapId, long version, List<CheckResult> results) {

    /**
     * The live frame: {@code {"type":"checks","version","results":[{name, type, passed, message}]}}; what each found
     * (a path, cells) is read with {@code GET …/checks?version=} (a frame stays small however much they found).
     */
    public Object frame() {
        return new Frame("checks", version, results.stream().map(r -> new Summary(r.name(), r.type(), r.passed(),
                r.message())).toList());
    }

    record Summary(String name, String type, boolean passed, String message) {
    }

    record Frame(String type, long version, List<Summary> results) {
    }
}
