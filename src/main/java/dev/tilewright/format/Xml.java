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
 * or external) is expanded; nothing is fetched from outside the upload.
 */
final class Xml {

    private Xml() {
    }

    static Element parse(byte[] bytes, String file) {
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
