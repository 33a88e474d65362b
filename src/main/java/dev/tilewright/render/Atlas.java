package dev.tilewright.render;

import dev.tilewright.core.geom.Isometric;
import dev.tilewright.core.grid.TilePixels;
import dev.tilewright.core.model.TileData;
import dev.tilewright.core.model.Tileset;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.IntFunction;

/**
 * A tileset's pixels, decoded once: the atlas (or each collection tile's image) as premultiplied ARGB with the
 * colour key already made transparent, and where each tile's pixels are.
 */
public final class Atlas {

    /** Where one tile's pixels are: a rectangle of an image. */
    record Source(Pixels image, int x, int y, int width, int height) {
    }

    private static final AtomicLong SERIALS = new AtomicLong();

    private final long serial = SERIALS.incrementAndGet();
    private final Tileset tileset;
    private final Pixels atlas;
    private final Map<Integer, Pixels> tileImages;

    private Atlas(Tileset tileset, Pixels atlas, Map<Integer, Pixels> tileImages) {
        this.tileset = tileset;
        this.atlas = atlas;
        this.tileImages = tileImages;
    }

    /**
     * Decodes a tileset's images.
     *
     * @param atlasPng   the atlas PNG, or null for an image collection
     * @param tileImages a collection tile's PNG by local id
     */
    public static Atlas decode(Tileset tileset, byte[] atlasPng, IntFunction<byte[]> tileImages) {
        Integer key = tileset.transparentColor();
        if (!tileset.isCollection()) {
            return new Atlas(tileset, pixels(atlasPng, key), Map.of());
        }
        Map<Integer, Pixels> images = new HashMap<>();
        for (Map.Entry<Integer, TileData> tile : tileset.tiles().entrySet()) {
            images.put(tile.getKey(), pixels(tileImages.apply(tile.getKey()), key));
        }
        return new Atlas(tileset, null, images);
    }

    /** The tiles' pixels of decoded tilesets by id, for a grid computed from pixels. */
    public static TilePixels pixels(Map<Long, Atlas> decoded) {
        return (tilesetId, localId) -> {
            Atlas atlas = decoded.get(tilesetId);
            return atlas == null ? null : atlas.tileImage(localId);
        };
    }

    /** A number unique to this decoded atlas in this process (caches of what it drew key on it). */
    long serial() {
        return serial;
    }

    public Tileset tileset() {
        return tileset;
    }

    /** Bytes this atlas holds, for bounding a cache of atlases. */
    public long bytes() {
        long pixels = atlas == null ? 0 : atlas.argb().length;
        for (Pixels image : tileImages.values()) {
            pixels += image.argb().length;
        }
        return pixels * Integer.BYTES;
    }

    /** The pixels of a local tile, or null when the tileset has no such tile or its image is too small. */
    Source source(int localId) {
        if (!tileset.hasTile(localId)) {
            return null;
        }
        if (atlas == null) {
            Pixels image = tileImages.get(localId);
            if (image == null) {
                return null;
            }
            // the part of its image the tile shows (Tiled 1.9's sub-images), within the image
            TileData data = tileset.tiles().get(localId);
            TileData.Part part = data == null || data.image() == null
                    ? new TileData.Part(0, 0, image.width(), image.height()) : data.image().shown();
            int x = Math.min(part.x(), image.width() - 1);
            int y = Math.min(part.y(), image.height() - 1);
            return new Source(image, x, y, Math.min(part.width(), image.width() - x),
                    Math.min(part.height(), image.height() - y));
        }
        int x = tileset.tileX(localId);
        int y = tileset.tileY(localId);
        if (x + tileset.tileWidth() > atlas.width() || y + tileset.tileHeight() > atlas.height()) {
            return null;
        }
        return new Source(atlas, x, y, tileset.tileWidth(), tileset.tileHeight());
    }

    /** A copy of a local tile's pixels, or null when it has none. */
    public TilePixels.Image tileImage(int localId) {
        Source source = source(localId);
        if (source == null) {
            return null;
        }
        int[] out = new int[source.width() * source.height()];
        for (int row = 0; row < source.height(); row++) {
            System.arraycopy(source.image().argb(), (source.y() + row) * source.image().width() + source.x(), out,
                    row * source.width(), source.width());
        }
        return new TilePixels.Image(source.width(), source.height(), out);
    }

    /** An image (an image layer's) decoded to premultiplied pixels. */
    public static Pixels decodeImage(byte[] png) {
        return pixels(png, null);
    }

    static Pixels pixels(byte[] png, Integer colourKey) {
        BufferedImage image;
        try {
            image = ImageIO.read(new ByteArrayInputStream(png));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        if (image == null) {
            throw new IllegalArgumentException("not a decodable image");
        }
        int width = image.getWidth();
        int height = image.getHeight();
        int[] argb = image.getRGB(0, 0, width, height, null, 0, width);
        for (int i = 0; i < argb.length; i++) {
            int pixel = argb[i];
            argb[i] = colourKey != null && (pixel & 0xFFFFFF) == colourKey ? 0 : Pixels.premultiply(pixel);
        }
        return new Pixels(width, height, argb);
    }

    /**
     * Where Tiled 1.8 starts its walk of an isometric map's tile layer ({@link Isometric#walk}): at the corner of the
     * map's box grown by the layer's draw margins ({@code TileLayer::drawMargins}, here over the map's tilesets): on
     * the right the largest tile side and how far offsets push tiles right, less the map's tile width; at the bottom
     * how far offsets push them down.
     */
    static Isometric.Walk tiledWalk(Isometric map, Atlas[] atlases) {
        int largest = 0;
        int right = 0;
        int down = 0;
        for (Atlas atlas : atlases) {
            if (atlas != null) {
                largest = Math.max(largest, Math.max(atlas.tileset().tileWidth(), atlas.tileset().tileHeight()));
                right = Math.max(right, atlas.tileset().tileOffsetX());
                down = Math.max(down, atlas.tileset().tileOffsetY());
            }
        }
        return map.walk(-(right + largest - map.tileWidth()), -down);
    }
}
