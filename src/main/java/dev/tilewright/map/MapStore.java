package dev.tilewright.map;

import com.github.luben.zstd.Zstd;
import dev.tilewright.config.StorageProperties;
import dev.tilewright.core.geom.Difference;
import dev.tilewright.core.geom.Position;
import dev.tilewright.core.model.GridOverrides;
import dev.tilewright.core.model.GridSettings;
import dev.tilewright.core.model.GroupLayer;
import dev.tilewright.core.model.ImageLayer;
import dev.tilewright.core.model.Layer;
import dev.tilewright.core.model.LayerAttributes;
import dev.tilewright.core.model.MapSettings;
import dev.tilewright.core.model.Parallax;
import dev.tilewright.core.model.LayerKind;
import dev.tilewright.core.model.MapChanges;
import dev.tilewright.core.model.MapObject;
import dev.tilewright.core.model.MapTileset;
import dev.tilewright.core.model.ObjectLayer;
import dev.tilewright.core.model.Properties;
import dev.tilewright.core.model.TileLayer;
import dev.tilewright.core.model.TileMap;
import jakarta.persistence.EntityManager;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;
import tools.jackson.databind.json.JsonMapper;

import java.time.Instant;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads a whole map into the domain model and writes back exactly what its ops changed: the map row (JPA), the
 * layer rows (JPA) when the stack changed, and only the dirty chunks and objects (batched JDBC). Runs inside the
 * caller's transaction.
 */
@Component
class MapStore {

    private final MapRepository maps;
    private final MapLayerRepository layers;
    private final EntityManager entityManager;
    private final JdbcTemplate jdbc;
    private final JsonMapper json;
    private final StorageProperties storage;

    MapStore(MapRepository maps, MapLayerRepository layers, EntityManager entityManager, JdbcTemplate jdbc,
             JsonMapper json, StorageProperties storage) {
        this.maps = maps;
        this.layers = layers;
        this.entityManager = entityManager;
        this.jdbc = jdbc;
        this.json = json;
        this.storage = storage;
    }

    TileMap load(MapEntity row) {
        long mapId = row.getId();
        List<MapTileset> tilesets = row.getTilesets().stream()
                .map(t -> new MapTileset(t.tilesetId(), t.firstGid(), t.tileCount())).toList();
        TileMap map = new TileMap(row.getName(), row.getWidth(), row.getHeight(), row.getTileWidth(),
                row.getTileHeight(), new Position(row.getOffsetX(), row.getOffsetY()), row.getBackgroundColor(), tilesets,
                json.readValue(row.getProperties(), Properties.class), row.getNextLayerId(), row.getNextObjectId());
        Map<Integer, Layer> byId = new HashMap<>();
        for (MapLayerEntity entity : layers.findByMap(mapId)) {
            LayerAttributes attributes = new LayerAttributes(entity.getName(), entity.isVisible(), entity.isLocked(),
                    entity.getOpacity(), new Difference(entity.getOffsetX(), entity.getOffsetY()), entity.getTint(), entity.getColor(),
                    json.readValue(entity.getProperties(), Properties.class), entity.getClassName(),
                    new Parallax(entity.getParallaxX(), entity.getParallaxY()), entity.getBlendMode(),
                    entity.getDrawOrder());
            Layer layer = switch (LayerKind.fromWireName(entity.getKind())) {
                case TILE -> new TileLayer(entity.layerId(), attributes, map.width(), map.height());
                case OBJECT -> new ObjectLayer(entity.layerId(), attributes);
                case IMAGE -> new ImageLayer(entity.layerId(), attributes,
                        entity.getImage() == null ? null : json.readValue(entity.getImage(), ImageLayer.Image.class));
                case GROUP -> new GroupLayer(entity.layerId(), attributes);
            };
            layer.setParentId(entity.getParentId());
            map.insertLayer(map.layers().size(), layer);
            byId.put(layer.id(), layer);
        }
        jdbc.query("SELECT layer_id, cx, cy, data FROM layer_chunks WHERE map_id = ?", rs -> {
            TileLayer layer = (TileLayer) byId.get(rs.getInt(1));
            layer.loadChunk(rs.getInt(2), rs.getInt(3), ChunkCodec.decode(rs.getBytes(4)));
        }, mapId);
        jdbc.query("SELECT layer_id, body FROM map_objects WHERE map_id = ? ORDER BY draw_order", rs -> {
            ObjectLayer layer = (ObjectLayer) byId.get(rs.getInt(1));
            layer.put(json.readValue(rs.getString(2), MapObject.class));
        }, mapId);
        if (row.getSettings() != null) {
            map.setSettings(json.readValue(row.getSettings(), MapSettings.class));
        }
        if (row.getGridSettings() != null) {
            map.setGridSettings(json.readValue(row.getGridSettings(), GridSettings.class));
        }
        jdbc.query("SELECT cx, cy, data FROM map_grid_overrides WHERE map_id = ?", rs -> {
            map.gridOverrides().loadChunk(rs.getInt(1), rs.getInt(2),
                    Zstd.decompress(rs.getBytes(3), GridOverrides.CHUNK_ELEMENTS));
        }, mapId);
        map.markClean();
        return map;
    }

