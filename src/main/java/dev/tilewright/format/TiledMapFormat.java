package dev.tilewright.format;

import java.util.List;

/** A map format of Tiled's: TMX or TMJ, its syntax's reader and writer ({@link Formats} registers both). */
record TiledMapFormat(String name, List<String> endings, String mediaType, TiledReader.Factory reader,
                      Writer writer) implements MapFormat {

    @FunctionalInterface
    interface Writer {
        byte[] write(TiledMap map, TmxWriter.Options options);
    }

    @Override
    public Read readMap(TiledFiles files, String file, ReadLimits limits, Warnings warnings, boolean detachTemplates) {
        TiledReader<?> read = reader.over(files, limits, warnings);
        if (detachTemplates) {
            read.detachingTemplates();
        }
        TiledMap map = read.readMap(file);
        return new Read(map, read.dataEncoding());
    }

    @Override
    public byte[] writeMap(TiledMap map, TmxWriter.Options options) {
        return writer.write(map, options);
    }
}
