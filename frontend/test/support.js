// Test helpers: small maps, and a server double that applies ops with the same model (its own copy) and answers
// as the REST endpoint does: If-Match versions, idempotent (clientId, clientSeq), 422 for ops that do not fit.

import { apply, InvalidOp } from '../model/ops.js';
import { CHUNK, TileMap } from '../model/tilemap.js';
import { fetchCells } from '../sync/protocol.js';

export function newMap({ width = 20, height = 12, tileCount = 16 } = {}) {
  return new TileMap({
    id: 7, name: 'test', width, height, tileWidth: 16, tileHeight: 16,
    tilesets: [{ tilesetId: 1, firstGid: 1, tileCount }],
    layers: [{ id: 1, name: 'ground', type: 'tile' }, { id: 2, name: 'things', type: 'object', objects: [] }],
    nextLayerId: 3, nextObjectId: 1,
  });
}

/** A random generator from a seed (mulberry32), so failures repeat. */
export function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export class FakeServer {
  constructor(map) {
    this.map = map.copy();
    this.version = 1;
    this.log = [];
    this.seen = new Map();
    this.offline = false;
    this.requests = 0;
  }

  /** Another client's edit. */
  applyRemote(op) {
    const applied = apply(this.map, op);
    this.version++;
    this.log.push({ version: this.version, op: applied.op });
  }

  transport() {
    return {
      postOps: async (body, ifMatch) => {
        this.requests++;
        if (this.offline) throw new TypeError('Failed to fetch');
        if (this.deleted) return { status: 404, json: { status: 404 } };
        const key = `${body.clientId}/${body.clientSeq}`;
        if (this.seen.has(key)) return { status: 200, json: { ...this.seen.get(key), repeated: true } };
        if (ifMatch !== '*' && ifMatch !== `"${this.version}"`) return { status: 412, json: { status: 412 } };
        let applied;
        try {
          applied = apply(this.map, { type: 'batch', ops: body.ops });
        } catch (e) {
          if (e instanceof InvalidOp) return { status: 422, json: { status: 422, field: e.field, detail: e.message } };
          throw e;
        }
        this.version++;
        this.log.push({ version: this.version, op: applied.op });
        this.seen.set(key, { version: this.version, applied: applied.op });
        return { status: 200, json: { version: this.version, applied: applied.op, repeated: false } };
      },
      opsSince: async (since) => {
        if (this.offline) throw new TypeError('Failed to fetch');
        return this.log.filter((e) => e.version > since);
      },
    };
  }
}

/** A scheduler the test drives: timers run when the test says so. */
export class ManualClock {
  constructor() {
    this.timers = [];
  }

  schedule = (fn, ms) => {
    this.timers.push({ fn, ms });
    return this.timers.length;
  };

