package dev.tilewright.autotile;

import dev.tilewright.access.Caller;
import dev.tilewright.access.Requires;
import dev.tilewright.access.Roles.Action;
import dev.tilewright.config.AutotileProperties;
import dev.tilewright.core.autotile.AutoLayers;
import dev.tilewright.core.edit.MapOp;
import dev.tilewright.core.edit.Scattered;
import dev.tilewright.core.model.Layer;
import dev.tilewright.core.model.MapTileset;
import dev.tilewright.core.model.TileLayer;
import dev.tilewright.core.model.TileMap;
import dev.tilewright.core.model.Tileset;
import dev.tilewright.core.model.WangSet;
import dev.tilewright.core.terrain.TerrainBrush;
import dev.tilewright.core.terrain.TerrainLayout;
import dev.tilewright.core.terrain.WangTiles;
import dev.tilewright.map.Author;
import dev.tilewright.map.MapEdits;
import dev.tilewright.map.MapReads;
import dev.tilewright.tileset.TilesetService;
import dev.tilewright.core.refusal.Refusal;
import dev.tilewright.core.refusal.Refused;
import dev.tilewright.web.Lanes;
import dev.tilewright.web.ETags;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * {@code POST /api/v1/maps/{id}/terrain}: the terrain brush run by the server (for scripts and CI), placing exactly
 * the tiles the editor's brush places for the same stroke on the same map: {@code {"layerId", "tilesetId", "wangSet":
 * name, "color": 1.., "cells": [x, y, ...]}} or a {@code "rect": {x, y, width, height}} painted whole. One edit (none
 * when nothing changes); the answer says how many cells changed and how many no tile of the set could match.
 */
@RestController
class TerrainController {

    private final MapReads reads;
    private final MapEdits edits;
    private final TilesetService tilesets;
    private final AutotileProperties limits;
    private final Lanes lanes;

    TerrainController(MapReads reads, MapEdits edits, TilesetService tilesets, AutotileProperties limits,
                      Lanes lanes) {
        this.lanes = lanes;
        this.reads = reads;
        this.edits = edits;
        this.tilesets = tilesets;
        this.limits = limits;
    }

    /** A stroke or a rectangle of a Wang set's terrain on a tile layer. */
    record TerrainRequest(Integer layerId, Long tilesetId, String wangSet, Integer color, int[] cells, Rect rect) {
    }

    record Rect(int x, int y, int width, int height) {
    }

    private record Painted(MapOp op, TerrainBrush.Result result) {
    }

    @PostMapping("/api/v1/maps/{id}/terrain")
    @Requires(value = Action.EDIT, on = Requires.On.MAP)
    ResponseEntity<Map<String, Object>> paint(@PathVariable long id, @RequestBody TerrainRequest request, Caller caller) {
        int[] stroke = stroke(request);
        required(request.layerId(), "layerId");
        required(request.tilesetId(), "tilesetId");
        required(request.wangSet(), "wangSet");
        required(request.color(), "color");
        Tileset tileset = tileset(request.tilesetId());
        // on a view of the map, outside its lock: a large stroke takes a while and no edit should wait behind it
        Painted painted = lanes.run(Lanes.Lane.COMPUTE, () -> paint(reads.view(id).map(), request, tileset, stroke));
        long version = painted.op() == null ? reads.version(id)
                : edits.apply(id, v -> { }, null, null, painted.op(), Author.of(caller), "terrain").done().version();
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("version", version);
        body.put("changed", painted.result().cells().size());
        body.put("unmatched", painted.result().unmatched());
        body.put("cut", painted.result().cut());
        return ResponseEntity.ok().eTag(ETags.of(version)).body(body);
    }

