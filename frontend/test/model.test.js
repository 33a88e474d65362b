import assert from 'node:assert/strict';
import { test } from 'node:test';
import { FLIP_D, FLIP_H, FLIP_V, flags, flipHorizontally, flipVertically, rotateClockwise, tileId } from '../model/gid.js';
import { apply, applyCommitted, InvalidOp, markCommitted, resolveRestore, restoreInverse } from '../model/ops.js';
import { autoLayerSource, snapshot, TileMap } from '../model/tilemap.js';
import { newMap, random } from './support.js';

/** The 3x3 image a tile with these flags shows, as the renderers draw it (diagonal first, then h, then v). */
function shown(flags) {
  const source = [[1, 2, 3], [4, 5, 6], [7, 8, 9]];
  const out = [[], [], []];
  for (let y = 0; y < 3; y++) {
    for (let x = 0; x < 3; x++) {
      const u = flags & FLIP_H ? 2 - x : x;
      const v = flags & FLIP_V ? 2 - y : y;
      out[y][x] = flags & FLIP_D ? source[u][v] : source[v][u];
    }
  }
  return out;
}

test('turning and flipping a gid shows the tile turned and flipped, for every flag combination', () => {
  for (const bits of [0, FLIP_H, FLIP_V, FLIP_D, FLIP_H | FLIP_V, FLIP_H | FLIP_D, FLIP_V | FLIP_D, FLIP_H | FLIP_V | FLIP_D]) {
    const before = shown(bits >>> 0);
    const gid = (5 | bits) >>> 0;
    const turned = before.map((row, y) => row.map((_, x) => before[2 - x][y]));
    assert.deepEqual(shown(flags(rotateClockwise(gid))), turned, `turn of flags ${bits >>> 29}`);
    assert.deepEqual(shown(flags(flipHorizontally(gid))), before.map((row) => row.slice().reverse()));
    assert.deepEqual(shown(flags(flipVertically(gid))), before.slice().reverse());
    assert.equal(tileId(rotateClockwise(gid)), 5);
  }
});

test('paint, fillRect and putRegion change the cells and their inverses put them back', () => {
  const map = newMap();
  const before = snapshot(map);
  const steps = [
    { type: 'paint', layerId: 1, cells: [{ x: 0, y: 0, gid: 3 }, { x: 0, y: 0, gid: 4 }, { x: 19, y: 11, gid: (2 | FLIP_H) >>> 0 }] },
    { type: 'fillRect', layerId: 1, x: 2, y: 3, width: 5, height: 4, gid: 7 },
    { type: 'putRegion', layerId: 1, x: 1, y: 1, width: 2, height: 2, gids: [1, 0, 0, 2] },
  ];
  const inverses = steps.map((op) => apply(map, op).inverse);
  const layer = map.layer(1);
  assert.equal(layer.get(0, 0), 4, 'a cell named twice ends with the later gid');
  assert.equal(layer.get(19, 11), (2 | FLIP_H) >>> 0);
  assert.equal(layer.get(6, 6), 7);
  assert.equal(layer.get(7, 6), 0);
  assert.equal(layer.get(2, 2), 2);
  assert.equal(layer.get(1, 2), 0);
  inverses.reverse().forEach((inverse) => apply(map, inverse));
  assert.deepEqual(snapshot(map), before);
});

test('ops that do not fit are refused naming the field, and leave the map as it was', () => {
  const map = newMap();
  apply(map, { type: 'fillRect', layerId: 1, x: 0, y: 0, width: 3, height: 3, gid: 1 });
  const before = snapshot(map);
  const refused = [
    [{ type: 'paint', layerId: 1, cells: [{ x: 0, y: 0, gid: 2 }, { x: 20, y: 0, gid: 2 }] }, 'cells[1]'],
    [{ type: 'paint', layerId: 1, cells: [{ x: 0, y: 0, gid: 17 }] }, 'cells[0].gid'],
    [{ type: 'paint', layerId: 2, cells: [] }, 'layerId'],
    [{ type: 'fillRect', layerId: 1, x: 18, y: 0, width: 3, height: 1, gid: 1 }, 'x'],
    [{ type: 'putRegion', layerId: 1, x: 0, y: 0, width: 2, height: 2, gids: [1] }, 'gids'],
    [{ type: 'batch', ops: [{ type: 'fillRect', layerId: 1, x: 0, y: 0, width: 5, height: 5, gid: 9 }, { type: 'moveLayer', layerId: 1, index: 5 }] }, 'ops[1].index'],
    [{ type: 'nonsense' }, 'type'],
  ];
  for (const [op, field] of refused) {
    assert.throws(() => apply(map, op), (e) => e instanceof InvalidOp && e.field === field, JSON.stringify(op));
    assert.deepEqual(snapshot(map), before, `${op.type} left a trace`);
  }
});

