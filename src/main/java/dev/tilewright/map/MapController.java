package dev.tilewright.map;

import dev.tilewright.access.Access;
import dev.tilewright.access.Caller;
import dev.tilewright.access.ClientIds;
import dev.tilewright.access.Requires;
import dev.tilewright.access.Roles.Action;

import com.fasterxml.jackson.annotation.JsonRawValue;
import dev.tilewright.core.edit.Batch;
import dev.tilewright.core.edit.MapOp;
import dev.tilewright.core.geom.Position;
import dev.tilewright.core.geom.TileRect;
import dev.tilewright.core.model.LayerKind;
import dev.tilewright.core.model.Properties;
import dev.tilewright.core.refusal.Refused;
import dev.tilewright.web.ETags;
import dev.tilewright.web.Lanes;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.time.Instant;
import java.util.List;
import java.util.Objects;

@RestController
@RequestMapping("/api/v1/maps")
class MapController {

    private final MapCatalogue catalogue;
    private final MapReads reads;
    private final MapEdits edits;
    private final MapHistory history;
    private final Access access;
    private final ClientIds clientIds;
    private final Lanes lanes;

    MapController(MapCatalogue catalogue, MapReads reads, MapEdits edits, MapHistory history, Access access,
                  ClientIds clientIds, Lanes lanes) {
        this.clientIds = clientIds;
        this.lanes = lanes;
        this.catalogue = catalogue;
        this.reads = reads;
        this.edits = edits;
        this.history = history;
        this.access = access;
    }

    record TilesetRef(Long tilesetId) {
    }

    record LayerSpec(String name, LayerKind type) {
    }

    record CreateMap(String name, Integer width, Integer height, Integer tileWidth, Integer tileHeight, Position offset,
                     String backgroundColor, List<TilesetRef> tilesets, List<LayerSpec> layers, Properties properties,
                     Long projectId, String orientation, String staggerAxis, String staggerIndex,
                     Integer hexSideLength, Integer skewX, Integer skewY) {
    }

    @PostMapping
    @Requires(value = Action.EDIT, on = Requires.On.CALLER)
    ResponseEntity<MapJson> create(@RequestBody CreateMap body, Caller caller) {
        long project = access.projectToWrite(caller, body.projectId());
        List<Long> tilesetIds = Objects.requireNonNullElse(body.tilesets(), List.<TilesetRef>of()).stream()
                .map(t -> t == null ? null : t.tilesetId()).toList();
        List<MapCatalogue.NewLayer> layers = Objects.requireNonNullElse(body.layers(), List.<LayerSpec>of()).stream()
                .map(l -> l == null ? null : new MapCatalogue.NewLayer(l.name(), l.type())).toList();
        long id = catalogue.create(new MapCatalogue.NewMap(body.name(), body.width(), body.height(), body.tileWidth(),
                body.tileHeight(), body.offset(), body.backgroundColor(), tilesetIds, layers, body.properties(),
                project, body.orientation(), body.staggerAxis(), body.staggerIndex(), body.hexSideLength(),
                body.skewX(), body.skewY()),
                Author.of(caller));
        MapJson map = reads.json(id);
        return ResponseEntity.created(URI.create("/api/v1/maps/" + id)).eTag(ETags.of(map.version())).body(map);
    }

    @GetMapping
    @Requires(on = Requires.On.CALLER)
    List<MapCatalogue.MapEntitySummary> list(@RequestParam(required = false) String name,
                                             @RequestParam(required = false) Long projectId, Caller caller) {
        return catalogue.list(access.visibleProjects(caller, projectId), name);
    }

    @GetMapping("/{id}")
    @Requires(on = Requires.On.MAP)
    ResponseEntity<MapJson> get(@PathVariable long id, @RequestParam(required = false) Long version,
                                @RequestHeader(value = HttpHeaders.IF_NONE_MATCH, required = false) String ifNoneMatch) {
        if (version != null) {
            // a past version never changes: rebuilt from the nearest checkpoint, in the history lane
            MapJson past = lanes.run(Lanes.Lane.HISTORY, () -> MapJson.past(id, reads.project(id), version,
                    history.snapshot(id, version).map()));
            return ResponseEntity.ok().eTag(ETags.of(version)).body(past);
        }
        long current = reads.version(id);
        if (ETags.noneMatchHits(ifNoneMatch, current)) {
            return ResponseEntity.status(HttpStatus.NOT_MODIFIED).eTag(ETags.of(current)).build();
        }
        MapJson map = reads.json(id);
        return ResponseEntity.ok().eTag(ETags.of(map.version())).body(map);
    }

    @DeleteMapping("/{id}")
    @Requires(value = Action.MAINTAIN, on = Requires.On.MAP)
    ResponseEntity<Void> delete(@PathVariable long id) {
        catalogue.delete(id);
        return ResponseEntity.noContent().build();
    }

    record OpsRequest(String clientId, Long clientSeq, List<MapOp> ops) {
    }

