// The editor reads chunk packs as the server writes them: src/test/resources/fixtures/chunkpack/pack.json (the
// server's ChunkPackTest reads the same file).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { readChunkPack, ChunkPackError } from '../model/chunkpack.js';
import { TileLayer } from '../model/tilemap.js';

const FIXTURE = JSON.parse(readFileSync(fileURLToPath(
  new URL('../../src/test/resources/fixtures/chunkpack/pack.json', import.meta.url)), 'utf8'));

function bytes(base64) {
  const buffer = Buffer.from(base64, 'base64');
  return buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.length);
}

test('a chunk pack reads as the fixture says, and loads into a layer', () => {
  const pack = readChunkPack(bytes(FIXTURE.pack));
  assert.equal(pack.version, FIXTURE.version);
  assert.equal(pack.chunks.length, FIXTURE.chunks.length);
  const layer = new TileLayer(3, { name: 'g' }, 100, 130);
  FIXTURE.chunks.forEach((expected, i) => {
    const chunk = pack.chunks[i];
    assert.deepEqual([chunk.layerId, chunk.cx, chunk.cy, chunk.kind],
      [expected.layerId, expected.cx, expected.cy, expected.kind]);
    const cells = new Uint32Array(4096);
    if (typeof expected.cells === 'string') cells.fill(Number(expected.cells.slice(4)));
    else for (const [at, gid] of expected.cells) cells[at] = gid;
    assert.deepEqual(chunk.gids ?? new Uint32Array(4096).fill(chunk.gid), cells, `chunk ${i}`);
    layer.loadChunk(chunk.cx, chunk.cy, chunk.gids, chunk.gid);
  });
  assert.equal(layer.get(65, 1), 7);
  assert.equal(layer.get(63, 127), 2147483653);
  assert.equal(layer.get(1, 129), 3);
  assert.equal(layer.get(0, 0), 0);
});

test('chunks of one gid share an array until one of them is written', () => {
  const layer = new TileLayer(1, { name: 'g' }, 200, 130);
  layer.loadChunk(0, 0, null, 9);
  layer.loadChunk(1, 0, null, 9);
  layer.loadChunk(3, 0, null, 9); // at the layer's edge: only its cells inside hold 9
  assert.equal(layer.chunks[0], layer.chunks[1], 'one array for both');
  layer.set(5, 5, 2);
  assert.equal(layer.get(5, 5), 2);
  assert.equal(layer.get(69, 5), 9, 'the other chunk is untouched');
  assert.notEqual(layer.chunks[0], layer.chunks[1]);
  layer.fill({ x: 64, y: 0, width: 3, height: 1 }, 4);
  assert.deepEqual([layer.get(64, 0), layer.get(67, 0), layer.get(5, 5)], [4, 9, 2]);
  layer.write({ x: 100, y: 1, width: 2, height: 1 }, [1, 1]);
  assert.equal(layer.get(199, 63), 9);
  assert.equal(layer.get(200, 63), 0);
  const copy = layer.copy();
  copy.set(199, 63, 3);
  assert.equal(layer.get(199, 63), 9, 'a copy writes its own');
});

test('a fill that covers chunks whole shares one array among them, and reads back as any fill', () => {
  const layer = new TileLayer(1, { name: 'g' }, 300, 200);
  const plain = new TileLayer(1, { name: 'g' }, 300, 200);
  const fills = [[{ x: 0, y: 0, width: 300, height: 200 }, 5], [{ x: 10, y: 60, width: 200, height: 100 }, 7],
    [{ x: 64, y: 64, width: 128, height: 64 }, 0], [{ x: 0, y: 0, width: 64, height: 64 }, 7]];
  for (const [r, gid] of fills) {
    layer.fill(r, gid);
    for (let y = r.y; y < r.y + r.height; y++) for (let x = r.x; x < r.x + r.width; x++) plain.set(x, y, gid);
  }
  for (let y = 0; y < 200; y++) for (let x = 0; x < 300; x++) assert.equal(layer.get(x, y), plain.get(x, y), `${x},${y}`);
  layer.fill({ x: 0, y: 0, width: 300, height: 200 }, 9);
  const whole = layer.chunks.filter((c, i) => (i % layer.chunksX + 1) * 64 <= 300 && (Math.floor(i / layer.chunksX) + 1) * 64 <= 200);
  assert.equal(new Set(whole).size, 1, 'every whole chunk holds the one array of 9');
});

test('a truncated or foreign pack is refused', () => {
  const whole = bytes(FIXTURE.pack);
  assert.throws(() => readChunkPack(whole.slice(0, whole.byteLength - 20)), Error);
  assert.throws(() => readChunkPack(new Uint8Array(20).buffer), ChunkPackError);
});
