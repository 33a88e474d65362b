// Test helpers: small maps, and a server double that applies ops with the same model (its own copy) and answers
// as the REST endpoint does: If-Match versions, idempotent (clientId, clientSeq), 422 for ops that do not fit.

import { apply, InvalidOp } from '../model/ops.js';
import { TileMap } from '../model/tilemap.js';

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
        const key = `${body.clientId}/${body.clientSeq}`;
        if (this.seen.has(key)) return { status: 200, json: { version: this.seen.get(key), repeated: true } };
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
        this.seen.set(key, this.version);
        return { status: 200, json: { version: this.version, repeated: false } };
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
