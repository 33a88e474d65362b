package dev.tilewright.format;

import dev.tilewright.core.model.MapObject;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The templates a map's objects are instances of, as one read meets them: each instance keeps its reference (the
 * template's file name as the map writes it) and the template file is kept with the map. A read asked to detach them
 * keeps the instances' values only.
 */
final class TemplateUses {

    private final boolean detach;
    private final Map<String, TiledTemplate> used = new LinkedHashMap<>();

    TemplateUses(boolean detach) {
        this.detach = detach;
    }

    /**
     * The object read from an instance of the template {@code reference} (at {@code path} in the upload, its object
     * {@code template}), kept as an instance unless detaching.
     */
    MapObject instance(MapObject object, String reference, String path, MapObject template, TiledFiles files,
                       String from) {
        if (detach) {
            return object;
        }
        used.computeIfAbsent(reference, r -> new TiledTemplate(path, files.read(from, path), template));
        return object.withTemplate(reference);
    }

    /**
     * A tileset read with its own record of uses (its tiles' collision shapes may be template instances: those
     * templates go with the tileset, not the map), a reader's {@code outer} one set back after.
     */
    static TiledTileset ownedBy(TemplateUses outer, java.util.function.Consumer<TemplateUses> use,
                                java.util.function.Supplier<TiledTileset> read) {
        TemplateUses own = new TemplateUses(outer.detach);
        use.accept(own);
        try {
            return read.get().withTemplates(own.used());
        } finally {
            use.accept(outer);
        }
    }

    Map<String, TiledTemplate> used() {
        return used;
    }
}
