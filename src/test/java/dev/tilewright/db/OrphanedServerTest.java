package dev.tilewright.db;

import org.junit.jupiter.api.Tag;
import dev.tilewright.support.Lanes;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;

import static org.assertj.core.api.Assertions.assertThat;

/** A JVM killed with SIGKILL leaves its PostgreSQL running; the next start must not be blocked by it. */
@Tag(Lanes.SERVICE)
class OrphanedServerTest {

    @TempDir
    Path dataDir;

    /**
     * Runs in a child JVM: starts a server on the data dir and waits to be killed (or, should the test's JVM go first,
     * for its stdin, the test's pipe, to close: it never outlives the test).
     */
    public static void main(String[] args) throws Exception {
        EmbeddedPostgres.builder().setDataDirectory(Paths.get(args[0])).setCleanDataDirectory(false).start();
        System.out.println("ready");
        System.out.flush();
        while (System.in.read() >= 0) {
            // nothing is sent: the read returns when the pipe closes
        }
    }

    @Test
    void aServerLeftByAKilledJvmIsStoppedBeforeANewOneStarts() throws Exception {
        Process child = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), OrphanedServerTest.class.getName(), dataDir.toString())
                .redirectErrorStream(true).start();
        try (BufferedReader out = new BufferedReader(new InputStreamReader(child.getInputStream()))) {
            String line;
            do {
                line = out.readLine();
            } while (line != null && !line.equals("ready"));
            assertThat(line).as("the child's server started").isEqualTo("ready");
        }
        child.destroyForcibly().waitFor();
        long orphanPid = Long.parseLong(Files.readAllLines(dataDir.resolve("postmaster.pid")).get(0).trim());
        assertThat(ProcessHandle.of(orphanPid).map(ProcessHandle::isAlive)).contains(true);

        EmbeddedPostgresLauncher.stopOrphanedServer(dataDir);

        assertThat(ProcessHandle.of(orphanPid).map(ProcessHandle::isAlive).orElse(false)).isFalse();
        try (EmbeddedPostgres next = EmbeddedPostgres.builder().setDataDirectory(dataDir)
                .setCleanDataDirectory(false).start()) {
            assertThat(next.getPostgresDatabase().getConnection().isValid(2)).isTrue();
        }
    }
}
