/**
 * Collision grids (a byte of solid sides per element), their computation from tiles or pixels, the grid
 * motion filter, top-down paths and platformer reachability. Pure Java: depends on {@code core.model}, {@code
 * core.geom}.
 */
package dev.tilewright.core.grid;
