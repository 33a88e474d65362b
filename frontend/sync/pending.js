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
  const gone = new Set(); // objects and layers that dropped ops would have created
  for (const p of ops) {
    if (refersTo(p.op, gone)) {
      // made on something that is not there any more: it must not land on whatever now has that id
      createdIds(p.op, gone);
      dropped({ type: 'dropped', op: p.op, reason: 'it was made on something that no longer fits the map' });
      continue;
    }
    try {
      const applied = apply(map, p.op);
      kept.push({ seq: p.seq, op: applied.op, inverse: applied.inverse });
    } catch (e) {
      if (!(e instanceof InvalidOp)) throw e;
      createdIds(p.op, gone);
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

/** Ids of objects and layers an op creates (an addObject with its id, an addLayer), as "object:7" / "layer:3". */
export function createdIds(op, into = new Set()) {
  if (op.type === 'batch') {
    for (const o of op.ops) createdIds(o, into);
  } else if (op.type === 'addObject' && op.object?.id) {
    into.add(`object:${op.object.id}`);
  } else if (op.type === 'addLayer' && op.layerId) {
    into.add(`layer:${op.layerId}`);
  }
  return into;
}

/** Whether an op refers to (changes, or places something on) any of these objects or layers. */
export function refersTo(op, ids) {
  if (ids.size === 0) return false;
  if (op.type === 'batch') return op.ops.some((o) => refersTo(o, ids));
  if (op.type !== 'addLayer' && op.layerId !== undefined && ids.has(`layer:${op.layerId}`)) return true;
  return op.objectId !== undefined && ids.has(`object:${op.objectId}`);
}
