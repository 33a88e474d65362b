package dev.tilewright.access;

import dev.tilewright.support.FeatureTest;
import dev.tilewright.core.refusal.Refused;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;

import java.time.Duration;
import java.time.Instant;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Accounts and API tokens against the real PostgreSQL: what is stored, what signs in, what a token grants. */
@FeatureTest
class AccountsTest {

    @Autowired
    Users users;
    @Autowired
    ApiTokens tokens;
    @Autowired
    JdbcTemplate jdbc;

    private static String email() {
        return "ada-" + UUID.randomUUID() + "@example.com";
    }

    private static String field(Refused problem) {
        return String.valueOf(problem.refusal().extras().get("field"));
    }

    @Test
    void anAccountSignsInWithItsPasswordAndItsEmailInAnyCaseAndIsUniqueByEmail() {
        String email = email();
        Users.User ada = users.create(email, " Ada ", "analytical engine", false);
        assertThat(ada.name()).isEqualTo("Ada");
        assertThat(jdbc.queryForObject("SELECT password_hash FROM users WHERE id = ?", String.class, ada.id()))
                .startsWith("$argon2id$").doesNotContain("analytical");
        assertThat(users.signIn(email.toUpperCase(), "analytical engine")).contains(ada);
        assertThat(users.signIn(email, "analytical enginE")).isEmpty();
        assertThat(users.signIn("nobody-" + email, "analytical engine")).isEmpty();
        assertThatThrownBy(() -> users.create(email.toUpperCase(), "Other", "difference engine", false))
                .isInstanceOfSatisfying(Refused.class, p -> {
                    assertThat(p.kind()).isEqualTo(dev.tilewright.core.refusal.Refusal.Kind.CONFLICT);
                    assertThat(field(p)).isEqualTo("email");
                });
        assertThatThrownBy(() -> users.create(email(), "Bob", "password", false))
                .isInstanceOfSatisfying(Refused.class, p -> assertThat(field(p)).isEqualTo("password"));
        assertThatThrownBy(() -> users.create("not an email", "Bob", "difference engine", false))
                .isInstanceOfSatisfying(Refused.class, p -> assertThat(field(p)).isEqualTo("email"));
        assertThatThrownBy(() -> users.create(email(), "  ", "difference engine", false))
                .isInstanceOfSatisfying(Refused.class, p -> assertThat(field(p)).isEqualTo("name"));
    }

    @Test
    void aTokenGrantsWhatItWasMadeForUntilItIsRevokedOrExpiresAndOnlyItsHashIsKept() {
        Users.User ada = users.create(email(), "Ada", "analytical engine", false);
        ApiTokens.Made made = tokens.personal(ada.id(), "ci", "read", null);
        assertThat(made.token()).startsWith("twp_").hasSize(53);
        assertThat(made.expiresAt()).isBetween(Instant.now().plus(Duration.ofDays(30)).minusSeconds(60),
                Instant.now().plus(Duration.ofDays(30)).plusSeconds(60));
        assertThat(jdbc.queryForObject("SELECT count(*) FROM tokens WHERE id = ? AND hash = sha256(convert_to(?, "
                + "'UTF8')) AND position(? in hint || name || scope) = 0", Integer.class, made.id(), made.token(),
                made.token().substring(4, 40))).as("its SHA-256 and hint are kept, not the secret").isEqualTo(1);

        ApiTokens.Grant grant = tokens.authenticate(made.token()).orElseThrow();
        assertThat(grant.kind()).isEqualTo(Tokens.Kind.PERSONAL);
        assertThat(grant.userId()).isEqualTo(ada.id());
        assertThat(grant.scope()).isEqualTo("read");
        assertThat(tokens.of(ApiTokens.Owner.USER, ada.id())).singleElement().satisfies(listed -> {
            assertThat(listed.name()).isEqualTo("ci");
            assertThat(listed.hint()).isEqualTo(made.hint());
            assertThat(listed.lastUsedAt()).as("its use recorded").isNotNull();
        });

        char last = made.token().charAt(52);
        String typo = made.token().substring(0, 52) + (last == 'a' ? 'b' : 'a');
        assertThat(tokens.authenticate(typo)).isEmpty();
        assertThat(tokens.authenticate(new Tokens(new java.security.SecureRandom()).generate(Tokens.Kind.PERSONAL)))
                .as("well formed but unknown").isEmpty();

        assertThat(tokens.revoke(ApiTokens.Owner.USER, ada.id() + 1_000_000, made.id())).as("not someone else's")
                .isFalse();
        assertThat(tokens.revoke(ApiTokens.Owner.USER, ada.id(), made.id())).isTrue();
        assertThat(tokens.authenticate(made.token())).as("revoked at once").isEmpty();
        assertThat(tokens.of(ApiTokens.Owner.USER, ada.id())).isEmpty();

        ApiTokens.Made old = tokens.personal(ada.id(), "old", "write", 1);
        jdbc.update("UPDATE tokens SET expires_at = now() - interval '1 second' WHERE id = ?", old.id());
        assertThat(tokens.authenticate(old.token())).as("expired").isEmpty();
    }

