// The editor's object geometry (model/shapes.js, worked in each object's own frame) held to slow world-space
// formulations: a box's turned corners and the sides of its edges, an ellipse by its foci, a capsule as the points
// near its spine, a polygon by its winding number, a polyline by distance; bounds against a dense walk of the
// outline. Random objects, turned by any angle, and random points; points too close to an outline to tell are left out.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { hits, localBox, normalAngle, toLocal, toWorld, turnedAboutCentre, worldBounds } from '../model/shapes.js';
import { random } from './support.js';

const TILE = { width: 16, height: 24 };

/** A point of the frame turned by `degrees` about (ox, oy), written out once more for the oracle. */
function turn(ox, oy, degrees, lx, ly) {
  const t = (degrees * Math.PI) / 180;
  return [ox + Math.cos(t) * lx - Math.sin(t) * ly, oy + Math.sin(t) * lx + Math.cos(t) * ly];
}

function randomObject(next) {
  const kinds = ['rectangle', 'ellipse', 'capsule', 'text', 'tile', 'polygon', 'polyline', 'point'];
  const kind = kinds[Math.floor(next() * kinds.length)];
  const o = { id: 1, x: next() * 200 - 100, y: next() * 200 - 100, rotation: next() < 0.2 ? 0 : next() * 720 - 360 };
  if (kind === 'tile') {
    o.gid = 1;
    if (next() < 0.7) Object.assign(o, { width: 1 + next() * 60, height: 1 + next() * 60 });
    return o;
  }
  o.shape = kind;
  if (kind === 'polygon' || kind === 'polyline') {
    // a star-shaped polygon (corners by angle about a centre) is simple, so its winding number and even-odd agree
    const n = (kind === 'polygon' ? 3 : 2) + Math.floor(next() * 6);
    const angles = Array.from({ length: n }, () => next() * 2 * Math.PI).sort((a, b) => a - b);
    o.points = angles.map((a) => {
      const r = 5 + next() * 50;
      return { dx: r * Math.cos(a), dy: r * Math.sin(a) };
    });
    return o;
  }
  if (kind !== 'point') Object.assign(o, { width: 1 + next() * 80, height: 1 + next() * 80 });
  return o;
}

/** The oracle: whether the object covers (x, y), and how far the point is from deciding otherwise. */
function oracle(o, x, y, reach) {
  const r = o.rotation;
  const kind = o.gid ? 'tile' : o.shape;
  if (kind === 'point') return { inside: Math.hypot(x - o.x, y - o.y) <= Math.max(reach, 4), margin: Math.abs(Math.hypot(x - o.x, y - o.y) - Math.max(reach, 4)) };
  if (kind === 'polygon' || kind === 'polyline') {
    const world = o.points.map((p) => turn(o.x, o.y, r, p.dx, p.dy));
    const closed = kind === 'polygon';
    let near = Infinity;
    const edges = closed ? world.length : world.length - 1;
    for (let i = 0; i < edges; i++) {
      const [ax, ay] = world[i];
      const [bx, by] = world[(i + 1) % world.length];
      near = Math.min(near, distance(x, y, ax, ay, bx, by));
    }
    let winding = 0;
    if (closed) {
      for (let i = 0; i < world.length; i++) {
        const [ax, ay] = world[i];
        const [bx, by] = world[(i + 1) % world.length];
        const side = (bx - ax) * (y - ay) - (x - ax) * (by - ay);
        if (ay <= y && by > y && side > 0) winding++;
        if (ay > y && by <= y && side < 0) winding--;
      }
    }
    const limit = Math.max(reach, 0.5);
    return { inside: winding !== 0 || near <= limit, margin: Math.min(near, Math.abs(near - limit)) };
  }
  const w = o.width || (kind === 'tile' ? TILE.width : 0);
  const h = o.height || (kind === 'tile' ? TILE.height : 0);
  const top = kind === 'tile' ? -h : 0;
  if (kind === 'ellipse') {
    const a = Math.max(w, h) / 2 + reach;
    const b = Math.min(w, h) / 2 + reach;
    const c = Math.sqrt(a * a - b * b);
    const [cx, cy] = turn(o.x, o.y, r, w / 2, h / 2);
    const along = w >= h ? r : r + 90;
    const [f1x, f1y] = turn(cx, cy, along, c, 0);
    const [f2x, f2y] = turn(cx, cy, along, -c, 0);
    const sum = Math.hypot(x - f1x, y - f1y) + Math.hypot(x - f2x, y - f2y);
    return { inside: sum <= 2 * a, margin: Math.abs(sum - 2 * a) };
  }
  if (kind === 'capsule') {
    const radius = Math.min(w, h) / 2;
    const [ax, ay] = turn(o.x, o.y, r, w >= h ? radius : w / 2, w >= h ? h / 2 : radius);
    const [bx, by] = turn(o.x, o.y, r, w >= h ? w - radius : w / 2, w >= h ? h / 2 : h - radius);
    const d = distance(x, y, ax, ay, bx, by);
    return { inside: d <= radius + reach, margin: Math.abs(d - radius - reach) };
  }
  // a box grown by reach: inside when on the inner side of each of its four turned edges
  const corners = [[-reach, top - reach], [w + reach, top - reach], [w + reach, top + h + reach], [-reach, top + h + reach]]
    .map(([lx, ly]) => turn(o.x, o.y, r, lx, ly));
  let margin = Infinity;
  let inside = true;
  for (let i = 0; i < 4; i++) {
    const [ax, ay] = corners[i];
    const [bx, by] = corners[(i + 1) % 4];
    const side = ((bx - ax) * (y - ay) - (x - ax) * (by - ay)) / Math.hypot(bx - ax, by - ay);
    if (side < 0) inside = false;
    margin = Math.min(margin, Math.abs(side));
  }
  return { inside, margin };
}

