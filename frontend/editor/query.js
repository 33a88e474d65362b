// The query tool: drag a ray and see the tiles it walks and what it stops at on the current layer
// (POST .../queries/ray); with shift a rectangle, with alt a circle (centre where the drag starts), showing the
// tiles with something on the current layer and the objects inside (POST .../queries/rect, .../circle).

import { apiFetch, problemText } from '../sync/http.js';
import { projectionOf } from '../model/projection.js';

export class QueryTool {
  /** @param {import('./editor.js').Editor} editor */
  constructor(editor) {
    this.editor = editor;
    this.drag = null;
    this.result = null; // {tiles:[{x,y}], hit, objects}
    editor.renderer.mapOverlays.push((ctx, view) => this.draw(ctx, view));
  }

  down(cell, e) {
    this.drag = { kind: e.shiftKey ? 'rect' : e.altKey ? 'circle' : 'ray', from: cell, to: cell };
    this.result = null;
  }

  move(cell) {
    if (this.drag) this.drag.to = cell;
  }

  async up() {
    const drag = this.drag;
    this.drag = null;
    if (!drag) return;
    const { map } = this.editor;
    const layer = this.editor.layer();
    const layerId = layer?.type === 'tile' ? layer.id : undefined;
    // queries speak world pixels, where the map's offset counts
    const from = { x: drag.from.mapX + map.offset.x, y: drag.from.mapY + map.offset.y };
    const to = { x: drag.to.mapX + map.offset.x, y: drag.to.mapY + map.offset.y };
    let path;
    let body;
    if (drag.kind === 'ray') {
      path = 'ray';
      body = { from, to, mode: 'walk', ...(layerId ? { stopAt: { layerId } } : {}) };
    } else if (drag.kind === 'rect') {
      path = 'rect';
      body = { x: from.x, y: from.y, width: to.x - from.x, height: to.y - from.y, objects: true, ...(layerId ? { layerId, nonEmpty: true } : {}) };
    } else {
      path = 'circle';
      body = { cx: from.x, cy: from.y, r: Math.hypot(to.x - from.x, to.y - from.y), objects: true, ...(layerId ? { layerId, nonEmpty: true } : {}) };
    }
    const response = await apiFetch(`/api/v1/maps/${map.id}/queries/${path}`, {
      method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body),
    });
    const json = await response.json().catch(() => null);
    if (!response.ok) {
      this.editor.notify(`Query refused: ${problemText(json, response.status)}`);
      return;
    }
    this.result = { kind: drag.kind, from: drag.from, to: drag.to, ...json };
    const what = drag.kind === 'ray'
      ? (json.hit ? `hit tile ${json.hit.tile.x}, ${json.hit.tile.y} after ${Math.round(json.hit.distance)} px` : 'hit nothing')
      : `${json.tiles.length} tiles${json.objects ? `, ${json.objects.length} objects` : ''}`;
    this.editor.notify(drag.kind === 'ray' ? `Ray: ${json.tiles.length} tiles walked, ${what}.` : `${drag.kind === 'rect' ? 'Rectangle' : 'Circle'}: ${what}.`);
    this.editor.renderer.requestDraw();
  }

  draw(ctx, view) {
    const projection = projectionOf(this.editor.map);
    const cellOf = (t) => {
      const b = projection.cellBox(t.x, t.y);
      return [b.x, b.y, b.width, b.height];
    };
    const line = 1.5 / view.zoom;
    if (this.result) {
      ctx.fillStyle = 'rgba(56, 217, 245, 0.35)';
      for (const t of this.result.tiles) ctx.fillRect(...cellOf(t));
      if (this.result.hit) {
        ctx.strokeStyle = '#ff3b7f';
        ctx.lineWidth = 2 * line;
        ctx.strokeRect(...cellOf(this.result.hit.tile));
      }
      for (const ref of this.result.objects ?? []) {
        const o = this.editor.map.layer(ref.layerId)?.objects?.find((object) => object.id === ref.id);
        if (!o) continue;
        ctx.strokeStyle = '#ff3b7f';
        ctx.lineWidth = line;
        ctx.strokeRect(o.x, o.y, o.width || 4, o.height || 4);
      }
    }
    const shape = this.drag ?? this.result;
    if (!shape) return;
    ctx.strokeStyle = '#ffffff';
    ctx.lineWidth = line;
    ctx.beginPath();
    const { from, to } = shape;
    if (shape.kind === 'ray') {
      ctx.moveTo(from.mapX, from.mapY);
      ctx.lineTo(to.mapX, to.mapY);
    } else if (shape.kind === 'rect') {
      ctx.rect(from.mapX, from.mapY, to.mapX - from.mapX, to.mapY - from.mapY);
    } else {
      ctx.arc(from.mapX, from.mapY, Math.hypot(to.mapX - from.mapX, to.mapY - from.mapY), 0, 2 * Math.PI);
    }
    ctx.stroke();
  }
}
