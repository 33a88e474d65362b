package dev.tilewright.render;

import javax.imageio.IIOImage;
import javax.imageio.ImageIO;
import javax.imageio.ImageTypeSpecifier;
import javax.imageio.ImageWriter;
import javax.imageio.metadata.IIOMetadata;
import javax.imageio.metadata.IIOMetadataNode;
import javax.imageio.stream.ImageOutputStream;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * Animated GIFs of rendered frames, looping forever. Each frame is reduced to the GIF's 256 colours by ImageIO's
 * palette builder; transparency becomes the background colour.
 */
public final class GifWriter {

    private GifWriter() {
    }

    /**
     * @param frames      taken one at a time, each written before the next is asked for: a tour rendered lazily holds
     *                    one frame's pixels at a time, not all of them
     * @param delayCentis how long each frame shows, in hundredths of a second (GIF's unit)
     */
    public static byte[] write(Iterable<Pixels> frames, int delayCentis, int background) {
        ImageWriter writer = ImageIO.getImageWritersByFormatName("gif").next();
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ImageOutputStream out = ImageIO.createImageOutputStream(bytes)) {
            writer.setOutput(out);
            writer.prepareWriteSequence(null);
            boolean first = true;
            for (Pixels frame : frames) {
                BufferedImage image = new BufferedImage(frame.width(), frame.height(), BufferedImage.TYPE_INT_RGB);
                int[] argb = frame.argb();
                int[] rgb = new int[argb.length];
                for (int i = 0; i < argb.length; i++) {
                    rgb[i] = Pixels.unpremultiply(Pixels.over(argb[i], 0xFF000000 | background)) & 0xFFFFFF;
                }
                image.setRGB(0, 0, frame.width(), frame.height(), rgb, 0, frame.width());
                IIOMetadata metadata = writer.getDefaultImageMetadata(new ImageTypeSpecifier(image), null);
                configure(metadata, delayCentis, first);
                writer.writeToSequence(new IIOImage(image, null, metadata), null);
                first = false;
            }
            writer.endWriteSequence();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            writer.dispose();
        }
        return bytes.toByteArray();
    }

    private static void configure(IIOMetadata metadata, int delayCentis, boolean first) throws IOException {
        String format = metadata.getNativeMetadataFormatName();
        IIOMetadataNode root = (IIOMetadataNode) metadata.getAsTree(format);
        IIOMetadataNode control = child(root, "GraphicControlExtension");
        control.setAttribute("disposalMethod", "none");
        control.setAttribute("userInputFlag", "FALSE");
        control.setAttribute("transparentColorFlag", "FALSE");
        control.setAttribute("delayTime", Integer.toString(delayCentis));
        control.setAttribute("transparentColorIndex", "0");
        if (first) {
            IIOMetadataNode application = new IIOMetadataNode("ApplicationExtension");
            application.setAttribute("applicationID", "NETSCAPE");
            application.setAttribute("authenticationCode", "2.0");
            application.setUserObject(new byte[]{1, 0, 0});
            child(root, "ApplicationExtensions").appendChild(application);
        }
        metadata.setFromTree(format, root);
    }

    private static IIOMetadataNode child(IIOMetadataNode root, String name) {
        for (int i = 0; i < root.getLength(); i++) {
            if (root.item(i).getNodeName().equalsIgnoreCase(name)) {
                return (IIOMetadataNode) root.item(i);
            }
        }
        IIOMetadataNode node = new IIOMetadataNode(name);
        root.appendChild(node);
        return node;
    }
}
