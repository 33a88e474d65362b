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
