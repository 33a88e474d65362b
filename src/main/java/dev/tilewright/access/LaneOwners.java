package dev.tilewright.access;

import dev.tilewright.web.Lanes;
import org.springframework.stereotype.Component;

/**
 * Whom expensive work is for, as the lanes share it out: a person (signed in or by their token), a project (its bot;
 * a share link counts as its map's project, however many links it has), the bootstrap token, or the service itself
 * (work with no caller).
 */
@Component
class LaneOwners implements Lanes.Owners {

    private final Access access;

    LaneOwners(Access access) {
        this.access = access;
    }

    @Override
    public String current() {
        return Caller.current().map(this::owner).orElse("service");
    }

    private String owner(Caller caller) {
        return switch (caller.kind()) {
            case SESSION, PERSONAL_TOKEN -> "user:" + caller.userId();
            case BOT_TOKEN -> "project:" + caller.projectId();
            case SHARE_LINK -> access.onMap(caller, caller.mapId()).map(s -> "project:" + s.projectId())
                    .orElse("link:" + caller.tokenId());
            case BOOTSTRAP_TOKEN -> "bootstrap";
        };
    }
}
