package dev.tilewright.map;

import dev.tilewright.config.StorageProperties;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.stereotype.Component;

import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Writes maps changed by live ops back to their rows once they have waited {@code write-behind-ms} (the commit path
 * does it after {@code write-behind-ops}), and all of them on shutdown. Losing this (a crash) loses nothing: the
 * log holds every acknowledged op and loading a map replays the ops after its stored version.
 */
@Component
class MapWriteBack implements SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(MapWriteBack.class);

    private final MapService maps;
    private final MapCache cache;
    private final StorageProperties storage;
    private ScheduledExecutorService timer;

    MapWriteBack(MapService maps, MapCache cache, StorageProperties storage) {
        this.maps = maps;
        this.cache = cache;
        this.storage = storage;
    }

    @Override
    public void start() {
        timer = Executors.newSingleThreadScheduledExecutor(task -> {
            Thread thread = new Thread(task, "tilewright-write-back");
            thread.setDaemon(true);
            return thread;
        });
        long period = Math.max(10, storage.writeBehindMs() / 4);
        timer.scheduleWithFixedDelay(() -> writeBack(true), period, period, TimeUnit.MILLISECONDS);
    }

    @Override
    public void stop() {
        timer.shutdownNow();
        try {
            timer.awaitTermination(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        writeBack(false);
        timer = null;
    }

    @Override
    public boolean isRunning() {
        return timer != null;
    }

    /** Stops after the web server (which stops at a higher phase) and before the database goes. */
    @Override
    public int getPhase() {
        return SmartLifecycle.DEFAULT_PHASE - 4096;
    }

    private void writeBack(boolean onlyIfDue) {
        for (long mapId : cache.unsaved()) {
            try {
                maps.flush(mapId, onlyIfDue);
            } catch (RuntimeException e) {
                log.warn("Writing map {} back to its rows failed (its log has every op; loading replays them): {}",
                        mapId, e.toString());
            }
        }
    }
}
