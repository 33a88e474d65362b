package dev.tilewright.map;

import jakarta.persistence.CollectionTable;
import jakarta.persistence.Column;
import jakarta.persistence.ElementCollection;
import jakarta.persistence.Embeddable;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.JoinColumn;
import jakarta.persistence.OrderColumn;
import jakarta.persistence.Table;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/** A map's row: its attributes and version. Layers, chunks, objects and ops live in their own tables. */
@Entity
@Table(name = "maps")
class MapEntity {

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    private Long id;
    private long projectId;
    private String name;
    private int width;
    private int height;
    private int tileWidth;
    private int tileHeight;
    @Column(name = "offset_x")
    private double offsetX;
    @Column(name = "offset_y")
    private double offsetY;
    private String backgroundColor;
    private long version;
    private long storedVersion;
    private int nextLayerId;
    private int nextObjectId;
    @Column(columnDefinition = "text")
    private String properties;
    @Column(columnDefinition = "text")
    private String genesis;
    @Column(columnDefinition = "text")
    private String gridSettings;
    @Column(columnDefinition = "text")
    private String settings;
    private Instant createdAt;
    private Instant updatedAt;
    @ElementCollection
    @CollectionTable(name = "map_tilesets", joinColumns = @JoinColumn(name = "map_id"))
    @OrderColumn(name = "position")
    private List<TilesetUse> tilesets = new ArrayList<>();

    @Embeddable
    static class TilesetUse {
        private long tilesetId;
        private int firstGid;
        private int tileCount;

        protected TilesetUse() {
        }

        TilesetUse(long tilesetId, int firstGid, int tileCount) {
            this.tilesetId = tilesetId;
            this.firstGid = firstGid;
            this.tileCount = tileCount;
        }

        long tilesetId() {
            return tilesetId;
        }

        int firstGid() {
            return firstGid;
        }

        int tileCount() {
            return tileCount;
        }
    }

    protected MapEntity() {
    }

    MapEntity(long projectId, String name, int width, int height, int tileWidth, int tileHeight, double offsetX, double offsetY,
              String backgroundColor, String properties, String genesis, List<TilesetUse> tilesets, int nextLayerId,
              int nextObjectId, String settings) {
        this.settings = settings;
        this.projectId = projectId;
        this.name = name;
        this.width = width;
        this.height = height;
        this.tileWidth = tileWidth;
        this.tileHeight = tileHeight;
        this.offsetX = offsetX;
        this.offsetY = offsetY;
        this.backgroundColor = backgroundColor;
        this.version = 0;
        this.nextLayerId = Math.max(1, nextLayerId);
        this.nextObjectId = Math.max(1, nextObjectId);
        this.properties = properties;
        this.genesis = genesis;
        this.createdAt = Instant.now();
        this.updatedAt = createdAt;
        this.tilesets = new ArrayList<>(tilesets);
    }

    Long getId() {
        return id;
    }

    /** The map's class, render order and parallax origin as JSON, or null for Tiled's defaults. */
    String getSettings() {
        return settings;
    }

    long getProjectId() {
        return projectId;
    }

    String getName() {
        return name;
    }

    int getWidth() {
        return width;
    }

    int getHeight() {
        return height;
    }

    int getTileWidth() {
        return tileWidth;
    }

    int getTileHeight() {
        return tileHeight;
    }

    double getOffsetX() {
        return offsetX;
    }

    double getOffsetY() {
        return offsetY;
    }

    String getBackgroundColor() {
        return backgroundColor;
    }

    long getVersion() {
        return version;
    }

    /** The version the stored rows reflect (the log may be ahead). */
    long getStoredVersion() {
        return storedVersion;
    }

    int getNextLayerId() {
        return nextLayerId;
    }

    int getNextObjectId() {
        return nextObjectId;
    }

    String getProperties() {
        return properties;
    }

    /** The grid settings as JSON, or null for the defaults. */
    String getGridSettings() {
        return gridSettings;
    }

    Instant getUpdatedAt() {
        return updatedAt;
    }

    List<TilesetUse> getTilesets() {
        return tilesets;
    }
}
