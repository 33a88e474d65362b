package dev.tilewright.project;

import dev.tilewright.config.LimitsProperties;
import dev.tilewright.core.model.CustomType;
import dev.tilewright.core.model.CustomTypes;
import dev.tilewright.format.TiledFormatException;
import dev.tilewright.format.TiledProject;
import dev.tilewright.core.refusal.Refusal;
import dev.tilewright.core.refusal.Refused;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Service;

import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * A project's custom property types, kept as the {@code propertyTypes} array of a {@code .tiled-project} (so what
 * Tiled wrote is what comes back), checked as a whole before they are stored.
 */
@Service
public class PropertyTypes {

    private final JdbcTemplate jdbc;
    private final LimitsProperties limits;

    PropertyTypes(JdbcTemplate jdbc, LimitsProperties limits) {
        this.jdbc = jdbc;
        this.limits = limits;
    }

    /** The project's types (none when it defines none). */
    public CustomTypes of(long projectId) {
        List<String> stored = jdbc.queryForList("SELECT property_types FROM projects WHERE id = ?", String.class,
                projectId);
        if (stored.isEmpty()) {
            throw Refused.notFound("Project", projectId);
        }
        String json = stored.get(0);
        return json == null ? CustomTypes.NONE : TiledProject.read(json.getBytes(StandardCharsets.UTF_8),
                "project " + projectId);
    }

    /** The types of the project a map belongs to. */
    public CustomTypes ofMap(long mapId) {
        List<Long> project = jdbc.queryForList("SELECT project_id FROM maps WHERE id = ?", Long.class, mapId);
        if (project.isEmpty()) {
            throw Refused.notFound("Map", mapId);
        }
        return of(project.get(0));
    }

    /**
     * Reads types sent as a {@code .tiled-project} or a bare {@code propertyTypes} array: refused whole (nothing
     * changes) when over {@code max-property-types-bytes} or not valid.
     */
    public CustomTypes read(byte[] body) {
        checkSize(body.length);
        try {
            return TiledProject.read(body, "propertyTypes");
        } catch (TiledFormatException e) {
            throw Refused.invalidField("propertyTypes", e.getMessage() + ". Send Tiled's propertyTypes array "
                    + "(or a whole .tiled-project): enums {name, type: \"enum\", storageType, values, valuesAsFlags}, "
                    + "classes {name, type: \"class\", useAs, members: [{name, type, value, propertyType?}]}.");
        }
    }

    /** Stores {@code types} as the project's whole set. */
    public CustomTypes replace(long projectId, CustomTypes types) {
        byte[] json = TiledProject.propertyTypes(types).toString().getBytes(StandardCharsets.UTF_8);
        checkSize(json.length);
        jdbc.update("UPDATE projects SET property_types = ? WHERE id = ?",
                types.isEmpty() ? null : new String(json, StandardCharsets.UTF_8), projectId);
        return types;
    }

    /**
     * Adds the types of an import the project does not define yet; a type it defines stays as it is (its
     * maintainers own it). Returns the names of sent types that differ from the project's.
     */
    public List<String> addNew(long projectId, CustomTypes sent) {
        CustomTypes current = of(projectId);
        List<String> differing = sent.all().stream()
                .filter(t -> current.named(t.name()).filter(mine -> !same(mine, t)).isPresent())
                .map(CustomType::name).toList();
        CustomTypes merged = sent.with(current);
        if (merged.all().size() > current.all().size()) {
            replace(projectId, new CustomTypes(merged.all()));
        }
        return differing;
    }

    private static boolean same(CustomType a, CustomType b) {
        return a.name().equals(b.name()) && a.type().equals(b.type()) && a.storageType().equals(b.storageType())
                && a.values().equals(b.values()) && a.valuesAsFlags() == b.valuesAsFlags()
                && a.members().equals(b.members());
    }

    private void checkSize(long bytes) {
        if (bytes > limits.maxPropertyTypesBytes()) {
            throw Refused.overLimit(Refusal.Kind.TOO_LARGE, "tilewright.limits.max-property-types-bytes",
                    limits.maxPropertyTypesBytes(), "The property types hold " + bytes + " bytes")
                    .with("field", "propertyTypes");
        }
    }
}
