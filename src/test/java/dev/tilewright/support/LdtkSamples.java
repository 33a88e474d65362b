package dev.tilewright.support;

import org.junit.jupiter.api.Assumptions;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * LDtk's sample projects in {@code ../shared/ldtk-samples} (beside the clone; CI has it). Where the folder is absent a
 * test using them is skipped with one line, and fails instead when {@code CI=true}.
 */
public final class LdtkSamples {

    private static final Path DIR = Path.of("..", "shared", "ldtk-samples");

    private LdtkSamples() {
    }

    /** The folder, or the test is skipped (failed in CI). */
    public static Path dir() {
        if (!Files.isDirectory(DIR)) {
            String line = "LDtk's samples are not at " + DIR.toAbsolutePath().normalize()
                    + " (clone ../shared beside the project)";
            if (Tool.inCi()) {
                throw new IllegalStateException("CI=true and " + line);
            }
            System.err.println("SKIPPED " + line);
            Assumptions.abort(line);
        }
        return DIR;
    }

    /** Every {@code .ldtk} file of the folder, by name. */
    public static List<Path> projects() {
        try (Stream<Path> files = Files.list(dir())) {
            return files.filter(f -> f.getFileName().toString().endsWith(".ldtk")).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A file beside a project by its relative path, or null. */
    public static byte[] beside(Path project, String relative) {
        Path file = project.resolveSibling(relative).normalize();
        try {
            return Files.isRegularFile(file) ? Files.readAllBytes(file) : null;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
