// Chunk packs: a map's tile layer chunks as the server sends them to the editor (GET /api/v1/maps/{id}/chunks;
// format/ChunkPack says the bytes). A chunk of cells comes as 64x64 Uint32Array gids; an empty one and one of a
// single gid as `gid` (0 for empty) with no array, so a layer can share one array for all of them
// (TileLayer.loadChunk). Both sides are held to src/test/resources/fixtures/chunkpack.

import { inflate } from './zlib.js';
import { CHUNK } from './tilemap.js';

const CELLS = CHUNK * CHUNK;

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
    if (at + 13 > bytes.length) throw new ChunkPackError('the pack ends early');
    const layerId = view.getInt32(at, true);
    const cx = view.getInt32(at + 4, true);
    const cy = view.getInt32(at + 8, true);
    const kind = bytes[at + 12];
    at += 13;
    let gids = null;
    let gid = 0;
    if (kind === 1) {
      gid = view.getUint32(at, true);
      at += 4;
    } else if (kind === 2) {
      const length = view.getUint32(at, true);
      at += 4;
      if (at + length > bytes.length) throw new ChunkPackError('the pack ends early');
      const raw = inflate(bytes.subarray(at, at + length), CELLS * 4);
      at += length;
      const cells = new DataView(raw.buffer, raw.byteOffset, raw.byteLength);
      gids = new Uint32Array(CELLS);
      for (let c = 0; c < CELLS; c++) gids[c] = cells.getUint32(c * 4, true);
    } else if (kind !== 0) {
      throw new ChunkPackError(`chunk kind ${kind} is not 0, 1 or 2`);
    }
    chunks.push({ layerId, cx, cy, kind, gids, gid });
  }
  return { version, chunks };
}
