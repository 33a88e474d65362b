/**
 * Exact spatial queries: the seed's ray walk and a supercover in integer arithmetic, rectangle and circle tile
 * spans, and the objects-in-tiles index. Pure Java: depends on {@code core.model}, {@code core.geom}.
 */
package dev.tilewright.core.query;
