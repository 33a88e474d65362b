package dev.tilewright.format;

/** Reads an external tileset by its extension: .tsx (XML) or .tsj/.json (JSON). */
final class Tilesets {

    private Tilesets() {
    }

    static TiledTileset read(TiledFiles files, String from, String path, int firstGid, Warnings warnings) {
        files.read(from, path);
        String lower = path.toLowerCase(java.util.Locale.ROOT);
        if (lower.endsWith(".tsj") || lower.endsWith(".json")) {
            return new TmjReader(files, ReadLimits.none(), warnings).readTileset(path, firstGid);
        }
        return new TmxReader(files, ReadLimits.none(), warnings).readTileset(path, firstGid);
    }
}
