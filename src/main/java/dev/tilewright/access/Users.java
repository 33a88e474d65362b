package dev.tilewright.access;

import dev.tilewright.core.refusal.Refusal;
import dev.tilewright.core.refusal.Refused;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;

import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/** The people with accounts: made with a password the policy takes, found by email without case. */
@Component
public class Users {

    /** Someone with an account, as the rest of the service sees them (never their password hash). */
    public record User(long id, String email, String name, boolean instanceAdmin) {
    }

    public static final int MAX_EMAIL = 254;
    private static final Pattern EMAIL = Pattern.compile("[^@\\s]+@[^@\\s]+");

    private final JdbcTemplate jdbc;
    private final Passwords passwords;
    private final TransactionTemplate tx;
    /**
     * Checked against when an email has no account, so a wrong email takes as long as a wrong password; made on the
     * first such sign-in (an Argon2 hash is too dear for every start).
     */
    private volatile String decoy;

    Users(JdbcTemplate jdbc, Passwords passwords, TransactionTemplate tx) {
        this.jdbc = jdbc;
        this.passwords = passwords;
        this.tx = tx;
    }

    /**
     * Makes the instance admin, owner of the team "Default" (a team always keeps an owner), if there is no account
     * yet; empty when there is one (then nobody is made). Several instances starting on one database make one.
     */
    public Optional<User> createFirstAdmin(String email, String name, String password) {
        return tx.execute(status -> {
            jdbc.execute("LOCK TABLE users IN SHARE ROW EXCLUSIVE MODE");
            if (count() > 0) {
                return Optional.<User>empty();
            }
            User admin = create(email, name, password, true);
            jdbc.update("INSERT INTO team_members (team_id, user_id, role) SELECT team_id, ?, 'owner' FROM projects "
                    + "WHERE is_default", admin.id());
            return Optional.of(admin);
        });
    }

    /** Makes an account; the email must be free (409), the password must meet the policy (422, field password). */
    public User create(String email, String name, String password, boolean instanceAdmin) {
        String address = checkedEmail(email);
        String shown = Names.shown(name, "; others see it");
        return insert(address, shown, passwords.hash(password), instanceAdmin);
    }

    /**
     * Makes an account that signs in through an OpenID Connect provider only (no password), bound to its identity
     * there (issuer and subject, never the email); the email must be free (409).
     */
    public User createWithIdentity(String email, String name, String issuer, String subject) {
        String address = checkedEmail(email);
        String shown = Names.shown(name, "; others see it");
        return tx.execute(status -> {
            User user = insert(address, shown, null, false);
            link(user.id(), issuer, subject);
            return user;
        });
    }

    /** Binds an OpenID Connect identity to an account (409 when it is someone else's already). */
    public void link(long userId, String issuer, String subject) {
        if (jdbc.update("INSERT INTO user_identities (issuer, subject, user_id) VALUES (?, ?, ?) ON CONFLICT "
                + "(issuer, subject) DO NOTHING", issuer, subject, userId) == 0
                && findByIdentity(issuer, subject).map(u -> u.id() != userId).orElse(true)) {
            throw Refused.of(Refusal.Kind.CONFLICT, "Identity taken", "This sign-in is bound to another account.");
        }
    }

    /** The account an OpenID Connect identity (issuer and subject) is bound to. */
    public Optional<User> findByIdentity(String issuer, String subject) {
        return jdbc.query("SELECT u.id, u.email, u.name, u.instance_admin FROM user_identities i JOIN users u ON "
                        + "u.id = i.user_id WHERE i.issuer = ? AND i.subject = ?",
                (rs, row) -> new User(rs.getLong(1), rs.getString(2), rs.getString(3), rs.getBoolean(4)), issuer,
                subject).stream().findFirst();
    }

    private User insert(String address, String shown, String hash, boolean instanceAdmin) {
        List<Long> id = jdbc.queryForList("INSERT INTO users (email, name, password_hash, instance_admin, "
                        + "password_changed_at) VALUES (?, ?, ?, ?, CASE WHEN ? THEN now() END) ON CONFLICT "
                        + "((lower(email))) DO NOTHING RETURNING id", Long.class, address, shown, hash, instanceAdmin,
                hash != null);
        if (id.isEmpty()) {
            throw Refused.of(Refusal.Kind.CONFLICT, "Email taken", "There is an account with this email already.")
                    .with("field", "email");
        }
        return new User(id.get(0), address, shown, instanceAdmin);
    }

    private static String checkedEmail(String email) {
        String address = email == null ? "" : email.strip();
        if (address.length() > MAX_EMAIL || !EMAIL.matcher(address).matches()) {
            throw Refused.invalidField("email", "Give an email address (name@example.com), at most " + MAX_EMAIL
                    + " characters.");
        }
        return address;
    }

