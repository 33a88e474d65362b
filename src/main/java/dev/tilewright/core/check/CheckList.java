package dev.tilewright.core.check;

import java.util.List;

/** A map's checks as its property's JSON holds them, and as the API sends them: {@code {"checks": [...]}}. */
public record CheckList(List<Check> checks) {
}
