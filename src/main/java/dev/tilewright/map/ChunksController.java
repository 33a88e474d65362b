package dev.tilewright.map;

import dev.tilewright.access.Requires;
import dev.tilewright.config.LimitsProperties;
import dev.tilewright.core.model.Layer;
import dev.tilewright.core.model.TileLayer;
import dev.tilewright.core.model.TileMap;
import dev.tilewright.format.ChunkPack;
import dev.tilewright.core.refusal.Refusal;
import dev.tilewright.core.refusal.Refused;
import dev.tilewright.web.ETags;
import dev.tilewright.web.Lanes;
import org.springframework.http.CacheControl;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.zip.Deflater;
import java.util.zip.GZIPOutputStream;

/**
 * A map's tile layer chunks as an editor streams them: a rectangle of chunks ({@value TileLayer#CHUNK_SIZE} cells a
 * side, in chunk coordinates) of some or all tile layers, as a {@link ChunkPack} (empty chunks a few bytes, chunks of
 * one gid a few more, others their cells), gzip-encoded for a caller that accepts it. The entity tag names the chunks'
 * contents, not the map's version: an editor that asks again for a block whose chunks no edit touched gets 304,
 * whatever else changed; the {@value #VERSION} header (on a 304 too) says at which version they are so.
 */
@RestController
@RequestMapping("/api/v1/maps")
class ChunksController {

    /** The map version the chunks were read at (the pack says it too, but a cached body keeps its first one). */
    static final String VERSION = "Tilewright-Version";
    /** Chunk stamps are this process's; tags from another run of the service must not match. */
    private static final long RUN = ThreadLocalRandom.current().nextLong();

    private final MapReads reads;
    private final LimitsProperties limits;
    private final Lanes lanes;

    ChunksController(MapReads reads, LimitsProperties limits, Lanes lanes) {
        this.reads = reads;
        this.limits = limits;
        this.lanes = lanes;
    }

    @GetMapping(value = "/{id}/chunks", produces = MediaType.APPLICATION_OCTET_STREAM_VALUE)
    @Requires(on = Requires.On.MAP)
    ResponseEntity<byte[]> chunks(@PathVariable long id, @RequestParam int x, @RequestParam int y,
                                  @RequestParam int width, @RequestParam int height,
                                  @RequestParam(required = false) List<Integer> layers,
                                  @RequestHeader(value = HttpHeaders.IF_NONE_MATCH, required = false) String ifNoneMatch,
                                  @RequestHeader(value = HttpHeaders.ACCEPT_ENCODING, required = false) String encodings) {
        Versioned at = reads.view(id);
        TileMap map = at.map();
        List<TileLayer> chosen = new ArrayList<>();
        for (Layer layer : map.layers()) {
            if (layer instanceof TileLayer tiles && (layers == null || layers.contains(layer.id()))) {
                chosen.add(tiles);
            }
        }
        if (layers != null && chosen.size() != layers.size()) {
            throw Refused.invalidField("layers", "Name tile layers of the map: " + map.layers().stream()
                    .filter(l -> l instanceof TileLayer).map(Layer::id).toList() + ".");
        }
        int chunksX = (map.width() + TileLayer.CHUNK_SIZE - 1) / TileLayer.CHUNK_SIZE;
        int chunksY = (map.height() + TileLayer.CHUNK_SIZE - 1) / TileLayer.CHUNK_SIZE;
        if (x < 0 || y < 0 || width < 1 || height < 1 || (long) x + width > chunksX || (long) y + height > chunksY) {
            throw Refused.invalidField("x", "The chunks " + width + "x" + height + " at (" + x + ", " + y + ") must "
                    + "be inside the map's " + chunksX + "x" + chunksY + " chunks of " + TileLayer.CHUNK_SIZE + " cells.");
        }
        long cells = (long) width * height * chosen.size() * TileLayer.CHUNK_CELLS;
        if (cells > limits.maxCellsPerRead()) {
            throw Refused.overLimit(Refusal.Kind.INVALID, "tilewright.limits.max-cells-per-read",
                    limits.maxCellsPerRead(), "The chunks hold " + cells + " cells of " + chosen.size() + " layers; "
                            + "ask for fewer chunks or layers").with("field", "width");
        }
        String tag = tag(chosen, x, y, width, height);
        CacheControl revalidate = CacheControl.noCache().cachePrivate();
        // the version the chunks are read at goes with a 304 too: a cache keeps the body and takes the new headers
        String version = Long.toString(at.version());
        if (ETags.noneMatchHits(ifNoneMatch, tag)) {
            return ResponseEntity.status(HttpStatus.NOT_MODIFIED).eTag(tag).cacheControl(revalidate)
                    .header(VERSION, version).build();
        }
        boolean gzip = encodings != null && encodings.contains("gzip");
        // in the read lane: each pack holds up to max-cells-per-read cells as bytes while it is put together
        byte[] bytes = lanes.run(Lanes.Lane.READ, cells, () -> {
            ChunkPack pack = new ChunkPack(at.version());
            for (TileLayer layer : chosen) {
                for (int cy = y; cy < y + height; cy++) {
                    for (int cx = x; cx < x + width; cx++) {
                        pack.add(layer.id(), layer, cx, cy);
                    }
                }
            }
            return gzip ? gzip(pack.bytes()) : pack.bytes();
        });
        var ok = ResponseEntity.ok().eTag(tag).cacheControl(revalidate).varyBy(HttpHeaders.ACCEPT_ENCODING)
                .header(VERSION, version);
        return gzip ? ok.header(HttpHeaders.CONTENT_ENCODING, "gzip").body(bytes) : ok.body(bytes);
    }

    /** Gzip at the fastest level: tile data is runs and repeats, which it catches; the browser inflates natively. */
    private static byte[] gzip(byte[] bytes) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(bytes.length / 8 + 64);
        try (GZIPOutputStream zip = new GZIPOutputStream(out, 64 * 1024) {
            {
                def.setLevel(Deflater.BEST_SPEED);
            }
        }) {
            zip.write(bytes);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    /** A weak tag over the chunks' content stamps (and which layers and chunks they are). */
    private static String tag(List<TileLayer> layers, int x, int y, int width, int height) {
        long hash = RUN ^ ((long) x << 40 ^ (long) y << 20 ^ width * 31L ^ height);
        for (TileLayer layer : layers) {
            hash = hash * 0x9E3779B97F4A7C15L + layer.id();
            for (int cy = y; cy < y + height; cy++) {
                for (int cx = x; cx < x + width; cx++) {
                    hash = (hash ^ layer.chunkStamp(cx, cy)) * 0xff51afd7ed558ccdL;
                    hash ^= hash >>> 29;
                }
            }
        }
        return "W/\"c" + Long.toUnsignedString(hash, 36) + "\"";
    }
}
