import assert from 'node:assert/strict';
import { test } from 'node:test';
import { FLIP_D, FLIP_H, FLIP_V } from '../model/gid.js';
import { apply } from '../model/ops.js';
import { fillRectOp, floodFillCells, spanRect, Stamp } from '../model/stamp.js';
import { newMap } from './support.js';

test('a stamp picked from a tileset holds the tiles of the dragged rectangle, in any drag direction', () => {
  const stamp = Stamp.fromTileset(1, 4, 10, 3, 2, 2, 1); // columns 2..3, rows 1..2 of a 4-column, 10-tile tileset
  assert.equal(stamp.width, 2);
  assert.equal(stamp.height, 2);
  assert.deepEqual(Array.from(stamp.gids), [7, 8, 0, 0], 'tiles 10 and 11 do not exist: empty');
});

test('X, Y and Z turn the stamp as a whole and each tile with it', () => {
  const stamp = new Stamp(2, 1, [1, 2]);
  const x = stamp.flippedHorizontally();
  assert.deepEqual(Array.from(x.gids), [(2 | FLIP_H) >>> 0, (1 | FLIP_H) >>> 0]);
  assert.deepEqual(Array.from(x.flippedHorizontally().gids), [1, 2], 'twice is nothing');
  const z = stamp.rotatedClockwise();
  assert.equal(z.width, 1);
  assert.equal(z.height, 2);
  assert.deepEqual(Array.from(z.gids), [(1 | FLIP_D | FLIP_H) >>> 0, (2 | FLIP_D | FLIP_H) >>> 0]);
  const full = z.rotatedClockwise().rotatedClockwise().rotatedClockwise();
  assert.deepEqual(Array.from(full.gids), [1, 2], 'four turns are nothing');
  const y = new Stamp(1, 2, [1, 2]).flippedVertically();
  assert.deepEqual(Array.from(y.gids), [(2 | FLIP_V) >>> 0, (1 | FLIP_V) >>> 0]);
  assert.deepEqual(Array.from(Stamp.of(0).rotatedClockwise().gids), [0], 'empty stays empty');
});

test('a stamp paints its non-empty tiles, clipped to the map', () => {
  const map = newMap();
  const cells = new Stamp(2, 2, [1, 0, 3, 4]).cellsAt(map, 19, 10);
  assert.deepEqual(cells, [{ x: 19, y: 10, gid: 1 }, { x: 19, y: 11, gid: 3 }]);
});

test('the rectangle tool repeats the stamp from the corner, and the span clips to the map', () => {
  const map = newMap();
  assert.deepEqual(spanRect(map, 5, 9, -3, 20), { x: 0, y: 9, width: 6, height: 3 });
  assert.equal(spanRect(map, 30, 0, 25, 3), null);
  const op = fillRectOp(1, { x: 1, y: 1, width: 3, height: 2 }, new Stamp(2, 1, [5, 6]));
  assert.deepEqual(op, { type: 'putRegion', layerId: 1, x: 1, y: 1, width: 3, height: 2, gids: [5, 6, 5, 5, 6, 5] });
  assert.equal(fillRectOp(1, { x: 0, y: 0, width: 4, height: 4 }, Stamp.of(9)).type, 'fillRect');
});

test('the bucket fills exactly the 4-connected region of the clicked gid', () => {
  const map = newMap({ width: 6, height: 5 });
  // a wall of 2 splits the map; (5, 0) touches the left part only diagonally
  apply(map, { type: 'putRegion', layerId: 1, x: 0, y: 0, width: 6, height: 5, gids: [
    0, 0, 2, 0, 0, 0,
    0, 0, 2, 0, 0, 0,
    2, 2, 2, 0, 2, 2,
    0, 0, 0, 2, 0, 0,
    0, 0, 0, 2, 0, 0,
  ] });
  const layer = map.layer(1);
  const cells = floodFillCells(map, layer, 0, 0, Stamp.of(7), 1000);
  assert.deepEqual(cells.map((c) => `${c.x},${c.y}`).sort(), ['0,0', '0,1', '1,0', '1,1']);
  const right = floodFillCells(map, layer, 3, 0, new Stamp(2, 1, [7, 8]), 1000);
  assert.equal(right.length, 7, "rows 0-1 of columns 3-5, and (3, 2)");
  assert.ok(right.every((c) => c.gid === ((c.x - 3) % 2 === 0 ? 7 : 8)), 'the stamp repeats from the clicked cell');
  assert.equal(floodFillCells(map, layer, 0, 4, Stamp.of(7), 3), null, 'past the limit: nothing');
  assert.deepEqual(floodFillCells(map, layer, 2, 0, Stamp.of(2), 1000), [], 'the same gid again changes nothing');
});
