/**
 * A map's history for people and CI: its log read as changes (runs of versions by one author, counted per layer),
 * any past version viewed, and a restore to one (one new op through the edit path). Issue #24.
 */
package dev.tilewright.history;
