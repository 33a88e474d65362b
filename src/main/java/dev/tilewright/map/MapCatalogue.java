package dev.tilewright.map;

import dev.tilewright.config.LimitsProperties;
import dev.tilewright.core.edit.AddLayer;
import dev.tilewright.core.edit.Batch;
import dev.tilewright.core.edit.MapOp;
import dev.tilewright.core.geom.Position;
import dev.tilewright.core.model.LayerAttributes;
import dev.tilewright.core.model.LayerKind;
import dev.tilewright.core.model.MapSettings;
import dev.tilewright.core.model.Orientation;
import dev.tilewright.core.model.MapTileset;
import dev.tilewright.core.model.Properties;
import dev.tilewright.core.model.TileMap;
import dev.tilewright.tileset.StoredTileset;
import dev.tilewright.tileset.TilesetService;
import dev.tilewright.access.Projects;
import dev.tilewright.core.refusal.Refusal;
import dev.tilewright.core.refusal.Refused;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.stereotype.Service;
import org.springframework.transaction.support.TransactionTemplate;
import tools.jackson.databind.json.JsonMapper;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.locks.ReentrantLock;

/** Which maps there are: creating one (its genesis and first op), listing them, deleting one. */
@Service
public class MapCatalogue {

    /** What a new map starts as. */
    /**
     * @param orientation how the cells lie, as Tiled names it (null: orthogonal), with its stagger axis and index
     *                    (staggered and hexagonal maps; nulls: y and odd, Tiled's) and side length (hexagonal maps)
     */
    public record NewMap(String name, Integer width, Integer height, Integer tileWidth, Integer tileHeight,
                         Position offset, String backgroundColor, List<Long> tilesetIds, List<NewLayer> layers,
                         Properties properties, Long projectId, String orientation, String staggerAxis,
                         String staggerIndex, Integer hexSideLength, Integer skewX, Integer skewY) {

        public NewMap(String name, Integer width, Integer height, Integer tileWidth, Integer tileHeight,
                      Position offset, String backgroundColor, List<Long> tilesetIds, List<NewLayer> layers,
                      Properties properties, Long projectId) {
            this(name, width, height, tileWidth, tileHeight, offset, backgroundColor, tilesetIds, layers, properties,
                    projectId, null, null, null, null, null, null);
        }

        public NewMap(String name, Integer width, Integer height, Integer tileWidth, Integer tileHeight,
                      Position offset, String backgroundColor, List<Long> tilesetIds, List<NewLayer> layers,
                      Properties properties) {
            this(name, width, height, tileWidth, tileHeight, offset, backgroundColor, tilesetIds, layers, properties,
                    null);
        }
    }

    public record NewLayer(String name, LayerKind type) {
    }

    /**
     * The map as created, before its first op; replaying the log on it rebuilds any version.
     *
     * @param tilesets  the tilesets with their first gids (assigned in order for a new map, as written for an import)
     * @param layerData how an imported map's tile layer data was written ({@code csv}, {@code base64},
     *                  {@code base64-zlib}, ..., with the compression level its file stated after an {@code @}:
     *                  {@code base64-zlib@9}): its exports write it so unless asked otherwise; null: csv
     */
    public record Genesis(String name, int width, int height, int tileWidth, int tileHeight, Position offset,
                          String backgroundColor, List<MapTileset> tilesets, Properties properties, int nextLayerId,
                          int nextObjectId, String layerData, MapSettings settings, Files files) {

        public Genesis {
            settings = Objects.requireNonNullElse(settings, MapSettings.DEFAULT);
        }

        /** A new map's: ids from 1, layer data exported as CSV unless asked, Tiled's default settings. */
        public Genesis(String name, int width, int height, int tileWidth, int tileHeight, Position offset,
                       String backgroundColor, List<MapTileset> tilesets, Properties properties) {
            this(name, width, height, tileWidth, tileHeight, offset, backgroundColor, tilesets, properties, 1, 1,
                    null, null, null);
        }

        /** An empty map with this header, giving out ids from where the genesis says (1 for maps made before). */
        TileMap blank() {
            return blank(nextLayerId, nextObjectId);
        }

        /** A map with this header and no content yet, giving out ids from the ones named. */
        TileMap blank(int nextLayerId, int nextObjectId) {
            TileMap map = new TileMap(name, width, height, tileWidth, tileHeight, offset, backgroundColor, tilesets,
                    properties, nextLayerId, nextObjectId);
            map.setSettings(settings);
            return map;
        }
    }

