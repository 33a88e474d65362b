package dev.tilewright.format;

import java.util.List;

/**
 * A file format of maps: reads a map file of an upload within limits (with what it could not keep as warnings) and
 * writes a map with options. One class per format, found through {@link Formats}; adding a format is a class and
 * its line there.
 */
public interface MapFormat {

    /** Its name where the API asks for a format ({@code ?format=tmx}). */
    String name();

    /** The file endings it reads, lower case, the one it writes first. */
    List<String> endings();

    /** The media type of a file of it. */
    String mediaType();

    /**
     * The map in {@code file} of the upload and its tilesets, images and templates.
     *
     * @param detachTemplates whether template instances are read as plain objects
     * @throws TiledFormatException when the file is not a map of this format, or breaks a limit
     */
    Read readMap(TiledFiles files, String file, ReadLimits limits, Warnings warnings, boolean detachTemplates);

    /** The map as a file of this format: tilesets embedded or referenced as the map holds them. */
    byte[] writeMap(TiledMap map, TmxWriter.Options options);

    /** A map read, and how its tile layers' data was written (the export writes it back the same way). */
    record Read(TiledMap map, TmxWriter.Options dataEncoding) {
    }
}
