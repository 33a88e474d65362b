package dev.tilewright.render;

import dev.tilewright.core.geom.Difference;
import dev.tilewright.core.geom.Position;
import dev.tilewright.core.model.MapObject;
import dev.tilewright.core.model.ObjectShape;
import dev.tilewright.core.model.ObjectText;
import dev.tilewright.core.model.TileMap;

import java.awt.AlphaComposite;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.Shape;
import java.awt.Stroke;
import java.awt.color.ColorSpace;
import java.awt.font.TextAttribute;
import java.awt.geom.AffineTransform;
import java.awt.geom.Arc2D;
import java.awt.geom.Ellipse2D;
import java.awt.geom.Path2D;
import java.awt.geom.Rectangle2D;
import java.awt.geom.RoundRectangle2D;
import java.awt.image.BufferedImage;
import java.awt.image.DataBuffer;
import java.awt.image.DataBufferInt;
import java.awt.image.DirectColorModel;
import java.awt.image.Raster;
import java.awt.image.WritableRaster;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Draws object shapes (rectangle, ellipse, point, polygon, polyline, text) the way Tiled's renderer shows them:
 * an antialiased 2 px outline in the layer's colour with round caps and joins over a black copy shifted by 1 px
 * (its shadow), the inside filled with the colour at alpha 50, the first vertex of a polygon or polyline marked by a
 * dot of 8 px, a point as a pin 20 px tall standing on it, an empty rectangle or ellipse as 20x20 around its
 * position; all rotated clockwise about the object's position. Draws straight into the canvas' premultiplied
 * pixels through Java2D.
 */
final class ShapePainter {

    /** Tiled's colour for objects of a layer without one (Qt's gray). */
    static final int DEFAULT_COLOR = 0xFFA0A0A4;
    private static final int FILL_ALPHA = 50;
    private static final float LINE_WIDTH = 2;
    private static final double SHADOW = LINE_WIDTH / 2;
    private static final double PIN_RADIUS = 10;

    private final Graphics2D g;
    private final AffineTransform base;
    private final ObjectSpace space;

    ShapePainter(Pixels canvas, ViewWindow view, ObjectSpace space) {
        g = graphics(canvas);
        g.translate(-view.x(), -view.y());
        base = g.getTransform();
        this.space = space;
    }

    /** Antialiased Java2D drawing straight into a canvas' premultiplied pixels. */
    static Graphics2D graphics(Pixels canvas) {
        DataBufferInt buffer = new DataBufferInt(canvas.argb(), canvas.argb().length);
        int[] masks = {0xFF0000, 0xFF00, 0xFF, 0xFF000000};
        WritableRaster raster = Raster.createPackedRaster(buffer, canvas.width(), canvas.height(), canvas.width(),
                masks, null);
        DirectColorModel model = new DirectColorModel(ColorSpace.getInstance(ColorSpace.CS_sRGB), 32,
                masks[0], masks[1], masks[2], masks[3], true, DataBuffer.TYPE_INT);
        Graphics2D graphics = new BufferedImage(model, raster, true, null).createGraphics();
        graphics.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        graphics.setRenderingHint(RenderingHints.KEY_STROKE_CONTROL, RenderingHints.VALUE_STROKE_PURE);
        graphics.setRenderingHint(RenderingHints.KEY_RENDERING, RenderingHints.VALUE_RENDER_QUALITY);
        graphics.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
        return graphics;
    }

    /**
     * An object's outline in map pixels, turned about its position as it is drawn: a polygon or polyline by its
     * points, an ellipse as one, anything else (rectangles, text, tile objects from their bottom-left) as its box;
     * null for a point or an object without a size (marked otherwise).
     */
    static Shape outline(MapObject object, TileMap map) {
        Shape shape;
        if (object.shape() == ObjectShape.POLYGON || object.shape() == ObjectShape.POLYLINE) {
            shape = path(object.points(), object.shape() == ObjectShape.POLYGON);
        } else {
            double[] box = object.box(map);
            if (object.shape() == ObjectShape.POINT || box[2] == 0 && box[3] == 0) {
                return null;
            }
            double top = box[1] - object.y();
            shape = rounded(object.shape(), new Rectangle2D.Double(0, top, box[2], box[3]));
        }
        AffineTransform place = AffineTransform.getTranslateInstance(object.x(), object.y());
        place.rotate(Math.toRadians(object.rotation()));
        return place.createTransformedShape(shape);
    }

