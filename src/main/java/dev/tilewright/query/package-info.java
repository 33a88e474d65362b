/**
 * The spatial query feature: rays, rectangles, circles and batches over a map's current version through {@code
 * core.query}, and path queries through {@code grid}. Depends on {@code map}, {@code grid}, {@code core}, {@code web}.
 */
package dev.tilewright.query;
