// Object tools on object layers: insert rectangles and ellipses (drag), points (click) and polygons (click the
// vertices, double click or Enter to finish, Escape to drop); select an object (click) to move it (drag) or
// resize it (the handle at its bottom-right corner), Delete removes it. Each change is one op, sent when the
// drag ends; the drag shows a preview meanwhile.

const HANDLE = 6; // screen pixels

/** The object's box in map pixels (points get a small one to be hit). */
export function objectBox(o) {
  if (o.shape === 'point') return { x: o.x - 4, y: o.y - 4, width: 8, height: 8 };
  if ((o.shape === 'polygon' || o.shape === 'polyline') && o.points?.length) {
    const xs = o.points.map((p) => o.x + p.dx);
    const ys = o.points.map((p) => o.y + p.dy);
    return { x: Math.min(...xs), y: Math.min(...ys), width: Math.max(...xs) - Math.min(...xs), height: Math.max(...ys) - Math.min(...ys) };
  }
  if (o.gid) return { x: o.x, y: o.y - (o.height ?? 0), width: o.width ?? 0, height: o.height ?? 0 };
  return { x: o.x, y: o.y, width: o.width ?? 0, height: o.height ?? 0 };
}

/** The topmost object of a layer at a map point, or null. */
export function objectAt(layer, x, y) {
  for (let i = layer.objects.length - 1; i >= 0; i--) {
    const o = layer.objects[i];
    const b = objectBox(o);
    if (x >= b.x && x <= b.x + b.width && y >= b.y && y <= b.y + b.height) return o;
  }
  return null;
}

export class ObjectTools {
  /** @param {import('./editor.js').Editor} editor */
  constructor(editor) {
    this.editor = editor;
    this.drag = null;
    this.polygon = null; // vertices so far, map pixels
    editor.renderer.overlays.push((ctx, view) => this.draw(ctx, view));
    editor.map.listen((change) => {
      if (change.kind === 'objects' && this.selected() === null) editor.selectedObject = null;
    });
  }

  /** The mode for one tool name. */
  mode(shape) {
    return { down: (cell, e) => this.down(shape, cell, e), move: (cell) => this.move(cell), up: () => this.up() };
  }

  layer() {
    const layer = this.editor.layer();
    if (layer?.type !== 'object') {
      this.editor.notify('Choose an object layer for the object tools.');
      return null;
    }
    if (layer.attributes.locked) {
      this.editor.notify(`Layer “${layer.attributes.name}” is locked; untick its lock box in Layers to change it.`);
      return null;
    }
    return layer;
  }

  selected() {
    const s = this.editor.selectedObject;
    if (!s) return null;
    return this.editor.map.layer(s.layerId)?.objects?.find((o) => o.id === s.objectId) ?? null;
  }

  down(shape, cell, e) {
    const layer = this.layer();
    if (layer === null) return;
    const at = { x: Math.round(cell.worldX), y: Math.round(cell.worldY) };
    if (shape === 'select') {
      const current = this.selected();
      const handle = current && this.onHandle(current, cell.worldX, cell.worldY);
      const hit = handle ? current : objectAt(layer, cell.worldX, cell.worldY);
      this.editor.selectObject(hit ? { layerId: layer.id, objectId: hit.id } : null);
      if (hit) this.drag = { kind: handle ? 'resize' : 'move', object: hit, from: at, to: at };
    } else if (shape === 'point') {
      this.add(layer, { shape: 'point', x: at.x, y: at.y });
    } else if (shape === 'polygon') {
      if (this.polygon && e.detail >= 2) {
        this.finishPolygon();
      } else {
        this.polygon = [...(this.polygon ?? []), at];
      }
    } else {
      this.drag = { kind: 'create', shape, from: at, to: at };
    }
    this.editor.emit('objects');
  }

  move(cell) {
    if (this.drag) this.drag.to = { x: Math.round(cell.worldX), y: Math.round(cell.worldY) };
  }

