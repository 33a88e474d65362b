package dev.tilewright.format;

import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;
import java.io.ByteArrayOutputStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;

/** Writes XML indented by one space per level, as Tiled does. */
final class XmlOut {

    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    private final XMLStreamWriter out;
    private int depth;
    private boolean hadChildren;

    XmlOut() {
        try {
            out = XMLOutputFactory.newInstance().createXMLStreamWriter(bytes, "UTF-8");
            out.writeStartDocument("UTF-8", "1.0");
        } catch (XMLStreamException e) {
            throw new IllegalStateException(e);
        }
    }

    XmlOut start(String name) {
        return call(() -> {
            out.writeCharacters("\n" + " ".repeat(depth));
            out.writeStartElement(name);
            depth++;
            hadChildren = false;
        });
    }

    XmlOut empty(String name) {
        return call(() -> {
            out.writeCharacters("\n" + " ".repeat(depth));
            out.writeEmptyElement(name);
            hadChildren = true;
        });
    }

    XmlOut attr(String name, String value) {
        return value == null ? this : call(() -> out.writeAttribute(name, value));
    }

    XmlOut attr(String name, long value) {
        return attr(name, Long.toString(value));
    }

    XmlOut attr(String name, double value) {
        return attr(name, number(value));
    }

    XmlOut text(String text) {
        return call(() -> out.writeCharacters(text));
    }

    /** Ends the element; {@code block} puts the end tag on its own line (after child elements or block text). */
    XmlOut end(boolean block) {
        return call(() -> {
            depth--;
            if (block) {
                out.writeCharacters("\n" + " ".repeat(depth));
            }
            out.writeEndElement();
            hadChildren = true;
        });
    }

    XmlOut end() {
        return end(hadChildren);
    }

    byte[] finish() {
        call(() -> {
            out.writeCharacters("\n");
            out.writeEndDocument();
            out.close();
        });
        return bytes.toString(StandardCharsets.UTF_8).getBytes(StandardCharsets.UTF_8);
    }

    /** A number as Tiled writes it: no trailing zeros, no exponent. */
    static String number(double value) {
        if (value == Math.rint(value) && Math.abs(value) < 1e15) {
            return Long.toString((long) value);
        }
        return BigDecimal.valueOf(value).stripTrailingZeros().toPlainString();
    }

    private interface Step {
        void run() throws XMLStreamException;
    }

    private XmlOut call(Step step) {
        try {
            step.run();
            return this;
        } catch (XMLStreamException e) {
            throw new IllegalStateException(e);
        }
    }
}
