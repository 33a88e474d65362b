package dev.tilewright.tileset;

import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.data.jpa.repository.Query;

import java.util.List;

interface TilesetRepository extends JpaRepository<TilesetEntity, Long> {

    List<TilesetEntity> findAllByProjectIdInOrderByIdAsc(java.util.Collection<Long> projectIds);

    @Query(value = "SELECT EXISTS (SELECT 1 FROM map_tilesets WHERE tileset_id = :id)", nativeQuery = true)
    boolean isUsedByAMap(long id);
}
