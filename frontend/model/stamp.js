// Stamps: a rectangle of gids the brush paints (picked from a tileset, copied from a layer), turned and flipped
// as Tiled does with X, Y and Z; and the cells a tool writes with one: a stamp at a place, a rectangle tiled with
// it, a bucket fill of a connected region.

import { flipHorizontally, flipVertically, hexFlipHorizontally, hexFlipVertically, hexRotateClockwise,
  rotateClockwise } from './gid.js';
import { encodeMask, INLINE_LIMIT, regionOp } from './region.js';
import { projectionOf } from './projection.js';

export class Stamp {
  /**
   * @param {number} width @param {number} height @param {ArrayLike<number>} gids row-major, 0 paints nothing
   * @param {{x: number, y: number}|null} origin the map cell its top-left was copied from (on a staggered or
   *   hexagonal map its shape depends on whether that row or column is shifted), or null: drawn for an unshifted one
   */
  constructor(width, height, gids, origin = null, mirrored = { x: false, y: false }) {
    if (!(width >= 1 && height >= 1) || gids.length !== width * height) {
      throw new Error(`a ${width}x${height} stamp takes ${width * height} gids, got ${gids.length}`);
    }
    this.width = width;
    this.height = height;
    this.gids = Uint32Array.from(gids);
    this.origin = origin;
    // mirrored along the shift, a stamp's odd rows (columns) lie the other way: as copied from the other parity
    this.mirrored = mirrored;
  }

  /** One tile. */
  static of(gid) {
    return new Stamp(1, 1, [gid]);
  }

