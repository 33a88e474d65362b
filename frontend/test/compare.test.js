import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Orthogonal } from '../model/projection.js';

import { changeRegions, places } from '../history/diffs.js';

const DIFF = {
  layers: [
    { layerId: 1, cells: [
      { x: 0, y: 0, width: 64, height: 64, from: 0, to: 7 },
      { x: 70, y: 3, width: 3, height: 1, before: [0, 0, 5], after: [2, 2, 2] },
      { x: 100, y: 100, width: 2, height: 1, before: [4, 5], after: [0, 0] },
    ] },
    { layerId: 2, objectsAdded: [{ id: 9, x: 40, y: 50, width: 10, height: 10, gid: 0 }],
      objectsRemoved: [{ id: 3, x: 8, y: 32, gid: 5 }],
      objectsChanged: [{ id: 5, fields: ['x'], before: { id: 5, x: 0, y: 0 }, after: { id: 5, x: 200, y: 8, width: 4, height: 4 } }] },
  ],
};

test('a diff\'s runs and objects become regions in map pixels with their kinds, top to bottom', () => {
  const regions = changeRegions(DIFF, new Orthogonal(16, 8));
  const key = (r) => `${r.kind}@${r.x},${r.y},${r.width}x${r.height}`;
  assert.deepEqual(regions.map(key), [
    'added@0,0,1024x512',
    'changed@200,8,4x4',
    'removed@8,24,16x8',   // a tile object: its box rises from its bottom-left corner, a tile's size
    'changed@1120,24,48x8',
    'added@40,50,10x10',
    'removed@1600,800,32x8',
  ]);
});

test('the places to step through are the blocks changes touch, in reading order, each spanning its changes', () => {
  const regions = changeRegions(DIFF, new Orthogonal(16, 8));
  const steps = places(regions, new Orthogonal(16, 8));
  // blocks of 16 x 16 cells (256 x 128 px) by where each change's middle lies
  assert.deepEqual(steps.map((p) => `${p.bx},${p.by}:${p.count}`), ['0,0:3', '4,0:1', '2,2:1', '6,6:1']);
  assert.deepEqual(steps[0], { bx: 0, by: 0, x: 8, y: 8, width: 196, height: 52, count: 3 });
  assert.deepEqual(places([], new Orthogonal(16, 8)), []);
});
