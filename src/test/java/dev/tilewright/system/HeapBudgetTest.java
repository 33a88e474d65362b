package dev.tilewright.system;

import dev.tilewright.config.GridProperties;
import dev.tilewright.config.HistoryProperties;
import dev.tilewright.config.RenderProperties;
import dev.tilewright.config.StorageProperties;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class HeapBudgetTest {

    private static final long GIB = 1L << 30;

    private static StorageProperties storage(long mapCache) {
        return new StorageProperties(1, mapCache, 5000, 1000, 10000, 5, 1000, 300, 2000, 64);
    }

    private static RenderProperties render(long atlases, long blocks, long thumbnails) {
        return new RenderProperties(16777216, 8, 4, atlases, blocks, 600, 100000000, 1024, 2, thumbnails, 1024, -1,
                67108864, 67108864);
    }

    private static GridProperties grid(long bytes) {
        return new GridProperties(67108864, 1048576, 8, 4194304, 1000000, 20000, 10000, 500, bytes);
    }

    private static HistoryProperties history(long bytes) {
        return new HistoryProperties(300, 50, 200, 100000, 33554432, 67108864, 1048576, bytes, -1);
    }

    @Test
    void leftAtAutoTheCachesAreSharesOfTheHeapAndLeaveRoomForRequests() {
        for (long heap : new long[]{GIB, 16 * GIB}) {
            HeapBudget budget = new HeapBudget(heap, storage(-1), render(-1, -1, -1), grid(-1), history(-1));
            assertThat(budget.mapCacheBytes()).isEqualTo(heap / 100 * 25);
            assertThat(budget.atlasCacheBytes()).isEqualTo(heap / 100 * 12);
            long total = budget.mapCacheBytes() + budget.atlasCacheBytes() + budget.blockCacheBytes()
                    + budget.thumbnailCacheBytes() + budget.overviewCacheBytes() + budget.gridCacheBytes()
                    + budget.versionCacheBytes();
            assertThat(total).isLessThanOrEqualTo(heap / 100 * 60);
        }
    }

    @Test
    void configuredBudgetsAreKeptAsGivenWhenTheyFit() {
        HeapBudget budget = new HeapBudget(4 * GIB, storage(1 << 30), render(256L << 20, 0, 1 << 20), grid(-1),
                history(-1));
        assertThat(budget.mapCacheBytes()).isEqualTo(1 << 30);
        assertThat(budget.blockCacheBytes()).isZero();
        assertThat(budget.thumbnailCacheBytes()).isEqualTo(1 << 20);
    }

    @Test
    void budgetsThatDoNotFitTheHeapStopTheStartNamingWhatToLower() {
        assertThatThrownBy(() -> new HeapBudget(GIB, storage(512L << 20), render(512L << 20, -1, -1), grid(-1),
                history(-1)))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("tilewright.storage.map-cache-bytes 512 MiB")
                .hasMessageContaining("tilewright.render.atlas-cache-bytes 512 MiB")
                .hasMessageContaining("-Xmx");
    }
}
