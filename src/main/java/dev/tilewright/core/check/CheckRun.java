package dev.tilewright.core.check;

import dev.tilewright.core.grid.Reach;
import dev.tilewright.core.model.TileMap;
import dev.tilewright.core.query.GridRay;
import dev.tilewright.core.refusal.Refused;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Runs a map's checks, in order, within a time budget (checks past it are reported {@code gaveUp}, not run): the
 * service after edits, the command line on files, with the same results for the same map.
 */
public final class CheckRun {

    private CheckRun() {
    }

    /**
     * The results of the checks on the map.
     *
     * @param budgetMs how long the run may take; the checks not begun by then are reported, not run
     * @throws Searches.MovedOn when a search answered for another version of the map
     */
    public static List<CheckResult> run(TileMap map, List<Check> checks, Searches searches, long budgetMs) {
        List<CheckResult> results = new ArrayList<>();
        long deadline = System.nanoTime() + budgetMs * 1_000_000L;
        for (Check check : checks) {
            if (System.nanoTime() - deadline > 0) {
                results.add(CheckResult.failed(check, "Not run: the map's checks took longer than a run may ("
                        + budgetMs + " ms, tilewright.checks.run-budget-ms); make the slow ones cheaper (a smaller "
                        + "area, fewer checks).", CheckRules.ordered("gaveUp", true)));
                continue;
            }
            results.add(one(map, check, searches));
        }
        return results;
    }

    /** One check on the map. */
    public static CheckResult one(TileMap map, Check check, Searches searches) {
        try {
            CheckType type = CheckType.named(check.type(), "type");
            return switch (type) {
                case NO_EMPTY_CELLS -> CheckRules.noEmptyCells(map, check);
                case OBJECTS_HAVE_PROPERTY -> CheckRules.objectsHaveProperty(map, check);
                case INSIDE_MAP -> CheckRules.insideMap(map, check);
                case REACHABLE, BLOCKED -> search(map, check, type, searches);
            };
        } catch (Refused refused) {
            // what the check asks cannot be asked of this map (a place outside it, a box too large)
            return CheckResult.failed(check, refused.getMessage(), CheckRules.ordered("field",
                    Objects.toString(refused.refusal().field(), "")));
        }
    }

    private static CheckResult search(TileMap map, Check check, CheckType type, Searches searches) {
        double[] from = CheckRules.where(map, check.from());
        double[] to = CheckRules.where(map, check.to());
        if (from == null || to == null) {
            Check.Spot missing = from == null ? check.from() : check.to();
            return CheckResult.failed(check, "The map has no object " + (missing.object() != null
                    ? "named '" + missing.object() + "'" : missing.objectId()) + ".", Map.of());
        }
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("from", CheckRules.ordered("x", from[0], "y", from[1]));
        details.put("to", CheckRules.ordered("x", to[0], "y", to[1]));
        if (type == CheckType.BLOCKED) {
            GridRay.Hit hit = searches.blocked(from[0], from[1], to[0], to[1]);
            details.put("hit", hit);
            return hit != null ? CheckResult.passed(check, "The line is blocked at tile " + hit.tile().x() + ", "
                    + hit.tile().y() + ".", details)
                    : CheckResult.failed(check, "Nothing blocks the line.", details);
        }
        Reach.Answer path = searches.reach(Reach.Search.of(check.movement(), from[0], from[1], to[0], to[1],
                check.box().width(), check.box().height(), check.jumpHeight(), check.gravity(), check.runSpeed()));
        // a path's first tiles (a result stays small however long the way; its length says how long)
        details.put("pathLength", path.tiles().size());
        details.put("tiles", path.tiles().subList(0, Math.min(path.tiles().size(), CheckRules.MOST_PATH)));
        details.put("explored", path.explored());
        details.put("visited", path.visited());
        details.put("gaveUp", path.gaveUp());
        return path.reachable() ? CheckResult.passed(check, "Reachable in " + path.tiles().size() + " tiles.",
                details)
                : CheckResult.failed(check, path.gaveUp() ? "The search gave up before it got there."
                : "Not reachable: the search explored " + path.visited() + " places.", details);
    }
}
