// The terrain brush against the server's: both paint the strokes of every case in
// src/test/resources/fixtures/terrain/ (the server's TerrainFixturesTest runs the same files) and must leave exactly
// the expected grid.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { paintTerrain, terrainLayout, WangTiles, unit } from '../model/terrain.js';
import { Hexagonal, Orthogonal } from '../model/projection.js';

const DIR = fileURLToPath(new URL('../../src/test/resources/fixtures/terrain/', import.meta.url));

/** A case's grid as the brush reads it, with the results of each stroke applied. */
function grid(c) {
  const gids = Uint32Array.from(c.cells);
  return { width: c.width, height: c.height, gids, gid: (x, y) => gids[y * c.width + x] };
}

export function tilesOf(c) {
  const shape = c.cellShape;
  const projection = shape ? new Hexagonal(shape.tileWidth, shape.tileHeight, shape.staggerX, shape.staggerEven,
    shape.sideLength) : new Orthogonal(16, 16);
  return WangTiles.of(c.wangSet, c.firstGid, (id) => c.probabilities[id] ?? 1, c.transformations,
    terrainLayout(projection, c.wangSet.type));
}

const files = readdirSync(DIR).filter((f) => f.endsWith('.json')).sort();

test('there are terrain cases to run', () => {
  assert.ok(files.length >= 9, `only ${files.length} cases in ${DIR}`);
  assert.ok(files.some((f) => f.startsWith('hexagonal-')) && files.some((f) => f.startsWith('staggered-')));
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

test('a mixed set on hexagons is refused, and a hexagon has six sides', () => {
  const pointy = new Hexagonal(32, 32, false, false, 16);
  assert.throws(() => terrainLayout(pointy, 'mixed'), /corner or an edge set/);
  assert.deepEqual(terrainLayout(pointy, 'edge').parts, [1, 2, 3, 5, 6, 7]);
  assert.deepEqual(terrainLayout(new Hexagonal(32, 32, true, false, 16), 'edge').parts, [0, 1, 3, 4, 5, 7]);
  assert.deepEqual(terrainLayout(new Hexagonal(64, 32, false, true, 0), 'edge').parts, [0, 2, 4, 6]);
});
