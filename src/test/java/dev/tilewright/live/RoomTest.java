package dev.tilewright.live;

import dev.tilewright.live.protocol.Frames;
import dev.tilewright.map.OpLog;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.LongStream;

import static org.assertj.core.api.Assertions.assertThat;

/** The relay cursor of a room: every joined editor gets every version once, in order, its own as acks. */
class RoomTest {

    /** Whom the tests\' editors act for. */
    static final dev.tilewright.access.Caller EDITOR = new dev.tilewright.access.Caller(
            dev.tilewright.access.Caller.Kind.BOOTSTRAP_TOKEN, null, "Editor", true, null, null, null, "write", null);

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private final Frames frames = new Frames(JSON, 262144);
    /** The map's log: versions 2..20, odd ones by alice, even ones by bob. */
    private final List<OpLog.Entry> log = LongStream.rangeClosed(2, 20).mapToObj(v -> new OpLog.Entry(v,
            v % 2 == 1 ? "alice" : "bob", v * 10, "{\"type\":\"paint\",\"layerId\":1,\"cells\":[]}", Instant.EPOCH, null))
            .toList();
    private final Room.Log reader = (map, after, upTo, sink) -> log.stream()
            .filter(e -> e.version() > after && e.version() <= upTo).forEach(sink);
    /** Flushes the room's timer would run, in order (run by the test when it wants the tick to be over). */
    private final List<Runnable> ticks = new ArrayList<>();
    private Room room = new Room(7, reader, frames, (task, delay) -> task.run(), 0);

    private Peer peer(String clientId, OutboxTest.FakeSession session) {
        Peer peer = new Peer(session, new Outbox(session, Runnable::run, 1 << 20, 5000, () -> { }), frames, EDITOR, true, 1 << 20);
        peer.clientId = clientId;
        room.peers.put(clientId, peer);
        return peer;
    }

    /** A new editor's session, welcomed at {@code version} and joined. */
    private OutboxTest.FakeSession joined(String clientId, long version) {
        OutboxTest.FakeSession session = new OutboxTest.FakeSession();
        welcome(peer(clientId, session), version);
        return session;
    }

    private void welcome(Peer peer, long version) {
        peer.welcomed(version);
        room.join(peer, version);
    }

    private List<OpLog.Entry> entries(long from, long to) {
        return log.stream().filter(e -> e.version() >= from && e.version() <= to).toList();
    }

    /** What a session was sent, as "op 3" / "ack 4" (the frames of a coalesced message each on their own). */
    private static List<String> got(OutboxTest.FakeSession session) {
        List<String> out = new ArrayList<>();
        for (String frame : session.sent) {
            JsonNode node = JSON.readTree(frame);
            for (JsonNode one : "frames".equals(node.get("type").asString()) ? node.get("frames") : List.of(node)) {
                out.add(one.get("type").asString() + " " + one.path("version").asLong(one.path("clientSeq").asLong()));
            }
        }
        return out;
    }

    /** A room whose flushes after the first wait for the test to end the tick. */
    private void ticking() {
        room = new Room(7, reader, frames, (task, delay) -> ticks.add(task), 60_000_000_000L);
    }

    private void endTick() {
        List<Runnable> due = List.copyOf(ticks);
        ticks.clear();
        due.forEach(Runnable::run);
    }

    @Test
    void underLoadEachEditorGetsOneMessagePerTickAndTheOnesDueTheSameFramesShareIt() {
        ticking();
        OutboxTest.FakeSession alice = joined("alice", 2);
        OutboxTest.FakeSession bob = joined("bob", 2);
        OutboxTest.FakeSession carol = joined("carol", 2);
        room.committed(entries(3, 3));
        assertThat(got(carol)).as("the first after a quiet tick goes at once").containsExactly("op 3");
        room.committed(entries(4, 5));
        room.committed(entries(6, 8));
        assertThat(carol.sent).as("the rest waits for the tick").hasSize(1);
        assertThat(ticks).as("one flush scheduled, not one per commit").hasSize(1);
        endTick();
        assertThat(carol.sent).hasSize(2);
        assertThat(got(carol)).containsExactly("op 3", "op 4", "op 5", "op 6", "op 7", "op 8");
        assertThat(got(alice)).containsExactly("ack 3", "op 4", "ack 5", "op 6", "ack 7", "op 8");
        assertThat(got(bob)).containsExactly("op 3", "ack 4", "op 5", "ack 6", "op 7", "ack 8");
        assertThat(JSON.readTree(carol.sent.get(1)).get("type").asString()).isEqualTo("frames");
        room.peers.remove("bob");
        OutboxTest.FakeSession dave = joined("dave", 8);
        room.committed(entries(9, 9));
        room.committed(entries(10, 10));
        endTick();
        room.committed(entries(12, 12));
        endTick();
        assertThat(got(dave)).containsExactly("op 9", "op 10", "op 11", "op 12");
        assertThat(got(alice)).as("the sender of 11 gets its ack").endsWith("ack 11", "op 12");
        assertThat(dave.sentBytes.get(dave.sentBytes.size() - 1))
                .as("built and encoded once for both, whatever the order of the editors")
                .isSameAs(carol.sentBytes.get(carol.sentBytes.size() - 1));
    }

