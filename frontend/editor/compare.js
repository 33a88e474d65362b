// Compare: what changed since a past version, drawn over the live map as diff.png marks it (outlines: added green,
// removed red, changed orange; objects' boxes), with the places that changed stepped through (previous / next
// centre the view on one). The changes come from the server's diff (GET …/diff?from=N, docs/review.md).

import { apiFetch } from '../sync/http.js';

export const COLOURS = { added: '#2ecc40', removed: '#ff4136', changed: '#ff9f1a' };
/** Regions drawn at most (a diff may list many more runs; the places to step through still cover them all). */
const MOST_DRAWN = 20000;
/** Cells on a side of the blocks changes are grouped in to step through. */
const BLOCK = 16;

function kindOf(before, after) {
  if (before.every((g) => g === 0)) return 'added';
  if (after.every((g) => g === 0)) return 'removed';
  return 'changed';
}

function box(object, tileWidth, tileHeight) {
  const tile = object.gid !== undefined && object.gid !== null && object.gid !== 0;
  const width = object.width > 0 ? object.width : tile ? tileWidth : 0;
  const height = object.height > 0 ? object.height : tile ? tileHeight : 0;
  return { x: object.x, y: tile ? object.y - height : object.y, width, height };
}

/**
 * The regions a diff names, in map pixels, each with its kind: its cell runs (a run from one gid to one gid by
 * those, else by its cells) and its objects' boxes. Sorted top to bottom, left to right.
 */
export function changeRegions(diff, tileWidth, tileHeight) {
  const regions = [];
  for (const layer of diff.layers ?? []) {
    for (const run of layer.cells ?? []) {
      const kind = run.from !== undefined ? kindOf([run.from], [run.to]) : kindOf(run.before, run.after);
      regions.push({ x: run.x * tileWidth, y: run.y * tileHeight, width: run.width * tileWidth,
        height: run.height * tileHeight, kind, layerId: layer.layerId });
    }
    for (const [list, kind] of [[layer.objectsAdded, 'added'], [layer.objectsRemoved, 'removed'],
      [(layer.objectsChanged ?? []).map((c) => c.after), 'changed']]) {
      for (const object of list ?? []) {
        regions.push({ ...box(object, tileWidth, tileHeight), kind, layerId: layer.layerId, object: object.id });
      }
    }
  }
  return regions.sort((a, b) => a.y - b.y || a.x - b.x);
}

/** The places to step through: the blocks of BLOCK x BLOCK cells that changes touch, top to bottom, left to right. */
export function places(regions, tileWidth, tileHeight) {
  const size = { w: BLOCK * tileWidth, h: BLOCK * tileHeight };
  const blocks = new Map();
  for (const r of regions) {
    const bx = Math.floor((r.x + r.width / 2) / size.w);
    const by = Math.floor((r.y + r.height / 2) / size.h);
    const key = `${bx},${by}`;
    const known = blocks.get(key);
    if (known) {
      const right = Math.max(known.x + known.width, r.x + r.width);
      const bottom = Math.max(known.y + known.height, r.y + r.height);
      known.x = Math.min(known.x, r.x);
      known.y = Math.min(known.y, r.y);
      known.width = right - known.x;
      known.height = bottom - known.y;
      known.count++;
    } else {
      blocks.set(key, { bx, by, x: r.x, y: r.y, width: Math.max(1, r.width), height: Math.max(1, r.height), count: 1 });
    }
  }
  return [...blocks.values()].sort((a, b) => a.by - b.by || a.bx - b.bx);
}

export class CompareOverlay {
  /**
   * @param {import('./editor.js').Editor} editor
   * @param {{bar: HTMLElement, mapId: number, notify: (text: string) => void, fetchFn?: Function}} parts
   */
  constructor(editor, { bar, mapId, notify, fetchFn = apiFetch }) {
    this.editor = editor;
    this.bar = bar;
    this.base = `/api/v1/maps/${mapId}`;
    this.notify = notify;
    this.fetch = fetchFn;
    this.regions = [];
    this.places = [];
    this.at = -1;
    this.from = null;
    bar.querySelector('[data-action="compare-previous"]').addEventListener('click', () => this.step(-1));
    bar.querySelector('[data-action="compare-next"]').addEventListener('click', () => this.step(1));
    bar.querySelector('[data-action="compare-done"]').addEventListener('click', () => this.stop());
    editor.renderer.mapOverlays.push((ctx, view) => this.draw(ctx, view));
  }

  /** Shows what changed from version `from` to now. */
  async start(from) {
    const response = await this.fetch(`${this.base}/diff?from=${from}`);
    const answer = await response.json().catch(() => null);
    if (!response.ok) throw new Error(answer?.detail ?? `the server answered ${response.status}`);
    const { tileWidth, tileHeight } = this.editor.map;
    this.from = from;
    this.to = answer.to;
    this.regions = changeRegions(answer.diff, tileWidth, tileHeight);
    this.places = places(this.regions, tileWidth, tileHeight);
    this.unlisted = (answer.diff.layers ?? []).some((l) => l.listed === false);
    this.at = -1;
    this.bar.hidden = false;
    this.say();
    if (this.places.length > 0) this.step(1);
    this.editor.renderer.requestDraw();
  }

  say() {
    const counts = this.places.length === 0 ? 'nothing changed'
      : `place ${this.at + 1} of ${this.places.length}`;
    this.bar.querySelector('[data-field="compare"]').textContent =
      `Changes since v${this.from} (now v${this.to}): ${counts}${this.unlisted ? ' (too many cells to draw them all)' : ''}`;
  }

  /** Centres the view on the next (+1) or previous (-1) place that changed. */
  step(direction) {
    if (this.places.length === 0) return;
    this.at = (this.at + direction + this.places.length) % this.places.length;
    const place = this.places[this.at];
    const view = this.editor.view;
    view.x = place.x + place.width / 2 - view.width / (2 * view.zoom);
    view.y = place.y + place.height / 2 - view.height / (2 * view.zoom);
    this.say();
    this.editor.emit('view');
  }

  stop() {
    this.regions = [];
    this.places = [];
    this.bar.hidden = true;
    this.editor.renderer.requestDraw();
  }

  /** Draws in map pixels (the renderer's transform is the view's): lines keep 2 screen pixels at any zoom. */
  draw(ctx, view) {
    if (this.regions.length === 0) return;
    const px = 1 / view.zoom;
    const sight = view.visible();
    ctx.lineWidth = 2 * px;
    let drawn = 0;
    for (const r of this.regions) {
      const w = Math.max(4 * px, r.width);
      const h = Math.max(4 * px, r.height);
      if (r.x > sight.x + sight.width || r.y > sight.y + sight.height || r.x + w < sight.x || r.y + h < sight.y) {
        continue;
      }
      ctx.strokeStyle = COLOURS[r.kind];
      ctx.setLineDash(r.kind === 'removed' && r.object !== undefined ? [4 * px, 3 * px] : []);
      ctx.strokeRect(r.x, r.y, w, h);
      if (++drawn >= MOST_DRAWN) break;
    }
    ctx.setLineDash([]);
    const place = this.places[this.at];
    if (place) {
      ctx.strokeStyle = '#ffffff';
      ctx.setLineDash([6 * px, 4 * px]);
      ctx.strokeRect(place.x - 6 * px, place.y - 6 * px, place.width + 12 * px, place.height + 12 * px);
      ctx.setLineDash([]);
    }
  }
}
