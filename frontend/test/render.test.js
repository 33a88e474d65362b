import { test } from 'node:test';
import assert from 'node:assert/strict';
import { alignmentPoint } from '../render/tilesets.js';

test('a tile object sits on its position by the point its tileset aligns it at, bottom-left by default', () => {
  assert.deepEqual(alignmentPoint(undefined), [0, 1]);
  assert.deepEqual(alignmentPoint('unspecified'), [0, 1]);
  assert.deepEqual(alignmentPoint('bottomleft'), [0, 1]);
  assert.deepEqual(alignmentPoint('topleft'), [0, 0]);
  assert.deepEqual(alignmentPoint('center'), [0.5, 0.5]);
  assert.deepEqual(alignmentPoint('bottom'), [0.5, 1]);
  assert.deepEqual(alignmentPoint('right'), [1, 0.5]);
});

test('an object layer drawn topdown draws its objects sorted by y, ties as listed; index as listed', async () => {
  const { drawnObjects } = await import('../model/tilemap.js');
  const objects = [{ id: 1, y: 30 }, { id: 2, y: 10 }, { id: 3, y: 30 }, { id: 4, y: 5 }];
  assert.deepEqual(drawnObjects({ attributes: { drawOrder: 'topdown' }, objects }).map((o) => o.id), [4, 2, 1, 3]);
  assert.deepEqual(drawnObjects({ attributes: { drawOrder: 'index' }, objects }).map((o) => o.id), [1, 2, 3, 4]);
});

test('object references are arrows from an object to the objects its object properties name, class members and list items too', async () => {
  const { TileMap, objectReferences } = await import('../model/tilemap.js');
  const map = new TileMap({
    id: 1, name: 'm', width: 10, height: 10, tileWidth: 16, tileHeight: 16, tilesets: [],
    layers: [
      { id: 1, type: 'object', name: 'doors', objects: [
        { id: 1, x: 0, y: 0, width: 20, height: 10, properties: [{ name: 'target', type: 'object', value: 2 }] },
        { id: 2, x: 100, y: 50, shape: 'point', properties: [
          { name: 'link', type: 'class', propertyType: 'Link', value: [{ name: 'to', type: 'object', value: 3 }] },
          { name: 'none', type: 'object', value: 0 }, { name: 'gone', type: 'object', value: 99 },
          { name: 'route', type: 'list', value: [{ type: 'int', value: 1 }, { type: 'object', value: 1 }] }] },
      ] },
      { id: 2, type: 'group', name: 'hidden', visible: false },
      { id: 3, type: 'object', name: 'far', parentId: 2, objects: [
        { id: 3, x: 40, y: 80, width: 16, height: 16, gid: 1, properties: [{ name: 'back', type: 'object', value: 1 }] },
      ] },
    ],
  });
  assert.deepEqual(objectReferences(map).map((r) => [r.name, r.fromId, r.toId, r.from, r.to]), [
    ['target', 1, 2, { x: 10, y: 5 }, { x: 100, y: 50 }],
    // a reference to an object on a hidden layer is drawn; one from it is not (its layer is in a hidden group)
    ['link.to', 2, 3, { x: 100, y: 50 }, { x: 48, y: 72 }],
    // a list's object items (Tiled 1.12), named by their place
    ['route[1]', 2, 1, { x: 100, y: 50 }, { x: 10, y: 5 }],
  ]);
});

test('an animated tile shows its frames in turn, as the server plays them (fixtures/animation.json)', async () => {
  const { frameAt } = await import('../render/tilesets.js');
  const { readFileSync } = await import('node:fs');
  const file = new URL('../../src/test/resources/fixtures/animation.json', import.meta.url);
  const { cases } = JSON.parse(readFileSync(file, 'utf8'));
  assert.ok(cases.length >= 4);
  for (const c of cases) assert.deepEqual(c.at.map((ms) => frameAt(c.frames, ms)), c.shows, c.name);
});

test('every Tiled blend mode has the canvas compositing of its name (add is the canvas\'s "lighter")', async () => {
  const { compositeOf } = await import('../render/renderer.js');
  const { BLEND_MODES } = await import('../model/tilemap.js');
  assert.equal(compositeOf('normal'), 'source-over');
  assert.equal(compositeOf(undefined), 'source-over');
  assert.equal(compositeOf('add'), 'lighter');
  const canvasModes = ['multiply', 'screen', 'overlay', 'darken', 'lighten', 'color-dodge', 'color-burn', 'hard-light',
    'soft-light', 'difference', 'exclusion', 'lighter', 'source-over'];
  for (const mode of BLEND_MODES) assert.ok(canvasModes.includes(compositeOf(mode)), mode);
});

/**
 * A 2D context that records the text it is asked to draw; every character is half the font size wide, the font's
 * ascent is three quarters of its size and its descent a quarter.
 */
function textRecorder() {
  const drawn = [];
  return {
    drawn,
    font: '',
    measureText(text) {
      const size = Number(/(\d+)px/.exec(this.font)[1]);
      return { width: (text.length * size) / 2, fontBoundingBoxAscent: size * 0.75, fontBoundingBoxDescent: size / 4 };
    },
    fillText(text, x, y) {
      drawn.push([text, x, y]);
    },
  };
}

test('a text object wraps at its box width and aligns its lines as halign and valign say', async () => {
  const { drawText } = await import('../render/text.js');
  const ctx = textRecorder();
  // 10 px characters; the box is 100 px wide: "the quick " fits, "the quick brown" does not
  drawText(ctx, { width: 100, height: 100, text: { text: 'the quick brown fox', pixelSize: 20, wrap: true,
    halign: 'right', valign: 'bottom', bold: true, color: '#ff0000' } });
  assert.deepEqual(ctx.drawn.map(([t]) => t), ['the quick', 'brown fox']);
  assert.deepEqual(ctx.drawn.map(([, x]) => x), [10, 10], 'right-aligned: 100 - 90');
  assert.deepEqual(ctx.drawn.map(([, , y]) => y), [100 - 40 + 15, 100 - 20 + 15],
    'bottom: two lines of 20 px (ascent + descent) end at 100, each drawn on its baseline 15 px below its top');
  assert.match(ctx.font, /^bold 20px "sans-serif"$/);
  assert.equal(ctx.fillStyle, '#ff0000');

  const unwrapped = textRecorder();
  drawText(unwrapped, { width: 40, height: 30, text: { text: 'one line\nsecond', pixelSize: 10, halign: 'center',
    valign: 'center', italic: true, fontFamily: 'Serif Font' } });
  assert.deepEqual(unwrapped.drawn, [['one line', 0, 12.5], ['second', 5, 22.5]]);
  assert.match(unwrapped.font, /^italic 10px "Serif Font"$/);
});
