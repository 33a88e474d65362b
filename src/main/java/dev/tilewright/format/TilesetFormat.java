package dev.tilewright.format;

import dev.tilewright.core.model.Tileset;

import java.util.List;
import java.util.Map;

/** A file format of tilesets, as {@link MapFormat} is of maps; found through {@link Formats}. */
public interface TilesetFormat {

    /** Its name where the API asks for a format ({@code ?format=tsx}). */
    String name();

    /** The file endings it reads, lower case, the one it writes first. */
    List<String> endings();

    String mediaType();

    /**
     * The tileset in {@code file} of the upload with its images.
     *
     * @throws TiledFormatException when the file is not a tileset of this format, or breaks a limit
     */
    TiledTileset readTileset(TiledFiles files, String file, ReadLimits limits, Warnings warnings);

    /** The tileset as a lone file, with the templates beside it its collision shapes are instances of. */
    byte[] writeTileset(Tileset tileset, Map<String, TiledTemplate> templates);
}
