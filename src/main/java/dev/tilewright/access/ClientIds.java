package dev.tilewright.access;

import dev.tilewright.core.refusal.Refusal;
import dev.tilewright.core.refusal.Refused;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

import java.util.List;

/**
 * Who a client id belongs to: whoever used it first (a person, else the token). A client numbers its changes under
 * its id (per map) so a resend is answered rather than applied twice; nobody else may send under that id (they could take
 * its numbers, or be answered with its results).
 */
@Component
public class ClientIds {

    private final JdbcTemplate jdbc;

    ClientIds(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    /**
     * Takes a client id on a map for the caller, or checks it is theirs there: a 403 (field clientId) when it is
     * someone else's.
     */
    public void claim(Caller caller, long mapId, String clientId) {
        if (clientId == null) {
            return;
        }
        String select = "SELECT identity FROM client_owners WHERE map_id = ? AND client_id = ?";
        List<String> owner = jdbc.queryForList(select, String.class, mapId, clientId);
        if (owner.isEmpty()) {
            owner = jdbc.queryForList("INSERT INTO client_owners (map_id, client_id, identity) VALUES (?, ?, ?) ON "
                    + "CONFLICT (map_id, client_id) DO NOTHING RETURNING identity", String.class, mapId, clientId,
                    caller.identity());
            if (owner.isEmpty()) { // taken at the same moment by another request
                owner = jdbc.queryForList(select, String.class, mapId, clientId);
            }
        }
        if (!owner.get(0).equals(caller.identity())) {
            throw Refused.of(Refusal.Kind.FORBIDDEN, "Someone else's client id", "This clientId was used by "
                    + "someone else; make a new one (a random one per editor or tool).").with("field", "clientId");
        }
    }
}
