package dev.tilewright.pages;

import dev.tilewright.access.Access;
import dev.tilewright.access.ApiTokens;
import dev.tilewright.access.Caller;
import dev.tilewright.access.Directory;
import dev.tilewright.access.Invites;
import dev.tilewright.access.Requires;
import dev.tilewright.access.Roles;
import dev.tilewright.access.Roles.Action;
import dev.tilewright.map.MapCatalogue;
import dev.tilewright.tileset.TilesetService;
import dev.tilewright.core.refusal.Refused;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;

import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The team and project pages: who is in them with which role, their projects, maps and tilesets, open invites and
 * bot tokens. They show; what they change they change through the API (the page's forms call it), so a page and a
 * script are held to the same checks.
 */
@Controller
class TeamPages {

    private final Access access;
    private final Directory directory;
    private final Invites invites;
    private final ApiTokens tokens;
    private final MapCatalogue maps;
    private final TilesetService tilesets;

    TeamPages(Access access, Directory directory, Invites invites, ApiTokens tokens, MapCatalogue maps,
              TilesetService tilesets) {
        this.access = access;
        this.directory = directory;
        this.invites = invites;
        this.tokens = tokens;
        this.maps = maps;
        this.tilesets = tilesets;
    }

    @GetMapping("/teams")
    @Requires(on = Requires.On.CALLER)
    String teams(Caller caller, Model model) {
        model.addAttribute("teams", directory.teamsOf(caller));
        return "teams";
    }

    @GetMapping("/teams/{id}")
    @Requires(on = Requires.On.TEAM)
    String team(@PathVariable long id, Caller caller, Model model) {
        Roles.TeamRole role = access.team(caller, id, Action.VIEW);
        boolean manages = role != Roles.TeamRole.MEMBER && !"read".equals(caller.scope());
        model.addAttribute("team", directory.team(id).orElseThrow(() -> Refused.notFound("Team", id)));
        model.addAttribute("role", role.name().toLowerCase(java.util.Locale.ROOT));
        model.addAttribute("manages", manages);
        model.addAttribute("owns", role == Roles.TeamRole.OWNER);
        model.addAttribute("members", directory.teamMembers(id, caller));
        model.addAttribute("projects", directory.teamProjects(id));
        model.addAttribute("invites", manages ? invites.open(Invites.Place.TEAM, id) : List.of());
        model.addAttribute("roles", Invites.Place.TEAM.roles());
        return "team";
    }

    @GetMapping("/projects/{id}")
    @Requires(on = Requires.On.PROJECT)
    String project(@PathVariable long id, Caller caller, Model model) {
        Optional<Roles.ProjectRole> role = access.onProject(caller, id).flatMap(Access.Standing::role);
        boolean maintains = role.map(r -> r.allows(Action.MAINTAIN)).orElse(false);
        model.addAttribute("project", directory.project(id).orElseThrow(() -> Refused.notFound("Project", id)));
        model.addAttribute("role", role.map(Roles.ProjectRole::apiName).orElse(""));
        model.addAttribute("edits", role.map(r -> r.allows(Action.EDIT)).orElse(false));
        model.addAttribute("maintains", maintains);
        model.addAttribute("maps", maps.list(Set.of(id)));
        model.addAttribute("duplicates", maps.duplicateNames(id));
        model.addAttribute("importProject", id);
        model.addAttribute("tilesets", tilesets.list(Set.of(id)));
        model.addAttribute("members", directory.projectMembers(id, caller));
        model.addAttribute("invites", maintains ? invites.open(Invites.Place.PROJECT, id) : List.of());
        model.addAttribute("bots", maintains ? tokens.of(ApiTokens.Owner.PROJECT, id) : List.of());
        model.addAttribute("roles", Invites.Place.PROJECT.roles());
        return "project";
    }
}
