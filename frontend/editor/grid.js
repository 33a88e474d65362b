// The computed collision grid over the map (GET .../grid as bytes, fetched again after edits are saved) and the
// override brush: drag over elements to make them solid (15), with shift free (0), with alt a one-way platform
// (4); with ctrl the override is released. Overrides are overrideGrid ops (shared, undoable) and show at once.

import { apiFetch, refusal } from '../sync/http.js';
import { lineCells } from './tools.js';

const SOLID = 15;
const TOP = 4;

export class GridOverlay {
  /** @param {import('./editor.js').Editor} editor */
  constructor(editor, toggle) {
    this.editor = editor;
    this.toggle = toggle;
    this.grid = null; // {columns, rows, bytes}
    this.timer = null;
    this.drag = null;
    toggle.addEventListener('change', () => {
      if (toggle.checked) this.refresh();
      editor.renderer.requestDraw();
    });
    editor.session.listen((event) => {
      if (event.type === 'state' && event.state === 'saved' && this.shown()) this.refreshSoon();
    });
    editor.renderer.mapOverlays.unshift((ctx, view) => this.draw(ctx, view));
  }

  shown() {
    return this.toggle.checked;
  }

  refreshSoon() {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.refresh(), 150);
  }

  async refresh() {
    const response = await apiFetch(`/api/v1/maps/${this.editor.map.id}/grid`, { headers: { Accept: 'application/octet-stream' } });
    if (!response.ok) {
      this.editor.notify(`The collision grid: ${await refusal(response)}`);
      return;
    }
    this.grid = {
      columns: Number(response.headers.get('X-Grid-Columns')),
      rows: Number(response.headers.get('X-Grid-Rows')),
      bytes: new Uint8Array(await response.arrayBuffer()),
    };
    this.editor.renderer.requestDraw();
  }

  /** The element's solid sides: the local override if there is one (it shows before the server has it). */
  sides(ex, ey) {
    const override = this.editor.map.gridOverrides.get(`${ex},${ey}`);
    if (override !== undefined) return override;
    if (this.grid === null || ex >= this.grid.columns || ey >= this.grid.rows) return 0;
    return this.grid.bytes[ey * this.grid.columns + ex] & SOLID;
  }

  draw(ctx, view) {
    if (!this.shown()) return;
    const { map } = this.editor;
    const { width: ew, height: eh } = map.gridElement();
    if (ew * view.zoom < 2) return;
    const sight = view.visible();
    const x0 = Math.max(0, Math.floor(sight.x / ew));
    const y0 = Math.max(0, Math.floor(sight.y / eh));
    const x1 = Math.min(map.gridColumns() - 1, Math.floor((sight.x + sight.width) / ew));
    const y1 = Math.min(map.gridRows() - 1, Math.floor((sight.y + sight.height) / eh));
    const line = 2 / view.zoom;
    for (let ey = y0; ey <= y1; ey++) {
      for (let ex = x0; ex <= x1; ex++) {
        const sides = this.sides(ex, ey);
        if (sides === SOLID) {
          ctx.fillStyle = 'rgba(224, 32, 32, 0.4)';
          ctx.fillRect(ex * ew, ey * eh, ew, eh);
        } else if (sides !== 0) {
          ctx.fillStyle = '#ffd000';
          if (sides & 4) ctx.fillRect(ex * ew, ey * eh, ew, line);
          if (sides & 8) ctx.fillRect(ex * ew, (ey + 1) * eh - line, ew, line);
          if (sides & 1) ctx.fillRect(ex * ew, ey * eh, line, eh);
          if (sides & 2) ctx.fillRect((ex + 1) * ew - line, ey * eh, line, eh);
        }
        if (map.gridOverrides.has(`${ex},${ey}`)) {
          ctx.strokeStyle = '#38d9f5';
          ctx.lineWidth = 1 / view.zoom;
          ctx.strokeRect(ex * ew + line / 2, ey * eh + line / 2, ew - line, eh - line);
        }
      }
    }
  }

  element(cell) {
    const { width, height } = this.editor.map.gridElement();
    return { x: Math.floor(cell.mapX / width), y: Math.floor(cell.mapY / height) };
  }

  down(cell, e) {
    if (!this.shown()) {
      this.toggle.checked = true;
      this.refresh();
    }
    const sides = e.ctrlKey || e.metaKey ? null : e.shiftKey ? 0 : e.altKey ? TOP : SOLID;
    this.drag = { sides, last: this.element(cell) };
    this.editor.history.begin();
    this.paint(this.drag.last, this.drag.last);
  }

  move(cell) {
    if (!this.drag) return;
    const at = this.element(cell);
    if (at.x === this.drag.last.x && at.y === this.drag.last.y) return;
    this.paint(this.drag.last, at);
    this.drag.last = at;
  }

  up() {
    if (!this.drag) return;
    this.drag = null;
    this.editor.history.end();
  }

  paint(from, to) {
    const { map } = this.editor;
    const { sides } = this.drag;
    const elements = lineCells(from.x, from.y, to.x, to.y)
      .filter(([x, y]) => x >= 0 && y >= 0 && x < map.gridColumns() && y < map.gridRows())
      .filter(([x, y]) => (map.gridOverrides.get(`${x},${y}`) ?? null) !== sides)
      .map(([x, y]) => ({ x, y, sides }));
    if (elements.length > 0) this.editor.edit({ type: 'overrideGrid', elements });
  }
}
