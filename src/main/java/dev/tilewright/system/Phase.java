package dev.tilewright.system;

import org.springframework.context.SmartLifecycle;

/**
 * When background work starts and stops relative to the web server, in one place. Spring starts lower phases first
 * and stops higher phases first; Spring Boot drains Tomcat (graceful shutdown) at {@code DEFAULT_PHASE - 1024} and
 * stops it at {@code DEFAULT_PHASE - 2048}. The embedded PostgreSQL stops last ({@link #DATABASE}), after all of them.
 */
public enum Phase {
    /** Hears other instances' commits: starts once the web server runs, stops before it drains. */
    FEED(SmartLifecycle.DEFAULT_PHASE - 512),
    /** The live socket's senders, group commit and idle sweep: up before the first socket, down after the last. */
    LIVE(SmartLifecycle.DEFAULT_PHASE - 3072),
    /** Threads requests use (PNG strips): up before the web server takes requests, down after it drained them. */
    REQUESTS(SmartLifecycle.DEFAULT_PHASE - 3072),
    /** Writes maps back to their rows: stops after the live group commits stopped, so their last ops are flushed. */
    WRITE_BACK(SmartLifecycle.DEFAULT_PHASE - 4096),
    /** The embedded PostgreSQL: stops after everything else (requests drained, rows written back). */
    DATABASE(Integer.MIN_VALUE + 1);

    private final int value;

    Phase(int value) {
        this.value = value;
    }

    public int value() {
        return value;
    }
}