    record OpsResponse(long version, boolean repeated, @JsonRawValue String applied) {
    }

    /** Applies a batch of ops, all or nothing, against the version named by If-Match. */
    @PostMapping("/{id}/ops")
    @Requires(value = Action.EDIT, on = Requires.On.MAP)
    ResponseEntity<OpsResponse> apply(@PathVariable long id, @RequestBody OpsRequest body,
                                      @RequestHeader(value = HttpHeaders.IF_MATCH, required = false) String ifMatch,
                                      Caller caller) {
        if (body.ops() == null || body.ops().isEmpty()) {
            throw Refused.invalidField("ops", "Send at least one op, e.g. {\"type\":\"paint\",\"layerId\":1,"
                    + "\"cells\":[{\"x\":0,\"y\":0,\"gid\":1}]}.");
        }
        if (body.ops().contains(null)) {
            throw Refused.invalidField("ops", "An op must not be null.");
        }
        clientIds.claim(caller, id, body.clientId());
        MapOp op = new Batch(body.ops());
        MapEdits.Done result = edits.apply(id, version -> ETags.requireMatch(ifMatch, version),
                body.clientId(), body.clientSeq(), op, Author.of(caller)).done();
        return ResponseEntity.ok().eTag(ETags.of(result.version()))
                .body(new OpsResponse(result.version(), result.repeated(), result.op()));
    }

    record Cells(int x, int y, int width, int height, long[] gids) {
    }

    /** The same region as little-endian uint32 gids, row by row (a quarter of the JSON's size, no parsing). */
    @GetMapping(value = "/{id}/layers/{layerId}/cells", produces = MediaType.APPLICATION_OCTET_STREAM_VALUE)
    @Requires(on = Requires.On.MAP)
    ResponseEntity<byte[]> cellBytes(@PathVariable long id, @PathVariable int layerId,
                                     @RequestParam(required = false) Integer x, @RequestParam(required = false) Integer y,
                                     @RequestParam(required = false) Integer width,
                                     @RequestParam(required = false) Integer height,
                                     @RequestParam(required = false) Long version) {
        MapReads.Region region = region(id, layerId, x, y, width, height, version);
        ByteBuffer bytes = ByteBuffer.allocate(region.gids().length * Integer.BYTES).order(ByteOrder.LITTLE_ENDIAN);
        bytes.asIntBuffer().put(region.gids());
        TileRect rect = region.rect();
        return ResponseEntity.ok().eTag(ETags.of(region.version()))
                .header("X-Region", rect.x() + "," + rect.y() + "," + rect.width() + "," + rect.height())
                .body(bytes.array());
    }

    @GetMapping(value = "/{id}/layers/{layerId}/cells", produces = MediaType.APPLICATION_JSON_VALUE)
    @Requires(on = Requires.On.MAP)
    ResponseEntity<Cells> cells(@PathVariable long id, @PathVariable int layerId,
                                @RequestParam(required = false) Integer x, @RequestParam(required = false) Integer y,
                                @RequestParam(required = false) Integer width,
                                @RequestParam(required = false) Integer height,
                                @RequestParam(required = false) Long version) {
        MapReads.Region region = region(id, layerId, x, y, width, height, version);
        int[] gids = region.gids();
        long[] unsigned = new long[gids.length];
        for (int i = 0; i < gids.length; i++) {
            unsigned[i] = Integer.toUnsignedLong(gids[i]);
        }
        TileRect rect = region.rect();
        return ResponseEntity.ok().eTag(ETags.of(region.version()))
                .body(new Cells(rect.x(), rect.y(), rect.width(), rect.height(), unsigned));
    }

    /** A rectangle of a layer's cells now, or at a past version (rebuilt in the history lane). */
    private MapReads.Region region(long id, int layerId, Integer x, Integer y, Integer width, Integer height,
                                   Long version) {
        if (version == null) {
            // in the read lane (up to max-cells-per-read cells, held as ints and then as bytes: the lane's small work)
            return lanes.run(Lanes.Lane.READ, 0, () -> reads.cells(id, layerId, x, y, width, height));
        }
        return lanes.run(Lanes.Lane.HISTORY, () -> reads.region(version, history.snapshot(id, version).map(), layerId,
                x, y, width, height));
    }

    record OpEntry(long version, String clientId, Long clientSeq, @JsonRawValue String op, Instant createdAt,
                   Author author) {
    }

    record History(long mapId, long since, List<OpEntry> ops) {
    }

    @GetMapping("/{id}/ops")
    @Requires(on = Requires.On.MAP)
    History history(@PathVariable long id, @RequestParam(defaultValue = "0") long since,
                    @RequestParam(required = false) Integer limit) {
        List<OpEntry> ops = history.entries(id, since, limit).stream()
                .map(e -> new OpEntry(e.version(), e.clientId(), e.clientSeq(), e.op(), e.createdAt(), e.author()))
                .toList();
        return new History(id, since, ops);
    }
}
