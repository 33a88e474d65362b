package dev.tilewright.format;

import dev.tilewright.core.geom.Position;
import dev.tilewright.core.model.LayerAttributes;
import dev.tilewright.core.model.MapObject;
import dev.tilewright.core.model.ObjectLayer;
import dev.tilewright.core.model.ObjectShape;
import dev.tilewright.core.model.Properties;
import dev.tilewright.core.model.Property;
import dev.tilewright.core.model.PropertyType;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** Instances of a template written as Tiled writes them, or whole when an instance cannot say what it changes. */
class TiledTemplateTest {

    private static final MapObject BARREL = new MapObject(0, "barrel", "Prop", ObjectShape.ELLIPSE, 0, 0, 16.0, 16.0,
            0.0, 0L, true, List.of(), null, Properties.of(List.of(new Property("hp", PropertyType.INT, 5L))));

    private static String written(MapObject object) {
        ObjectLayer layer = new ObjectLayer(1, LayerAttributes.named("things"));
        layer.put(object);
        TiledMap map = new TiledMap("m.tmx", 4, 4, 16, 16, Position.ORIGIN, null, Properties.EMPTY, List.of(),
                List.of(layer), 2, 2, Map.of(), null).withTemplates(Map.of("barrel.tx",
                new TiledTemplate("barrel.tx", new byte[0], BARREL)));
        return new String(TmxWriter.writeMap(map, TmxWriter.Options.DEFAULT), StandardCharsets.UTF_8);
    }

    @Test
    void anInstanceSaysOnlyWhatItChanges() {
        MapObject bigger = new MapObject(1, "barrel", "Prop", ObjectShape.ELLIPSE, 8, 24, 32.0, 16.0, 0.0, 0L, true,
                List.of(), null, Properties.of(List.of(new Property("hp", PropertyType.INT, 9L))), "barrel.tx");
        String xml = written(bigger);
        // a size is an instance's own as a pair, as Tiled writes and reads it
        assertThat(xml).contains("<object id=\"1\" template=\"barrel.tx\" x=\"8\" y=\"24\" width=\"32\" height=\"16\">")
                .contains("<property name=\"hp\" type=\"int\" value=\"9\"/>").doesNotContain("<ellipse");
        assertThat(written(new MapObject(1, "barrel", "Prop", ObjectShape.ELLIPSE, 8, 24, 16.0, 16.0, 0.0, 0L, true,
                List.of(), null, BARREL.properties(), "barrel.tx")))
                .as("an instance that changes nothing but its place").contains("<object id=\"1\" template=\"barrel.tx\" "
                        + "x=\"8\" y=\"24\"/>");
    }

    @Test
    void whatNoInstanceCanSayIsWrittenWhole() {
        MapObject square = new MapObject(1, "barrel", "Prop", ObjectShape.RECTANGLE, 8, 24, 16.0, 16.0, 0.0, 0L, true,
                List.of(), null, BARREL.properties(), "barrel.tx");
        assertThat(written(square)).doesNotContain("template=").contains("name=\"barrel\"").contains("width=\"16\"");
        MapObject noHp = new MapObject(1, "barrel", "Prop", ObjectShape.ELLIPSE, 8, 24, 16.0, 16.0, 0.0, 0L, true,
                List.of(), null, Properties.EMPTY, "barrel.tx");
        assertThat(written(noHp)).doesNotContain("template=").contains("<ellipse/>");
        MapObject elsewhere = square.withTemplate("gone.tx");
        assertThat(written(elsewhere)).as("a template the map has no file of").doesNotContain("template=");
    }
}