    /** An ellipse or a capsule (ends rounded by half the shorter side, as Tiled 1.12) in a box; else the box. */
    private static Shape rounded(ObjectShape shape, Rectangle2D box) {
        return switch (shape) {
            case ELLIPSE -> new Ellipse2D.Double(box.getX(), box.getY(), box.getWidth(), box.getHeight());
            case CAPSULE -> {
                double arc = Math.min(box.getWidth(), box.getHeight());
                yield new RoundRectangle2D.Double(box.getX(), box.getY(), box.getWidth(), box.getHeight(), arc, arc);
            }
            default -> box;
        };
    }

    /**
     * @param color   the layer's colour as straight ARGB
     * @param opacity the layer's opacity, 0 to 1
     * @param dx      the layer's offset
     */
    void draw(MapObject object, int color, double opacity, double dx, double dy) {
        g.setTransform(base);
        g.setComposite(AlphaComposite.getInstance(AlphaComposite.SRC_OVER, (float) opacity));
        if (space.project() != null) {
            drawProjected(object, color, dx, dy);
            return;
        }
        g.translate(object.x() + dx, object.y() + dy);
        if (object.rotation() != 0) {
            g.rotate(Math.toRadians(object.rotation()));
        }
        Color line = new Color(color, true);
        Color fill = new Color((color & 0xFFFFFF) | FILL_ALPHA << 24, true);
        Color shadow = Color.BLACK;
        double width = object.width();
        double height = object.height();
        switch (object.shape()) {
            case RECTANGLE, ELLIPSE, CAPSULE -> {
                Rectangle2D box = width == 0 && height == 0 ? new Rectangle2D.Double(-10, -10, 20, 20)
                        : new Rectangle2D.Double(0, 0, width, height);
                // an ellipse of one side 0 is drawn as the line it is (Tiled does too)
                boolean flat = object.shape() == ObjectShape.ELLIPSE && (width == 0) != (height == 0);
                Shape outline = flat ? box : rounded(object.shape(), box);
                stroke(shifted(outline), shadow);
                g.setColor(fill);
                g.fill(outline);
                stroke(outline, line);
            }
            case POLYGON, POLYLINE -> {
                boolean closed = object.shape() == ObjectShape.POLYGON;
                List<Difference> points = object.points();
                Path2D.Double path = path(points, closed);
                Difference first = points.get(0);
                stroke(shifted(path), shadow);
                dot(first.dx() + SHADOW, first.dy() + SHADOW, shadow);
                if (closed) {
                    g.setColor(fill);
                    g.fill(path);
                }
                stroke(path, line);
                dot(first.dx(), first.dy(), line);
            }
            case POINT -> pin(line, fill);
            case TEXT -> text(object.text(), width, height);
        }
    }

    /** A point's pin standing on the origin: its shadow 1 px right and down, filled, outlined, with its eye. */
    private void pin(Color line, Color fill) {
        g.translate(0, -2 * PIN_RADIUS);
        Path2D.Double pin = new Path2D.Double();
        double sweep = 235;
        double start = 90 - sweep / 2;
        pin.append(new Arc2D.Double(-PIN_RADIUS, -PIN_RADIUS, 2 * PIN_RADIUS, 2 * PIN_RADIUS, start, sweep,
                Arc2D.OPEN), false);
        pin.lineTo(0, 2 * PIN_RADIUS);
        pin.closePath();
        stroke(shifted(pin), Color.BLACK);
        g.setColor(fill);
        g.fill(pin);
        stroke(pin, line);
        double r = PIN_RADIUS / 3;
        Ellipse2D.Double eye = new Ellipse2D.Double(-r, -r, 2 * r, 2 * r);
        g.setColor(line);
        g.fill(eye);
        stroke(eye, line);
    }