  /** Runs every timer due (and those they schedule) until none is left; awaits the async work in between. */
  async runAll(limit = 1000) {
    for (let i = 0; i < limit && this.timers.length > 0; i++) {
      const { fn } = this.timers.shift();
      await fn();
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
}

/** The editor's pending store (sync/store.js) in memory; `failing` makes every write fail as a full disk would. */
export class MemoryStore {
  constructor() {
    this.records = new Map();
    this.failing = false;
  }

  check() {
    if (this.failing) throw new Error('QuotaExceededError: the storage is full');
  }

  async put(record) {
    this.check();
    this.records.set(`${record.mapId}/${record.clientId}`, structuredClone(record));
  }

  async remove(mapId, clientId) {
    this.check();
    this.records.delete(`${mapId}/${clientId}`);
  }

  async all(mapId) {
    return [...this.records.values()].filter((r) => r.mapId === mapId).map((r) => structuredClone(r));
  }

  /** How many ops are kept for a map, over all pages' records. */
  pendingOf(mapId) {
    return [...this.records.values()].filter((r) => r.mapId === mapId).reduce((n, r) => n + r.pending.length, 0);
  }
}

/** localStorage in memory (pages before IndexedDB kept pending ops there). */
export class MemoryStorage {
  constructor() {
    this.items = new Map();
  }

  getItem(k) {
    return this.items.has(k) ? this.items.get(k) : null;
  }

  setItem(k, v) {
    this.items.set(k, String(v));
  }

  removeItem(k) {
    this.items.delete(k);
  }
}

/**
 * A live server double speaking protocol 1 over sockets the test drives: frames wait in each direction until the
 * test delivers them, and a socket can be cut with frames still on the way (both directions lost).
 */
export class FakeLiveServer {
  constructor(map, { maxCatchUp = 1000, maxOpChars = Infinity, coalesce = false, derive = null } = {}) {
    this.map = map.copy();
    // as the server's auto-layers: (map, applied op) => an op it derives, logged with the op as one batch (or null)
    this.derive = derive;
    this.coalesce = coalesce; // as the server's relay tick: a run of relayed frames may arrive as one frames message
    this.maxOpChars = maxOpChars; // as the server's max-op-frame-bytes: a larger op goes as a fetch frame
    this.version = 1;
    this.log = [];
    this.seen = new Map();
    this.maxCatchUp = maxCatchUp;
    /** @type {FakeSocket[]} */
    this.sockets = [];
  }

  /** Another client's edit over REST: committed and relayed like any other. */
  applyRemote(op, clientId = 'rest') {
    const applied = apply(this.map, op);
    this.version++;
    const entry = { version: this.version, clientId, clientSeq: null, op: applied.op };
    this.log.push(entry);
    this.relay(entry, null);
  }

  /** POST .../ops as the REST endpoint answers it; a live socket of the same client gets the ack. */
  post(body) {
    const socket = this.sockets.find((s) => s.open && s.clientId === body.clientId) ?? null;
    const key = `${body.clientId}/${body.clientSeq}`;
    if (this.seen.has(key)) return { status: 200, json: { version: this.seen.get(key).version, repeated: true } };
    let applied;
    try {
      applied = apply(this.map, body.ops.length === 1 ? body.ops[0] : { type: 'batch', ops: body.ops });
    } catch (e) {
      if (e instanceof InvalidOp) return { status: 422, json: { status: 422, field: e.field, detail: e.message } };
      throw e;
    }
    this.version++;
    const entry = { version: this.version, clientId: body.clientId, clientSeq: body.clientSeq, op: applied.op };
    this.log.push(entry);
    this.seen.set(key, entry);
    this.relay(entry, socket);
    return { status: 200, json: { version: this.version, repeated: false } };
  }

  connect = () => {
    const socket = new FakeSocket(this);
    this.sockets.push(socket);
    return socket;
  };

  relay(entry, from) {
    for (const s of this.sockets) {
      if (s.open && s.clientId !== null) {
        s.toClient.push(this.tooLarge(entry) ? this.fetchFrame(entry, s === from)
          : s === from ? { type: 'ack', clientSeq: entry.clientSeq, version: entry.version, op: entry.op }
            : { type: 'op', ...entry });
      }
    }
  }

  /** As the server's Frames: another's op of cells alone names them, with its author; ours is read to be acked. */
  fetchFrame(entry, ours) {
    const cells = ours ? null : fetchCells(entry.op);
    return cells === null ? { type: 'fetch', version: entry.version }
      : { type: 'fetch', version: entry.version, clientId: entry.clientId, cells };
  }

  tooLarge(entry) {
    return JSON.stringify(entry.op).length > this.maxOpChars;
  }

  receive(socket, frame) {
    if (frame.type === 'hello') {
      const last = frame.lastVersion;
      const missed = this.log.filter((e) => e.version > last);
      socket.toClient.push(last !== undefined && this.version - last <= this.maxCatchUp && !missed.some((e) => this.tooLarge(e))
        ? { type: 'welcome', protocol: 1, version: this.version, clientId: frame.clientId,
          ops: this.log.filter((e) => e.version > last).map((e) => ({ type: 'op', ...e })) }
        : { type: 'snapshot', protocol: 1, version: this.version, clientId: frame.clientId, map: {} });
      socket.clientId = frame.clientId;
    } else if (frame.type === 'op') {
      const key = `${socket.clientId}/${frame.clientSeq}`;
      if (this.seen.has(key)) {
        const entry = this.seen.get(key);
        socket.toClient.push(this.tooLarge(entry) ? { type: 'fetch', version: entry.version }
          : { type: 'ack', clientSeq: frame.clientSeq, version: entry.version, op: entry.op });
        return;
      }
      let applied;
      try {
        applied = apply(this.map, frame.op);
      } catch (e) {
        if (!(e instanceof InvalidOp)) throw e;
        socket.toClient.push({ type: 'reject', clientSeq: frame.clientSeq, problem: { status: 422, field: `op.${e.field}`, detail: e.message } });
        return;
      }
      this.version++;
      const more = this.derive?.(this.map, applied.op);
      const logged = more ? { type: 'batch', ops: [...(applied.op.type === 'batch' ? applied.op.ops : [applied.op]),
        apply(this.map, more).op] } : applied.op;
      const entry = { version: this.version, clientId: socket.clientId, clientSeq: frame.clientSeq, op: logged };
      this.log.push(entry);
      this.seen.set(key, entry);
      this.relay(entry, socket);
    } else if (frame.type === 'presence') {
      for (const s of this.sockets) {
        if (s !== socket && s.open && s.clientId !== null) s.toClient.push({ ...frame, clientId: socket.clientId });
      }
    }
  }

  /** Moves one frame somewhere (opening sockets first); false when nothing is on the way. */
  step(next) {
    const busy = this.sockets.filter((s) => s.open && (!s.opened || s.toServer.length > 0 || s.toClient.length > 0));
    if (busy.length === 0) return false;
    const s = busy[Math.floor(next() * busy.length)];
    if (!s.opened) {
      s.opened = true;
      s.onopen?.();
    } else if (s.toServer.length > 0 && (s.toClient.length === 0 || next() < 0.5)) {
      this.receive(s, JSON.parse(s.toServer.shift()));
    } else if (s.toClient.length > 0) {
      // as the server sends them: the UTF-8 of the JSON in a binary message, read as an ArrayBuffer
      const text = JSON.stringify(this.coalesce ? this.tick(s, next) : s.toClient.shift());
      s.onmessage?.({ data: new TextEncoder().encode(text).buffer });
    }
    return true;
  }

  /** The next message to a client when relays are coalesced: a run of relayed frames as one, or the next frame. */
  tick(s, next) {
    const relayed = ['op', 'ack', 'fetch', 'reject'];
    let run = 0;
    const most = 1 + Math.floor(next() * 6);
    while (run < s.toClient.length && run < most && relayed.includes(s.toClient[run].type)) run++;
    if (run < 2) return s.toClient.shift();
    return { type: 'frames', frames: s.toClient.splice(0, run) };
  }

  /** Delivers everything on the way. */
  drain(next = Math.random) {
    while (this.step(next)) { /* deliver */ }
  }

  /** Cuts a socket: what was on the way is lost; the client hears the close (1006, or the code given). */
  cut(socket, code = 1006) {
    if (!socket.open) return;
    socket.open = false;
    socket.toServer = [];
    socket.toClient = [];
    socket.onclose?.({ code });
  }
}

class FakeSocket {
  constructor(server) {
    this.server = server;
    this.open = true;
    this.opened = false;
    this.clientId = null;
    this.toServer = [];
    this.toClient = [];
  }

  send(text) {
    if (!this.open) throw new Error('the socket is closed');
    this.toServer.push(text);
  }

  close() {
    this.server.cut(this);
  }
}

/** A chunk pack's bytes (format/ChunkPack) of the server's map, as ChunksController writes them. */
export function pack(map, version, query) {
  const q = new URLSearchParams(query);
  const [x, y, w, h] = ['x', 'y', 'width', 'height'].map((k) => Number(q.get(k)));
  const ids = q.get('layers').split(',').map(Number);
  const parts = [];
  for (const id of ids) {
    const layer = map.layer(id);
    for (let cy = y; cy < y + h; cy++) {
      for (let cx = x; cx < x + w; cx++) {
        const cells = layer.read({ x: cx * CHUNK, y: cy * CHUNK, width: CHUNK, height: CHUNK });
        const one = cells.every((g) => g === cells[0]);
        parts.push({ id, cx, cy, kind: one ? (cells[0] === 0 ? 0 : 1) : 2, cells });
      }
    }
  }
  const size = 16 + parts.reduce((n, p) => n + 16 + (p.kind === 1 ? 4 : p.kind === 2 ? CHUNK * CHUNK * 4 : 0), 0);
  const buffer = new ArrayBuffer(size);
  const view = new DataView(buffer);
  [84, 87, 67, 80].forEach((c, i) => view.setUint8(i, c));
  view.setBigInt64(4, BigInt(version), true);
  view.setUint32(12, parts.length, true);
  let at = 16;
  for (const p of parts) {
    [p.id, p.cx, p.cy, p.kind].forEach((v, i) => view.setInt32(at + 4 * i, v, true));
    at += 16;
    if (p.kind === 1) {
      view.setUint32(at, p.cells[0], true);
      at += 4;
    } else if (p.kind === 2) {
      for (let i = 0; i < p.cells.length; i++) view.setUint32(at + 4 * i, p.cells[i], true);
      at += p.cells.length * 4;
    }
  }
  return buffer;
}
