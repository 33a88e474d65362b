package dev.tilewright.format;

/** A reader of one of Tiled's two syntaxes (XML, JSON) over the files of an upload; what its formats read with. */
sealed interface TiledReader permits TmxReader, TmjReader {

    /** Makes it read template instances as plain objects; itself. */
    TiledReader detachingTemplates();

    TiledMap readMap(String file);

    /** How the last map read wrote its tile layers' data. */
    TmxWriter.Options dataEncoding();

    TiledTileset readTileset(String file, int firstGid);

    /** A reader of the upload's files within limits, noting what it cannot keep. */
    @FunctionalInterface
    interface Factory {
        TiledReader over(TiledFiles files, ReadLimits limits, Warnings warnings);
    }
}
