/**
 * Tiled's files: TMX/TSX/TX (hardened XML) and TMJ/TSJ/TJ (JSON) readers and writers, bytes to {@code core}
 * values and back, with read limits. Depends on {@code core} and Jackson; never on Spring, JPA or features
 * (ArchUnit).
 */
package dev.tilewright.format;
