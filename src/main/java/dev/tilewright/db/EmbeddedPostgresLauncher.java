package dev.tilewright.db;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import org.springframework.boot.EnvironmentPostProcessor;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.context.event.ApplicationFailedEvent;
import org.springframework.context.ApplicationEvent;
import org.springframework.context.ApplicationListener;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.event.ContextClosedEvent;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.MapPropertySource;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * Starts a real PostgreSQL (binaries from Maven Central) when no {@code spring.datasource.url} is configured, and
 * points the datasource at it before anything else reads the environment. Data lives in
 * {@code tilewright.database.data-dir} (default {@code ./data/pg}) and is kept across restarts; a blank data dir
 * means a throw-away database in a temporary directory, which is what tests use. Several application contexts in
 * one JVM (tests) share one server per data dir; it stops when the last of them closes.
 */
public final class EmbeddedPostgresLauncher implements EnvironmentPostProcessor {

    static final String SOURCE_NAME = "tilewrightEmbeddedPostgres";
    static final String KEY_PROPERTY = "tilewright.database.embedded-key";
    private static final String TEMPORARY = "(temporary)";
    private static final Map<String, Running> RUNNING = new HashMap<>();

    private record Running(EmbeddedPostgres postgres, int users) {
    }

    @Override
    public void postProcessEnvironment(ConfigurableEnvironment environment, SpringApplication application) {
        String url = environment.getProperty("spring.datasource.url");
        if ((url != null && !url.isBlank()) || !environment.getProperty("tilewright.database.embedded", Boolean.class, true)) {
            return;
        }
        String dataDir = environment.getProperty("tilewright.database.data-dir", "./data/pg").trim();
        String key = dataDir.isEmpty() ? TEMPORARY : Path.of(dataDir).toAbsolutePath().normalize().toString();
        EmbeddedPostgres postgres = acquire(key);
        Map<String, Object> settings = new HashMap<>();
        settings.put("spring.datasource.url", postgres.getJdbcUrl("postgres", "postgres"));
        settings.put("spring.datasource.username", "postgres");
        settings.put("spring.datasource.password", "postgres");
        settings.put(KEY_PROPERTY, key);
        environment.getPropertySources().addFirst(new MapPropertySource(SOURCE_NAME, settings));
    }

    private static synchronized EmbeddedPostgres acquire(String key) {
        Running running = RUNNING.get(key);
        if (running == null) {
            running = new Running(start(key), 0);
        }
        RUNNING.put(key, new Running(running.postgres(), running.users() + 1));
        return running.postgres();
    }

    private static EmbeddedPostgres start(String key) {
        try {
            EmbeddedPostgres.Builder builder = EmbeddedPostgres.builder()
                    .setServerConfig("max_connections", "100")
                    .setServerConfig("synchronous_commit", "on");
            if (TEMPORARY.equals(key)) {
                builder.setCleanDataDirectory(true);
            } else {
                Path dir = Files.createDirectories(Path.of(key));
                stopOrphanedServer(dir);
                builder.setDataDirectory(dir).setCleanDataDirectory(false);
            }
            return builder.start();
        } catch (IOException e) {
            throw new UncheckedIOException("could not start the embedded PostgreSQL for " + key
                    + " (set SPRING_DATASOURCE_URL to use an external one)", e);
        }
    }

    /**
     * A JVM killed hard (kill -9, a crashed IDE) leaves its PostgreSQL running on the data directory, and a new
     * server could not start there. When no live process holds the directory's lock but postmaster.pid names a
     * running postgres, that server is an orphan of ours: ask it to shut down (SIGTERM, PostgreSQL's smart
     * shutdown; its clients died with the JVM) and wait for it.
     */
    static void stopOrphanedServer(Path dataDir) throws IOException {
        Path pidFile = dataDir.resolve("postmaster.pid");
        if (!Files.exists(pidFile)) {
            return;
        }
        try (FileChannel channel = FileChannel.open(dataDir.resolve("epg-lock"), StandardOpenOption.CREATE,
                StandardOpenOption.WRITE); FileLock lock = channel.tryLock()) {
            if (lock == null) {
                return;
            }
            List<String> lines = Files.readAllLines(pidFile);
            if (lines.isEmpty() || !lines.get(0).trim().matches("\\d+")) {
                return;
            }
            Optional<ProcessHandle> server = ProcessHandle.of(Long.parseLong(lines.get(0).trim()))
                    .filter(ProcessHandle::isAlive)
                    .filter(p -> p.info().command().map(c -> c.endsWith("/postgres")).orElse(false));
            if (server.isPresent()) {
                server.get().destroy();
                server.get().onExit().get(30, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while stopping an orphaned PostgreSQL in " + dataDir, e);
        } catch (ExecutionException | TimeoutException e) {
            throw new IOException("an orphaned PostgreSQL in " + dataDir + " did not stop; stop it by hand", e);
        }
    }

    static synchronized void release(String key) {
        Running running = RUNNING.get(key);
        if (running == null) {
            return;
        }
        if (running.users() > 1) {
            RUNNING.put(key, new Running(running.postgres(), running.users() - 1));
            return;
        }
        RUNNING.remove(key);
        try {
            running.postgres().close();
        } catch (IOException e) {
            throw new UncheckedIOException("could not stop the embedded PostgreSQL for " + key, e);
        }
    }

    /** Stops the embedded server when the last application context that uses it closes or fails to start. */
    public static final class Shutdown implements ApplicationListener<ApplicationEvent> {

        @Override
        public void onApplicationEvent(ApplicationEvent event) {
            ConfigurableApplicationContext context = null;
            if (event instanceof ContextClosedEvent closed
                    && closed.getApplicationContext() instanceof ConfigurableApplicationContext c) {
                context = c;
            } else if (event instanceof ApplicationFailedEvent failed) {
                context = failed.getApplicationContext();
            }
            if (context == null || context.getParent() != null) {
                return;
            }
            String key = context.getEnvironment().getProperty(KEY_PROPERTY);
            if (key != null) {
                release(key);
            }
        }
    }
}
