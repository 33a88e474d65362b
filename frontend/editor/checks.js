// Map checks in the editor: a badge in the status bar (all passed / how many failed, for the version they ran on),
// the results listed in the Checks panel, and each failing check drawn on the canvas as the server found it: the
// path a reachable check took or the area its search explored, the line a blocked check followed, empty cells,
// objects that lack a property or lie outside the map. Results come from GET …/checks and live `checks` frames.

import { apiFetch } from '../sync/http.js';
import { projectionOf } from '../model/projection.js';

const FAIL = '#ff4136';
const PATH = '#39cccc';

/**
 * The marks a result asks to be drawn, in map pixels ({kind: 'rect'|'line'|'cells'|'path', ...}), on a map of that
 * projection (tile areas become the boxes the projection gives them).
 */
export function marks(result, projection, offset = { x: 0, y: 0 }) {
  const d = result.details ?? {};
  const out = [];
  if (result.type === 'reachable') {
    if (d.tiles?.length) out.push({ kind: 'path', tiles: d.tiles });
    if (!result.passed && d.explored) {
      out.push({ kind: 'rect', ...projection.areaBox(d.explored) });
    }
  } else if (result.type === 'blocked' && d.from && d.to) {
    out.push({ kind: 'line', from: { x: d.from.x - offset.x, y: d.from.y - offset.y },
      to: { x: d.to.x - offset.x, y: d.to.y - offset.y } });
    if (d.hit) out.push({ kind: 'cells', cells: [d.hit.tile] });
  } else if (result.type === 'noEmptyCells' && d.cells?.length) {
    out.push({ kind: 'cells', cells: d.cells });
  }
  for (const o of d.offending ?? []) out.push({ kind: 'rect', x: o.x - 2, y: o.y - 2, width: 4, height: 4, object: o.id });
  return out;
}

/** What the badge says: "checks ✓ 5" or "checks ✗ 2 of 5", with the version when it is not the one shown. */
export function badge(report, shownVersion) {
  if (!report || report.results.length === 0) return { text: report?.state === 'pending' ? 'checks …' : '', failed: 0 };
  const failed = report.results.filter((r) => !r.passed).length;
  const of = report.version === shownVersion ? '' : ` (v${report.version})`;
  return { text: failed === 0 ? `checks ✓ ${report.results.length}${of}` : `checks ✗ ${failed} of ${report.results.length}${of}`,
    failed };
}

export class ChecksPanel {
  /**
   * @param {import('./editor.js').Editor} editor
   * @param {{badge: HTMLElement, list: HTMLElement, mapId: number, version: () => number, fetchFn?: Function}} parts
   */
  constructor(editor, { badge: badgeEl, list, mapId, version, fetchFn = apiFetch }) {
    Object.assign(this, { editor, badgeEl, list, version, fetch: fetchFn });
    this.url = `/api/v1/maps/${mapId}/checks`;
    this.report = null;
    this.selected = null;
    editor.renderer.mapOverlays.push((ctx, view) => this.draw(ctx, view));
    badgeEl.addEventListener('click', () => list.closest('details')?.setAttribute('open', ''));
  }

  async load(version = null) {
    const response = await this.fetch(version === null ? this.url : `${this.url}?version=${version}`);
    if (!response.ok) return;
    this.show(await response.json());
  }

  /** A live `checks` frame: the results' summary at once, what they found (details) read after. */
  heard(frame) {
    this.show({ ...frame, state: 'done' });
    this.load(frame.version).catch(() => {});
  }

  /** A live `checks` frame (or a report read): newer results replace older ones. */
  show(report) {
    if (this.report && report.version < this.report.version) return;
    if (report.state === 'pending' && this.report) return;
    this.report = report;
    const { text, failed } = badge(report, this.version());
    this.badgeEl.textContent = text;
    this.badgeEl.classList.toggle('failing', failed > 0);
    this.badgeEl.hidden = text === '';
    this.list.replaceChildren(...report.results.map((r) => {
      const li = document.createElement('li');
      li.dataset.testid = 'check';
      li.dataset.passed = String(r.passed);
      li.className = r.passed ? 'passed' : 'failed';
      const button = document.createElement('button');
      button.type = 'button';
      button.textContent = `${r.passed ? '✓' : '✗'} ${r.name}: ${r.message}`;
      button.addEventListener('click', () => this.select(r));
      li.append(button);
      return li;
    }));
    this.editor.renderer.requestDraw();
  }

  /** Centres the view on what a check found. */
  select(result) {
    this.selected = result.name;
    const { map, view } = this.editor;
    const projection = projectionOf(map);
    const all = marks(result, projection, map.offset);
    const first = all[0];
    if (first) {
      const tile = (first.tiles ?? first.cells)?.[0];
      const at = tile ? projection.tileToScreen(tile.x, tile.y) : first.kind === 'line' ? first.from : first;
      view.x = at.x - view.width / (2 * view.zoom);
      view.y = at.y - view.height / (2 * view.zoom);
      this.editor.emit('view');
    }
    this.editor.renderer.requestDraw();
  }

  /** Failing checks (and the one picked) drawn in map pixels. */
  draw(ctx, view) {
    if (!this.report) return;
    const { map } = this.editor;
    const projection = projectionOf(map);
    const px = 1 / view.zoom;
    ctx.lineWidth = 2 * px;
    for (const result of this.report.results) {
      if (result.passed && result.name !== this.selected) continue;
      for (const m of marks(result, projection, map.offset)) {
        ctx.strokeStyle = m.kind === 'path' ? PATH : FAIL;
        if (m.kind === 'rect') {
          ctx.setLineDash([6 * px, 4 * px]);
          ctx.strokeRect(m.x, m.y, m.width, m.height);
          ctx.setLineDash([]);
        } else if (m.kind === 'line') {
          ctx.beginPath();
          ctx.moveTo(m.from.x, m.from.y);
          ctx.lineTo(m.to.x, m.to.y);
          ctx.stroke();
        } else if (m.kind === 'cells') {
          for (const c of m.cells) {
            const cell = projection.cellBox(c.x, c.y);
            ctx.strokeRect(cell.x, cell.y, cell.width, cell.height);
          }
        } else {
          ctx.beginPath();
          m.tiles.forEach((t, i) => {
            const { x, y } = projection.tileToScreen(t.x + 0.5, t.y + 0.5);
            if (i === 0) ctx.moveTo(x, y); else ctx.lineTo(x, y);
          });
          ctx.stroke();
        }
      }
    }
  }
}
