package dev.tilewright.format;

import dev.tilewright.core.model.Properties;
import dev.tilewright.core.model.TilesetSettings;
import dev.tilewright.core.model.WangSet;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A tileset's settings and Wang sets as both Tiled readers find them, made into the model's values: what the model
 * refuses is refused as the file's fault, naming the tileset and what is wrong.
 */
final class SettingsRead {

    private SettingsRead() {
    }

    static TilesetSettings tileset(String file, String name, String className, String objectAlignment,
                                   String tileRenderSize, String fillMode,
                                   TilesetSettings.Transformations transformations, TilesetSettings.Grid grid,
                                   List<WangSet> wangSets, String backgroundColor) {
        return made(file, "tileset '" + name + "'", () -> new TilesetSettings(className, objectAlignment,
                tileRenderSize, fillMode, transformations, grid, wangSets, Fields.hashColor(backgroundColor)));
    }

    static TilesetSettings.Grid grid(String file, String orientation, int width, int height) {
        return made(file, "a tileset's grid", () -> new TilesetSettings.Grid(orientation, width, height));
    }

    static WangSet wangSet(String file, String name, String className, String type, int tile, Properties properties,
                           List<WangSet.WangColor> colors, Map<Integer, List<Integer>> tiles) {
        return made(file, "Wang set '" + name + "'", () -> new WangSet(name, className, type, tile, properties, colors,
                tiles));
    }

    static WangSet.WangColor wangColor(String file, String name, String className, String color, int tile,
                                       double probability, Properties properties) {
        return made(file, "Wang colour '" + name + "'", () -> new WangSet.WangColor(name, className,
                Fields.hashColor(color), tile, probability, properties));
    }

    /**
     * A Wang id as Tiled writes it: eight comma-separated colour indexes (Tiled 1.5+), or before Tiled 1.5 one 32-bit
     * number 0xCECECECE, a hexadecimal digit per place from the top edge in its lowest digit.
     */
    static List<Integer> wangId(String file, String text) {
        String trimmed = text == null ? "" : text.strip();
        try {
            List<Integer> colors = new ArrayList<>();
            if (trimmed.startsWith("0x") || trimmed.startsWith("0X")) {
                long packed = Long.parseLong(trimmed.substring(2), 16);
                for (int i = 0; i < 8; i++) {
                    colors.add((int) (packed >> (4 * i) & 0xF));
                }
                return colors;
            }
            for (String part : trimmed.split(",", -1)) {
                colors.add(Integer.parseInt(part.strip()));
            }
            return colors;
        } catch (NumberFormatException e) {
            throw TiledFormatException.invalid(file, "Wang id '" + trimmed + "' is not eight numbers");
        }
    }

    private static <T> T made(String file, String what, java.util.function.Supplier<T> make) {
        try {
            return make.get();
        } catch (IllegalArgumentException e) {
            throw TiledFormatException.invalid(file, what + ": " + e.getMessage());
        }
    }
}
