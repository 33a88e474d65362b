package dev.tilewright.support;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The world of src/test/resources/tiled/worlds by file name: maps saved by Tiled 1.8.2 (one as JSON), a world
 * listing two of them and placing two by a pattern, a fifth map no pattern matches, their tileset and image.
 */
public final class WorldCorpus {

    public static final Path DIR = Path.of("src/test/resources/tiled/worlds");

    private WorldCorpus() {
    }

    public static Map<String, byte[]> files() throws IOException {
        Map<String, byte[]> files = new LinkedHashMap<>();
        try (var list = Files.list(DIR)) {
            for (Path file : list.sorted().toList()) {
                files.put(file.getFileName().toString(), Files.readAllBytes(file));
            }
        }
        return files;
    }
}
