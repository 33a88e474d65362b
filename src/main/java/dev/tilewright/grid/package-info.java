/**
 * The collision grid feature: computes grids through {@code core.grid}, keeps them (memory and PostgreSQL, brought
 * forward by the ops since), and serves grids, overrides, motion and reachability ({@code Reachability}: top-down
 * paths and platformer jumps). Depends on {@code map}, {@code tileset}, {@code core}, {@code web}.
 */
package dev.tilewright.grid;
