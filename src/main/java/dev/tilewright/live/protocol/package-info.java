/**
 * The live protocol as types: the sealed {@code ClientFrame} family read once by {@code ClientFrames} (with
 * the bounds of their fields) and every server frame written by {@code Frames}. Knows no socket, room or peer
 * (ArchUnit); depends on {@code core.edit}, {@code map}'s log entries and problem JSON.
 */
package dev.tilewright.live.protocol;