    /** A map's settings as kept in its row: null for Tiled's defaults. */
    static String settingsJson(JsonMapper json, MapSettings settings) {
        return settings.equals(MapSettings.DEFAULT) ? null : json.writeValueAsString(settings);
    }

    /** Writes the map's pending changes as of {@code version} and marks it clean. */
    void save(long mapId, TileMap map, long version) {
        maps.updateHead(mapId, version, map.name(), json.writeValueAsString(map.properties()), map.nextLayerId(),
                map.nextObjectId(), map.gridSettings().equals(GridSettings.DEFAULT) ? null
                        : json.writeValueAsString(map.gridSettings()), settingsJson(json, map.settings()), Instant.now());
        if (map.tilesetsChanged()) {
            saveTilesets(mapId, map.tilesets());
        }
        MapChanges changes = map.changes();
        for (int removed : changes.removedLayers()) {
            jdbc.update("DELETE FROM layer_chunks WHERE map_id = ? AND layer_id = ?", mapId, removed);
            jdbc.update("DELETE FROM map_objects WHERE map_id = ? AND layer_id = ?", mapId, removed);
        }
        if (changes.layerStack()) {
            saveLayerStack(mapId, changes.layers());
        }
        for (Layer layer : changes.layers()) {
            if (layer instanceof TileLayer tiles) {
                saveChunks(mapId, tiles);
            } else if (layer instanceof ObjectLayer objects) {
                saveObjects(mapId, objects);
            }
        }
        saveOverrides(mapId, map.gridOverrides());
        map.markClean();
    }

    private void saveTilesets(long mapId, List<MapTileset> tilesets) {
        jdbc.update("DELETE FROM map_tilesets WHERE map_id = ?", mapId);
        List<Object[]> rows = new ArrayList<>();
        for (int position = 0; position < tilesets.size(); position++) {
            MapTileset t = tilesets.get(position);
            rows.add(new Object[]{mapId, position, t.tilesetId(), t.firstGid(), t.tileCount()});
        }
        jdbc.batchUpdate("INSERT INTO map_tilesets (map_id, position, tileset_id, first_gid, tile_count)"
                + " VALUES (?, ?, ?, ?, ?)", rows);
    }

    private void saveOverrides(long mapId, GridOverrides overrides) {
        List<Object[]> upserts = new ArrayList<>();
        List<Object[]> deletes = new ArrayList<>();
        for (long key : overrides.changedChunks()) {
            int cx = GridOverrides.chunkX(key);
            int cy = GridOverrides.chunkY(key);
            byte[] chunk = overrides.chunk(cx, cy);
            if (chunk == null) {
                deletes.add(new Object[]{mapId, cx, cy});
            } else {
                upserts.add(new Object[]{mapId, cx, cy, Zstd.compress(chunk, storage.chunkCompressionLevel())});
            }
        }
        if (!deletes.isEmpty()) {
            jdbc.batchUpdate("DELETE FROM map_grid_overrides WHERE map_id = ? AND cx = ? AND cy = ?", deletes);
        }
        if (!upserts.isEmpty()) {
            jdbc.batchUpdate("INSERT INTO map_grid_overrides (map_id, cx, cy, data) VALUES (?, ?, ?, ?)"
                    + " ON CONFLICT (map_id, cy, cx) DO UPDATE SET data = EXCLUDED.data", upserts);
        }
    }