  /**
   * Tiles picked in a tileset's grid: columns c0..c1, rows r0..r1 (inclusive, any order) of a tileset whose
   * first gid and column count are given; tiles past tileCount are left empty.
   */
  static fromTileset(firstGid, columns, tileCount, c0, r0, c1, r1) {
    const left = Math.min(c0, c1);
    const top = Math.min(r0, r1);
    const width = Math.abs(c1 - c0) + 1;
    const height = Math.abs(r1 - r0) + 1;
    const gids = new Uint32Array(width * height);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const local = (top + y) * columns + left + x;
        gids[y * width + x] = local < tileCount ? firstGid + local : 0;
      }
    }
    return new Stamp(width, height, gids);
  }

  /** A rectangle of a tile layer (its top-left the stamp's origin). */
  static fromLayer(layer, rect) {
    return new Stamp(rect.width, rect.height, layer.read(rect), { x: rect.x, y: rect.y });
  }

  /** {@link rotatedClockwise} on a hexagonal map's cells. */
  rotatedOnHexagons(p) {
    // the cells where the stamp lies on the screen, with its top-left at a cell of an unshifted row (column)
    const top = p.shifted(0) ? 1 : 0;
    const [tx, ty] = p.staggerX ? [top, 0] : [0, top];
    const stagger = this.staggerMoveIn(p, tx, ty);
    const cells = [];
    for (let sy = 0; sy < this.height; sy++) {
      for (let sx = 0; sx < this.width; sx++) {
        const gid = this.get(sx, sy);
        if (gid === 0) continue;
        const [x, y] = Stamp.placed(tx, ty, sx, sy, stagger);
        const [q, r] = toCube(p, x, y);
        // 60 degrees clockwise on the screen: (q, r, s) -> (-r, -s, -q)
        const [x2, y2] = fromCube(p, -r, q + r);
        cells.push([x2, y2, hexRotateClockwise(gid)]);
      }
    }
    if (cells.length === 0) return this;
    const left = Math.min(...cells.map((c) => c[0]));
    const topRow = Math.min(...cells.map((c) => c[1]));
    const width = Math.max(...cells.map((c) => c[0])) - left + 1;
    const height = Math.max(...cells.map((c) => c[1])) - topRow + 1;
    const out = new Uint32Array(width * height);
    for (const [x, y, gid] of cells) out[(y - topRow) * width + (x - left)] = gid;
    // its top-left a cell of the map's rows as they were: its shifts say where its odd rows lie
    return new Stamp(width, height, out, { x: left, y: topRow });
  }

  /**
   * How far the stamp's odd rows (columns, on stagger axis x) move when its top-left goes to (x, y) of this map, so
   * that it keeps its shape on the screen (Tiled's stamps change shape at odd rows of staggered maps): 0 on other
   * maps or where the top row is shifted as the origin's was; else 1 towards the shift (-1 from a shifted origin).
   * @returns {{move: number, alongX: boolean}}
   */
  staggerMove(map, x, y) {
    return this.staggerMoveIn(projectionOf(map), x, y);
  }

  /** {@link staggerMove} on a projection. */
  staggerMoveIn(p, x, y) {
    if (typeof p.shifted !== 'function') return { move: 0, alongX: false };
    const alongX = p.staggerX;
    const from = this.origin === null ? (p.shifted(0) ? 1 : 0) : alongX ? this.origin.x : this.origin.y;
    // a mirror along the shift lays odd rows the other way; one across it too where it swaps odd and even rows
    const along = alongX ? this.mirrored.y : this.mirrored.x;
    const across = alongX ? this.mirrored.x && this.width % 2 === 0 : this.mirrored.y && this.height % 2 === 0;
    const was = p.shifted(from) !== (along !== across);
    if (was === p.shifted(alongX ? x : y)) return { move: 0, alongX };
    return { move: was ? -1 : 1, alongX };
  }

  /** Where stamp cell (sx, sy) lands with the top-left at (x, y), given {@link staggerMove}'s answer. */
  static placed(x, y, sx, sy, { move, alongX }) {
    if (move === 0) return [x + sx, y + sy];
    return alongX ? [x + sx, y + sy + ((sx & 1) === 1 ? move : 0)] : [x + sx + ((sy & 1) === 1 ? move : 0), y + sy];
  }

  get(x, y) {
    return this.gids[y * this.width + x];
  }

  isEmpty() {
    return this.gids.every((g) => g === 0);
  }

  /** Mirrored left to right (X); on a hexagonal map ({@link projection}) each tile as Tiled mirrors one there. */
  flippedHorizontally(projection = null) {
    const flip = hexagonal(projection) ? hexFlipHorizontally : flipHorizontally;
    const out = new Uint32Array(this.gids.length);
    for (let y = 0; y < this.height; y++) {
      for (let x = 0; x < this.width; x++) out[y * this.width + x] = flip(this.get(this.width - 1 - x, y));
    }
    return new Stamp(this.width, this.height, out, this.origin, { x: !this.mirrored.x, y: this.mirrored.y });
  }

  /** Mirrored top to bottom (Y); on a hexagonal map each tile as Tiled mirrors one there. */
  flippedVertically(projection = null) {
    const flip = hexagonal(projection) ? hexFlipVertically : flipVertically;
    const out = new Uint32Array(this.gids.length);
    for (let y = 0; y < this.height; y++) {
      for (let x = 0; x < this.width; x++) out[y * this.width + x] = flip(this.get(x, this.height - 1 - y));
    }
    return new Stamp(this.width, this.height, out, this.origin, { x: this.mirrored.x, y: !this.mirrored.y });
  }

  /**
   * Turned clockwise (Z): by 90 degrees, or on a hexagonal map ({@link projection}) by 60 as Tiled turns there:
   * the cells turned about the first one on the screen (cube coordinates), each tile turned with them.
   */
  rotatedClockwise(projection = null) {
    if (hexagonal(projection)) return this.rotatedOnHexagons(projection);
    const width = this.height;
    const height = this.width;
    const out = new Uint32Array(this.gids.length);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) out[y * width + x] = rotateClockwise(this.get(y, this.height - 1 - x));
    }
    return new Stamp(width, height, out);
  }

  /**
   * The cells this stamp writes with its top-left at (x, y), clipped to the map; empty stamp cells write nothing. On
   * a staggered or hexagonal map it keeps its shape on the screen ({@link staggerMove}).
   */
  cellsAt(map, x, y) {
    const cells = [];
    const stagger = this.staggerMove(map, x, y);
    for (let sy = 0; sy < this.height; sy++) {
      for (let sx = 0; sx < this.width; sx++) {
        const gid = this.get(sx, sy);
        const [cx, cy] = Stamp.placed(x, y, sx, sy, stagger);
        if (gid !== 0 && map.inside(cx, cy)) cells.push({ x: cx, y: cy, gid });
      }
    }
    return cells;
  }

  /** The gid the stamp, repeated from (originX, originY), has at (x, y). */
  tiledAt(originX, originY, x, y) {
    const sx = ((x - originX) % this.width + this.width) % this.width;
    const sy = ((y - originY) % this.height + this.height) % this.height;
    return this.get(sx, sy);
  }
}

