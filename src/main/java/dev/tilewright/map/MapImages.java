package dev.tilewright.map;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The images a map's image layers show, by the path written in the map. */
@Component
public class MapImages {

    private final JdbcTemplate jdbc;

    MapImages(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    public void store(long mapId, Map<String, byte[]> images) {
        List<Object[]> rows = images.entrySet().stream().map(e -> new Object[]{mapId, e.getKey(), e.getValue()}).toList();
        jdbc.batchUpdate("INSERT INTO map_images (map_id, source, png) VALUES (?, ?, ?)"
                + " ON CONFLICT (map_id, source) DO UPDATE SET png = EXCLUDED.png", rows);
    }

    public Optional<byte[]> read(long mapId, String source) {
        return jdbc.query("SELECT png FROM map_images WHERE map_id = ? AND source = ?", (rs, i) -> rs.getBytes(1),
                mapId, source).stream().findFirst();
    }

    public Map<String, byte[]> all(long mapId) {
        Map<String, byte[]> out = new LinkedHashMap<>();
        jdbc.query("SELECT source, png FROM map_images WHERE map_id = ? ORDER BY source",
                rs -> {
                    out.put(rs.getString(1), rs.getBytes(2));
                }, mapId);
        return out;
    }
}
