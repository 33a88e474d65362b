/**
 * Map checks, CI for levels: reachability, line of sight, empty cells, objects' properties, objects inside the map;
 * kept with the map, run after edits, results per version (docs/review.md).
 */
package dev.tilewright.checks;
