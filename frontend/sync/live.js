// The live session: the editor's ops over the map's WebSocket (sync/protocol.js names its frames), the server the
// single authority. Every edit is applied to the local map at once and sent as its own `op` frame with a growing
// clientSeq; the local map is always the server's state at `version` with the pending (unacknowledged) ops on top.
// - Others' ops arrive in version order: pending ops are taken off, theirs applied, ours put back (dropping any
//   that no longer fit), so what we see is what the server will have once ours arrive.
// - An ack carries our op as the server logged it; a reject takes the op back and says why.
// - When the socket drops, the edits stay pending (and in storage), the status says reconnecting/offline, and on
//   reconnect the hello's lastVersion brings exactly what was missed; then every pending op is sent again with its
//   original clientSeq (the server acknowledges a repeat with its original version and never applies it twice).
// - Presence (cursor, tool, selection) goes out throttled; others' presence and the people list come in as events.
// Same face to the editor as the REST OpQueue: perform(), listen(), pending, state, version, settled().

import { apply, applyCommitted, InvalidOp, markCommitted, noteCommitted } from '../model/ops.js';
import * as frames from './protocol.js';
import { CLOSE_CODES, SERVER_FRAMES } from './protocol.js';
import {
  applyDerived, createdIds, creation, derivedOps, Emitter, followId, isFresh, nextId, putBack, refersTo, takeOff, UNKEPT,
  withId,
} from './pending.js';
import { Keeper } from './store.js';

/** A colour for a person, the same everywhere it is shown and on every client. */
export function personColor(clientId) {
  let hash = 0;
  for (let i = 0; i < clientId.length; i++) hash = (hash * 31 + clientId.charCodeAt(i)) >>> 0;
  return `hsl(${hash % 360}, 75%, 45%)`;
}

export class LiveSession extends Emitter {
  /**
   * @param {object} options
   * @param {import('../model/tilemap.js').TileMap} options.map the local map, loaded at `version`
   * @param {number} options.version
   * @param {string} options.clientId new per page load: seqs start at 1 for it
   * @param {string} options.name shown to the others
   * @param {() => WebSocket} options.connect opens the map's socket (a fake one in tests)
   * @param {(since: number, upTo: number) => Promise<{version: number, op: object}[]>} options.opsSince
   *   the log between two versions (REST), for a client the server answers with a snapshot
   * @param {import('./store.js').PendingStore} [options.store] where pending ops are kept across a reload
   * @param {(fn: () => void, ms: number) => any} [options.schedule]
   * @param {(timer: any) => void} [options.cancel]
   * @param {() => number} [options.now]
   * @param {number} [options.presenceMs] at most one presence frame per this many ms
   * @param {number} [options.pingMs] a ping this often keeps idle sockets open through proxies (0: none)
   * @param {(body: object) => Promise<{status: number, json: any}>} [options.postOps] REST, for an op too large
   *   for a frame (same clientId and seq: its ack still comes over the socket)
   * @param {number} [options.maxInFlight] ops sent and not yet answered, at most
   * @param {number} [options.maxFrameChars] an op frame longer than this goes by REST instead
   */
  constructor({ map, version, clientId, name, connect, opsSince, store = null,
    schedule = (fn, ms) => setTimeout(fn, ms), cancel = (t) => clearTimeout(t), now = () => Date.now(),
    presenceMs = 50, pingMs = 10000, postOps = null, maxInFlight = 256, maxFrameChars = 900000 }) {
    super();
    this.map = map;
    this.version = version;
    this.clientId = clientId;
    this.name = name;
    this.connectSocket = connect;
    this.opsSince = opsSince;
    this.keeper = new Keeper(store, map.id, clientId, () => this.report());
    this.schedule = schedule;
    this.cancel = cancel;
    this.now = now;
    this.presenceMs = presenceMs;
    this.pingMs = pingMs;
    this.postOps = postOps;
    this.maxInFlight = maxInFlight;
    this.maxFrameChars = maxFrameChars;
    /** seqs sent on this socket and not answered yet */
    this.inFlight = new Set();
    /** seqs ever sent (on any socket): only those may already be on the server */
    this.everSent = new Set();
    /** @type {import('./pending.js').Pending[]} applied locally, not yet acknowledged, oldest first */
    this.pending = [];
    this.nextSeq = 1;
    /** connecting | live | reconnecting | offline */
    this.connection = 'connecting';
    this.state = 'connecting';
    /** @type {Map<string, {clientId: string, name: string, color: string, cursor?: {x: number, y: number}, tool?: string, selection?: any}>} */
    this.people = new Map();
    this.socket = null;
    this.welcomed = false;
    this.catchingUp = null; // frames held while a snapshot's gap is read over REST
    this.retryMs = 0;
    this.retryTimer = null;
    this.pingTimer = null;
    this.presence = null;
    this.presenceSentAt = -Infinity;
    this.presenceTimer = null;
    this.closed = false;
  }

