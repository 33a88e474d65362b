import { test } from 'node:test';
import assert from 'node:assert/strict';

import { PeoplePanel } from '../editor/people.js';

/** A 2D context that records what is asked of it (and whether the transform is the canvas's own). */
function recordingContext() {
  const calls = [];
  let transform = 'map';
  const ctx = {
    calls,
    save() { calls.push('save'); },
    restore() { calls.push('restore'); transform = 'map'; },
    setTransform(a, b, c, d, e, f) { transform = [a, b, c, d, e, f].join(','); },
    setLineDash() {}, beginPath() {}, closePath() {}, fill() {},
    moveTo(x, y) { calls.push(`moveTo ${x},${y} in ${transform}`); },
    lineTo() {},
    strokeRect(x, y, w, h) { calls.push(`strokeRect ${x},${y},${w},${h} in ${transform}`); },
    fillRect() {}, fillText() {},
    measureText: (text) => ({ width: text.length * 6 }),
  };
  return ctx;
}

test('others\' cursors and selections land where they are on a scrolled, zoomed view', () => {
  globalThis.devicePixelRatio = 1;
  const view = { x: 100, y: 50, zoom: 2, toScreen: (wx, wy) => ({ x: (wx - 100) * 2, y: (wy - 50) * 2 }) };
  const panel = Object.create(PeoplePanel.prototype);
  panel.editor = { map: { tileWidth: 16, tileHeight: 16 } };
  panel.session = { people: new Map([['c1', { color: '#f00', name: 'Bob', cursor: { x: 120, y: 60 },
    selection: { x: 10, y: 5, width: 2, height: 1 } }]]) };
  const ctx = recordingContext();
  panel.draw(ctx, view);
  // drawn in the canvas's own pixels (the renderer's context comes transformed to map pixels)
  assert.deepEqual(ctx.calls, ['save', 'strokeRect 120,60,64,32 in 1,0,0,1,0,0', 'moveTo 40,20 in 1,0,0,1,0,0',
    'restore']);
});
