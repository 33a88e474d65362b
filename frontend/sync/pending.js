// What the REST queue and the live session share: listeners, pending ops taken off the map and put back on top of
// others' changes (a rebase), and pending ops kept in storage across a reload.

import { apply, InvalidOp } from '../model/ops.js';

/** @typedef {{seq: number, op: object, inverse: object}} Pending */

export class Emitter {
  constructor() {
    /** @type {Set<(event: object) => void>} */
    this.listeners = new Set();
  }

  /** @param {(event: {type: string}) => void} listener */
  listen(listener) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(event) {
    for (const listener of this.listeners) listener(event);
  }

  /** Resolves when nothing is pending (or rejects after `ms`). */
  async settled(ms = 10000) {
    const until = Date.now() + ms;
    while (this.pending.length > 0) {
      if (Date.now() > until) throw new Error(`${this.pending.length} ops still pending`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }
}

/** Undoes pending ops, newest first: the map is left at the server's state. */
export function takeOff(map, pending) {
  for (let i = pending.length - 1; i >= 0; i--) apply(map, pending[i].inverse);
}

/**
 * Applies pending ops again in order, with fresh inverses; ops that no longer fit are dropped and reported.
 * @returns {Pending[]} the ones kept
 */
export function putBack(map, ops, dropped) {
  const kept = [];
  for (const p of ops) {
    try {
      const applied = apply(map, p.op);
      kept.push({ seq: p.seq, op: applied.op, inverse: applied.inverse });
    } catch (e) {
      if (!(e instanceof InvalidOp)) throw e;
      dropped({ type: 'dropped', op: p.op, reason: e.message });
    }
  }
  return kept;
}

export function storageKey(mapId) {
  return `tilewright.pending.${mapId}`;
}

/** Keeps the pending ops of a map (or forgets them when there are none); restore() sends them after a reload. */
export function keepPending(storage, mapId, { clientId, version, sending, pending }) {
  if (storage === null) return;
  if (pending.length === 0) {
    storage.removeItem(storageKey(mapId));
    return;
  }
  storage.setItem(storageKey(mapId), JSON.stringify({
    clientId, version, sending, pending: pending.map((p) => ({ seq: p.seq, op: p.op })),
  }));
}
