package dev.tilewright.config;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * How map content is kept.
 *
 * @param chunkCompressionLevel zstd level for layer chunks; 1 is zstd's fastest and already shrinks a typical
 *                              chunk of 16 KiB to a few hundred bytes
 * @param mapCacheBytes         bytes of decoded maps kept in memory per instance (as each map's heapBytes counts them:
 *                              painted chunks, objects and their indexes); least recently used go first, and one map
 *                              larger than this is kept alone while it is in use; -1: 25% of the heap
 * @param writeBehindOps        live ops may run this many versions ahead of a map's stored rows (the log holds them;
 *                              loading replays them); REST changes are written back at once
 * @param writeBehindMs         ... and at most this long: then the rows are written back
 * @param lockWaitMs            how long a request waits for a map's lock (held by an edit, or by one whose database
 *                              is slow or away) before it is answered 503 with Retry-After
 * @param retryAfterSeconds     the Retry-After of a 503 because the database is unreachable or a map is busy
 * @param checkpointEvery       a past version is replayed from the nearest checkpoint; one is kept once a map is this
 *                              many versions past its last (in the background, at most a twentieth of a core), and by
 *                              a replay that passes a multiple of it (0: none, replays start at genesis)
 * @param longStatementSeconds  how long one statement of known-long work (writing a big map back, a checkpoint, a
 *                              migration) may wait for the server; a request's statements wait the driver's
 *                              {@code socketTimeout} (4 s) instead, so a frozen server is a prompt 503
 * @param healthTimeoutMs       how long {@code /actuator/health} waits for the database before it reports it DOWN
 * @param plainChunksPerLayer   chunks of a cached layer held as plain ints (16 KiB each) after an edit: the ones
 *                              written last, where a stroke goes on; the others are held packed (a few bits a cell)
 */
@ConfigurationProperties("tilewright.storage")
public record StorageProperties(
        @DefaultValue("1") int chunkCompressionLevel,
        @DefaultValue("-1") long mapCacheBytes,
        @DefaultValue("5000") int writeBehindOps,
        @DefaultValue("1000") int writeBehindMs,
        @DefaultValue("10000") long lockWaitMs,
        @DefaultValue("5") int retryAfterSeconds,
        @DefaultValue("1000") long checkpointEvery,
        @DefaultValue("300") int longStatementSeconds,
        @DefaultValue("2000") long healthTimeoutMs,
        @DefaultValue("64") int plainChunksPerLayer) {
}
