// Chunk packs: a map's tile layer chunks as the server sends them to the editor (GET /api/v1/maps/{id}/chunks,
// gzip-encoded on the wire, which the browser inflates natively; format/ChunkPack says the bytes). A chunk of cells
// comes as its 64x64 Uint32Array gids (a view of the bytes where the machine is little-endian, as every browser's
// is); an empty one and one of a single gid as `gid` (0 for empty) with no array, so a layer can share one array for
// all of them (TileLayer.loadChunk). Both sides are held to src/test/resources/fixtures/chunkpack.

import { CHUNK } from './tilemap.js';

const CELLS = CHUNK * CHUNK;
const LITTLE = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

export class ChunkPackError extends Error {}

/**
 * @param {ArrayBuffer} buffer
 * @returns {{version: number, chunks: {layerId: number, cx: number, cy: number, kind: number, gids: Uint32Array|null,
 *   gid: number}[]}}
 */
export function readChunkPack(buffer) {
  const view = new DataView(buffer);
  const bytes = new Uint8Array(buffer);
  if (bytes.length < 16 || String.fromCharCode(...bytes.subarray(0, 4)) !== 'TWCP') {
    throw new ChunkPackError('not a chunk pack');
  }
  const version = Number(view.getBigInt64(4, true));
  const count = view.getUint32(12, true);
  const chunks = [];
  let at = 16;
  for (let i = 0; i < count; i++) {
    if (at + 16 > bytes.length) throw new ChunkPackError('the pack ends early');
    const layerId = view.getInt32(at, true);
    const cx = view.getInt32(at + 4, true);
    const cy = view.getInt32(at + 8, true);
    const kind = view.getInt32(at + 12, true);
    at += 16;
    let gids = null;
    let gid = 0;
    if (kind === 1) {
      if (at + 4 > bytes.length) throw new ChunkPackError('the pack ends early');
      gid = view.getUint32(at, true);
      at += 4;
    } else if (kind === 2) {
      if (at + CELLS * 4 > bytes.length) throw new ChunkPackError('the pack ends early');
      if (LITTLE) {
        gids = new Uint32Array(buffer, at, CELLS);
      } else {
        gids = new Uint32Array(CELLS);
        for (let c = 0; c < CELLS; c++) gids[c] = view.getUint32(at + c * 4, true);
      }
      at += CELLS * 4;
    } else if (kind !== 0) {
      throw new ChunkPackError(`chunk kind ${kind} is not 0, 1 or 2`);
    }
    chunks.push({ layerId, cx, cy, kind, gids, gid });
  }
  return { version, chunks };
}