    private void saveLayerStack(long mapId, List<Layer> current) {
        Map<Integer, MapLayerEntity> stored = new HashMap<>();
        layers.findByMap(mapId).forEach(e -> stored.put(e.layerId(), e));
        for (int position = 0; position < current.size(); position++) {
            Layer layer = current.get(position);
            MapLayerEntity entity = stored.remove(layer.id());
            if (entity == null) {
                entity = new MapLayerEntity(mapId, layer.id());
            }
            LayerAttributes a = layer.attributes();
            entity.update(position, layer.kind().wireName(), a.name(), a.visible(), a.locked(), a.opacity(),
                    a.offset().dx(), a.offset().dy(), a.tint(), a.color(), json.writeValueAsString(a.properties()),
                    layer instanceof ImageLayer picture && picture.image() != null
                            ? json.writeValueAsString(picture.image()) : null,
                    a.className(), a.parallax().x(), a.parallax().y(), a.blendMode(), a.drawOrder(), layer.parentId());
            layers.save(entity);
        }
        layers.deleteAll(stored.values());
        entityManager.flush();
    }

    private void saveChunks(long mapId, TileLayer layer) {
        BitSet changed = layer.changedChunks();
        List<Object[]> upserts = new ArrayList<>();
        List<Object[]> deletes = new ArrayList<>();
        for (int index = changed.nextSetBit(0); index >= 0; index = changed.nextSetBit(index + 1)) {
            int cx = index % layer.chunksX();
            int cy = index / layer.chunksX();
            int[] chunk = layer.chunk(cx, cy);
            if (chunk == null) {
                deletes.add(new Object[]{mapId, layer.id(), cx, cy});
            } else {
                upserts.add(new Object[]{mapId, layer.id(), cx, cy,
                        ChunkCodec.encode(chunk, storage.chunkCompressionLevel())});
            }
        }
        if (!deletes.isEmpty()) {
            jdbc.batchUpdate("DELETE FROM layer_chunks WHERE map_id = ? AND layer_id = ? AND cx = ? AND cy = ?", deletes);
        }
        if (!upserts.isEmpty()) {
            jdbc.batchUpdate("INSERT INTO layer_chunks (map_id, layer_id, cx, cy, data) VALUES (?, ?, ?, ?, ?)"
                    + " ON CONFLICT (map_id, layer_id, cy, cx) DO UPDATE SET data = EXCLUDED.data", upserts);
        }
    }

    private void saveObjects(long mapId, ObjectLayer layer) {
        Set<Integer> changedIds = layer.changedObjects();
        // new rows take their draw_order as they are inserted: insert them in drawing order
        List<Integer> changed = new ArrayList<>(changedIds);
        if (changed.size() > 1) {
            changed.clear();
            layer.objects().forEach(o -> {
                if (changedIds.contains(o.id())) {
                    changed.add(o.id());
                }
            });
            changedIds.stream().filter(id -> layer.object(id).isEmpty()).forEach(changed::add);
        }
        List<Object[]> upserts = new ArrayList<>();
        List<Object[]> deletes = new ArrayList<>();
        for (int objectId : changed) {
            layer.object(objectId).ifPresentOrElse(
                    o -> upserts.add(new Object[]{mapId, objectId, layer.id(), json.writeValueAsString(o)}),
                    () -> deletes.add(new Object[]{mapId, objectId, layer.id()}));
        }
        if (!deletes.isEmpty()) {
            jdbc.batchUpdate("DELETE FROM map_objects WHERE map_id = ? AND object_id = ? AND layer_id = ?", deletes);
        }
        if (!upserts.isEmpty()) {
            jdbc.batchUpdate("INSERT INTO map_objects (map_id, object_id, layer_id, body) VALUES (?, ?, ?, ?)"
                    + " ON CONFLICT (map_id, object_id) DO UPDATE SET layer_id = EXCLUDED.layer_id, body = EXCLUDED.body",
                    upserts);
        }
        if (layer.orderChanged()) {
            // an object went in below the top: renumber the layer in drawing order with fresh, increasing keys
            List<Object[]> order = layer.objects().stream().map(o -> new Object[]{mapId, o.id()}).toList();
            jdbc.batchUpdate("UPDATE map_objects SET draw_order = nextval('map_object_draw_order')"
                    + " WHERE map_id = ? AND object_id = ?", order);
        }
    }
}
