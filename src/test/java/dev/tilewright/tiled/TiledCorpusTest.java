package dev.tilewright.tiled;

import dev.tilewright.format.TiledExamples;
import dev.tilewright.support.Api;
import dev.tilewright.support.FeatureTest;
import dev.tilewright.support.RequiresTools;
import dev.tilewright.support.Tool;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NamedNodeMap;
import org.w3c.dom.Node;

import javax.imageio.ImageIO;
import javax.xml.parsers.DocumentBuilderFactory;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The corpus of Tiled files in src/test/resources/tiled/corpus (each as Tiled 1.8.2 saved it; what only Tiled 1.9+
 * writes added by hand from the format reference), plus Tiled's own examples: each is imported, exported as a zip,
 * and both the original and our export are read and written by Tiled itself (tilesets embedded): the two files
 * Tiled writes must say the same, element by element and attribute by attribute, but for the normalisations
 * docs/tiled.md lists; and tmxrasterizer must draw both alike, pixel for pixel.
 */
@FeatureTest
@RequiresTools({Tool.TILED, Tool.TMXRASTERIZER})
class TiledCorpusTest {

    /** Attributes an export may write otherwise (docs/tiled.md, "What an export normalises"), by element. */
    private static final Map<String, Set<String>> NORMALISED = Map.of(
            "map", Set.of("version", "tiledversion"),
            "image", Set.of("source"));

    @org.junit.jupiter.api.io.TempDir
    static Path dir;
    static Map<String, byte[]> files;

    @LocalServerPort
    int port;
    Api api;

    @BeforeAll
    static void corpus() throws Exception {
        TiledExamples.copy(dir);
        try (var corpus = Files.list(Path.of("src/test/resources/tiled/corpus"))) {
            for (Path file : corpus.toList()) {
                Files.copy(file, dir.resolve(file.getFileName().toString()));
            }
        }
        files = TiledExamples.files(dir);
    }

    @BeforeEach
    void client() {
        api = new Api(port);
    }

    @ParameterizedTest
    @ValueSource(strings = {"desert.tmx", "sewers.tmx", "orthogonal-outside.tmx", "layers.tmx", "aligned.tmx",
            "ordered.tmx", "groups.tmx", "collision.tmx", "chunky.tmx", "levelled.tmx", "sticker-knight/map/sandbox.tmx",
            "sticker-knight/map/sandbox2.tmx", "sewer_automap/rule_001.tmx", "sewer_automap/sewers.tmx",
            "isometric_grass_and_water.tmx", "isometric_staggered_grass_and_water.tmx", "hexagonal-mini.tmx",
            "test_hexagonal_tile_60x60x30.tmx"})
    void tiledReadsOurExportAsItReadsTheOriginal(String map) throws Exception {
        Api.Response created = api.postFiles("/api/v1/maps/import", referencedBy(map));
        assertThat(created.status()).as(created.text()).isEqualTo(201);
        assertThat(created.json().get("warnings").toString()).as(map + ": every attribute of the corpus is known")
                .doesNotContain("is not kept (a Tiled version");
        long id = created.json().get("id").asLong();
        Path ours = dir.resolve("ours-" + map.replace(".tmx", "").replace('/', '-'));
        unzip(api.get("/api/v1/maps/" + id + "/export?format=zip").body(), ours);
        // the export keeps the map's folder in the zip (sticker-knight/map/sandbox.tmx)
        String exported = map;
        Path folder = dir.resolve(map).getParent();
        Path oursFolder = ours.resolve(map).getParent();

        TiledExamples.tiled(folder, List.of("tiled", "--export-map", "--embed-tilesets", "tmx",
                Path.of(map).getFileName().toString(), "tiled-original.tmx"));
        TiledExamples.tiled(oursFolder, List.of("tiled", "--export-map", "--embed-tilesets", "tmx",
                Path.of(exported).getFileName().toString(), "tiled-ours.tmx"));
        Element original = parse(folder.resolve("tiled-original.tmx"));
        Element export = parse(oursFolder.resolve("tiled-ours.tmx"));
        List<String> differences = new ArrayList<>();
        compare(original, export, "map", differences);
        assertThat(differences).as(map + ": what Tiled reads of our export against the original").isEmpty();

        TiledExamples.tiled(dir, List.of("tmxrasterizer", "--no-smoothing", map, "corpus-original.png"));
        TiledExamples.tiled(ours, List.of("tmxrasterizer", "--no-smoothing", exported, "corpus-ours.png"));
        BufferedImage a = ImageIO.read(dir.resolve("corpus-original.png").toFile());
        BufferedImage b = ImageIO.read(ours.resolve("corpus-ours.png").toFile());
        Files.delete(dir.resolve("corpus-original.png"));
        assertThat(b.getWidth()).isEqualTo(a.getWidth());
        assertThat(b.getHeight()).isEqualTo(a.getHeight());
        int differing = 0;
        for (int y = 0; y < a.getHeight(); y++) {
            for (int x = 0; x < a.getWidth(); x++) {
                differing += a.getRGB(x, y) == b.getRGB(x, y) ? 0 : 1;
            }
        }
        assertThat(differing).as(map + ": pixels tmxrasterizer draws otherwise for our export").isZero();
    }