test('random op sequences: every inverse undoes, and replaying the applied ops repeats the state', () => {
  for (let seed = 1; seed <= 200; seed++) {
    const next = random(seed);
    const int = (n) => Math.floor(next() * n);
    const map = newMap();
    const replica = map.copy();
    const initial = snapshot(map);
    const inverses = [];
    const log = [];
    for (let step = 0; step < 40; step++) {
      const layerIds = map.layers.map((l) => l.id).concat([99]);
      const anyLayer = layerIds[int(layerIds.length)];
      const gid = () => (int(8) === 0 ? 40 : int(17)) | (int(4) === 0 ? FLIP_H : 0);
      const ops = [
        () => ({ type: 'paint', layerId: anyLayer, cells: [0, 1, 2].map(() => ({ x: int(22) - 1, y: int(12), gid: gid() >>> 0 })) }),
        () => ({ type: 'fillRect', layerId: anyLayer, x: int(22) - 1, y: int(12), width: int(8), height: int(8), gid: gid() >>> 0 }),
        () => ({ type: 'addLayer', kind: int(2) ? 'tile' : 'object', attributes: { name: `l${step}` }, index: int(4) }),
        () => ({ type: 'removeLayer', layerId: anyLayer }),
        () => ({ type: 'moveLayer', layerId: anyLayer, index: int(4) }),
        () => ({ type: 'updateLayer', layerId: anyLayer, patch: { visible: int(2) === 0, opacity: int(12) / 10, tint: int(2) ? '' : '#ff0000' } }),
        () => ({ type: 'addObject', layerId: anyLayer, object: { name: 'o', x: int(300), y: int(200), width: 8, height: 8 } }),
        () => ({ type: 'updateObject', layerId: anyLayer, objectId: 1 + int(4), patch: { x: int(300) } }),
        () => ({ type: 'removeObject', layerId: anyLayer, objectId: 1 + int(4) }),
        () => ({ type: 'setProperty', layerId: int(2) ? anyLayer : undefined, name: `p${int(3)}`, property: int(2) ? { name: `p${int(3)}`, type: 'int', value: 3 } : undefined }),
      ];
      let op = ops[int(ops.length)]();
      if (op.type === 'setProperty' && op.property) op.property.name = op.name;
      if (int(6) === 0) op = { type: 'batch', ops: [op, ops[int(ops.length)]()] };
      const before = snapshot(map);
      try {
        const applied = apply(map, op);
        inverses.push(applied.inverse);
        log.push(structuredClone(applied.op));
      } catch (e) {
        if (!(e instanceof InvalidOp)) throw e;
        assert.deepEqual(snapshot(map), before, `seed ${seed}: refused ${op.type} left a trace`);
      }
    }
    log.forEach((op) => apply(replica, op));
    assert.deepEqual(snapshot(replica), snapshot(map), `seed ${seed}: replay`);
    inverses.reverse().forEach((inverse) => apply(map, inverse));
    assert.deepEqual(snapshot(map), initial, `seed ${seed}: undo all`);
  }
});

test('changes are reported with the rectangles they touched', () => {
  const map = newMap();
  const seen = [];
  map.listen((change) => seen.push(change));
  apply(map, { type: 'fillRect', layerId: 1, x: 2, y: 3, width: 4, height: 5, gid: 1 });
  apply(map, { type: 'addLayer', kind: 'tile', attributes: { name: 'top' } });
  assert.deepEqual(seen, [{ kind: 'cells', layerId: 1, rect: { x: 2, y: 3, width: 4, height: 5 } }, { kind: 'layers' }]);
  assert.equal(map.layers.at(-1).id, 3, 'the next free layer id');
});

test('grid overrides and settings are ops with inverses, as on the server', () => {
  const map = newMap();
  const before = snapshot(map);
  const a = apply(map, { type: 'overrideGrid', elements: [{ x: 3, y: 2, sides: 15 }, { x: 4, y: 2, sides: 4 }, { x: 3, y: 2, sides: 0 }] });
  assert.equal(map.gridOverrides.get('3,2'), 0, 'the later one wins');
  assert.throws(() => apply(map, { type: 'setGrid', settings: { elementWidth: 8 } }), (e) => e.field === 'settings.elementWidth');
  const b = apply(map, { type: 'overrideGrid', clear: true, elements: [] });
  assert.equal(map.gridOverrides.size, 0);
  const c = apply(map, { type: 'setGrid', settings: { elementWidth: 8, elementHeight: 4 } });
  assert.equal(map.gridColumns(), 40);
  assert.throws(() => apply(map, { type: 'overrideGrid', elements: [{ x: 40, y: 0, sides: 1 }] }), (e) => e.field === 'elements[0].x');
  assert.throws(() => apply(map, { type: 'overrideGrid', elements: [{ x: 0, y: 0, sides: 16 }] }), (e) => e.field === 'elements[0].sides');
  assert.throws(() => apply(map, { type: 'setGrid', settings: { elementWidth: 5 } }), (e) => e.field === 'settings.elementWidth');
  [c, b, a].forEach((applied) => apply(map, applied.inverse));
  assert.deepEqual(snapshot(map), before);
});

