/**
 * Type-safe geometry values: world positions and differences in pixels, tile coordinates, tile rectangles.
 * Pure Java, depends on nothing.
 */
package dev.tilewright.core.geom;
