package dev.tilewright.config;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

import java.util.List;

/**
 * Live co-editing over WebSocket ({@code /api/v1/maps/{id}/live}).
 *
 * @param allowedOrigins   origins (patterns) a browser may open the socket from; others are refused at handshake
 * @param maxFrameBytes    largest text frame a client may send (larger: the socket closes with 1009)
 * @param maxCatchUpOps    ops a welcome may replay to a client that was away; further behind, it gets a snapshot
 * @param sendBufferBytes  what may wait to be sent to one client; a client that stops reading past it is dropped
 * @param sendTimeLimitMs  how long one send to a client may take before it is dropped
 * @param opsPerSecond     ops one client may send per second, on average; a flood past it (and the burst) is
 *                         rejected with 429 and the socket closed with 1008
 * @param opBurst          ops a client may send at once above the rate (a reconnecting editor resends its pending ops)
 * @param maxGroupOps      most ops committed in one transaction when many arrive together (group commit)
 * @param writerThreads    threads committing rooms' ops (each commit holds a database connection): at most this many
 *                         maps commit at once, the others' ops wait their turn in their rooms
 * @param idleTimeoutMs    a socket that sends nothing for this long is closed (editors ping every 10 s), so people whose
 *                         network died leave the people list
 * @param accessCheckMs    how often open sockets are checked against their caller's access now (a socket whose
 *                         session or token ended, or whose caller lost the map, is closed within about this long)
 * @param presenceIntervalMs a client's presence frames are passed on at most this often (the editor sends one per
 *                         50 ms at most, its last one always); the ones between are kept for the people list only
 * @param notifyOthers     announce commits to other instances on the same PostgreSQL (NOTIFY) and relay theirs
 * @param maxNameBytes     a hello's name, in UTF-8 bytes (the editor keeps names to 60 characters); longer is
 *                         refused, as every peer is sent every name in each people list
 * @param maxPresenceBytes a presence frame's cursor, tool and selection together, as JSON in UTF-8 bytes; larger is
 *                         refused, as presence is passed on to every editor of the map
 * @param maxSocketsPerAddress live sockets open at once from one remote address (past it: closed with 1008)
 * @param maxSocketsPerCaller live sockets one person or token has open at once on this instance (past it: closed
 *                            with 1008)
 * @param maxSocketsPerMap live sockets open at once on one map on this instance (past it: closed with 1013, try later)
 * @param maxOpFrameBytes  an op (or ack) whose JSON is larger is not sent over sockets: every editor gets a
 *                         {@code fetch} frame naming its version and reads it over HTTP, so no single op can fill a
 *                         client's send buffer (a welcome that would hold one becomes a snapshot)
 * @param tickMs           under load a map's ops are committed once per tick (those that arrived meanwhile in one
 *                         transaction) and each editor is sent what was relayed to it once per tick, as one message
 *                         (a {@code frames} frame); the first after a quiet tick goes at once. Costs up to a tick of
 *                         latency under load, saves a transaction per op and a message per op and editor. 40 ms:
 *                         measured against 20 ms (docs/benchmarks.md), it took the service from ~3.0 to ~2.2 µs of
 *                         CPU per op delivered at 50 editors, for ack p95 ~43 ms instead of ~23 ms
 * @param compression      whether live sockets agree to permessage-deflate when a browser offers it: measured, it
 *                         costs the service more CPU per op delivered than everything else together (see
 *                         docs/benchmarks.md), for frames of a few kilobytes
 * @param inlineSocketWork whether a live socket's frames are handled on the container's poller thread and sends that
 *                         complete at once finish on the sending thread, rather than each being handed to another
 *                         thread (measured in docs/benchmarks.md; see SocketWorkInline)
 * @param controlSendTimeoutMs the longest the container may wait to write its own answer on a live socket (a pong, a
 *                         close frame) to a client that is not reading; past it the socket is closed. Such a wait may
 *                         hold the thread reading the sockets, so it is kept short
 */
@ConfigurationProperties("tilewright.live")
public record LiveProperties(
        @DefaultValue({"http://localhost:*", "http://127.0.0.1:*"}) List<String> allowedOrigins,
        @DefaultValue("1048576") int maxFrameBytes,
        @DefaultValue("1000") int maxCatchUpOps,
        @DefaultValue("4194304") int sendBufferBytes,
        @DefaultValue("5000") int sendTimeLimitMs,
        @DefaultValue("200") int opsPerSecond,
        @DefaultValue("1000") int opBurst,
        @DefaultValue("500") int maxGroupOps,
        @DefaultValue("30000") long idleTimeoutMs,
        @DefaultValue("1000") long accessCheckMs,
        @DefaultValue("25") long presenceIntervalMs,
        @DefaultValue("true") boolean notifyOthers,
        @DefaultValue("256") int maxNameBytes,
        @DefaultValue("1024") int maxPresenceBytes,
        @DefaultValue("200") int maxSocketsPerAddress,
        @DefaultValue("500") int maxSocketsPerMap,
        @DefaultValue("50") int maxSocketsPerCaller,
        @DefaultValue("262144") int maxOpFrameBytes,
        @DefaultValue("40") long tickMs,
        @DefaultValue("4") int writerThreads,
        @DefaultValue("false") boolean compression,
        @DefaultValue("true") boolean inlineSocketWork,
        @DefaultValue("200") long controlSendTimeoutMs) {
}
