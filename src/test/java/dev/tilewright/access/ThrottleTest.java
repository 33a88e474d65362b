package dev.tilewright.access;

import org.junit.jupiter.api.Tag;
import dev.tilewright.support.Lanes;
import dev.tilewright.support.Api;
import dev.tilewright.support.BrowserSession;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

import java.net.http.HttpResponse;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Failed sign-ins are counted per account and per address (three allowed here): then even the right password is
 * refused with 429 and Retry-After, before it is checked, until the bucket refills. Unknown invite and share links
 * are counted per address the same way.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = {
        "tilewright.database.data-dir=", "tilewright.access.sign-in-failures=3",
        "tilewright.access.link-failures=3"})
@Tag(Lanes.SERVICE)
class ThrottleTest {

    @LocalServerPort
    int port;
    @Autowired
    JdbcTemplate jdbc;

    /** The buckets are in the database other tests' services share: this address starts afresh, and after. */
    @BeforeEach
    @AfterEach
    void forgetTheFailures() {
        jdbc.update("DELETE FROM throttle_buckets");
    }

    @Test
    void afterTheAllowedFailuresSignInIsRefusedWith429AndRetryAfter() {
        Api admin = new Api(port);
        long project = admin.projectOf(admin.newMap("throttled", 2, 2));
        Api.Person target = admin.person("target", project, "viewer");
        BrowserSession browser = new BrowserSession(port);
        for (int i = 0; i < 3; i++) {
            HttpResponse<String> wrong = browser.signIn(target.email(), "not the password " + i);
            assertThat(wrong.statusCode()).isEqualTo(302);
            assertThat(wrong.headers().firstValue("Location").orElseThrow()).contains("/login?error");
        }
        HttpResponse<String> refused = browser.signIn(target.email(), target.password());
        assertThat(refused.statusCode()).as("the right password, but too late").isEqualTo(429);
        long retryAfter = Long.parseLong(refused.headers().firstValue("Retry-After").orElseThrow());
        // one attempt comes back after a third of the 15 minute window
        assertThat(retryAfter).isBetween(1L, 5L * 60);
        assertThat(refused.body()).contains("tilewright.access.sign-in-failures");
        assertThat(browser.get("/api/v1/maps").statusCode()).as("not signed in").isEqualTo(401);

        // the address has used its attempts too: another account from here waits as well
        Api.Person other = admin.person("other", project, "viewer");
        assertThat(new BrowserSession(port).signIn(other.email(), other.password()).statusCode()).isEqualTo(429);
    }

    @Test
    void guessingAtLinksIsRefusedWith429AfterTheAllowedFailures() {
        Api admin = new Api(port);
        long map = admin.newMap("shared", 2, 2);
        String share = admin.postJson("/api/v1/maps/" + map + "/shares", "{\"access\":\"view\"}").json().get("token")
                .asString();
        BrowserSession browser = new BrowserSession(port);
        assertThat(browser.get("/s/tws_made_up").statusCode()).isEqualTo(404);
        assertThat(browser.get("/invites/twi_made_up").statusCode()).isEqualTo(404);
        assertThat(admin.postJson("/api/v1/invites/twi_made_up/accept", "{}").status()).as("the bootstrap token is "
                + "no person").isEqualTo(403);
        assertThat(browser.get("/s/" + share).statusCode()).as("a good link is no failure").isEqualTo(302);
        // one character off (never the same one: a token may end in any of them)
        char last = share.charAt(share.length() - 1);
        assertThat(browser.get("/s/" + share.substring(0, share.length() - 1) + (last == 'x' ? 'y' : 'x')).statusCode())
                .isEqualTo(404);
        HttpResponse<String> refused = browser.get("/s/" + share);
        assertThat(refused.statusCode()).as("even a good link, once the address has used its failures")
                .isEqualTo(429);
        assertThat(Long.parseLong(refused.headers().firstValue("Retry-After").orElseThrow())).isBetween(1L, 5L * 60);
        assertThat(refused.body()).contains("tilewright.access.link-failures");
        assertThat(refused.headers().firstValue("Content-Type").orElseThrow()).as("a page, for people")
                .startsWith("text/html");
    }
}
