package dev.tilewright.support;

/**
 * The two test lanes. {@code ./mvnw test} (surefire) runs unit, property and node tests: no service, no PostgreSQL,
 * no browser, no other JVM. {@code ./mvnw verify} runs those and then (failsafe) every test class tagged
 * {@code @Tag(Lanes.SERVICE)}: the service in process or in a process of its own, the embedded PostgreSQL, headless
 * Chromium. {@link FeatureTest} carries the tag; ArchitectureTest fails on a test class that starts any of those
 * without it.
 */
public final class Lanes {

    /** The tag of a test class that needs the service, PostgreSQL, a browser or a JVM of its own. */
    public static final String SERVICE = "service";

    private Lanes() {
    }
}