    @Test
    void presenceGoesToEveryEditorWithTheTicksFramesInTheSharedMessage() {
        ticking();
        OutboxTest.FakeSession alice = joined("alice", 2);
        OutboxTest.FakeSession carol = joined("carol", 2);
        OutboxTest.FakeSession dave = joined("dave", 2);
        room.committed(entries(3, 3));
        room.relayPresence(room.peers.get("carol"), "{\"type\":\"presence\",\"clientId\":\"carol\",\"version\":0}");
        room.committed(entries(4, 4));
        room.relayPresence(room.peers.get("dave"), "{\"type\":\"presence\",\"clientId\":\"dave\",\"version\":1}");
        room.relayPresence(room.peers.get("dave"), "{\"type\":\"presence\",\"clientId\":\"dave\",\"version\":2}");
        assertThat(got(carol)).as("presence waits for the room's timer").containsExactly("op 3");
        endTick();
        assertThat(got(carol)).as("each person's latest presence, with the tick's frames")
                .containsExactlyInAnyOrder("op 3", "op 4", "presence 0", "presence 2");
        assertThat(got(dave)).isEqualTo(got(carol));
        assertThat(got(alice)).as("alice sent 3").containsExactlyInAnyOrder("ack 3", "op 4", "presence 0", "presence 2");
        assertThat(dave.sentBytes.get(1)).as("one message for the editors due the same")
                .isSameAs(carol.sentBytes.get(1));
    }

    @Test
    void anAnswerKeepsItsPlaceAmongTheRelaysOfTheTick() {
        ticking();
        OutboxTest.FakeSession alice = joined("alice", 2);
        room.committed(entries(3, 3));
        room.catchUp(5);
        room.answer(room.peers.get("alice"), frames.ack(30L, 3, "{}"));
        room.committed(entries(6, 6));
        endTick();
        assertThat(got(alice)).as("a repeat's ack after the versions before it, in order")
                .containsExactly("ack 3", "op 4", "ack 5", "ack 3", "op 6");
    }

    @Test
    void aTicksFramesGoInMessagesNoLongerThanTheOpFrameLimitAndOneFrameGoesAsItIs() {
        Frames small = new Frames(JSON, 200);
        String op = "{\"type\":\"op\",\"version\":1,\"op\":{\"a\":\"" + "x".repeat(20) + "\"}}";
        assertThat(small.coalesce(List.of(op))).containsExactly(op);
        assertThat(small.coalesce(List.of())).isEmpty();
        List<String> messages = small.coalesce(java.util.Collections.nCopies(7, op));
        assertThat(messages).allSatisfy(m -> assertThat(m.length()).isLessThanOrEqualTo(200));
        int frameCount = 0;
        for (String message : messages) {
            JsonNode node = JSON.readTree(message);
            frameCount += "frames".equals(node.get("type").asString()) ? node.get("frames").size() : 1;
        }
        assertThat(frameCount).isEqualTo(7);
        assertThat(messages).hasSizeLessThan(7);
    }

    @Test
    void aLateJoinerGetsWhatWasRelayedSinceItsWelcomeAndThenEverythingElseOnce() {
        OutboxTest.FakeSession alice = joined("alice", 2);
        OutboxTest.FakeSession bob = new OutboxTest.FakeSession();
        room.committed(entries(3, 5));
        welcome(peer("bob", bob), 3);
        room.committed(entries(6, 6));
        assertThat(got(alice)).containsExactly("ack 3", "op 4", "ack 5", "op 6");
        assertThat(got(bob)).as("4 and 5 from the log on joining").containsExactly("ack 4", "op 5", "ack 6");
    }

    @Test
    void aGapBetweenLocalCommitsIsFilledFromTheLogAndNothingComesTwice() {
        OutboxTest.FakeSession alice = joined("alice", 2);
        room.committed(entries(5, 5));
        room.catchUp(7);
        room.committed(entries(7, 8));
        room.catchUp(6);
        assertThat(got(alice)).containsExactly("ack 3", "op 4", "ack 5", "op 6", "ack 7", "op 8");
    }

    @Test
    void aJoinerWelcomedAheadOfTheRelaysSkipsWhatItHas() {
        OutboxTest.FakeSession alice = joined("alice", 2);
        OutboxTest.FakeSession bob = new OutboxTest.FakeSession();
        Peer late = peer("bob", bob);
        room.committed(entries(3, 3));
        assertThat(got(bob)).as("nothing before its welcome").isEmpty();
        welcome(late, 6);
        room.committed(entries(4, 7));
        assertThat(got(bob)).containsExactly("op 7");
        assertThat(got(alice)).containsExactly("ack 3", "op 4", "ack 5", "op 6", "ack 7");
    }
}
