package dev.tilewright.format;

import tools.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.List;

/** An object of a TMJ, TSJ or TJ file as a {@link TiledNode}: members are its values, object members its parts. */
record TmjNode(JsonNode json, String file) implements TiledNode<TmjNode> {

    public boolean has(String name) {
        return json.has(name);
    }

    public String text(String name, String fallback) {
        return Json.text(json, name, fallback);
    }

    public double decimal(String name, double fallback) {
        return Json.decimal(json, name, fallback, file);
    }

    public int integer(String name, int fallback) {
        return Json.integer(json, name, fallback, file);
    }

    public long unsigned(String name) {
        return Json.unsigned(json, name, file);
    }

    public boolean flag(String name, boolean fallback) {
        return Json.flag(json, name, fallback);
    }

    public Iterable<String> names() {
        return json.propertyNames();
    }

    public TmjNode part(String name) {
        JsonNode part = json.path(name);
        return part.isObject() ? new TmjNode(part, file) : null;
    }

    public List<TmjNode> items(String xmlList, String xmlItem, String jsonList) {
        List<TmjNode> out = new ArrayList<>();
        for (JsonNode item : json.path(jsonList).values()) {
            out.add(new TmjNode(item, file));
        }
        return out;
    }

    public boolean hasPart(String xml, String json) {
        return this.json.has(json);
    }
}
