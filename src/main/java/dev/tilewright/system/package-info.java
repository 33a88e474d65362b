/**
 * App-wide plumbing with no feature of its own: how background threads start and stop ({@link
 * dev.tilewright.system.BackgroundWork}, {@link dev.tilewright.system.Phase}). May use Spring; features depend on
 * it, never the other way round.
 */
package dev.tilewright.system;
