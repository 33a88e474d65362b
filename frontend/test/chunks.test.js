// The chunk stream (sync/chunks.js): what the view shows comes in, what is far goes past the budget, and whatever
// order packs, others' ops and our own edits arrive in, every chunk held ends as the server has it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { apply, applyCommitted, noteCommitted } from '../model/ops.js';
import { CHUNK, TileMap } from '../model/tilemap.js';
import { BLOCK, ChunkStream } from '../sync/chunks.js';
import { putBack, takeOff } from '../sync/pending.js';
import { pack, random } from './support.js';

function bigMap(width, height) {
  return new TileMap({
    id: 9, name: 'big', width, height, tileWidth: 16, tileHeight: 16,
    tilesets: [{ tilesetId: 1, firstGid: 1, tileCount: 64 }],
    layers: [{ id: 1, name: 'ground', type: 'tile' }, { id: 2, name: 'top', type: 'tile' }],
    nextLayerId: 3, nextObjectId: 1,
  });
}

/**
 * The server and one client's session, stepped by hand: the server commits others' ops and ours in the order it
 * receives them; the client hears committed versions in order (ours as acks, the bottom pending op dropped as
 * LiveSession does) and holds its own edits as pending ops on top.
 */
class World {
  constructor(width, height) {
    this.server = bigMap(width, height);
    this.version = 0;
    this.log = [];
    this.inbox = [];
    this.client = bigMap(width, height);
    this.session = { version: 0, pending: [], beneath: (fn) => this.beneath(fn) };
    this.requests = [];
    this.served = [];
    this.past = new Map();
    this.pastOf = new Map();
    this.stream = new ChunkStream({
      map: this.client, session: this.session, budget: 16,
      fetchPack: (query) => new Promise((resolve) => this.requests.push({ query, resolve })),
    });
  }

  beneath(fn) {
    takeOff(this.client, this.session.pending);
    fn();
    this.session.pending = putBack(this.client, this.session.pending, () => {});
  }

  commit(op, mine) {
    this.version++;
    if (op.type === 'restoreCells') {
      // the server's own: the cells as its past version holds them
      const rect = { x: op.x, y: op.y, width: op.width, height: op.height };
      this.server.layer(op.layerId).write(rect, this.pastOf.get(op).get(op.layerId).read(rect));
    } else {
      applyCommitted(this.server, op);
    }
    this.log.push({ version: this.version, op, mine });
    if (this.version % 10 === 0) {
      // a few past versions kept, for restoreCells to name
      this.past.set(this.version, new Map(this.server.layers.map((l) => [l.id, l.copy()])));
      if (this.past.size > 4) this.past.delete(this.past.keys().next().value);
    }
  }

  /** A restoreCells of a random rectangle to a kept past version (null when none is kept yet). */
  restoreOp(rnd) {
    const versions = [...this.past.keys()];
    if (versions.length === 0) return null;
    const version = versions[Math.floor(rnd() * versions.length)];
    const x = Math.floor(rnd() * this.server.width);
    const y = Math.floor(rnd() * this.server.height);
    const op = { type: 'restoreCells', layerId: 1 + Math.floor(rnd() * 2), x, y, width: 1 + Math.floor(rnd() * (this.server.width - x)),
      height: 1 + Math.floor(rnd() * (this.server.height - y)), version };
    this.pastOf.set(op, this.past.get(version)); // kept for it, however long it waits to be committed
    return op;
  }

  /** Our edit: applied here at once, pending, sent. */
  edit(op) {
    const applied = apply(this.client, op);
    this.session.pending.push({ seq: this.session.pending.length, op: applied.op, inverse: applied.inverse });
    this.inbox.push(op);
  }

  hear() {
    const entry = this.log[this.session.version];
    if (!entry) return false;
    if (entry.mine) {
      // LiveSession's usual ack: the bottom pending op was this version; the map is already right
      const bottom = this.session.pending.shift();
      noteCommitted(this.client, bottom.op, entry.version);
    } else {
      takeOff(this.client, this.session.pending);
      applyCommitted(this.client, entry.op, entry.version);
      this.session.pending = putBack(this.client, this.session.pending, () => {});
    }
    this.session.version = entry.version;
    return true;
  }

  /** The server reads a request's chunks now; the answer travels later (respond). */
  serve() {
    const request = this.requests.shift();
    if (request) this.served.push({ resolve: request.resolve, answer: { version: this.version, buffer: pack(this.server, this.version, request.query) } });
  }

  async respond() {
    const served = this.served.shift();
    if (served) served.resolve(served.answer);
    await new Promise((r) => setImmediate(r));
  }
}

function randomCellOp(rnd, map, layerId, near = null) {
  const x0 = near ? near.x : 0;
  const y0 = near ? near.y : 0;
  const w = near ? near.width : map.width;
  const h = near ? near.height : map.height;
  const pick = (n) => Math.floor(rnd() * n);
  if (rnd() < 0.6) {
    const cells = Array.from({ length: 1 + pick(6) }, () => ({ x: x0 + pick(w), y: y0 + pick(h), gid: pick(65) }));
    return { type: 'paint', layerId, cells };
  }
  const x = x0 + pick(w);
  const y = y0 + pick(h);
  return { type: 'fillRect', layerId, x, y, width: Math.min(1 + pick(150), map.width - x), height: Math.min(1 + pick(150), map.height - y), gid: pick(65) };
}

