package dev.tilewright.map;

import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.data.jpa.repository.Modifying;
import org.springframework.data.jpa.repository.Query;

import java.time.Instant;
import java.util.List;

interface MapRepository extends JpaRepository<MapEntity, Long> {

    List<MapEntity> findAllByProjectIdInOrderByIdAsc(java.util.Collection<Long> projectIds);

    List<MapEntity> findAllByProjectIdInAndNameOrderByIdAsc(java.util.Collection<Long> projectIds, String name);

    List<MapEntity> findAllByProjectIdInAndNameStartingWithOrderByIdAsc(java.util.Collection<Long> projectIds,
                                                                         String prefix);

    /** Writes what every op may change on the map row, with the version the stored rows now reflect. */
    @Modifying(flushAutomatically = true)
    @Query("""
            update MapEntity m set m.version = :version, m.storedVersion = :version, m.name = :name, m.properties = :properties,
                m.nextLayerId = :nextLayerId, m.nextObjectId = :nextObjectId, m.gridSettings = :gridSettings,
                m.settings = :settings, m.updatedAt = :now
            where m.id = :id""")
    int updateHead(long id, long version, String name, String properties, int nextLayerId, int nextObjectId,
                   String gridSettings, String settings, Instant now);
}