    /** The stroke on a view of the map: the op it makes (null when nothing changes) and the brush's answer. */
    private Painted paint(TileMap map, TerrainRequest request, Tileset tileset, int[] stroke) {
        Layer layer = map.layer(request.layerId()).orElseThrow(() -> Refused.invalidField("layerId",
                "The map has no layer " + request.layerId() + "."));
        if (!(layer instanceof TileLayer tiles) || tiles.isIntGrid()
                || AutoLayers.of(map).stream().anyMatch(a -> a.output() == layer.id())) {
            throw Refused.invalidField("layerId", "Layer " + layer.id() + " is not a tile layer one paints "
                    + "(IntGrids hold values, auto-layers are the server's).");
        }
        MapTileset used = map.tilesets().stream().filter(t -> t.tilesetId() == request.tilesetId()).findFirst()
                .orElseThrow(() -> Refused.invalidField("tilesetId", "The map does not use tileset "
                        + request.tilesetId() + "."));
        WangSet set = tileset.settings().wangSets().stream().filter(w -> w.name().equals(request.wangSet()))
                .findFirst().orElseThrow(() -> Refused.invalidField("wangSet", "Tileset " + request.tilesetId()
                        + " has no Wang set named '" + request.wangSet() + "'."));
        if (request.color() < 1 || request.color() > set.colors().size()) {
            throw Refused.invalidField("color", "The set's terrains are 1.." + set.colors().size() + ".");
        }
        TerrainLayout layout;
        try {
            layout = TerrainLayout.of(map.projection(), set.type());
        } catch (IllegalArgumentException e) {
            throw Refused.invalidField("wangSet", e.getMessage());
        }
        WangTiles wang = WangTiles.of(set, used.firstGid(), local -> {
            Double p = tileset.tile(local).probability();
            return p == null ? 1 : p;
        }, tileset.settings().transformations(), layout);
        TerrainBrush.Result result = TerrainBrush.paint(wang, new TerrainBrush.Cells() {
            @Override
            public int width() {
                return tiles.width();
            }

            @Override
            public int height() {
                return tiles.height();
            }

            @Override
            public int gid(int x, int y) {
                return tiles.get(x, y);
            }
        }, stroke, request.color(), TerrainBrush.seedOf(map.properties()), 4 * limits.maxTerrainCells());
        return new Painted(Scattered.op(layer.id(), TerrainBrush.cells(result)), result);
    }

    /**
     * The painted cells as x, y pairs, counted against the limit before anything is read (the neighbours they fix may
     * reach four times as many cells before the change stops spreading).
     */
    private int[] stroke(TerrainRequest request) {
        if ((request.cells() == null) == (request.rect() == null)) {
            throw Refused.invalidField("cells", "Send the painted cells as \"cells\": [x, y, ...] or a \"rect\": "
                    + "{x, y, width, height}, one of them.");
        }
        long count = request.cells() != null ? request.cells().length / 2
                : (long) Math.max(0, request.rect().width()) * Math.max(0, request.rect().height());
        if (count > limits.maxTerrainCells()) {
            throw Refused.overLimit(Refusal.Kind.TOO_LARGE, "tilewright.autotile.max-terrain-cells",
                    limits.maxTerrainCells(), "A terrain stroke of " + count + " cells; paint it in parts.");
        }
        if (request.cells() != null) {
            if (request.cells().length % 2 != 0) {
                throw Refused.invalidField("cells", "cells are x, y pairs: an even count of numbers.");
            }
            return request.cells();
        }
        Rect r = request.rect();
        if (r.width() < 1 || r.height() < 1) {
            throw Refused.invalidField("rect", "A rect is at least 1x1.");
        }
        int[] cells = new int[(int) count * 2];
        int i = 0;
        for (int y = r.y(); y < r.y() + r.height(); y++) {
            for (int x = r.x(); x < r.x() + r.width(); x++) {
                cells[i++] = x;
                cells[i++] = y;
            }
        }
        return cells;
    }

    private static void required(Object value, String field) {
        if (value == null) {
            throw Refused.invalidField(field, "Send {\"layerId\", \"tilesetId\", \"wangSet\": its name, \"color\": 1.., "
                    + "\"cells\": [x, y, ...]} (or \"rect\" instead of cells); " + field + " is missing.");
        }
    }

    private Tileset tileset(long tilesetId) {
        try {
            return tilesets.get(tilesetId).tileset();
        } catch (Refused missing) {
            throw Refused.invalidField("tilesetId", "The map does not use tileset " + tilesetId + ".");
        }
    }
}
