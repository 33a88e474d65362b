// Streams a map's tile layer chunks into the editor's model: the chunks around what the view shows are fetched as
// chunk packs (model/chunkpack.js; binary, gzip on the wire, revalidated by ETag), those far away are let go past a
// budget, so what the editor holds is bounded whatever the map's size. No canvas, no DOM: the fetch is given.
//
// A pack is the server's chunks at its version V (the Tilewright-Version header, also sent with a 304). Our map is
// the server's state at our version with our pending ops on top, and cell ops set cells (applying one again after the
// chunks that already hold it changes nothing once the later ops follow). So a pack goes in at once, beneath the
// pending ops (taken off, chunks put, put back), unless an op the server committed after V wrote one of its chunks
// while we did not hold it (TileLayer.missed): then that block is fetched again.
// An edit that reads cells we do not hold (its inverse, for undo, needs them) first has them fetched (ensure); past
// `editChunks` chunks of cells it is left to the caller (see Editor.edit).

import { apiFetch } from './http.js';
import { readChunkPack } from '../model/chunkpack.js';
import { CHUNK } from '../model/tilemap.js';
import { projectionOf } from '../model/projection.js';
import { touchedRects } from '../model/ops.js';

/** Chunks a side of a block: what one request fetches, aligned so a block no edit touched is a 304. */
export const BLOCK = 4;
/** Layers in one request at most (a block of 16 chunks each: the server's max-cells-per-read is 1,024 chunks). */
const LAYERS_PER_PACK = 64;
/** Requests under way at once. */
const IN_FLIGHT = 4;
/** Pause before a block that could not be read is asked for again. */
const RETRY_MS = 1000;

export class ChunkStream {
  /**
   * @param {object} options
   * @param {import('../model/tilemap.js').TileMap} options.map
   * @param {{version: number, beneath: (fn: () => void) => void}} options.session puts chunks under pending ops
   * @param {(query: string, fresh: boolean) => Promise<{version: number, buffer: ArrayBuffer}>} options.fetchPack
   *   a block's pack (query: x, y, width, height, layers in chunks); fresh: revalidate past the browser's cache
   * @param {number} [options.margin] blocks kept loaded around the view
   * @param {number} [options.budget] chunks held at most (of all layers) apart from those in and around the view and
   *   those an edit waits for
   */
  constructor({ map, session, fetchPack, margin = 1, budget = 2048 }) {
    this.map = map;
    this.session = session;
    this.fetchPack = fetchPack;
    this.margin = margin;
    this.budget = budget;
    /** the version of the committed op being applied, as the layers note it in missed */
    this.clock = { version: 0 };
    map.clock = this.clock;
    for (const layer of this.streamedLayers(true)) layer.stream(this.clock);
    this.blocksX = Math.ceil(Math.ceil(map.width / CHUNK) / BLOCK);
    this.blocksY = Math.ceil(Math.ceil(map.height / CHUNK) / BLOCK);
    /** @type {Map<number, {state: 'queued'|'loading'|'loaded', used: number, dense: number, waiters: Function[], fresh?: boolean}>} */
    this.blocks = new Map();
    this.queue = [];
    this.inFlight = 0;
    this.wanted = { bx0: 0, by0: 0, bx1: -1, by1: -1 };
    this.pinned = new Map();
    this.tick = 0;
    /** chunks held now (by the blocks loaded) */
    this.held = 0;
    /** bytes of packs received (as the server's body says: before the browser's inflating, not counted) */
    this.received = 0;
    this.errors = 0;
    this.listeners = new Set();
    map.listen((change) => {
      if (change.kind === 'restored') this.reread(change);
    });
  }

