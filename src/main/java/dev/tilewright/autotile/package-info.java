/**
 * Autotiling as a feature: a project's IntGrid values and rule sets ({@code /api/v1/projects/{id}/rules}), and rules
 * applied to a posted IntGrid without storing anything ({@code /api/v1/rules/preview}). The evaluation itself is
 * {@code core.autotile}'s.
 */
package dev.tilewright.autotile;
