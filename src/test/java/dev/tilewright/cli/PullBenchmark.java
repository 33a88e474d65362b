package dev.tilewright.cli;

import dev.tilewright.TilewrightApplication;
import dev.tilewright.support.Api;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * {@code tilewright pull} of a project of 100 maps of 256x256 (CliBenchmark's levels, imported by the project's
 * owner) from a running service, as a CI job with a viewer's read token runs it: the first pull, then seven pulls
 * with nothing changed, then seven after one map changed, each the built program as a process, start-up included.
 * <pre>./mvnw -q package -DskipTests && ./mvnw -q exec:java -Dexec.classpathScope=test \
 *     -Dexec.mainClass=dev.tilewright.cli.PullBenchmark</pre>
 */
public final class PullBenchmark {

    private static final int RUNS = 7;

    private PullBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        Path work = Files.createTempDirectory("pull-bench");
        try (ConfigurableApplicationContext context = new SpringApplicationBuilder(TilewrightApplication.class)
                .run("--server.port=0", "--tilewright.database.data-dir=" + work.resolve("pg"),
                        "--logging.level.root=WARN", "--spring.main.banner-mode=off")) {
            int port = ((WebServerApplicationContext) context).getWebServer().getPort();
            Api api = new Api(port);
            Api.TeamProject team = api.teamProject("Bench", "viewer");
            Path levels = Files.createDirectories(work.resolve("levels"));
            CliBenchmark.atlas(levels.resolve("tiles.png"));
            byte[] png = Files.readAllBytes(levels.resolve("tiles.png"));
            Random random = new Random(3);
            long first = 0;
            for (int i = 0; i < 100; i++) {
                String name = String.format("level-%03d.tmx", i);
                CliBenchmark.level(levels.resolve(name), random);
                Api.Response made = team.owner().postFiles("/api/v1/maps/import?projectId=" + team.project(),
                        Map.of(name, Files.readAllBytes(levels.resolve(name)), "tiles.png", png));
                if (made.status() != 201) {
                    throw new AssertionError(made.text());
                }
                if (i == 0) {
                    first = made.json().get("id").asLong();
                }
            }
            Map<String, String> env = Map.of("TILEWRIGHT_SERVER", "http://localhost:" + port, "TILEWRIGHT_TOKEN",
                    api.token(team.member(), "read"));
            String project = String.valueOf(team.project());
            long start = System.nanoTime();
            Cli.Run whole = Cli.run(work, env, "pull", project, "repo");
            System.out.printf("%-58s %.2f s  %s%n", "first pull (100 maps, every file)",
                    (System.nanoTime() - start) / 1e9, whole.out().trim());
            time(work, env, "pull with nothing changed", project);
            List<Double> changed = new ArrayList<>();
            for (int i = 0; i < RUNS; i++) {
                Api.Response edit = team.owner().postJson("/api/v1/maps/" + first + "/ops", "{\"ops\":[{\"type\":"
                        + "\"paint\",\"layerId\":1,\"cells\":[{\"x\":5,\"y\":5,\"gid\":" + (9 + i % 2) + "}]}]}",
                        "If-Match", "\"" + (1 + i) + "\"");
                if (edit.status() != 200) {
                    throw new AssertionError(edit.text());
                }
                long t = System.nanoTime();
                Cli.Run run = Cli.run(work, env, "pull", project, "repo");
                changed.add((System.nanoTime() - t) / 1e9);
                if (run.code() != 0 || !run.out().contains("1 written")) {
                    throw new AssertionError(run.out() + run.err());
                }
            }
            print("pull after one map changed (1 file fetched)", changed);
        }
    }

    private static void time(Path work, Map<String, String> env, String what, String project) throws Exception {
        List<Double> seconds = new ArrayList<>();
        for (int i = 0; i < RUNS; i++) {
            long start = System.nanoTime();
            Cli.Run run = Cli.run(work, env, "pull", project, "repo");
            seconds.add((System.nanoTime() - start) / 1e9);
            if (run.code() != 0 || !run.out().startsWith("up to date")) {
                throw new AssertionError(run.out() + run.err());
            }
        }
        print(what, seconds);
    }

    private static void print(String what, List<Double> seconds) {
        Collections.sort(seconds);
        System.out.printf("%-58s median %.2f s (%.2f-%.2f)%n", what, seconds.get(RUNS / 2), seconds.get(0),
                seconds.get(RUNS - 1));
    }
}
