/**
 * A map's history read for people: what a run of ops did, counted per layer ({@code ChangeSummary}), and the op
 * that takes a map back to an earlier version ({@code Restore}). Pure Java: depends on {@code core.edit},
 * {@code core.model} and {@code core.geom} only.
 */
package dev.tilewright.core.history;
