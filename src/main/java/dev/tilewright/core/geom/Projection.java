package dev.tilewright.core.geom;

import java.util.List;

/**
 * How a map's tiles lie on its screen: the place that knows an orientation's geometry, so that an orientation is one
 * more implementation (its JavaScript twin is {@code frontend/model/projection.js}; both are held to the cases in
 * {@code src/test/resources/fixtures/projection/}). The renderer's tile-by-tile drawing, the render service's
 * windows, the checks and the editor's picking ask it; docs/architecture.md lists what does not yet.
 *
 * <p>Three spaces, as in Tiled's renderers: <em>tile</em> coordinates (fractional: tile (3,4)'s cell spans
 * [3,4) x [4,5)), <em>pixel</em> coordinates (where objects, query rays and collision grids live; on an
 * orthogonal map the tile coordinates times the tile size) and <em>screen</em> coordinates (where images are
 * drawn and the pointer points; on an orthogonal map the same as pixels).
 */
public sealed interface Projection permits Orthogonal, Isometric, Hexagonal, Oblique {

    /** The width of a tile's cell on the screen, in pixels. */
    int tileWidth();

    /** The height of a tile's cell on the screen, in pixels. */
    int tileHeight();

    /** The pixel position of tile coordinates. */
    Position tileToPixel(double tileX, double tileY);

    /** The tile coordinates (fractional) of a pixel position. */
    Position pixelToTile(Position pixel);

    /** The screen position of tile coordinates. */
    Position tileToScreen(double tileX, double tileY);

    /** The tile coordinates (fractional) of a screen position. */
    Position screenToTile(Position screen);

    /** The tile whose cell holds a screen point (a point on an edge belongs to the tile right of or below it). */
    TileCoord tileAt(Position screen);

    /** The screen box of a map of {@code width x height} tiles. */
    PixelBox bounds(int width, int height);

    /** The screen box of a tile's cell. */
    PixelBox cellBox(int tileX, int tileY);

    /**
     * The smallest screen box that holds the cells of a rectangle of tiles (a map's bounds are its whole area's; an
     * empty area's box is empty).
     */
    PixelBox areaBox(TileRect area);

    /**
     * The tiles whose cells share at least a pixel with a screen box, not clamped to any map (an empty box meets
     * none).
     */
    TileRect tilesMeeting(PixelBox screen);

    /** The screen x of a tile image's bottom-left corner (Tiled draws a tile image from there, up and right). */
    int imageLeft(int tileX, int tileY);

    /** The screen y of a tile image's bottom-left corner, just below its last row. */
    int imageBottom(int tileX, int tileY);

    /**
     * Visits every tile of {@code area} once, in the order they must be drawn: a later tile's image covers an
     * earlier one's where they overlap.
     */
    void inDrawOrder(TileRect area, TileVisitor visitor);

    /** The tiles that share a side with a tile, clockwise from the one above (not clamped to any map). */
    List<TileCoord> neighbours(int tileX, int tileY);

    /** A visit of one tile. */
    @FunctionalInterface
    interface TileVisitor {
        void visit(int tileX, int tileY);
    }
}
