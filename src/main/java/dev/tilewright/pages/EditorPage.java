package dev.tilewright.pages;

import dev.tilewright.access.Access;
import dev.tilewright.access.Caller;
import dev.tilewright.access.Requires;
import dev.tilewright.access.Roles;
import dev.tilewright.access.Roles.Action;
import dev.tilewright.map.MapReads;
import dev.tilewright.review.Reviews;
import dev.tilewright.world.WorldJson;
import dev.tilewright.world.Worlds;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;

import java.util.Optional;

/** The browser editor's page: a shell the ES modules under /frontend fill in from the REST API. */
@Controller
class EditorPage {

    private final MapReads maps;
    private final Access access;
    private final Worlds worlds;

    EditorPage(MapReads maps, Access access, Worlds worlds) {
        this.maps = maps;
        this.access = access;
        this.worlds = worlds;
    }

    /** The editor; read only (tools that change the map hidden and refused) for those who may not edit. */
    @GetMapping("/maps/{id}/edit")
    @Requires(on = Requires.On.MAP)
    String edit(@PathVariable long id, Caller caller, Model model) {
        mayDo(access, caller, id, model);
        model.addAttribute("mapId", id);
        model.addAttribute("mapName", maps.read(id, (version, map) -> map.name()));
        // a map of a world: the world goes out as an LDtk project (not for a share link's one map)
        Optional<Access.Standing> standing = access.onMap(caller, id);
        model.addAttribute("ldtkWorld", caller.kind() == Caller.Kind.SHARE_LINK || standing.isEmpty() ? null
                : worlds.list(java.util.Set.of(standing.get().projectId()), id).stream().findFirst()
                .map(WorldJson.Summary::id).orElse(null));
        return "edit";
    }

    /**
     * What a caller may do to a map, for a page to show or hide: its role, edit, comment, share (maintain); and who
     * the page writes review comments as.
     */
    static void mayDo(Access access, Caller caller, long mapId, Model model) {
        Optional<Access.Standing> standing = access.onMap(caller, mapId);
        model.addAttribute("role", standing.flatMap(Access.Standing::role).map(Roles.ProjectRole::apiName)
                .orElse("none"));
        model.addAttribute("mayEdit", Access.allows(standing, Action.EDIT));
        model.addAttribute("importProject", standing.map(Access.Standing::projectId).orElse(null));
        model.addAttribute("mayShare", Access.allows(standing, Action.MAINTAIN));
        model.addAttribute("mayComment", Access.allows(standing, Action.COMMENT));
        model.addAttribute("account", Reviews.account(caller));
        model.addAttribute("shareLink", caller.kind() == Caller.Kind.SHARE_LINK);
    }
}
