package dev.tilewright.tileset;

import dev.tilewright.access.Projects;
import dev.tilewright.config.LimitsProperties;
import dev.tilewright.core.model.MapTileset;
import dev.tilewright.core.model.Properties;
import dev.tilewright.core.model.Property;
import dev.tilewright.core.model.TileData;
import dev.tilewright.core.model.Tileset;
import dev.tilewright.core.model.TilesetSettings;
import dev.tilewright.core.refusal.Refusal;
import dev.tilewright.core.refusal.Refused;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/** Stores tilesets: validated atlas images and their grid, plus per-tile custom properties. */
@Service
public class TilesetService {

    private static final Pattern RGB = Pattern.compile("#?[0-9a-fA-F]{6}");
    private static final TypeReference<Map<Integer, TileData>> TILES = new TypeReference<>() {
    };

    private final TilesetRepository tilesets;
    private final TilesetImageRepository images;
    private final JdbcTemplate jdbc;
    private final LimitsProperties limits;
    private final JsonMapper json;
    private final Projects projects;

    TilesetService(TilesetRepository tilesets, TilesetImageRepository images, JdbcTemplate jdbc,
                   LimitsProperties limits, JsonMapper json, Projects projects) {
        this.projects = projects;
        this.tilesets = tilesets;
        this.images = images;
        this.jdbc = jdbc;
        this.limits = limits;
        this.json = json;
    }

    /** What an upload says about the atlas; the image is checked here, the rest by the domain. */
    public record NewTileset(String name, int tileWidth, int tileHeight, int margin, int spacing,
                             String transparentColor, byte[] png, Long projectId) {

        public NewTileset(String name, int tileWidth, int tileHeight, int margin, int spacing, String transparentColor,
                          byte[] png) {
            this(name, tileWidth, tileHeight, margin, spacing, transparentColor, png, null);
        }
    }

    @Transactional
    public StoredTileset create(NewTileset request) {
        if (request.name() == null || request.name().isBlank()) {
            throw Refused.invalidField("name", "Give the tileset a name.");
        }
        Integer colorKey = parseColor(request.transparentColor());
        requireNonNegative("margin", request.margin());
        requireNonNegative("spacing", request.spacing());
        if (request.tileWidth() < 1 || request.tileHeight() < 1) {
            throw Refused.invalidField(request.tileWidth() < 1 ? "tileWidth" : "tileHeight",
                    "Tile width and height must be positive, were " + request.tileWidth() + "x" + request.tileHeight() + ".");
        }
        PngCheck.Dimensions size = PngCheck.check(request.png(), limits, "image");
        Tileset tileset;
        try {
            tileset = Tileset.grid(request.name().trim(), size.width(), size.height(), request.tileWidth(),
                    request.tileHeight(), request.margin(), request.spacing(), colorKey);
        } catch (IllegalArgumentException e) {
            throw Refused.invalidField("tileWidth", e.getMessage() + "; check tileWidth, tileHeight, margin and spacing.");
        }
        return store(projects.resolve(request.projectId()), tileset, request.png(), Map.of());
    }

    /**
     * Stores a tileset with its images: the atlas PNG (null for an image collection) or each collection tile's
     * PNG by local id. Images must have passed {@link #checkImage}.
     */
    @Transactional
    public StoredTileset store(long projectId, Tileset tileset, byte[] atlasPng, Map<Integer, byte[]> tileImages) {
        TilesetEntity saved = tilesets.save(new TilesetEntity(projectId, tileset.name(), tileset.tileWidth(), tileset.tileHeight(),
                tileset.margin(), tileset.spacing(), tileset.columns(), tileset.tileCount(), tileset.imageWidth(),
                tileset.imageHeight(), tileset.transparentColor(), tileset.tileOffsetX(), tileset.tileOffsetY(),
                tileset.imageSource(), json.writeValueAsString(tileset.properties()),
                json.writeValueAsString(tileset.tiles()), json.writeValueAsString(tileset.settings())));
        if (atlasPng != null) {
            images.save(new TilesetImageEntity(saved.getId(), atlasPng));
        }
        images.flush();
        List<Object[]> rows = tileImages.entrySet().stream()
                .map(e -> new Object[]{saved.getId(), e.getKey(), e.getValue()}).toList();
        jdbc.batchUpdate("INSERT INTO tileset_tile_images (tileset_id, local_id, png) VALUES (?, ?, ?)", rows);
        return new StoredTileset(saved.getId(), projectId, tileset);
    }

    /** Checks a PNG against the upload limits and returns its size; the field names where it came from. */
    /**
     * Refuses a tileset of another project for a map of {@code projectId} (a map uses the tilesets of its project),
     * naming the field it came from.
     */
    public void checkSameProject(StoredTileset tileset, long projectId, String field) {
        if (tileset.projectId() != projectId) {
            throw Refused.invalidField(field, "Tileset " + tileset.id() + " belongs to project "
                    + tileset.projectId() + ", the map to project " + projectId
                    + "; a map uses the tilesets of its own project.");
        }
    }

    /** Refuses an uploaded image over the byte limit by its size, before its bytes are read into memory. */
    public void checkImageSize(long bytes, String field) {
        PngCheck.checkSize(bytes, limits, field);
    }

    public PngCheck.Dimensions checkImage(byte[] png, String field) {
        return PngCheck.check(png, limits, field);
    }

    @Transactional(readOnly = true)
    /** The tilesets of some projects (those a caller can see), by id. */
    public List<StoredTileset> list(java.util.Collection<Long> projectIds) {
        return tilesets.findAllByProjectIdInOrderByIdAsc(projectIds).stream().map(this::toStored).toList();
    }