  /** Tells listeners the connection and how many edits are pending. */
  report() {
    const state = this.unkept() && !this.ended() ? 'unkept'
      : this.connection !== 'live' ? this.connection : this.pending.length > 0 ? 'saving' : 'saved';
    this.state = state;
    this.emit({ type: 'state', state, pending: this.pending.length });
  }

  /** Opens the socket (and opens it again whenever it drops, until close()). */
  start() {
    this.closed = false;
    this.open();
    return this;
  }

  close() {
    this.closed = true;
    this.cancel(this.retryTimer);
    this.cancel(this.pingTimer);
    this.socket?.close(1000, 'bye');
  }

  open() {
    this.welcomed = false;
    let socket;
    try {
      socket = this.connectSocket();
    } catch (e) {
      this.lost();
      return;
    }
    this.socket = socket;
    socket.binaryType = 'arraybuffer';
    socket.onopen = () => {
      if (socket !== this.socket) return;
      socket.send(frames.hello(this.clientId, this.name, this.version));
    };
    socket.onmessage = (message) => {
      if (socket !== this.socket) return;
      this.receive(frames.read(message.data));
    };
    socket.onclose = (event) => {
      if (socket !== this.socket) return;
      this.socket = null;
      if (event?.code === CLOSE_CODES.MAP_DELETED) {
        this.end('deleted');
        return;
      }
      if (event?.code === CLOSE_CODES.ACCESS_ENDED) {
        this.end('denied');
        return;
      }
      this.lost();
    };
    socket.onerror = () => {};
  }

  /** The socket dropped (or never opened): keep everything, say so, try again with growing pauses. */
  lost() {
    this.welcomed = false;
    this.inFlight.clear();
    this.cancel(this.pingTimer);
    if (this.closed) return;
    this.people.clear();
    this.emit({ type: 'people', people: [] });
    this.connection = this.retryMs >= 2000 ? 'offline' : 'reconnecting';
    this.report();
    this.retryMs = Math.min(5000, this.retryMs === 0 ? 250 : this.retryMs * 2);
    // a little jitter, so editors cut off together do not all knock again at the same instant
    this.retryTimer = this.schedule(() => {
      this.retryTimer = null;
      this.open();
    }, this.retryMs * (0.8 + 0.4 * Math.random()));
  }

  /** Whether nothing more can be kept here: the map was deleted, or this editor's access to it ended. */
  ended() {
    return this.connection === 'deleted' || this.connection === 'denied';
  }

  /**
   * Nothing more can be kept: the map was deleted ('deleted'), or the server ended this editor's access to it
   * ('denied': signed out, token revoked, role removed). The status says so with the edits that were not saved, no
   * reconnect is tried, and new edits are refused (they would be lost).
   */
  end(why) {
    this.welcomed = false;
    this.inFlight.clear();
    this.cancel(this.pingTimer);
    this.cancel(this.retryTimer);
    this.retryTimer = null;
    this.closed = true;
    this.people.clear();
    this.emit({ type: 'people', people: [] });
    this.connection = why;
    this.report();
  }

  /** The browser says the network is back: try now instead of after the pause. */
  retryNow() {
    if (this.retryTimer === null || this.closed) return;
    this.cancel(this.retryTimer);
    this.retryTimer = null;
    this.open();
  }

  /**
   * Applies an op to the local map and sends it. Throws InvalidOp (the map unchanged) when it does not fit.
   * @returns {{op: object, inverse: object}} the op as applied and its inverse
   */
  perform(op) {
    if (this.connection === 'deleted') throw new InvalidOp('map', 'this map was deleted: edits cannot be kept');
    if (this.connection === 'denied') throw new InvalidOp('map', 'your access to this map ended: edits cannot be kept');
    if (this.unkept()) throw new InvalidOp('storage', UNKEPT);
    const applied = apply(this.map, op);
    const pending = { seq: this.nextSeq++, op: applied.op, inverse: applied.inverse, fresh: isFresh(op) };
    this.pending.push(pending);
    this.persist();
    this.pump();
    this.report();
    return applied;
  }

