package dev.tilewright.access;

import dev.tilewright.access.Invites.Place;
import dev.tilewright.access.Roles.Action;
import dev.tilewright.core.refusal.Refusal;
import dev.tilewright.core.refusal.Refused;
import jakarta.servlet.http.HttpServletRequest;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.servlet.support.ServletUriComponentsBuilder;

import java.net.URI;
import java.time.Instant;
import java.util.List;

/**
 * Invites over the API: a team's owners and admins invite to the team (owners only make owners), a project's
 * maintainers to the project; the answer carries the code and the link to hand on, this once. Whoever is signed in
 * accepts with the code; unknown codes count against the address's lookups ({@link Throttle}).
 */
@RestController
class InvitesController {

    private final Invites invites;
    private final Access access;
    private final Throttle throttle;

    InvitesController(Invites invites, Access access, Throttle throttle) {
        this.invites = invites;
        this.access = access;
        this.throttle = throttle;
    }

    record NewInvite(String role, Integer expiresInDays) {
    }

    /** An invite just made: {@code url} (with the code in it) is what to hand on, shown this once. */
    record MadeInvite(long id, String code, String url, String role, Instant expiresAt) {
    }

    @PostMapping("/api/v1/teams/{id}/invites")
    @Requires(value = Action.MAINTAIN, on = Requires.On.TEAM)
    ResponseEntity<MadeInvite> inviteToTeam(@PathVariable long id, @RequestBody NewInvite body, Caller caller) {
        if ("owner".equals(body.role())) {
            access.teamOwner(caller, id, "invites owners");
        }
        return made(Place.TEAM, id, body, caller);
    }

    @PostMapping("/api/v1/projects/{id}/invites")
    @Requires(value = Action.MAINTAIN, on = Requires.On.PROJECT)
    ResponseEntity<MadeInvite> inviteToProject(@PathVariable long id, @RequestBody NewInvite body, Caller caller) {
        return made(Place.PROJECT, id, body, caller);
    }

    @GetMapping("/api/v1/teams/{id}/invites")
    @Requires(value = Action.MAINTAIN, on = Requires.On.TEAM)
    List<Invites.Listed> teamInvites(@PathVariable long id) {
        return invites.open(Place.TEAM, id);
    }

    @GetMapping("/api/v1/projects/{id}/invites")
    @Requires(value = Action.MAINTAIN, on = Requires.On.PROJECT)
    List<Invites.Listed> projectInvites(@PathVariable long id) {
        return invites.open(Place.PROJECT, id);
    }

    @DeleteMapping("/api/v1/teams/{id}/invites/{inviteId}")
    @Requires(value = Action.MAINTAIN, on = Requires.On.TEAM)
    ResponseEntity<Void> revokeTeamInvite(@PathVariable long id, @PathVariable long inviteId) {
        return revoked(Place.TEAM, id, inviteId);
    }

    @DeleteMapping("/api/v1/projects/{id}/invites/{inviteId}")
    @Requires(value = Action.MAINTAIN, on = Requires.On.PROJECT)
    ResponseEntity<Void> revokeProjectInvite(@PathVariable long id, @PathVariable long inviteId) {
        return revoked(Place.PROJECT, id, inviteId);
    }

    /** Accepts an invite for the signed-in person (or their personal token with write scope): once, and only open. */
    @PostMapping("/api/v1/invites/{code}/accept")
    @Requires(on = Requires.On.CALLER)
    Invites.Accepted accept(@PathVariable String code, Caller caller, HttpServletRequest request) {
        long user = caller.person(true);
        return throttle.lookup(request.getRemoteAddr(), () -> invites.accept(code, user)).orElseThrow(() ->
                Refused.of(Refusal.Kind.NOT_FOUND, "No such invite", "The invite is unknown, used, revoked or "
                        + "expired; ask for a new one."));
    }

    private ResponseEntity<MadeInvite> made(Place place, long id, NewInvite body, Caller caller) {
        Invites.Made made = invites.make(place, id, body.role(), caller.userId(), body.expiresInDays());
        String url = ServletUriComponentsBuilder.fromCurrentContextPath().path("/invites/{code}")
                .buildAndExpand(made.code()).toUriString();
        return ResponseEntity.created(URI.create("/api/v1/" + place.apiName() + "s/" + id + "/invites/" + made.id()))
                .body(new MadeInvite(made.id(), made.code(), url, made.role(), made.expiresAt()));
    }

    private ResponseEntity<Void> revoked(Place place, long id, long inviteId) {
        if (!invites.revoke(place, id, inviteId)) {
            throw Refused.notFound("Invite", inviteId);
        }
        return ResponseEntity.noContent().build();
    }
}
