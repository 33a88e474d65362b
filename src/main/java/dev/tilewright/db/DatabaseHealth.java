package dev.tilewright.db;

import dev.tilewright.config.StorageProperties;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The database's part of {@code /actuator/health} (in place of Spring Boot's, which waits as long as the driver
 * does): {@code SELECT 1} on a thread of its own, DOWN when it fails or has no answer within
 * {@code tilewright.storage.health-timeout-ms}. While a check is still waiting (a frozen server) the next one does not
 * start another: it answers DOWN at once.
 */
@Component("dbHealthIndicator")
class DatabaseHealth implements HealthIndicator {

    private final JdbcTemplate jdbc;
    private final StorageProperties storage;
    private final ExecutorService checker = Executors.newSingleThreadExecutor(runnable -> {
        Thread thread = new Thread(runnable, "database-health");
        thread.setDaemon(true);
        return thread;
    });
    private CompletableFuture<Integer> running;

    DatabaseHealth(JdbcTemplate jdbc, StorageProperties storage) {
        this.jdbc = jdbc;
        this.storage = storage;
    }

    @Override
    public Health health() {
        CompletableFuture<Integer> check;
        synchronized (this) {
            if (running != null && !running.isDone()) {
                return Health.down().withDetail("database", "PostgreSQL").withDetail("error", "the last check is "
                        + "still waiting for an answer").build();
            }
            running = CompletableFuture.supplyAsync(() -> jdbc.queryForObject("SELECT 1", Integer.class), checker);
            check = running;
        }
        try {
            check.get(storage.healthTimeoutMs(), TimeUnit.MILLISECONDS);
            return Health.up().withDetail("database", "PostgreSQL").build();
        } catch (TimeoutException e) {
            return Health.down().withDetail("database", "PostgreSQL").withDetail("error", "no answer within "
                    + storage.healthTimeoutMs() + " ms (tilewright.storage.health-timeout-ms)").build();
        } catch (ExecutionException e) {
            return Health.down(e.getCause() instanceof Exception cause ? cause : e).withDetail("database", "PostgreSQL")
                    .build();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Health.unknown().build();
        }
    }
}