/** Whether a projection is a hexagonal map's (sides of positive length), where tiles turn by 60 degrees. */
function hexagonal(p) {
  return p !== null && typeof p.shifted === 'function' && p.sideLength > 0;
}

/** A hexagonal map's cell in cube coordinates {q, r} (s = -q - r), its shifted rows (columns) as the map has them. */
function toCube(p, x, y) {
  const odd = p.shifted(1) ? 1 : -1; // odd rows (columns) shifted: odd-r / odd-q, else even-r / even-q
  if (p.staggerX) return [x, y - (x - odd * (x & 1)) / 2];
  return [x - (y - odd * (y & 1)) / 2, y];
}

function fromCube(p, q, r) {
  const odd = p.shifted(1) ? 1 : -1;
  if (p.staggerX) return [q, r + (q - odd * (q & 1)) / 2];
  return [q + (r - odd * (r & 1)) / 2, r];
}

/** The rectangle two corner tiles span (any order), clipped to the map, or null when it misses the map. */
export function spanRect(map, x0, y0, x1, y1) {
  const left = Math.max(0, Math.min(x0, x1));
  const top = Math.max(0, Math.min(y0, y1));
  const right = Math.min(map.width - 1, Math.max(x0, x1));
  const bottom = Math.min(map.height - 1, Math.max(y0, y1));
  return right < left || bottom < top ? null : { x: left, y: top, width: right - left + 1, height: bottom - top + 1 };
}

/**
 * The stamp placed with its top-left at (x, y), as one putRegion over the part on the map whose mask holds the
 * stamp's non-empty cells (its empty cells paint nothing): how a large stamp, a pasted selection, travels compactly.
 * @returns {object|null} null when no non-empty cell lands on the map
 */
export function stampRegionOp(map, layer, stamp, x, y) {
  const stagger = stamp.staggerMove(map, x, y);
  if (stagger.move !== 0) return shiftedRegionOp(map, layer, stamp, x, y, stagger);
  const left = Math.max(0, x);
  const top = Math.max(0, y);
  const right = Math.min(map.width, x + stamp.width);
  const bottom = Math.min(map.height, y + stamp.height);
  if (right <= left || bottom <= top) return null;
  const rect = { x: left, y: top, width: right - left, height: bottom - top };
  const gids = new Uint32Array(rect.width * rect.height);
  const bits = new Uint8Array(Math.ceil(gids.length / 8));
  const single = stamp.width === 1 && stamp.height === 1;
  let changed = 0;
  for (let row = 0; row < rect.height; row++) {
    for (let column = 0; column < rect.width; column++) {
      const gid = stamp.get(left + column - x, top + row - y);
      if (gid === 0) continue;
      const i = row * rect.width + column;
      gids[i] = gid;
      bits[i >> 3] |= 1 << (i & 7);
      changed++;
    }
  }
  return changed === 0 ? null : regionOp(layer.id, rect, gids, encodeMask(bits));
}

/** {@link stampRegionOp} where the stamp's odd rows (columns) move to keep its shape: a cell wider (taller). */
function shiftedRegionOp(map, layer, stamp, x, y, stagger) {
  const grow = stagger.move < 0 ? -1 : 0;
  const left = Math.max(0, x + (stagger.alongX ? 0 : grow));
  const top = Math.max(0, y + (stagger.alongX ? grow : 0));
  const right = Math.min(map.width, x + stamp.width + (stagger.alongX ? 0 : 1 + grow));
  const bottom = Math.min(map.height, y + stamp.height + (stagger.alongX ? 1 + grow : 0));
  if (right <= left || bottom <= top) return null;
  const rect = { x: left, y: top, width: right - left, height: bottom - top };
  const gids = new Uint32Array(rect.width * rect.height);
  const bits = new Uint8Array(Math.ceil(gids.length / 8));
  let changed = 0;
  for (let sy = 0; sy < stamp.height; sy++) {
    for (let sx = 0; sx < stamp.width; sx++) {
      const gid = stamp.get(sx, sy);
      const [cx, cy] = Stamp.placed(x, y, sx, sy, stagger);
      if (gid === 0 || cx < left || cy < top || cx >= right || cy >= bottom) continue;
      const i = (cy - top) * rect.width + (cx - left);
      gids[i] = gid;
      bits[i >> 3] |= 1 << (i & 7);
      changed++;
    }
  }
  return changed === 0 ? null : regionOp(layer.id, rect, gids, encodeMask(bits));
}

