package dev.tilewright.tiled;

import dev.tilewright.core.model.MapObject;
import dev.tilewright.format.TiledTemplate;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;
import tools.jackson.databind.json.JsonMapper;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The Tiled object templates kept as their files came with an import: a map's (its objects are instances of them)
 * and a tileset's (its tiles' collision shapes are), each by the reference its own file writes.
 */
@Component
class TemplateFiles {

    /** Whose templates: the table and its owner column. */
    enum Owner {
        MAP("map_templates", "map_id"), TILESET("tileset_templates", "tileset_id");

        private final String table;
        private final String column;

        Owner(String table, String column) {
            this.table = table;
            this.column = column;
        }
    }

    private final JdbcTemplate jdbc;
    private final JsonMapper json;

    TemplateFiles(JdbcTemplate jdbc, JsonMapper json) {
        this.jdbc = jdbc;
        this.json = json;
    }

    /** Keeps {@code templates} (by reference: its path in the upload, bytes and object) for the map or tileset {@code id}. */
    void store(Owner owner, long id, Map<String, TiledTemplate> templates) {
        jdbc.batchUpdate("INSERT INTO " + owner.table + " (" + owner.column
                        + ", reference, path, content, object) VALUES (?, ?, ?, ?, ?)",
                templates.entrySet().stream().map(t -> new Object[]{id, t.getKey(), t.getValue().path(),
                        t.getValue().bytes(), json.writeValueAsString(t.getValue().object())}).toList());
    }

    /**
     * Keeps one template of a map, made or edited in Tilewright: its object, and no file (the export writes one from
     * the object); replaces the one of that reference.
     */
    void putMade(long mapId, String reference, MapObject object) {
        jdbc.update("INSERT INTO map_templates (map_id, reference, path, content, object) VALUES (?, ?, ?, ?, ?) "
                        + "ON CONFLICT (map_id, reference) DO UPDATE SET path = EXCLUDED.path, "
                        + "content = EXCLUDED.content, object = EXCLUDED.object", mapId, reference, reference,
                new byte[0], json.writeValueAsString(object));
    }

    /** Forgets a map's template (its instances stay, as plain objects once detached). */
    void remove(long mapId, String reference) {
        jdbc.update("DELETE FROM map_templates WHERE map_id = ? AND reference = ?", mapId, reference);
    }

    /** One template of a map, or null when it has none of that reference. */
    TiledTemplate one(long mapId, String reference) {
        return jdbc.query("SELECT path, content, object FROM map_templates WHERE map_id = ? AND reference = ?",
                rs -> rs.next() ? new TiledTemplate(rs.getString(1), rs.getBytes(2),
                        json.readValue(rs.getString(3), MapObject.class)) : null, mapId, reference);
    }

    /** The templates of the map or tileset {@code id}, by reference. */
    Map<String, TiledTemplate> all(Owner owner, long id) {
        Map<String, TiledTemplate> out = new LinkedHashMap<>();
        jdbc.query("SELECT reference, path, content, object FROM " + owner.table + " WHERE " + owner.column
                + " = ? ORDER BY reference", rs -> {
                    out.put(rs.getString(1), new TiledTemplate(rs.getString(2), rs.getBytes(3),
                            json.readValue(rs.getString(4), MapObject.class)));
                }, id);
        return out;
    }
}
