// Stamps: a rectangle of gids the brush paints (picked from a tileset, copied from a layer), turned and flipped
// as Tiled does with X, Y and Z; and the cells a tool writes with one: a stamp at a place, a rectangle tiled with
// it, a bucket fill of a connected region.

import { flipHorizontally, flipVertically, rotateClockwise } from './gid.js';

export class Stamp {
  /** @param {number} width @param {number} height @param {ArrayLike<number>} gids row-major, 0 paints nothing */
  constructor(width, height, gids) {
    if (!(width >= 1 && height >= 1) || gids.length !== width * height) {
      throw new Error(`a ${width}x${height} stamp takes ${width * height} gids, got ${gids.length}`);
    }
    this.width = width;
    this.height = height;
    this.gids = Uint32Array.from(gids);
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

  /** A rectangle of a tile layer. */
  static fromLayer(layer, rect) {
    return new Stamp(rect.width, rect.height, layer.read(rect));
  }

  get(x, y) {
    return this.gids[y * this.width + x];
  }

  isEmpty() {
    return this.gids.every((g) => g === 0);
  }

  /** Mirrored left to right (X). */
  flippedHorizontally() {
    const out = new Uint32Array(this.gids.length);
    for (let y = 0; y < this.height; y++) {
      for (let x = 0; x < this.width; x++) out[y * this.width + x] = flipHorizontally(this.get(this.width - 1 - x, y));
    }
    return new Stamp(this.width, this.height, out);
  }

  /** Mirrored top to bottom (Y). */
  flippedVertically() {
    const out = new Uint32Array(this.gids.length);
    for (let y = 0; y < this.height; y++) {
      for (let x = 0; x < this.width; x++) out[y * this.width + x] = flipVertically(this.get(x, this.height - 1 - y));
    }
    return new Stamp(this.width, this.height, out);
  }

  /** Turned 90 degrees clockwise (Z). */
  rotatedClockwise() {
    const width = this.height;
    const height = this.width;
    const out = new Uint32Array(this.gids.length);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) out[y * width + x] = rotateClockwise(this.get(y, this.height - 1 - x));
    }
    return new Stamp(width, height, out);
  }

  /** The cells this stamp writes with its top-left at (x, y), clipped to the map; empty stamp cells write nothing. */
  cellsAt(map, x, y) {
    const cells = [];
    for (let sy = 0; sy < this.height; sy++) {
      for (let sx = 0; sx < this.width; sx++) {
        const gid = this.get(sx, sy);
        if (gid !== 0 && map.inside(x + sx, y + sy)) cells.push({ x: x + sx, y: y + sy, gid });
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

/** The rectangle two corner tiles span (any order), clipped to the map, or null when it misses the map. */
export function spanRect(map, x0, y0, x1, y1) {
  const left = Math.max(0, Math.min(x0, x1));
  const top = Math.max(0, Math.min(y0, y1));
  const right = Math.min(map.width - 1, Math.max(x0, x1));
  const bottom = Math.min(map.height - 1, Math.max(y0, y1));
  return right < left || bottom < top ? null : { x: left, y: top, width: right - left + 1, height: bottom - top + 1 };
}

/** A rectangle filled with the stamp repeated from its top-left corner, as one putRegion op. */
export function fillRectOp(layerId, rect, stamp) {
  const gids = new Array(rect.width * rect.height);
  for (let y = 0; y < rect.height; y++) {
    for (let x = 0; x < rect.width; x++) gids[y * rect.width + x] = stamp.tiledAt(0, 0, x, y);
  }
  if (stamp.width === 1 && stamp.height === 1) {
    return { type: 'fillRect', layerId, x: rect.x, y: rect.y, width: rect.width, height: rect.height, gid: stamp.gids[0] };
  }
  return { type: 'putRegion', layerId, x: rect.x, y: rect.y, width: rect.width, height: rect.height, gids };
}

/**
 * The bucket fill from (x, y): every cell 4-connected to it holding the same gid, painted with the stamp repeated
 * from (x, y). Gives up past {@code limit} cells (returns null), so a click on a huge empty map stays cheap.
 */
export function floodFillCells(map, layer, x, y, stamp, limit) {
  if (!map.inside(x, y)) return [];
  const target = layer.get(x, y);
  const seen = new Uint8Array(map.width * map.height);
  const stack = [x, y];
  seen[y * map.width + x] = 1;
  const cells = [];
  while (stack.length > 0) {
    const cy = stack.pop();
    const cx = stack.pop();
    const gid = stamp.tiledAt(x, y, cx, cy);
    if (gid !== target) cells.push({ x: cx, y: cy, gid });
    if (cells.length > limit) return null;
    for (const [nx, ny] of [[cx + 1, cy], [cx - 1, cy], [cx, cy + 1], [cx, cy - 1]]) {
      if (map.inside(nx, ny) && seen[ny * map.width + nx] === 0 && layer.get(nx, ny) === target) {
        seen[ny * map.width + nx] = 1;
        stack.push(nx, ny);
      }
    }
  }
  return cells;
}
