// The map as the editor holds it: the same shape as the server's (core/model), tile layers as 64x64 chunks of
// Uint32Array gids made when first written, never an object per tile. Only ops (model/ops.js) change it; every
// change is reported to listeners so views redraw exactly what changed.
// A streamed layer (sync/chunks.js) holds only the chunks near the view: a chunk not loaded reads as empty and
// keeps no write, and a write to it that the server committed is remembered with its version, so a chunk that
// arrives from an older read is known to be stale.

import { tileId } from './gid.js';

export const CHUNK = 64;
/** The layer property that makes a tile layer an IntGrid (as core/model/TileLayer.INTGRID). */
export const INTGRID = 'tilewright.intgrid';
/** Largest value an IntGrid cell holds. */
export const MAX_INTGRID_VALUE = 999999;
/** CHUNK as a shift and a mask (a chunk's cell from x and y without division). */
const SHIFT = 6;
const MASK = CHUNK - 1;

/** @typedef {{x:number, y:number, width:number, height:number}} Rect */
/** @typedef {{tilesetId:number, firstGid:number, tileCount:number}} MapTileset */

export class TileLayer {
  /**
   * @param {number} id
   * @param {object} attributes name, visible, locked, opacity, offset, tint, color, properties
   * @param {number} width in tiles
   * @param {number} height in tiles
   */
  constructor(id, attributes, width, height) {
    this.id = id;
    this.type = 'tile';
    this.attributes = normalAttributes(attributes);
    this.width = width;
    this.height = height;
    this.chunksX = Math.ceil(width / CHUNK);
    this.chunksY = Math.ceil(height / CHUNK);
    /** @type {(Uint32Array|null)[]} */
    this.chunks = new Array(this.chunksX * this.chunksY).fill(null);
    /** Chunks whose array is shared (one per gid, for chunks loaded as one gid): copied before a write. */
    this.shared = new Set();
    /** @type {Map<number, Uint32Array>} the shared arrays by gid */
    this.uniforms = new Map();
    /** @type {Uint8Array|null} per chunk 1 when loaded; null: every chunk is (the layer is not streamed) */
    this.loaded = null;
    /** @type {Map<number, number>} chunks not loaded that a committed op wrote: the op's version */
    this.missed = new Map();
    /** the version of the committed op being applied (0 while ops of our own are applied): see missed */
    this.clock = { version: 0 };
  }

  /** From now on the layer holds only the chunks loaded into it (loadChunk) and forgotten (forget). */
  stream(clock) {
    this.loaded = new Uint8Array(this.chunks.length);
    this.clock = clock;
    this.chunks.fill(null);
    this.shared.clear();
    this.uniforms.clear();
    return this;
  }

  /** From now on streamed, holding every chunk it has (a layer made here, whose chunks the server now has too). */
  streamHeld(clock) {
    if (this.loaded === null) this.loaded = new Uint8Array(this.chunks.length).fill(1);
    this.clock = clock;
    return this;
  }

  /** Whether chunk index c is held (always, for a layer not streamed). */
  isLoaded(c) {
    return this.loaded === null || this.loaded[c] === 1;
  }

  /** Whether every chunk a rectangle of cells touches is held. @param {Rect} r */
  holds(r) {
    return this.unloadedIn(r).length === 0;
  }

  /** The first and last chunk columns and rows a rectangle of cells (clipped to the layer) touches. @param {Rect} r */
  chunkSpan(r) {
    return [Math.max(0, Math.floor(r.x / CHUNK)), Math.max(0, Math.floor(r.y / CHUNK)),
      Math.min(this.chunksX - 1, Math.floor((r.x + r.width - 1) / CHUNK)),
      Math.min(this.chunksY - 1, Math.floor((r.y + r.height - 1) / CHUNK))];
  }

  /** Whether any chunk a rectangle of cells (clipped to the layer) touches is held. @param {Rect} r */
  holdsAny(r) {
    if (this.loaded === null) return true;
    const [cx0, cy0, cx1, cy1] = this.chunkSpan(r);
    for (let cy = cy0; cy <= cy1; cy++) {
      for (let cx = cx0; cx <= cx1; cx++) if (this.loaded[cy * this.chunksX + cx] === 1) return true;
    }
    return false;
  }

