/**
 * Autotiling: rule sets in LDtk's model ({@code RuleSet}: N x N patterns over an IntGrid, tiles or stamps placed per
 * cell, chance, mirror symmetry, modulo) evaluated deterministically ({@code Autotiler}: per-cell seeds, so cells an
 * edit did not reach never change, and the radius an edit can reach). Pure Java: depends on {@code core.geom} and
 * {@code core.model} only.
 */
package dev.tilewright.core.autotile;