  /**
   * A committed op put cells back as the server has them (restoreCells, at `version`): the chunks it covers are let go
   * and those in and around the view read again, past the browser's cache; a pack read before `version` is stale.
   * A layer made here (held whole) is streamed from now on.
   */
  reread({ layerId, rect, version }) {
    const layer = this.map.layer(layerId);
    if (layer?.type !== 'tile') return;
    if (layer.loaded === null) layer.streamHeld(this.clock);
    const [cx0, cy0, cx1, cy1] = layer.chunkSpan(rect);
    for (let by = Math.floor(cy0 / BLOCK); by <= Math.floor(cy1 / BLOCK); by++) {
      for (let bx = Math.floor(cx0 / BLOCK); bx <= Math.floor(cx1 / BLOCK); bx++) {
        const key = by * this.blocksX + bx;
        const block = this.blocks.get(key);
        if (block !== undefined && block.state !== 'loaded') continue; // on its way: read again if it comes older (load)
        if (block !== undefined) {
          this.held -= block.count;
          this.forget(key);
        }
        if (this.isWanted(key) || this.pinned.has(key)) this.enqueue(key, true);
      }
    }
    const clock = this.clock.version;
    this.clock.version = version;
    for (let cy = cy0; cy <= cy1; cy++) {
      for (let cx = cx0; cx <= cx1; cx++) {
        const c = cy * layer.chunksX + cx;
        if (layer.loaded[c] === 1) layer.forget(c); // a layer made here holds chunks no block loaded
        layer.miss(c);
      }
    }
    this.clock.version = clock;
    this.map.changed({ kind: 'cells', layerId, rect });
    this.pump();
  }

  /** The tile layers held in part (layers made since are whole: they began empty here). */
  streamedLayers(all = false) {
    return this.map.layers.filter((l) => l.type === 'tile' && (all || l.loaded !== null));
  }

  /** @param {(event: {type: string}) => void} listener told 'loaded' after chunks go in */
  listen(listener) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * The view shows this rectangle of world pixels: its blocks (and `margin` blocks around) are fetched nearest the
   * centre first, blocks no longer wanted leave the queue, and far ones are let go past the budget.
   */
  want(sight) {
    const { map } = this;
    const side = BLOCK * CHUNK;
    const projection = projectionOf(map);
    const from = projection.screenToTile(sight.x, sight.y);
    const to = projection.screenToTile(sight.x + sight.width, sight.y + sight.height);
    const bx0 = Math.max(0, Math.floor(from.x / side) - this.margin);
    const by0 = Math.max(0, Math.floor(from.y / side) - this.margin);
    const bx1 = Math.min(this.blocksX - 1, Math.floor(to.x / side) + this.margin);
    const by1 = Math.min(this.blocksY - 1, Math.floor(to.y / side) + this.margin);
    const w = this.wanted;
    if (w.bx0 === bx0 && w.by0 === by0 && w.bx1 === bx1 && w.by1 === by1) return;
    this.wanted = { bx0, by0, bx1, by1 };
    this.tick++;
    const cx = (bx0 + bx1) / 2;
    const cy = (by0 + by1) / 2;
    const missing = [];
    for (let by = by0; by <= by1; by++) {
      for (let bx = bx0; bx <= bx1; bx++) {
        const key = by * this.blocksX + bx;
        const block = this.blocks.get(key);
        if (block) block.used = this.tick;
        if (!block) missing.push({ key, d: (bx - cx) ** 2 + (by - cy) ** 2 });
      }
    }
    // what was queued for a view since left waits no more (unless an edit waits for it)
    this.queue = this.queue.filter((key) => {
      const keep = this.isWanted(key) || this.pinned.has(key);
      if (!keep) this.blocks.delete(key);
      return keep;
    });
    missing.sort((a, b) => a.d - b.d);
    for (const { key } of missing) this.enqueue(key);
    this.evict();
    this.pump();
  }

  isWanted(key) {
    const bx = key % this.blocksX;
    const by = Math.floor(key / this.blocksX);
    const w = this.wanted;
    return bx >= w.bx0 && bx <= w.bx1 && by >= w.by0 && by <= w.by1;
  }

  enqueue(key, fresh = false) {
    const block = this.blocks.get(key);
    if (block && !fresh) return block;
    const entry = { state: 'queued', used: this.tick, dense: 0, count: 0, waiters: block?.waiters ?? [], fresh };
    this.blocks.set(key, entry);
    this.queue.push(key);
    return entry;
  }

  /** Whether every chunk in and around the view is held (the first frame of the map is whole). */
  settled() {
    const w = this.wanted;
    for (let by = w.by0; by <= w.by1; by++) {
      for (let bx = w.bx0; bx <= w.bx1; bx++) {
        if (this.blocks.get(by * this.blocksX + bx)?.state !== 'loaded') return false;
      }
    }
    return true;
  }

  /** Resolves once settled() (every chunk in and around the view is held). */
  whenSettled() {
    if (this.settled()) return Promise.resolve();
    return new Promise((resolve) => {
      const stop = this.listen(() => {
        if (!this.settled()) return;
        stop();
        resolve();
      });
    });
  }

