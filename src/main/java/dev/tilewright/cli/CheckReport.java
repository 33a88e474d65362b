package dev.tilewright.cli;

import dev.tilewright.core.check.Check;
import dev.tilewright.core.check.CheckResult;
import dev.tilewright.core.check.CheckType;
import dev.tilewright.core.model.TileMap;
import dev.tilewright.format.Sha256;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Function;

/**
 * What {@code check} found, written as text (a line a check), JSON (the service's results per map, and the
 * findings), JUnit XML (a test case per map and check, what CI test reports read) or SARIF 2.1.0 (a result per
 * finding with its file, line where the file says it, and tile or object: what code scanning reads).
 *
 * @param known the findings a baseline holds: reported, but they fail nothing
 */
record CheckReport(List<Checked> maps, List<Unread> unread, Set<String> known) {

    /** One map's checks and their results, in order, and how long they took. */
    record Checked(String path, TileMap map, List<Check> checks, List<CheckResult> results, long nanos) {
    }

    /** A map that could not be read, and why. */
    record Unread(String path, String message) {
    }

    List<Finding> findings() {
        List<Finding> all = new ArrayList<>();
        for (Checked c : maps) {
            for (int i = 0; i < c.results().size(); i++) {
                all.addAll(Finding.of(c.path(), c.map(), c.checks().get(i), c.results().get(i)));
            }
        }
        return all;
    }

    boolean isNew(Finding finding) {
        return !known.contains(finding.key());
    }

    /** A check failed with a finding the baseline does not hold. */
    boolean failedAnew(Checked map, CheckResult result) {
        if (result.passed()) {
            return false;
        }
        int i = map.results().indexOf(result);
        return Finding.of(map.path(), map.map(), map.checks().get(i), result).stream().anyMatch(this::isNew);
    }

    long checks() {
        return maps.stream().mapToLong(m -> m.results().size()).sum();
    }

    long failed() {
        return maps.stream().flatMap(m -> m.results().stream()).filter(r -> !r.passed()).count();
    }

    long failedAnew() {
        return maps.stream().mapToLong(m -> m.results().stream().filter(r -> failedAnew(m, r)).count()).sum();
    }

    String summary() {
        long failed = failed();
        long anew = failedAnew();
        return maps.size() + (maps.size() == 1 ? " map, " : " maps, ") + checks() + " checks: " + (checks() - failed) + " passed, " + failed
                + " failed" + (known.isEmpty() || failed == 0 ? "" : " (" + anew + " with findings not in the "
                + "baseline)") + (unread.isEmpty() ? "" : "; " + unread.size() + (unread.size() == 1 ? " map" : " maps") + " could not be read");
    }

    String text() {
        StringBuilder out = new StringBuilder();
        for (Checked c : maps) {
            out.append(c.path()).append(c.results().isEmpty() ? ": no checks\n" : "\n");
            for (int i = 0; i < c.results().size(); i++) {
                CheckResult r = c.results().get(i);
                String state = r.passed() ? "ok  " : failedAnew(c, r) ? "FAIL" : "known";
                out.append(String.format("  %-5s %s (%s): %s%n", state, r.name(), r.type(), r.message()));
                List<Finding> found = Finding.of(c.path(), c.map(), c.checks().get(i), r);
                int shown = 0;
                for (Finding f : found) {
                    if (f.at().equals("map")) {
                        continue;
                    }
                    if (shown++ == 10) {
                        out.append("        ... ").append(found.size() - 10).append(" more\n");
                        break;
                    }
                    out.append("        ").append(f.at()).append(isNew(f) ? "" : " (in the baseline)").append('\n');
                }
            }
        }
        for (Unread u : unread) {
            out.append(u.path()).append("\n  ERROR ").append(u.message()).append('\n');
        }
        return out.append(summary()).append('\n').toString();
    }

