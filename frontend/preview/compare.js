// Compare on the preview page: pick a change of the map's history, and every view shows the map as it is now with
// what changed since just before it marked, as diff.png draws it (cells outlined green/red/orange by added/removed/
// changed, objects' boxes, the rest dimmed); ◀ ▶ centre the active view on each place that changed (the editor's
// places: blocks of 16x16 cells, from the diff's JSON). Done goes back to the plain render.

import { apiFetch } from '../sync/http.js';
import { changeRegions, places, versions } from '../history/diffs.js';
import { projectionOf } from '../model/projection.js';

export class PreviewCompare {
  /**
   * @param {HTMLElement} bar holds [data-field=compare-since] (a select), [data-action=compare-start|previous|next|
   *   done] and [data-field=compare-status]
   * @param {{mapId: number, tileWidth: number, tileHeight: number, centre: (x: number, y: number) => void,
   *   refresh: () => void, notify: (text: string) => void}} page
   */
  constructor(bar, page, fetchFn = (url) => apiFetch(url)) {
    Object.assign(this, { bar, page, fetch: fetchFn });
    this.base = `/api/v1/maps/${page.mapId}`;
    this.since = null;
    this.places = [];
    this.at = -1;
    this.select = bar.querySelector('[data-field="compare-since"]');
    const on = (action, run) => bar.querySelector(`[data-action="${action}"]`).addEventListener('click', run);
    on('compare-start', () => this.start(Number(this.select.value)).catch((e) => page.notify(`Compare: ${e.message}`)));
    on('compare-previous', () => this.step(-1));
    on('compare-next', () => this.step(1));
    on('compare-done', () => this.stop());
    this.select.addEventListener('focus', () => this.loadChanges().catch(() => {}), { once: true });
  }

  /** The changes to compare since, newest first: each as the version just before it. */
  async loadChanges() {
    const response = await this.fetch(`${this.base}/history?limit=50`);
    if (!response.ok) return;
    const page = await response.json();
    const chosen = this.select.value;
    this.select.replaceChildren(...page.changes.filter((c) => c.fromVersion > 1).map((c) => {
      const option = document.createElement('option');
      option.value = String(c.fromVersion - 1);
      option.textContent = `${versions(c)} ${c.summary.text}`;
      return option;
    }));
    if (chosen) this.select.value = chosen;
  }

  /** What the views' images add to their query while comparing (a new region is fetched when it changes). */
  query() {
    return this.since === null ? '' : `&compare=${this.since}`;
  }

  /** The URL a view's region is drawn from: diff.png while comparing, else null (the page's render). */
  url(region) {
    if (this.since === null) return null;
    return `${this.base}/diff.png?from=${this.since}&x=${region.x}&y=${region.y}&width=${region.width}`
      + `&height=${region.height}`;
  }

  async start(since) {
    if (!Number.isInteger(since) || since < 1) throw new Error('pick a change to compare since');
    const response = await this.fetch(`${this.base}/diff?from=${since}`);
    const answer = await response.json().catch(() => null);
    if (!response.ok) throw new Error(answer?.detail ?? `the server answered ${response.status}`);
    this.since = since;
    this.to = answer.to;
    const projection = projectionOf(this.page);
    this.places = places(changeRegions(answer.diff, projection), projection);
    this.at = -1;
    this.bar.classList.add('comparing');
    this.page.refresh();
    if (this.places.length > 0) this.step(1); else this.say();
  }

  say() {
    this.bar.querySelector('[data-field="compare-status"]').textContent = this.since === null ? ''
      : `Changes since v${this.since} (now v${this.to}): ${this.places.length === 0 ? 'nothing changed'
        : `place ${this.at + 1} of ${this.places.length}`}`;
  }

  step(direction) {
    if (this.places.length === 0) return;
    this.at = (this.at + direction + this.places.length) % this.places.length;
    const place = this.places[this.at];
    this.page.centre(place.x + place.width / 2, place.y + place.height / 2);
    this.say();
  }

  stop() {
    this.since = null;
    this.places = [];
    this.bar.classList.remove('comparing');
    this.say();
    this.page.refresh();
  }
}
