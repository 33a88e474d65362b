package dev.tilewright.access;

import org.junit.jupiter.api.Tag;
import dev.tilewright.support.Lanes;
import dev.tilewright.support.Api;
import dev.tilewright.support.BrowserSession;
import no.nav.security.mock.oauth2.MockOAuth2Server;
import no.nav.security.mock.oauth2.token.DefaultOAuth2TokenCallback;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Sign-in through an OpenID Connect provider (an in-process one, mock-oauth2-server), configured by properties alone:
 * a new identity makes an account, the same identity (issuer and subject, never the email) comes back to it, a
 * signed-in person links one to theirs, and an identity whose email is an existing account's is refused, saying why.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = "tilewright.database.data-dir=")
@Tag(Lanes.SERVICE)
class OidcSignInTest {

    static final MockOAuth2Server PROVIDER = new MockOAuth2Server();

    static {
        PROVIDER.start();
    }

    @LocalServerPort
    int port;
    @Autowired
    JdbcTemplate jdbc;

    @DynamicPropertySource
    static void provider(DynamicPropertyRegistry registry) {
        String prefix = "spring.security.oauth2.client.";
        registry.add(prefix + "registration.studio.client-id", () -> "tilewright");
        registry.add(prefix + "registration.studio.client-secret", () -> "secret");
        registry.add(prefix + "registration.studio.client-name", () -> "Studio SSO");
        registry.add(prefix + "registration.studio.scope", () -> "openid,email,profile");
        registry.add(prefix + "provider.studio.issuer-uri", () -> PROVIDER.issuerUrl("studio").toString());
    }

    @AfterAll
    static void stop() {
        PROVIDER.shutdown();
    }

    /** The provider's next sign-in: this subject with these claims. */
    private static void next(String subject, Map<String, Object> claims) {
        PROVIDER.enqueueCallback(new DefaultOAuth2TokenCallback("studio", subject, "JWT", List.of("tilewright"),
                claims, 3600));
    }

    /** A browser goes through the provider's sign-in; the answer of our callback. */
    private HttpResponse<String> signInWithProvider(BrowserSession browser) {
        HttpResponse<String> toProvider = browser.get("/oauth2/authorization/studio");
        assertThat(toProvider.statusCode()).isEqualTo(302);
        HttpResponse<String> back = browser.getAbsolute(toProvider.headers().firstValue("Location").orElseThrow());
        assertThat(back.statusCode()).as("the provider signs in without asking").isEqualTo(302);
        return browser.getAbsolute(back.headers().firstValue("Location").orElseThrow());
    }

    @Test
    void aNewIdentityMakesAnAccountAndComesBackToIt() {
        BrowserSession browser = new BrowserSession(port);
        assertThat(browser.get("/login").body()).contains("Sign in with Studio SSO");
        String subject = "sub-" + UUID.randomUUID();
        String email = "sso." + UUID.randomUUID() + "@studio.test";
        next(subject, Map.of("email", email, "name", "Sso Person"));
        HttpResponse<String> done = signInWithProvider(browser);
        assertThat(done.statusCode()).isEqualTo(302);
        assertThat(done.headers().firstValue("Location").orElseThrow()).endsWith("/maps");
        String me = browser.get("/api/v1/me").body();
        assertThat(me).contains("\"kind\":\"session\"").contains("\"name\":\"Sso Person\"").contains(email);
        assertThat(jdbc.queryForObject("SELECT count(*) FROM user_identities WHERE subject = ?", Long.class,
                subject)).isEqualTo(1);

        // the same subject, now with another email: still the same account (bound by issuer and subject)
        BrowserSession again = new BrowserSession(port);
        next(subject, Map.of("email", "changed." + email, "name", "Sso Person"));
        signInWithProvider(again);
        assertThat(again.get("/api/v1/me").body()).contains(email);
        assertThat(jdbc.queryForObject("SELECT count(*) FROM users WHERE lower(email) LIKE ?", Long.class,
                "%" + email)).isEqualTo(1);
        // an account made this way has no password to sign in with
        assertThat(jdbc.queryForObject("SELECT password_hash IS NULL FROM users WHERE email = ?", Boolean.class,
                email)).isTrue();
    }

    @Test
    void anExistingEmailIsRefusedUntilItsPersonLinksTheIdentity() {
        Api admin = new Api(port);
        long project = admin.projectOf(admin.newMap("sso", 2, 2));
        Api.Person pat = admin.person("Pat", project, "editor");
        String subject = "sub-" + UUID.randomUUID();

        BrowserSession stranger = new BrowserSession(port);
        next(subject, Map.of("email", pat.email(), "name", "Not Pat"));
        HttpResponse<String> refused = signInWithProvider(stranger);
        assertThat(refused.headers().firstValue("Location").orElseThrow()).contains("/login?providerError");
        assertThat(stranger.get("/login?providerError").body()).contains("There is an account with this email");
        assertThat(stranger.get("/api/v1/me").statusCode()).isEqualTo(401);

        BrowserSession patsBrowser = new BrowserSession(port);
        patsBrowser.signIn(pat.email(), pat.password());
        next(subject, Map.of("email", pat.email(), "name", "Pat"));
        signInWithProvider(patsBrowser);
        assertThat(patsBrowser.get("/api/v1/me").body()).contains("\"name\":\"Pat\"");

        BrowserSession later = new BrowserSession(port);
        next(subject, Map.of("email", pat.email(), "name", "Pat"));
        signInWithProvider(later);
        assertThat(later.get("/api/v1/me").body()).as("linked: the identity signs in as Pat")
                .contains("\"id\":" + pat.id());
    }
}
