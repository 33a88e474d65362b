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

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private final Frames frames = new Frames(JSON, 262144);
    /** The map's log: versions 2..20, odd ones by alice, even ones by bob. */
    private final List<OpLog.Entry> log = LongStream.rangeClosed(2, 20).mapToObj(v -> new OpLog.Entry(v,
            v % 2 == 1 ? "alice" : "bob", v * 10, "{\"type\":\"paint\",\"layerId\":1,\"cells\":[]}", Instant.EPOCH))
            .toList();
    private final Room room = new Room(7, (map, after, upTo, sink) -> log.stream()
            .filter(e -> e.version() > after && e.version() <= upTo).forEach(sink));

    private Peer peer(String clientId, OutboxTest.FakeSession session) {
        Peer peer = new Peer(session, new Outbox(session, Runnable::run, 1 << 20, 5000, () -> { }), frames);
        peer.clientId = clientId;
        room.peers.put(clientId, peer);
        return peer;
    }

    private void welcome(Peer peer, long version) {
        peer.welcomed(version);
        room.join(peer, version);
    }

    private List<OpLog.Entry> entries(long from, long to) {
        return log.stream().filter(e -> e.version() >= from && e.version() <= to).toList();
    }

    /** What a session was sent, as "op 3" / "ack 4". */
    private static List<String> got(OutboxTest.FakeSession session) {
        List<String> out = new ArrayList<>();
        for (String frame : session.sent) {
            JsonNode node = JSON.readTree(frame);
            out.add(node.get("type").asString() + " " + node.get("version").asLong());
        }
        return out;
    }

    @Test
    void aLateJoinerGetsWhatWasRelayedSinceItsWelcomeAndThenEverythingElseOnce() {
        OutboxTest.FakeSession alice = new OutboxTest.FakeSession();
        OutboxTest.FakeSession bob = new OutboxTest.FakeSession();
        welcome(peer("alice", alice), 2);
        room.committed(entries(3, 5));
        welcome(peer("bob", bob), 3);
        room.committed(entries(6, 6));
        assertThat(got(alice)).containsExactly("ack 3", "op 4", "ack 5", "op 6");
        assertThat(got(bob)).as("4 and 5 from the log on joining").containsExactly("ack 4", "op 5", "ack 6");
    }

    @Test
    void aGapBetweenLocalCommitsIsFilledFromTheLogAndNothingComesTwice() {
        OutboxTest.FakeSession alice = new OutboxTest.FakeSession();
        welcome(peer("alice", alice), 2);
        room.committed(entries(5, 5));
        room.catchUp(7);
        room.committed(entries(7, 8));
        room.catchUp(6);
        assertThat(got(alice)).containsExactly("ack 3", "op 4", "ack 5", "op 6", "ack 7", "op 8");
    }

    @Test
    void aJoinerWelcomedAheadOfTheRelaysSkipsWhatItHas() {
        OutboxTest.FakeSession alice = new OutboxTest.FakeSession();
        OutboxTest.FakeSession bob = new OutboxTest.FakeSession();
        welcome(peer("alice", alice), 2);
        Peer late = peer("bob", bob);
        room.committed(entries(3, 3));
        assertThat(got(bob)).as("nothing before its welcome").isEmpty();
        welcome(late, 6);
        room.committed(entries(4, 7));
        assertThat(got(bob)).containsExactly("op 7");
        assertThat(got(alice)).containsExactly("ack 3", "op 4", "ack 5", "op 6", "ack 7");
    }
}
