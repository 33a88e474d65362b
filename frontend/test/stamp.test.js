import assert from 'node:assert/strict';
import { test } from 'node:test';
import { FLIP_D, FLIP_H, FLIP_V } from '../model/gid.js';
import { apply } from '../model/ops.js';
import { cellsOp, fillRectOp, floodArea, floodFill, spanRect, Stamp, stampRegionOp } from '../model/stamp.js';
import { newMap, random } from './support.js';
import { projectionOf } from '../model/projection.js';
import { TileMap } from '../model/tilemap.js';

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
  const large = fillRectOp(1, { x: 0, y: 0, width: 20, height: 20 }, new Stamp(2, 2, [5, 6, 7, 8]));
  assert.ok(large.data.length < 200 && large.gids === undefined, 'a large one travels compact');
  const target = newMap({ width: 20, height: 20 });
  apply(target, large);
  assert.deepEqual([target.layer(1).get(0, 0), target.layer(1).get(19, 0), target.layer(1).get(1, 19)], [5, 6, 8]);
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
  const filled = (fill) => {
    const copy = map.copy();
    apply(copy, fill.op);
    const changed = [];
    for (let y = 0; y < 5; y++) {
      for (let x = 0; x < 6; x++) if (copy.layer(1).get(x, y) !== layer.get(x, y)) changed.push(`${x},${y}:${copy.layer(1).get(x, y)}`);
    }
    return changed;
  };
  const left = floodFill(map, layer, 0, 0, Stamp.of(7), 1000);
  assert.deepEqual(filled(left), ['0,0:7', '1,0:7', '0,1:7', '1,1:7']);
  assert.equal(left.cells, 4);
  const right = floodFill(map, layer, 3, 0, new Stamp(2, 1, [7, 8]), 1000);
  assert.deepEqual(filled(right), ['3,0:7', '4,0:8', '5,0:7', '3,1:7', '4,1:8', '5,1:7', '3,2:7'],
    'rows 0-1 of columns 3-5, and (3, 2); the stamp repeats from the clicked cell');
  assert.deepEqual({ x: right.op.x, y: right.op.y, width: right.op.width, height: right.op.height },
    { x: 3, y: 0, width: 3, height: 3 }, 'the bounding box; the mask leaves (4, 2) and (5, 2) alone');
  assert.equal(floodFill(map, layer, 0, 4, Stamp.of(7), 3), null, 'past the limit: nothing');
  assert.deepEqual(floodFill(map, layer, 2, 0, Stamp.of(2), 1000), { op: null, cells: 0 }, 'the same gid again changes nothing');
  // a spiral corridor: the scanlines must turn back into rows they passed
  const spiral = newMap({ width: 9, height: 9 });
  const walls = [
    1, 1, 1, 1, 1, 1, 1, 1, 1,
    0, 0, 0, 0, 0, 0, 0, 0, 1,
    1, 1, 1, 1, 1, 1, 1, 0, 1,
    1, 0, 0, 0, 0, 0, 1, 0, 1,
    1, 0, 1, 1, 1, 0, 1, 0, 1,
    1, 0, 1, 0, 0, 0, 1, 0, 1,
    1, 0, 1, 1, 1, 1, 1, 0, 1,
    1, 0, 0, 0, 0, 0, 0, 0, 1,
    1, 1, 1, 1, 1, 1, 1, 1, 1,
  ];
  apply(spiral, { type: 'putRegion', layerId: 1, x: 0, y: 0, width: 9, height: 9, gids: walls });
  const all = floodFill(spiral, spiral.layer(1), 3, 5, Stamp.of(4), 1000);
  assert.equal(all.cells, walls.filter((w) => w === 0).length, 'every open cell is reached');
  apply(spiral, all.op);
  assert.ok(spiral.layer(1).read({ x: 0, y: 0, width: 9, height: 9 }).every((g) => g !== 0));
});

