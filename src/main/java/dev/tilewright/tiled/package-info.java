/**
 * Tiled import and export: a map and its files in through the edit path (one versioned change), any version
 * out as TMX, TMJ, CSV or a zip. Depends on {@code format}, {@code map}, {@code tileset}.
 */
package dev.tilewright.tiled;
