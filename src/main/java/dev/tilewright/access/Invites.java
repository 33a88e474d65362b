package dev.tilewright.access;

import dev.tilewright.config.AccessProperties;
import dev.tilewright.core.refusal.Refusal;
import dev.tilewright.core.refusal.Refused;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;

import java.security.SecureRandom;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Optional;

/**
 * Invites to a team or a project, without a mail server: a link with a code ({@code twi_…}, the form of
 * {@link Tokens}) that its maker hands on. Shown once; only its hash is kept; single use, expiring, revocable. The
 * one who accepts gets the invite's role there, or keeps a higher one they already had (the highest grant wins).
 */
@Component
public class Invites {

    /** Where an invite leads: a team or a project. */
    public enum Place {
        TEAM("team_id", "team_members", "team", List.of("member", "admin", "owner")),
        PROJECT("project_id", "project_members", "project", List.of("viewer", "commenter", "editor", "maintainer"));

        private final String column;
        private final String members;
        private final String apiName;
        /** lowest first */
        private final List<String> roles;

        Place(String column, String members, String apiName, List<String> roles) {
            this.column = column;
            this.members = members;
            this.apiName = apiName;
            this.roles = roles;
        }

        public String apiName() {
            return apiName;
        }

        public List<String> roles() {
            return roles;
        }
    }

    /** An invite just made: {@code code} is its secret, shown this once. */
    public record Made(long id, String code, String role, Instant expiresAt) {
    }

    /** An open invite as its place's list shows it: never the code. */
    public record Listed(long id, String hint, String role, String createdBy, Instant createdAt, Instant expiresAt) {
    }

    /** What an open invite offers, as the page its link opens shows it. */
    public record Offer(Place place, long placeId, String placeName, String teamName, String role, String invitedBy,
                        Instant expiresAt) {
    }

    /** An accepted invite: where the person now is, with which role (theirs if it was higher). */
    public record Accepted(String kind, long id, String role) {
    }

    private final JdbcTemplate jdbc;
    private final TransactionTemplate tx;
    private final AccessProperties properties;
    private final Tokens codes = new Tokens(new SecureRandom());

    Invites(JdbcTemplate jdbc, TransactionTemplate tx, AccessProperties properties) {
        this.jdbc = jdbc;
        this.tx = tx;
        this.properties = properties;
    }

    /** Makes an invite to a team or a project with a role of that place (422 field role otherwise). */
    public Made make(Place place, long placeId, String role, Long createdBy, Integer expiresInDays) {
        if (role == null || !place.roles.contains(role)) {
            throw Refused.invalidField("role", "An invite to a " + place.apiName + " gives one of the roles "
                    + place.roles + ".");
        }
        int days = expiresInDays == null ? properties.inviteDefaultDays() : expiresInDays;
        if (days < 1 || days > properties.inviteMaxDays()) {
            throw Refused.overLimit(Refusal.Kind.INVALID, "tilewright.access.invite-max-days",
                    properties.inviteMaxDays(), "An invite expires in 1 to " + properties.inviteMaxDays()
                            + " days, not " + days).with("field", "expiresInDays");
        }
        String code = codes.generate(Tokens.Kind.INVITE);
        Instant expires = Instant.now().plus(days, ChronoUnit.DAYS).truncatedTo(ChronoUnit.SECONDS);
        long id = jdbc.queryForObject("INSERT INTO invites (hash, hint, " + place.column + ", role, created_by, "
                        + "expires_at) VALUES (?, ?, ?, ?, ?, ?) RETURNING id", Long.class, Tokens.hash(code),
                Tokens.hint(code), placeId, role, createdBy, Timestamp.from(expires));
        return new Made(id, code, role, expires);
    }

