package dev.tilewright.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The built command line ({@code target/tilewright}: its launcher with the jar, made by the package phase before the
 * service lane) run as a process, as a CI job runs it: its exit code, what it wrote to stdout and stderr.
 */
final class Cli {

    static final Path PROGRAM = Path.of("target/tilewright").toAbsolutePath();

    record Run(int code, String out, String err) {
    }

    private Cli() {
    }

    /** Runs {@code tilewright args...} in {@code dir}, within a minute. */
    static Run run(Path dir, String... args) throws IOException, InterruptedException {
        return run(dir, java.util.Map.of(), args);
    }

    /** Runs it with these environment variables besides this JVM's (TILEWRIGHT_TOKEN, TILEWRIGHT_SERVER). */
    static Run run(Path dir, java.util.Map<String, String> env, String... args) throws IOException,
            InterruptedException {
        assertThat(PROGRAM).as("the command line (mvn package builds it)").isExecutable();
        List<String> command = new ArrayList<>(List.of(PROGRAM.toString()));
        command.addAll(List.of(args));
        Path out = Files.createTempFile("cli", ".out");
        Path err = Files.createTempFile("cli", ".err");
        ProcessBuilder builder = new ProcessBuilder(command).directory(dir.toFile()).redirectOutput(out.toFile())
                .redirectError(err.toFile());
        builder.environment().put("JAVA_HOME", System.getProperty("java.home")); // the launcher's java
        builder.environment().remove("TILEWRIGHT_TOKEN");
        builder.environment().remove("TILEWRIGHT_SERVER");
        builder.environment().putAll(env);
        Process process = builder.start();
        process.getOutputStream().close();
        if (!process.waitFor(60, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new AssertionError("tilewright " + String.join(" ", args) + " did not end within 60 s");
        }
        Run run = new Run(process.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
                Files.readString(err, StandardCharsets.UTF_8));
        Files.delete(out);
        Files.delete(err);
        return run;
    }
}
