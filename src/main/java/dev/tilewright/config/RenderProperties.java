package dev.tilewright.config;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Server rendering.
 *
 * @param maxPixels       pixels of one rendered image after scaling (16.8 megapixels: a whole 8192x2048 px map)
 * @param maxScale        largest nearest-neighbour scale factor
 * @param maxViews        view windows in one split-screen image
 * @param atlasCacheBytes decoded tileset pixels kept in memory (least recently used go first; -1: 12% of the heap)
 * @param blockCacheBytes rendered 16x16-cell blocks of tile layers kept in memory (least recently used go first;
 *                        0 turns the cache off; -1: 6% of the heap)
 * @param maxTourFrames   frames of one scroll tour GIF
 * @param maxTourPixels   pixels of all frames of one tour together (frames x width x height)
 * @param maxThumbnailSize longest side of a map thumbnail (a thumbnail renders at most max-pixels map pixels)
 * @param pngLevel        deflate level of rendered PNGs (1 fastest, 9 smallest); 2 was the best trade on tile art
 * @param thumbnailCacheBytes encoded thumbnails kept per map version and size (least recently used go first; a map
 *                        list or every editor's minimap asks for the same ones again; -1: 2% of the heap)
 * @param overviewSide    longest side of a map's overview, the averaged picture of the whole map that thumbnails
 *                        come from (kept per map and redrawn only where edits change it)
 * @param overviewCacheBytes overviews kept in memory (least recently used go first; -1: 4% of the heap)
 * @param overviewExactPixels map pixels up to which a map whose tiles reach out of their cells (offsets, tall
 *                        tiles, image layers) has its overview rendered exactly; a larger one has each tile drawn
 *                        into its own cell
 * @param maxTextCells    cells of the area one {@code render.txt} pictures (every cell is read once)
 */
@ConfigurationProperties("tilewright.render")
public record RenderProperties(
        @DefaultValue("16777216") long maxPixels,
        @DefaultValue("8") int maxScale,
        @DefaultValue("4") int maxViews,
        @DefaultValue("-1") long atlasCacheBytes,
        @DefaultValue("-1") long blockCacheBytes,
        @DefaultValue("600") int maxTourFrames,
        @DefaultValue("100000000") long maxTourPixels,
        @DefaultValue("1024") int maxThumbnailSize,
        @DefaultValue("2") int pngLevel,
        @DefaultValue("-1") long thumbnailCacheBytes,
        @DefaultValue("1024") int overviewSide,
        @DefaultValue("-1") long overviewCacheBytes,
        @DefaultValue("67108864") long overviewExactPixels,
        @DefaultValue("67108864") long maxTextCells) {
}
