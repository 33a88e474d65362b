package dev.tilewright.pages;

import dev.tilewright.access.Requires;
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

    WorldPages(Worlds worlds) {
        this.worlds = worlds;
    }

    @GetMapping("/worlds/{id}")
    @Requires(on = Requires.On.WORLD)
    String preview(@PathVariable long id, Model model) {
        WorldJson world = worlds.get(id);
        model.addAttribute("world", world);
        return "world";
    }
}
