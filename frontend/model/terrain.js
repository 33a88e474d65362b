// The terrain brush: paints a terrain (a colour of a Wang set) on cells and fixes the neighbours so every shared
// corner and edge matches, putting intermediate terrains between two that have no direct transition. The same
// algorithm as the server's core/terrain/TerrainBrush.java, step for step, so a stroke places the same tiles here and
// there: both are held to src/test/resources/fixtures/terrain/ (test/terrain.test.js). Read the Java class for the
// rules in words.

import { FLIP_D, FLIP_H, FLIP_V, flags, tileId } from './gid.js';

const CORNERS = [1, 3, 5, 7];
const EDGES = [0, 2, 4, 6];
const ALL = [0, 1, 2, 3, 4, 5, 6, 7];
const FAR = 1024;
const MISMATCH = 1 << 20;
const REDECIDE = 1 << 10;
const MAX_VISITS = 8;

// for each part, the neighbours (dx, dy) that share it, in row order
const SHARERS = [
  [[0, -1]],
  [[0, -1], [1, -1], [1, 0]],
  [[1, 0]],
  [[1, 0], [0, 1], [1, 1]],
  [[0, 1]],
  [[-1, 0], [-1, 1], [0, 1]],
  [[-1, 0]],
  [[-1, -1], [0, -1], [-1, 0]],
];

const AROUND = [[-1, -1], [0, -1], [1, -1], [-1, 0], [0, 0], [1, 0], [-1, 1], [0, 1], [1, 1]];

/**
 * The parts a terrain brush decides on a map's cells and who shares them (core/terrain/TerrainLayout.java, read it for
 * the rules in words): squares (orthogonal and isometric maps), or the corners or sides of a staggered or hexagonal
 * map's cells, each at the Wang id index of its direction from the cell's centre (diamonds in tile space), shared where
 * they lie at one point of the screen. Throws a RangeError for a mixed set on hexagons or diamonds.
 * @param {object} projection the map's (model/projection.js)
 * @param {string} type the Wang set's type
 */
export function terrainLayout(projection, type) {
  return projection.corners && projection.shifted ? cellLayout(projection, type) : squareLayout(type);
}

function squareLayout(type) {
  return {
    parts: type === 'corner' ? CORNERS : type === 'edge' ? EDGES : ALL,
    flips: true,
    // corners are the map's vertices, edges its horizontal then vertical cell sides
    key(x, y, part, width, height) {
      const vertices = (width + 1) * (height + 1);
      const across = width * (height + 1);
      switch (part) {
        case 7: return y * (width + 1) + x;
        case 1: return y * (width + 1) + x + 1;
        case 3: return (y + 1) * (width + 1) + x + 1;
        case 5: return (y + 1) * (width + 1) + x;
        case 0: return vertices + y * width + x;
        case 4: return vertices + (y + 1) * width + x;
        case 6: return vertices + across + y * (width + 1) + x;
        default: return vertices + across + y * (width + 1) + x + 1;
      }
    },
    sharers: (x, y, part) => SHARERS[part],
    around: () => AROUND,
  };
}

const BY_DIRECTION = [[7, 0, 1], [6, -1, 2], [5, 4, 3]];

