package dev.tilewright.format;

import dev.tilewright.core.model.Layer;
import dev.tilewright.core.model.Property;
import dev.tilewright.core.model.TileLayer;

import java.util.ArrayList;
import java.util.List;

/**
 * IntGrid layers in Tiled files: written as tile layers with no tiles (their values are no gids Tiled could draw or
 * even load) and the values in the string property {@value #CELLS} (base64 of zlib of little-endian uint32, row-major,
 * as Tiled's own layer data); read back from it, the property dropped. A file whose IntGrid layer lacks the property
 * (painted in Tiled) has its tile data read as the values.
 */
public final class IntGridFiles {

    public static final String CELLS = "tilewright.intgrid.cells";

    private IntGridFiles() {
    }

    /** The layers as a file holds them: each IntGrid replaced by an empty tile layer carrying its values. */
    public static List<Layer> forFile(List<Layer> layers) {
        List<Layer> out = new ArrayList<>(layers.size());
        for (Layer layer : layers) {
            if (layer instanceof TileLayer grid && grid.isIntGrid()) {
                String cells = LayerData.encode(grid.read(grid.bounds()), grid.width(), LayerData.Encoding.BASE64,
                        LayerData.Compression.ZLIB);
                TileLayer written = new TileLayer(grid.id(), grid.attributes().withProperties(
                        grid.attributes().properties().with(Property.of(CELLS, cells))), grid.width(), grid.height());
                written.setParentId(grid.parentId());
                out.add(written);
            } else {
                out.add(layer);
            }
        }
        return out;
    }

    /** A tile layer as read: an IntGrid's values taken from its property (or its data), other layers as they are. */
    static TileLayer fromFile(String file, TileLayer layer) {
        if (!layer.isIntGrid()) {
            return layer;
        }
        String where = "IntGrid layer '" + layer.name() + "'";
        var kept = layer.attributes().properties().get(CELLS);
        if (kept.isPresent()) {
            if (!(kept.get().value() instanceof String text)) {
                throw TiledFormatException.invalid(file, where + ": " + CELLS + " is a string property");
            }
            int[] values = LayerData.decode(LayerData.Encoding.BASE64, LayerData.Compression.ZLIB, text,
                    Math.multiplyExact(layer.width(), layer.height()), file, layer.name());
            layer.write(layer.bounds(), values);
            layer.setAttributes(layer.attributes().withProperties(layer.attributes().properties().without(CELLS)));
        }
        int[] values = layer.read(layer.bounds());
        for (int i = 0; i < values.length; i++) {
            if (values[i] < 0 || values[i] > TileLayer.MAX_INTGRID_VALUE) {
                throw TiledFormatException.invalid(file, where + " holds " + Integer.toUnsignedString(values[i])
                        + " at (" + i % layer.width() + ", " + i / layer.width() + "); IntGrid values are 0 to "
                        + TileLayer.MAX_INTGRID_VALUE);
            }
        }
        return layer;
    }
}
