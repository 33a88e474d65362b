/**
 * The terrain brush: painting a terrain (a colour of a Wang set) and fixing the neighbours so every shared corner and
 * edge matches, with intermediate terrains where no direct transition exists. Pure Java, deterministic: the same
 * stroke on the same cells with the same seed places the same tiles, here and in {@code frontend/model/terrain.js}
 * (both held to {@code src/test/resources/fixtures/terrain/}).
 */
package dev.tilewright.core.terrain;