    String json(JsonMapper json) {
        ObjectNode top = json.createObjectNode();
        ArrayNode list = top.putArray("maps");
        for (Checked c : maps) {
            ObjectNode map = list.addObject();
            map.put("path", c.path());
            map.set("results", json.valueToTree(c.results()));
        }
        ArrayNode errors = top.putArray("unread");
        unread.forEach(u -> errors.addObject().put("path", u.path()).put("message", u.message()));
        ArrayNode findings = top.putArray("findings");
        for (Finding f : findings()) {
            findings.addObject().put("map", f.map()).put("check", f.check()).put("type", f.type()).put("at", f.at())
                    .put("message", f.message()).put("new", isNew(f));
        }
        ObjectNode summary = top.putObject("summary");
        summary.put("maps", maps.size()).put("checks", checks()).put("passed", checks() - failed())
                .put("failed", failed()).put("failedAnew", failedAnew()).put("unread", unread.size());
        return json.writerWithDefaultPrettyPrinter().writeValueAsString(top) + "\n";
    }

    /** Jenkins' JUnit XML: a suite a map, a case a check (a known failure is skipped), an unread map an error. */
    String junit() {
        StringBuilder x = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        long tests = checks() + unread.size();
        long skipped = failed() - failedAnew();
        x.append("<testsuites name=\"tilewright check\" tests=\"").append(tests).append("\" failures=\"")
                .append(failedAnew()).append("\" errors=\"").append(unread.size()).append("\" time=\"")
                .append(seconds(maps.stream().mapToLong(Checked::nanos).sum())).append("\">\n");
        for (Checked c : maps) {
            long failures = c.results().stream().filter(r -> failedAnew(c, r)).count();
            long known = c.results().stream().filter(r -> !r.passed()).count() - failures;
            x.append("  <testsuite name=\"").append(xml(c.path())).append("\" tests=\"").append(c.results().size())
                    .append("\" failures=\"").append(failures).append("\" errors=\"0\" skipped=\"").append(known)
                    .append("\" time=\"").append(seconds(c.nanos())).append("\">\n");
            for (int i = 0; i < c.results().size(); i++) {
                CheckResult r = c.results().get(i);
                x.append("    <testcase classname=\"").append(xml(c.path())).append("\" name=\"")
                        .append(xml(r.name())).append("\" time=\"0\"");
                if (r.passed()) {
                    x.append("/>\n");
                    continue;
                }
                x.append(">\n");
                List<Finding> found = Finding.of(c.path(), c.map(), c.checks().get(i), r);
                StringBuilder where = new StringBuilder();
                found.forEach(f -> where.append(f.at()).append(isNew(f) ? "" : " (in the baseline)").append('\n'));
                if (failedAnew(c, r)) {
                    x.append("      <failure type=\"").append(xml(r.type())).append("\" message=\"")
                            .append(xml(r.message())).append("\">").append(xml(where.toString()))
                            .append("</failure>\n");
                } else {
                    x.append("      <skipped>").append(xml("in the baseline: " + r.message())).append("</skipped>\n");
                }
                x.append("    </testcase>\n");
            }
            x.append("  </testsuite>\n");
        }
        for (Unread u : unread) {
            x.append("  <testsuite name=\"").append(xml(u.path())).append("\" tests=\"1\" failures=\"0\" ")
                    .append("errors=\"1\" skipped=\"0\" time=\"0\">\n    <testcase classname=\"")
                    .append(xml(u.path())).append("\" name=\"read\" time=\"0\">\n      <error type=\"unreadable\" ")
                    .append("message=\"").append(xml(u.message())).append("\"/>\n    </testcase>\n  </testsuite>\n");
        }
        return x.append("</testsuites>\n").toString();
    }

