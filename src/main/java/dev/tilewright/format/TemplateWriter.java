package dev.tilewright.format;

import dev.tilewright.core.model.Gid;
import dev.tilewright.core.model.MapObject;

/**
 * Writes a Tiled object template (.tx) for an object made a template in Tilewright: its object as TMX writes one, a
 * tile object's tile named through the tileset file it comes from (as its first tile, gid 1, in the template's terms).
 */
public final class TemplateWriter {

    private TemplateWriter() {
    }

    /**
     * @param object        the template's object (its id and position are not the template's; Tiled ignores them)
     * @param tilesetSource for a tile object, its tileset's file relative to the template; else null
     * @param firstGid      the first gid of that tileset in the map the object's gid is in terms of
     */
    public static byte[] write(MapObject object, String tilesetSource, int firstGid) {
        XmlOut out = new XmlOut();
        out.start("template");
        MapObject written = object;
        if (object.gid() != 0) {
            if (tilesetSource == null) {
                throw new IllegalArgumentException("a tile object's template needs its tileset's file");
            }
            out.empty("tileset").attr("firstgid", 1).attr("source", tilesetSource);
            int gid = (int) (long) object.gid();
            long local = Integer.toUnsignedLong(Gid.of(Gid.id(gid) - firstGid + 1, Gid.flags(gid)));
            written = new MapObject(0, object.name(), object.type(), object.shape(), 0, 0, object.width(),
                    object.height(), object.rotation(), local, object.visible(), object.points(), object.text(),
                    object.properties(), null, object.opacity());
        }
        TmxWriter.object(out, written, null);
        out.end(true);
        return out.finish();
    }
}
