import assert from 'node:assert/strict';
import { test } from 'node:test';
import { deflateSync, inflateSync, constants } from 'node:zlib';
import { deflate, fromBase64, inflate, toBase64, ZlibError } from '../model/zlib.js';
import { random } from './support.js';

/** Tile-like data: runs, a repeated stamp, noise, and the edge cases of a match's length and distance. */
function samples() {
  const next = random(7);
  const gids = (n, f) => new Uint8Array(Uint32Array.from({ length: n }, (_, i) => f(i)).buffer);
  return {
    empty: new Uint8Array(0),
    one: new Uint8Array([5]),
    zeros: new Uint8Array(300000),
    run: gids(70000, () => 0x80000005),
    stamp: gids(50000, (i) => [1, 2, 3, 4, 5, 6][(i % 3) + 3 * (Math.floor(i / 300) % 2)]),
    noise: Uint8Array.from({ length: 70000 }, () => Math.floor(next() * 256)),
    sparse: gids(100000, () => (next() < 0.05 ? 1 + Math.floor(next() * 40) : 0)),
    far: (() => {
      const bytes = Uint8Array.from({ length: 80000 }, () => Math.floor(next() * 256));
      bytes.copyWithin(32768 + 5000, 5000, 5300); // a match exactly 32768 back
      return bytes;
    })(),
  };
}

test('what deflate() writes, zlib reads back exactly', () => {
  for (const [name, bytes] of Object.entries(samples())) {
    const packed = deflate(bytes);
    assert.deepEqual(new Uint8Array(inflateSync(packed)), bytes, name);
  }
});

test('inflate() reads what zlib writes at every level and strategy (stored, fixed and dynamic blocks)', () => {
  const options = [{ level: 0 }, { level: 1 }, { level: 9 }, { strategy: constants.Z_FIXED },
    { strategy: constants.Z_HUFFMAN_ONLY }, { strategy: constants.Z_RLE }];
  for (const [name, bytes] of Object.entries(samples())) {
    for (const option of options) {
      const packed = new Uint8Array(deflateSync(bytes, option));
      assert.deepEqual(inflate(packed, bytes.length), bytes, `${name} ${JSON.stringify(option)}`);
    }
  }
});

test('runs shrink as a region of tiles needs: 1024x1024 of one gid is a few kilobytes', () => {
  const bytes = new Uint8Array(Uint32Array.from({ length: 1024 * 1024 }, () => 7).buffer);
  const packed = deflate(bytes);
  assert.ok(packed.length < 8000, `${packed.length} bytes`);
  assert.deepEqual(inflate(packed, bytes.length), bytes);
});

test('codes made for each block: noisy tiles come out about as small as zlib makes them at its fastest', () => {
  const next = random(5);
  // a pasted selection: a checkerboard of noise among a few gids and a repeating pattern
  const gids = Uint32Array.from({ length: 512 * 512 }, (_, i) => {
    const x = i % 512;
    const y = Math.floor(i / 512);
    return ((x >> 3) + (y >> 3)) % 2 === 0 ? 1 + Math.floor(next() * 3) : 5 + (x % 3);
  });
  const bytes = new Uint8Array(gids.buffer);
  const ours = deflate(bytes).length;
  const zlib = deflateSync(bytes, { level: 1 }).length;
  assert.ok(ours < zlib * 1.3, `${ours} bytes against zlib's ${zlib}`);
});

test('inflate() stops at the size it expects: a bomb, a truncated stream, a bad checksum, not zlib', () => {
  const bomb = new Uint8Array(deflateSync(new Uint8Array(10_000_000), { level: 9 }));
  assert.ok(bomb.length < 20000);
  assert.throws(() => inflate(bomb, 4096), (e) => e instanceof ZlibError && /more than the 4096 bytes/.test(e.message));
  const data = new Uint8Array(Uint32Array.from({ length: 1000 }, (_, i) => i).buffer);
  const packed = deflate(data);
  assert.throws(() => inflate(packed, data.length + 4), ZlibError, 'shorter than expected');
  assert.throws(() => inflate(packed.subarray(0, packed.length - 10), data.length), ZlibError, 'truncated');
  const broken = packed.slice();
  broken[broken.length - 1] ^= 1;
  assert.throws(() => inflate(broken, data.length), /checksum/);
  assert.throws(() => inflate(new Uint8Array([1, 2, 3, 4, 5, 6, 7]), 10), /header/);
});

test('base64 round trip, and what is not base64 is refused', () => {
  const bytes = Uint8Array.from({ length: 100001 }, (_, i) => (i * 31) & 0xff);
  assert.deepEqual(fromBase64(toBase64(bytes)), bytes);
  assert.equal(toBase64(bytes), Buffer.from(bytes).toString('base64'));
  assert.throws(() => fromBase64('not base64!'), ZlibError);
});
