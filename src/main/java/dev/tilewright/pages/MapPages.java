package dev.tilewright.pages;

import dev.tilewright.access.Access;
import dev.tilewright.access.Caller;
import dev.tilewright.access.Directory;
import dev.tilewright.access.Requires;
import dev.tilewright.access.Roles.Action;

import dev.tilewright.map.MapJson;
import dev.tilewright.map.MapCatalogue;
import dev.tilewright.map.MapReads;
import dev.tilewright.tileset.TilesetService;
import dev.tilewright.world.Worlds;
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
    private final Directory directory;
    private final Worlds worlds;

    MapPages(MapCatalogue catalogue, MapReads maps, TilesetService tilesets, Access access, Directory directory,
             Worlds worlds) {
        this.worlds = worlds;
        this.access = access;
        this.directory = directory;
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

    /** The maps of one project, as the maps page groups them. */
    record ProjectMaps(Directory.Project project, List<MapCatalogue.MapEntitySummary> maps) {
    }

    /** The maps the caller may see, grouped by project (by team and project name). */
    @GetMapping("/maps")
    @Requires(on = Requires.On.CALLER)
    String list(Model model, Caller caller) {
        if (caller.kind() == Caller.Kind.SHARE_LINK) {
            return "redirect:/maps/" + caller.mapId() + "/preview"; // a share link shows its one map
        }
        java.util.Set<Long> visible = access.visibleProjects(caller);
        List<MapCatalogue.MapEntitySummary> all = catalogue.list(visible);
        java.util.Map<Long, List<MapCatalogue.MapEntitySummary>> byProject = all.stream().collect(
                java.util.stream.Collectors.groupingBy(MapCatalogue.MapEntitySummary::projectId));
        model.addAttribute("maps", all);
        model.addAttribute("worlds", worlds.list(visible, null));
        model.addAttribute("groups", directory.projects(byProject.keySet()).stream()
                .map(project -> new ProjectMaps(project, byProject.get(project.id()))).toList());
        // where New map and Import may put a map: the projects the caller may edit in
        model.addAttribute("importProjects", directory.projects(visible.stream()
                .filter(project -> Access.allows(access.onProject(caller, project), Action.EDIT)).toList()));
        return "maps";
    }

    @GetMapping("/maps/{id}")
    @Requires(on = Requires.On.MAP)
    String overview(@PathVariable long id, Caller caller, Model model) {
        describe(id, model);
        // the worlds placing it, that the caller sees (a share link sees none)
        model.addAttribute("worlds", caller.kind() == Caller.Kind.SHARE_LINK ? List.of()
                : worlds.list(access.visibleProjects(caller), id));
        return "map";
    }

    @GetMapping("/maps/{id}/preview")
    @Requires(on = Requires.On.MAP)
    String preview(@PathVariable long id, Caller caller, Model model) {
        describe(id, model);
        EditorPage.mayDo(access, caller, id, model);
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
        var bounds = map.pixelBounds();
        model.addAttribute("pixelWidth", bounds.width());
        model.addAttribute("pixelHeight", bounds.height());
    }

}