  up() {
    const drag = this.drag;
    this.drag = null;
    if (!drag) return;
    const dx = drag.to.x - drag.from.x;
    const dy = drag.to.y - drag.from.y;
    const layer = this.editor.layer();
    if (drag.kind === 'create') {
      const box = normal(drag.from, drag.to);
      if (box.width >= 1 && box.height >= 1) this.add(layer, { shape: drag.shape, ...box });
    } else if (drag.kind === 'move' && (dx !== 0 || dy !== 0)) {
      this.editor.edit({ type: 'updateObject', layerId: layer.id, objectId: drag.object.id, patch: { x: drag.object.x + dx, y: drag.object.y + dy } });
    } else if (drag.kind === 'resize') {
      const o = drag.object;
      const width = Math.max(1, (o.width ?? 0) + dx);
      const height = Math.max(1, (o.height ?? 0) + dy);
      this.editor.edit({ type: 'updateObject', layerId: layer.id, objectId: o.id, patch: { width, height } });
    }
    this.editor.emit('objects');
  }

  add(layer, fields) {
    const applied = this.editor.edit({
      type: 'addObject', layerId: layer.id,
      object: { id: 0, name: '', type: '', rotation: 0, visible: true, ...fields },
    });
    if (applied) this.editor.selectObject({ layerId: layer.id, objectId: applied.op.object.id });
  }

  finishPolygon() {
    const points = this.polygon;
    this.polygon = null;
    const layer = this.layer();
    if (layer === null || !points || points.length < 3) {
      this.editor.emit('objects');
      return;
    }
    const [first] = points;
    this.add(layer, { shape: 'polygon', x: first.x, y: first.y, points: points.map((p) => ({ dx: p.x - first.x, dy: p.y - first.y })) });
  }

  cancelPolygon() {
    this.polygon = null;
    this.editor.emit('objects');
  }

  removeSelected() {
    const o = this.selected();
    if (!o) return false;
    this.editor.edit({ type: 'removeObject', layerId: this.editor.selectedObject.layerId, objectId: o.id });
    this.editor.selectObject(null);
    return true;
  }

  onHandle(o, x, y) {
    if (o.shape === 'point' || o.shape === 'polygon' || o.shape === 'polyline') return false;
    const b = objectBox(o);
    const r = HANDLE / this.editor.view.zoom;
    return Math.abs(x - (b.x + b.width)) <= r && Math.abs(y - (b.y + b.height)) <= r;
  }

  draw(ctx, view) {
    const line = 1 / view.zoom;
    const o = this.selected();
    if (o) {
      let b = objectBox(o);
      if (this.drag?.kind === 'move') {
        b = { ...b, x: b.x + this.drag.to.x - this.drag.from.x, y: b.y + this.drag.to.y - this.drag.from.y };
      } else if (this.drag?.kind === 'resize') {
        b = { ...b, width: Math.max(1, b.width + this.drag.to.x - this.drag.from.x), height: Math.max(1, b.height + this.drag.to.y - this.drag.from.y) };
      }
      ctx.setLineDash([4 * line, 3 * line]);
      ctx.strokeStyle = '#ffffff';
      ctx.lineWidth = 1.5 * line;
      ctx.strokeRect(b.x, b.y, b.width, b.height);
      ctx.setLineDash([]);
      if (o.shape !== 'point' && o.shape !== 'polygon' && o.shape !== 'polyline') {
        const r = HANDLE * line;
        ctx.fillStyle = '#2f6fde';
        ctx.fillRect(b.x + b.width - r, b.y + b.height - r, 2 * r, 2 * r);
      }
    }
    if (this.drag?.kind === 'create') {
      const b = normal(this.drag.from, this.drag.to);
      ctx.strokeStyle = '#ffd24a';
      ctx.lineWidth = 1.5 * line;
      ctx.beginPath();
      if (this.drag.shape === 'ellipse') ctx.ellipse(b.x + b.width / 2, b.y + b.height / 2, b.width / 2, b.height / 2, 0, 0, 2 * Math.PI);
      else ctx.rect(b.x, b.y, b.width, b.height);
      ctx.stroke();
    }
    if (this.polygon) {
      ctx.strokeStyle = '#ffd24a';
      ctx.lineWidth = 1.5 * line;
      ctx.beginPath();
      this.polygon.forEach((p, i) => (i === 0 ? ctx.moveTo(p.x, p.y) : ctx.lineTo(p.x, p.y)));
      ctx.stroke();
      ctx.fillStyle = '#ffd24a';
      for (const p of this.polygon) ctx.fillRect(p.x - 2 * line, p.y - 2 * line, 4 * line, 4 * line);
    }
  }
}

function normal(a, b) {
  return { x: Math.min(a.x, b.x), y: Math.min(a.y, b.y), width: Math.abs(b.x - a.x), height: Math.abs(b.y - a.y) };
}
