// The terrain brush against the server's: both paint the strokes of every case in
// src/test/resources/fixtures/terrain/ (the server's TerrainFixturesTest runs the same files) and must leave exactly
// the expected grid.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { paintTerrain, WangTiles, unit } from '../model/terrain.js';

const DIR = fileURLToPath(new URL('../../src/test/resources/fixtures/terrain/', import.meta.url));

/** A case's grid as the brush reads it, with the results of each stroke applied. */
function grid(c) {
  const gids = Uint32Array.from(c.cells);
  return { width: c.width, height: c.height, gids, gid: (x, y) => gids[y * c.width + x] };
}

export function tilesOf(c) {
  return WangTiles.of(c.wangSet, c.firstGid, (id) => c.probabilities[id] ?? 1, c.transformations);
}

const files = readdirSync(DIR).filter((f) => f.endsWith('.json')).sort();

test('there are terrain cases to run', () => {
  assert.ok(files.length >= 6, `only ${files.length} cases in ${DIR}`);
});

for (const file of files) {
  test(`terrain case ${file}`, () => {
    const c = JSON.parse(readFileSync(DIR + file, 'utf8'));
    const tiles = tilesOf(c);
    const cells = grid(c);
    for (const stroke of c.strokes) {
      const result = paintTerrain(tiles, cells, stroke.cells, stroke.color, c.seed, 100_000);
      for (const { x, y, gid } of result.cells) cells.gids[y * c.width + x] = gid;
    }
    assert.deepEqual([...cells.gids], c.expect);
  });
}

test('a cell draws the same number whatever else was drawn, and different cells differ', () => {
  assert.equal(unit(7, 3, 4), unit(7, 3, 4));
  const draws = new Set();
  for (let i = 0; i < 100; i++) draws.add(unit(7, i, 0));
  assert.ok(draws.size > 95);
  for (const d of draws) assert.ok(d >= 0 && d < 1);
});

test('a colour outside the set is refused', () => {
  const c = JSON.parse(readFileSync(DIR + files[0], 'utf8'));
  assert.throws(() => paintTerrain(tilesOf(c), grid(c), [0, 0], 0, 1, 100), /color is a terrain/);
  assert.throws(() => paintTerrain(tilesOf(c), grid(c), [0, 0], tilesOf(c).colors + 1, 1, 100), /color is a terrain/);
});
