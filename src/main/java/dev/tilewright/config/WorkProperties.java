package dev.tilewright.config;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * How much expensive work runs at once, per kind (see {@code web.Lanes}): past a lane's size a request waits up to
 * {@code waitMs} for a place, then is answered 503 with {@code Retry-After}, so slow work never piles up behind
 * itself, exhausts the heap or starves the edit path.
 *
 * @param draws       renders, views, thumbnails and tours drawn at once
 * @param exports     Tiled exports (of the current map or a past version) at once
 * @param imports     Tiled imports at once (one holds up to max-import-bytes of files and max-import-decoded-bytes of
 *                    layers: two of the largest would take most of a 1 GiB heap)
 * @param grids       collision grids computed at once
 * @param searches    path and platformer searches at once
 * @param batches     query batches at once
 * @param histories   history pages counted and restores worked out at once (each replays part of a map's log)
 * @param computes    rule previews and terrain strokes worked out at once
 * @param reads       reads of cells (chunk packs, cell blocks) put together at once: each holds up to
 *                    max-cells-per-read cells as bytes
 * @param ownerSharePercent of each lane, the places one owner (a person, a project's bot, a share link counted as
 *                    its map's project) may hold at once, in percent (at least one place)
 * @param smallWork   work of at most this cost (pixels drawn, cells worked on) takes a lane's places for small work,
 *                    so it never waits behind big work
 * @param smallPlaces places of each lane kept for small work (shared by owners as the others are)
 * @param waitMs      how long a request may wait for a place in its lane
 * @param retryAfterSeconds what the 503's Retry-After says
 */
@ConfigurationProperties("tilewright.work")
public record WorkProperties(
        @DefaultValue("2") int draws,
        @DefaultValue("2") int exports,
        @DefaultValue("1") int imports,
        @DefaultValue("2") int grids,
        @DefaultValue("2") int searches,
        @DefaultValue("4") int batches,
        @DefaultValue("2") int histories,
        @DefaultValue("2") int computes,
        @DefaultValue("4") int reads,
        @DefaultValue("50") int ownerSharePercent,
        @DefaultValue("4194304") long smallWork,
        @DefaultValue("2") int smallPlaces,
        @DefaultValue("2000") long waitMs,
        @DefaultValue("2") int retryAfterSeconds) {
}
