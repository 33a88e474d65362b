// What the REST queue and the live session share: listeners, pending ops taken off the map and put back on top of
// others' changes (a rebase); keeping them across a reload is store.js's.

import { apply, applyCommitted, InvalidOp } from '../model/ops.js';

/**
 * @typedef {{seq: number, op: object, inverse: object, fresh?: boolean}} Pending fresh: it creates a new object or
 *   layer under the next free id (not one it had before, as an undone delete does), so the server may choose the id
 */

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

/**
 * What the server logged after the ops we sent: a change to an IntGrid comes back as a batch of what we sent followed
 * by the auto-layer cells it derived (the same version). @returns {object[]} those derived ops (none: [])
 */
export function derivedOps(sent, logged) {
  if (logged?.type !== 'batch') return [];
  return logged.ops.slice(sent.type === 'batch' ? sent.ops.length : 1);
}

/** Applies a version's derived ops under our pending ones (taken off and put back when there are any). */
export function applyDerived(map, derived, pending, events, version = 0) {
  if (derived.length === 0) return pending;
  takeOff(map, pending);
  for (const op of derived) applyCommitted(map, op, version);
  return putBack(map, pending, events);
}

/** Undoes pending ops, newest first: the map is left at the server's state. */
export function takeOff(map, pending) {
  for (let i = pending.length - 1; i >= 0; i--) apply(map, pending[i].inverse);
}

/**
 * Applies pending ops again in order, with fresh inverses; ops that no longer fit are dropped and reported.
 * @returns {Pending[]} the ones kept
 */
export function putBack(map, ops, events) {
  const kept = [];
  const queue = ops.slice();
  const gone = new Set(); // objects and layers that dropped ops would have created
  for (let i = 0; i < queue.length; i++) {
    const p = queue[i];
    if (refersTo(p.op, gone)) {
      // made on something that is not there any more: it must not land on whatever now has that id
      createdIds(p.op, gone);
      events({ type: 'dropped', op: p.op, reason: 'it was made on something that no longer fits the map' });
      continue;
    }
    try {
      const applied = apply(map, p.op);
      kept.push({ seq: p.seq, op: applied.op, inverse: applied.inverse, fresh: p.fresh });
    } catch (e) {
      if (!(e instanceof InvalidOp)) throw e;
      const made = creation(p.op);
      if (made !== null) {
        // someone else took the id meanwhile: create it under the next free one, and follow it in what comes after
        const applied = apply(map, withId(p.op, 0));
        const to = creation(applied.op).id;
        kept.push({ seq: p.seq, op: applied.op, inverse: applied.inverse, fresh: true });
        const later = queue.slice(i + 1);
        followId(later, made.kind, made.id, to, nextId(map, made.kind), events);
        queue.splice(i + 1, later.length, ...later);
        continue;
      }
      createdIds(p.op, gone);
      events({ type: 'dropped', op: p.op, reason: e.message });
    }
  }
  return kept;
}

/** The id a map gives the next object or layer it makes. */
export function nextId(map, kind) {
  return kind === 'object' ? map.nextObjectId : map.nextLayerId;
}

/** Whether an op, as the editor made it, creates a new object or layer and leaves its id to the map (id 0). */
export function isFresh(op) {
  return creation(op)?.id === 0;
}

/** The object or layer a single addObject / addLayer creates: {kind: 'object'|'layer', id}, else null. */
export function creation(op) {
  if (op.type === 'addObject') return { kind: 'object', id: op.object?.id ?? 0 };
  if (op.type === 'addLayer') return { kind: 'layer', id: op.layerId ?? 0 };
  return null;
}

/** A creation op naming another id (0: "the map's next free one"). */
export function withId(op, id) {
  return op.type === 'addObject' ? { ...op, object: { ...op.object, id } } : { ...op, layerId: id };
}

/**
 * Follows a new id in pending ops (rewritten in place): every reference to `from` becomes `to`. When one of them
 * itself creates something under `to` (this editor made several at once), that one first moves to an id nothing
 * uses yet (at least `atLeast`, the map's next id), so the two never merge. Each rename is reported as a remap
 * event, in the order made.
 * @param {{op: object}[]} ops
 */
export function followId(ops, kind, from, to, atLeast, events) {
  const clash = ops.some((p) => {
    const made = creation(p.op);
    return made !== null && made.kind === kind && made.id === to;
  });
  if (clash) {
    let away = Math.max(atLeast, to + 1);
    for (const p of ops) mapIds(p.op, kind, (id) => { away = Math.max(away, id + 1); return id; });
    followId(ops, kind, to, away, away + 1, events);
  }
  for (let j = 0; j < ops.length; j++) ops[j] = { ...ops[j], op: remapIds(ops[j].op, kind, from, to) };
  events({ type: 'remap', kind, from, to });
}

/** An op (batches and nested objects included) with every reference to one object's or layer's id changed. */
export function remapIds(op, kind, from, to) {
  return mapIds(op, kind, (id) => (id === from ? to : id));
}

/**
 * An op with every id of one kind it names passed through `change`: layerId for layers; objectId, and the id of an
 * object an addObject makes, for objects.
 */
function mapIds(op, kind, change) {
  const walk = (node) => {
    if (Array.isArray(node)) return node.map(walk);
    if (node === null || typeof node !== 'object') return node;
    const out = {};
    for (const [key, value] of Object.entries(node)) out[key] = walk(value);
    if (kind === 'layer' && Number.isInteger(out.layerId)) out.layerId = change(out.layerId);
    if (kind === 'object' && Number.isInteger(out.objectId)) out.objectId = change(out.objectId);
    if (kind === 'object' && out.type === 'addObject' && Number.isInteger(out.object?.id)) {
      out.object = { ...out.object, id: change(out.object.id) };
    }
    return out;
  };
  return walk(op);
}

/** Where pages before IndexedDB kept a map's pending ops in localStorage (restore() still sends them). */
export function storageKey(mapId) {
  return `tilewright.pending.${mapId}`;
}

/** Why an edit is refused while the pending ones could not be kept (see store.js). */
export const UNKEPT = 'This browser could not keep the edits not saved yet (its storage is full or unavailable): '
  + 'wait until they are saved before editing on.';

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
