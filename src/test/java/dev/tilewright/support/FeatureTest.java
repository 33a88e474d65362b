package dev.tilewright.support;

import org.junit.jupiter.api.Tag;
import org.springframework.boot.test.context.SpringBootTest;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The whole service on a random port against a real, throw-away embedded PostgreSQL (a blank data dir). All
 * feature tests share one context and one database, so each test makes its own tilesets and maps. (Every context
 * kept holds a pool of connections to the one embedded PostgreSQL: a test with settings of its own costs one more.)
 * Webhooks may deliver to a receiver on loopback, retry after a short pause and tell of edits soon; checks run soon
 * after edits; a map's review threads hold 20,000 bytes of text (ReviewLimitsTest fills them); a rules preview
 * evaluates at most 4,000,000 cell-rules (RulesApiTest reaches it); a map's checks run for at most 2 s
 * (ChecksApiTest's slow project reaches it).
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Tag(Lanes.SERVICE)
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {"tilewright.database.data-dir=", "tilewright.webhooks.allow-loopback=true",
                "tilewright.webhooks.retry-base-ms=300", "tilewright.webhooks.debounce-ms=300",
                "tilewright.checks.debounce-ms=100", "tilewright.review.max-map-bytes=20000",
                "tilewright.autotile.max-preview-work=4000000", "tilewright.checks.run-budget-ms=2000"})
public @interface FeatureTest {
}
