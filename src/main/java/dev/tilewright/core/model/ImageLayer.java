package dev.tilewright.core.model;

/** A layer that shows one image (a background, a parallax sky), as Tiled's image layer. */
public final class ImageLayer extends Layer {

    /**
     * The image an image layer shows.
     *
     * @param source           the image's path as written in the map
     * @param transparentColor colour key 0xRRGGBB, or null
     */
    public record Image(String source, int width, int height, Integer transparentColor, boolean repeatX,
                        boolean repeatY) {
        public Image {
            if (source == null || source.isBlank() || width < 0 || height < 0) {
                throw new IllegalArgumentException("an image layer's image needs a source and a size");
            }
        }
    }

    private final Image image;
    private boolean changed;

    /** @param image what the layer shows, or null for none yet (Tiled keeps image layers without an image) */
    public ImageLayer(int id, LayerAttributes attributes, Image image) {
        super(id, attributes);
        this.image = image;
    }

    /** The image the layer shows, or null when it has none. */
    public Image image() {
        return image;
    }

    @Override
    public LayerKind kind() {
        return LayerKind.IMAGE;
    }

    /** The image's pixels are not kept here (MapImages has them): a reference and a few fields. */
    @Override
    public long heapBytes() {
        return 256;
    }

    @Override
    public ImageLayer copy() {
        return new ImageLayer(id(), attributes(), image);
    }

    @Override
    public void markAllChanged() {
        changed = true;
    }

    @Override
    public void markClean() {
        changed = false;
    }

    /** True when the layer was added since the last {@link #markClean()}. */
    public boolean changed() {
        return changed;
    }
}
