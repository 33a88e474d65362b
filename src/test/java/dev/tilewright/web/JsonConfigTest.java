package dev.tilewright.web;

import dev.tilewright.core.edit.AddObject;
import dev.tilewright.core.edit.Batch;
import dev.tilewright.core.edit.Cell;
import dev.tilewright.core.edit.MapOp;
import dev.tilewright.core.edit.Paint;
import dev.tilewright.core.edit.PutRegion;
import dev.tilewright.core.edit.SetProperty;
import dev.tilewright.core.model.MapObject;
import dev.tilewright.core.model.ObjectShape;
import dev.tilewright.core.model.Properties;
import dev.tilewright.core.model.Property;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.DatabindException;
import tools.jackson.databind.json.JsonMapper;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class JsonConfigTest {

    private final JsonMapper json = DomainJson.mapper();

    @Test
    void opsRoundTripWithTheirTypeNameAndUnsignedGids() {
        MapOp op = new Batch(List.of(
                new Paint(3, List.of(new Cell(1, 2, 0x80000001L))),
                new PutRegion(3, 0, 0, 2, 1, new long[]{0xFFFFFFF0L, 5}),
                new AddObject(4, new MapObject(0, "spawn", "Spawn", ObjectShape.POINT, 1, 2, null, null, null, null, null, List.of(), null,
                        Properties.of(List.of(Property.of("team", 2))))),
                new SetProperty(null, null, "music", Property.of("music", "a.ogg"))));
        String text = json.writeValueAsString(op);
        assertThat(text).contains("\"type\":\"paint\"", "\"gid\":2147483649", "4294967280", "\"shape\":\"point\"",
                "{\"name\":\"team\",\"type\":\"int\",\"value\":2}");
        assertThat(json.readValue(text, MapOp.class)).isEqualTo(op);
    }

    @Test
    void leftOutOptionalFieldsTakeTheirDefaults() {
        AddObject op = (AddObject) json.readValue(
                "{\"type\":\"addObject\",\"layerId\":2,\"object\":{\"x\":5,\"y\":6}}", MapOp.class);
        assertThat(op.object().visible()).isTrue();
        assertThat(op.object().shape()).isEqualTo(ObjectShape.RECTANGLE);
    }

    @Test
    void typosAndMissingRequiredNumbersAreErrorsNotZeros() {
        assertThatThrownBy(() -> json.readValue("{\"type\":\"paint\",\"layerId\":1,\"cells\":[{\"x\":1,\"y\":1,\"gid\":3,\"layer\":2}]}",
                MapOp.class)).isInstanceOf(DatabindException.class).hasMessageContaining("\"layer\"");
        assertThatThrownBy(() -> json.readValue("{\"type\":\"paint\",\"layerId\":1,\"cells\":[{\"x\":1,\"y\":1}]}",
                MapOp.class)).isInstanceOf(DatabindException.class);
        assertThatThrownBy(() -> json.readValue("{\"type\":\"smudge\"}", MapOp.class))
                .isInstanceOf(DatabindException.class).hasMessageContaining("smudge");
    }
}
