package dev.tilewright.format;

import dev.tilewright.core.model.CustomTypes;
import dev.tilewright.core.model.ListItem;
import dev.tilewright.core.model.Properties;
import dev.tilewright.core.model.Property;
import org.w3c.dom.Element;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Custom properties as Tiled's XML formats hold them, read and written: {@code <properties><property name type
 * propertytype value/>}, a class's members nested in {@code <properties>}, a list's items (Tiled 1.12) as
 * {@code <value type propertytype>} children.
 */
final class XmlProps {

    private XmlProps() {
    }

    /** The properties of an element, class members typed as the project's {@code types} declare them. */
    static Properties read(Element owner, String file, CustomTypes types, Warnings warnings) {
        return read(owner, file, types, warnings, 0);
    }

    /** The properties of an element, a class's members and a list's items nested at most {@link Property#MAX_DEPTH}. */
    private static Properties read(Element owner, String file, CustomTypes types, Warnings warnings, int depth) {
        Element properties = Xml.child(owner, "properties");
        if (properties == null) {
            return Properties.EMPTY;
        }
        List<Property> read = new ArrayList<>();
        for (Element p : Xml.children(properties, "property")) {
            if (!NotKept.keptType(warnings, file, p.getAttribute("name"), p.getAttribute("type"))) {
                continue;
            }
            read.add(Props.property(file, p.getAttribute("name"), p.getAttribute("type"), value(p, file, types, warnings, depth),
                    p.getAttribute("propertytype")));
        }
        return Props.of(file, read, types);
    }

    /**
     * A property's or list item's value as Tiled writes it: a class's members in {@code <properties>}, a list's items
     * as {@code <value type=".." propertytype="..">} children (Tiled 1.12), anything else in {@code value} or as text.
     */
    private static Object value(Element e, String file, CustomTypes types, Warnings warnings, int depth) {
        String type = e.getAttribute("type");
        if (!type.equals("class") && !type.equals("list")) {
            return e.hasAttribute("value") ? e.getAttribute("value") : e.getTextContent();
        }
        if (depth >= Property.MAX_DEPTH) {
            throw TiledFormatException.invalid(file, "a property nests classes or lists deeper than "
                    + Property.MAX_DEPTH);
        }
        if (type.equals("class")) {
            return read(e, file, types, warnings, depth + 1);
        }
        List<Map<String, Object>> items = new ArrayList<>();
        for (Element item : Xml.children(e, null)) {
            if (!item.getTagName().equals("value") && !item.getTagName().equals("item")) {
                continue; // Tiled writes <value>; <item> as some tools do is read alike
            }
            String itemType = item.getAttribute("type").isEmpty() ? "string" : item.getAttribute("type");
            if (!NotKept.keptType(warnings, file, e.getAttribute("name") + "[" + items.size() + "]", itemType)) {
                continue;
            }
            items.add(Map.of("type", itemType, "value", value(item, file, types, warnings, depth + 1),
                    "propertyType", item.getAttribute("propertytype")));
        }
        return items;
    }

    /** Properties as Tiled writes them in TMX and TSX. */
    static void write(XmlOut out, Properties properties) {
        if (properties.isEmpty()) {
            return;
        }
        out.start("properties");
        for (Property p : properties.all()) {
            if (p.value() instanceof Properties || p.value() instanceof List<?>) {
                // a class: its members set, nested; a list: its items (Tiled writes the element empty when none is)
                out.start("property").attr("name", p.name()).attr("type", p.type().tiledName())
                        .attr("propertytype", p.propertyType());
                content(out, p.value());
                out.end();
                continue;
            }
            String value = text(p.value());
            boolean multiLine = value.contains("\n");
            if (multiLine) {
                out.start("property");
            } else {
                out.empty("property");
            }
            out.attr("name", p.name());
            if (p.type() != dev.tilewright.core.model.PropertyType.STRING) {
                out.attr("type", p.type().tiledName());
            }
            out.attr("propertytype", p.propertyType());
            if (multiLine) {
                out.text(value).end(false);
            } else {
                out.attr("value", value);
            }
        }
        out.end(true);
    }

    /**
     * What a class or list holds, inside its element: a class's members set as {@code <properties>}, a list's items
     * as Tiled 1.12 writes them, {@code <value type=".." propertytype="..">} with the value as text (or nested).
     */
    private static void content(XmlOut out, Object value) {
        if (value instanceof Properties members) {
            write(out, members);
            return;
        }
        for (Object o : (List<?>) value) {
            ListItem item = (ListItem) o;
            out.start("value");
            if (item.type() != dev.tilewright.core.model.PropertyType.STRING) {
                out.attr("type", item.type().tiledName());
            }
            out.attr("propertytype", item.propertyType());
            if (item.value() instanceof Properties || item.value() instanceof List<?>) {
                content(out, item.value());
                out.end();
            } else {
                out.text(text(item.value())).end(false);
            }
        }
    }

    private static String text(Object value) {
        return value instanceof Double d ? XmlOut.number(d) : value.toString();
    }
}