function cellLayout(hex, type) {
  if (type !== 'corner' && type !== 'edge') {
    throw new RangeError(`A mixed Wang set needs square cells: on ${hex.sideLength === 0 ? 'staggered' : 'hexagonal'} `
      + "maps a cell's corners and sides would share Wang id indexes; paint with a corner or an edge set.");
  }
  const sides = type === 'edge';
  const at = new Array(8).fill(null);
  const n = hex.corners.length;
  for (let i = 0; i < n; i++) {
    const [ax, ay] = hex.corners[i];
    const [bx, by] = hex.corners[(i + 1) % n];
    if (sides && ax === bx && ay === by) continue;
    // doubled, from the cell box's top-left: a corner, or a side's middle
    const p = sides ? [ax + bx, ay + by] : [2 * ax, 2 * ay];
    const screen = BY_DIRECTION[Math.sign(p[1] - hex.cellHeight) + 1][Math.sign(p[0] - hex.cellWidth) + 1];
    const index = hex.sideLength === 0 ? (screen + 7) % 8 : screen;
    if (at[index] !== null && (at[index][0] !== p[0] || at[index][1] !== p[1])) {
      throw new RangeError(`Two ${sides ? 'sides' : 'corners'} of a ${hex.tileWidth}x${hex.tileHeight} px cell lie the same way from its centre.`);
    }
    at[index] = p;
  }
  const parts = [];
  for (let i = 0; i < 8; i++) if (at[i] !== null) parts.push(i);
  const absolute = (x, y, index) => [2 * hex.left(x, y) + at[index][0], 2 * hex.top(x, y) + at[index][1]];
  const parity = (x, y) => (hex.shifted(hex.staggerX ? x : y) ? 1 : 0);
  const sharers = [[], []];
  const around = [[], []];
  for (let par = 0; par < 2; par++) {
    const i = (hex.shifted(0) ? 1 : 0) === par ? 0 : 1;
    const [rx, ry] = hex.staggerX ? [i, 0] : [0, i];
    const all = new Map([['0,0', [0, 0]]]);
    for (const index of parts) {
      const [px, py] = absolute(rx, ry, index);
      const found = [];
      for (let dy = -2; dy <= 2; dy++) {
        for (let dx = -2; dx <= 2; dx++) {
          if ((dx !== 0 || dy !== 0) && parts.some((j) => {
            const [qx, qy] = absolute(rx + dx, ry + dy, j);
            return qx === px && qy === py;
          })) found.push([dx, dy]);
        }
      }
      sharers[par][index] = found;
      for (const f of found) all.set(`${f[0]},${f[1]}`, f);
    }
    around[par] = [...all.values()].sort((a, b) => a[1] - b[1] || a[0] - b[0]);
  }
  return {
    parts,
    flips: false,
    // the part's point on the screen, doubled: cells sharing it give it one key
    key(x, y, part) {
      const [px, py] = absolute(x, y, part);
      return `${px},${py}`;
    },
    sharers: (x, y, part) => sharers[parity(x, y)][part],
    around: (x, y) => around[parity(x, y)],
  };
}

/** The flag sets a tile may be placed with, the untransformed first. @param {object|null} allowed */
export function flagSets(allowed) {
  const sets = [];
  for (let code = 0; code < 8; code++) {
    const h = (code & 4) !== 0;
    const v = (code & 2) !== 0;
    const d = (code & 1) !== 0;
    if (code === 0 || (allowed && reachable(allowed, h, v, d))) {
      sets.push(((h ? FLIP_H : 0) | (v ? FLIP_V : 0) | (d ? FLIP_D : 0)) >>> 0);
    }
  }
  return sets;
}

function reachable(allowed, h, v, d) {
  if (allowed.rotate && (allowed.hflip || allowed.vflip)) return true;
  if (allowed.rotate) return d ? h !== v : h === v;
  return !d && (!h || allowed.hflip) && (!v || allowed.vflip);
}

/** The Wang id a tile shows placed with these flags: transposed first, then mirrored, as Tiled draws it. */
export function placed(id, bits) {
  let out = id;
  if ((bits & FLIP_D) !== 0) out = moved(out, 6);
  if ((bits & FLIP_H) !== 0) out = moved(out, 8);
  if ((bits & FLIP_V) !== 0) out = moved(out, 12);
  return out;
}

function moved(id, axis) {
  const out = new Array(8);
  for (let i = 0; i < 8; i++) out[(axis + 8 - i) % 8] = id[i];
  return out;
}

