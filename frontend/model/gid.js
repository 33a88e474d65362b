// Tiled's global tile ids: 0 is empty; the top bits flip a tile (horizontal, vertical, anti-diagonal) and the rest
// is the id. Gids are kept as unsigned 32-bit numbers in Uint32Array-compatible form (>>> 0).

export const EMPTY = 0;
export const FLIP_H = 0x80000000;
export const FLIP_V = 0x40000000;
export const FLIP_D = 0x20000000;
/** On a hexagonal map: turned by 120 degrees (the diagonal bit there turns by 60). */
export const ROTATE_120 = 0x10000000;
export const FLAGS = 0xf0000000;
export const ID_MASK = 0x0fffffff;

/** @param {number} gid */
export function tileId(gid) {
  return (gid & ID_MASK) >>> 0;
}

/** @param {number} gid */
export function flags(gid) {
  return (gid & FLAGS) >>> 0;
}

/** @param {number} id @param {number} bits */
export function withFlags(id, bits) {
  return ((id & ID_MASK) | bits) >>> 0;
}

// Turning a tile: the flags a 90-degree clockwise turn or a flip gives. Tiled draws a tile by transposing it first
// (the diagonal flag), then mirroring the result (horizontal, vertical), so mirroring what is shown toggles one
// flag whatever the diagonal one is, and a turn is a transpose plus a mirror.

/** The gid turned 90 degrees clockwise. @param {number} gid */
export function rotateClockwise(gid) {
  if (gid === EMPTY) return gid;
  const h = (gid & FLIP_H) !== 0;
  const v = (gid & FLIP_V) !== 0;
  const d = (gid & FLIP_D) !== 0;
  // clockwise: (d, h, v) -> (!d, !v, h)
  return withFlags(tileId(gid), (d ? 0 : FLIP_D) | (v ? 0 : FLIP_H) | (h ? FLIP_V : 0));
}

/** The gid mirrored left to right. @param {number} gid */
export function flipHorizontally(gid) {
  if (gid === EMPTY) return gid;
  return (gid ^ FLIP_H) >>> 0;
}

/** The gid mirrored top to bottom. @param {number} gid */
export function flipVertically(gid) {
  if (gid === EMPTY) return gid;
  return (gid ^ FLIP_V) >>> 0;
}

// Turning a tile on a hexagonal map, as Tiled does: its flags as H<<3 | V<<2 | D<<1 | R120 (the diagonal bit turning
// by 60 degrees there, ROTATE_120 by 120), each table giving the flags after a 60-degree clockwise turn or a mirror
// (the figures of Tiled's libtiled tile layer, so a tile turned here shows as Tiled shows it).
const HEX_TURN = [2, 12, 1, 14, 6, 8, 5, 10, 10, 4, 9, 0, 14, 0, 13, 2];
const HEX_MIRROR_X = [8, 6, 5, 4, 12, 2, 1, 0, 0, 14, 13, 12, 4, 10, 9, 8];
const HEX_MIRROR_Y = [4, 10, 9, 8, 0, 14, 13, 12, 12, 2, 1, 0, 8, 6, 5, 4];

function hexTurned(gid, table) {
  if (gid === EMPTY) return gid;
  const m = ((gid & FLIP_H) ? 8 : 0) | ((gid & FLIP_V) ? 4 : 0) | ((gid & FLIP_D) ? 2 : 0) | ((gid & ROTATE_120) ? 1 : 0);
  const t = table[m];
  return withFlags(tileId(gid), ((t & 8) ? FLIP_H : 0) | ((t & 4) ? FLIP_V : 0) | ((t & 2) ? FLIP_D : 0)
    | ((t & 1) ? ROTATE_120 : 0));
}

/** On a hexagonal map: the gid turned 60 degrees clockwise. @param {number} gid */
export function hexRotateClockwise(gid) {
  return hexTurned(gid, HEX_TURN);
}

/** On a hexagonal map: the gid mirrored left to right. @param {number} gid */
export function hexFlipHorizontally(gid) {
  return hexTurned(gid, HEX_MIRROR_X);
}

/** On a hexagonal map: the gid mirrored top to bottom. @param {number} gid */
export function hexFlipVertically(gid) {
  return hexTurned(gid, HEX_MIRROR_Y);
}
