// The pending-op queue: every edit is applied to the local map at once and queued; the queue sends what is
// pending as one request of ops (so a stroke is a few requests, not one per tile) with the version it was made
// against, and keeps the user's work through every failure:
// - 412 (someone else changed the map): read the ops since our version, take our pending ops off the map, apply
//   theirs, put ours back on top (dropping any that no longer fit), and send again;
// - a lost connection or a server error: keep everything pending, say "offline", retry with growing pauses; the
//   request is resent exactly as it was, and its (clientId, clientSeq) makes the server answer a resend of an
//   applied request with the original version instead of applying it twice;
// - 422 (the server refuses an op): take that request's ops back off the map and tell the user why.
// Pending ops are kept in IndexedDB (store.js) so a reload while saving loses nothing (see restore()).
// The queue knows nothing of the transport beyond the small interface below, so the live socket can replace it.

import { apply, applyCommitted, cellCount, InvalidOp, markCommitted, noteCommitted } from '../model/ops.js';
import {
  applyDerived, createdIds, creation, derivedOps, Emitter, followId, isFresh, putBack, refersTo, storageKey, takeOff,
  UNKEPT, withId,
} from './pending.js';
import { Keeper } from './store.js';

/**
 * @typedef {object} Transport
 * @property {(body: object, ifMatch: string) => Promise<{status: number, json: any}>} postOps
 * @property {(since: number) => Promise<{version: number, op: object}[]>} opsSince every op after a version
 */

/** @typedef {{seq: number, op: object, inverse: object}} Pending */

export class OpQueue extends Emitter {
  /**
   * @param {object} options
   * @param {import('../model/tilemap.js').TileMap} options.map the local map (at `version` plus pending ops)
   * @param {number} options.version the server version the map was loaded at
   * @param {Transport} options.transport
   * @param {string} options.clientId
   * @param {import('./store.js').PendingStore} [options.store] where pending ops are kept across a reload
   * @param {(fn: () => void, ms: number) => any} [options.schedule] setTimeout by default
   * @param {number} [options.gatherMs] how long to gather ops before sending
   * @param {number} [options.maxOps] ops per request
   * @param {number} [options.maxCells] cells per request
   */
  constructor({ map, version, transport, clientId, store = null, schedule = (fn, ms) => setTimeout(fn, ms),
    gatherMs = 30, maxOps = 500, maxCells = 262144 }) {
    super();
    this.map = map;
    this.version = version;
    this.transport = transport;
    this.clientId = clientId;
    this.keeper = new Keeper(store, map.id, clientId, () => this.report(this.connection));
    this.schedule = schedule;
    this.gatherMs = gatherMs;
    this.maxOps = maxOps;
    this.maxCells = maxCells;
    /** @type {Pending[]} applied locally, not yet acknowledged, oldest first */
    this.pending = [];
    /** @type {{seq:number, baseVersion:number, count:number}|null} the request on its way (the first `count` pending) */
    this.sending = null;
    this.nextSeq = 1;
    this.state = 'saved';
    /** saving | saved | offline: what the server side of things is, whatever storage says */
    this.connection = 'saved';
    this.retryMs = 0;
    this.timer = null;
  }

  /** Tells listeners the save state and how many edits are pending. */
  report(state) {
    this.connection = state;
    this.state = this.keeper.failed && this.pending.length > 0 ? 'unkept' : state;
    this.emit({ type: 'state', state: this.state, pending: this.pending.length });
  }

  /**
   * Applies an op to the local map and queues it. Throws InvalidOp (the map unchanged) when it does not fit.
   * @returns {{op: object, inverse: object}} the op as applied and its inverse
   */
  perform(op) {
    if (this.keeper.failed && this.pending.length > 0) throw new InvalidOp('storage', UNKEPT);
    const applied = apply(this.map, op);
    this.pending.push({ seq: this.nextSeq++, op: applied.op, inverse: applied.inverse, fresh: isFresh(op) });
    this.persist();
    this.report(this.connection === 'offline' ? 'offline' : 'saving');
    this.kick(this.gatherMs);
    return applied;
  }

