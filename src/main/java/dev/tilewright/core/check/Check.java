package dev.tilewright.core.check;

/**
 * One check of a map (docs/review.md), as kept in its {@code tilewright.checks} property or declared in a
 * repository's {@code tilewright.json}; which fields count depends on its {@link CheckType}. In JSON,
 * {@code objectClass} is written {@code class} (format/DomainJson).
 */
public record Check(String name, String type, Spot from, Spot to, String movement, Box box, Double jumpHeight,
                    Double gravity, Double runSpeed, String layer, Integer layerId, Area area, String objectClass,
                    String property) {

    /** A place: world pixels ({@code x}, {@code y}), or an object by {@code object} name or {@code objectId}. */
    public record Spot(Double x, Double y, String object, Integer objectId) {
    }

    public record Box(Double width, Double height) {
    }

    /** Tiles: {@code width} x {@code height} from ({@code x}, {@code y}). */
    public record Area(Integer x, Integer y, Integer width, Integer height) {
    }
}