    /** The account an email and password sign in to; empty for a wrong email or password (alike, in time too). */
    public Optional<User> signIn(String email, String password) {
        List<Object[]> found = jdbc.query("SELECT id, email, name, instance_admin, password_hash FROM users "
                        + "WHERE lower(email) = lower(?)",
                (rs, row) -> new Object[]{new User(rs.getLong(1), rs.getString(2), rs.getString(3), rs.getBoolean(4)),
                        rs.getString(5)}, email == null ? "" : email.strip());
        if (found.isEmpty() || found.get(0)[1] == null) {
            String against = decoy;
            if (against == null) {
                decoy = against = passwords.hash("decoy password that is never anybody's " + System.nanoTime());
            }
            passwords.matches(password == null ? "" : password, against);
            return Optional.empty();
        }
        return passwords.matches(password, (String) found.get(0)[1]) ? Optional.of((User) found.get(0)[0])
                : Optional.empty();
    }

    /**
     * Changes a person's password, which must meet the policy (422, field newPassword); the current one must be right
     * (403, field currentPassword) unless {@code current} is null (the instance admin resetting it).
     */
    public void changePassword(long id, String current, String next) {
        if (current != null) {
            String hash = jdbc.queryForList("SELECT password_hash FROM users WHERE id = ?", String.class, id).stream()
                    .findFirst().orElse(null);
            if (hash == null || !passwords.matches(current, hash)) {
                throw Refused.of(Refusal.Kind.FORBIDDEN, "Wrong password", "The current password is not right.")
                        .with("field", "currentPassword");
            }
        }
        String hash;
        try {
            hash = passwords.hash(next);
        } catch (Refused refused) {
            throw refused.with("field", "newPassword");
        }
        jdbc.update("UPDATE users SET password_hash = ?, password_changed_at = now() WHERE id = ?", hash, id);
    }

    /** Renames a person, changes their email (free, 409 otherwise) or whether they are the instance admin. */
    public User update(long id, String name, String email, Boolean instanceAdmin) {
        User user = find(id).orElseThrow(() -> Refused.notFound("User", id));
        String shown = name == null ? user.name() : Names.shown(name, "; others see it");
        String address = email == null ? user.email() : checkedEmail(email);
        boolean admin = instanceAdmin == null ? user.instanceAdmin() : instanceAdmin;
        return tx.execute(status -> {
            jdbc.execute("LOCK TABLE users IN SHARE ROW EXCLUSIVE MODE");
            if (!jdbc.queryForList("SELECT 1 FROM users WHERE lower(email) = lower(?) AND id <> ?", Integer.class,
                    address, id).isEmpty()) {
                throw Refused.of(Refusal.Kind.CONFLICT, "Email taken", "There is an account with this email "
                        + "already.").with("field", "email");
            }
            jdbc.update("UPDATE users SET name = ?, email = ?, instance_admin = ? WHERE id = ?", shown, address, admin,
                    id);
            keepsAnAdmin();
            return new User(id, address, shown, admin);
        });
    }

    /**
     * Deletes an account: its memberships and personal tokens go with it, its edits keep their author's name. Refused
     * (409) when it is the last instance admin or the only owner of a team.
     */
    public void delete(long id) {
        tx.executeWithoutResult(status -> {
            jdbc.execute("LOCK TABLE users IN SHARE ROW EXCLUSIVE MODE");
            List<String> owned = jdbc.queryForList("SELECT t.name FROM teams t JOIN team_members m ON m.team_id = t.id "
                    + "WHERE m.user_id = ? AND m.role = 'owner' AND NOT EXISTS (SELECT 1 FROM team_members o WHERE "
                    + "o.team_id = t.id AND o.role = 'owner' AND o.user_id <> ?)", String.class, id, id);
            if (!owned.isEmpty()) {
                throw Refused.of(Refusal.Kind.CONFLICT, "Only owner of a team", "This person is the only owner of "
                        + owned + "; make someone else owner first.");
            }
            if (jdbc.update("DELETE FROM users WHERE id = ?", id) == 0) {
                throw Refused.notFound("User", id);
            }
            keepsAnAdmin();
        });
    }

    private void keepsAnAdmin() {
        if (jdbc.queryForObject("SELECT count(*) FROM users WHERE instance_admin", Long.class) == 0) {
            throw Refused.of(Refusal.Kind.CONFLICT, "The instance keeps an admin", "This would leave the instance "
                    + "without an admin; make someone else admin first.").with("field", "instanceAdmin");
        }
    }

    /** An account by id. */
    public Optional<User> find(long id) {
        return jdbc.query("SELECT id, email, name, instance_admin FROM users WHERE id = ?",
                (rs, row) -> new User(rs.getLong(1), rs.getString(2), rs.getString(3), rs.getBoolean(4)), id)
                .stream().findFirst();
    }

    /** Every account, by id. */
    public List<User> all() {
        return jdbc.query("SELECT id, email, name, instance_admin FROM users ORDER BY id",
                (rs, row) -> new User(rs.getLong(1), rs.getString(2), rs.getString(3), rs.getBoolean(4)));
    }

    /** How many accounts there are (none: the instance is waiting for its first, the admin). */
    public long count() {
        return jdbc.queryForObject("SELECT count(*) FROM users", Long.class);
    }
}
