import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Orthogonal } from '../model/projection.js';

import {
  addTourPoint, clampAxis, covers, parseSize, parseViews, regionAround, tourUrl, viewQuery,
} from '../preview/viewport.js';

const MAP = { width: 2000, height: 1000 };
const SIZE = { width: 320, height: 240 };

test('the address bar reads back as sizes and up to four views, and bad parts are dropped', () => {
  assert.deepEqual(parseSize('640x360'), { width: 640, height: 360 });
  assert.equal(parseSize('640 x 360'), null);
  assert.equal(parseSize(null), null);
  assert.deepEqual(parseViews(null), [{ x: 0, y: 0 }]);
  assert.deepEqual(parseViews('10,20;x,5;30,40;1,2;3,4;5,6'), [{ x: 10, y: 20 }, { x: 30, y: 40 }, { x: 1, y: 2 },
    { x: 3, y: 4 }]);
  const query = viewQuery({ size: SIZE, scale: 2, views: [{ x: 10, y: 20 }, { x: 330, y: 20 }], layers: ['Ground'],
    grid: true, collision: false });
  const params = new URLSearchParams(query);
  assert.deepEqual(parseSize(params.get('size')), SIZE);
  assert.deepEqual(parseViews(params.get('v')), [{ x: 10, y: 20 }, { x: 330, y: 20 }]);
  assert.equal(params.get('layers'), 'Ground');
  assert.equal(params.get('grid'), '1');
  assert.equal(params.has('collision'), false);
  assert.equal(new URLSearchParams(viewQuery({ size: SIZE, scale: 1, views: [{ x: 0, y: 0 }], layers: null,
    grid: false, collision: false })).has('layers'), false, 'default layers leave the address short');
});

test('a view stays inside the map as the server clamps it; one larger than the map pins to 0', () => {
  assert.equal(clampAxis(-5, 320, 2000), 0);
  assert.equal(clampAxis(1900.6, 320, 2000), 1680);
  assert.equal(clampAxis(100.4, 320, 2000), 100);
  assert.equal(clampAxis(100, 3000, 2000), 0);
});

test('the rendered region is three views around the view, clamped to the map, and covers it', () => {
  const view = { x: 800, y: 400 };
  const region = regionAround(view, SIZE, MAP);
  assert.deepEqual(region, { x: 480, y: 160, width: 960, height: 720 });
  assert.ok(covers(region, view, SIZE, MAP));
  const corner = regionAround({ x: 0, y: 0 }, SIZE, MAP);
  assert.deepEqual(corner, { x: 0, y: 0, width: 960, height: 720 });
  const small = regionAround({ x: 0, y: 0 }, SIZE, { width: 500, height: 200 });
  assert.deepEqual(small, { x: 0, y: 0, width: 500, height: 200 }, 'at most the map');
});

test('a new region is wanted before the view reaches the old one\'s edge, but not at the map\'s edge', () => {
  const region = regionAround({ x: 800, y: 400 }, SIZE, MAP); // x 480..1440, margin 160 (a sixth of 960)
  assert.ok(covers(region, { x: 640, y: 400 }, SIZE, MAP), 'exactly the margin from the left edge');
  assert.ok(!covers(region, { x: 639, y: 400 }, SIZE, MAP), 'inside the margin');
  assert.ok(covers(region, { x: 960, y: 400 }, SIZE, MAP), 'the right margin: 1440 - 160 - 320');
  assert.ok(!covers(region, { x: 961, y: 400 }, SIZE, MAP));
  const corner = regionAround({ x: 0, y: 0 }, SIZE, MAP);
  assert.ok(covers(corner, { x: 0, y: 0 }, SIZE, MAP), 'no margin needed against the map\'s edge');
  assert.ok(!covers(null, { x: 0, y: 0 }, SIZE, MAP));
});

test('a tour keeps points at least 8 px apart and asks for the GIF along them', () => {
  const points = [];
  for (const p of [[0, 0], [3, 4], [6, 8], [6, 9], [20, 8]]) addTourPoint(points, p);
  assert.deepEqual(points, [[0, 0], [6, 8], [20, 8]]);
  const url = new URL(tourUrl(7, points, 320, 240), 'http://localhost');
  assert.equal(url.pathname, '/api/v1/maps/7/tour.gif');
  assert.equal(url.searchParams.get('path'), '0,0;6,8;20,8');
  assert.equal(url.searchParams.get('width'), '320');
  assert.equal(url.searchParams.get('speed'), '240');
});

test('the minimap fetches a thumbnail a moment after saves settle, and at most every REFRESH_GAP_MS while they go on', async () => {
  const { REFRESH_GAP_MS, SETTLE_MS, refreshDelay } = await import('../editor/minimap.js');
  assert.equal(refreshDelay(-Infinity, 1000), SETTLE_MS, 'the first one soon');
  assert.equal(refreshDelay(10_000, 12_000), 10_000 + REFRESH_GAP_MS - 12_000, 'then not before the gap');
  assert.equal(refreshDelay(10_000, 10_000 + REFRESH_GAP_MS + 5), SETTLE_MS, 'long after: soon again');
  // strokes for two minutes: saves every 200 ms for 1 s, then 1.6 s of rest (a plain 1.5 s debounce fetched 46 times)
  let last = -Infinity;
  let due = null;
  let fetches = 0;
  for (let now = 0; now <= 120_000; now += 100) {
    if (due !== null && now >= due) {
      fetches++;
      last = now;
      due = null;
    }
    const saving = now % 2600 < 1000 && now % 200 === 0;
    if (saving) due = now + refreshDelay(last, now); // every save reschedules, as refreshSoon does
  }
  assert.ok(fetches >= 3 && fetches <= 120_000 / REFRESH_GAP_MS + 1, `fetches: ${fetches}`);
});

test('a change is drawn onto the minimap pixel by pixel: the pixels its cells cover, each from the cell at its centre', async () => {
  const { patchArea } = await import('../editor/minimap.js');
  // a 100x50 map of 16 px tiles on a 200x100 minimap: 0.125 px per map pixel, 2 px per tile
  const area = patchArea({ x: 10, y: 4, width: 3, height: 1 }, new Orthogonal(16, 16), 0.125, 200, 100);
  assert.deepEqual([area.x0, area.y0, area.x1, area.y1], [20, 8, 26, 10]);
  assert.deepEqual(area.cellAt(20, 8), { x: 10, y: 4 });
  assert.deepEqual(area.cellAt(25, 9), { x: 12, y: 4 });
  // large maps: a pixel covers many cells; rectangles past the edge are clipped
  const big = patchArea({ x: 0, y: 0, width: 4096, height: 4096 }, new Orthogonal(16, 16), 200 / 65536, 200, 200);
  assert.deepEqual([big.x0, big.y0, big.x1, big.y1], [0, 0, 200, 200]);
  // a pixel shows the cell under its centre: pixel 199.5 of 200 across 4096 cells
  assert.deepEqual(big.cellAt(199, 0), { x: 4085, y: 10 });
});