/** A rectangle filled with the stamp repeated from its top-left corner, as one op (compact when large). */
export function fillRectOp(layerId, rect, stamp) {
  if (stamp.width === 1 && stamp.height === 1) {
    return { type: 'fillRect', layerId, x: rect.x, y: rect.y, width: rect.width, height: rect.height, gid: stamp.gids[0] };
  }
  const gids = new Uint32Array(rect.width * rect.height);
  for (let y = 0; y < rect.height; y++) {
    for (let x = 0; x < rect.width; x++) gids[y * rect.width + x] = stamp.tiledAt(0, 0, x, y);
  }
  return regionOp(layerId, rect, gids);
}

/**
 * Cells of a map marked as in an area, kept per 64x64 chunk the area reaches (a byte a cell), so what it takes
 * follows the area, not the map: a flood of a few cells on a 65,536x65,536 map holds a chunk, not 4 GB.
 */
export class CellSet {
  constructor() {
    this.chunks = new Map();
  }

  has(x, y) {
    const chunk = this.chunks.get(Math.floor(y / 64) * 65536 + Math.floor(x / 64));
    return chunk !== undefined && chunk[(y % 64) * 64 + (x % 64)] === 1;
  }

  /** Marks the cells from..to (inclusive) of row y. */
  addRun(y, from, to) {
    const row = Math.floor(y / 64);
    for (let x = from; x <= to;) {
      const cx = Math.floor(x / 64);
      const key = row * 65536 + cx;
      let chunk = this.chunks.get(key);
      if (chunk === undefined) this.chunks.set(key, chunk = new Uint8Array(64 * 64));
      const end = Math.min(to, cx * 64 + 63);
      chunk.fill(1, (y % 64) * 64 + (x % 64), (y % 64) * 64 + (end % 64) + 1);
      x = end + 1;
    }
  }
}

/** floodArea one cell at a time across the projection's side neighbours (rows of a staggered map do not join). */
function floodByNeighbours(map, layer, x, y, limit, target, joins) {
  const projection = projectionOf(map);
  const inArea = new CellSet();
  inArea.addRun(y, x, x);
  let area = 1;
  let [left, right, top, bottom] = [x, x, y, y];
  const queue = [x, y];
  for (let head = 0; head < queue.length; head += 2) {
    for (const n of projection.neighbours(queue[head], queue[head + 1])) {
      if (!map.inside(n.x, n.y) || inArea.has(n.x, n.y) || !joins(layer.get(n.x, n.y))) continue;
      if (++area > limit) return null;
      inArea.addRun(n.y, n.x, n.x);
      queue.push(n.x, n.y);
      left = Math.min(left, n.x);
      right = Math.max(right, n.x);
      top = Math.min(top, n.y);
      bottom = Math.max(bottom, n.y);
    }
  }
  return { target, inArea, area, rect: { x: left, y: top, width: right - left + 1, height: bottom - top + 1 } };
}

/**
 * The area a bucket fill from (x, y) covers: every cell connected to it through cells sharing a side (4 on
 * orthogonal and isometric maps; on staggered and hexagonal ones the projection's neighbours, 4 or 6) holding the
 * same gid (or, given `alike`, one alike to it). Null past `limit` cells.
 * @returns {{target: number, inArea: CellSet, area: number, rect: {x:number, y:number, width:number, height:number}}|null}
 */
export function floodArea(map, layer, x, y, limit, alike = null) {
  const width = map.width;
  const target = layer.get(x, y);
  const joins = alike ?? ((gid) => gid === target);
  if (map.orientation === 'staggered' || map.orientation === 'hexagonal') {
    return floodByNeighbours(map, layer, x, y, limit, target, joins);
  }
  const inArea = new CellSet();
  let area = 0;
  let left = x;
  let right = x;
  let top = y;
  let bottom = y;
  const seeds = [x, y];
  // scanlines: each seed grows into its whole run on the row, whose rows above and below give the next seeds
  while (seeds.length > 0) {
    const sy = seeds.pop();
    const sx = seeds.pop();
    if (inArea.has(sx, sy)) continue;
    let from = sx;
    while (from > 0 && !inArea.has(from - 1, sy) && joins(layer.get(from - 1, sy))) from--;
    let to = sx;
    while (to < width - 1 && !inArea.has(to + 1, sy) && joins(layer.get(to + 1, sy))) to++;
    area += to - from + 1;
    if (area > limit) return null;
    inArea.addRun(sy, from, to);
    left = Math.min(left, from);
    right = Math.max(right, to);
    top = Math.min(top, sy);
    bottom = Math.max(bottom, sy);
    for (const ny of [sy - 1, sy + 1]) {
      if (ny < 0 || ny >= map.height) continue;
      let open = false;
      for (let nx = from; nx <= to; nx++) {
        const next = !inArea.has(nx, ny) && joins(layer.get(nx, ny));
        if (next && !open) seeds.push(nx, ny);
        open = next;
      }
    }
  }
  return { target, inArea, area, rect: { x: left, y: top, width: right - left + 1, height: bottom - top + 1 } };
}

