package dev.tilewright.live.protocol;

import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.databind.json.JsonMapper;

import java.util.ArrayList;
import java.util.List;

/**
 * The rectangles of cells an op as logged writes, when writing cells is all it does (paint, fillRect, putRegion and
 * batches of them): what a fetch frame names, so a streamed editor that holds none of those chunks notes them as
 * changed and reads nothing. A paint is named by the box of its cells. Read in one streaming pass that skips the
 * regions' data (the op is a large one, by definition); the editor's rule for the same is {@code touchedRects} of
 * model/ops.js, and both are held to {@code fixtures/fetch-cells.json}.
 */
final class OpCells {

    /** One rectangle of a tile layer's cells. */
    record Rect(int layerId, long x, long y, long width, long height) {
    }

    private OpCells() {
    }

    /** The rectangles, at most {@code max}; null when the op does more than write cells, or names more. */
    static List<Rect> of(JsonMapper json, String op, int max) {
        List<Rect> out = new ArrayList<>();
        try (JsonParser parser = json.createParser(op)) {
            return parser.nextToken() == JsonToken.START_OBJECT && read(parser, out, max) && parser.nextToken() == null
                    ? out : null;
        } catch (RuntimeException unreadable) {
            return null;
        }
    }

    /** Reads one op object (its START_OBJECT just read) into {@code out}; false when it is not cells alone. */
    private static boolean read(JsonParser parser, List<Rect> out, int max) {
        String type = null;
        Integer layerId = null;
        long x = 0;
        long y = 0;
        long width = -1;
        long height = -1;
        long[] box = null;
        List<Rect> inner = null;
        for (String field = parser.nextName(); field != null; field = parser.nextName()) {
            JsonToken value = parser.nextToken();
            switch (field) {
                case "type" -> type = value == JsonToken.VALUE_STRING ? parser.getString() : "";
                case "layerId" -> layerId = value == JsonToken.VALUE_NUMBER_INT ? parser.getIntValue() : null;
                case "x" -> x = number(parser, value);
                case "y" -> y = number(parser, value);
                case "width" -> width = number(parser, value);
                case "height" -> height = number(parser, value);
                case "cells" -> {
                    if (value != JsonToken.START_ARRAY || (box = box(parser)) == null) {
                        return false;
                    }
                }
                case "ops" -> {
                    if (value != JsonToken.START_ARRAY) {
                        return false;
                    }
                    inner = new ArrayList<>();
                    while (parser.nextToken() == JsonToken.START_OBJECT) {
                        if (!read(parser, inner, max)) {
                            return false;
                        }
                    }
                }
                default -> parser.skipChildren();
            }
        }
        if (type == null) {
            return false;
        }
        switch (type) {
            case "batch" -> {
                if (inner == null) {
                    return false;
                }
                out.addAll(inner);
            }
            case "paint" -> {
                if (layerId == null || box == null) {
                    return false;
                }
                if (box.length > 0) {
                    out.add(new Rect(layerId, box[0], box[1], box[2] - box[0] + 1, box[3] - box[1] + 1));
                }
            }
            case "fillRect", "putRegion", "restoreCells" -> {
                if (layerId == null || x == Long.MIN_VALUE || y == Long.MIN_VALUE || width < 0 || height < 0) {
                    return false;
                }
                out.add(new Rect(layerId, x, y, width, height));
            }
            default -> {
                return false;
            }
        }
        return out.size() <= max;
    }

    private static long number(JsonParser parser, JsonToken value) {
        return value == JsonToken.VALUE_NUMBER_INT ? parser.getLongValue() : Long.MIN_VALUE;
    }

    /** The box {minX, minY, maxX, maxY} of a paint's cells (its START_ARRAY just read); {} for none, null if unread. */
    private static long[] box(JsonParser parser) {
        long[] box = {Long.MAX_VALUE, Long.MAX_VALUE, Long.MIN_VALUE, Long.MIN_VALUE};
        while (parser.nextToken() == JsonToken.START_OBJECT) {
            Long x = null;
            Long y = null;
            for (String field = parser.nextName(); field != null; field = parser.nextName()) {
                JsonToken value = parser.nextToken();
                if (field.equals("x") && value == JsonToken.VALUE_NUMBER_INT) {
                    x = parser.getLongValue();
                } else if (field.equals("y") && value == JsonToken.VALUE_NUMBER_INT) {
                    y = parser.getLongValue();
                } else {
                    parser.skipChildren();
                }
            }
            if (x == null || y == null) {
                return null;
            }
            box[0] = Math.min(box[0], x);
            box[1] = Math.min(box[1], y);
            box[2] = Math.max(box[2], x);
            box[3] = Math.max(box[3], y);
        }
        return box[0] == Long.MAX_VALUE ? new long[0] : box;
    }
}
