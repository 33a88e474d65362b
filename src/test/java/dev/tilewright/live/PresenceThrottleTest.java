package dev.tilewright.live;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** Presence is passed on at most once per interval, by the clock it is given (no race with a real network). */
class PresenceThrottleTest {

    private static final long INTERVAL = 25_000_000L;

    @Test
    void theFirstPresenceGoesOutAndAFloodWithinTheIntervalDoesNot() {
        Peer peer = new Peer(null, null, null, RoomTest.EDITOR, true, 1 << 20);
        long start = 1_000_000_000L;
        assertThat(peer.presenceDue(start, INTERVAL)).isTrue();
        int passedOn = 0;
        for (int i = 1; i <= 50; i++) {
            // 50 frames 0.1 ms apart: 5 ms in all, well within one interval
            if (peer.presenceDue(start + i * 100_000L, INTERVAL)) {
                passedOn++;
            }
        }
        assertThat(passedOn).isZero();
        assertThat(peer.presenceDue(start + INTERVAL, INTERVAL)).as("a full interval later").isTrue();
    }

    @Test
    void aSteadyFloodIsThinnedToOnePerInterval() {
        Peer peer = new Peer(null, null, null, RoomTest.EDITOR, true, 1 << 20);
        int passedOn = 0;
        // 1,000 frames 1 ms apart over one second: one per 25 ms is 40
        for (int i = 0; i < 1000; i++) {
            if (peer.presenceDue(5_000_000_000L + i * 1_000_000L, INTERVAL)) {
                passedOn++;
            }
        }
        assertThat(passedOn).isEqualTo(40);
    }
}
