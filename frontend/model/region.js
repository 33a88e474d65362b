// The two forms of a region's gids, as the server's core/edit/PutRegion takes them: inline `gids` for a small region,
// `data` (Tiled's base64 + zlib layer data: little-endian uint32 gids, zlib, base64) for one of more than
// INLINE_LIMIT cells, and the optional `mask` (one bit per cell, row-major, lowest bit of each byte first; zlib,
// base64) naming the cells a region writes. A region always travels, waits in storage and sits in undo history in the
// compact form, so a 4096x4096 fill is a few hundred kilobytes, not a list of 16 million numbers.

import { InvalidOp } from './invalid.js';
import { deflate, fromBase64, inflate, toBase64, ZlibError } from './zlib.js';

export const INLINE_LIMIT = 256;

const LITTLE_ENDIAN = new Uint8Array(Uint32Array.of(1).buffer)[0] === 1;

/**
 * A putRegion op, compact when large.
 * @param {number} layerId
 * @param {{x:number, y:number, width:number, height:number}} rect
 * @param {Uint32Array} gids row-major
 * @param {string} [mask] as a putRegion's mask
 */
export function regionOp(layerId, rect, gids, mask) {
  const op = { type: 'putRegion', layerId, x: rect.x, y: rect.y, width: rect.width, height: rect.height };
  if (gids.length > INLINE_LIMIT) {
    op.data = encodeGids(gids);
    made.set(op, gids);
  } else {
    op.gids = Array.from(gids);
  }
  if (mask !== undefined) op.mask = mask;
  return op;
}

/**
 * The gids of regions made here, by op: applying one locally (this tab's own edit) need not inflate what it just
 * deflated. An op that came over the wire or out of storage is another object, decoded from its data.
 */
const made = new WeakMap();

export function encodeGids(gids) {
  const bytes = new Uint8Array(gids.length * 4);
  if (LITTLE_ENDIAN) {
    bytes.set(new Uint8Array(gids.buffer, gids.byteOffset, gids.length * 4));
  } else {
    const view = new DataView(bytes.buffer);
    for (let i = 0; i < gids.length; i++) view.setUint32(i * 4, gids[i], true);
  }
  return toBase64(deflate(bytes));
}

/** A putRegion's gids (either form), exactly `area` of them, unchecked against the map. @returns {Uint32Array} */
export function regionGids(op, area) {
  if ((op.gids === undefined) === (op.data === undefined)) {
    throw new InvalidOp('gids', "give a region's gids either as gids or as data, not both or neither");
  }
  if (op.gids !== undefined) {
    if (!Array.isArray(op.gids) || op.gids.length !== area) {
      throw new InvalidOp('gids', `a ${op.width}x${op.height} region takes ${area} gids`);
    }
    return null;
  }
  const known = made.get(op);
  if (known !== undefined && known.length === area) return known;
  const bytes = decoded(op.data, 'data', area * 4);
  if (LITTLE_ENDIAN) return new Uint32Array(bytes.buffer, bytes.byteOffset, area);
  const view = new DataView(bytes.buffer);
  return Uint32Array.from({ length: area }, (_, i) => view.getUint32(i * 4, true));
}

/** A putRegion's mask as bits (null without one). @returns {Uint8Array|null} */
export function regionMask(op, area) {
  if (op.mask === undefined) return null;
  return decoded(op.mask, 'mask', Math.ceil(area / 8));
}

/** Whether a mask's bits hold cell i. */
export function masked(bits, i) {
  return ((bits[i >> 3] >> (i & 7)) & 1) !== 0;
}

/** A mask's compact form from its bits. @param {Uint8Array} bits */
export function encodeMask(bits) {
  return toBase64(deflate(bits));
}

function decoded(text, field, bytes) {
  if (typeof text !== 'string') throw new InvalidOp(field, `${field} is base64 + zlib text`);
  try {
    return inflate(fromBase64(text), bytes);
  } catch (e) {
    if (e instanceof ZlibError) throw new InvalidOp(field, `${field}: ${e.message}`);
    throw e;
  }
}