  kick(delay) {
    if (this.timer !== null || this.sending !== null || this.pending.length === 0) return;
    this.timer = this.schedule(() => {
      this.timer = null;
      this.flush();
    }, delay);
  }

  /** Sends the oldest pending ops as one request (or resends the request under way after a failure). */
  async flush() {
    if (this.sending === null) {
      if (this.pending.length === 0) return;
      let count = 0;
      let cells = 0;
      while (count < this.pending.length && count < this.maxOps) {
        const more = cellCount(this.pending[count].op);
        if (count > 0 && cells + more > this.maxCells) break;
        cells += more;
        count++;
      }
      this.sending = { seq: this.pending[0].seq, baseVersion: this.version, count };
      this.persist();
    }
    const request = this.sending;
    const body = {
      clientId: this.clientId,
      clientSeq: request.seq,
      ops: this.pending.slice(0, request.count).map((p) => p.op),
    };
    let answer;
    try {
      answer = await this.transport.postOps(body, `"${request.baseVersion}"`);
    } catch (e) {
      answer = { status: 0, json: null };
    }
    if (answer.status === 200) {
      const sent = this.pending.splice(0, request.count);
      for (const p of sent) {
        markCommitted(p.op, answer.json.version);
        noteCommitted(this.map, p.op, answer.json.version);
      }
      this.pending = applyDerived(this.map, derivedOps({ type: 'batch', ops: sent.map((p) => p.op) }, answer.json.applied), this.pending,
        (event) => this.emit(event), answer.json.version);
      this.sending = null;
      this.version = answer.json.version;
      this.retryMs = 0;
      this.persist();
      this.report(this.pending.length === 0 ? 'saved' : 'saving');
      this.kick(0);
    } else if (answer.status === 412) {
      this.sending = null;
      await this.rebase();
    } else if (answer.status === 422 || answer.status === 400 || answer.status === 413) {
      this.sending = null;
      this.refuse(request.count, answer.json);
    } else {
      // offline or the server failing: try the same request again later
      this.report('offline');
      this.retryMs = Math.min(15000, this.retryMs === 0 ? 500 : this.retryMs * 2);
      this.timer = this.schedule(() => {
        this.timer = null;
        this.flush();
      }, this.retryMs);
    }
  }

  /** Puts the ops others made since our version under our pending ones, then sends again. */
  async rebase() {
    let remote;
    try {
      remote = await this.transport.opsSince(this.version);
    } catch (e) {
      this.report('offline');
      this.timer = this.schedule(() => {
        this.timer = null;
        this.rebase();
      }, 1000);
      return;
    }
    this.takeOffPending();
    for (const entry of remote) {
      applyCommitted(this.map, entry.op, entry.version);
      this.version = entry.version;
    }
    this.emit({ type: 'remote', count: remote.length });
    this.putBackPending(this.pending);
    this.persist();
    this.kick(0);
  }

  /** The server refused the first `count` pending ops: take them back off the map, keep the rest. */
  refuse(count, problem) {
    const refused = this.pending.slice(0, count);
    const rest = this.pending.slice(count);
    this.takeOffPending();
    this.putBackPending(rest);
    this.persist();
    this.emit({ type: 'refused', ops: refused.map((p) => p.op), problem });
    this.report(this.pending.length === 0 ? 'saved' : 'saving');
    this.kick(0);
  }

  takeOffPending() {
    takeOff(this.map, this.pending);
  }

  /** Changes the map beneath the pending ops (chunks that arrive): taken off, fn run, put back. */
  beneath(fn) {
    this.takeOffPending();
    fn();
    this.putBackPending(this.pending);
  }

  putBackPending(ops) {
    this.pending = putBack(this.map, ops, (event) => this.emit(event));
  }

  persist() {
    this.keeper.keep(this);
  }
}