/**
 * The bucket fill from (x, y): the flood area painted with the stamp repeated from (x, y), as one putRegion over the
 * area's bounding box whose mask holds exactly the cells that change (so what others change beside the area is left
 * alone). Gives up past `limit` cells of area.
 * @returns {{op: object|null, cells: number}|null} null past the limit; op null when nothing would change
 */
export function floodFill(map, layer, x, y, stamp, limit) {
  if (!map.inside(x, y)) return { op: null, cells: 0 };
  if (stamp.width === 1 && stamp.height === 1) {
    // the whole layer holds the clicked gid: one fillRect of it, whatever the limit (a fill is cheap per cell and
    // undone by one fillRect; the server takes up to max-fill-cells, a whole 8192x8192 layer), no flood walked
    const whole = { x: 0, y: 0, width: map.width, height: map.height };
    const target = layer.get(x, y);
    if (layer.uniform(whole) === target) {
      return stamp.gids[0] === target ? { op: null, cells: 0 }
        : { op: fillRectOp(layer.id, whole, stamp), cells: whole.width * whole.height };
    }
  }
  const flood = floodArea(map, layer, x, y, limit);
  if (flood === null) return null;
  const { target, inArea, area, rect } = flood;
  if (stamp.width === 1 && stamp.height === 1 && area === rect.width * rect.height) {
    // the area is its whole bounding box (a whole empty layer, say) and one tile fills it: a fillRect says it all
    const gid = stamp.gids[0];
    return gid === target ? { op: null, cells: 0 } : { op: fillRectOp(layer.id, rect, stamp), cells: area };
  }
  const gids = new Uint32Array(rect.width * rect.height);
  const bits = new Uint8Array(Math.ceil(gids.length / 8));
  const single = stamp.width === 1 && stamp.height === 1;
  let cells = 0;
  for (let row = 0; row < rect.height; row++) {
    for (let column = 0; column < rect.width; column++) {
      const cx = rect.x + column;
      const cy = rect.y + row;
      if (!inArea.has(cx, cy)) continue;
      const gid = single ? stamp.gids[0] : stamp.tiledAt(x, y, cx, cy);
      if (gid === target) continue;
      const i = row * rect.width + column;
      gids[i] = gid;
      bits[i >> 3] |= 1 << (i & 7);
      cells++;
    }
  }
  if (cells === 0) return { op: null, cells: 0 };
  return { op: regionOp(layer.id, rect, gids, encodeMask(bits)), cells };
}

/**
 * Scattered cells as one op: a paint of them when few, else a putRegion over their bounding box whose mask holds
 * exactly them (compact).
 * @param {number} layerId @param {{x:number, y:number, gid:number}[]} cells
 */
export function cellsOp(layerId, cells) {
  if (cells.length <= INLINE_LIMIT) return { type: 'paint', layerId, cells: cells.map(({ x, y, gid }) => ({ x, y, gid })) };
  let left = Infinity;
  let top = Infinity;
  let right = -Infinity;
  let bottom = -Infinity;
  for (const c of cells) {
    left = Math.min(left, c.x);
    top = Math.min(top, c.y);
    right = Math.max(right, c.x);
    bottom = Math.max(bottom, c.y);
  }
  const rect = { x: left, y: top, width: right - left + 1, height: bottom - top + 1 };
  const gids = new Uint32Array(rect.width * rect.height);
  const bits = new Uint8Array(Math.ceil(gids.length / 8));
  for (const c of cells) {
    const i = (c.y - top) * rect.width + (c.x - left);
    gids[i] = c.gid;
    bits[i >> 3] |= 1 << (i & 7);
  }
  return regionOp(layerId, rect, gids, encodeMask(bits));
}