  pump() {
    while (this.inFlight < IN_FLIGHT && this.queue.length > 0) {
      const key = this.queue.shift();
      const block = this.blocks.get(key);
      if (!block || block.state !== 'queued') continue;
      block.state = 'loading';
      this.inFlight++;
      this.load(key, block).finally(() => {
        this.inFlight--;
        this.pump();
      });
    }
  }

  /** Fetches one block of every streamed layer and puts it in (or fetches it again when it came too old). */
  async load(key, block) {
    const bx = key % this.blocksX;
    const by = Math.floor(key / this.blocksX);
    const x = bx * BLOCK;
    const y = by * BLOCK;
    const layers = this.streamedLayers();
    const width = Math.min(BLOCK, Math.ceil(this.map.width / CHUNK) - x);
    const height = Math.min(BLOCK, Math.ceil(this.map.height / CHUNK) - y);
    const packs = [];
    try {
      for (let i = 0; i < layers.length; i += LAYERS_PER_PACK) {
        const ids = layers.slice(i, i + LAYERS_PER_PACK).map((l) => l.id);
        const { version, buffer } = await this.fetchPack(
          `x=${x}&y=${y}&width=${width}&height=${height}&layers=${ids.join(',')}`, block.fresh === true);
        this.received += buffer.byteLength;
        packs.push({ version, pack: readChunkPack(buffer) });
      }
    } catch (e) {
      // refused (the server's read lane busy: 503) or lost: asked again in a moment while the view still wants it
      this.errors++;
      this.blocks.delete(key);
      for (const waiter of block.waiters) waiter(false);
      setTimeout(() => {
        if (!this.isWanted(key) || this.blocks.has(key)) return;
        this.enqueue(key);
        this.pump();
      }, RETRY_MS);
      return;
    }
    if (this.blocks.get(key) !== block) return; // let go meanwhile
    const stale = packs.some(({ version, pack }) => pack.chunks.some((chunk) => {
      const layer = this.map.layer(chunk.layerId);
      return layer?.loaded && (layer.missed.get(chunk.cy * layer.chunksX + chunk.cx) ?? 0) > version;
    }));
    if (stale) {
      // a committed op wrote into it after the server read it: read it again, past the browser's cache
      this.blocks.delete(key);
      const again = this.enqueue(key, true);
      again.waiters.push(...block.waiters);
      return;
    }
    let dense = 0;
    let count = 0;
    this.session.beneath(() => {
      for (const { pack } of packs) {
        for (const chunk of pack.chunks) {
          const layer = this.map.layer(chunk.layerId);
          if (!layer?.loaded) continue; // removed meanwhile, or made here (then it is whole)
          layer.loadChunk(chunk.cx, chunk.cy, chunk.gids, chunk.gid);
          count++;
          if (chunk.gids !== null) dense++;
        }
      }
    });
    block.state = 'loaded';
    block.dense = dense;
    block.count = count;
    this.held += count;
    for (const { pack } of packs) {
      for (const chunk of pack.chunks) {
        this.map.changed({ kind: 'cells', layerId: chunk.layerId, rect: { x: chunk.cx * CHUNK, y: chunk.cy * CHUNK, width: CHUNK, height: CHUNK } });
      }
    }
    for (const waiter of block.waiters) waiter(true);
    block.waiters = [];
    for (const listener of this.listeners) listener({ type: 'loaded' });
  }

  /** Lets go of the least recently wanted loaded blocks while more than the budget of chunks is held. */
  evict() {
    if (this.held <= this.budget) return;
    const far = [...this.blocks].filter(([key, b]) => b.state === 'loaded' && !this.isWanted(key) && !this.pinned.has(key))
      .sort((a, b) => a[1].used - b[1].used);
    for (const [key, block] of far) {
      if (this.held <= this.budget * 0.75) break;
      this.forget(key);
      this.held -= block.count;
    }
  }

  forget(key) {
    const bx = key % this.blocksX;
    const by = Math.floor(key / this.blocksX);
    for (const layer of this.streamedLayers()) {
      for (let cy = by * BLOCK; cy < Math.min(layer.chunksY, (by + 1) * BLOCK); cy++) {
        for (let cx = bx * BLOCK; cx < Math.min(layer.chunksX, (bx + 1) * BLOCK); cx++) layer.forget(cy * layer.chunksX + cx);
      }
    }
    this.blocks.delete(key);
  }