  /**
   * Sends pending ops not yet on their way, oldest first, keeping at most maxInFlight unanswered. An op on an object
   * or layer whose creation is not acknowledged yet waits (with everything after it): if the server refuses the
   * creation (another editor took the id meanwhile), the op must not reach the other editor's object.
   */
  pump() {
    if (!this.welcomed) return;
    const unconfirmed = new Set();
    for (const pending of this.pending) {
      if (this.inFlight.size >= this.maxInFlight) return;
      if (refersTo(pending.op, unconfirmed)) return;
      createdIds(pending.op, unconfirmed);
      if (this.inFlight.has(pending.seq)) continue;
      this.inFlight.add(pending.seq);
      this.everSent.add(pending.seq);
      // a new object or layer goes as "server, choose its id": its ack says which (see acknowledged); one that
      // comes back (an undone delete) keeps its id
      const sent = pending.fresh ? withId(pending.op, 0) : pending.op;
      const frame = frames.op(pending.seq, this.version, sent);
      if (frame.length <= this.maxFrameChars || this.postOps === null) {
        this.socket.send(frame);
      } else {
        this.postLarge(pending);
      }
    }
  }

  /** An op too large for a frame goes by REST; the server's answer comes over the socket as for any other. */
  async postLarge(pending) {
    let answer;
    try {
      answer = await this.postOps({ clientId: this.clientId, clientSeq: pending.seq, ops: [pending.op] });
    } catch (e) {
      answer = { status: 0 };
    }
    if (answer.status === 422 || answer.status === 400 || answer.status === 413) {
      this.rejected({ clientSeq: pending.seq, problem: answer.json });
    } else if (answer.status !== 200) {
      this.inFlight.delete(pending.seq); // tried again with the next welcome
    }
  }

  /** Pending ops never sent (made while disconnected) go as batches: fewer frames, within the op rate. */
  coalesce() {
    const merged = [];
    let run = [];
    let size = 0;
    const flush = () => {
      if (run.length === 1) merged.push(run[0]);
      if (run.length > 1) {
        merged.push({ seq: this.nextSeq++, op: { type: 'batch', ops: run.map((p) => p.op) },
          inverse: { type: 'batch', ops: run.map((p) => p.inverse).reverse() } });
      }
      run = [];
      size = 0;
    };
    for (const pending of this.pending) {
      if (this.everSent.has(pending.seq) || creation(pending.op) !== null) {
        // sent before (it may be on the server), or a creation (sent alone, its id chosen by the server)
        flush();
        merged.push(pending);
        continue;
      }
      const length = JSON.stringify(pending.op).length;
      if (run.length >= 500 || size + length > 200000) flush();
      run.push(pending);
      size += length;
    }
    flush();
    this.pending = merged;
  }

  /** An answer (or our op in a welcome) arrived for these seqs: they are no longer on their way. */
  answered(seqs) {
    for (const seq of seqs) {
      this.inFlight.delete(seq);
      this.everSent.delete(seq);
    }
    this.pump();
  }

  /** Where this editor's pointer is and what it does; sent at most every presenceMs (the last one always). */
  setPresence(presence) {
    this.presence = presence;
    if (!this.welcomed || this.presenceTimer !== null) return;
    const wait = this.presenceSentAt + this.presenceMs - this.now();
    if (wait <= 0) {
      this.sendPresence();
    } else {
      this.presenceTimer = this.schedule(() => {
        this.presenceTimer = null;
        if (this.welcomed) this.sendPresence();
      }, wait);
    }
  }

  sendPresence() {
    this.presenceSentAt = this.now();
    this.socket.send(frames.presence(this.presence));
  }

