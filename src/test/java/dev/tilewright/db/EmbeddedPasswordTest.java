package dev.tilewright.db;

import dev.tilewright.support.FeatureTest;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.core.env.Environment;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The embedded PostgreSQL asks every connection for its generated password: a local user without it gets nothing. */
@FeatureTest
class EmbeddedPasswordTest {

    @Autowired
    Environment environment;

    @Test
    void aConnectionWithoutThePasswordIsRefusedAndOneWithItIsTaken() throws SQLException {
        String url = environment.getProperty("spring.datasource.url");
        String password = environment.getProperty("spring.datasource.password");
        assertThat(password).as("generated").hasSizeGreaterThanOrEqualTo(32).isNotEqualTo("postgres");
        Matcher port = Pattern.compile("localhost:(\\d+)/").matcher(url);
        assertThat(port.find()).isTrue();
        String plain = "jdbc:postgresql://localhost:" + port.group(1) + "/postgres";
        assertThatThrownBy(() -> DriverManager.getConnection(plain, "postgres", "postgres").close())
                .isInstanceOf(SQLException.class).hasMessageContaining("password");
        assertThatThrownBy(() -> DriverManager.getConnection(plain, "postgres", "").close())
                .isInstanceOf(SQLException.class);
        try (Connection connection = DriverManager.getConnection(plain, "postgres", password)) {
            assertThat(connection.isValid(2)).isTrue();
        }
    }
}
