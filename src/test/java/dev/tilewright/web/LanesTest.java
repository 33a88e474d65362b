package dev.tilewright.web;

import dev.tilewright.config.WorkProperties;
import org.junit.jupiter.api.Test;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** A lane's places are shared out by owner: one owner's heavy requests leave room for everyone else's. */
class LanesTest {

    /** Lanes of two places (four for batches), half of each for one owner, a 200 ms wait for a place. */
    private static final WorkProperties WORK = new WorkProperties(2, 2, 1, 2, 2, 4, 2, 2, 50, 200, 1);

    private final ThreadLocal<String> who = ThreadLocal.withInitial(() -> "nobody");
    private final Lanes lanes = new Lanes(WORK, who::get);

    /** Holds a place of the lane as {@code owner} until {@code release} counts down. */
    private CompletableFuture<String> hold(Lanes.Lane lane, String owner, CountDownLatch held,
                                           CountDownLatch release) {
        return CompletableFuture.supplyAsync(() -> {
            who.set(owner);
            return lanes.run(lane, () -> {
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
        assertThatThrownBy(() -> lanes.run(Lanes.Lane.DRAW, () -> "second")).isInstanceOfSatisfying(ApiProblem.class,
                refused -> {
                    assertThat(refused.status().value()).isEqualTo(503);
                    assertThat(refused.retryAfter()).isEqualTo(1);
                    assertThat(refused.toProblemDetail().getDetail()).contains("Your share").contains("1 of 2");
                    assertThat(refused.toProblemDetail().getProperties()).containsEntry("lane", "draw")
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
        assertThatThrownBy(() -> lanes.run(Lanes.Lane.DRAW, () -> "x")).isInstanceOfSatisfying(ApiProblem.class,
                refused -> assertThat(refused.toProblemDetail().getDetail()).startsWith("The server is busy drawing"));
        CompletableFuture.delayedExecutor(50, TimeUnit.MILLISECONDS).execute(release::countDown);
        assertThat(lanes.run(Lanes.Lane.DRAW, () -> "waited")).isEqualTo("waited");
        assertThat(a.get(5, TimeUnit.SECONDS)).isEqualTo("user:1");
        assertThat(b.get(5, TimeUnit.SECONDS)).isEqualTo("user:2");
    }
}
