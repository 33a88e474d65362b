package dev.tilewright.format;

import org.w3c.dom.Element;

import java.util.List;

/** An element of a TMX, TSX or TX file as a {@link TiledNode}: attributes are its values, child elements its parts. */
record TmxNode(Element element, String file) implements TiledNode<TmxNode> {

    public boolean has(String name) {
        return element.hasAttribute(name);
    }

    public String text(String name, String fallback) {
        return Xml.text(element, name, fallback);
    }

    public double decimal(String name, double fallback) {
        return Xml.decimal(element, name, fallback, file);
    }

    public int integer(String name, int fallback) {
        return Xml.integer(element, name, fallback, file);
    }

    public long unsigned(String name) {
        return Xml.unsigned(element, name, file);
    }

    public boolean flag(String name, boolean fallback) {
        return Xml.flag(element, name, fallback);
    }

    public Iterable<String> names() {
        return NotKept.attributeNames(element);
    }

    public TmxNode part(String name) {
        Element child = Xml.child(element, name);
        return child == null ? null : new TmxNode(child, file);
    }

    public List<TmxNode> items(String xmlList, String xmlItem, String jsonList) {
        Element list = xmlList == null ? element : Xml.child(element, xmlList);
        return list == null ? List.of() : Xml.children(list, xmlItem).stream().map(e -> new TmxNode(e, file)).toList();
    }

    public boolean hasPart(String xml, String json) {
        return Xml.child(element, xml) != null;
    }

    /** Its tag name. */
    String tag() {
        return element.getTagName();
    }
}
