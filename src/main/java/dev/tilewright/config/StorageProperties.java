package dev.tilewright.config;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * How map content is kept.
 *
 * @param chunkCompressionLevel zstd level for layer chunks; 1 is zstd's fastest and already shrinks a typical
 *                              chunk of 16 KiB to a few hundred bytes
 * @param mapCacheSize          maps kept decoded in memory per instance (least recently used go first)
 * @param writeBehindOps        live ops may run this many versions ahead of a map's stored rows (the log holds them;
 *                              loading replays them); REST changes are written back at once
 * @param writeBehindMs         ... and at most this long: then the rows are written back
 */
@ConfigurationProperties("tilewright.storage")
public record StorageProperties(
        @DefaultValue("1") int chunkCompressionLevel,
        @DefaultValue("64") int mapCacheSize,
        @DefaultValue("5000") int writeBehindOps,
        @DefaultValue("1000") int writeBehindMs) {
}
