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
