/**
 * The view-window renderer (as Tiled draws orthogonal maps), thumbnails, tours, and fast PNG and GIF
 * writers. Depends on {@code core} and {@code java.awt}/{@code javax.imageio} only; never on Spring (ArchUnit).
 */
package dev.tilewright.render;
