package dev.tilewright.map;

import dev.tilewright.access.Caller;

/**
 * Who made a change, as the op log keeps it: a person ({@code id}), or a token acting for nobody in particular (a
 * project's bot, the bootstrap token: {@code tokenId}), with the name shown at the time.
 *
 * @param id      the person's user id, else null
 * @param tokenId the token's id when no person made it (null for the bootstrap token)
 * @param name    the name shown for the change
 */
public record Author(Long id, Long tokenId, String name) {

    /** The author of what a caller does. */
    public static Author of(Caller caller) {
        return new Author(caller.userId(), caller.userId() == null ? caller.tokenId() : null, caller.name());
    }
}