    /**
     * SARIF 2.1.0: a rule a check type, a result a finding (its file, the line the file writes it on when it
     * writes it on one, and the tile or object as a logical location), its baseline state and a fingerprint.
     *
     * @param source a map file's bytes, to find lines in
     */
    String sarif(JsonMapper json, String version, Function<String, byte[]> source) {
        ObjectNode top = json.createObjectNode();
        top.put("$schema", "https://json.schemastore.org/sarif-2.1.0.json");
        top.put("version", "2.1.0");
        ObjectNode run = top.putArray("runs").addObject();
        ObjectNode driver = run.putObject("tool").putObject("driver");
        driver.put("name", "tilewright");
        driver.put("version", version);
        ArrayNode rules = driver.putArray("rules");
        List<String> ruleIds = new ArrayList<>();
        for (CheckType type : CheckType.values()) {
            ruleIds.add(type.apiName);
            ObjectNode rule = rules.addObject();
            rule.put("id", type.apiName);
            rule.putObject("shortDescription").put("text", describe(type));
            rule.putObject("defaultConfiguration").put("level", "error");
        }
        ObjectNode invocation = run.putArray("invocations").addObject();
        invocation.put("executionSuccessful", unread.isEmpty());
        ArrayNode notes = invocation.putArray("toolExecutionNotifications");
        for (Unread u : unread) {
            ObjectNode note = notes.addObject();
            note.put("level", "error");
            note.putObject("message").put("text", u.message());
            note.putArray("locations").addObject().putObject("physicalLocation").putObject("artifactLocation")
                    .put("uri", u.path());
        }
        ArrayNode results = run.putArray("results");
        java.util.Map<String, SourceLines> lines = new java.util.HashMap<>();
        for (Finding f : findings()) {
            ObjectNode result = results.addObject();
            result.put("ruleId", f.type());
            result.put("ruleIndex", ruleIds.indexOf(f.type()));
            result.put("level", "error");
            result.putObject("message").put("text", f.check() + ": " + f.message());
            ObjectNode location = result.putArray("locations").addObject();
            ObjectNode physical = location.putObject("physicalLocation");
            physical.putObject("artifactLocation").put("uri", f.map());
            SourceLines text = lines.computeIfAbsent(f.map(), p -> new SourceLines(source.apply(p), p));
            int line = f.object() != null ? text.object(f.object())
                    : f.tileY() != null && f.layerId() != null ? text.tile(f.layerId(), f.tileY()) : 0;
            if (line > 0) {
                physical.putObject("region").put("startLine", line);
            }
            if (!f.at().equals("map")) {
                ObjectNode logical = location.putArray("logicalLocations").addObject();
                logical.put("name", f.at());
                logical.put("fullyQualifiedName", (f.layerId() == null ? "" : "layer " + f.layerId() + "/") + f.at());
                logical.put("kind", "element");
            }
            result.putObject("partialFingerprints").put("tilewright/v1", digest(f.key()));
            result.put("baselineState", isNew(f) ? "new" : "unchanged");
            result.putObject("properties").put("check", f.check());
        }
        return json.writerWithDefaultPrettyPrinter().writeValueAsString(top) + "\n";
    }

    private static String describe(CheckType type) {
        return switch (type) {
            case REACHABLE -> "A box of the given size gets from one place to another (top-down or platformer).";
            case BLOCKED -> "The straight line between two places is blocked by the collision grid.";
            case NO_EMPTY_CELLS -> "A tile layer (or an area of it) has no empty cell.";
            case OBJECTS_HAVE_PROPERTY -> "Every object of a class has a property set.";
            case INSIDE_MAP -> "Every object lies inside the map.";
        };
    }

    private static String seconds(long nanos) {
        return String.format(Locale.ROOT, "%.3f", nanos / 1e9);
    }

    private static String digest(String text) {
        return Sha256.hex(text.getBytes(StandardCharsets.UTF_8)).substring(0, 32);
    }

    /** Text for an XML attribute or element: the five escaped, characters XML 1.0 cannot hold dropped. */
    static String xml(String text) {
        StringBuilder out = new StringBuilder(text.length());
        text.codePoints().forEach(c -> {
            switch (c) {
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '&' -> out.append("&amp;");
                case '"' -> out.append("&quot;");
                case '\'' -> out.append("&apos;");
                default -> {
                    if (c == 0x9 || c == 0xA || c == 0xD || c >= 0x20 && c <= 0xD7FF || c >= 0xE000 && c <= 0xFFFD
                            || c >= 0x10000 && c <= 0x10FFFF) {
                        out.appendCodePoint(c);
                    }
                }
            }
        });
        return out.toString();
    }
}
