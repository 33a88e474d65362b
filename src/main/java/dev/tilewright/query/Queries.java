package dev.tilewright.query;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import dev.tilewright.core.query.RayEntry;

import java.util.List;

/** The spatial queries and their answers, as JSON. Coordinates are world pixels unless {@code units} is "tiles". */
public final class Queries {

    private Queries() {
    }

    public record Point(Double x, Double y) {
    }

    /** What ends a ray: the first tile of a layer that holds a tile, or the first tile an object is in. */
    public record StopAt(Integer layerId, Boolean grid, Boolean objects) {
    }

    /** One query of a batch, named by {@code type}. */
    @JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "type")
    @JsonSubTypes({@JsonSubTypes.Type(value = Ray.class, name = "ray"),
            @JsonSubTypes.Type(value = Rect.class, name = "rect"),
            @JsonSubTypes.Type(value = Circle.class, name = "circle")})
    public sealed interface Query permits Ray, Rect, Circle {
        String units();
    }

    /** How a ray picks its tiles: the seed's walk, or every tile its closed segment touches. */
    public enum RayMode { WALK, SUPERCOVER }

    /** What query coordinates are in: world pixels (the map's offset counts) or tiles. */
    public enum Units { PIXELS, TILES }

    /** @param mode "walk" (default) or "supercover" */
    @JsonTypeInfo(use = JsonTypeInfo.Id.NONE) // posted alone, no type is needed
    public record Ray(Point from, Point to, String mode, StopAt stopAt, String units) implements Query {
    }

    /** A box from (x, y) spanning width and height, either of which may be negative (corners in any order). */
    @JsonTypeInfo(use = JsonTypeInfo.Id.NONE) // posted alone, no type is needed
    public record Rect(Double x, Double y, Double width, Double height, String units, Integer layerId,
                       Boolean nonEmpty, Boolean objects) implements Query {
    }

    @JsonTypeInfo(use = JsonTypeInfo.Id.NONE)
    public record Circle(Double cx, Double cy, Double r, String units, Integer layerId, Boolean nonEmpty,
                         Boolean objects) implements Query {
    }

    public record Batch(List<Query> queries) {
    }

    public record Tile(int x, int y) {
    }

    public record ObjectRef(int layerId, int id, String name, String type) {
    }

    /**
     * Where a ray stopped: the tile, the point where the ray entered it (its start when it began there), the
     * distance to that point in the query's units, and the side it came in through (left, right, top, bottom;
     * "corner" for a supercover tile first touched at a vertex; "inside" for the start tile).
     */
    public record Hit(Tile tile, Point point, double distance, RayEntry.Side side, List<ObjectRef> objects) {
    }

    /** A query's answer; a ray's has {@code hit} (null when nothing stopped it), an area's may have objects. */
    public sealed interface Answer permits RayAnswer, AreaAnswer {
    }

    public record RayAnswer(List<Tile> tiles, @JsonInclude(JsonInclude.Include.ALWAYS) Hit hit) implements Answer {
    }

    public record AreaAnswer(List<Tile> tiles, List<ObjectRef> objects) implements Answer {
    }

    public record BatchAnswer(List<Answer> results) {
    }
}
