package dev.tilewright.editor;

import dev.tilewright.support.RequiresTools;
import dev.tilewright.support.Tool;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Runs the editor's JavaScript unit tests ({@code node --test frontend/test/}: model, ops and inverses, stamps and
 * fills, the pending-op queue) as part of the build (without node: skipped on a developer's machine, a failure in CI).
 */
@RequiresTools(Tool.NODE)
class FrontendUnitTest {

    @Test
    void theFrontendsNodeTestsPass() throws IOException, InterruptedException {
        Path log = Files.createTempFile("node-test", ".tap");
        Process process = new ProcessBuilder(Tool.NODE.path().toString(), "--test", "--test-reporter=tap", "frontend/test/")
                .redirectErrorStream(true).redirectOutput(log.toFile()).start();
        assertThat(process.waitFor(5, TimeUnit.MINUTES)).as("node --test finished").isTrue();
        String output = Files.readString(log, StandardCharsets.UTF_8);
        Files.copy(log, Path.of("target", "frontend-tests.tap"), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        assertThat(process.exitValue()).as(output).isZero();
        assertThat(count(output, "pass")).as("tests that passed").isGreaterThanOrEqualTo(36);
        assertThat(count(output, "fail")).isZero();
    }

    private static int count(String tap, String what) {
        Matcher m = Pattern.compile("^# " + what + " (\\d+)$", Pattern.MULTILINE).matcher(tap);
        assertThat(m.find()).as("# " + what + " in the TAP summary").isTrue();
        return Integer.parseInt(m.group(1));
    }
}
