// Compare: what changed since a past version, drawn over the live map as diff.png marks it (outlines: added green,
// removed red, changed orange; objects' boxes), with the places that changed stepped through (previous / next
// centre the view on one). The changes come from the server's diff (GET …/diff?from=N, docs/review.md).

import { changeRegions, places } from '../history/diffs.js';
import { apiFetch } from '../sync/http.js';
import { projectionOf } from '../model/projection.js';

export const COLOURS = { added: '#2ecc40', removed: '#ff4136', changed: '#ff9f1a' };
/** Regions drawn at most (a diff may list many more runs; the places to step through still cover them all). */
const MOST_DRAWN = 20000;
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
    const projection = projectionOf(this.editor.map);
    this.from = from;
    this.to = answer.to;
    this.regions = changeRegions(answer.diff, projection);
    this.places = places(this.regions, projection);
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