test('a large stamp placed on the map is one masked region: its empty cells and what lies off the map paint nothing', () => {
  const map = newMap({ width: 40, height: 30 });
  apply(map, { type: 'fillRect', layerId: 1, x: 0, y: 0, width: 40, height: 30, gid: 3 });
  const gids = Array.from({ length: 25 * 20 }, (_, i) => (i % 7 === 0 ? 0 : 1 + (i % 5)));
  const stamp = new Stamp(25, 20, gids);
  const op = stampRegionOp(map, map.layer(1), stamp, 20, -5);
  assert.deepEqual([op.x, op.y, op.width, op.height], [20, 0, 20, 15], 'clipped to the map');
  assert.ok(typeof op.data === 'string' && typeof op.mask === 'string');
  apply(map, op);
  for (let y = 0; y < 30; y++) {
    for (let x = 0; x < 40; x++) {
      const inside = x >= 20 && y < 15;
      const gid = inside ? gids[(y + 5) * 25 + (x - 20)] : 0;
      assert.equal(map.layer(1).get(x, y), gid === 0 ? 3 : gid, `${x},${y}`);
    }
  }
  assert.equal(stampRegionOp(map, map.layer(1), stamp, 40, 0), null, 'off the map');
});

test('a flood with a likeness joins cells alike (variants of one terrain) and stops at others', () => {
  const map = newMap({ width: 6, height: 3 });
  const layer = map.layer(1);
  [[1, 2, 1, 5, 2, 2], [2, 1, 5, 5, 1, 2], [5, 5, 5, 1, 1, 1]].forEach((row, y) => row.forEach((gid, x) => layer.set(x, y, gid)));
  const alike = (gid) => gid === 1 || gid === 2;
  const flood = floodArea(map, layer, 0, 0, 100, alike);
  assert.equal(flood.area, 5, 'the 1s and 2s joined to (0, 0), not those past the 5s');
  assert.deepEqual(flood.rect, { x: 0, y: 0, width: 3, height: 2 });
  assert.equal(floodArea(map, layer, 0, 0, 100).area, 1, 'without a likeness only the same gid joins: (0, 0) alone');
  assert.equal(floodArea(map, layer, 0, 0, 4, alike), null, 'past the limit');
});

test('scattered cells go out as a paint when few and as a masked region holding exactly them when many', () => {
  const few = cellsOp(1, [{ x: 2, y: 3, gid: 4 }, { x: 9, y: 1, gid: 5 }]);
  assert.deepEqual(few, { type: 'paint', layerId: 1, cells: [{ x: 2, y: 3, gid: 4 }, { x: 9, y: 1, gid: 5 }] });
  const map = newMap({ width: 40, height: 40 });
  for (let x = 0; x < 40; x++) map.layer(1).set(x, 20, 9); // cells beside the diagonal others painted: kept
  const cells = [];
  for (let i = 0; i < 300; i++) cells.push({ x: (i * 7) % 37, y: (i * 11) % 31 + 2, gid: 1 + (i % 5) });
  const many = cellsOp(1, cells);
  assert.equal(many.type, 'putRegion');
  assert.ok(many.data !== undefined && many.mask !== undefined, 'compact: data and mask');
  const before = map.copy();
  apply(map, many);
  const wanted = new Map(cells.map((c) => [`${c.x},${c.y}`, c.gid]));
  for (let y = 0; y < 40; y++) {
    for (let x = 0; x < 40; x++) {
      assert.equal(map.layer(1).get(x, y), wanted.get(`${x},${y}`) ?? before.layer(1).get(x, y), `cell ${x},${y}`);
    }
  }
});