function distance(px, py, ax, ay, bx, by) {
  const length2 = (bx - ax) ** 2 + (by - ay) ** 2;
  let t = length2 === 0 ? 0 : ((px - ax) * (bx - ax) + (py - ay) * (by - ay)) / length2;
  t = Math.max(0, Math.min(1, t));
  return Math.hypot(px - ax - t * (bx - ax), py - ay - t * (by - ay));
}

/** Many points of the object's outline on the map. */
function outline(o) {
  const kind = o.gid ? 'tile' : o.shape;
  if (kind === 'polygon' || kind === 'polyline') return o.points.map((p) => turn(o.x, o.y, o.rotation, p.dx, p.dy));
  if (kind === 'point') return [[o.x, o.y]];
  const w = o.width || (kind === 'tile' ? TILE.width : 0);
  const h = o.height || (kind === 'tile' ? TILE.height : 0);
  const top = kind === 'tile' ? -h : 0;
  const out = [];
  for (let i = 0; i < 4000; i++) {
    const t = (i / 4000) * 2 * Math.PI;
    if (kind === 'ellipse') out.push(turn(o.x, o.y, o.rotation, w / 2 + (w / 2) * Math.cos(t), h / 2 + (h / 2) * Math.sin(t)));
  }
  if (kind !== 'ellipse') for (const [lx, ly] of [[0, top], [w, top], [0, top + h], [w, top + h]]) out.push(turn(o.x, o.y, o.rotation, lx, ly));
  return out;
}

test('hits agrees with world-space formulations for random turned objects and points', () => {
  const next = random(41);
  let decided = 0;
  let inside = 0;
  for (let n = 0; n < 3000; n++) {
    const o = randomObject(next);
    for (let k = 0; k < 40; k++) {
      const x = o.x + next() * 160 - 80;
      const y = o.y + next() * 160 - 80;
      const reach = next() < 0.5 ? 0 : next() * 6;
      const want = oracle(o, x, y, reach);
      if (want.margin < 1e-6) continue;
      decided++;
      if (want.inside) inside++;
      assert.equal(hits(o, x, y, reach, TILE), want.inside, `${JSON.stringify(o)} at ${x},${y} reach ${reach}`);
    }
  }
  assert.ok(decided > 100_000 && inside > 4_000, `${decided} points decided, ${inside} inside`);
});

test('worldBounds holds the whole outline and touches it', () => {
  const next = random(42);
  for (let n = 0; n < 2000; n++) {
    const o = randomObject(next);
    const b = worldBounds(o, TILE);
    const points = outline(o);
    const xs = points.map(([x]) => x);
    const ys = points.map(([, y]) => y);
    const slack = 1e-6 + (o.shape === 'ellipse' ? 0.002 * (o.width + o.height) : 0);
    assert.ok(Math.min(...xs) >= b.x - 1e-6 && Math.max(...xs) <= b.x + b.width + 1e-6, `x within ${JSON.stringify(o)}`);
    assert.ok(Math.min(...ys) >= b.y - 1e-6 && Math.max(...ys) <= b.y + b.height + 1e-6, `y within ${JSON.stringify(o)}`);
    assert.ok(Math.min(...xs) - b.x <= slack && b.x + b.width - Math.max(...xs) <= slack, `x touches ${JSON.stringify(o)}`);
    assert.ok(Math.min(...ys) - b.y <= slack && b.y + b.height - Math.max(...ys) <= slack, `y touches ${JSON.stringify(o)}`);
  }
});

test('toLocal undoes toWorld; turning about the centre keeps the centre where it was', () => {
  const next = random(43);
  for (let n = 0; n < 2000; n++) {
    const o = randomObject(next);
    const lx = next() * 100 - 50;
    const ly = next() * 100 - 50;
    const back = toLocal(o, toWorld(o, lx, ly).x, toWorld(o, lx, ly).y);
    assert.ok(Math.abs(back.x - lx) < 1e-9 && Math.abs(back.y - ly) < 1e-9);
    if (o.shape === 'polygon' || o.shape === 'polyline' || o.shape === 'point') continue;
    const box = localBox(o, TILE);
    const [cx, cy] = turn(o.x, o.y, o.rotation, box.x + box.width / 2, box.y + box.height / 2);
    const rotation = normalAngle(next() * 720 - 360);
    const turned = { ...o, ...turnedAboutCentre(o, rotation, TILE) };
    const [tx, ty] = turn(turned.x, turned.y, turned.rotation, box.x + box.width / 2, box.y + box.height / 2);
    assert.ok(Math.abs(tx - cx) < 1e-3 && Math.abs(ty - cy) < 1e-3, `${JSON.stringify(o)} to ${rotation}`);
  }
});

test('normalAngle snaps to its step and stays within (-180, 180]', () => {
  assert.equal(normalAngle(37, 15), 30);
  assert.equal(normalAngle(38, 15), 45);
  assert.equal(normalAngle(190), -170);
  assert.equal(normalAngle(-180), 180);
  assert.equal(normalAngle(540, 15), 180);
  assert.equal(normalAngle(-7.4, 15), 0);
});
