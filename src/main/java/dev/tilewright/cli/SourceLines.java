package dev.tilewright.cli;

import java.nio.charset.StandardCharsets;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Where in a map file's text a tile or an object is written, for SARIF regions (a code-scanning alert points at a
 * line): a TMX object's {@code <object id="N"} line, a TMX CSV layer's row of the tile, a TMJ object's {@code "id"}
 * line. 0 when the file does not say it on a line of its own (base64 data, chunks).
 */
final class SourceLines {

    private final String text;
    private final boolean tmx;
    /** Where each line after the first starts. */
    private final int[] starts;

    SourceLines(byte[] bytes, String path) {
        this.text = new String(bytes, StandardCharsets.UTF_8);
        this.tmx = path.toLowerCase(java.util.Locale.ROOT).endsWith(".tmx");
        this.starts = java.util.stream.IntStream.range(0, text.length()).filter(i -> text.charAt(i) == '\n')
                .map(i -> i + 1).toArray();
    }

    int object(int id) {
        Pattern pattern = tmx ? Pattern.compile("<object\\b[^>]*\\bid=\"" + id + "\"")
                : Pattern.compile("\"id\"\\s*:\\s*" + id + "\\s*[,}]");
        int objects = tmx ? 0 : text.indexOf("\"objects\"");
        if (objects < 0) {
            return 0;
        }
        Matcher m = pattern.matcher(text);
        return m.find(objects) ? line(m.start()) : 0;
    }

    int tile(int layerId, int y) {
        if (!tmx) {
            return 0;
        }
        Matcher layer = Pattern.compile("<layer\\b[^>]*\\bid=\"" + layerId + "\"").matcher(text);
        if (!layer.find()) {
            return 0;
        }
        int data = text.indexOf("<data", layer.end());
        int end = data < 0 ? -1 : text.indexOf('>', data);
        if (end < 0 || !text.substring(data, end).contains("encoding=\"csv\"")
                || text.startsWith("<chunk", skipSpace(end + 1))) {
            return 0;
        }
        int first = text.indexOf('\n', end);
        return first < 0 ? 0 : line(first + 1) + y;
    }

    private int skipSpace(int at) {
        while (at < text.length() && Character.isWhitespace(text.charAt(at))) {
            at++;
        }
        return at;
    }

    /** The 1-based line of a character offset. */
    private int line(int offset) {
        int found = java.util.Arrays.binarySearch(starts, offset);
        return (found >= 0 ? found + 1 : -found - 1) + 1;
    }
}
