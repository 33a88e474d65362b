package dev.tilewright.core.grid;

import dev.tilewright.core.geom.TileRect;
import dev.tilewright.core.model.Gid;
import dev.tilewright.core.model.GridOverrides;
import dev.tilewright.core.model.GridSettings;
import dev.tilewright.core.model.Layer;
import dev.tilewright.core.model.MapTileset;
import dev.tilewright.core.model.TileData;
import dev.tilewright.core.model.TileLayer;
import dev.tilewright.core.model.TileMap;
import dev.tilewright.core.model.Tileset;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.function.LongFunction;

/**
 * Computes a map's collision grid as its {@link GridSettings} say. From tiles: a tile whose tileset marks it solid
 * (a bool property {@code solid}, or the class {@code solid}) makes every element under it solid on all four sides;
 * a one-way platform (a bool property {@code platform}, or the class {@code platform}) gives the top row of its
 * elements a solid top only. From pixels, besides: any other tile makes an element solid when at least
 * {@code solidFraction} of the element's pixels are solid: alpha at least {@code alphaThreshold}, not the
 * transparent colour, and (the seed's heuristic) not a colour that occurs in a tile marked {@code empty} (a bool
 * property or the class). A tile's pixels are placed as they are drawn: flipped, at the cell's bottom-left, moved by
 * the tileset's tile offset; what falls outside the cell is not counted. All tile layers count, each on its own.
 * Then designers' overrides replace an element's sides (at the settings' element size), and each element's derived
 * flags follow: {@link CollisionGrid#GROUND} on a solid top under an element without one,
 * {@link CollisionGrid#FLOATING} on a free element over one without a solid top.
 */
public final class GridComputer {

    private static final byte[] NONE = new byte[0];
    private static final String EMPTY = "empty";
    private static final String PLATFORM = "platform";

    private final TileMap map;
    private final GridSettings settings;
    private final int elementWidth;
    private final int elementHeight;
    private final int elementsX;
    private final int elementsY;
    private final boolean overridden;
    private final Map<Integer, byte[]> sidesByGid = new HashMap<>();
    private final LongFunction<Tileset> tilesets;
    private final TilePixels pixels;
    private Set<Integer> emptyColors;

    /**
     * A computer of the grid with elements of the settings' size.
     *
     * @param tilesets the tileset of each id the map uses
     * @param pixels   the tiles' pixels (needed when the settings compute from pixels)
     */
    public GridComputer(TileMap map, LongFunction<Tileset> tilesets, TilePixels pixels) {
        this(map, map.gridSettings().elementWidth(map.tileWidth()), map.gridSettings().elementHeight(map.tileHeight()),
                tilesets, pixels);
    }

    /**
     * A computer of the grid with elements of another size; the designers' overrides count only at the settings'
     * element size.
     */
    public GridComputer(TileMap map, int elementWidth, int elementHeight, LongFunction<Tileset> tilesets,
                        TilePixels pixels) {
        if (elementWidth < 1 || elementHeight < 1 || map.tileWidth() % elementWidth != 0
                || map.tileHeight() % elementHeight != 0) {
            throw new IllegalArgumentException("grid elements of " + elementWidth + "x" + elementHeight
                    + " px must divide the " + map.tileWidth() + "x" + map.tileHeight() + " px tiles");
        }
        this.map = map;
        this.settings = map.gridSettings();
        if (settings.fromPixels() && pixels == null) {
            throw new IllegalArgumentException("a grid computed from pixels needs the tiles' pixels");
        }
        this.elementWidth = elementWidth;
        this.elementHeight = elementHeight;
        this.elementsX = map.tileWidth() / elementWidth;
        this.elementsY = map.tileHeight() / elementHeight;
        this.overridden = elementWidth == settings.elementWidth(map.tileWidth())
                && elementHeight == settings.elementHeight(map.tileHeight());
        this.tilesets = tilesets;
        this.pixels = pixels;
    }

    /** A whole new grid for the map. */
    public CollisionGrid compute() {
        CollisionGrid grid = emptyGrid();
        recompute(grid, map.bounds());
        return grid;
    }

    /** A grid of the right size with every element free and nothing computed yet (for {@link #recompute}). */
    public CollisionGrid emptyGrid() {
        return new CollisionGrid(map.width() * elementsX, map.height() * elementsY, elementWidth, elementHeight);
    }

    /**
     * Recomputes the elements of a rectangle of tiles (after an op changed them) and the derived flags of the
     * element rows just above and below it, which depend on them.
     */
    public void recompute(CollisionGrid grid, TileRect tiles) {
        TileRect area = tiles.intersection(map.bounds());
        GridOverrides overrides = map.gridOverrides();
        byte[] own = new byte[elementsX * elementsY];
        // tiles collide; an IntGrid's values are no tiles
        List<TileLayer> tileLayers = new ArrayList<>();
        for (Layer layer : map.layers()) {
            if (layer instanceof TileLayer cells && !cells.isIntGrid()) {
                tileLayers.add(cells);
            }
        }
        for (int ty = area.y(); ty < area.bottom(); ty++) {
            for (int tx = area.x(); tx < area.right(); tx++) {
                Arrays.fill(own, (byte) 0);
                for (TileLayer cells : tileLayers) {
                    byte[] sides = sides(cells.get(tx, ty));
                    for (int i = 0; i < sides.length; i++) {
                        own[i] |= sides[i];
                    }
                }
                for (int ey = 0; ey < elementsY; ey++) {
                    for (int ex = 0; ex < elementsX; ex++) {
                        int gx = tx * elementsX + ex;
                        int gy = ty * elementsY + ey;
                        int override = overridden ? overrides.get(gx, gy) : -1;
                        grid.set(gx, gy, override >= 0 ? override : own[ey * elementsX + ex]);
                    }
                }
            }
        }
        int top = Math.max(0, area.y() * elementsY - 1);
        int bottom = (int) Math.min(grid.rows(), area.bottom() * elementsY + 1);
        for (int ey = top; ey < bottom; ey++) {
            for (int ex = area.x() * elementsX; ex < area.right() * elementsX; ex++) {
                derive(grid, ex, ey);
            }
        }
    }

