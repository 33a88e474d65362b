package dev.tilewright.config;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Spatial queries.
 *
 * @param marginTiles how far outside the map (in tiles, on every side) query coordinates may lie
 * @param maxTiles    tiles one query may visit (a ray's steps, a rectangle's or circle's tiles): its work cap
 * @param maxBatch    queries in one batch
 * @param maxBatchTiles tiles all queries of one batch may visit together (their answers hold them all), checked
 *                    before each query's work starts
 */
@ConfigurationProperties("tilewright.query")
public record QueryProperties(
        @DefaultValue("1024") int marginTiles,
        @DefaultValue("1000000") long maxTiles,
        @DefaultValue("10000") int maxBatch,
        @DefaultValue("2000000") long maxBatchTiles) {
}
