package dev.tilewright.db;

import dev.tilewright.config.StorageProperties;
import org.springframework.jdbc.datasource.DataSourceUtils;
import org.springframework.stereotype.Component;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.SQLException;

/**
 * Statement deadlines by kind. A request's statements give up on a frozen server after the driver's
 * {@code socketTimeout} (a few seconds: the request is answered 503 promptly); work known to be long — writing a big
 * map back to its rows, a checkpoint, a migration — asks for {@code tilewright.storage.long-statement-seconds}
 * instead, on its own connection only: the pool puts the usual deadline back when the connection returns.
 */
@Component
public class LongStatements {

    private final DataSource dataSource;
    private final StorageProperties storage;

    LongStatements(DataSource dataSource, StorageProperties storage) {
        this.dataSource = dataSource;
        this.storage = storage;
    }

    /** Inside a transaction: its statements may each wait up to the long deadline for the server. */
    public void allow() {
        allow(DataSourceUtils.getConnection(dataSource), storage.longStatementSeconds());
    }

    static void allow(Connection connection, int seconds) {
        try {
            connection.setNetworkTimeout(Runnable::run, (int) Math.min(Integer.MAX_VALUE, seconds * 1000L));
        } catch (SQLException e) {
            throw new IllegalStateException("The connection's deadline could not be set", e);
        }
    }
}
