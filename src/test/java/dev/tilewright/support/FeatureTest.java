package dev.tilewright.support;

import org.springframework.boot.test.context.SpringBootTest;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The whole service on a random port against a real, throw-away embedded PostgreSQL (a blank data dir). All
 * feature tests share one context and one database, so each test makes its own tilesets and maps.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = "tilewright.database.data-dir=")
public @interface FeatureTest {
}
