package dev.tilewright.core.model;

import java.util.Locale;

public enum LayerKind {
    TILE, OBJECT, IMAGE, GROUP;

    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static LayerKind fromWireName(String name) {
        for (LayerKind kind : values()) {
            if (kind.wireName().equals(name)) {
                return kind;
            }
        }
        throw new IllegalArgumentException("unknown layer type '" + name + "': use tile, object, image or group");
    }
}
