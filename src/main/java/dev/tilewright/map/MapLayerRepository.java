package dev.tilewright.map;

import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.data.jpa.repository.Query;

import java.util.List;

interface MapLayerRepository extends JpaRepository<MapLayerEntity, MapLayerEntity.Key> {

    @Query("select l from MapLayerEntity l where l.key.mapId = :mapId order by l.position")
    List<MapLayerEntity> findByMap(long mapId);
}
