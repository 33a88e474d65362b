import { test } from 'node:test';
import assert from 'node:assert/strict';

import { framePieces, neighbourAt, neighboursOf, overlaps } from '../editor/neighbours.js';

const WORLD = {
  maps: [
    { mapId: 1, name: 'west', x: 0, y: 0, width: 160, height: 128 },
    { mapId: 2, name: 'east', x: 160, y: 0, width: 160, height: 128 },
    { mapId: 3, name: 'far', x: 5000, y: 0, width: 160, height: 128 },
    { mapId: 4, name: 'south', x: -100, y: 128, width: 500, height: 64 },
  ],
};

test('a map sees the maps of its world within the margin, placed relative to itself', () => {
  const { me, others } = neighboursOf(WORLD, 2, 512);
  assert.equal(me.name, 'east');
  assert.deepEqual(others.map((o) => `${o.name}@${o.x},${o.y}`), ['west@-160,0', 'south@-260,128']);
  assert.deepEqual(neighboursOf(WORLD, 9).others, []);
});

test('the frame around a map is cut into pieces, and only those over a neighbour are fetched', () => {
  const { me, others } = neighboursOf(WORLD, 1, 512);
  const pieces = framePieces(me, others, 512, 1024);
  assert.ok(pieces.length > 0);
  for (const piece of pieces) {
    assert.ok(piece.width <= 1024 && piece.height <= 1024);
    assert.ok(others.some((o) => overlaps(piece, o)), JSON.stringify(piece));
    assert.ok(!overlaps(piece, { x: 0, y: 0, width: me.width, height: me.height }), 'never over the map itself');
  }
  // every neighbour pixel within the margin is in some piece
  for (const [x, y] of [[170, 10], [-50, 150], [300, 190], [-100, 130]]) {
    const inNeighbour = others.some((o) => x >= o.x && y >= o.y && x < o.x + o.width && y < o.y + o.height);
    assert.equal(pieces.some((p) => x >= p.x && y >= p.y && x < p.x + p.width && y < p.y + p.height), inNeighbour,
      `${x},${y}`);
  }
  assert.deepEqual(framePieces(me, [], 512, 1024), []);
});

test('a point opens the neighbour under it, never from on the map', () => {
  const { me, others } = neighboursOf(WORLD, 1, 512);
  assert.equal(neighbourAt({ x: 200, y: 20 }, me, others).name, 'east');
  assert.equal(neighbourAt({ x: 20, y: 140 }, me, others).name, 'south');
  assert.equal(neighbourAt({ x: 20, y: 20 }, me, others), null);
  assert.equal(neighbourAt({ x: -300, y: -300 }, me, others), null);
});
