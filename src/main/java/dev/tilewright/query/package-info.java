/**
 * The spatial query feature: rays, rectangles, circles and batches over a map's current version through {@code
 * core.query} (where a ray enters the tile that stops it is {@code core.query.RayEntry}); the path endpoint answers
 * through {@code grid.Reachability}. Depends on {@code map}, {@code grid}, {@code core}, {@code web}.
 */
package dev.tilewright.query;
