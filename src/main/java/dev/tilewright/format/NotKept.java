package dev.tilewright.format;

/**
 * The parts of Tiled's formats an import does not keep yet, one rule for the TMX and the JSON readers: each is said
 * as a {@link Warnings.Warning} naming where it was and what happens instead, never dropped in silence.
 */
final class NotKept {

    private NotKept() {
    }

    static void map(Warnings warnings, String renderOrder, boolean infinite, String parallaxOriginX,
                    String parallaxOriginY, String className) {
        if (!renderOrder.equals("right-down")) {
            warnings.add("map.renderorder", "render order '" + renderOrder + "' is not kept: the map is drawn and "
                    + "exported right-down");
        }
        if (infinite) {
            warnings.add("map.infinite", "an infinite map is stored finite: the chunks it has, its origin kept; it is "
                    + "exported finite");
        }
        if (!isZero(parallaxOriginX) || !isZero(parallaxOriginY)) {
            warnings.add("map.parallaxorigin", "the parallax origin is not kept");
        }
        if (!className.isEmpty()) {
            warnings.add("map.class", "the map's class '" + className + "' is not kept");
        }
    }

    static void legacyWangSet(Warnings warnings, String tileset, String name) {
        warnings.add("tileset[" + tileset + "].wangsets[" + name + "]", "a Wang set as Tiled wrote it before 1.5 "
                + "(corner and edge colours apart) is not kept; open and save the tileset in Tiled 1.5 or later");
    }

    static void layer(Warnings warnings, String name, String parallaxX, String parallaxY, String mode,
                      String className) {
        String at = "layers[" + name + "]";
        if (!isOne(parallaxX) || !isOne(parallaxY)) {
            warnings.add(at + ".parallax", "parallax factors are not kept: the layer scrolls with the map");
        }
        if (!mode.equals("normal")) {
            warnings.add(at + ".mode", "blend mode '" + mode + "' is not kept: the layer is drawn normally");
        }
        if (!className.isEmpty()) {
            warnings.add(at + ".class", "the layer's class '" + className + "' is not kept");
        }
    }

    static void group(Warnings warnings, String name) {
        warnings.add("layers[" + name + "]", "group layers are flattened: the layers in it keep its opacity, offset "
                + "and visibility composed into theirs, and its tint where they have none (Tiled multiplies tints); the "
                + "group itself and its properties are not kept");
    }

    static void emptyImageLayer(Warnings warnings, String name) {
        warnings.add("layers[" + name + "]", "an image layer without an image is not kept");
    }

    static void property(Warnings warnings, String owner, String name, String type, String propertyType) {
        String at = owner + ".properties[" + name + "]";
        if ("class".equals(type)) {
            warnings.add(at, "a class-typed property is not kept");
        } else if (propertyType != null && !propertyType.isEmpty()) {
            warnings.add(at + ".propertytype", "kept as its plain value; its custom type '" + propertyType
                    + "' is not");
        }
    }

    static void template(Warnings warnings, String objectId, String template) {
        warnings.add("objects[" + objectId + "].template", "detached from '" + template + "': the object keeps the "
                + "template's values, not the reference");
    }

    private static boolean isZero(String number) {
        try {
            return Double.parseDouble(number) == 0;
        } catch (NumberFormatException e) {
            return false;
        }
    }

    private static boolean isOne(String number) {
        try {
            return Double.parseDouble(number) == 1;
        } catch (NumberFormatException e) {
            return false;
        }
    }
}
