package dev.tilewright.map;

import dev.tilewright.config.StorageProperties;
import dev.tilewright.system.BackgroundWork;
import dev.tilewright.system.Phase;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

import java.util.concurrent.TimeUnit;

/**
 * Writes maps changed by live ops back to their rows once they have waited {@code write-behind-ms} (the commit path
 * does it after {@code write-behind-ops}), and all of them on shutdown. Losing this (a crash) loses nothing: the
 * log holds every acknowledged op and loading a map replays the ops after its stored version.
 */
@Component
public class MapWriteBack extends BackgroundWork {

    private static final Logger log = LoggerFactory.getLogger(MapWriteBack.class);

    private final MapCache cache;
    private final StorageProperties storage;

    MapWriteBack(MapCache cache, StorageProperties storage) {
        super("write-back", Phase.WRITE_BACK);
        this.cache = cache;
        this.storage = storage;
    }

    @Override
    protected void started() {
        long period = Math.max(10, storage.writeBehindMs() / 4);
        timer("timer").scheduleWithFixedDelay(() -> writeBack(true), period, period, TimeUnit.MILLISECONDS);
    }

    /** After the timer stopped (and the live group commits before it, see {@link Phase}): everything still behind. */
    @Override
    protected void stopped() {
        int maps = cache.unsaved().size();
        writeBack(false);
        log.info("Shutdown: {} maps written back to their rows", maps);
    }

    /** Writes one map's live changes back to its rows now (as a clean stop does). */
    public void writeBack(long mapId) {
        cache.flush(mapId, false);
    }

    private void writeBack(boolean onlyIfDue) {
        for (long mapId : cache.unsaved()) {
            try {
                cache.flush(mapId, onlyIfDue);
            } catch (RuntimeException e) {
                log.warn("Writing map {} back to its rows failed (its log has every op; loading replays them): {}",
                        mapId, e.toString());
            }
        }
    }
}
