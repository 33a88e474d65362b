package dev.tilewright.format;

/** The largest map a reader accepts, checked before any layer is decoded or allocated. */
public record ReadLimits(int maxWidth, int maxHeight) {

    void check(String file, long width, long height) {
        if (width < 1 || height < 1) {
            throw TiledFormatException.invalid(file, "the map is " + width + "x" + height
                    + " tiles; width and height must be positive");
        }
        if (width > maxWidth || height > maxHeight) {
            throw TiledFormatException.invalid(file, "the map is " + width + "x" + height + " tiles, over the "
                    + maxWidth + "x" + maxHeight + " limit");
        }
    }
}
