package dev.tilewright.cli;

import dev.tilewright.support.Api;
import dev.tilewright.support.FeatureTest;
import dev.tilewright.support.RequiresTools;
import dev.tilewright.support.Tool;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;
import tools.jackson.dataformat.yaml.YAMLMapper;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The CI recipes of docs/recipes as a runner runs them: their shell steps, word for word, in a real git repository
 * (a pull request's branch against an origin) with {@code tilewright} on the PATH and a running service to pull
 * from. Steps that use a platform's own actions (upload a report, post a comment) are theirs to run.
 */
@FeatureTest
@RequiresTools(Tool.GIT)
class CiRecipesTest {

    private static final YAMLMapper YAML = YAMLMapper.builder().build();

    @LocalServerPort
    int port;
    @TempDir
    Path dir;

    /** A repository whose pull request opens the level's wall (its base: the walled level); the work tree. */
    private Path repository() throws Exception {
        Path origin = dir.resolve("origin.git");
        git(dir, "init", "-q", "--bare", "-b", "main", origin.toString());
        Path work = dir.resolve("work");
        git(dir, "clone", "-q", origin.toString(), work.toString());
        Files.createDirectories(work.resolve("levels"));
        CliCheckTest.level(work.resolve("levels"), "level.tmx", CliCheckTest.OWN, CliCheckTest.WALLED);
        Files.writeString(work.resolve("tilewright.json"), CliCheckTest.CONFIG);
        git(work, "add", "-A");
        git(work, "commit", "-q", "-m", "the level");
        git(work, "push", "-q", "origin", "HEAD:main");
        git(work, "checkout", "-q", "-b", "open-the-wall");
        CliCheckTest.level(work.resolve("levels"), "level.tmx", CliCheckTest.OWN, CliCheckTest.OPEN);
        git(work, "commit", "-q", "-am", "open the wall");
        return work;
    }

    @Test
    void theGithubWorkflowChecksAPullRequestAndPullsTheProject() throws Exception {
        Path work = repository();
        JsonNode workflow = YAML.readTree(Files.readString(Path.of("docs/recipes/github-actions.yml")));
        JsonNode steps = workflow.get("jobs").get("levels").get("steps");
        Path output = dir.resolve("github-output");
        Map<String, String> env = env(work);
        env.put("GITHUB_BASE_REF", "main");
        env.put("GITHUB_OUTPUT", output.toString());
        int ran = 0;
        int last = -1;
        for (JsonNode step : steps) {
            if (!step.has("run") || !runsOn(step, "pull_request")) {
                continue;
            }
            String script = step.get("run").asString();
            if (script.contains("${{ steps.check.outputs.status }}")) {
                script = script.replace("${{ steps.check.outputs.status }}", output(output).get("status"));
            }
            last = bash(work, env, script);
            ran++;
        }
        assertThat(ran).as("check, diff, fail").isEqualTo(3);
        assertThat(output(output).get("status")).as("the level's back door has no target").isEqualTo("1");
        assertThat(last).as("the job fails with the checks").isEqualTo(1);
        String junit = Files.readString(work.resolve("reports/tilewright.xml"));
        assertThat(junit).contains("<testcase classname=\"levels/level.tmx\" name=\"doors lead somewhere\"",
                "<failure type=\"objectsHaveProperty\"");
        assertThat(YAML.readTree(Files.readString(work.resolve("reports/tilewright.sarif"))).get("version")
                .asString()).isEqualTo("2.1.0");
        String comment = Files.readString(work.resolve("reports/diff.md"));
        assertThat(comment).as("the pull request's change to the level").contains("level.tmx", "ground");

        // the nightly run: the project pulled from the service
        Api.TeamProject team = project(env, "Gus");
        int nightly = 0;
        for (JsonNode step : steps) {
            if (step.has("run") && runsOn(step, "schedule")) {
                assertThat(bash(work, env, step.get("run").asString())).isZero();
                nightly++;
            }
        }
        assertThat(nightly).isEqualTo(1);
        assertThat(work.resolve("levels/islands.world")).exists();
        assertThat(work.resolve("levels/level.tmx")).as("the repository's own files stay").exists();

        // that pull request merged, then one that paints two cells of west: the merge to main sends it back
        merged(work);
        Map<String, String> onMain = new HashMap<>(env);
        onMain.put("TILEWRIGHT_PUSH_TOKEN", pushToken(team));
        int pushes = 0;
        for (JsonNode step : steps) {
            if (step.has("run") && runsOn(step, "push")) {
                Map<String, String> stepEnv = new HashMap<>(onMain);
                step.path("env").properties().forEach(e -> stepEnv.put(e.getKey(), secret(e.getValue().asString(),
                        onMain)));
                assertThat(bash(work, stepEnv, step.get("run").asString())).isZero();
                pushes++;
            }
        }
        assertThat(pushes).isEqualTo(1);
        pushedBack(team);
    }

    /** Whether a GitHub step runs on an event, as its {@code if:} says (on every event without one). */
    private static boolean runsOn(JsonNode step, String event) {
        String condition = step.path("if").asString("");
        if (condition.isBlank()) {
            return true;
        }
        for (String alternative : condition.split("\\|\\|")) {
            boolean all = true;
            for (String part : alternative.split("&&")) {
                java.util.regex.Matcher m = java.util.regex.Pattern.compile("github\\.event_name\\s*(==|!=)\\s*'([a-z_]+)'")
                        .matcher(part);
                if (m.find()) {
                    all &= m.group(1).equals("==") == m.group(2).equals(event);
                }
            }
            if (all) {
                return true;
            }
        }
        return false;
    }

    /** {@code ${{ secrets.NAME }}} as a runner gives it: the value of NAME. */
    private static String secret(String value, Map<String, String> env) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("\\$\\{\\{\\s*secrets\\.([A-Z_]+)\\s*}}").matcher(value);
        return m.matches() ? env.get(m.group(1)) : value;
    }

    /** The pulled levels committed on main, then a commit painting two cells of west merged. */
    private void merged(Path work) throws Exception {
        git(work, "checkout", "-q", "main");
        git(work, "add", "-A", "levels");
        git(work, "commit", "-q", "-m", "Levels as edited in Tilewright");
        Path west = work.resolve("levels/west.tmx");
        String text = Files.readString(west);
        assertThat(text).contains("2,1,7,7,");
        Files.writeString(west, text.replace("2,1,7,7,", "5,5,7,7,"));
        git(work, "commit", "-q", "-am", "Paint the west shore");
    }

    /** A write token of an editor of the project, as the push secret holds. */
    private String pushToken(Api.TeamProject team) {
        Api api = new Api(port);
        return api.token(api.person("Pusher", team.project(), "editor"), "write");
    }

    /** West on the service has the two cells as a new version, with the commit's subject as its message. */
    private void pushedBack(Api.TeamProject team) {
        JsonNode west = team.memberApi().get("/api/v1/maps?projectId=" + team.project() + "&name=west").json().get(0);
        long id = west.get("id").asLong();
        assertThat(west.get("version").asLong()).isEqualTo(2);
        JsonNode diff = team.memberApi().get("/api/v1/maps/" + id + "/diff?from=1&to=2").json().get("diff");
        assertThat(diff.get("counts").get("cellsChanged").asLong()).isEqualTo(2);
        assertThat(team.memberApi().get("/api/v1/maps/" + id + "/history").json().get("changes").get(0)
                .get("message").asString()).isEqualTo("Paint the west shore");
    }

    @Test
    void theGitlabJobsCheckAMergeRequestAndPullTheProject() throws Exception {
        Path work = repository();
        JsonNode jobs = YAML.readTree(Files.readString(Path.of("docs/recipes/gitlab-ci.yml")));
        Map<String, String> env = env(work);
        env.put("CI_PIPELINE_SOURCE", "merge_request_event");
        env.put("CI_MERGE_REQUEST_TARGET_BRANCH_NAME", "main");
        JsonNode check = jobs.get("levels-check");
        assertThat(bash(work, env, lines(check.get("script"), true))).as("the checks fail the job").isEqualTo(1);
        assertThat(bash(work, env, lines(check.get("after_script"), false))).isZero();
        assertThat(Files.readString(work.resolve("reports/tilewright.xml"))).contains("<testsuites");
        assertThat(Files.readString(work.resolve("reports/diff.md"))).contains("level.tmx");

        Api.TeamProject team = project(env, "Ida");
        assertThat(bash(work, env, lines(jobs.get("levels-pull").get("script"), true))).isZero();
        assertThat(work.resolve("levels/west.tmx")).exists();

        // the default branch after a merge: what it changed in levels/ sent back
        merged(work);
        JsonNode push = jobs.get("levels-push");
        Map<String, String> onMain = new HashMap<>(env);
        onMain.put("TILEWRIGHT_PUSH_TOKEN", pushToken(team));
        onMain.put("CI_COMMIT_TITLE", "Paint the west shore");
        push.path("variables").properties().forEach(v -> onMain.put(v.getKey(), v.getValue().asString()
                .startsWith("$") ? onMain.get(v.getValue().asString().substring(1)) : v.getValue().asString()));
        assertThat(bash(work, onMain, lines(push.get("script"), true))).isZero();
        pushedBack(team);
    }

    @Test
    void thePreCommitHookRefusesACommitWhoseMapFailsItsChecks() throws Exception {
        Path work = repository();
        JsonNode hook = YAML.readTree(Files.readString(Path.of("docs/recipes/pre-commit-config.yaml")))
                .get("repos").get(0).get("hooks").get(0);
        assertThat(hook.get("entry").asString()).isEqualTo("tilewright check");
        // the plain git hook the recipe gives beside it, installed as written
        String plain = Files.readAllLines(Path.of("docs/recipes/pre-commit-config.yaml")).stream()
                .filter(l -> l.startsWith("#   ")).map(l -> l.substring(4)).reduce("", (a, b) -> a + b + "\n");
        Path installed = work.resolve(".git/hooks/pre-commit");
        Files.writeString(installed, plain);
        installed.toFile().setExecutable(true);
        Map<String, String> env = env(work);
        Files.writeString(work.resolve("notes.txt"), "no map");
        git(work, "add", "notes.txt");
        CliCheckTest.level(work.resolve("levels"), "level.tmx", CliCheckTest.OWN.replace("objectsHaveProperty",
                "insideMap"), CliCheckTest.OPEN);
        Files.writeString(work.resolve("tilewright.json"), "{\"checks\": []}");
        git(work, "add", "-A");
        assertThat(bash(work, env, "git commit -q -m 'passing map'")).as("checks pass: the commit goes in").isZero();
        CliCheckTest.level(work.resolve("levels"), "level.tmx", CliCheckTest.OWN, CliCheckTest.OPEN);
        git(work, "add", "-A");
        assertThat(bash(work, env, "git commit -q -m 'a door without a target'")).as("refused").isNotZero();
    }

    /** A team's project holding the world corpus, named to the job with a viewer's read token, as CI is set up. */
    private Api.TeamProject project(Map<String, String> env, String viewer) throws Exception {
        Api api = new Api(port);
        Api.TeamProject team = api.teamProject(viewer, "viewer");
        Api.Response imported = team.owner().postFiles("/api/v1/worlds/import?projectId=" + team.project(),
                dev.tilewright.support.WorldCorpus.files());
        assertThat(imported.status()).as(imported.text()).isEqualTo(201);
        env.put("TILEWRIGHT_PROJECT", String.valueOf(team.project()));
        env.put("TILEWRIGHT_TOKEN", api.token(team.member(), "read"));
        return team;
    }

    /** The environment of a runner: tilewright on the PATH, a home of its own, the service to pull from. */
    private Map<String, String> env(Path work) throws Exception {
        Map<String, String> env = new HashMap<>();
        env.put("PATH", Cli.PROGRAM.getParent() + ":" + System.getenv("PATH"));
        env.put("HOME", Files.createDirectories(dir.resolve("home")).toString());
        env.put("JAVA_HOME", System.getProperty("java.home"));
        env.put("TILEWRIGHT_SERVER", "http://localhost:" + port);
        env.put("GIT_AUTHOR_NAME", "CI");
        env.put("GIT_AUTHOR_EMAIL", "ci@example.com");
        env.put("GIT_COMMITTER_NAME", "CI");
        env.put("GIT_COMMITTER_EMAIL", "ci@example.com");
        return env;
    }

    /** A job's lines as one script: stopping at the first that fails ({@code stop}), as a runner does. */
    private static String lines(JsonNode list, boolean stop) {
        StringBuilder script = new StringBuilder(stop ? "set -e\n" : "");
        list.forEach(line -> script.append(line.asString()).append('\n'));
        return script.toString();
    }

    private static Map<String, String> output(Path file) throws Exception {
        Map<String, String> values = new HashMap<>();
        for (String line : Files.readAllLines(file)) {
            int eq = line.indexOf('=');
            values.put(line.substring(0, eq), line.substring(eq + 1));
        }
        return values;
    }

    /** Runs a step's script with bash (-e, as GitHub runs {@code run:}), in {@code dir}; its exit code. */
    private int bash(Path work, Map<String, String> env, String script) throws Exception {
        ProcessBuilder builder = new ProcessBuilder("bash", "-e", "-c", script).directory(work.toFile())
                .redirectErrorStream(true).redirectOutput(dir.resolve("bash.log").toFile());
        builder.environment().clear();
        builder.environment().putAll(env);
        Process process = builder.start();
        process.getOutputStream().close();
        if (!process.waitFor(120, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new AssertionError("the step did not end within 120 s: " + script);
        }
        return process.exitValue();
    }

    private void git(Path in, String... args) throws Exception {
        List<String> command = new java.util.ArrayList<>(List.of("git", "-c", "user.name=CI", "-c",
                "user.email=ci@example.com", "-c", "init.defaultBranch=main", "-c", "commit.gpgsign=false"));
        command.addAll(List.of(args));
        Process process = new ProcessBuilder(command).directory(in.toFile()).redirectErrorStream(true).start();
        process.getOutputStream().close();
        String said = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!process.waitFor(60, TimeUnit.SECONDS) || process.exitValue() != 0) {
            throw new AssertionError("git " + String.join(" ", args) + ": " + said);
        }
    }
}