  /** Chunks held now, of every streamed layer (loaded, whatever they hold). */
  heldChunks() {
    let n = 0;
    for (const layer of this.streamedLayers()) for (const flag of layer.loaded) n += flag;
    return n;
  }

  /**
   * The chunks (by block) of cells an op reads that are not held: those its rectangles touch, and for a layer it
   * removes, all of it (its undo puts its cells back). [] when it reads none we lack.
   */
  missingFor(op) {
    const keys = new Set();
    const add = (layer, rect) => {
      if (!layer?.loaded) return;
      for (const c of layer.unloadedIn(rect)) {
        const cx = c % layer.chunksX;
        const cy = Math.floor(c / layer.chunksX);
        keys.add(Math.floor(cy / BLOCK) * this.blocksX + Math.floor(cx / BLOCK));
      }
    };
    const visit = (o) => {
      if (o.type === 'batch') {
        o.ops.forEach(visit);
      } else if (o.type === 'restoreCells') {
        // reads nothing here: the server puts the cells back, and they are read again (reread)
      } else if (o.type === 'removeLayer') {
        const index = this.map.layerIndex(o.layerId);
        if (index < 0) return;
        for (const layer of this.map.layers.slice(index, this.map.blockEnd(index))) {
          add(layer, { x: 0, y: 0, width: this.map.width, height: this.map.height });
        }
      } else {
        const layer = this.map.layer(o.layerId);
        for (const rect of touchedRects(o)) add(layer, rect);
      }
    };
    visit(op);
    return [...keys];
  }

  /** Blocks that hold the cells of a rectangle of one layer and are not loaded. */
  blocksOf(layer, rect) {
    return this.missingFor({ type: 'fillRect', layerId: layer.id, ...rect });
  }

  /**
   * Fetches blocks (those missingFor or blocksOf named) and holds them until `release` is called; ok when all are in,
   * else released, with `failed` when one could not be read and `over` when more than `limit` chunks of cells came in
   * (the budget for an edit).
   * @returns {Promise<{ok: boolean, over: boolean, failed: boolean, release: () => void, dense: number}>}
   */
  async ensure(keys, limit = Infinity) {
    for (const key of keys) this.pinned.set(key, (this.pinned.get(key) ?? 0) + 1);
    const release = () => {
      for (const key of keys) {
        const n = this.pinned.get(key) - 1;
        if (n <= 0) this.pinned.delete(key);
        else this.pinned.set(key, n);
      }
      this.evict();
    };
    let dense = 0;
    let ok = true;
    let failed = false;
    let over = false;
    // one after another, nearest first, so an edit past its limit stops soon instead of fetching it all
    for (let i = 0; i < keys.length && ok; i += IN_FLIGHT) {
      const batch = keys.slice(i, i + IN_FLIGHT);
      const results = await Promise.all(batch.map((key) => {
        const block = this.blocks.get(key);
        if (block?.state === 'loaded') return true;
        const entry = block ?? this.enqueue(key);
        return new Promise((resolve) => {
          entry.waiters.push(resolve);
          this.pump();
        });
      }));
      failed = !results.every(Boolean);
      dense = keys.slice(0, i + IN_FLIGHT).reduce((sum, key) => sum + (this.blocks.get(key)?.dense ?? 0), 0);
      over = dense > limit;
      ok = !failed && !over;
    }
    if (!ok) release();
    return { ok, over, failed, release, dense };
  }
}

/** The fetch of a block's pack through the browser (its cache revalidates by ETag; fresh: past it). */
export function browserPacks(mapId) {
  return async (query, fresh) => {
    const response = await apiFetch(`/api/v1/maps/${mapId}/chunks?${query}`, {
      headers: { Accept: 'application/octet-stream' }, cache: fresh ? 'no-cache' : 'default',
    });
    if (!response.ok) throw new Error(`chunks of the map: ${response.status}`);
    const version = Number(response.headers.get('Tilewright-Version'));
    const buffer = await response.arrayBuffer();
    return { version: Number.isFinite(version) && response.headers.has('Tilewright-Version') ? version
      : Number(new DataView(buffer).getBigInt64(4, true)), buffer };
  };
}
