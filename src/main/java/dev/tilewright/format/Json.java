package dev.tilewright.format;

import tools.jackson.core.JacksonException;
import tools.jackson.core.StreamReadConstraints;
import tools.jackson.core.json.JsonFactory;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** JSON parsing for Tiled's .tmj/.tsj/.tj files, with room for large base64 layer data. */
final class Json {

    static final JsonMapper MAPPER = JsonMapper.builder(JsonFactory.builder()
            .streamReadConstraints(StreamReadConstraints.builder().maxStringLength(512 * 1024 * 1024).build())
            .build()).build();

    private Json() {
    }

    static JsonNode parse(byte[] bytes, String file) {
        try {
            JsonNode root = MAPPER.readTree(bytes);
            if (root == null || !root.isObject()) {
                throw TiledFormatException.invalid(file, "a Tiled JSON file holds one object");
            }
            return root;
        } catch (JacksonException e) {
            throw TiledFormatException.invalid(file, "not valid JSON: " + e.getOriginalMessage());
        }
    }

    static int integer(JsonNode node, String name, int fallback, String file) {
        JsonNode value = node.path(name);
        if (value.isMissingNode() || value.isNull()) {
            return fallback;
        }
        if (!value.isNumber() || value.asDouble() != Math.rint(value.asDouble())) {
            throw TiledFormatException.invalid(file, "\"" + name + "\": " + value + " is not a whole number");
        }
        return value.asInt();
    }

    static double decimal(JsonNode node, String name, double fallback, String file) {
        JsonNode value = node.path(name);
        if (value.isMissingNode() || value.isNull()) {
            return fallback;
        }
        if (!value.isNumber()) {
            throw TiledFormatException.invalid(file, "\"" + name + "\": " + value + " is not a number");
        }
        return value.asDouble();
    }

    static long unsigned(JsonNode node, String name, String file) {
        JsonNode value = node.path(name);
        if (value.isMissingNode() || value.isNull()) {
            return 0;
        }
        long gid = value.asLong();
        if (!value.isNumber() || gid < 0 || gid > 0xFFFF_FFFFL) {
            throw TiledFormatException.invalid(file, "\"" + name + "\": " + value + " is not a gid (0..4294967295)");
        }
        return gid;
    }

    static String text(JsonNode node, String name, String fallback) {
        JsonNode value = node.path(name);
        return value.isMissingNode() || value.isNull() ? fallback : value.asString();
    }

    static boolean flag(JsonNode node, String name, boolean fallback) {
        JsonNode value = node.path(name);
        return value.isMissingNode() || value.isNull() ? fallback : value.asBoolean(fallback);
    }
}