/** What a terrain brush may place from one Wang set (the API's JSON of a tileset's wangSets entry). */
export class WangTiles {
  /**
   * @param {{type: string, colors: {probability: number}[], tiles: Record<string, number[]>}} set
   * @param {number} firstGid the tileset's first gid in the map
   * @param {(localId: number) => number} probabilityOf a tile's probability (Tiled's default is 1)
   * @param {{hflip: boolean, vflip: boolean, rotate: boolean, preferUntransformed: boolean}|null} allowed
   * @param {object} [layout] the map's cells ({@link terrainLayout}); squares by default
   */
  static of(set, firstGid, probabilityOf, allowed, layout = squareLayout(set.type)) {
    const parts = layout.parts;
    const ids = new Map(Object.keys(set.tiles).map(Number).sort((a, b) => a - b).map((k) => [k, set.tiles[k]]));
    const candidates = [];
    const sets = layout.flips ? flagSets(allowed) : [0];
    for (const [tile, id] of ids) {
      let weight = probabilityOf(tile);
      for (const part of parts) {
        if (id[part] > 0) weight *= set.colors[id[part] - 1].probability;
      }
      for (const bits of sets) {
        candidates.push({ gid: ((firstGid + tile) | bits) >>> 0, wangId: placed(id, bits), weight, transformed: bits !== 0 });
      }
    }
    return new WangTiles(firstGid, layout, candidates, ids, distances(set.colors.length, ids.values(), parts),
      Boolean(allowed?.preferUntransformed));
  }

  constructor(firstGid, layout, candidates, ids, distance, preferUntransformed) {
    this.firstGid = firstGid;
    this.layout = layout;
    this.parts = layout.parts;
    this.candidates = candidates;
    this.ids = ids;
    this.distance = distance;
    this.preferUntransformed = preferUntransformed;
  }

  /** The number of terrains of the set. */
  get colors() {
    return this.distance.length - 1;
  }

  /** The Wang id a placed gid shows, or null when its tile is not in the set. */
  wangIdOf(gid) {
    if (gid === 0) return null;
    const id = this.ids.get(tileId(gid) - this.firstGid);
    return id === undefined ? null : placed(id, flags(gid));
  }

  far(from, to) {
    return from < this.distance.length && to < this.distance.length ? this.distance[from][to] : FAR;
  }
}

function distances(colors, ids, parts) {
  const n = colors + 1;
  const d = Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => (i === j ? 0 : FAR)));
  for (const id of ids) {
    for (const a of parts) {
      for (const b of parts) {
        if (id[a] !== id[b]) d[id[a]][id[b]] = 1;
      }
    }
  }
  for (let k = 0; k < n; k++) {
    for (let i = 0; i < n; i++) {
      for (let j = 0; j < n; j++) {
        if (d[i][k] + d[k][j] < d[i][j]) d[i][j] = d[i][k] + d[k][j];
      }
    }
  }
  return d;
}

/** A draw in [0, 1) from the seed and the cell only (murmur3's finaliser in 32-bit integers, as the server's). */
export function unit(seed, x, y) {
  let h = fmix((seed | 0) ^ Math.imul(x, 0x85ebca6b));
  h = fmix(((h + 0x9e3779b9) | 0) ^ Math.imul(y, 0xc2b2ae35));
  return (h >>> 8) / 16777216;
}

function fmix(h) {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h | 0;
}

/**
 * Paints a terrain: every part of the stroke's cells takes it, neighbours are fixed to match.
 * @param {WangTiles} tiles
 * @param {{width: number, height: number, gid(x: number, y: number): number}} cells what the brush reads
 * @param {number[]} stroke x, y pairs (outside ones are passed over)
 * @param {number} color 1..the set's colours
 * @param {number} seed the map's terrain seed
 * @param {number} maxCells the most cells the brush may visit
 * @returns {{cells: {x: number, y: number, gid: number}[], unmatched: number, cut: boolean}} the cells that change, in row order
 */