  /** The chunk indexes a rectangle of cells (clipped to the layer) touches that are not held. @param {Rect} r */
  unloadedIn(r) {
    if (this.loaded === null) return [];
    const out = [];
    const [cx0, cy0, cx1, cy1] = this.chunkSpan(r);
    for (let cy = cy0; cy <= cy1; cy++) {
      for (let cx = cx0; cx <= cx1; cx++) if (this.loaded[cy * this.chunksX + cx] === 0) out.push(cy * this.chunksX + cx);
    }
    return out;
  }

  /** Drops chunk c (it reads as empty and keeps no write until loaded again). */
  forget(c) {
    if (this.loaded === null) throw new Error('only a streamed layer forgets chunks');
    this.loaded[c] = 0;
    this.chunks[c] = null;
    this.shared.delete(c);
    this.missed.delete(c);
  }

  /** A write to chunk c that is not held: nothing kept, the committing version remembered. */
  miss(c) {
    if (this.clock.version > (this.missed.get(c) ?? 0)) this.missed.set(c, this.clock.version);
  }

  /** Chunk c's array, its own (a shared one copied first), to write into. */
  writable(c) {
    if (this.shared.delete(c)) this.chunks[c] = this.chunks[c].slice();
    return this.chunks[c];
  }

  /** Whether the layer holds IntGrid values (0..999999, property tilewright.intgrid) rather than gids. */
  get isIntGrid() {
    return (this.attributes.properties ?? []).some((p) => p.name === INTGRID && p.value === true);
  }

  /** The gid at (x, y); 0 outside the layer. */
  get(x, y) {
    if (x < 0 || y < 0 || x >= this.width || y >= this.height) return 0;
    const chunk = this.chunks[(y >> SHIFT) * this.chunksX + (x >> SHIFT)];
    return chunk === null ? 0 : chunk[((y & MASK) << SHIFT) | (x & MASK)];
  }

  /** Sets (x, y), which must lie on the layer; returns the gid it had. */
  set(x, y, gid) {
    const c = (y >> SHIFT) * this.chunksX + (x >> SHIFT);
    if (this.loaded !== null && this.loaded[c] === 0) {
      this.miss(c);
      return 0;
    }
    let chunk = this.chunks[c];
    if (chunk === null) {
      if (gid === 0) return 0;
      chunk = new Uint32Array(CHUNK * CHUNK);
      this.chunks[c] = chunk;
    } else if (this.shared.has(c)) {
      if (chunk[((y & MASK) << SHIFT) | (x & MASK)] === gid) return gid;
      chunk = this.writable(c);
    }
    const i = ((y & MASK) << SHIFT) | (x & MASK);
    const old = chunk[i];
    chunk[i] = gid;
    return old;
  }

  /**
   * The gids of a rectangle on the layer, row-major (each chunk's part of a row copied at once: a 4096x4096 read is
   * a copy, not 16 million lookups). @param {Rect} r
   */
  read(r) {
    const out = new Uint32Array(r.width * r.height);
    for (let y = 0; y < r.height; y++) {
      const ly = r.y + y;
      if (ly < 0 || ly >= this.height) continue;
      for (let x = Math.max(0, -r.x); x < r.width && r.x + x < this.width;) {
        const lx = r.x + x;
        const run = Math.min(CHUNK - (lx & MASK), r.width - x, this.width - lx);
        const chunk = this.chunks[(ly >> SHIFT) * this.chunksX + (lx >> SHIFT)];
        if (chunk !== null) {
          const from = ((ly & MASK) << SHIFT) | (lx & MASK);
          out.set(chunk.subarray(from, from + run), y * r.width + x);
        }
        x += run;
      }
    }
    return out;
  }