function assertHeldAsServer(world, message) {
  for (const layer of world.client.layers) {
    const truth = world.server.layer(layer.id);
    for (let c = 0; c < layer.chunks.length; c++) {
      if (!layer.isLoaded(c)) continue;
      const rect = { x: (c % layer.chunksX) * CHUNK, y: Math.floor(c / layer.chunksX) * CHUNK, width: CHUNK, height: CHUNK };
      assert.deepEqual(layer.read(rect), truth.read(rect), `${message}: layer ${layer.id} chunk ${c}`);
    }
  }
}

test('the view\'s chunks come in, held ones read as the server\'s, far ones go past the budget', async () => {
  const world = new World(2048, 2048); // 32x32 chunks, 8x8 blocks
  const rnd = random(5);
  for (let i = 0; i < 40; i++) world.commit(randomCellOp(rnd, world.server, 1 + (i % 2)), false);
  while (world.hear());
  const { stream } = world;
  const sightAt = (bx, by) => ({ x: bx * BLOCK * CHUNK * 16, y: by * BLOCK * CHUNK * 16, width: 800, height: 600 });
  let most = 0;
  for (let by = 0; by < 8; by++) {
    for (let bx = 0; bx < 8; bx++) {
      stream.want(sightAt(bx, by));
      while (world.requests.length > 0 || world.served.length > 0) {
        world.serve();
        await world.respond();
      }
      assert.ok(stream.settled(), `block ${bx},${by} settled`);
      most = Math.max(most, stream.heldChunks());
      assertHeldAsServer(world, `at ${bx},${by}`);
    }
  }
  // a view and its margin: at most 3x3 blocks of 16 chunks of each of 2 layers, plus the budget's far ones
  const bound = 3 * 3 * BLOCK * BLOCK * 2 + 16 + 2 * BLOCK * BLOCK * 2;
  assert.ok(most <= bound, `held at most ${most} chunks, bound ${bound}`);
  assert.ok(most < 32 * 32 * 2, 'not the whole map');
  const layer = world.client.layer(1);
  assert.equal(layer.isLoaded(0), false, 'the first block was let go');
});

test('packs, others\' ops and our edits (cells put back to past versions too) in any order: every chunk held ends as the server has it', async () => {
  for (let seed = 1; seed <= 60; seed++) {
    const rnd = random(seed);
    const world = new World(1024, 768); // 16x12 chunks, 4x3 blocks
    const { stream } = world;
    const sights = () => ({ x: Math.floor(rnd() * 1024 * 16), y: Math.floor(rnd() * 768 * 16), width: 300, height: 200 });
    stream.want(sights());
    for (let step = 0; step < 400; step++) {
      const r = rnd();
      if (r < 0.2) {
        world.commit(randomCellOp(rnd, world.server, 1 + Math.floor(rnd() * 2)), false);
      } else if (r < 0.23) {
        // cells put back to a past version, by another or by us (an undo): the server has them, we read them again
        const op = world.restoreOp(rnd);
        if (op !== null && rnd() < 0.5) world.commit(op, false);
        else if (op !== null) world.edit(op);
      } else if (r < 0.35) {
        // our edit, on chunks we hold (the editor fetches the others first)
        const layer = world.client.layer(1 + Math.floor(rnd() * 2));
        const held = [];
        for (let c = 0; c < layer.chunks.length; c++) if (layer.isLoaded(c)) held.push(c);
        if (held.length > 0) {
          const c = held[Math.floor(rnd() * held.length)];
          const near = { x: (c % layer.chunksX) * CHUNK, y: Math.floor(c / layer.chunksX) * CHUNK, width: CHUNK, height: CHUNK };
          const op = randomCellOp(rnd, world.client, layer.id, near);
          if (op.type === 'fillRect') Object.assign(op, { width: Math.min(op.width, CHUNK - (op.x - near.x)), height: Math.min(op.height, CHUNK - (op.y - near.y)) });
          world.edit(op);
        }
      } else if (r < 0.45) {
        const op = world.inbox.shift();
        if (op) world.commit(op, true);
      } else if (r < 0.65) {
        world.hear();
      } else if (r < 0.75) {
        world.serve();
      } else if (r < 0.9) {
        await world.respond();
      } else {
        stream.want(sights());
      }
    }
    while (world.inbox.length > 0) world.commit(world.inbox.shift(), true);
    while (world.hear());
    while (world.requests.length > 0 || world.served.length > 0) {
      world.serve();
      await world.respond();
    }
    assert.equal(world.session.pending.length, 0);
    assertHeldAsServer(world, `seed ${seed}`);
  }
});

test('a block the server refused (busy) is asked for again while the view wants it', async () => {
  const server = bigMap(256, 256);
  server.layer(1).fill({ x: 0, y: 0, width: 256, height: 256 }, 9);
  const client = bigMap(256, 256);
  let asks = 0;
  const stream = new ChunkStream({
    map: client, session: { version: 0, beneath: (fn) => fn() },
    fetchPack: async (query) => {
      asks++;
      if (asks === 1) throw new Error('chunks of the map: 503');
      return { version: 0, buffer: pack(server, 0, query) };
    },
  });
  stream.want({ x: 0, y: 0, width: 100, height: 100 });
  await stream.whenSettled();
  assert.equal(asks, 2);
  assert.equal(client.layer(1).get(200, 200), 9);
});
