package dev.tilewright.web;

import dev.tilewright.core.refusal.Refused;

import dev.tilewright.config.WorkProperties;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static dev.tilewright.support.Eventually.eventually;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A lane's places are shared out by owner: one owner's heavy requests leave room for everyone else's; small work has
 * places of its own; a freed place goes to the waiting owner holding fewest.
 */
class LanesTest {

    /**
     * Lanes of two places (four for batches), half of each for one owner, work of at most 1000 small (two places of
     * its own), a 200 ms wait for a place.
     */
    private final ThreadLocal<String> who = ThreadLocal.withInitial(() -> "nobody");
    private final Lanes lanes = lanes(50, 200);

    /** Lanes as above, with another owner's share and wait. */
    private Lanes lanes(int sharePercent, long waitMs) {
        return new Lanes(new WorkProperties(2, 2, 1, 2, 2, 4, 2, 2, 2, sharePercent, 1000, 2, waitMs, 1), who::get);
    }

    /** Holds a place of the lane as {@code owner} until {@code release} counts down. */
    private CompletableFuture<String> hold(Lanes.Lane lane, String owner, CountDownLatch held,
                                           CountDownLatch release) {
        return hold(lanes, lane, owner, held, release);
    }

    private CompletableFuture<String> hold(Lanes in, Lanes.Lane lane, String owner, CountDownLatch held,
                                           CountDownLatch release) {
        return CompletableFuture.supplyAsync(() -> {
            who.set(owner);
            return in.run(lane, () -> {
                held.countDown();
                try {
                    release.await(10, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                return owner;
            });
        });
    }

    @Test
    void anOwnerHoldsAtMostItsShareAndOthersStillGetIn() throws Exception {
        CountDownLatch held = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        CompletableFuture<String> heavy = hold(Lanes.Lane.DRAW, "user:1", held, release);
        assertThat(held.await(5, TimeUnit.SECONDS)).isTrue();

        who.set("user:1");
        assertThatThrownBy(() -> lanes.run(Lanes.Lane.DRAW, () -> "second")).isInstanceOfSatisfying(Refused.class,
                refused -> {
                    assertThat(Problems.code(refused.kind())).isEqualTo(503);
                    assertThat(refused.retryAfter()).isEqualTo(1);
                    assertThat(refused.getMessage()).contains("Your share").contains("1 of 2");
                    assertThat(refused.refusal().extras()).containsEntry("lane", "draw")
                            .containsEntry("limit", "tilewright.work.draws");
                });
        who.set("project:7");
        assertThat(lanes.run(Lanes.Lane.DRAW, () -> "another's")).as("the lane's other place").isEqualTo("another's");
        who.set("user:1");
        assertThat(lanes.run(Lanes.Lane.SEARCH, () -> "elsewhere")).as("other lanes are apart").isEqualTo("elsewhere");

        release.countDown();
        assertThat(heavy.get(5, TimeUnit.SECONDS)).isEqualTo("user:1");
        assertThat(lanes.run(Lanes.Lane.DRAW, () -> "again")).as("its place back").isEqualTo("again");
    }

    @Test
    void aFullLaneIsBusyForEveryoneAndAPlaceFreedWithinTheWaitIsTaken() throws Exception {
        CountDownLatch held = new CountDownLatch(2);
        CountDownLatch release = new CountDownLatch(1);
        CompletableFuture<String> a = hold(Lanes.Lane.DRAW, "user:1", held, release);
        CompletableFuture<String> b = hold(Lanes.Lane.DRAW, "user:2", held, release);
        assertThat(held.await(5, TimeUnit.SECONDS)).isTrue();
        who.set("user:3");
        assertThatThrownBy(() -> lanes.run(Lanes.Lane.DRAW, () -> "x")).isInstanceOfSatisfying(Refused.class,
                refused -> assertThat(refused.getMessage()).startsWith("The server is busy drawing"));
        CompletableFuture.delayedExecutor(50, TimeUnit.MILLISECONDS).execute(release::countDown);
        assertThat(lanes.run(Lanes.Lane.DRAW, () -> "waited")).isEqualTo("waited");
        assertThat(a.get(5, TimeUnit.SECONDS)).isEqualTo("user:1");
        assertThat(b.get(5, TimeUnit.SECONDS)).isEqualTo("user:2");
    }

    @Test
    void smallWorkHasPlacesOfItsOwnWhileBigWorkFillsTheLane() throws Exception {
        CountDownLatch held = new CountDownLatch(2);
        CountDownLatch release = new CountDownLatch(1);
        CompletableFuture<String> a = hold(Lanes.Lane.DRAW, "user:1", held, release);
        CompletableFuture<String> b = hold(Lanes.Lane.DRAW, "user:2", held, release);
        assertThat(held.await(5, TimeUnit.SECONDS)).isTrue();
        who.set("user:3");
        // big work holds the lane past the 200 ms wait: had it needed one of those places, it would be refused
        assertThat(lanes.run(Lanes.Lane.DRAW, 320 * 2, () -> "small")).isEqualTo("small");
        assertThatThrownBy(() -> lanes.run(Lanes.Lane.DRAW, 1001, () -> "big")).isInstanceOfSatisfying(
                Refused.class, refused -> assertThat(refused.refusal().extras())
                        .containsEntry("limit", "tilewright.work.draws"));
        release.countDown();
        a.get(5, TimeUnit.SECONDS);
        b.get(5, TimeUnit.SECONDS);
    }

    @Test
    void aFreedPlaceGoesToTheWaitingOwnerHoldingFewestNotTheFirstToWait() throws Exception {
        // two places, an owner may take both
        Lanes whole = lanes(100, 5000);
        CountDownLatch held = new CountDownLatch(2);
        CountDownLatch releaseFirst = new CountDownLatch(1);
        CountDownLatch releaseRest = new CountDownLatch(1);
        CompletableFuture<String> first = hold(whole, Lanes.Lane.DRAW, "user:1", held, releaseFirst);
        CompletableFuture<String> second = hold(whole, Lanes.Lane.DRAW, "user:1", held, releaseRest);
        assertThat(held.await(5, TimeUnit.SECONDS)).isTrue();
        CountDownLatch third = new CountDownLatch(1);
        CompletableFuture<String> heavyAgain = hold(whole, Lanes.Lane.DRAW, "user:1", third, releaseRest);
        eventually("the heavy owner waits", () -> whole.waiting(Lanes.Lane.DRAW) == 1);
        CountDownLatch other = new CountDownLatch(1);
        CompletableFuture<String> light = hold(whole, Lanes.Lane.DRAW, "user:2", other, releaseRest);
        eventually("both wait", () -> whole.waiting(Lanes.Lane.DRAW) == 2);
        releaseFirst.countDown();
        assertThat(other.await(5, TimeUnit.SECONDS)).as("the owner holding none gets the place").isTrue();
        assertThat(third.getCount()).as("the heavy owner, though first to wait, still waits").isEqualTo(1);
        releaseRest.countDown();
        for (CompletableFuture<String> done : List.of(first, second, heavyAgain, light)) {
            done.get(5, TimeUnit.SECONDS);
        }
    }

    @Test
    void anOwnerWithItsShareTakenAndItsQueueFullIsRefusedAtOnce() throws Exception {
        // a long wait: a request that waited would get a place once the first is let go, a second later
        Lanes patient = lanes(50, 60_000);
        CountDownLatch held = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        CompletableFuture<String> heavy = hold(patient, Lanes.Lane.DRAW, "user:1", held, release);
        assertThat(held.await(5, TimeUnit.SECONDS)).isTrue();
        List<CompletableFuture<String>> queued = new ArrayList<>();
        for (int i = 0; i < Lanes.QUEUED; i++) {
            queued.add(CompletableFuture.supplyAsync(() -> {
                who.set("user:1");
                return patient.run(Lanes.Lane.DRAW, () -> "queued");
            }));
        }
        eventually("the owner's queue is full", () -> patient.waiting(Lanes.Lane.DRAW) == Lanes.QUEUED);
        CompletableFuture.delayedExecutor(1, TimeUnit.SECONDS).execute(release::countDown);
        who.set("user:1");
        assertThatThrownBy(() -> patient.run(Lanes.Lane.DRAW, () -> "one more")).isInstanceOfSatisfying(
                Refused.class, refused -> assertThat(refused.getMessage()).contains("Your share"));
        assertThat(heavy.get(5, TimeUnit.SECONDS)).isEqualTo("user:1");
        for (CompletableFuture<String> one : queued) {
            assertThat(one.get(10, TimeUnit.SECONDS)).as("those queued get their turns").isEqualTo("queued");
        }
    }
}