  /** Writes row-major gids over a rectangle on the layer (by chunk runs, as read). @param {Rect} r @param {ArrayLike<number>} gids */
  write(r, gids) {
    const typed = gids instanceof Uint32Array ? gids : Uint32Array.from(gids, (g) => g >>> 0);
    for (let y = 0; y < r.height; y++) {
      const ly = r.y + y;
      for (let x = 0; x < r.width;) {
        const lx = r.x + x;
        const run = Math.min(CHUNK - (lx & MASK), r.width - x);
        const c = (ly >> SHIFT) * this.chunksX + (lx >> SHIFT);
        const part = typed.subarray(y * r.width + x, y * r.width + x + run);
        if (!this.isLoaded(c)) {
          this.miss(c);
          x += run;
          continue;
        }
        if (this.chunks[c] === null && part.every((g) => g === 0)) {
          x += run;
          continue;
        }
        if (this.chunks[c] === null) this.chunks[c] = new Uint32Array(CHUNK * CHUNK);
        this.writable(c).set(part, ((ly & MASK) << SHIFT) | (lx & MASK));
        x += run;
      }
    }
  }

  /**
   * Sets every cell of a rectangle on the layer to one gid (by chunk runs; no chunk is made for 0). Chunks it covers
   * whole (inside the layer) take the layer's shared array of that gid, or none for 0: a fill of a whole 8192x8192
   * layer holds one array. @param {Rect} r
   */
  fill(r, gid) {
    for (let cy = Math.floor(r.y / CHUNK); cy <= Math.floor((r.y + r.height - 1) / CHUNK); cy++) {
      for (let cx = Math.floor(r.x / CHUNK); cx <= Math.floor((r.x + r.width - 1) / CHUNK); cx++) {
        if (!this.isLoaded(cy * this.chunksX + cx)) {
          this.miss(cy * this.chunksX + cx);
        } else if (cx * CHUNK >= r.x && (cx + 1) * CHUNK <= r.x + r.width && cy * CHUNK >= r.y
          && (cy + 1) * CHUNK <= r.y + r.height) {
          this.loadChunk(cx, cy, null, gid);
        }
      }
    }
    for (let y = r.y; y < r.y + r.height; y++) {
      for (let x = r.x; x < r.x + r.width;) {
        const run = Math.min(CHUNK - (x & MASK), r.x + r.width - x);
        const c = (y >> SHIFT) * this.chunksX + (x >> SHIFT);
        if (!this.isLoaded(c)) {
          x += run;
          continue;
        }
        if (run === CHUNK && (this.shared.has(c) || this.chunks[c] === null) && this.chunks[c]?.[0] === gid
          || (run === CHUNK && this.chunks[c] === null && gid === 0)) {
          x += run;
          continue;
        }
        if (this.chunks[c] === null && gid !== 0) this.chunks[c] = new Uint32Array(CHUNK * CHUNK);
        const chunk = this.chunks[c] === null ? null : this.writable(c);
        if (chunk !== null) {
          const from = ((y & MASK) << SHIFT) | (x & MASK);
          chunk.fill(gid, from, from + run);
        }
        x += run;
      }
    }
  }

  /** The one gid every cell of a rectangle holds, or -1 when they differ. @param {Rect} r */
  uniform(r) {
    const first = this.get(r.x, r.y);
    for (let y = r.y; y < r.y + r.height; y++) {
      for (let x = r.x; x < r.x + r.width;) {
        const run = Math.min(CHUNK - (x & MASK), r.x + r.width - x);
        const chunk = this.chunks[(y >> SHIFT) * this.chunksX + (x >> SHIFT)];
        if (chunk === null) {
          if (first !== 0) return -1;
        } else {
          const from = ((y & MASK) << SHIFT) | (x & MASK);
          for (let i = from; i < from + run; i++) {
            if (chunk[i] !== first) return -1;
          }
        }
        x += run;
      }
    }
    return first;
  }

  /**
   * Loads row-major gids of whole rows from `top` on (the server's bytes of the layer or of a strip of it).
   * @param {Uint32Array} gids @param {number} [top]
   */
  load(gids, top = 0) {
    const rows = Math.floor(gids.length / this.width);
    for (let y = 0; y < rows; y++) {
      for (let x = 0; x < this.width; x++) {
        const gid = gids[y * this.width + x];
        if (gid !== 0) this.set(x, top + y, gid);
      }
    }
  }