export function paintTerrain(tiles, cells, stroke, color, seed, maxCells) {
  if (!(color >= 1 && color <= tiles.colors)) throw new RangeError(`color is a terrain of the set, 1..${tiles.colors}, was ${color}`);
  if (stroke.length % 2 !== 0) throw new RangeError('a stroke is x, y pairs');
  const { width, height } = cells;
  const fixed = new Map();
  const decided = new Map();
  const painted = new Set();
  const visits = new Map();
  const waiting = new Set();
  const queue = [];
  let head = 0;
  const chosen = new Map();
  let cut = false;
  const inside = (x, y) => x >= 0 && y >= 0 && x < width && y < height;
  const partKey = (x, y, part) => tiles.layout.key(x, y, part, width, height);
  const enqueue = (cell) => {
    if (waiting.has(cell)) return;
    const seen = visits.get(cell) ?? 0;
    if (seen >= MAX_VISITS) return;
    if (seen === 0 && visits.size >= maxCells) {
      cut = true;
      return;
    }
    visits.set(cell, seen + 1);
    waiting.add(cell);
    queue.push(cell);
  };
  const visitLater = (x, y) => {
    if (inside(x, y) && !painted.has(y * width + x) && tiles.wangIdOf(cells.gid(x, y)) !== null) enqueue(y * width + x);
  };
  // what placing a Wang id costs, given up as soon as it passes `bound` (such a tile can no longer be among the best)
  const cost = (id, must, should, now, bound) => {
    let total = 0;
    for (const part of tiles.parts) {
      if (must[part] >= 0) {
        if (id[part] !== must[part]) total += MISMATCH;
      } else if (should[part] >= 0) {
        if (id[part] !== should[part]) total += REDECIDE;
      } else if (now !== null) {
        total += tiles.far(now[part], id[part]);
      }
      if (total > bound) return total;
    }
    return total;
  };
  const best = (x, y, must, should, now) => {
    let ties = [];
    let least = Infinity;
    for (const candidate of tiles.candidates) {
      const c = cost(candidate.wangId, must, should, now, least);
      if (c < least) {
        least = c;
        ties = [];
      }
      if (c === least) ties.push(candidate);
    }
    if (tiles.preferUntransformed && ties.some((c) => !c.transformed)) ties = ties.filter((c) => !c.transformed);
    let total = 0;
    for (const candidate of ties) total += candidate.weight;
    if (!(total > 0)) return ties[0];
    const target = unit(seed, x, y) * total;
    let sum = 0;
    for (const candidate of ties) {
      sum += candidate.weight;
      if (target < sum) return candidate;
    }
    return ties[ties.length - 1];
  };
  const visit = (x, y) => {
    let gid = cells.gid(x, y);
    const now = tiles.wangIdOf(gid);
    const must = new Array(8).fill(-1);
    const should = new Array(8).fill(-1);
    for (const part of tiles.parts) {
      const key = partKey(x, y, part);
      must[part] = fixed.get(key) ?? -1;
      should[part] = decided.get(key) ?? -1;
    }
    let chosenId = now;
    if (now === null || cost(now, must, should, now, 0) !== 0) {
      const pick = best(x, y, must, should, now);
      gid = pick.gid;
      chosenId = pick.wangId;
    }
    chosen.set(y * width + x, gid);
    for (const part of tiles.parts) {
      const before = should[part] >= 0 ? should[part] : now === null ? -1 : now[part];
      if (must[part] < 0 && chosenId[part] !== before) {
        decided.set(partKey(x, y, part), chosenId[part]);
        for (const [dx, dy] of tiles.layout.sharers(x, y, part)) visitLater(x + dx, y + dy);
      }
    }
  };
  const fits = (x, y, id) => {
    for (const part of tiles.parts) {
      const key = partKey(x, y, part);
      if (id[part] !== (fixed.get(key) ?? decided.get(key) ?? id[part])) return false;
    }
    return true;
  };

  for (let i = 0; i < stroke.length; i += 2) {
    const x = stroke[i];
    const y = stroke[i + 1];
    if (inside(x, y) && !painted.has(y * width + x)) {
      painted.add(y * width + x);
      for (const part of tiles.parts) fixed.set(partKey(x, y, part), color);
    }
  }
  if (painted.size > maxCells) throw new RangeError(`a stroke of ${painted.size} cells; at most ${maxCells}`);
  for (const cell of painted) enqueue(cell);
  for (const cell of painted) {
    const x = cell % width;
    const y = Math.floor(cell / width);
    for (const [dx, dy] of tiles.layout.around(x, y)) visitLater(x + dx, y + dy);
  }
  while (head < queue.length) {
    const cell = queue[head++];
    waiting.delete(cell);
    visit(cell % width, Math.floor(cell / width));
  }
  const out = [];
  let unmatched = 0;
  for (const cell of [...chosen.keys()].sort((a, b) => a - b)) {
    const x = cell % width;
    const y = Math.floor(cell / width);
    const gid = chosen.get(cell);
    if (!fits(x, y, tiles.wangIdOf(gid))) unmatched++;
    if (gid !== cells.gid(x, y)) out.push({ x, y, gid });
  }
  return { cells: out, unmatched, cut };
}
