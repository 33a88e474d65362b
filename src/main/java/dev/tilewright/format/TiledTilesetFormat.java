package dev.tilewright.format;

import dev.tilewright.core.model.Tileset;

import java.util.List;
import java.util.Map;

/** A tileset format of Tiled's: TSX or TSJ, its syntax's reader and writer ({@link Formats} registers both). */
record TiledTilesetFormat(String name, List<String> endings, String mediaType, TiledReader.Factory reader,
                          Writer writer) implements TilesetFormat {

    @FunctionalInterface
    interface Writer {
        byte[] write(Tileset tileset, Map<String, TiledTemplate> templates);
    }

    @Override
    public TiledTileset readTileset(TiledFiles files, String file, ReadLimits limits, Warnings warnings) {
        return reader.over(files, limits, warnings).readTileset(file, 0);
    }

    @Override
    public byte[] writeTileset(Tileset tileset, Map<String, TiledTemplate> templates) {
        return writer.write(tileset, templates);
    }
}
