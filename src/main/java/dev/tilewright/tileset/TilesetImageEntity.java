package dev.tilewright.tileset;

import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

@Entity
@Table(name = "tileset_images")
class TilesetImageEntity {

    @Id
    private Long tilesetId;
    private byte[] png;

    protected TilesetImageEntity() {
    }

    TilesetImageEntity(Long tilesetId, byte[] png) {
        this.tilesetId = tilesetId;
        this.png = png;
    }

    byte[] getPng() {
        return png;
    }
}
