package dev.tilewright.core.model;

import java.util.Objects;

/**
 * The text of a text object and how Tiled draws it. Left out, a field takes Tiled's default: sans-serif 16 px,
 * black, no wrap, kerning on, aligned left and top.
 *
 * @param halign left, center, right or justify
 * @param valign top, center or bottom
 */
public record ObjectText(String text, String fontFamily, Integer pixelSize, Boolean wrap, String color, Boolean bold,
                         Boolean italic, Boolean underline, Boolean strikeout, Boolean kerning, String halign,
                         String valign) {

    public ObjectText {
        text = Objects.requireNonNullElse(text, "");
        fontFamily = Objects.requireNonNullElse(fontFamily, "sans-serif");
        pixelSize = Objects.requireNonNullElse(pixelSize, 16);
        wrap = Objects.requireNonNullElse(wrap, false);
        color = Objects.requireNonNullElse(color, "#000000");
        bold = Objects.requireNonNullElse(bold, false);
        italic = Objects.requireNonNullElse(italic, false);
        underline = Objects.requireNonNullElse(underline, false);
        strikeout = Objects.requireNonNullElse(strikeout, false);
        kerning = Objects.requireNonNullElse(kerning, true);
        halign = Objects.requireNonNullElse(halign, "left");
        valign = Objects.requireNonNullElse(valign, "top");
        if (pixelSize < 1) {
            throw new IllegalArgumentException("text pixel size must be positive, was " + pixelSize);
        }
        if (!halign.matches("left|center|right|justify") || !valign.matches("top|center|bottom")) {
            throw new IllegalArgumentException("text alignment is left/center/right/justify and top/center/bottom, was "
                    + halign + "/" + valign);
        }
    }

    /** The text's length in UTF-8 bytes (0 for none). */
    public long utf8Bytes() {
        return text == null ? 0 : text.getBytes(java.nio.charset.StandardCharsets.UTF_8).length;
    }
}
