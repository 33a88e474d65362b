package dev.tilewright.format;

import dev.tilewright.core.model.PropertyType;

/**
 * The parts of Tiled's formats an import does not keep yet, one rule for the TMX and the JSON readers: each is said
 * as a {@link Warnings.Warning} naming where it was and what happens instead, never dropped in silence.
 */
final class NotKept {

    private NotKept() {
    }

    /**
     * Whether a property's type is one Tilewright keeps; when not (Tiled 1.12's lists, a type of a later Tiled), the
     * property is left out and named in the warnings, the rest of the file read as usual.
     */
    static boolean keptType(Warnings warnings, String file, String name, String type) {
        if (type == null || type.isEmpty() || PropertyType.isTiledName(type)) {
            return true;
        }
        warnings.add(file + ".properties[" + name + "]", "a property of type '" + type + "' is not kept yet");
        return false;
    }

    static void legacyWangSet(Warnings warnings, String tileset, String name) {
        warnings.add("tileset[" + tileset + "].wangsets[" + name + "]", "a Wang set as Tiled wrote it before 1.5 "
                + "(corner and edge colours apart) is not kept; open and save the tileset in Tiled 1.5 or later");
    }

}