  /**
   * Puts chunk (cx, cy) as the server sent it (model/chunkpack.js): its 64x64 gids, or (gids null) one gid in every
   * cell, 0 for none; a chunk of one gid shares one array with the layer's others of that gid. Cells past the
   * layer's edge are not kept.
   * @param {number} cx @param {number} cy @param {Uint32Array|null} gids @param {number} [gid]
   */
  loadChunk(cx, cy, gids, gid = 0) {
    if (cx < 0 || cy < 0 || cx >= this.chunksX || cy >= this.chunksY) throw new RangeError(`no chunk ${cx},${cy}`);
    const c = cy * this.chunksX + cx;
    const whole = (cx + 1) * CHUNK <= this.width && (cy + 1) * CHUNK <= this.height;
    if (this.loaded !== null && this.loaded[c] === 0) {
      this.loaded[c] = 1;
      this.missed.delete(c);
    }
    this.shared.delete(c);
    if (gids === null && (gid === 0 || whole)) {
      if (gid !== 0 && !this.uniforms.has(gid)) this.uniforms.set(gid, new Uint32Array(CHUNK * CHUNK).fill(gid));
      this.chunks[c] = gid === 0 ? null : this.uniforms.get(gid);
      if (gid !== 0) this.shared.add(c);
      return;
    }
    const kept = gids === null ? new Uint32Array(CHUNK * CHUNK).fill(gid) : gids.slice();
    if (!whole) {
      for (let i = 0; i < kept.length; i++) {
        if (cx * CHUNK + (i & MASK) >= this.width || cy * CHUNK + (i >> SHIFT) >= this.height) kept[i] = 0;
      }
    }
    this.chunks[c] = kept;
  }

  copy() {
    const copy = new TileLayer(this.id, structuredClone(this.attributes), this.width, this.height);
    copy.chunks = this.chunks.map((c) => (c === null ? null : c.slice()));
    copy.loaded = this.loaded === null ? null : this.loaded.slice();
    return copy;
  }
}

export class ObjectLayer {
  constructor(id, attributes, objects = []) {
    this.id = id;
    this.type = 'object';
    this.attributes = normalAttributes(attributes);
    /** @type {object[]} objects in drawing order */
    this.objects = objects.map((o) => ({ ...o }));
  }

  copy() {
    return new ObjectLayer(this.id, structuredClone(this.attributes), structuredClone(this.objects));
  }
}

/** A group layer: no content; the layers whose parentId names it follow it, drawn with its attributes applied. */
export class GroupLayer {
  constructor(id, attributes) {
    this.id = id;
    this.type = 'group';
    this.attributes = normalAttributes(attributes);
  }

  copy() {
    return new GroupLayer(this.id, structuredClone(this.attributes));
  }
}

/** An image layer is shown and kept, not edited here. */
export class ImageLayer {
  constructor(id, attributes, image) {
    this.id = id;
    this.type = 'image';
    this.attributes = normalAttributes(attributes);
    this.image = image;
  }

  copy() {
    return new ImageLayer(this.id, structuredClone(this.attributes), structuredClone(this.image));
  }
}

/** Two tints multiplied channel by channel, alpha too (null is white), as core/model LayerAttributes.multiplyTints. */
export function multiplyTints(a, b) {
  if (a === null || a === undefined || b === null || b === undefined) return a ?? b ?? null;
  const argb = (c) => (c.length === 7 ? 0xff000000 + parseInt(c.slice(1), 16) : parseInt(c.slice(1), 16));
  const x = argb(a);
  const y = argb(b);
  let out = '#';
  for (const shift of [24, 16, 8, 0]) {
    const channel = Math.floor(((Math.floor(x / 2 ** shift) % 256) * (Math.floor(y / 2 ** shift) % 256) + 127) / 255);
    out += channel.toString(16).padStart(2, '0');
  }
  return out;
}