test('a bucket fill of a layer that holds one gid everywhere is one fillRect past any limit, undone by one fillRect', () => {
  const map = newMap({ width: 1000, height: 700 });
  const layer = map.layer(1);
  const fill = floodFill(map, layer, 500, 300, Stamp.of(4), 1000);
  assert.deepEqual(fill.op, { type: 'fillRect', layerId: 1, x: 0, y: 0, width: 1000, height: 700, gid: 4 });
  const { inverse } = apply(map, fill.op);
  assert.deepEqual(inverse, { type: 'fillRect', layerId: 1, x: 0, y: 0, width: 1000, height: 700, gid: 0 });
  assert.equal(new Set(layer.chunks.filter((c, i) => (i % layer.chunksX + 1) * 64 <= 1000
    && (Math.floor(i / layer.chunksX) + 1) * 64 <= 700)).size, 1, 'whole chunks share one array');
  layer.set(10, 10, 2);
  assert.equal(floodFill(map, layer, 500, 300, Stamp.of(5), 1000), null, 'not one gid any more: the flood and its limit');
});

test('a flood is what a plain search over the whole map finds, across chunks, and holds only the chunks it reaches', () => {
  for (let seed = 1; seed <= 40; seed++) {
    let state = seed;
    const next = (n) => { state = (state * 1103515245 + 12345) % 2147483648; return state % n; };
    const width = 60 + next(120);
    const height = 50 + next(100);
    const map = newMap({ width, height });
    const layer = map.layer(1);
    for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) if (next(10) < 3) layer.set(x, y, 1 + next(2));
    const sx = next(width);
    const sy = next(height);
    const target = layer.get(sx, sy);
    // the oracle: a breadth-first search holding a flag per cell of the map
    const seen = new Uint8Array(width * height);
    const queue = [[sx, sy]];
    seen[sy * width + sx] = 1;
    let count = 0;
    while (queue.length > 0) {
      const [x, y] = queue.pop();
      count++;
      for (const [nx, ny] of [[x - 1, y], [x + 1, y], [x, y - 1], [x, y + 1]]) {
        if (nx >= 0 && ny >= 0 && nx < width && ny < height && seen[ny * width + nx] === 0 && layer.get(nx, ny) === target) {
          seen[ny * width + nx] = 1;
          queue.push([nx, ny]);
        }
      }
    }
    const flood = floodArea(map, layer, sx, sy, width * height);
    assert.equal(flood.area, count, `seed ${seed}`);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) assert.equal(flood.inArea.has(x, y), seen[y * width + x] === 1, `seed ${seed} (${x}, ${y})`);
    }
  }
  const huge = newMap({ width: 65536, height: 65536 });
  const small = huge.layer(1);
  for (let x = 40000; x < 40010; x++) { small.set(x, 30000, 3); small.set(x, 30002, 3); }
  small.set(40000, 30001, 3);
  small.set(40009, 30001, 3);
  const ring = floodArea(huge, small, 40003, 30001, 100);
  assert.equal(ring.area, 8, 'the inside of the ring');
  assert.equal(ring.inArea.chunks.size, 1, 'one chunk of marks, not 4 GB');
});

/** A staggered or hexagonal map of 16x12 tiles. */
function staggeredMap(staggerAxis, staggerIndex, hexSideLength) {
  return new TileMap({
    id: 8, name: 'hex', width: 16, height: 12, tileWidth: 32, tileHeight: 32, orientation: hexSideLength > 0 ? 'hexagonal' : 'staggered',
    staggerAxis, staggerIndex, hexSideLength, tilesets: [{ tilesetId: 1, firstGid: 1, tileCount: 16 }],
    layers: [{ id: 1, name: 'ground', type: 'tile' }], nextLayerId: 2, nextObjectId: 1,
  });
}

/** The cells' centres on the screen, each less the first one's, with their gids: a stamp's shape. */
function shape(map, cells) {
  const p = projectionOf(map);
  const centre = (c) => {
    const box = p.cellBox(c.x, c.y);
    return [box.x + box.width / 2, box.y + box.height / 2];
  };
  const [x0, y0] = centre(cells[0]);
  return cells.map((c) => { const [x, y] = centre(c); return `${x - x0},${y - y0}:${c.gid}`; }).sort();
}