  receive(frame) {
    if (frame.type === SERVER_FRAMES.FRAMES) {
      for (const one of frame.frames) this.receive(one);
      return;
    }
    if (frame.type === SERVER_FRAMES.THREAD || frame.type === SERVER_FRAMES.CHECKS) {
      // review threads and check results are not versions of the map: they pass straight on, even while catching up
      this.emit({ type: frame.type, frame });
      return;
    }
    if (this.catchingUp !== null && frame.type !== SERVER_FRAMES.PEOPLE && frame.type !== SERVER_FRAMES.PRESENCE) {
      this.catchingUp.push(frame);
      return;
    }
    switch (frame.type) {
      case SERVER_FRAMES.WELCOME:
        this.rebase(frame.ops);
        this.ready();
        break;
      case SERVER_FRAMES.SNAPSHOT:
        this.catchUpTo(frame.version, () => this.ready());
        break;
      case SERVER_FRAMES.FETCH:
        if (!this.passedBy(frame)) this.catchUpTo(frame.version, () => {});
        break;
      case SERVER_FRAMES.OP:
        this.rebase([frame]);
        break;
      case SERVER_FRAMES.ACK:
        this.acknowledged(frame);
        break;
      case SERVER_FRAMES.REJECT:
        this.rejected(frame);
        break;
      case SERVER_FRAMES.PEOPLE:
        this.setPeople(frame.people);
        break;
      case SERVER_FRAMES.PRESENCE:
        this.updatePerson(frame);
        break;
      case SERVER_FRAMES.ERROR:
        this.emit({ type: 'refused', ops: [], problem: frame.problem });
        break;
      default:
        break;
    }
  }

  /** Welcomed: send every pending op again (original seqs), keep the socket warm, say we are live. */
  ready() {
    this.welcomed = true;
    this.retryMs = 0;
    this.connection = 'live';
    this.coalesce();
    this.persist();
    this.inFlight.clear();
    this.pump();
    if (this.presence !== null) this.sendPresence();
    const socket = this.socket;
    const ping = () => {
      this.pingTimer = this.schedule(() => {
        if (this.welcomed && socket === this.socket) {
          socket.send(frames.ping());
          ping();
        }
      }, this.pingMs);
    };
    if (this.pingMs > 0) ping();
    this.report();
  }

  /**
   * Reads the versions up to `version` over REST (the map object stays the one the editor draws), holding what
   * arrives meanwhile, then goes on (`then`). For a snapshot (the hello found us too far behind) and for a fetch (an
   * op too large for the socket, ours or another's: ours counts as acknowledged once read).
   */
  async catchUpTo(version, then) {
    const socket = this.socket;
    this.catchingUp = [];
    let entries;
    try {
      entries = version > this.version ? await this.opsSince(this.version, version) : [];
    } catch (e) {
      this.catchingUp = null;
      if (socket === this.socket) socket.close(4000, 'catch-up failed');
      return;
    }
    if (socket !== this.socket) {
      this.catchingUp = null; // the socket dropped meanwhile: the next hello starts over
      return;
    }
    const held = this.catchingUp;
    this.catchingUp = null;
    this.rebase(entries.filter((e) => e.version <= version));
    then();
    for (const frame of held) this.receive(frame);
  }

  /**
   * Another's op too large for the socket that only writes cells of streamed layers: the op is not read. Its cells
   * are taken as the server now has them, as for a committed restoreCells: chunks held there are let go and those in
   * view read again (sync/chunks.js), the others noted as changed at its version (a pack of them read before is
   * stale), and we are at its version, under our pending ops as they were.
   */
  passedBy(frame) {
    if (!Array.isArray(frame.cells) || frame.clientId === this.clientId || frame.version !== this.version + 1) return false;
    const touched = frame.cells.map((r) => this.map.layer(r.layerId));
    if (!touched.every((layer) => layer?.type === 'tile' && layer.loaded !== null)) return false;
    noteCommitted(this.map, { type: 'batch', ops: frame.cells.map((r) => ({ type: 'restoreCells', ...r })) }, frame.version);
    this.version = frame.version;
    this.persist();
    this.emit({ type: 'remote', count: 1 });
    this.report();
    return true;
  }

  /**
   * Puts committed ops (in version order, ours included) under the pending ones. Our own ops among them count as
   * acknowledged. Versions we have are skipped.
   */
  rebase(entries) {
    const fresh = entries.filter((e) => e.version > this.version);
    if (fresh.length === 0) return;
    const ours = new Set(fresh.filter((e) => e.clientId === this.clientId).map((e) => e.clientSeq));
    const common = this.pending.length === 0;
    if (!common) this.takeOffPending();
    for (const entry of fresh) {
      applyCommitted(this.map, entry.op, entry.version);
      this.version = entry.version;
    }
    if (!common) this.putBackPending(this.pending.filter((p) => !ours.has(p.seq)));
    this.persist();
    if (fresh.some((e) => e.clientId !== this.clientId)) this.emit({ type: 'remote', count: fresh.length });
    if (ours.size > 0) this.answered(ours);
    this.report();
  }

