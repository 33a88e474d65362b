package dev.tilewright.map;

import dev.tilewright.config.LiveProperties;
import org.postgresql.PGConnection;
import org.postgresql.PGNotification;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.jdbc.core.JdbcTemplate;
import dev.tilewright.system.BackgroundWork;
import dev.tilewright.system.Phase;
import org.springframework.stereotype.Component;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Optional;
import java.util.UUID;

/**
 * Tells the other instances on the same PostgreSQL that a map moved on, and hears them: the edit path announces
 * each commit with NOTIFY inside its transaction (delivered only if it commits); a listening connection turns the
 * other instances' announcements into {@link MovedElsewhere} events. After the listening connection is lost and
 * found again it publishes {@link MovedElsewhere#ANY}, as notifications may have been missed meanwhile. A map
 * deleted on another instance becomes a {@link MapDeleted} event here too (its editors here are told, its cached
 * copy goes), and a review thread changed there a {@link ThreadElsewhere}.
 */
@Component
public class MapFeed extends BackgroundWork {

    static final String CHANNEL = "tilewright_ops";
    private static final String DELETED = "deleted";
    private static final String THREAD = "thread:";
    private static final Logger logger = LoggerFactory.getLogger(MapFeed.class);

    private final String instance = UUID.randomUUID().toString();
    private final JdbcTemplate jdbc;
    private final DataSource dataSource;
    private final ApplicationEventPublisher events;
    private final LiveProperties properties;
    private volatile boolean listening;

    MapFeed(JdbcTemplate jdbc, DataSource dataSource, ApplicationEventPublisher events, LiveProperties properties) {
        super("feed", Phase.FEED);
        this.jdbc = jdbc;
        this.dataSource = dataSource;
        this.events = events;
        this.properties = properties;
    }

    /**
     * What tells the others, within the committing transaction, that the map is at {@code version} once it commits
     * (nothing when they are not told): the caller runs it with the log's append.
     */
    Optional<SqlStep> announcing(long mapId, long version) {
        return properties.notifyOthers()
                ? Optional.of(SqlStep.of("SELECT pg_notify(?, ?)", CHANNEL, instance + " " + mapId + " " + version))
                : Optional.empty();
    }

    /** Within the deleting transaction: the map is gone once it commits. */
    void announceDeleted(long mapId) {
        if (properties.notifyOthers()) {
            jdbc.query("SELECT pg_notify(?, ?)", rs -> { }, CHANNEL, instance + " " + mapId + " " + DELETED);
        }
    }

    /** Within the transaction that changed a review thread of a map: the others' editors hear of it once it commits. */
    public void announceThread(long mapId, long threadId) {
        if (properties.notifyOthers()) {
            jdbc.query("SELECT pg_notify(?, ?)", rs -> { }, CHANNEL, instance + " " + mapId + " " + THREAD + threadId);
        }
    }

    @Override
    protected void started() {
        if (properties.notifyOthers()) {
            listening = true;
            pool("listen").execute(this::listen);
        }
    }

    @Override
    protected void stopping() {
        listening = false;
    }

    private void listen() {
        boolean first = true;
        while (listening) {
            try (Connection connection = dataSource.getConnection(); Statement statement = connection.createStatement()) {
                connection.setAutoCommit(true);
                statement.execute("LISTEN " + CHANNEL);
                PGConnection pg = connection.unwrap(PGConnection.class);
                if (!first) {
                    events.publishEvent(MovedElsewhere.ANY);
                }
                first = false;
                while (listening) {
                    PGNotification[] notifications = pg.getNotifications(500);
                    if (notifications != null) {
                        for (PGNotification notification : notifications) {
                            heard(notification.getParameter());
                        }
                    }
                }
            } catch (SQLException | RuntimeException e) {
                if (!listening) {
                    return;
                }
                logger.warn("Listening for other instances' commits failed; trying again in a second: {}", e.toString());
                try {
                    Thread.sleep(1000);
                } catch (InterruptedException interrupted) {
                    return;
                }
            }
        }
    }

    private void heard(String payload) {
        String[] parts = payload.split(" ");
        if (parts.length == 3 && !parts[0].equals(instance)) {
            long mapId = Long.parseLong(parts[1]);
            if (parts[2].startsWith(THREAD)) {
                events.publishEvent(new ThreadElsewhere(mapId, Long.parseLong(parts[2].substring(THREAD.length()))));
                return;
            }
            events.publishEvent(parts[2].equals(DELETED) ? new MapDeleted(mapId)
                    : new MovedElsewhere(mapId, Long.parseLong(parts[2])));
        }
    }
}