    @Transactional(readOnly = true)
    public StoredTileset get(long id) {
        return toStored(entity(id));
    }

    @Transactional(readOnly = true)
    /** The current tile data of the tilesets a map uses, by tileset id. */
    public Map<Long, Tileset> data(List<MapTileset> used) {
        Map<Long, Tileset> byId = new HashMap<>();
        used.forEach(t -> byId.put(t.tilesetId(), get(t.tilesetId()).tileset()));
        return byId;
    }

    public byte[] image(long id) {
        return images.findById(id).map(TilesetImageEntity::getPng).orElseThrow(() -> Refused.notFound("Tileset image", id));
    }

    /** A collection tile's own image. */
    @Transactional(readOnly = true)
    public byte[] tileImage(long id, int localId) {
        return jdbc.query("SELECT png FROM tileset_tile_images WHERE tileset_id = ? AND local_id = ?",
                (rs, i) -> rs.getBytes(1), id, localId).stream().findFirst()
                .orElseThrow(() -> Refused.notFound("Tile image", id + "/" + localId));
    }

    /**
     * Changes one tile's custom properties: {@code solid} sets or clears the solid flag; {@code properties}, when
     * given, replaces the tile's other properties.
     */
    @Transactional
    public StoredTileset updateTile(long id, int localId, Boolean solid, List<Property> properties) {
        TilesetEntity entity = entity(id);
        Tileset tileset = toStored(entity).tileset();
        if (!tileset.hasTile(localId)) {
            throw Refused.invalidField("localId", "Tileset " + id + " has no tile " + localId + "; its ids run 0.."
                    + (tileset.tileCount() - 1) + (tileset.isCollection() ? " with gaps" : "") + ".");
        }
        Properties next = properties == null ? tileset.tileProperties(localId) : checked(properties);
        if (solid != null) {
            next = solid ? next.with(Property.of(Tileset.SOLID, true)) : next.without(Tileset.SOLID);
        }
        Tileset updated = tileset.withTileProperties(localId, next);
        entity.setTiles(json.writeValueAsString(updated.tiles()));
        return new StoredTileset(id, entity.getProjectId(), updated);
    }

    /**
     * Replaces a tileset's Wang sets (the terrains its brush paints), checked whole against the tileset: a tile or
     * terrain that does not exist is refused naming the set, and nothing changes.
     */
    @Transactional
    public StoredTileset replaceWangSets(long id, List<dev.tilewright.core.model.WangSet> sets) {
        TilesetEntity entity = entity(id);
        Tileset tileset = toStored(entity).tileset();
        Tileset updated;
        try {
            updated = tileset.withSettings(tileset.settings().withWangSets(sets));
        } catch (IllegalArgumentException e) {
            throw Refused.invalidField("wangSets", e.getMessage() + ".");
        }
        entity.setSettings(json.writeValueAsString(updated.settings()));
        return new StoredTileset(id, entity.getProjectId(), updated);
    }

    /** Renames a tileset and/or replaces its own custom properties. */
    @Transactional
    public StoredTileset update(long id, String name, List<Property> properties) {
        TilesetEntity entity = entity(id);
        if (name != null && name.isBlank()) {
            throw Refused.invalidField("name", "A tileset name must not be blank.");
        }
        Properties next = properties == null ? null : checked(properties);
        entity.update(name == null ? null : name.trim(), next == null ? null : json.writeValueAsString(next));
        return toStored(entity);
    }

    @Transactional
    public void delete(long id) {
        TilesetEntity entity = entity(id);
        if (tilesets.isUsedByAMap(id)) {
            throw Refused.of(Refusal.Kind.CONFLICT, "Tileset in use",
                    "Tileset " + id + " is used by at least one map; remove it from those maps first.");
        }
        images.deleteById(id);
        tilesets.delete(entity);
    }

    /** Properties from a request: a name given twice is the caller's mistake, named as such. */
    private static Properties checked(List<Property> properties) {
        if (properties.contains(null)) {
            throw Refused.invalidField("properties", "A property must not be null.");
        }
        try {
            return Properties.of(properties);
        } catch (IllegalArgumentException e) {
            throw Refused.invalidField("properties", e.getMessage() + "; give each name once.");
        }
    }

    private TilesetEntity entity(long id) {
        return tilesets.findById(id).orElseThrow(() -> Refused.notFound("Tileset", id));
    }

    private StoredTileset toStored(TilesetEntity e) {
        return new StoredTileset(e.getId(), e.getProjectId(), new Tileset(e.getName(), e.getTileWidth(), e.getTileHeight(), e.getMargin(),
                e.getSpacing(), e.getColumns(), e.getTileCount(), e.getImageWidth(), e.getImageHeight(),
                e.getTransparentColor(), e.getTileOffsetX(), e.getTileOffsetY(), e.getImageSource(),
                json.readValue(e.getProperties(), Properties.class), json.readValue(e.getTiles(), TILES),
                json.readValue(e.getSettings(), TilesetSettings.class)));
    }

    private static Integer parseColor(String text) {
        if (text == null || text.isBlank()) {
            return null;
        }
        if (!RGB.matcher(text.trim()).matches()) {
            throw Refused.invalidField("transparentColor", "'" + text + "' is not a colour; use rrggbb, e.g. ff00ff.");
        }
        return Integer.parseInt(text.trim().replace("#", ""), 16);
    }

    private static void requireNonNegative(String field, int value) {
        if (value < 0) {
            throw Refused.invalidField(field, field + " must not be negative, was " + value + ".");
        }
    }
}