function normalAttributes(a) {
  return {
    name: a.name,
    visible: a.visible ?? true,
    locked: a.locked ?? false,
    opacity: a.opacity ?? 1,
    offset: a.offset ?? { dx: 0, dy: 0 },
    tint: a.tint ?? null,
    color: a.color ?? null,
    properties: a.properties ?? [],
    className: a.className ?? '',
    parallax: a.parallax ?? { x: 1, y: 1 },
    blendMode: a.blendMode ?? 'normal',
    drawOrder: a.drawOrder ?? 'index',
  };
}

/** An object layer's objects in the order they are drawn: as listed, or sorted by y (stable) when drawn topdown. */
export function drawnObjects(layer) {
  if (layer.attributes.drawOrder !== 'topdown') return layer.objects;
  return layer.objects.map((o, i) => [o, i]).sort((a, b) => a[0].y - b[0].y || a[1] - b[1]).map(([o]) => o);
}

/** Where an object is, for an arrow to point at: its middle (a tile object stands on its bottom-left corner). */
function middle(o) {
  if ((o.shape ?? 'rectangle') === 'point') return { x: o.x, y: o.y };
  if (o.shape === 'polygon' || o.shape === 'polyline') {
    const xs = (o.points ?? []).map((p) => p.dx);
    const ys = (o.points ?? []).map((p) => p.dy);
    return xs.length === 0 ? { x: o.x, y: o.y }
      : { x: o.x + (Math.min(...xs) + Math.max(...xs)) / 2, y: o.y + (Math.min(...ys) + Math.max(...ys)) / 2 };
  }
  const w = o.width ?? 0;
  const h = o.height ?? 0;
  return { x: o.x + w / 2, y: o.gid ? o.y - h / 2 : o.y + h / 2 };
}

/**
 * The references between objects as Tiled 1.4+ draws them, arrows from an object to each object an "object"
 * property names (in class members too): [{from: {x, y}, to: {x, y}, name, fromId, toId}], for objects on layers
 * that are shown (with their groups) and references to objects the map has.
 */
export function objectReferences(map, shiftOf = () => ({ dx: 0, dy: 0 })) {
  const byId = new Map();
  const shown = [];
  for (const layer of map.layers) {
    if (layer.type !== 'object') continue;
    const visible = map.effective ? map.effective(layer).visible : layer.attributes.visible;
    const shift = shiftOf(layer);
    for (const o of layer.objects) {
      const m = middle(o);
      byId.set(o.id, { x: m.x + shift.dx, y: m.y + shift.dy });
      if (visible && o.visible !== false) shown.push(o);
    }
  }
  const out = [];
  const walk = (o, properties, prefix) => {
    for (const p of properties ?? []) {
      if (p.type === 'object' && p.value && byId.has(Number(p.value)) && Number(p.value) !== o.id) {
        out.push({ from: byId.get(o.id), to: byId.get(Number(p.value)), name: prefix + p.name, fromId: o.id, toId: Number(p.value) });
      } else if (p.type === 'class' && Array.isArray(p.value)) {
        walk(o, p.value, `${prefix}${p.name}.`);
      } else if (p.type === 'list' && Array.isArray(p.value)) {
        // a list's items (Tiled 1.12) as properties named by their place
        walk(o, p.value.map((item, i) => ({ ...item, name: `${p.name}[${i}]` })), prefix);
      }
    }
  };
  for (const o of shown) walk(o, o.properties, '');
  return out;
}

/** Tiled 1.12's blend modes, by the names it writes (the server's LayerAttributes.BLEND_MODES). */
export const BLEND_MODES = Object.freeze(['normal', 'add', 'multiply', 'screen', 'overlay', 'darken', 'lighten',
  'color-dodge', 'color-burn', 'hard-light', 'soft-light', 'difference', 'exclusion']);

/**
 * Change notices: {kind:'cells', layerId, rect} | {kind:'layers'} | {kind:'objects', layerId} | {kind:'map'}.
 * @typedef {{kind:string, layerId?:number, rect?:Rect}} Change
 */