test('an op applied as committed changes the map as apply does, without computing an inverse', () => {
  const a = newMap();
  const b = newMap();
  const ops = [
    { type: 'fillRect', layerId: 1, x: 0, y: 0, width: 20, height: 12, gid: 3 },
    { type: 'putRegion', layerId: 1, x: 2, y: 2, width: 17, height: 16 - 6, gids: Array.from({ length: 170 }, (_, i) => 1 + (i % 5)) },
    { type: 'batch', ops: [{ type: 'fillRect', layerId: 1, x: 1, y: 1, width: 3, height: 3, gid: 0 }] },
  ];
  for (const op of ops) {
    apply(a, op);
    assert.deepEqual(applyCommitted(b, op), op);
  }
  assert.deepEqual(snapshot(b), snapshot(a));
  assert.equal(apply(newMap(), ops[0], false).inverse, null);
});

test('an edit too large to keep what it overwrote is undone by restoreCells naming the version before it', () => {
  const fill = { type: 'fillRect', layerId: 1, x: 0, y: 0, width: 10, height: 5, gid: 3 };
  const undo = restoreInverse(fill);
  assert.deepEqual(JSON.parse(JSON.stringify(undo)), { type: 'restoreCells', layerId: 1, x: 0, y: 0, width: 10, height: 5, version: null });
  assert.equal(resolveRestore(undo), false, 'not committed yet: no version to name');
  assert.equal(undo.version, null);
  markCommitted(fill, 12);
  assert.equal(resolveRestore(undo), true);
  assert.equal(JSON.stringify(undo), '{"type":"restoreCells","layerId":1,"x":0,"y":0,"width":10,"height":5,"version":11}');

  const region = { type: 'putRegion', layerId: 2, x: 1, y: 1, width: 2, height: 2, gids: [1, 2, 3, 4] };
  const both = restoreInverse({ type: 'batch', ops: [fill, region] });
  assert.deepEqual(both.ops.map((o) => o.layerId), [2, 1], 'the last first');
  assert.equal(restoreInverse({ ...region, mask: 'AQ==' }), null, 'a masked region leaves other cells alone');
  assert.equal(restoreInverse({ type: 'paint', layerId: 1, cells: [] }), null);

  // applied here it changes nothing (the server has the cells); its own inverse waits for its version
  const map = new TileMap({ id: 1, name: 'm', width: 10, height: 5, tileWidth: 16, tileHeight: 16,
    tilesets: [{ tilesetId: 1, firstGid: 1, tileCount: 8 }], layers: [{ id: 1, name: 'a', type: 'tile' }],
    nextLayerId: 2, nextObjectId: 1 });
  map.layer(1).fill({ x: 0, y: 0, width: 10, height: 5 }, 3);
  const applied = apply(map, undo);
  assert.equal(map.layer(1).get(4, 4), 3);
  assert.equal(applied.inverse.version, null);
  markCommitted(applied.op, 13);
  assert.equal(resolveRestore(applied.inverse), true);
  assert.equal(applied.inverse.version, 12, 'the redo: the cells as they were before the undo');
});

test('a tile layer of an LDtk auto-layer group is drawn from the IntGrid of the definition the group reads', () => {
  const map = newMap();
  const prop = (name, type, value) => ({ name, type, value });
  apply(map, { type: 'addLayer', layerId: 3, kind: 'tile', attributes: { name: 'Collisions', properties: [
    prop('tilewright.intgrid', 'bool', true), prop('ldtk.layerDefUid', 'int', 7)] } });
  apply(map, { type: 'addLayer', layerId: 4, kind: 'group', attributes: { name: 'Wall_tops', properties: [
    prop('ldtk.layerDefUid', 'int', 9), prop('ldtk.sourceLayerDefUid', 'int', 7)] } });
  apply(map, { type: 'addLayer', layerId: 5, kind: 'tile', parentId: 4, attributes: { name: 'Wall_tops 1' } });
  apply(map, { type: 'addLayer', layerId: 6, kind: 'group', attributes: { name: 'painted' } });
  apply(map, { type: 'addLayer', layerId: 8, kind: 'tile', parentId: 6, attributes: { name: 'painted 1' } });
  assert.equal(autoLayerSource(map, map.layer(5))?.id, 3);
  assert.equal(autoLayerSource(map, map.layer(8)), null, 'a group that reads no IntGrid');
  assert.equal(autoLayerSource(map, map.layer(1)), null, 'a plain tile layer');
  assert.equal(autoLayerSource(map, map.layer(3)), null, 'the IntGrid itself is painted');
});