    /** The open invites of a team or project (not accepted, revoked or expired), newest first. */
    public List<Listed> open(Place place, long placeId) {
        return jdbc.query("SELECT i.id, i.hint, i.role, u.name, i.created_at, i.expires_at FROM invites i LEFT JOIN "
                + "users u ON u.id = i.created_by WHERE i." + place.column + " = ? AND i.accepted_at IS NULL AND "
                + "i.revoked_at IS NULL AND i.expires_at > now() ORDER BY i.id DESC", (rs, row) -> new Listed(
                rs.getLong(1), rs.getString(2), rs.getString(3), rs.getString(4), rs.getTimestamp(5).toInstant(),
                rs.getTimestamp(6).toInstant()), placeId);
    }

    /** Revokes an open invite of a team or project; false when it has no such open invite. */
    public boolean revoke(Place place, long placeId, long inviteId) {
        return jdbc.update("UPDATE invites SET revoked_at = now() WHERE id = ? AND " + place.column + " = ? AND "
                + "accepted_at IS NULL AND revoked_at IS NULL", inviteId, placeId) == 1;
    }

    /** What an open invite offers; empty for a malformed, unknown, used, revoked or expired code. */
    public Optional<Offer> find(String code) {
        if (Tokens.kind(code).filter(kind -> kind == Tokens.Kind.INVITE).isEmpty()) {
            return Optional.empty();
        }
        return jdbc.query("SELECT i.team_id, i.project_id, coalesce(t.name, pt.name), p.name, i.role, u.name, "
                + "i.expires_at FROM invites i LEFT JOIN teams t ON t.id = i.team_id LEFT JOIN projects p ON "
                + "p.id = i.project_id LEFT JOIN teams pt ON pt.id = p.team_id LEFT JOIN users u ON u.id = "
                + "i.created_by WHERE i.hash = ? AND i.accepted_at IS NULL AND i.revoked_at IS NULL AND "
                + "i.expires_at > now()", (rs, row) -> {
                    Long team = (Long) rs.getObject(1);
                    return team != null
                            ? new Offer(Place.TEAM, team, rs.getString(3), rs.getString(3), rs.getString(5),
                            rs.getString(6), rs.getTimestamp(7).toInstant())
                            : new Offer(Place.PROJECT, rs.getLong(2), rs.getString(4), rs.getString(3),
                            rs.getString(5), rs.getString(6), rs.getTimestamp(7).toInstant());
                }, Tokens.hash(code)).stream().findFirst();
    }

    /**
     * Accepts an open invite for a person, once (two people racing for one code: one wins): they join its team or
     * project with its role, or keep the higher role they had. Empty for a code that is not an open invite.
     */
    public Optional<Accepted> accept(String code, long userId) {
        if (Tokens.kind(code).filter(kind -> kind == Tokens.Kind.INVITE).isEmpty()) {
            return Optional.empty();
        }
        return tx.execute(status -> {
            List<Object[]> taken = jdbc.query("UPDATE invites SET accepted_at = now(), accepted_by = ? WHERE hash = ? "
                    + "AND accepted_at IS NULL AND revoked_at IS NULL AND expires_at > now() RETURNING team_id, "
                    + "project_id, role", (rs, row) -> new Object[]{rs.getObject(1), rs.getObject(2),
                    rs.getString(3)}, userId, Tokens.hash(code));
            if (taken.isEmpty()) {
                return Optional.<Accepted>empty();
            }
            Place place = taken.get(0)[0] != null ? Place.TEAM : Place.PROJECT;
            long placeId = ((Number) (place == Place.TEAM ? taken.get(0)[0] : taken.get(0)[1])).longValue();
            String ranks = "ARRAY['" + String.join("','", place.roles) + "']";
            String role = jdbc.queryForObject("INSERT INTO " + place.members + " (" + place.column + ", user_id, role) "
                    + "VALUES (?, ?, ?) ON CONFLICT (" + place.column + ", user_id) DO UPDATE SET role = CASE WHEN "
                    + "array_position(" + ranks + ", excluded.role) > array_position(" + ranks + ", " + place.members
                    + ".role) THEN excluded.role ELSE " + place.members + ".role END RETURNING role", String.class,
                    placeId, userId, taken.get(0)[2]);
            return Optional.of(new Accepted(place.apiName, placeId, role));
        });
    }
}
