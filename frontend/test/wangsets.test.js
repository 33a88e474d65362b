// The Wang set editor's rules: which part a click on a tile means, giving a part a terrain, removing a terrain.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assign, nearestPart, withoutColor } from '../editor/wangsets.js';

test('a click means the nearest part the set type has', () => {
  assert.equal(nearestPart('corner', 0.9, 0.1), 1, 'top-right corner');
  assert.equal(nearestPart('corner', 0.2, 0.8), 5, 'bottom-left corner');
  assert.equal(nearestPart('corner', 0.5, 0.1), 1, 'a corner set has no top edge: the first nearest corner');
  assert.equal(nearestPart('edge', 0.5, 0.1), 0, 'top edge');
  assert.equal(nearestPart('edge', 0.1, 0.1), 0, 'an edge set has no corners: top before left on a tie');
  assert.equal(nearestPart('edge', 0.05, 0.5), 6, 'left edge');
  assert.equal(nearestPart('mixed', 0.95, 0.95), 3, 'a mixed set has both');
  assert.equal(nearestPart('mixed', 0.5, 0.95), 4);
});

test('a part takes a terrain; a tile left with none leaves the set; the set given is not changed', () => {
  const set = { type: 'corner', colors: [{}, {}], tiles: { 3: [0, 1, 0, 1, 0, 1, 0, 1] } };
  const once = assign(set, 5, 7, 2);
  assert.deepEqual(once.tiles[5], [0, 0, 0, 0, 0, 0, 0, 2]);
  assert.deepEqual(set.tiles[5], undefined);
  const cleared = assign(once, 5, 7, 0);
  assert.equal(cleared.tiles[5], undefined);
  assert.deepEqual(assign(set, 3, 1, 2).tiles[3], [0, 2, 0, 1, 0, 1, 0, 1]);
});

test('removing a terrain clears its parts and numbers the later terrains down', () => {
  const set = { type: 'corner', colors: [{ name: 'a' }, { name: 'b' }, { name: 'c' }],
    tiles: { 0: [0, 2, 0, 2, 0, 2, 0, 2], 1: [0, 1, 0, 2, 0, 3, 0, 3] } };
  const without = withoutColor(set, 2);
  assert.deepEqual(without.colors.map((c) => c.name), ['a', 'c']);
  assert.equal(without.tiles[0], undefined, 'a tile of only the removed terrain leaves the set');
  assert.deepEqual(without.tiles[1], [0, 1, 0, 0, 0, 2, 0, 2]);
});
