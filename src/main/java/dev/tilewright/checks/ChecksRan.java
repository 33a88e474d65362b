package dev.tilewright.checks;

import java.util.List;

/** A map's checks ran on a version: its open editors hear the results. */
public record ChecksRan(long mapId, long version, List<CheckRules.Result> results) {

    /** The live frame: {@code {"type":"checks","version","results"}}. */
    public Object frame() {
        return new Frame("checks", version, results);
    }

    record Frame(String type, long version, List<CheckRules.Result> results) {
    }
}
