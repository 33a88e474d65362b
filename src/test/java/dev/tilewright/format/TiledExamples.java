package dev.tilewright.format;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;

/**
 * Tiled's own example maps (Debian's {@code tiled} package, which .ci/run installs) and Tiled's command line,
 * for tests that must see files real Tiled wrote and read what we write.
 */
public final class TiledExamples {

    public static final Path EXAMPLES = Path.of("/usr/share/doc/tiled/examples");

    private TiledExamples() {
    }

    /** A copy of the examples in {@code dir}, with Debian's .gz compression undone. */
    public static Path copy(Path dir) throws IOException {
        if (!Files.isDirectory(EXAMPLES)) {
            throw new IllegalStateException("Tiled's examples are missing: install Debian's 'tiled' package "
                    + "(apt-get install tiled), as .ci/run does");
        }
        try (Stream<Path> files = Files.walk(EXAMPLES)) {
            for (Path source : files.filter(Files::isRegularFile).toList()) {
                Path relative = EXAMPLES.relativize(source);
                String name = relative.toString();
                Path target = dir.resolve(name.endsWith(".gz") ? name.substring(0, name.length() - 3) : name);
                Files.createDirectories(target.getParent());
                try (InputStream in = name.endsWith(".gz") ? new GZIPInputStream(Files.newInputStream(source))
                        : Files.newInputStream(source)) {
                    Files.write(target, in.readAllBytes());
                }
            }
        }
        return dir;
    }

    /** Every file under {@code dir} by its path relative to {@code dir}. */
    public static Map<String, byte[]> files(Path dir) throws IOException {
        Map<String, byte[]> out = new LinkedHashMap<>();
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path file : files.filter(Files::isRegularFile).sorted().toList()) {
                out.put(dir.relativize(file).toString().replace('\\', '/'), Files.readAllBytes(file));
            }
        }
        return out;
    }

    /** Runs Tiled's command line (headless) and fails with its output when it does not succeed. */
    public static void tiled(Path workDir, List<String> arguments) throws IOException, InterruptedException {
        List<String> command = new java.util.ArrayList<>(List.of(arguments.get(0)));
        command.addAll(arguments.subList(1, arguments.size()));
        ProcessBuilder builder = new ProcessBuilder(command).directory(workDir.toFile()).redirectErrorStream(true);
        builder.environment().put("QT_QPA_PLATFORM", "offscreen");
        builder.environment().put("XDG_RUNTIME_DIR", workDir.toString());
        Process process = builder.start();
        String output = new String(process.getInputStream().readAllBytes());
        if (!process.waitFor(120, TimeUnit.SECONDS) || process.exitValue() != 0) {
            throw new IllegalStateException(String.join(" ", command) + " failed:\n" + output);
        }
    }
}