    /**
     * Where an imported map's files were, so an export writes them back there: the map's path in the upload, and
     * each tileset's (null: it was embedded in the map).
     */
    public record Files(String map, List<TilesetFile> tilesets) {

        public Files {
            tilesets = List.copyOf(tilesets);
        }

        /** The tileset's file as the import had it: empty when the map did not come with it. */
        public java.util.Optional<TilesetFile> tileset(long tilesetId) {
            return tilesets.stream().filter(t -> t.tilesetId() == tilesetId).findFirst();
        }
    }

    /** @param path the tileset's .tsx/.tsj path in the upload, or null when the map embedded it */
    public record TilesetFile(long tilesetId, String path) {
    }

    /** A map summary for lists: no content is loaded. */
    public record MapEntitySummary(long id, long projectId, String name, long version, int width, int height,
                                   int tileWidth, int tileHeight, Instant updatedAt) {
        static MapEntitySummary of(MapEntity e) {
            return new MapEntitySummary(e.getId(), e.getProjectId(), e.getName(), e.getVersion(), e.getWidth(), e.getHeight(),
                    e.getTileWidth(), e.getTileHeight(), e.getUpdatedAt());
        }
    }

    private final MapRepository maps;
    private final MapRows rows;
    private final MapCache cache;
    private final MapEdits edits;
    private final TilesetService tilesets;
    private final LimitsProperties limits;
    private final TransactionTemplate tx;
    private final JsonMapper json;
    private final ApplicationEventPublisher events;
    private final Projects projects;
    private final MapFeed feed;

    MapCatalogue(MapRepository maps, MapRows rows, MapCache cache, MapEdits edits, TilesetService tilesets,
                 LimitsProperties limits, TransactionTemplate tx, JsonMapper json, ApplicationEventPublisher events,
                 Projects projects, MapFeed feed) {
        this.projects = projects;
        this.feed = feed;
        this.events = events;
        this.maps = maps;
        this.rows = rows;
        this.cache = cache;
        this.edits = edits;
        this.tilesets = tilesets;
        this.limits = limits;
        this.tx = tx;
        this.json = json;
    }

    /**
     * Names more than one map of the project has, whatever their case (made before names were unique in a project):
     * the name in lower case with the maps' ids. Empty for a project whose names are all its own.
     */
    public Map<String, List<Long>> duplicateNames(long projectId) {
        return rows.duplicateNames(projectId);
    }

    /** Creates a map; its layers arrive as the map's first op (version 1). Returns the new map's id. */
    public long create(NewMap request, Author author) {
        long project = projects.resolve(request.projectId());
        Genesis genesis = validate(request, project);
        List<MapOp> layerOps = new ArrayList<>();
        for (int i = 0; i < request.layers().size(); i++) {
            NewLayer layer = request.layers().get(i);
            if (layer == null || layer.type() == null) {
                throw Refused.invalidField("layers[" + i + "].type", "Give each layer a type: tile or object.");
            }
            try {
                layerOps.add(new AddLayer(0, layer.type(), LayerAttributes.named(layer.name()), null));
            } catch (IllegalArgumentException e) {
                throw Refused.invalidField("layers[" + i + "].name", e.getMessage());
            }
        }
        return create(project, genesis, layerOps.isEmpty() ? null : new Batch(layerOps), author);
    }

    /**
     * Creates a map from its genesis and applies its first op (version 1) through the edit path, in one
     * transaction (joining the caller's, so an import stores all or nothing). Returns the new map's id.
     */
    public long create(long projectId, Genesis genesis, MapOp first, Author author) {
        Long created = tx.execute(status -> {
            rows.claimName(projectId, genesis.name(), null);
            MapEntity row = maps.saveAndFlush(new MapEntity(projectId, genesis.name(), genesis.width(), genesis.height(),
                    genesis.tileWidth(), genesis.tileHeight(), genesis.offset().x(), genesis.offset().y(),
                    genesis.backgroundColor(), json.writeValueAsString(genesis.properties()), json.writeValueAsString(genesis),
                    genesis.tilesets().stream().map(t -> new MapEntity.TilesetUse(t.tilesetId(), t.firstGid(),
                            t.tileCount())).toList(), genesis.nextLayerId(), genesis.nextObjectId(),
                    MapStore.settingsJson(json, genesis.settings())));
            long mapId = row.getId();
            MapCache.Cached cached = cache.created(row);
            try {
                if (first != null) {
                    edits.applyFirst(mapId, cached, first, author);
                }
            } catch (RuntimeException e) {
                cache.evict(mapId);
                throw e;
            }
            return mapId;
        });
        return Objects.requireNonNull(created);
    }

