/**
 * The rendering feature: serves {@code render}'s view windows, split views, thumbnails and tours over HTTP for
 * any map version, with ETags. Depends on {@code render}, {@code map}, {@code tileset}.
 */
package dev.tilewright.rendering;