    /**
     * An object on an isometric map, as Tiled 1.8's isometric renderer draws it: the shape projected onto the screen
     * (a rectangle becomes a parallelogram, an ellipse is drawn with its projected box), turned about its projected
     * position; the black copy where the shape is and the coloured one 2 px above it; a point's pin and text
     * unprojected at the projected position. On an oblique map, as Tiled 1.12's oblique renderer draws it: a
     * rectangle's, ellipse's or capsule's path and a polygon's points sheared onto the screen, turned about the
     * object's sheared position; the black copy a line's width below the coloured one, which is filled; a point's pin
     * and text unsheared at the sheared position. A sheared rectangle or ellipse without a size is the 20 x 20 one
     * around its position (Tiled 1.12 draws that one around the map's origin instead).
     */
    private void drawProjected(MapObject object, int color, double dx, double dy) {
        Position at = space.pixelToScreen(object.x(), object.y());
        g.translate(dx, dy);
        if (object.rotation() != 0) {
            g.rotate(Math.toRadians(object.rotation()), at.x(), at.y());
        }
        Color line = new Color(color, true);
        Color fill = new Color((color & 0xFFFFFF) | FILL_ALPHA << 24, true);
        switch (object.shape()) {
            case RECTANGLE, ELLIPSE, CAPSULE -> {
                if (space.sheared()) {
                    shearedOutline(object, line, fill);
                } else {
                    isometricOutline(object, line, fill);
                }
            }
            case POLYGON, POLYLINE -> {
                if (space.sheared()) {
                    // as on an isometric map, a line's width lower: the black copy below, the coloured one in place
                    g.translate(0, LINE_WIDTH);
                }
                projectedLines(object, line, fill);
            }
            case POINT -> {
                g.translate(at.x(), at.y());
                pin(line, fill);
            }
            case TEXT -> {
                g.translate(at.x(), at.y());
                text(object.text(), object.width(), object.height());
            }
        }
    }

    /** An isometric map's rectangle, capsule (as its box) or ellipse (and its box), projected. */
    private void isometricOutline(MapObject object, Color line, Color fill) {
        double up = -LINE_WIDTH;
        switch (object.shape()) {
            case RECTANGLE, CAPSULE -> {
                Shape box = space.project().createTransformedShape(
                        new Rectangle2D.Double(object.x(), object.y(), object.width(), object.height()));
                stroke(box, Color.BLACK);
                Shape raised = raised(box, up);
                g.setColor(fill);
                g.fill(raised);
                stroke(raised, line);
            }
            case ELLIPSE -> {
                Rectangle2D bounds = new Rectangle2D.Double(object.x(), object.y(), object.width(), object.height());
                Shape box = space.project().createTransformedShape(bounds);
                Shape ellipse = space.ellipse().createTransformedShape(new Ellipse2D.Double(bounds.getX(),
                        bounds.getY(), bounds.getWidth(), bounds.getHeight()));
                stroke(ellipse, Color.BLACK);
                stroke(box, Color.BLACK);
                stroke(raised(box, up), line);
                Shape raised = raised(ellipse, up);
                g.setColor(fill);
                g.fill(raised);
                stroke(raised, line);
            }
            default -> throw new IllegalArgumentException(object.shape().name());
        }
    }

    /** An oblique map's rectangle, ellipse or capsule: its path sheared. */
    private void shearedOutline(MapObject object, Color line, Color fill) {
        boolean empty = object.width() == 0 && object.height() == 0;
        Rectangle2D box = empty ? new Rectangle2D.Double(object.x() - 10, object.y() - 10, 20, 20)
                : new Rectangle2D.Double(object.x(), object.y(), object.width(), object.height());
        Shape outline = space.project().createTransformedShape(rounded(object.shape(), box));
        stroke(raised(outline, LINE_WIDTH), Color.BLACK);
        g.setColor(fill);
        g.fill(outline);
        stroke(outline, line);
    }

    /**
     * A polygon or polyline projected onto the screen: the black copy (and its first point's dot) where it lies, the
     * coloured one a line's width above it, filled when closed.
     */
    private void projectedLines(MapObject object, Color line, Color fill) {
        boolean closed = object.shape() == ObjectShape.POLYGON;
        List<Difference> points = object.points();
        Shape path = space.project().createTransformedShape(AffineTransform.getTranslateInstance(object.x(),
                object.y()).createTransformedShape(path(points, closed)));
        Position first = space.pixelToScreen(object.x() + points.get(0).dx(), object.y() + points.get(0).dy());
        double up = -LINE_WIDTH;
        stroke(path, Color.BLACK);
        dot(first.x(), first.y(), Color.BLACK);
        Shape raised = raised(path, up);
        if (closed) {
            g.setColor(fill);
            g.fill(raised);
        }
        stroke(raised, line);
        dot(first.x(), first.y() + up, line);
    }

