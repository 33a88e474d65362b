// The op rules exist twice, in the server's core/edit and here in model/ops.js; both are held to one set of cases in
// src/test/resources/fixtures/ops/ (the server's OpFixturesTest runs the same files; its OpFixtures says the format).
// Each case: a map before, an op, and either the map after, the op as applied and its inverse (which must take the
// map back to before, but for the next free ids: ids are never reused), or the field a refusal names (the map
// unchanged).

import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { apply, InvalidOp } from '../model/ops.js';
import { TileMap } from '../model/tilemap.js';

const DIR = fileURLToPath(new URL('../../src/test/resources/fixtures/ops/', import.meta.url));

function cases() {
  return readdirSync(DIR).filter((f) => f.endsWith('.json')).sort()
    .flatMap((file) => JSON.parse(readFileSync(DIR + file, 'utf8')).cases.map((c) => ({ ...c, name: `${file}: ${c.name}` })));
}

/** A layer's cells from either form (full row-major list, or {set: [[x, y, gid]]} with the rest empty). */
function cells(spec, width, height) {
  const gids = new Array(width * height).fill(0);
  if (spec === undefined) return gids;
  if (Array.isArray(spec)) {
    assert.equal(spec.length, gids.length, `a ${width}x${height} layer's cells`);
    return spec.slice();
  }
  for (const [x, y, gid] of spec.set) gids[y * width + x] = gid;
  return gids;
}

function expanded(map) {
  const copy = structuredClone(map);
  for (const layer of copy.layers ?? []) {
    if ('cells' in layer) layer.cells = cells(layer.cells, map.width, map.height);
  }
  return copy;
}

function withoutIdCounters(map) {
  const { nextLayerId, nextObjectId, ...rest } = map;
  return rest;
}

function build(before) {
  const map = new TileMap({
    id: 1, name: before.name ?? 'fixture', width: before.width, height: before.height,
    tileWidth: before.tileWidth ?? 16, tileHeight: before.tileHeight ?? 16, tilesets: before.tilesets,
    properties: before.properties ?? [], nextLayerId: before.nextLayerId ?? 1, nextObjectId: before.nextObjectId ?? 1,
    ...(before.settings ?? {}),
    layers: before.layers.map((l) => ({ id: l.id, type: l.type, parentId: l.parentId, ...l.attributes, objects: l.objects })),
  });
  for (const l of before.layers) {
    if (l.type === 'tile') {
      map.layer(l.id).write({ x: 0, y: 0, width: before.width, height: before.height },
        Uint32Array.from(cells(l.cells, before.width, before.height)));
    }
  }
  return map;
}

/** The map as the cases write it. */
function state(map) {
  return structuredClone({
    name: map.name, width: map.width, height: map.height, tileWidth: map.tileWidth, tileHeight: map.tileHeight,
    nextLayerId: map.nextLayerId, nextObjectId: map.nextObjectId, tilesets: map.tilesets,
    properties: map.properties, settings: map.settings, gridSettings: map.gridSettings,
    gridOverrides: [...map.gridOverrides].map(([key, sides]) => [...key.split(',').map(Number), sides])
      .sort((a, b) => a[1] - b[1] || a[0] - b[0]),
    layers: map.layers.map((l) => ({
      id: l.id,
      type: l.type,
      parentId: l.parentId ?? 0,
      attributes: l.attributes,
      ...(l.type === 'tile' ? { cells: Array.from(l.read({ x: 0, y: 0, width: l.width, height: l.height })) } : {}),
      ...(l.type === 'object' ? { objects: l.objects } : {}),
    })),
  });
}

/** What differs between actual and what expected names: every field it names is equal, lists element by element. */
function differences(actual, expected, path = '', out = []) {
  if (expected === null) {
    if (actual !== null && actual !== undefined) out.push(`${path}: expected none, was ${JSON.stringify(actual)}`);
  } else if (Array.isArray(expected)) {
    if (!Array.isArray(actual) || actual.length !== expected.length) {
      out.push(`${path}: expected ${expected.length} elements ${JSON.stringify(expected)}, was ${JSON.stringify(actual)}`);
    } else {
      expected.forEach((e, i) => differences(actual[i], e, `${path}[${i}]`, out));
    }
  } else if (typeof expected === 'object') {
    if (actual === null || typeof actual !== 'object') {
      out.push(`${path}: expected an object, was ${JSON.stringify(actual)}`);
    } else {
      for (const [key, value] of Object.entries(expected)) differences(actual[key], value, `${path}.${key}`, out);
    }
  } else if (actual !== expected) {
    out.push(`${path}: expected ${JSON.stringify(expected)}, was ${JSON.stringify(actual)}`);
  }
  return out;
}

function assertMatches(actual, expected, what) {
  const found = differences(actual, expected);
  assert.deepEqual(found, [], `${what} differs from the case`);
}

for (const c of cases()) {
  test(c.name, () => {
    const map = build(c.before);
    if ('refused' in c) {
      assert.throws(() => apply(map, structuredClone(c.op)), (e) => e instanceof InvalidOp && e.field === c.refused,
        `refused naming ${c.refused}`);
      assertMatches(state(map), expanded(c.before), 'the map after the refusal');
      return;
    }
    const applied = apply(map, structuredClone(c.op));
    assertMatches(state(map), expanded(c.after), 'the map after the op');
    if (c.applied) assertMatches(structuredClone(applied.op), c.applied, 'the op as applied');
    if (c.inverse) assertMatches(structuredClone(applied.inverse), c.inverse, 'the inverse');
    apply(map, applied.inverse);
    assertMatches(state(map), withoutIdCounters(expanded(c.before)), 'the map after the inverse');
  });
}

test('every op type has at least two cases', () => {
  const counts = new Map();
  for (const c of cases()) counts.set(c.op.type, (counts.get(c.op.type) ?? 0) + 1);
  for (const type of ['paint', 'fillRect', 'putRegion', 'addObject', 'updateObject', 'removeObject', 'moveObject', 'addLayer',
    'removeLayer', 'moveLayer', 'updateLayer', 'renameMap', 'setProperty', 'setGrid', 'overrideGrid', 'addTileset',
    'removeTileset', 'batch']) {
    assert.ok((counts.get(type) ?? 0) >= 2, `cases of ${type}: ${counts.get(type) ?? 0}`);
  }
});