    private Genesis validate(NewMap r, long project) {
        if (r.name() == null || r.name().isBlank()) {
            throw Refused.invalidField("name", "Give the map a name.");
        }
        int width = require("width", r.width(), limits.maxMapWidth(), "tilewright.limits.max-map-width");
        int height = require("height", r.height(), limits.maxMapHeight(), "tilewright.limits.max-map-height");
        int tileWidth = require("tileWidth", r.tileWidth(), 4096, null);
        int tileHeight = require("tileHeight", r.tileHeight(), 4096, null);
        List<Long> ids = Objects.requireNonNullElse(r.tilesetIds(), List.of());
        if (ids.stream().distinct().count() != ids.size()) {
            throw Refused.invalidField("tilesets", "Each tileset may be listed once.");
        }
        List<Integer> counts = new ArrayList<>();
        for (int i = 0; i < ids.size(); i++) {
            Long id = ids.get(i);
            if (id == null) {
                throw Refused.invalidField("tilesets[" + i + "].tilesetId", "Name the tileset by its id.");
            }
            try {
                StoredTileset tileset = tilesets.get(id);
                tilesets.checkSameProject(tileset, project, "tilesets[" + i + "].tilesetId");
                counts.add(tileset.tileset().tileCount());
            } catch (Refused notFound) {
                if (notFound.kind() != Refusal.Kind.NOT_FOUND) {
                    throw notFound;
                }
                throw Refused.invalidField("tilesets[" + i + "].tilesetId", "There is no tileset " + id
                        + "; upload it first (POST /api/v1/tilesets).");
            }
        }
        List<NewLayer> layers = Objects.requireNonNullElse(r.layers(), List.of());
        if (layers.size() > limits.maxLayersPerMap()) {
            throw Refused.overLimit(Refusal.Kind.INVALID, "tilewright.limits.max-layers-per-map",
                    limits.maxLayersPerMap(), "The map would have " + layers.size() + " layers").with("field", "layers");
        }
        if (r.backgroundColor() != null && !r.backgroundColor().matches("#([0-9a-fA-F]{6}|[0-9a-fA-F]{8})")) {
            throw Refused.invalidField("backgroundColor", "The background colour is #rrggbb or #aarrggbb, was '"
                    + r.backgroundColor() + "'.");
        }
        Orientation orientation = orientation(r, tileWidth, tileHeight);
        return new Genesis(r.name().trim(), width, height, tileWidth, tileHeight,
                Objects.requireNonNullElse(r.offset(), Position.ORIGIN), r.backgroundColor(),
                TileMap.assignFirstGids(ids, counts),
                Objects.requireNonNullElse(r.properties(), Properties.EMPTY), 1, 1, null,
                MapSettings.DEFAULT.withOrientation(orientation), null);
    }

