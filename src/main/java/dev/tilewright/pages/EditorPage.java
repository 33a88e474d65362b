package dev.tilewright.pages;

import dev.tilewright.access.Requires;
import dev.tilewright.access.Roles.Action;

import dev.tilewright.map.MapReads;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;

/** The browser editor's page: a shell the ES modules under /frontend fill in from the REST API. */
@Controller
class EditorPage {

    private final MapReads maps;

    EditorPage(MapReads maps) {
        this.maps = maps;
    }

    @GetMapping("/maps/{id}/edit")
    @Requires(on = Requires.On.MAP)
    String edit(@PathVariable long id, Model model) {
        model.addAttribute("mapId", id);
        model.addAttribute("mapName", maps.read(id, (version, map) -> map.name()));
        return "edit";
    }
}
