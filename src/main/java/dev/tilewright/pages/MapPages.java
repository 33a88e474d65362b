package dev.tilewright.pages;

import dev.tilewright.access.Access;
import dev.tilewright.access.Caller;
import dev.tilewright.access.Requires;
import dev.tilewright.access.Roles.Action;

import dev.tilewright.map.MapJson;
import dev.tilewright.map.MapCatalogue;
import dev.tilewright.map.MapReads;
import dev.tilewright.tileset.TilesetService;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;

import java.util.List;

/** Reviewer pages: the maps, one map's overview, and a scrollable preview through view windows. */
@Controller
class MapPages {

    private final MapCatalogue catalogue;
    private final MapReads maps;
    private final TilesetService tilesets;

    private final Access access;

    MapPages(MapCatalogue catalogue, MapReads maps, TilesetService tilesets, Access access) {
        this.access = access;
        this.catalogue = catalogue;
        this.maps = maps;
        this.tilesets = tilesets;
    }

    /** What the pages show of a layer. */
    record LayerRow(String name, String type, boolean visible, double opacity) {
    }

    /** What the pages show of a tileset the map uses. */
    record TilesetRow(long id, String name, int firstGid, int tileCount) {
    }

    @GetMapping("/")
    @Requires(on = Requires.On.CALLER)
    String home() {
        return "redirect:/maps";
    }

    @GetMapping("/maps")
    @Requires(on = Requires.On.CALLER)
    String list(Model model, Caller caller) {
        model.addAttribute("maps", catalogue.list(access.visibleProjects(caller)));
        return "maps";
    }

    @GetMapping("/maps/{id}")
    @Requires(on = Requires.On.MAP)
    String overview(@PathVariable long id, Model model) {
        describe(id, model);
        return "map";
    }

    @GetMapping("/maps/{id}/preview")
    @Requires(on = Requires.On.MAP)
    String preview(@PathVariable long id, Model model) {
        describe(id, model);
        return "preview";
    }

    private void describe(long id, Model model) {
        MapJson map = maps.json(id);
        List<LayerRow> layers = map.layers().stream()
                .map(l -> new LayerRow(l.name(), l.type(), l.visible(), l.opacity())).toList();
        List<TilesetRow> used = map.tilesets().stream().map(t -> new TilesetRow(t.tilesetId(),
                tilesets.get(t.tilesetId()).tileset().name(), t.firstGid(), t.tileCount())).toList();
        model.addAttribute("map", map);
        model.addAttribute("layers", layers);
        model.addAttribute("tilesets", used);
        model.addAttribute("pixelWidth", map.width() * map.tileWidth());
        model.addAttribute("pixelHeight", map.height() * map.tileHeight());
    }

}
