package dev.tilewright.core.check;

import dev.tilewright.core.refusal.Refused;

/** The kinds of check, by the name their JSON gives. */
public enum CheckType {
    REACHABLE("reachable"), BLOCKED("blocked"), NO_EMPTY_CELLS("noEmptyCells"),
    OBJECTS_HAVE_PROPERTY("objectsHaveProperty"), INSIDE_MAP("insideMap");

    /** The name in JSON. */
    public final String apiName;

    CheckType(String apiName) {
        this.apiName = apiName;
    }

    /** The type so named; refused (naming {@code field}) when there is none. */
    public static CheckType named(String name, String field) {
        for (CheckType type : values()) {
            if (type.apiName.equals(name)) {
                return type;
            }
        }
        throw Refused.invalidField(field, "type is one of reachable, blocked, noEmptyCells, "
                + "objectsHaveProperty, insideMap, not '" + name + "'.");
    }
}
