package dev.tilewright;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/** Every relative link and image in README.md and docs/ points at a file that exists; README stays a front door. */
class DocsLinksTest {

    private static final Pattern LINK = Pattern.compile("\\]\\(([^)\\s]+)\\)");

    @Test
    void everyRelativeLinkResolves() throws IOException {
        List<Path> pages = new ArrayList<>(List.of(Path.of("README.md")));
        try (Stream<Path> docs = Files.list(Path.of("docs"))) {
            docs.filter(p -> p.toString().endsWith(".md")).sorted().forEach(pages::add);
        }
        assertThat(pages).hasSizeGreaterThan(8);
        List<String> broken = new ArrayList<>();
        int links = 0;
        for (Path page : pages) {
            Matcher m = LINK.matcher(Files.readString(page));
            while (m.find()) {
                String target = m.group(1);
                if (target.contains("://") || target.startsWith("#") || target.startsWith("mailto:")) {
                    continue;
                }
                links++;
                Path file = page.resolveSibling(target.replaceAll("#.*$", "")).normalize();
                if (!Files.exists(file)) {
                    broken.add(page + " -> " + target);
                }
            }
        }
        assertThat(links).as("relative links found").isGreaterThan(10);
        assertThat(broken).as("links to files that do not exist").isEmpty();
    }

    @Test
    void theReadmeIsAFrontDoor() throws IOException {
        assertThat(Files.readAllLines(Path.of("README.md"))).as("README.md lines").hasSizeLessThanOrEqualTo(200);
    }
}