    /**
     * The map and the files beside it it may reference (its folder's and the folders' above tilesets and images,
     * templates in its folder and below).
     */
    private static Map<String, byte[]> referencedBy(String map) {
        String folder = map.contains("/") ? map.substring(0, map.lastIndexOf('/') + 1) : "";
        Map<String, byte[]> out = new LinkedHashMap<>();
        files.forEach((path, bytes) -> {
            boolean sameFolder = path.startsWith(folder) && !path.substring(folder.length()).contains("/");
            // a tileset or image of a folder above (sewer_automap's rules use ../sewer_tileset.png)
            boolean above = folder.startsWith(path.contains("/") ? path.substring(0, path.lastIndexOf('/') + 1) : "")
                    && !path.startsWith(folder) && (path.endsWith(".tsx") || path.endsWith(".png"));
            boolean below = path.startsWith(folder) && !path.startsWith(folder + "ours-")
                    && !path.startsWith(folder + "tiled-");
            if (path.equals(map) || above || sameFolder && (path.endsWith(".tsx") || path.endsWith(".png"))
                    || below && path.endsWith(".tx")) {
                out.put(path, bytes);
            }
        });
        return out;
    }

    private static void unzip(byte[] zip, Path into) throws Exception {
        Files.createDirectories(into);
        try (ZipInputStream in = new ZipInputStream(new ByteArrayInputStream(zip))) {
            for (ZipEntry entry = in.getNextEntry(); entry != null; entry = in.getNextEntry()) {
                Path target = into.resolve(entry.getName()).normalize();
                assertThat(target.startsWith(into)).as("a zip entry inside the folder").isTrue();
                Files.createDirectories(target.getParent());
                Files.write(target, in.readAllBytes());
            }
        }
    }

    private static Element parse(Path file) throws Exception {
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        Document document = factory.newDocumentBuilder().parse(file.toFile());
        return document.getDocumentElement();
    }

    /** Adds to {@code differences} where two elements differ: name, attributes, text, children in order. */
    private static void compare(Element a, Element b, String at, List<String> differences) {
        if (!a.getTagName().equals(b.getTagName())) {
            differences.add(at + ": <" + a.getTagName() + "> against <" + b.getTagName() + ">");
            return;
        }
        Map<String, String> left = attributes(a);
        Map<String, String> right = attributes(b);
        if (!left.equals(right)) {
            differences.add(at + ": attributes " + left + " against " + right);
        }
        List<Element> ac = children(a);
        List<Element> bc = children(b);
        if (ac.isEmpty() && bc.isEmpty() && !a.getTextContent().strip().equals(b.getTextContent().strip())) {
            differences.add(at + ": text differs");
        }
        if (ac.size() != bc.size()) {
            differences.add(at + ": " + ac.size() + " children against " + bc.size() + " "
                    + ac.stream().map(Element::getTagName).toList() + " / " + bc.stream().map(Element::getTagName).toList());
            return;
        }
        for (int i = 0; i < ac.size(); i++) {
            Element child = ac.get(i);
            String name = child.hasAttribute("name") ? "[" + child.getAttribute("name") + "]"
                    : child.hasAttribute("id") ? "[" + child.getAttribute("id") + "]" : "[" + i + "]";
            compare(child, bc.get(i), at + "/" + child.getTagName() + name, differences);
        }
    }

    private static Map<String, String> attributes(Element e) {
        Map<String, String> out = new TreeMap<>();
        NamedNodeMap all = e.getAttributes();
        for (int i = 0; i < all.getLength(); i++) {
            Node attribute = all.item(i);
            if (!NORMALISED.getOrDefault(e.getTagName(), Set.of()).contains(attribute.getNodeName())) {
                out.put(attribute.getNodeName(), attribute.getNodeValue());
            }
        }
        return out;
    }

    private static List<Element> children(Element e) {
        List<Element> out = new ArrayList<>();
        for (Node n = e.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element child) {
                out.add(child);
            }
        }
        return out;
    }
}
