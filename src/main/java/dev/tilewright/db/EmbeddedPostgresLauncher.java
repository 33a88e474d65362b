package dev.tilewright.db;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import org.springframework.boot.EnvironmentPostProcessor;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.context.event.ApplicationFailedEvent;
import org.springframework.context.ApplicationListener;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.SmartLifecycle;
import org.springframework.core.env.Environment;
import org.springframework.stereotype.Component;
import dev.tilewright.system.Phase;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.MapPropertySource;

import java.io.IOException;
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HexFormat;
import java.nio.file.attribute.PosixFilePermissions;
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
 *
 * <p>The server is not open to every local user: its initdb trusts everyone, so on first start a random password is
 * set for {@code postgres}, kept in the data directory ({@value #PASSWORD_FILE}, readable by its owner only), and
 * pg_hba.conf then asks every connection for it (scram-sha-256), local socket included. Later starts read it.
 */
public final class EmbeddedPostgresLauncher implements EnvironmentPostProcessor {

    static final String SOURCE_NAME = "tilewrightEmbeddedPostgres";
    static final String KEY_PROPERTY = "tilewright.database.embedded-key";
    private static final String TEMPORARY = "(temporary)";
    private static final Map<String, Running> RUNNING = new HashMap<>();

    static final String PASSWORD_FILE = "tilewright-password";

    private record Running(EmbeddedPostgres postgres, String password, int users) {
    }

    @Override
    public void postProcessEnvironment(ConfigurableEnvironment environment, SpringApplication application) {
        String url = environment.getProperty("spring.datasource.url");
        if ((url != null && !url.isBlank()) || !environment.getProperty("tilewright.database.embedded", Boolean.class, true)) {
            return;
        }
        String dataDir = environment.getProperty("tilewright.database.data-dir", "./data/pg").trim();
        String key = dataDir.isEmpty() ? TEMPORARY : Path.of(dataDir).toAbsolutePath().normalize().toString();
        Running postgres = acquire(key);
        Map<String, Object> settings = new HashMap<>();
        settings.put("spring.datasource.url", postgres.postgres().getJdbcUrl("postgres", "postgres"));
        settings.put("spring.datasource.username", "postgres");
        settings.put("spring.datasource.password", postgres.password());
        settings.put(KEY_PROPERTY, key);
        environment.getPropertySources().addFirst(new MapPropertySource(SOURCE_NAME, settings));
    }

    private static synchronized Running acquire(String key) {
        Running running = RUNNING.get(key);
        if (running == null) {
            running = start(key);
        }
        running = new Running(running.postgres(), running.password(), running.users() + 1);
        RUNNING.put(key, running);
        return running;
    }

    private static Running start(String key) {
        try {
            EmbeddedPostgres.Builder builder = EmbeddedPostgres.builder()
                    // its own JVM shutdown hook would stop the server while Tomcat drains and the write-back flushes:
                    // Stop (the last lifecycle to stop) does it after them
                    .setRegisterShutdownHook(false)
                    .setServerConfig("max_connections", "100")
                    .setServerConfig("synchronous_commit", "on");
            Path dir;
            if (TEMPORARY.equals(key)) {
                dir = Files.createTempDirectory("tilewright-pg");
                builder.setDataDirectory(dir).setCleanDataDirectory(true);
            } else {
                dir = Files.createDirectories(Path.of(key));
                stopOrphanedServer(dir);
                builder.setDataDirectory(dir).setCleanDataDirectory(false);
            }
            Path passwordFile = dir.resolve(PASSWORD_FILE);
            String known = Files.exists(passwordFile) ? Files.readString(passwordFile).trim() : null;
            if (known != null) {
                // the start-up check connects too: with the password (ignored while pg_hba still trusts)
                builder.setConnectConfig("password", known);
            }
            EmbeddedPostgres postgres = builder.start();
            String password = known != null ? known : newPassword();
            requirePassword(postgres, dir, password, known == null);
            return new Running(postgres, password, 0);
        } catch (IOException | SQLException e) {
            throw new IllegalStateException("could not start the embedded PostgreSQL for " + key
                    + " (set SPRING_DATASOURCE_URL to use an external one)", e);
        }
    }

    private static String newPassword() {
        byte[] random = new byte[24];
        new SecureRandom().nextBytes(random);
        return HexFormat.of().formatHex(random);
    }

    /**
     * Sets the password (when new: kept in the data directory, owner-only, before the server is told) and makes
     * pg_hba.conf ask every connection for it; then the server reloads its configuration.
     */
    private static void requirePassword(EmbeddedPostgres postgres, Path dir, String password, boolean isNew)
            throws IOException, SQLException {
        try (Connection connection = postgres.getDatabase("postgres", "postgres", Map.of("password", password))
                .getConnection(); Statement statement = connection.createStatement()) {
            if (isNew) {
                Path file = dir.resolve(PASSWORD_FILE);
                Files.writeString(file, password + "\n");
                ownerOnly(file);
                statement.execute("ALTER USER postgres PASSWORD '" + password + "'");
            }
            Files.writeString(dir.resolve("pg_hba.conf"), """
                    # written by Tilewright at every start: every connection needs the password in tilewright-password
                    local all all scram-sha-256
                    host all all 127.0.0.1/32 scram-sha-256
                    host all all ::1/128 scram-sha-256
                    """);
            statement.execute("SELECT pg_reload_conf()");
        }
    }

    private static void ownerOnly(Path file) throws IOException {
        try {
            Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
        } catch (UnsupportedOperationException notPosix) {
            // Windows: the file inherits the data directory's permissions
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
            RUNNING.put(key, new Running(running.postgres(), running.password(), running.users() - 1));
            return;
        }
        RUNNING.remove(key);
        try {
            running.postgres().close();
        } catch (IOException e) {
            throw new UncheckedIOException("could not stop the embedded PostgreSQL for " + key, e);
        }
    }

    /**
     * Stops the embedded server when the last application context that uses it stops: as the last lifecycle to stop
     * ({@link Phase#DATABASE}), after Tomcat drained its requests and the write-back flushed the maps' rows.
     */
    @Component
    static final class Stop implements SmartLifecycle {

        private final String key;
        private volatile boolean running;

        Stop(Environment environment) {
            this.key = environment.getProperty(KEY_PROPERTY);
        }

        @Override
        public void start() {
            running = true;
        }

        @Override
        public void stop() {
            running = false;
            if (key != null) {
                release(key);
            }
        }

        @Override
        public boolean isRunning() {
            return running;
        }

        @Override
        public int getPhase() {
            return Phase.DATABASE.value();
        }

        /** A context paused between tests (Spring's test context cache) keeps its database: only a close stops it. */
        @Override
        public boolean isPauseable() {
            return false;
        }
    }

    /** Stops the embedded server when an application context that would have used it fails to start. */
    public static final class Shutdown implements ApplicationListener<ApplicationFailedEvent> {

        @Override
        public void onApplicationEvent(ApplicationFailedEvent event) {
            ConfigurableApplicationContext context = event.getApplicationContext();
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
