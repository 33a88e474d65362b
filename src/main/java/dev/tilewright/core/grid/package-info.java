/**
 * Collision grids (a byte of solid sides per element), their computation from tiles or pixels, the grid
 * motion filter, top-down paths and platformer reachability ({@link dev.tilewright.core.grid.Reach}: the rules of a
 * search). Pure Java: depends on {@code core.model}, {@code core.geom}, {@code core.refusal}.
 */
package dev.tilewright.core.grid;
