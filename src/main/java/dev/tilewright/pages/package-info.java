/**
 * The server-rendered pages (Thymeleaf): sign-in and first-run setup, the maps list, a map's overview, the
 * reviewer's preview and the editor's shell (the ES modules under /frontend fill it in). Reaches the domain through
 * features' services, never their storage (ArchUnit). Depends on {@code access}, {@code map} and {@code tileset}.
 */
package dev.tilewright.pages;
