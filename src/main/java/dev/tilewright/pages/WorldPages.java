package dev.tilewright.pages;

import dev.tilewright.access.Requires;
import dev.tilewright.format.ldtk.LdtkAutoTiles;
import dev.tilewright.map.MapReads;
import dev.tilewright.world.WorldJson;
import dev.tilewright.world.Worlds;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;

/** A world's preview: view windows scrolling across its maps, and the maps it places, each to open. */
@Controller
class WorldPages {

    private final Worlds worlds;
    private final MapReads maps;

    WorldPages(Worlds worlds, MapReads maps) {
        this.worlds = worlds;
        this.maps = maps;
    }

    @GetMapping("/worlds/{id}")
    @Requires(on = Requires.On.WORLD)
    String preview(@PathVariable long id, Model model) {
        WorldJson world = worlds.get(id);
        model.addAttribute("world", world);
        // a world brought from LDtk goes back out as its project
        model.addAttribute("fromLdtk", !world.maps().isEmpty() && maps.read(world.maps().get(0).mapId(),
                (version, map) -> LdtkAutoTiles.definitions(map) != null));
        return "world";
    }
}
