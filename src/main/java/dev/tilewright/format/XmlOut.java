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
    /** An element started whose content has not come yet, and its attributes. */
    private String pending;
    private final java.util.List<String[]> pendingAttributes = new java.util.ArrayList<>();

    XmlOut() {
        try {
            out = XMLOutputFactory.newInstance().createXMLStreamWriter(bytes, "UTF-8");
            out.writeStartDocument("UTF-8", "1.0");
        } catch (XMLStreamException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * Starts an element. It is written when its first child or text comes, or as an empty element ({@code <a/>},
     * as Tiled writes one without content) when it ends first.
     */
    XmlOut start(String name) {
        return call(() -> {
            flush();
            out.writeCharacters("\n" + " ".repeat(depth));
            pending = name;
            depth++;
            hadChildren = false;
        });
    }

    XmlOut empty(String name) {
        return call(() -> {
            flush();
            out.writeCharacters("\n" + " ".repeat(depth));
            out.writeEmptyElement(name);
            hadChildren = true;
        });
    }

    XmlOut attr(String name, String value) {
        if (value == null) {
            return this;
        }
        if (pending != null) {
            pendingAttributes.add(new String[]{name, value});
            return this;
        }
        return call(() -> out.writeAttribute(name, value));
    }

    XmlOut attr(String name, long value) {
        return attr(name, Long.toString(value));
    }

    XmlOut attr(String name, double value) {
        return attr(name, number(value));
    }

    XmlOut text(String text) {
        return call(() -> {
            flush();
            out.writeCharacters(text);
        });
    }

    /** Ends the element; {@code block} puts the end tag on its own line (after child elements or block text). */
    XmlOut end(boolean block) {
        return call(() -> {
            depth--;
            if (pending != null) {
                out.writeEmptyElement(pending);
                writePendingAttributes();
            } else {
                if (block) {
                    out.writeCharacters("\n" + " ".repeat(depth));
                }
                out.writeEndElement();
            }
            hadChildren = true;
        });
    }

    XmlOut end() {
        return end(hadChildren);
    }

    /** Writes a started element that turned out to have content. */
    private void flush() throws XMLStreamException {
        if (pending != null) {
            out.writeStartElement(pending);
            writePendingAttributes();
        }
    }

    private void writePendingAttributes() throws XMLStreamException {
        pending = null;
        for (String[] attribute : pendingAttributes) {
            out.writeAttribute(attribute[0], attribute[1]);
        }
        pendingAttributes.clear();
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