    /** Sets an element's derived flags from its own sides and its neighbours above and below. */
    static void derive(CollisionGrid grid, int ex, int ey) {
        int own = grid.get(ex, ey) & CollisionGrid.SIDES;
        int flags = own;
        boolean topSolid = (own & CollisionGrid.TOP) != 0;
        if (topSolid && ey > 0 && (grid.get(ex, ey - 1) & CollisionGrid.TOP) == 0) {
            flags |= CollisionGrid.GROUND;
        }
        if (own == 0 && ey + 1 < grid.rows() && (grid.get(ex, ey + 1) & CollisionGrid.TOP) == 0) {
            flags |= CollisionGrid.FLOATING;
        }
        grid.set(ex, ey, flags);
    }

    /** The sides a gid's tile gives each element of its cell (row-major), or {@link #NONE}. */
    private byte[] sides(int gid) {
        if (gid == Gid.EMPTY) {
            return NONE;
        }
        return sidesByGid.computeIfAbsent(gid, this::lookUp);
    }

    private byte[] lookUp(int gid) {
        int id = Gid.id(gid);
        MapTileset owner = map.tilesetOf(id).orElse(null);
        Tileset tileset = owner == null ? null : tilesets.apply(owner.tilesetId());
        int local = owner == null ? -1 : id - owner.firstGid();
        if (tileset == null || !tileset.hasTile(local)) {
            return NONE;
        }
        if (marked(tileset, local, Tileset.SOLID)) {
            byte[] solid = new byte[elementsX * elementsY];
            Arrays.fill(solid, (byte) CollisionGrid.SOLID);
            return solid;
        }
        if (marked(tileset, local, PLATFORM)) {
            byte[] platform = new byte[elementsX * elementsY];
            Arrays.fill(platform, 0, elementsX, (byte) CollisionGrid.TOP);
            return platform;
        }
        if (!settings.fromPixels() || marked(tileset, local, EMPTY)) {
            return NONE;
        }
        TilePixels.Image image = pixels.image(owner.tilesetId(), local);
        return image == null ? NONE : fromPixels(gid, tileset, image);
    }

    private static boolean marked(Tileset tileset, int local, String name) {
        TileData tile = tileset.tile(local);
        return tile.properties().flag(name) || name.equals(tile.type());
    }

    /** Each element solid or free by the share of its pixels that are solid, the tile placed as it is drawn. */
    private byte[] fromPixels(int gid, Tileset tileset, TilePixels.Image image) {
        boolean diagonal = Gid.flippedDiagonally(gid);
        boolean horizontal = Gid.flippedHorizontally(gid);
        boolean vertical = Gid.flippedVertically(gid);
        int drawnW = diagonal ? image.height() : image.width();
        int drawnH = diagonal ? image.width() : image.height();
        int left = tileset.tileOffsetX();
        int top = map.tileHeight() - drawnH + tileset.tileOffsetY();
        double needed = settings.solidFraction() * elementWidth * elementHeight;
        byte[] out = new byte[elementsX * elementsY];
        boolean any = false;
        for (int ey = 0; ey < elementsY; ey++) {
            for (int ex = 0; ex < elementsX; ex++) {
                int solid = 0;
                for (int py = ey * elementHeight; py < (ey + 1) * elementHeight; py++) {
                    int dv = py - top;
                    if (dv < 0 || dv >= drawnH) {
                        continue;
                    }
                    int v = vertical ? drawnH - 1 - dv : dv;
                    for (int px = ex * elementWidth; px < (ex + 1) * elementWidth; px++) {
                        int du = px - left;
                        if (du < 0 || du >= drawnW) {
                            continue;
                        }
                        int u = horizontal ? drawnW - 1 - du : du;
                        int pixel = diagonal ? image.argb()[u * image.width() + v] : image.argb()[v * image.width() + u];
                        if (solid(pixel)) {
                            solid++;
                        }
                    }
                }
                if (solid > 0 && solid >= needed) {
                    out[ey * elementsX + ex] = (byte) CollisionGrid.SOLID;
                    any = true;
                }
            }
        }
        return any ? out : NONE;
    }

    private boolean solid(int pixel) {
        int alpha = pixel >>> 24;
        if (alpha < settings.alphaThreshold()) {
            return false;
        }
        if (alpha == 255 && (pixel & 0xFFFFFF) == settings.transparentRgb()) {
            return false;
        }
        return !settings.emptyColors() || !emptyColors().contains(pixel);
    }

    /** The pixel values that occur in the map's tiles marked empty. */
    private Set<Integer> emptyColors() {
        if (emptyColors == null) {
            emptyColors = new HashSet<>();
            for (MapTileset used : map.tilesets()) {
                Tileset tileset = tilesets.apply(used.tilesetId());
                if (tileset == null) {
                    continue;
                }
                for (int local : tileset.tiles().keySet()) {
                    if (tileset.hasTile(local) && marked(tileset, local, EMPTY)) {
                        TilePixels.Image image = pixels.image(used.tilesetId(), local);
                        if (image != null) {
                            for (int pixel : image.argb()) {
                                emptyColors.add(pixel);
                            }
                        }
                    }
                }
            }
        }
        return emptyColors;
    }
}
