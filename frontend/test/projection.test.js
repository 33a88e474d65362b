// The editor's projection against the server's: both answer every case in src/test/resources/fixtures/projection/
// (the server's ProjectionFixturesTest reads the same files), and hold the rules any projection must keep.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { projectionOf } from '../model/projection.js';

const DIR = fileURLToPath(new URL('../../src/test/resources/fixtures/projection/', import.meta.url));
const files = readdirSync(DIR).filter((f) => f.endsWith('.json')).sort();
const box = ([x, y, width, height]) => ({ x, y, width, height });
const point = ([x, y]) => ({ x, y });

test('there are projection cases to run', () => {
  assert.ok(files.length >= 1, `no cases in ${DIR}`);
});

for (const file of files) {
  for (const c of JSON.parse(readFileSync(DIR + file, 'utf8')).cases) {
    test(`projection ${file}: ${c.name}`, () => {
      const p = projectionOf(c.projection);
      for (const t of c.tileToScreen) assert.deepEqual(p.tileToScreen(...t.tile), point(t.screen));
      for (const t of c.tileAt) assert.deepEqual(p.tileAt(...t.screen), point(t.tile), `tileAt ${t.screen}`);
      for (const t of c.screenToTile ?? []) assert.deepEqual(p.screenToTile(...t.screen), point(t.tile), `screenToTile ${t.screen}`);
      assert.deepEqual(p.bounds(...c.map), box(c.bounds));
      for (const t of c.cellBox) assert.deepEqual(p.cellBox(...t.tile), box(t.box));
      for (const t of c.areaBox) assert.deepEqual(p.areaBox(box(t.area)), box(t.box), `areaBox ${t.area}`);
      for (const t of c.tilesMeeting) assert.deepEqual(p.tilesMeeting(box(t.box)), box(t.tiles), `tilesMeeting ${t.box}`);
      for (const t of c.imageAt) assert.deepEqual(p.imageAt(...t.tile), point(t.bottomLeft));
      for (const t of c.drawOrder) {
        const seen = [];
        p.inDrawOrder(box(t.area), (x, y) => seen.push([x, y]));
        assert.deepEqual(seen, t.order);
      }
      for (const t of c.neighbours) assert.deepEqual(p.neighbours(...t.tile), t.sides.map(point));
    });
  }
}

test('every point of a cell is picked as that cell, and screen and tile coordinates invert each other', () => {
  let seed = 7;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  for (let i = 0; i < 2000; i++) {
    const p = projectionOf({ tileWidth: 1 + Math.floor(next() * 64), tileHeight: 1 + Math.floor(next() * 64) });
    const tx = Math.floor(next() * 400) - 200;
    const ty = Math.floor(next() * 400) - 200;
    const cell = p.cellBox(tx, ty);
    const inside = { x: cell.x + Math.floor(next() * cell.width), y: cell.y + Math.floor(next() * cell.height) };
    assert.deepEqual(p.tileAt(inside.x, inside.y), { x: tx, y: ty });
    assert.deepEqual(p.tilesMeeting(cell), { x: tx, y: ty, width: 1, height: 1 });
    const back = p.screenToTile(p.tileToScreen(tx + 0.25, ty + 0.75).x, p.tileToScreen(tx + 0.25, ty + 0.75).y);
    assert.ok(Math.abs(back.x - tx - 0.25) < 1e-9 && Math.abs(back.y - ty - 0.75) < 1e-9);
  }
});