    @Test
    void aTokensLastUseIsWrittenAtMostEveryTenMinutes() {
        Users.User ada = users.create(email(), "Ada", "analytical engine", false);
        ApiTokens.Made made = tokens.personal(ada.id(), "ci", "write", 7);
        tokens.authenticate(made.token());
        jdbc.update("UPDATE tokens SET last_used_at = now() - interval '5 minutes' WHERE id = ?", made.id());
        Instant fiveAgo = jdbc.queryForObject("SELECT last_used_at FROM tokens WHERE id = ?", java.sql.Timestamp.class,
                made.id()).toInstant();
        tokens.authenticate(made.token());
        assertThat(jdbc.queryForObject("SELECT last_used_at FROM tokens WHERE id = ?", java.sql.Timestamp.class,
                made.id()).toInstant()).as("not written again within ten minutes").isEqualTo(fiveAgo);
        jdbc.update("UPDATE tokens SET last_used_at = now() - interval '11 minutes' WHERE id = ?", made.id());
        tokens.authenticate(made.token());
        assertThat(jdbc.queryForObject("SELECT last_used_at FROM tokens WHERE id = ?", java.sql.Timestamp.class,
                made.id()).toInstant()).isAfter(fiveAgo);
    }

    @Test
    void everyTokenExpiresWithinTheLimitAndBotAndShareTokensActWhereTheyWereMade() {
        Users.User ada = users.create(email(), "Ada", "analytical engine", false);
        assertThatThrownBy(() -> tokens.personal(ada.id(), "forever", "read", 366))
                .isInstanceOfSatisfying(Refused.class, p -> assertThat(field(p)).isEqualTo("expiresInDays"));
        assertThatThrownBy(() -> tokens.personal(ada.id(), "never", "read", 0))
                .isInstanceOfSatisfying(Refused.class, p -> assertThat(field(p)).isEqualTo("expiresInDays"));
        assertThatThrownBy(() -> tokens.personal(ada.id(), "root", "admin", 5))
                .isInstanceOfSatisfying(Refused.class, p -> assertThat(field(p)).isEqualTo("scopes"));
        long project = jdbc.queryForObject("SELECT id FROM projects WHERE is_default", Long.class);
        ApiTokens.Made bot = tokens.bot(project, asPerson(ada.id()), "pipeline", "write", 365);
        assertThat(bot.token()).startsWith("twb_");
        ApiTokens.Grant botGrant = tokens.authenticate(bot.token()).orElseThrow();
        assertThat(botGrant.projectId()).isEqualTo(project);
        assertThat(botGrant.userId()).as("a bot acts as no one").isNull();
        long mapId = jdbc.queryForObject("INSERT INTO maps (project_id, name, width, height, tile_width, tile_height, "
                + "version, next_layer_id, next_object_id, genesis) VALUES (?, 's', 2, 2, 16, 16, 0, 1, 1, '{}') "
                + "RETURNING id", Long.class, project);
        ApiTokens.Made share = tokens.share(mapId, asPerson(ada.id()), "review", "view", null);
        assertThat(share.token()).startsWith("tws_");
        assertThat(tokens.authenticate(share.token()).orElseThrow().mapId()).isEqualTo(mapId);
        assertThatThrownBy(() -> tokens.share(mapId, asPerson(ada.id()), "review", "write", null))
                .isInstanceOfSatisfying(Refused.class, p -> assertThat(field(p)).isEqualTo("access"));
        jdbc.update("DELETE FROM users WHERE id = ?", ada.id());
        assertThat(tokens.authenticate(bot.token())).as("a bot token outlives its maker").isPresent();
    }

    /** Someone signed in in a browser (no token of theirs to cap what they make). */
    private static Caller asPerson(long userId) {
        return new Caller(Caller.Kind.SESSION, userId, "Ada", false, null, null, null, null, null);
    }
}