    /** A new map's orientation, each field refused by name (a side length fits its tile along the stagger axis). */
    private static Orientation orientation(NewMap r, int tileWidth, int tileHeight) {
        String kind = Objects.requireNonNullElse(r.orientation(), "orthogonal");
        if (Orientation.Kind.named(kind) == null) {
            throw Refused.invalidField("orientation", "The orientation is orthogonal, isometric, staggered, hexagonal"
                    + " or oblique, was '" + kind + "'.");
        }
        if (r.staggerAxis() != null && !r.staggerAxis().equals("x") && !r.staggerAxis().equals("y")) {
            throw Refused.invalidField("staggerAxis", "The stagger axis is x or y, was '" + r.staggerAxis() + "'.");
        }
        if (r.staggerIndex() != null && !r.staggerIndex().equals("odd") && !r.staggerIndex().equals("even")) {
            throw Refused.invalidField("staggerIndex", "The stagger index is odd or even, was '" + r.staggerIndex()
                    + "'.");
        }
        if ((kind.equals("staggered") || kind.equals("hexagonal")) && (tileWidth < 2 || tileHeight < 2)) {
            throw Refused.invalidField(tileWidth < 2 ? "tileWidth" : "tileHeight", "A staggered or hexagonal map's"
                    + " tiles are 2x2 px at least (half a tile of 1 px is none), was " + tileWidth + "x" + tileHeight + ".");
        }
        int side = Objects.requireNonNullElse(r.hexSideLength(), 0);
        int across = "x".equals(r.staggerAxis()) ? tileWidth : tileHeight;
        if (kind.equals("hexagonal") && (side < 0 || side > across)) {
            throw Refused.invalidField("hexSideLength", "A hexagon's side length is 0 to its tile's "
                    + ("x".equals(r.staggerAxis()) ? "width" : "height") + " (" + across + " px), was " + side + ".");
        }
        int skewX = Objects.requireNonNullElse(r.skewX(), 0);
        int skewY = Objects.requireNonNullElse(r.skewY(), 0);
        for (String field : List.of("skewX", "skewY")) {
            int skew = field.equals("skewX") ? skewX : skewY;
            if (skew < -Orientation.MAX_SKEW || skew > Orientation.MAX_SKEW) {
                throw Refused.invalidField(field, "A skew is -" + Orientation.MAX_SKEW + " to " + Orientation.MAX_SKEW
                        + " px, was " + skew + ".");
            }
        }
        if (kind.equals("oblique") && (long) skewX * skewY >= (long) tileWidth * tileHeight) {
            throw Refused.invalidField("skewY", "Skews of " + skewX + " and " + skewY + " px make " + tileWidth + "x"
                    + tileHeight + " cells flat or turned over: skewX x skewY must stay below tileWidth x tileHeight.");
        }
        return Orientation.of(kind, r.staggerAxis(), r.staggerIndex(), side)
                .withSkew(kind.equals("oblique") ? skewX : 0, kind.equals("oblique") ? skewY : 0);
    }

    private static int require(String field, Integer value, int max, String limitProperty) {
        if (value == null || value < 1) {
            throw Refused.invalidField(field, field + " must be a positive number of " + (field.startsWith("tile")
                    ? "pixels" : "tiles") + ", was " + value + ".");
        }
        if (value > max) {
            throw limitProperty == null
                    ? Refused.invalidField(field, field + " must be at most " + max + ", was " + value + ".")
                    : Refused.overLimit(Refusal.Kind.INVALID, limitProperty, max,
                    field + " " + value + " is over the map size limit").with("field", field);
        }
        return value;
    }

    /** The maps of some projects (those a caller can see), by id. */
    public List<MapEntitySummary> list(java.util.Collection<Long> projectIds) {
        return list(projectIds, null);
    }

    /**
     * The maps of some projects named {@code name} exactly, or, when it ends with {@code *}, whose names begin with
     * what comes before it; null: all of them.
     */
    public List<MapEntitySummary> list(java.util.Collection<Long> projectIds, String name) {
        return tx.execute(status -> (name == null ? maps.findAllByProjectIdInOrderByIdAsc(projectIds)
                : name.endsWith("*")
                ? maps.findAllByProjectIdInAndNameStartingWithOrderByIdAsc(projectIds,
                name.substring(0, name.length() - 1))
                : maps.findAllByProjectIdInAndNameOrderByIdAsc(projectIds, name)).stream()
                .map(MapEntitySummary::of).toList());
    }

    /** Drops the decoded map from memory: the next read or change loads it from the stored rows. */
    public void forget(long mapId) {
        ReentrantLock lock = cache.lock(mapId);
        lock.lock();
        try {
            cache.evict(mapId);
        } finally {
            lock.unlock();
        }
    }

    /** Deletes a map and its log; once committed, {@link MapDeleted} tells whoever holds it (its live room). */
    public void delete(long mapId) {
        ReentrantLock lock = cache.lock(mapId);
        lock.lock();
        try {
            tx.executeWithoutResult(status -> {
                rows.version(mapId);
                maps.deleteById(mapId);
                feed.announceDeleted(mapId);
            });
            cache.evict(mapId);
        } finally {
            lock.unlock();
        }
        events.publishEvent(new MapDeleted(mapId));
    }

    /** A map deleted (here or on another instance): no cached copy of it stays. */
    @org.springframework.context.event.EventListener
    void deleted(MapDeleted event) {
        forget(event.mapId());
    }
}
