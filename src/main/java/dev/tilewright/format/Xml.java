package dev.tilewright.format;

import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.xml.sax.SAXException;

import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * XML parsing for Tiled files, hardened: a DOCTYPE is refused outright, so no DTD is read and no entity (internal
 * or external) is expanded; nothing is fetched from outside the upload. The one exception is the declaration Tiled
 * itself writes when asked to (its preference "Include DTD reference"; Tiled's sewer_automap example has it), a bare
 * reference to Tiled's public DTD with no internal subset: it is blanked out, unread, before parsing.
 */
final class Xml {

    /** Tiled's DTD reference as Tiled writes it: the root element's name, Tiled's URL, nothing else. */
    private static final java.util.regex.Pattern TILED_DTD = java.util.regex.Pattern.compile(
            "<!DOCTYPE (map|tileset|template) SYSTEM \"http://mapeditor\\.org/dtd/1\\.0/map\\.dtd\">");
    private static final java.util.regex.Pattern PROLOGUE_ONLY = java.util.regex.Pattern.compile(
            "(\u00EF\u00BB\u00BF)?\\s*(<\\?xml[^>]*\\?>)?\\s*");
    /** How far into a file the declaration may stand (after the XML declaration and a byte order mark). */
    private static final int PROLOGUE = 512;

    private Xml() {
    }

    static Element parse(byte[] bytes, String file) {
        bytes = withoutTiledDtd(bytes);
        try {
            DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
            factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            factory.setFeature("http://xml.org/sax/features/external-general-entities", false);
            factory.setFeature("http://xml.org/sax/features/external-parameter-entities", false);
            factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            factory.setAttribute(XMLConstants.ACCESS_EXTERNAL_DTD, "");
            factory.setAttribute(XMLConstants.ACCESS_EXTERNAL_SCHEMA, "");
            factory.setXIncludeAware(false);
            factory.setExpandEntityReferences(false);
            factory.setNamespaceAware(false);
            DocumentBuilder builder = factory.newDocumentBuilder();
            builder.setErrorHandler(null);
            Document document = builder.parse(new ByteArrayInputStream(bytes));
            return document.getDocumentElement();
        } catch (SAXException e) {
            String message = e.getMessage() == null ? "" : e.getMessage();
            throw TiledFormatException.invalid(file, message.contains("DOCTYPE")
                    ? "DOCTYPE declarations (DTDs, entities) are not allowed in Tiled files"
                    : "not well-formed XML: " + message);
        } catch (ParserConfigurationException | IOException e) {
            throw TiledFormatException.invalid(file, "the XML could not be read: " + e.getMessage());
        }
    }

    /** The file with Tiled's own DTD reference, if it opens with one, blanked out (the same length, so positions hold). */
    static byte[] withoutTiledDtd(byte[] bytes) {
        String head = new String(bytes, 0, Math.min(bytes.length, PROLOGUE), java.nio.charset.StandardCharsets.ISO_8859_1);
        java.util.regex.Matcher m = TILED_DTD.matcher(head);
        // only where Tiled writes it: after at most a byte order mark and the XML declaration
        if (!m.find() || !PROLOGUE_ONLY.matcher(head.substring(0, m.start())).matches()) {
            return bytes;
        }
        byte[] out = bytes.clone();
        java.util.Arrays.fill(out, m.start(), m.end(), (byte) ' ');
        return out;
    }

    static List<Element> children(Element parent, String name) {
        List<Element> out = new ArrayList<>();
        for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e && (name == null || e.getTagName().equals(name))) {
                out.add(e);
            }
        }
        return out;
    }

    static Element child(Element parent, String name) {
        List<Element> found = children(parent, name);
        return found.isEmpty() ? null : found.get(0);
    }

    static String text(Element e, String name, String fallback) {
        return e.hasAttribute(name) ? e.getAttribute(name) : fallback;
    }

    static int integer(Element e, String name, int fallback, String file) {
        if (!e.hasAttribute(name)) {
            return fallback;
        }
        try {
            return Integer.parseInt(e.getAttribute(name).strip());
        } catch (NumberFormatException x) {
            throw TiledFormatException.invalid(file, "<" + e.getTagName() + " " + name + "=\"" + e.getAttribute(name)
                    + "\"> is not a whole number");
        }
    }

    static double decimal(Element e, String name, double fallback, String file) {
        if (!e.hasAttribute(name)) {
            return fallback;
        }
        try {
            double value = Double.parseDouble(e.getAttribute(name).strip());
            if (!Double.isFinite(value)) {
                throw new NumberFormatException();
            }
            return value;
        } catch (NumberFormatException x) {
            throw TiledFormatException.invalid(file, "<" + e.getTagName() + " " + name + "=\"" + e.getAttribute(name)
                    + "\"> is not a number");
        }
    }

    static long unsigned(Element e, String name, String file) {
        if (!e.hasAttribute(name)) {
            return 0;
        }
        try {
            long value = Long.parseLong(e.getAttribute(name).strip());
            if (value < 0 || value > 0xFFFF_FFFFL) {
                throw new NumberFormatException();
            }
            return value;
        } catch (NumberFormatException x) {
            throw TiledFormatException.invalid(file, "<" + e.getTagName() + " " + name + "=\"" + e.getAttribute(name)
                    + "\"> is not a gid (0..4294967295)");
        }
    }

    static boolean flag(Element e, String name, boolean fallback) {
        if (!e.hasAttribute(name)) {
            return fallback;
        }
        String value = e.getAttribute(name).strip();
        return value.equals("1") || value.equalsIgnoreCase("true");
    }
}
