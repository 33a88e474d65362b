/**
 * Review threads pinned to maps: a point or rectangle in map pixels (a layer, an object), comments with mentions,
 * resolved and reopened, told live to every editor and preview of the map (docs/review.md).
 */
package dev.tilewright.review;
