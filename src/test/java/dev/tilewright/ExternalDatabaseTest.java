package dev.tilewright;

import org.junit.jupiter.api.Tag;
import dev.tilewright.support.Lanes;
import dev.tilewright.support.Api;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import org.junit.jupiter.api.Test;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * With spring.datasource.url set (as SPRING_DATASOURCE_URL would), the service uses that PostgreSQL, runs its
 * migrations there, and starts no embedded server of its own.
 */
@Tag(Lanes.SERVICE)
class ExternalDatabaseTest {

    @Test
    void aConfiguredDatasourceIsUsedInsteadOfTheEmbeddedOne() throws Exception {
        Path unusedDataDir = Files.createTempDirectory("tw-unused").resolve("pg");
        try (EmbeddedPostgres external = EmbeddedPostgres.builder().start();
             ConfigurableApplicationContext app = new SpringApplicationBuilder(TilewrightApplication.class).run(
                     "--server.port=0",
                     "--spring.datasource.url=" + external.getJdbcUrl("postgres", "postgres"),
                     "--spring.datasource.username=postgres",
                     "--spring.datasource.password=postgres",
                     "--tilewright.database.data-dir=" + unusedDataDir)) {
            Api api = new Api(((WebServerApplicationContext) app).getWebServer().getPort());
            long tileset = api.uploadTileset("outside", 1, 1);

            JdbcTemplate direct = new JdbcTemplate(external.getPostgresDatabase());
            assertThat(direct.queryForObject("SELECT name FROM tilesets WHERE id = ?", String.class, tileset))
                    .isEqualTo("outside");
            assertThat(Files.exists(unusedDataDir)).as("no embedded server was started").isFalse();
        }
    }
}
