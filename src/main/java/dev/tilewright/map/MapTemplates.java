package dev.tilewright.map;

import dev.tilewright.core.model.MapObject;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;
import tools.jackson.databind.json.JsonMapper;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The Tiled object templates a map's objects are instances of, kept as their files came with the map's import. */
@Component
public class MapTemplates {

    /**
     * A template: the reference the map writes, its file's path in the upload and bytes, its object (gids in the
     * map's terms).
     */
    public record Stored(String reference, String path, byte[] bytes, MapObject object) {
    }

    private final JdbcTemplate jdbc;
    private final JsonMapper json;

    MapTemplates(JdbcTemplate jdbc, JsonMapper json) {
        this.jdbc = jdbc;
        this.json = json;
    }

    public void store(long mapId, List<Stored> templates) {
        jdbc.batchUpdate("INSERT INTO map_templates (map_id, reference, path, content, object) VALUES (?, ?, ?, ?, ?)",
                templates.stream().map(t -> new Object[]{mapId, t.reference(), t.path(), t.bytes(),
                        json.writeValueAsString(t.object())}).toList());
    }

    /** The map's templates by reference. */
    public Map<String, Stored> all(long mapId) {
        Map<String, Stored> out = new LinkedHashMap<>();
        jdbc.query("SELECT reference, path, content, object FROM map_templates WHERE map_id = ? ORDER BY reference",
                rs -> {
                    out.put(rs.getString(1), new Stored(rs.getString(1), rs.getString(2), rs.getBytes(3),
                            json.readValue(rs.getString(4), MapObject.class)));
                }, mapId);
        return out;
    }
}
