package dev.tilewright.config;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The limits every request is held to. Each refusal names the limit's property so an operator knows what to raise.
 *
 * @param maxMapWidth        tiles; 65,536 is Tilewright's promise for one side of a map (what a map costs follows
 *                           what is painted: an empty chunk holds nothing, an empty page of 256 chunks nothing)
 * @param maxMapHeight       tiles
 * @param maxTilesetBytes    bytes of one uploaded tileset PNG (10 MiB)
 * @param maxTilesetPixels   width x height of one tileset image (16.8 megapixels = 4096x4096), read from the PNG
 *                           header before anything is decoded
 * @param maxCellsPerOp      cells one op (or one batch) may write cell by cell, which also bounds its inverse (a fill
 *                           of an IntGrid layer counts here: its auto-layers are worked out cell by cell)
 * @param maxFillCells       cells one fill (or the fills of one batch) may cover on tile layers: a whole 8192x8192
 *                           layer (whole chunks share one array; the inverse is as compact as what it covers)
 * @param maxOpsPerRequest   ops in one request's batch
 * @param maxCellsPerRead    cells one cell read may return (2048x2048)
 * @param maxOpsPerRead      log entries one history read returns
 * @param maxLayersPerMap    layers of one map
 * @param maxImportBytes     bytes of all files of one Tiled import together
 * @param maxImportDecodedBytes bytes the tile layers of one import decode to, all layers and chunks together (4 per
 *                           cell), counted before each is decoded: 256 MiB is one 8192x8192 layer or 64 of 1024x1024
 * @param maxExportWorkBytes memory one export's tile layer data takes besides its compressed result, worked out
 *                           before it is written (base64 with zlib or gzip takes none: it is compressed a band at a
 *                           time; CSV, uncompressed base64 and zstd hold the layer); past it a 413 says to compress
 * @param maxImportFiles     files in one Tiled import
 * @param maxTextBytes       a text object's text, in UTF-8 bytes (every render and every editor draws it)
 * @param maxOpsReadBytes    op JSON one read of the log holds (a history page, a page of a replay or catch-up):
 *                           entries up to this many bytes, and always at least one
 * @param maxPropertyTypesBytes a project's custom property types as JSON (every map import and editor reads them)
 * @param maxWorldMaps       maps placed in one world (each is drawn where a world window reaches it)
 * @param maxWorldPatternSteps characters a world pattern's regular expression may look at to match one file name
 *                           (a pattern that backtracks for ever stops here)
 * @param maxWorldBytes      bytes of one .world file (a world of 1000 maps is about 100 KB), checked before it is read
 */
@ConfigurationProperties("tilewright.limits")
public record LimitsProperties(
        @DefaultValue("65536") int maxMapWidth,
        @DefaultValue("65536") int maxMapHeight,
        @DefaultValue("10485760") long maxTilesetBytes,
        @DefaultValue("16777216") long maxTilesetPixels,
        @DefaultValue("16777216") long maxCellsPerOp,
        @DefaultValue("67108864") long maxFillCells,
        @DefaultValue("10000") int maxOpsPerRequest,
        @DefaultValue("4194304") long maxCellsPerRead,
        @DefaultValue("1000") int maxOpsPerRead,
        @DefaultValue("256") int maxLayersPerMap,
        @DefaultValue("134217728") long maxImportBytes,
        @DefaultValue("2000") int maxImportFiles,
        @DefaultValue("65536") int maxTextBytes,
        @DefaultValue("16777216") long maxOpsReadBytes,
        @DefaultValue("268435456") long maxImportDecodedBytes,
        @DefaultValue("134217728") long maxExportWorkBytes,
        @DefaultValue("1048576") int maxPropertyTypesBytes,
        @DefaultValue("1000") int maxWorldMaps,
        @DefaultValue("100000") long maxWorldPatternSteps,
        @DefaultValue("1048576") int maxWorldBytes) {
}
