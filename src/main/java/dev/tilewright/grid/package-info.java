/**
 * The collision grid feature: computes grids through {@code core.grid}, keeps them (memory and PostgreSQL,
 * brought forward by the ops since), and serves grids, overrides and motion. Depends on {@code map}, {@code
 * tileset}, {@code core}.
 */
package dev.tilewright.grid;
