/**
 * Refusals as domain values: {@link dev.tilewright.core.refusal.Refusal} (what kind, what to do, the field or the
 * limit) and {@link dev.tilewright.core.refusal.Refused}, the same thrown. Services refuse with them; only the web
 * layer turns one into RFC 9457 problem JSON.
 */
package dev.tilewright.core.refusal;