export class TileMap {
  /** @param {object} json the map as GET /api/v1/maps/{id} answers it (cells loaded separately) */
  constructor(json) {
    this.id = json.id;
    this.name = json.name;
    this.width = json.width;
    this.height = json.height;
    this.tileWidth = json.tileWidth;
    this.tileHeight = json.tileHeight;
    /** how the cells lie (model/projection.js reads these, named as the map's JSON names them) */
    this.orientation = json.orientation ?? 'orthogonal';
    this.staggerAxis = json.staggerAxis;
    this.staggerIndex = json.staggerIndex;
    this.hexSideLength = json.hexSideLength;
    this.skewX = json.skewX ?? 0;
    this.skewY = json.skewY ?? 0;
    this.backgroundColor = json.backgroundColor ?? null;
    this.offset = json.offset ?? { x: 0, y: 0 };
    /** @type {MapTileset[]} */
    this.tilesets = (json.tilesets ?? []).map((t) => ({ ...t }));
    this.properties = json.properties ?? [];
    this.nextLayerId = json.nextLayerId ?? 1;
    this.nextObjectId = json.nextObjectId ?? 1;
    this.gridSettings = json.gridSettings ?? {};
    /** the map's class, tile render order and parallax origin (core/model MapSettings) */
    this.settings = {
      className: json.className ?? '',
      renderOrder: json.renderOrder ?? 'right-down',
      parallaxOrigin: json.parallaxOrigin ?? { x: 0, y: 0 },
      infinite: json.infinite ?? false,
    };
    /** @type {Map<string, number>} designers' grid overrides: "x,y" of an element -> its solid sides 0..15 */
    this.gridOverrides = new Map();
    this.layers = (json.layers ?? []).map((l) => layerFromJson(l, this.width, this.height));
    /** @type {Set<(change: Change) => void>} */
    this.listeners = new Set();
  }

  /** @param {(change: Change) => void} listener */
  listen(listener) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** @param {Change} change */
  changed(change) {
    for (const listener of this.listeners) listener(change);
  }

  layer(id) {
    return this.layers.find((l) => l.id === id) ?? null;
  }

  layerIndex(id) {
    return this.layers.findIndex((l) => l.id === id);
  }

  /** Whether a layer is in the group groupId, directly or through groups within it (core/model TileMap.isIn). */
  isIn(layer, groupId) {
    let parent = layer.parentId ?? 0;
    for (let depth = 0; parent !== 0 && depth <= this.layers.length; depth++) {
      if (parent === groupId) return true;
      parent = this.layer(parent)?.parentId ?? 0;
    }
    return false;
  }

  /** The index just past a layer and, for a group, everything in it. */
  blockEnd(index) {
    const groupId = this.layers[index].id;
    let end = index + 1;
    while (end < this.layers.length && this.isIn(this.layers[end], groupId)) end++;
    return end;
  }

  /** Where a new layer goes in a group by default: on top of everything in it (0: on top of the map). */
  topOf(groupId) {
    return groupId === 0 ? this.layers.length : this.blockEnd(this.layerIndex(groupId));
  }

  /** The layer out of place when the list is not a tree as Tiled's (core/model TileMap.checkTree), or null. */
  misplaced() {
    const open = [];
    for (const layer of this.layers) {
      const parent = layer.parentId ?? 0;
      while (open.length > 0 && open[open.length - 1] !== parent) open.pop();
      if (parent !== 0 && open.length === 0) return layer;
      if (layer.type === 'group') open.push(layer.id);
    }
    return null;
  }

  /**
   * A layer's attributes with its groups' applied, as drawn (core/model TileMap.effective): visible when they all
   * are, opacity and parallax multiplied, offsets added, tints multiplied.
   */
  effective(layer) {
    let a = layer.attributes;
    let parent = layer.parentId ?? 0;
    for (let depth = 0; parent !== 0 && depth <= this.layers.length; depth++) {
      const group = this.layer(parent);
      if (group === null) break;
      const g = group.attributes;
      a = {
        ...a,
        visible: g.visible && a.visible,
        locked: g.locked || a.locked,
        opacity: g.opacity * a.opacity,
        offset: { dx: g.offset.dx + a.offset.dx, dy: g.offset.dy + a.offset.dy },
        tint: multiplyTints(g.tint, a.tint),
        parallax: { x: g.parallax.x * a.parallax.x, y: g.parallax.y * a.parallax.y },
      };
      parent = group.parentId ?? 0;
    }
    return a;
  }