    /** A polygon's or polyline's path through its points (relative to the object's position). */
    private static Path2D.Double path(List<Difference> points, boolean closed) {
        Path2D.Double path = new Path2D.Double();
        path.moveTo(points.get(0).dx(), points.get(0).dy());
        for (int i = 1; i < points.size(); i++) {
            path.lineTo(points.get(i).dx(), points.get(i).dy());
        }
        if (closed) {
            path.closePath();
        }
        return path;
    }

    private static Shape raised(Shape shape, double up) {
        return AffineTransform.getTranslateInstance(0, up).createTransformedShape(shape);
    }

    void dispose() {
        g.dispose();
    }

    private Shape shifted(Shape shape) {
        return AffineTransform.getTranslateInstance(SHADOW, SHADOW).createTransformedShape(shape);
    }

    private void stroke(Shape shape, Color color) {
        Stroke saved = g.getStroke();
        g.setStroke(new BasicStroke(LINE_WIDTH, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND));
        g.setColor(color);
        g.draw(shape);
        g.setStroke(saved);
    }

    /** A thick pen's point: a disc as wide as four lines. */
    private void dot(double x, double y, Color color) {
        double r = LINE_WIDTH * 2;
        g.setColor(color);
        g.fill(new Ellipse2D.Double(x - r, y - r, 2 * r, 2 * r));
    }

    /** Text in its box: lines split at newlines (and at words when it wraps), aligned as the object says. */
    private void text(ObjectText text, double width, double height) {
        Map<TextAttribute, Object> attributes = new HashMap<>();
        attributes.put(TextAttribute.FAMILY, family(text.fontFamily()));
        attributes.put(TextAttribute.SIZE, (float) (int) text.pixelSize());
        attributes.put(TextAttribute.WEIGHT, text.bold() ? TextAttribute.WEIGHT_BOLD : TextAttribute.WEIGHT_REGULAR);
        attributes.put(TextAttribute.POSTURE, text.italic() ? TextAttribute.POSTURE_OBLIQUE
                : TextAttribute.POSTURE_REGULAR);
        if (text.underline()) {
            attributes.put(TextAttribute.UNDERLINE, TextAttribute.UNDERLINE_ON);
        }
        if (text.strikeout()) {
            attributes.put(TextAttribute.STRIKETHROUGH, TextAttribute.STRIKETHROUGH_ON);
        }
        if (text.kerning()) {
            attributes.put(TextAttribute.KERNING, TextAttribute.KERNING_ON);
        }
        g.setFont(Font.getFont(attributes));
        g.setColor(new Color(Pixels.parseColor(text.color()), true));
        FontMetrics metrics = g.getFontMetrics();
        List<String> lines = lines(text, metrics, width);
        int lineHeight = metrics.getHeight();
        double top = switch (text.valign()) {
            case "center" -> (height - lines.size() * lineHeight) / 2;
            case "bottom" -> height - lines.size() * lineHeight;
            default -> 0;
        };
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            double left = switch (text.halign()) {
                case "center" -> (width - metrics.stringWidth(line)) / 2;
                case "right" -> width - metrics.stringWidth(line);
                default -> 0;
            };
            g.drawString(line, (float) left, (float) (top + i * lineHeight + metrics.getAscent()));
        }
    }

    private static String family(String family) {
        return switch (family) {
            case "sans-serif" -> Font.SANS_SERIF;
            case "serif" -> Font.SERIF;
            case "monospace" -> Font.MONOSPACED;
            default -> family;
        };
    }

    private static List<String> lines(ObjectText text, FontMetrics metrics, double width) {
        List<String> out = new ArrayList<>();
        for (String paragraph : text.text().split("\n", -1)) {
            if (!text.wrap()) {
                out.add(paragraph);
                continue;
            }
            StringBuilder line = new StringBuilder();
            for (String word : paragraph.split(" ", -1)) {
                String candidate = line.isEmpty() ? word : line + " " + word;
                if (!line.isEmpty() && metrics.stringWidth(candidate) > width) {
                    out.add(line.toString());
                    line.setLength(0);
                    line.append(word);
                } else {
                    line.setLength(0);
                    line.append(candidate);
                }
            }
            out.add(line.toString());
        }
        return out;
    }
}
