/**
 * The application: {@code TilewrightApplication} starts the service. Features live in packages of their own;
 * the pure domain in {@code core}, file formats in {@code format}, the renderer in {@code render}.
 */
package dev.tilewright;