  /** The map's tileset holding a gid (flips ignored), or null. */
  tilesetOf(gid) {
    const id = tileId(gid);
    let best = null;
    for (const t of this.tilesets) {
      if (t.firstGid <= id && (best === null || t.firstGid > best.firstGid)) best = t;
    }
    return best !== null && id < best.firstGid + best.tileCount ? best : null;
  }

  isValidGid(gid) {
    return gid === 0 || (tileId(gid) !== 0 && this.tilesetOf(gid) !== null);
  }

  inside(x, y) {
    return x >= 0 && y >= 0 && x < this.width && y < this.height;
  }

  /** The collision grid's element size, as the grid settings say (default: the tile size). */
  gridElement() {
    return { width: this.gridSettings.elementWidth ?? this.tileWidth, height: this.gridSettings.elementHeight ?? this.tileHeight };
  }

  gridColumns() {
    return this.width * (this.tileWidth / this.gridElement().width);
  }

  gridRows() {
    return this.height * (this.tileHeight / this.gridElement().height);
  }

  /** A deep copy without listeners (tests, rebase checks). */
  copy() {
    const copy = Object.create(TileMap.prototype);
    Object.assign(copy, this, {
      tilesets: this.tilesets.map((t) => ({ ...t })),
      properties: structuredClone(this.properties),
      gridSettings: { ...this.gridSettings },
      gridOverrides: new Map(this.gridOverrides),
      layers: this.layers.map((l) => Object.assign(l.copy(), { parentId: l.parentId ?? 0 })),
      listeners: new Set(),
    });
    return copy;
  }
}

function layerFromJson(l, width, height) {
  const layer = l.type === 'tile' ? new TileLayer(l.id, l, width, height)
    : l.type === 'object' ? new ObjectLayer(l.id, l, l.objects ?? [])
      : l.type === 'group' ? new GroupLayer(l.id, l) : new ImageLayer(l.id, l, l.image);
  layer.parentId = l.parentId ?? 0;
  return layer;
}

/** Everything observable about a map as plain data (for comparing maps in tests and checks). */
/**
 * The IntGrid layer the server draws `layer` from, or null: the one whose `tilewright.autotile.output` names it, or,
 * for a tile layer of an LDtk auto-layer's group, the IntGrid layer of the LDtk layer definition the group reads
 * (`ldtk.sourceLayerDefUid` on the group, `ldtk.layerDefUid` on the IntGrid).
 */
export function autoLayerSource(map, layer) {
  const named = (l, name) => (l?.attributes?.properties ?? []).find((p) => p.name === name)?.value;
  const own = map.layers.find((l) => l.type === 'tile' && l.isIntGrid
    && (l.attributes.properties ?? []).some((p) => p.name === 'tilewright.autotile.output' && p.value === layer.id));
  if (own !== undefined) return own;
  const group = layer.type === 'tile' && layer.parentId ? map.layer(layer.parentId) : null;
  const reads = named(group, 'ldtk.sourceLayerDefUid');
  if (reads === undefined || reads === null) return null;
  return map.layers.find((l) => l.type === 'tile' && l.isIntGrid && named(l, 'ldtk.layerDefUid') === reads) ?? null;
}

export function snapshot(map) {
  return structuredClone({
    name: map.name,
    tilesets: map.tilesets,
    properties: map.properties,
    gridSettings: map.gridSettings,
    gridOverrides: [...map.gridOverrides].sort(),
    layers: map.layers.map((l) => ({
      id: l.id,
      type: l.type,
      attributes: l.attributes,
      cells: l.type === 'tile' ? Array.from(l.read({ x: 0, y: 0, width: l.width, height: l.height })) : undefined,
      objects: l.type === 'object' ? l.objects : undefined,
    })),
  });
}
