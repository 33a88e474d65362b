package dev.tilewright.tiled;

import dev.tilewright.core.model.Gid;
import dev.tilewright.core.model.MapObject;
import dev.tilewright.format.TemplateWriter;
import dev.tilewright.format.TiledFiles;
import dev.tilewright.format.TiledTemplate;
import dev.tilewright.format.TiledTileset;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The files of a map's templates in an export: one that came with an import goes as it came; one made or edited in
 * Tilewright is written from its object, a tile object's tileset named by the file the export writes it to. A tile
 * template whose tileset the export embeds in the map (it has no file to name) is left out, and its instances are
 * written whole.
 */
final class TemplateExport {

    private TemplateExport() {
    }

    /**
     * @param mapPath  the map's path in the export
     * @param tilesets the map's tilesets as exported (sources relative to the map), by first gid
     */
    static Map<String, TiledTemplate> filled(Map<String, TiledTemplate> templates, String mapPath,
                                             List<TiledTileset> tilesets) {
        Map<String, TiledTemplate> out = new LinkedHashMap<>();
        templates.forEach((reference, template) -> {
            if (template.bytes().length > 0) {
                out.put(reference, template);
                return;
            }
            MapObject o = template.object();
            String at = TiledFiles.resolved(mapPath, reference);
            if (o.gid() == 0) {
                out.put(reference, new TiledTemplate(at, TemplateWriter.write(o, null, 0), o));
                return;
            }
            int id = Gid.id((int) (long) o.gid());
            TiledTileset from = null;
            for (TiledTileset t : tilesets) {
                if (t.firstGid() <= id && (from == null || t.firstGid() > from.firstGid())) {
                    from = t;
                }
            }
            if (from != null && from.source() != null) {
                String source = TiledFiles.relative(at, TiledFiles.resolved(mapPath, from.source()));
                out.put(reference, new TiledTemplate(at, TemplateWriter.write(o, source, from.firstGid()), o));
            }
        });
        return out;
    }
}