test('on staggered and hexagonal maps a stamp keeps its shape at every row and column, mirrored too', () => {
  const next = random(45);
  for (let round = 0; round < 200; round++) {
    const axis = next() < 0.5 ? 'x' : 'y';
    const map = staggeredMap(axis, next() < 0.5 ? 'odd' : 'even', next() < 0.3 ? 0 : 16);
    const layer = map.layer(1);
    const w = 1 + Math.floor(next() * 4);
    const h = 1 + Math.floor(next() * 4);
    const rect = { x: 2 + Math.floor(next() * 5), y: 2 + Math.floor(next() * 5), width: w, height: h };
    for (let y = rect.y; y < rect.y + h; y++) {
      for (let x = rect.x; x < rect.x + w; x++) apply(map, { type: 'paint', layerId: 1, cells: [{ x, y, gid: 1 + Math.floor(next() * 16) }] });
    }
    let stamp = Stamp.fromLayer(layer, rect);
    const source = stamp.cellsAt(map, rect.x, rect.y);
    assert.deepEqual(source.map((c) => c.gid), Array.from(stamp.gids), 'where it came from: the same cells');
    const tx = 1 + Math.floor(next() * 8);
    const ty = 1 + Math.floor(next() * 6);
    const placed = stamp.cellsAt(map, tx, ty);
    assert.deepEqual(shape(map, placed), shape(map, source), `${axis} axis, ${w}x${h} from ${rect.x},${rect.y} to ${tx},${ty}`);
    // the op a large stamp travels as writes the same cells
    const op = stampRegionOp(map, layer, stamp, tx, ty);
    const copy = staggeredMap(axis, map.staggerIndex, map.hexSideLength);
    apply(copy, op);
    for (const c of placed) assert.equal(copy.layer(1).get(c.x, c.y), c.gid);
    // mirrored (along the shift or across it): the mirror image of its shape, wherever it goes
    const alongShift = next() < 0.5;
    const mirrorX = alongShift === (axis === 'y');
    stamp = mirrorX ? stamp.flippedHorizontally() : stamp.flippedVertically();
    const mirrored = stamp.cellsAt(map, tx, ty).map((c) => ({ ...c, gid: c.gid & 0x1fffffff }));
    const flip = shape(map, source).map((k) => {
      const [xy, gid] = k.split(':');
      const [x, y] = xy.split(',').map(Number);
      return [mirrorX ? -x : x, mirrorX ? y : -y, gid];
    });
    const back = shape(map, mirrored).map((k) => { const [xy, gid] = k.split(':'); const [x, y] = xy.split(',').map(Number); return [x, y, gid]; });
    // compare up to a translation: both as sets of offsets from their least corner
    const norm = (list) => {
      const mx = Math.min(...list.map((a) => a[0]));
      const my = Math.min(...list.map((a) => a[1]));
      return list.map(([x, y, g]) => `${x - mx},${y - my}:${g}`).sort();
    };
    assert.equal(mirrored.length, source.length);
    assert.deepEqual(norm(back), norm(flip), `mirrored ${mirrorX ? 'x' : 'y'} on the ${axis} axis, ${w}x${h}`);
  }
});

