/**
 * The live socket: {@code LiveHandler} takes each client's frames, {@code Rooms} holds a room per map with
 * editors (one relay cursor over the log), {@code GroupCommit} commits a room's ops together, {@code Outbox}
 * bounds what waits for each client, {@code LiveWorkers} runs their threads. Depends on {@code map} (the edit
 * path) and {@code live.protocol}.
 */
package dev.tilewright.live;
