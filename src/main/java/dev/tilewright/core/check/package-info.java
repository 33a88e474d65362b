/**
 * Map checks (docs/review.md): what each kind needs, the rules that need only the map, and a run of a map's checks
 * over {@link dev.tilewright.core.check.Searches} of its collision grid, one code for the service (after edits) and
 * the command line ({@code tilewright check}). Pure Java: depends on {@code core.model}, {@code core.geom},
 * {@code core.grid}, {@code core.query}, {@code core.refusal}.
 */
package dev.tilewright.core.check;
