package dev.tilewright.support;

import dev.tilewright.TilewrightApplication;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;

/**
 * The service with its PostgreSQL behind a {@link CuttableProxy}, for taking the database away (cut) or freezing it
 * while the service runs. Closes all three.
 */
public final class DatabaseBehindProxy implements AutoCloseable {

    public final EmbeddedPostgres postgres;
    public final CuttableProxy database;
    public final ConfigurableApplicationContext app;

    /** Starts them; {@code settings} are more --name=value arguments for the service. */
    public DatabaseBehindProxy(String... settings) throws IOException {
        postgres = EmbeddedPostgres.builder().start();
        database = new CuttableProxy(postgres.getPort());
        List<String> args = new ArrayList<>(List.of("--server.port=0",
                "--spring.datasource.url=jdbc:postgresql://127.0.0.1:" + database.port() + "/postgres",
                "--spring.datasource.username=postgres",
                "--spring.datasource.password=postgres",
                "--tilewright.database.data-dir=" + Files.createTempDirectory("tw-unused").resolve("pg")));
        args.addAll(List.of(settings));
        app = new SpringApplicationBuilder(TilewrightApplication.class).run(args.toArray(String[]::new));
    }

    /** The service's HTTP port. */
    public int port() {
        return ((WebServerApplicationContext) app).getWebServer().getPort();
    }

    @Override
    public void close() throws IOException {
        try {
            app.close();
        } finally {
            try {
                database.close();
            } finally {
                postgres.close();
            }
        }
    }
}
