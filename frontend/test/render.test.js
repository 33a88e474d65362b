import { test } from 'node:test';
import assert from 'node:assert/strict';
import { alignmentPoint } from '../render/tilesets.js';

test('a tile object sits on its position by the point its tileset aligns it at, bottom-left by default', () => {
  assert.deepEqual(alignmentPoint(undefined), [0, 1]);
  assert.deepEqual(alignmentPoint('unspecified'), [0, 1]);
  assert.deepEqual(alignmentPoint('bottomleft'), [0, 1]);
  assert.deepEqual(alignmentPoint('topleft'), [0, 0]);
  assert.deepEqual(alignmentPoint('center'), [0.5, 0.5]);
  assert.deepEqual(alignmentPoint('bottom'), [0.5, 1]);
  assert.deepEqual(alignmentPoint('right'), [1, 0.5]);
});

test('an object layer drawn topdown draws its objects sorted by y, ties as listed; index as listed', async () => {
  const { drawnObjects } = await import('../model/tilemap.js');
  const objects = [{ id: 1, y: 30 }, { id: 2, y: 10 }, { id: 3, y: 30 }, { id: 4, y: 5 }];
  assert.deepEqual(drawnObjects({ attributes: { drawOrder: 'topdown' }, objects }).map((o) => o.id), [4, 2, 1, 3]);
  assert.deepEqual(drawnObjects({ attributes: { drawOrder: 'index' }, objects }).map((o) => o.id), [1, 2, 3, 4]);
});
