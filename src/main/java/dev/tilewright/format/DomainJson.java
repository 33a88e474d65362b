package dev.tilewright.format;

import com.fasterxml.jackson.annotation.JsonAutoDetect;
import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import com.fasterxml.jackson.annotation.JsonValue;
import dev.tilewright.core.check.Check;
import dev.tilewright.core.edit.AddLayer;
import dev.tilewright.core.edit.AddObject;
import dev.tilewright.core.edit.AddTileset;
import dev.tilewright.core.edit.Batch;
import dev.tilewright.core.edit.FillRect;
import dev.tilewright.core.edit.MapOp;
import dev.tilewright.core.edit.MoveLayer;
import dev.tilewright.core.edit.MoveObject;
import dev.tilewright.core.edit.OverrideGrid;
import dev.tilewright.core.edit.Paint;
import dev.tilewright.core.edit.PutRegion;
import dev.tilewright.core.edit.RestoreCells;
import dev.tilewright.core.edit.RemoveLayer;
import dev.tilewright.core.edit.RemoveObject;
import dev.tilewright.core.edit.RemoveTileset;
import dev.tilewright.core.edit.RenameMap;
import dev.tilewright.core.edit.UpdateMap;
import dev.tilewright.core.edit.SetGrid;
import dev.tilewright.core.edit.SetProperty;
import dev.tilewright.core.edit.UpdateLayer;
import dev.tilewright.core.edit.UpdateObject;
import dev.tilewright.core.model.Properties;
import dev.tilewright.core.model.Property;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.MapperFeature;
import tools.jackson.databind.cfg.EnumFeature;

import java.util.Collection;
import tools.jackson.databind.json.JsonMapper;

/**
 * The JSON form of the domain, kept out of {@code core} with mix-ins: ops carry a {@code type} name, enums are
 * written in lower case as Tiled writes them, absent (null) fields are left out, properties are Tiled's {@code [{name, type, value}]} list, and an
 * unknown field is an error rather than silently ignored (a typo must not turn a paint into an erase). Records
 * are written by their components only: helpers such as {@code isEmpty()} are not properties. One definition for the
 * service (web/JsonConfig) and the command line, so both write the same JSON.
 */
public final class DomainJson {

    private DomainJson() {
    }

    /** The builder set up to write and read the domain so (the service's mapper, and the command line's). */
    public static JsonMapper.Builder configure(JsonMapper.Builder builder) {
        return builder
                .addMixIn(MapOp.class, MapOpMixin.class)
                .addMixIn(Properties.class, PropertiesMixin.class)
                .addMixIn(Check.class, CheckMixin.class)
                .changeDefaultPropertyInclusion(inclusion -> inclusion.withValueInclusion(JsonInclude.Include.NON_NULL))
                .enable(EnumFeature.WRITE_ENUMS_TO_LOWERCASE)
                .enable(MapperFeature.ACCEPT_CASE_INSENSITIVE_ENUMS)
                .enable(MapperFeature.INFER_RECORD_GETTERS_FROM_COMPONENTS_ONLY)
                .changeDefaultVisibility(visibility -> visibility.withIsGetterVisibility(JsonAutoDetect.Visibility.NONE))
                .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES);
    }

    /** A mapper set up so. */
    public static JsonMapper mapper() {
        return configure(JsonMapper.builder()).build();
    }

    @JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "type")
    @JsonSubTypes({
            @JsonSubTypes.Type(value = Paint.class, name = "paint"),
            @JsonSubTypes.Type(value = FillRect.class, name = "fillRect"),
            @JsonSubTypes.Type(value = PutRegion.class, name = "putRegion"),
            @JsonSubTypes.Type(value = RestoreCells.class, name = "restoreCells"),
            @JsonSubTypes.Type(value = AddObject.class, name = "addObject"),
            @JsonSubTypes.Type(value = UpdateObject.class, name = "updateObject"),
            @JsonSubTypes.Type(value = RemoveObject.class, name = "removeObject"),
            @JsonSubTypes.Type(value = MoveObject.class, name = "moveObject"),
            @JsonSubTypes.Type(value = AddLayer.class, name = "addLayer"),
            @JsonSubTypes.Type(value = RemoveLayer.class, name = "removeLayer"),
            @JsonSubTypes.Type(value = MoveLayer.class, name = "moveLayer"),
            @JsonSubTypes.Type(value = UpdateLayer.class, name = "updateLayer"),
            @JsonSubTypes.Type(value = RenameMap.class, name = "renameMap"),
            @JsonSubTypes.Type(value = UpdateMap.class, name = "updateMap"),
            @JsonSubTypes.Type(value = SetProperty.class, name = "setProperty"),
            @JsonSubTypes.Type(value = SetGrid.class, name = "setGrid"),
            @JsonSubTypes.Type(value = OverrideGrid.class, name = "overrideGrid"),
            @JsonSubTypes.Type(value = AddTileset.class, name = "addTileset"),
            @JsonSubTypes.Type(value = RemoveTileset.class, name = "removeTileset"),
            @JsonSubTypes.Type(value = Batch.class, name = "batch")})
    interface MapOpMixin {
    }

    /** A check's objects' class is {@code class} in JSON (a word Java keeps for itself). */
    abstract static class CheckMixin {
        @JsonProperty("class")
        abstract String objectClass();
    }

    abstract static class PropertiesMixin {

        @JsonCreator
        static Properties of(Collection<Property> properties) {
            throw new UnsupportedOperationException("mix-in");
        }

        @JsonValue
        abstract Collection<Property> all();
    }
}
