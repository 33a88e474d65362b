package dev.tilewright.cli;

import dev.tilewright.support.Lanes;
import dev.tilewright.support.RequiresTools;
import dev.tilewright.support.Tool;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code tilewright merge-driver} as git runs it, in a real repository made here: two branches that touched
 * different cells, objects and properties of one map merge cleanly; two that changed the same cell conflict, with
 * a marker where, ours kept, and git reporting the file conflicted.
 */
@Tag(Lanes.SERVICE)
@RequiresTools(Tool.GIT)
class MergeDriverTest {

    @TempDir
    Path dir;

    private static final String LEFT = "1,1,1,1,1,1,\n1,1,2,1,2,1,\n1,2,2,1,2,1,\n1,1,1,1,1,1";
    private static final String RIGHT = "1,1,1,1,1,1,\n1,2,2,1,2,1,\n1,2,2,1,1,1,\n1,1,1,1,1,1";

    @Test
    void branchesThatTouchedDifferentThingsMergeAndTheSameCellConflicts() throws Exception {
        Path map = dir.resolve("levels/level.tmx");
        Files.createDirectories(map.getParent());
        CliCheckTest.level(map.getParent(), "level.tmx", CliCheckTest.OWN, CliCheckTest.WALLED);
        Files.writeString(dir.resolve(".gitattributes"), "*.tmx merge=tilewright\n");
        git(0, "init", "-q", "-b", "main");
        git(0, "config", "merge.tilewright.driver", "'" + Cli.PROGRAM + "' merge-driver %O %A %B %P");
        git(0, "add", "-A");
        git(0, "commit", "-q", "-m", "the level");

        // left: a cell of row 1 and the front door's target; right: a cell of row 2 and the back door moved
        git(0, "checkout", "-q", "-b", "left");
        CliCheckTest.level(map.getParent(), "level.tmx", CliCheckTest.OWN, LEFT);
        Files.writeString(map, Files.readString(map).replace("value=\"hall\"", "value=\"garden\""));
        git(0, "commit", "-q", "-am", "left");
        git(0, "checkout", "-q", "main");
        git(0, "checkout", "-q", "-b", "right");
        CliCheckTest.level(map.getParent(), "level.tmx", CliCheckTest.OWN, RIGHT);
        Files.writeString(map, Files.readString(map).replace("name=\"back door\" type=\"door\" x=\"8\"",
                "name=\"back door\" type=\"door\" x=\"16\""));
        git(0, "commit", "-q", "-am", "right");
        git(0, "checkout", "-q", "left");
        git(0, "merge", "-q", "--no-edit", "right");
        Cli.Run merged = Cli.run(dir, "textconv", "levels/level.tmx");
        assertThat(merged.out()).contains("  1: 1,1,2,1,2,1\n  2: 1,2,2,1,1,1\n", "garden")
                .doesNotContain("merge conflicts");
        assertThat(merged.out().lines().filter(l -> l.contains("back door")).findFirst().orElseThrow())
                .contains("\"x\":16");
        assertThat(Files.readString(map)).as("written as it came: CSV").contains("<data encoding=\"csv\">");

        // both change cell (2, 1): one paints it, the other empties it
        git(0, "checkout", "-q", "-b", "paint");
        Files.writeString(map, Files.readString(map).replace("1,1,2,1,2,1,", "1,1,1,1,2,1,"));
        git(0, "commit", "-q", "-am", "paint");
        git(0, "checkout", "-q", "left");
        git(0, "checkout", "-q", "-b", "erase");
        Files.writeString(map, Files.readString(map).replace("1,1,2,1,2,1,", "1,1,0,1,2,1,")
                .replace("value=\"garden\"", "value=\"cellar\""));
        git(0, "commit", "-q", "-am", "erase");
        String said = git(1, "merge", "--no-edit", "paint");
        assertThat(said).contains("CONFLICT levels/level.tmx: cell 2,1 of layer 1: ours 0, theirs 1");
        assertThat(git(0, "status", "--porcelain")).contains("UU levels/level.tmx");
        Cli.Run conflicted = Cli.run(dir, "textconv", "levels/level.tmx");
        assertThat(conflicted.out()).as("ours kept where both changed it; theirs nowhere else to bring")
                .contains("  1: 1,1,0,1,2,1\n", "cellar", "merge conflicts", "tilewright.merge");
        Cli.Run refused = Cli.run(dir, "merge-driver", "levels/level.tmx");
        assertThat(refused.code()).as("three files or four").isEqualTo(2);
    }

    /** Runs git in the repository; what it said. {@code expect}: 0, or 1 for "fails". */
    private String git(int expect, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of("git", "-c", "user.name=CI", "-c", "user.email=ci@example.com",
                "-c", "commit.gpgsign=false"));
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true);
        builder.environment().put("JAVA_HOME", System.getProperty("java.home"));
        Process process = builder.start();
        process.getOutputStream().close();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
        if (expect == 0) {
            assertThat(process.exitValue()).as("git " + String.join(" ", args) + ":\n" + out).isZero();
        } else {
            assertThat(process.exitValue()).as("git " + String.join(" ", args) + ":\n" + out).isNotZero();
        }
        return out;
    }
}
