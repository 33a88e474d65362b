/**
 * LDtk's project files ({@code .ldtk}, levels in {@code .ldtkl}): reading their definitions and levels into
 * {@code core} values. Depends on {@code core}, {@code format} and Jackson; never on Spring, JPA or features (ArchUnit).
 */
package dev.tilewright.format.ldtk;
