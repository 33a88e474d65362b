package dev.tilewright.review;

/** A review thread of a map changed: every open editor and preview of the map is told ({@code frame}, as JSON). */
public record ThreadChanged(long mapId, Reviews.Frame frame) {
}
