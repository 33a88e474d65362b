/**
 * The sealed {@code MapOp} family: every change to a map is one. Applying an op validates it against the map,
 * changes the map and returns the op as applied with its inverse (what undo sends). Pure Java: depends on
 * {@code core.model} and {@code core.geom} only.
 */
package dev.tilewright.core.edit;
