package dev.tilewright.config;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Review threads pinned to maps (docs/review.md): how much one holds and what one listing may cost.
 *
 * @param maxCommentBytes     a comment's text, in UTF-8 bytes
 * @param maxNameBytes        the name a share link's holder comments under, in UTF-8 bytes
 * @param maxCommentsPerThread comments one thread holds at most
 * @param maxThreadsPerMap    threads one map holds at most (resolved ones count; delete some to make room)
 * @param pageThreads         threads one listing holds when the caller names no limit
 * @param maxPageThreads      the most threads one listing may hold
 * @param anchorOps           ops since its oldest thread one listing reads to tell, without rebuilding a version,
 *                            which threads' anchors nothing can have touched
 * @param anchorReadBytes     ... and at most this much of their JSON
 * @param anchorVersions      versions one listing rebuilds (at most) to tell whether its threads' anchored cells
 *                            changed since they were made; threads made at others say {@code anchorChanged: null}
 * @param maxMentions         {@code @names} one comment may mention (more are left as text)
 * @param maxMapBytes         comment text one map's threads hold in all, in UTF-8 bytes (what one commenter, or a
 *                            share link's holders, can make the database keep)
 * @param writesPerMinute     threads, comments, edits and resolutions one caller writes per minute (a share link's
 *                            holder: per browser), refilled smoothly; past it 429 with Retry-After
 * @param linkWritesPerMinute the same, of all holders of one share link together
 */
@ConfigurationProperties("tilewright.review")
public record ReviewProperties(
        @DefaultValue("8192") int maxCommentBytes,
        @DefaultValue("120") int maxNameBytes,
        @DefaultValue("500") int maxCommentsPerThread,
        @DefaultValue("5000") int maxThreadsPerMap,
        @DefaultValue("100") int pageThreads,
        @DefaultValue("200") int maxPageThreads,
        @DefaultValue("10000") int anchorOps,
        @DefaultValue("8388608") long anchorReadBytes,
        @DefaultValue("8") int anchorVersions,
        @DefaultValue("20") int maxMentions,
        @DefaultValue("16777216") long maxMapBytes,
        @DefaultValue("60") int writesPerMinute,
        @DefaultValue("120") int linkWritesPerMinute) {
}