  /** The server committed one of ours (as logged, ids assigned) at `version`. */
  acknowledged({ clientSeq, version, op }) {
    const at = this.pending.findIndex((p) => p.seq === clientSeq);
    if (at >= 0) markCommitted(this.pending[at].op, version);
    if (at < 0) {
      // a repeat of an ack we had (after a resend): nothing to do unless it brings a version we lack
      if (version > this.version) this.rebase([{ version, clientId: this.clientId, clientSeq, op }]);
      return;
    }
    const mine = creation(this.pending[at].op);
    const theirs = creation(op);
    const renamed = mine !== null && theirs !== null && mine.id !== theirs.id && version > this.version;
    if (at === 0 && version === this.version + 1 && !renamed) {
      // the usual case: the bottom pending op became the server's next version, applied to the very state we applied
      // it to, under the same ids, so the map is already right — but for auto-layer cells the server derived with it
      const derived = derivedOps(this.pending[0].op, op);
      noteCommitted(this.map, this.pending[0].op, version);
      this.pending.shift();
      this.version = version;
      this.pending = applyDerived(this.map, derived, this.pending, (event) => this.emit(event), version);
    } else {
      this.takeOffPending();
      if (version > this.version) {
        applyCommitted(this.map, op, version);
        this.version = version;
      }
      const rest = this.pending.filter((p) => p.seq !== clientSeq);
      if (renamed) {
        // the server chose another id for what we created: follow it in the ops made on it since
        followId(rest, mine.kind, mine.id, theirs.id, nextId(this.map, mine.kind), (event) => this.emit(event));
      }
      this.putBackPending(rest);
    }
    this.persist();
    this.answered([clientSeq]);
    this.report();
  }

  /** The server refused one of ours: take it back off the map, keep the rest, say why. */
  rejected({ clientSeq, problem }) {
    const at = this.pending.findIndex((p) => p.seq === clientSeq);
    if (at < 0) return;
    if (problem?.status === 429 || problem?.status === 503) {
      // not the op's fault (too fast, or the server could not store it): keep it, and send it again after a pause
      this.socket?.close(4000, 'again later');
      return;
    }
    const refused = this.pending[at];
    this.takeOffPending();
    // what was made on an object or layer the refused op created goes with it (it was never sent: see pump)
    const gone = createdIds(refused.op);
    const rest = [];
    for (const p of this.pending) {
      if (p.seq === clientSeq) continue;
      if (refersTo(p.op, gone)) {
        this.emit({ type: 'dropped', op: p.op, reason: 'it was made on something the server refused' });
        createdIds(p.op, gone);
      } else {
        rest.push(p);
      }
    }
    this.putBackPending(rest);
    this.persist();
    this.emit({ type: 'refused', ops: [refused.op], problem });
    this.answered([clientSeq]);
    this.report();
  }

  takeOffPending() {
    takeOff(this.map, this.pending);
  }

  /** Changes the map beneath the pending ops (chunks that arrive): taken off, fn run, put back. */
  beneath(fn) {
    if (this.pending.length === 0) {
      fn();
      return;
    }
    this.takeOffPending();
    fn();
    this.putBackPending(this.pending);
  }

  putBackPending(ops) {
    this.pending = putBack(this.map, ops, (event) => this.emit(event));
  }

  setPeople(list) {
    const next = new Map();
    for (const person of list) {
      if (person.clientId === this.clientId) continue;
      next.set(person.clientId, { ...this.people.get(person.clientId), ...person, color: personColor(person.account ?? person.clientId) });
    }
    this.people = next;
    this.emit({ type: 'people', people: [...next.values()] });
  }

  updatePerson(frame) {
    if (frame.clientId === this.clientId) return;
    const person = { ...this.people.get(frame.clientId), ...frame };
    person.color = personColor(person.account ?? person.clientId);
    delete person.type;
    this.people.set(frame.clientId, person);
    this.emit({ type: 'presence', person });
  }

  /** Edits wait that this tab could not keep (storage failed): they are only in its memory. */
  unkept() {
    return this.keeper.failed && this.pending.length > 0;
  }

  /** Kept in the REST queue's format, so restore() sends them after a reload (with this page's clientId). */
  persist() {
    this.keeper.keep({ version: this.version, sending: null, pending: this.pending });
  }
}
