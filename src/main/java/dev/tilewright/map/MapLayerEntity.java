package dev.tilewright.map;

import jakarta.persistence.Column;
import jakarta.persistence.Embeddable;
import jakarta.persistence.EmbeddedId;
import jakarta.persistence.Entity;
import jakarta.persistence.Table;

import java.io.Serializable;
import java.util.Objects;

/** A layer's row: its place in the stack, kind and attributes. Content is in layer_chunks / map_objects. */
@Entity
@Table(name = "map_layers")
class MapLayerEntity {

    @Embeddable
    static class Key implements Serializable {
        private long mapId;
        private int layerId;

        protected Key() {
        }

        Key(long mapId, int layerId) {
            this.mapId = mapId;
            this.layerId = layerId;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Key k && k.mapId == mapId && k.layerId == layerId;
        }

        @Override
        public int hashCode() {
            return Objects.hash(mapId, layerId);
        }
    }

    @EmbeddedId
    private Key key;
    private int position;
    private String kind;
    private String name;
    private boolean visible;
    private boolean locked;
    private double opacity;
    @Column(name = "offset_x")
    private double offsetX;
    @Column(name = "offset_y")
    private double offsetY;
    private String tint;
    private String color;
    @Column(columnDefinition = "text")
    private String properties;
    @Column(columnDefinition = "text")
    private String image;
    private String className;
    @Column(name = "parallax_x")
    private double parallaxX;
    @Column(name = "parallax_y")
    private double parallaxY;
    private String blendMode;
    private String drawOrder;
    @Column(name = "parent_id")
    private int parentId;

    protected MapLayerEntity() {
    }

    MapLayerEntity(long mapId, int layerId) {
        this.key = new Key(mapId, layerId);
    }

    int layerId() {
        return key.layerId;
    }

    void update(int position, String kind, String name, boolean visible, boolean locked, double opacity,
                double offsetX, double offsetY, String tint, String color, String properties, String image,
                String className, double parallaxX, double parallaxY, String blendMode, String drawOrder,
                int parentId) {
        this.parentId = parentId;
        this.drawOrder = drawOrder;
        this.className = className;
        this.parallaxX = parallaxX;
        this.parallaxY = parallaxY;
        this.blendMode = blendMode;
        this.position = position;
        this.kind = kind;
        this.name = name;
        this.visible = visible;
        this.locked = locked;
        this.opacity = opacity;
        this.offsetX = offsetX;
        this.offsetY = offsetY;
        this.tint = tint;
        this.color = color;
        this.properties = properties;
        this.image = image;
    }

    int getParentId() {
        return parentId;
    }

    int getPosition() {
        return position;
    }

    String getKind() {
        return kind;
    }

    String getName() {
        return name;
    }

    boolean isVisible() {
        return visible;
    }

    boolean isLocked() {
        return locked;
    }

    double getOpacity() {
        return opacity;
    }

    double getOffsetX() {
        return offsetX;
    }

    double getOffsetY() {
        return offsetY;
    }

    String getTint() {
        return tint;
    }

    String getColor() {
        return color;
    }

    String getProperties() {
        return properties;
    }

    String getImage() {
        return image;
    }

    String getClassName() {
        return className;
    }

    double getParallaxX() {
        return parallaxX;
    }

    double getParallaxY() {
        return parallaxY;
    }

    String getBlendMode() {
        return blendMode;
    }

    String getDrawOrder() {
        return drawOrder;
    }
}
