package dev.tilewright.tileset;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import java.time.Instant;

@Entity
@Table(name = "tilesets")
class TilesetEntity {

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    private Long id;
    private long projectId;
    private String name;
    private int tileWidth;
    private int tileHeight;
    private int margin;
    private int spacing;
    private int columns;
    private int tileCount;
    private int imageWidth;
    private int imageHeight;
    private Integer transparentColor;
    @Column(name = "tile_offset_x")
    private int tileOffsetX;
    @Column(name = "tile_offset_y")
    private int tileOffsetY;
    private String imageSource;
    @Column(columnDefinition = "text")
    private String properties;
    @Column(columnDefinition = "text")
    private String tiles;
    @Column(columnDefinition = "text")
    private String settings;
    private Instant createdAt;

    protected TilesetEntity() {
    }

    TilesetEntity(long projectId, String name, int tileWidth, int tileHeight, int margin, int spacing, int columns, int tileCount,
                  int imageWidth, int imageHeight, Integer transparentColor, int tileOffsetX, int tileOffsetY,
                  String imageSource, String properties, String tiles, String settings) {
        this.projectId = projectId;
        this.name = name;
        this.tileWidth = tileWidth;
        this.tileHeight = tileHeight;
        this.margin = margin;
        this.spacing = spacing;
        this.columns = columns;
        this.tileCount = tileCount;
        this.imageWidth = imageWidth;
        this.imageHeight = imageHeight;
        this.transparentColor = transparentColor;
        this.tileOffsetX = tileOffsetX;
        this.tileOffsetY = tileOffsetY;
        this.imageSource = imageSource;
        this.properties = properties;
        this.tiles = tiles;
        this.settings = settings;
        this.createdAt = Instant.now();
    }

    Long getId() {
        return id;
    }

    long getProjectId() {
        return projectId;
    }

    String getName() {
        return name;
    }

    int getTileWidth() {
        return tileWidth;
    }

    int getTileHeight() {
        return tileHeight;
    }

    int getMargin() {
        return margin;
    }

    int getSpacing() {
        return spacing;
    }

    int getColumns() {
        return columns;
    }

    int getTileCount() {
        return tileCount;
    }

    int getImageWidth() {
        return imageWidth;
    }

    int getImageHeight() {
        return imageHeight;
    }

    Integer getTransparentColor() {
        return transparentColor;
    }

    String getProperties() {
        return properties;
    }

    int getTileOffsetX() {
        return tileOffsetX;
    }

    int getTileOffsetY() {
        return tileOffsetY;
    }

    String getImageSource() {
        return imageSource;
    }

    String getSettings() {
        return settings;
    }

    String getTiles() {
        return tiles;
    }

    /** Changes the name and/or the properties JSON; null leaves a field as it is. */
    void update(String newName, String newProperties) {
        if (newName != null) {
            this.name = newName;
        }
        if (newProperties != null) {
            this.properties = newProperties;
        }
    }

    void setSettings(String settings) {
        this.settings = settings;
    }

    void setTiles(String tiles) {
        this.tiles = tiles;
    }
}