/**
 * Sends the ops a reload interrupted, before the map is loaded again: every page's record of this map (oldest
 * first), and what a page before IndexedDB left in localStorage. Per record: the request that was under way exactly
 * as it was (the server answers a repeat with its original version), then the rest on top of whatever the map is
 * now (If-Match: *, as a rebase would have put them). New objects and layers go as "server, choose its id" (ones
 * that come back, as an undone delete, keep theirs), and the ops after them follow the id the server gave; ops the
 * server refuses are reported and dropped, together with the ops made on what a refused op would have created. A
 * record is removed once sent; when the map is gone (404) its records are dropped and counted as `lost`.
 * @param {import('./store.js').PendingStore|null} store
 * @param {{getItem(k:string):string|null, removeItem(k:string):void}|null} legacy localStorage
 * @returns {Promise<{sent: number, refused: object[], lost: number}>}
 */
export async function restore(store, mapId, transport, legacy = null) {
  const records = store === null ? [] : (await store.all(mapId)).sort((a, b) => a.savedAt - b.savedAt);
  const old = legacy === null ? null : JSON.parse(legacy.getItem(storageKey(mapId)) ?? 'null');
  if (old !== null) records.unshift(old);
  const result = { sent: 0, refused: [], lost: 0 };
  for (const saved of records) {
    if (saved.pending.length > 0) {
      const answer = await restoreOne(saved, transport, result);
      if (answer === 'gone') result.lost += saved.pending.length;
    }
    if (saved === old) legacy.removeItem(storageKey(mapId));
    else await store.remove(mapId, saved.clientId);
  }
  return result;
}

async function restoreOne(saved, transport, result) {
  const requests = [];
  let rest = saved.pending;
  if (saved.sending !== null && saved.sending !== undefined) {
    requests.push({ seq: saved.sending.seq, ifMatch: `"${saved.sending.baseVersion}"`,
      ops: rest.slice(0, saved.sending.count).map((p) => p.op) });
    rest = rest.slice(saved.sending.count);
  }
  for (const p of rest) requests.push({ seq: p.seq, ifMatch: '*', ops: [p.op], fresh: p.fresh === true });
  const gone = new Set();
  for (let i = 0; i < requests.length; i++) {
    const request = requests[i];
    if (request.ops.some((op) => refersTo(op, gone))) {
      request.ops.forEach((op) => createdIds(op, gone));
      result.refused.push({ ops: request.ops, problem: { detail: 'it was made on something the server refused' } });
      continue;
    }
    const ops = request.fresh ? request.ops.map((op) => withId(op, 0)) : request.ops;
    let answer = await transport.postOps({ clientId: saved.clientId, clientSeq: request.seq, ops }, request.ifMatch);
    if (answer.status === 412) {
      answer = await transport.postOps({ clientId: saved.clientId, clientSeq: request.seq, ops }, '*');
    }
    if (answer.status === 200) {
      result.sent += request.ops.length;
      const given = answer.json?.applied?.ops ?? [];
      request.ops.forEach((op, k) => {
        const mine = creation(op);
        const theirs = given[k] === undefined ? null : creation(given[k]);
        if (mine === null || theirs === null || mine.id === theirs.id) return;
        // the ops still to send, one by one, follow the server's id (see followId)
        const later = requests.slice(i + 1).flatMap((r) => r.ops.map((o, at) => ({ op: o, r, at })));
        followId(later, mine.kind, mine.id, theirs.id, theirs.id + 1, () => {});
        for (const { op: o, r, at } of later) r.ops[at] = o;
      });
    } else if (answer.status === 422 || answer.status === 400 || answer.status === 413) {
      request.ops.forEach((op) => createdIds(op, gone));
      result.refused.push({ ops: request.ops, problem: answer.json });
    } else if (answer.status === 404) {
      return 'gone';
    } else {
      throw new Error(`the server answered ${answer.status}; the pending edits stay stored`);
    }
  }
  return 'sent';
}