test('on a hexagonal map a stamp turns by 60 degrees: its cells where a turned screen puts them, six turns nothing', () => {
  const next = random(46);
  for (let round = 0; round < 120; round++) {
    const axis = next() < 0.5 ? 'x' : 'y';
    // nearly regular hexagons, so a turn of the screen by 60 degrees maps cells onto cells
    const map = new TileMap({
      id: 9, name: 'turn', width: 40, height: 40, tileWidth: axis === 'y' ? 111 : 128, tileHeight: axis === 'y' ? 128 : 111,
      orientation: 'hexagonal', staggerAxis: axis, staggerIndex: next() < 0.5 ? 'odd' : 'even', hexSideLength: 64,
      tilesets: [{ tilesetId: 1, firstGid: 1, tileCount: 16 }], layers: [{ id: 1, name: 'ground', type: 'tile' }],
      nextLayerId: 2, nextObjectId: 1,
    });
    const p = projectionOf(map);
    const w = 1 + Math.floor(next() * 3);
    const h = 1 + Math.floor(next() * 3);
    const gids = Array.from({ length: w * h }, () => (next() < 0.2 ? 0 : 1 + Math.floor(next() * 15)));
    if (gids.every((g) => g === 0)) gids[0] = 1;
    const origin = { x: 10 + Math.floor(next() * 4), y: 10 + Math.floor(next() * 4) };
    const stamp = new Stamp(w, h, gids, origin);
    const at = { x: 18 + Math.floor(next() * 2), y: 18 + Math.floor(next() * 2) };
    const before = stamp.cellsAt(map, at.x, at.y);
    const turned = stamp.rotatedClockwise(p);
    const after = turned.cellsAt(map, at.x, at.y);
    assert.equal(after.length, before.length);
    // each cell's centre turned 60 degrees clockwise about the first cell's lands in a cell of the turned stamp
    const centre = (c) => { const b = p.cellBox(c.x, c.y); return [b.x + b.width / 2, b.y + b.height / 2]; };
    const [px, py] = centre(before[0]);
    const cos = Math.cos(Math.PI / 3);
    const sin = Math.sin(Math.PI / 3);
    const expected = before.map((c) => {
      const [x, y] = centre(c);
      const t = p.tileAt(px + (x - px) * cos - (y - py) * sin, py + (x - px) * sin + (y - py) * cos);
      return [t.x, t.y];
    });
    // a shape: the cells' centres on the screen, less their least x and y
    const norm = (list) => {
      const cs = list.map(([x, y]) => centre({ x, y }));
      const x0 = Math.min(...cs.map((c) => c[0]));
      const y0 = Math.min(...cs.map((c) => c[1]));
      return cs.map(([x, y]) => `${Math.round(x - x0)},${Math.round(y - y0)}`).sort();
    };
    assert.deepEqual(norm(after.map((c) => [c.x, c.y])), norm(expected), `${axis} axis, ${w}x${h} ${gids}`);
    let six = stamp;
    for (let i = 0; i < 6; i++) six = six.rotatedClockwise(p);
    assert.deepEqual(six.cellsAt(map, at.x, at.y).map((c) => c.gid).sort(), before.map((c) => c.gid).sort(),
      'six turns: every tile as it was');
    assert.deepEqual(norm(six.cellsAt(map, at.x, at.y).map((c) => [c.x, c.y])), norm(before.map((c) => [c.x, c.y])));
  }
});

test('a hexagonal tile mirrors and turns as Tiled turns it there', async () => {
  const { hexRotateClockwise, hexFlipHorizontally, hexFlipVertically, FLIP_D, ROTATE_120, FLIP_H, FLIP_V } = await import('../model/gid.js');
  let g = 5;
  const seen = new Set();
  for (let i = 0; i < 6; i++) {
    seen.add(g);
    g = hexRotateClockwise(g);
  }
  assert.equal(g, 5, 'six turns of 60 degrees are none');
  assert.equal(seen.size, 6, 'each turn shows the tile another way');
  assert.equal(hexRotateClockwise(5), (5 | FLIP_D) >>> 0, 'the first turn is the 60-degree bit');
  assert.equal(hexRotateClockwise(hexRotateClockwise(5)), (5 | ROTATE_120) >>> 0, 'the second the 120-degree one');
  for (const start of seen) {
    assert.equal(hexFlipHorizontally(hexFlipHorizontally(start)), start);
    assert.equal(hexFlipVertically(hexFlipVertically(start)), start);
    // a mirror then a turn is the turn the other way then the mirror: five turns
    let five = start;
    for (let i = 0; i < 5; i++) five = hexRotateClockwise(five);
    assert.equal(hexRotateClockwise(hexFlipHorizontally(start)), hexFlipHorizontally(five));
  }
  assert.equal(hexFlipHorizontally(5), (5 | FLIP_H) >>> 0);
  assert.equal(hexFlipVertically(5), (5 | FLIP_V) >>> 0);
});
