package dev.tilewright.core.edit;

/**
 * The outcome of applying an op.
 *
 * @param op      the op as applied, with every id the map assigned filled in: what the log stores and what other
 *                clients replay to reach the same state
 * @param inverse the op that undoes it, when applied right after it
 */
public record Applied(MapOp op, MapOp inverse) {
}
