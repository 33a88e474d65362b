package dev.tilewright.tileset;

import org.springframework.data.jpa.repository.JpaRepository;

interface TilesetImageRepository extends JpaRepository<TilesetImageEntity, Long> {
}
