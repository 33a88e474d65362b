// Object tools on object layers, as in Tiled. Insert: rectangles, ellipses and capsules (drag), points (click), text
// (drag its box, or click for one of 96x24), tile objects (click: the tile picked in the palette, with its flips),
// polygons and polylines (click the vertices; double click or Enter finishes, Escape drops). Select: click (shift adds
// or takes away), or drag a marquee over empty space; drag a selected object to move the selection; the square
// handle resizes, the round one above turns the object about its centre (shift: in steps of 15°); a polygon's or
// polyline's vertices are dragged, a double click on an edge adds one, Delete removes the one clicked. Each gesture is
// one op (a batch for several objects), sent when the pointer is released; a preview shows meanwhile. Geometry in
// model/shapes.js: hits and handles follow each object's rotation.

import { tileId } from '../model/gid.js';
import { projectionOf } from '../model/projection.js';
import { hits, kindOf, localBox, nearestEdge, normalAngle, toLocal, toWorld, turnedAboutCentre, worldBounds } from '../model/shapes.js';

const HANDLE = 6; // screen pixels
const ROTATE_REACH = 22; // screen pixels between the box's top and the rotate handle
const REACH = 4; // screen pixels a line or point is hit from
const TEXT_BOX = { width: 96, height: 24 };
const PATHS = new Set(['polygon', 'polyline']);
const SIZED = new Set(['rectangle', 'ellipse', 'capsule', 'text']);

/** The topmost object of a layer at a map point (turned objects as drawn), or null. */
export function objectAt(layer, x, y, reach = 0, tileOf = () => undefined) {
  for (let i = layer.objects.length - 1; i >= 0; i--) {
    const o = layer.objects[i];
    if (o.visible !== false && hits(o, x, y, reach, tileOf(o))) return o;
  }
  return null;
}

export class ObjectTools {
  /** @param {import('./editor.js').Editor} editor */
  constructor(editor) {
    this.editor = editor;
    this.drag = null;
    /** @type {{shape: string, points: {x: number, y: number}[]}|null} a polygon or polyline being clicked in */
    this.path = null;
    this.pointer = null;
    /** the vertex clicked on the one selected polygon or polyline (Delete removes it) */
    this.vertex = null;
    /** @type {{reference: string, object: object}|null} the template the Template tool places */
    this.template = null;
    /** positions snap to the tile grid when true, else to whole pixels */
    this.snapToGrid = false;
    editor.renderer.overlays.push((ctx, view) => this.draw(ctx, view));
    editor.map.listen((change) => {
      if (change.kind !== 'objects') return;
      const kept = editor.selectedObjects.filter((s) => this.find(s) !== null);
      if (kept.length !== editor.selectedObjects.length) editor.selectObjects(kept);
    });
  }

  /** The mode for one tool name. */
  mode(shape) {
    return {
      down: (cell, e) => this.down(shape, cell, e), move: (cell, e) => this.move(cell, e), up: () => this.up(),
      hover: (cell) => this.move(cell, null),
    };
  }

  layer() {
    const layer = this.editor.layer();
    if (layer?.type !== 'object') {
      this.editor.notify('Choose an object layer (or make one with + Objects) for the object tools.');
      return null;
    }
    if (layer.attributes.locked) {
      this.editor.notify(`Layer “${layer.attributes.name}” is locked; untick its lock box in Layers to change it.`);
      return null;
    }
    return layer;
  }

  find(s) {
    return this.editor.map.layer(s.layerId)?.objects?.find((o) => o.id === s.objectId) ?? null;
  }

  /** The selected objects, as they are now. */
  selection() {
    return this.editor.selectedObjects.map((s) => ({ layerId: s.layerId, object: this.find(s) }))
      .filter((s) => s.object !== null);
  }

  /** The one selected object, or null when none or several are. */
  single() {
    const all = this.selection();
    return all.length === 1 ? all[0].object : null;
  }

  /** The size of a tile object's tile (its own size when it has none). */
  tileOf(o) {
    if (!o.gid) return undefined;
    const tileset = this.editor.map.tilesetOf(o.gid);
    const source = tileset && this.editor.images.source(tileset.tilesetId, tileId(o.gid) - tileset.firstGid);
    return source ? { width: source.width, height: source.height }
      : { width: this.editor.map.tileWidth, height: this.editor.map.tileHeight };
  }

  snap(x, y) {
    if (!this.snapToGrid) return { x: Math.round(x), y: Math.round(y) };
    const projection = projectionOf(this.editor.map);
    const tile = projection.pixelToTile(x, y);
    return projection.tileToPixel(Math.round(tile.x), Math.round(tile.y));
  }

  down(tool, cell, e) {
    const layer = this.layer();
    if (layer === null) return;
    const raw = { x: cell.pixelX, y: cell.pixelY };
    const at = this.snap(raw.x, raw.y);
    this.pointer = raw;
    const double = this.isDouble(e, raw);
    if (tool === 'select') {
      this.pick(layer, raw, at, e, double);
    } else if (tool === 'point') {
      this.add(layer, { shape: 'point', ...at });
    } else if (tool === 'tile') {
      this.addTile(layer, cell, at);
    } else if (tool === 'template') {
      this.addInstance(layer, at);
    } else if (PATHS.has(tool)) {
      if (this.path && this.path.shape === tool && double) {
        this.finishPath();
      } else {
        this.path = { shape: tool, points: [...(this.path?.shape === tool ? this.path.points : []), at] };
      }
    } else {
      this.drag = { kind: 'create', shape: tool, from: at, to: at };
    }
    this.editor.emit('objects');
  }

  /** A press with the select tool: a handle of the one selected object, an object, or empty space. */
  pick(layer, raw, at, e, double) {
    const zoom = this.editor.view.zoom;
    const one = this.single();
    const reach = REACH / zoom;
    if (one && !e.shiftKey) {
      const handle = this.handleAt(one, raw);
      if (handle !== null) {
        this.vertex = handle.kind === 'vertex' ? handle.index : this.vertex;
        this.drag = { ...handle, layerId: this.editor.selectedObject.layerId, object: one, from: raw, to: raw, shift: false };
        return;
      }
      if (PATHS.has(kindOf(one)) && double) {
        const p = toLocal(one, raw.x, raw.y);
        const edge = nearestEdge(one, p.x, p.y);
        if (edge && edge.distance <= reach) {
          const points = one.points.map((q) => ({ ...q }));
          points.splice(edge.index + 1, 0, { dx: round(p.x), dy: round(p.y) });
          this.editor.edit({ type: 'updateObject', layerId: layer.id, objectId: one.id, patch: { points } });
          this.vertex = edge.index + 1;
          return;
        }
      }
    }
    const hit = objectAt(layer, raw.x, raw.y, reach, (o) => this.tileOf(o));
    this.vertex = null;
    if (hit === null) {
      if (!e.shiftKey) this.editor.selectObjects([]);
      this.drag = { kind: 'marquee', layerId: layer.id, from: raw, to: raw, add: e.shiftKey };
      return;
    }
    const chosen = { layerId: layer.id, objectId: hit.id };
    const selected = this.editor.selectedObjects.some((s) => s.layerId === layer.id && s.objectId === hit.id);
    if (e.shiftKey) {
      this.editor.selectObjects(selected
        ? this.editor.selectedObjects.filter((s) => !(s.layerId === layer.id && s.objectId === hit.id))
        : [...this.editor.selectedObjects, chosen]);
      return;
    }
    if (!selected) this.editor.selectObjects([chosen]);
    // a click (no drag) on one of several selected leaves it alone selected, as in Tiled
    this.drag = { kind: 'move', from: at, to: at, only: selected ? chosen : null };
  }

  /** Whether a press is the second of a double click: soon after the last, near it (pointer events have no count). */
  isDouble(e, p) {
    const last = this.lastPress;
    const zoom = this.editor.view.zoom;
    this.lastPress = { time: e.timeStamp, x: p.x, y: p.y };
    const double = last !== undefined && e.timeStamp - last.time < 450
      && Math.hypot(p.x - last.x, p.y - last.y) * zoom <= 4;
    if (double) this.lastPress = undefined;
    return double;
  }

  /** The handle of an object under a map point: {kind: 'resize'|'rotate'|'vertex', index?}, or null. */
  handleAt(o, p) {
    const r = HANDLE / this.editor.view.zoom;
    const near = (q) => Math.abs(q.x - p.x) <= r && Math.abs(q.y - p.y) <= r;
    const kind = kindOf(o);
    if (PATHS.has(kind)) {
      const index = o.points.findIndex((q) => near(toWorld(o, q.dx, q.dy)));
      if (index >= 0) return { kind: 'vertex', index };
    }
    if (kind === 'point') return null;
    if (near(this.rotateHandle(o))) return { kind: 'rotate' };
    if ((SIZED.has(kind) || kind === 'tile') && near(this.resizeHandle(o))) return { kind: 'resize' };
    return null;
  }

  resizeHandle(o) {
    const box = localBox(o, this.tileOf(o));
    // a tile object grows from its bottom-left corner, so its handle is at the top right
    return kindOf(o) === 'tile' ? toWorld(o, box.x + box.width, box.y) : toWorld(o, box.x + box.width, box.y + box.height);
  }

  rotateHandle(o) {
    const box = localBox(o, this.tileOf(o));
    return toWorld(o, box.x + box.width / 2, box.y - ROTATE_REACH / this.editor.view.zoom);
  }

  move(cell, e) {
    this.pointer = { x: cell.pixelX, y: cell.pixelY };
    // a preview only: the canvas is drawn again, the panels wait for the change itself
    if (!this.drag) {
      if (this.path) this.editor.renderer.requestDraw();
      return;
    }
    const raw = this.pointer;
    const snapped = ['create', 'move'].includes(this.drag.kind);
    this.drag.to = snapped ? this.snap(raw.x, raw.y) : raw;
    this.drag.shift = e?.shiftKey ?? false;
    this.editor.renderer.requestDraw();
  }

  up() {
    const drag = this.drag;
    this.drag = null;
    if (!drag) return;
    const layer = this.editor.layer();
    if (drag.kind === 'create') {
      const box = normal(drag.from, drag.to);
      if (drag.shape === 'text') {
        const sized = box.width >= 4 && box.height >= 4 ? box : { ...drag.from, ...TEXT_BOX };
        this.add(layer, { shape: 'text', ...sized, text: { text: 'Text', wrap: true } });
      } else if (box.width >= 1 && box.height >= 1) {
        this.add(layer, { shape: drag.shape, ...box });
      }
    } else if (drag.kind === 'marquee') {
      const area = normal(drag.from, drag.to);
      const inside = layer.objects.filter((o) => o.visible !== false && overlaps(worldBounds(o, this.tileOf(o)), area))
        .map((o) => ({ layerId: layer.id, objectId: o.id }));
      const kept = drag.add ? this.editor.selectedObjects.filter((s) => !inside.some((i) => i.objectId === s.objectId)) : [];
      if (area.width > 0 || area.height > 0) this.editor.selectObjects([...kept, ...inside]);
    } else if (drag.kind === 'move' && drag.only && drag.to.x === drag.from.x && drag.to.y === drag.from.y) {
      this.editor.selectObjects([drag.only]);
    } else {
      const ops = this.moved(drag).map(({ layerId, object, patch }) => ({ type: 'updateObject', layerId, objectId: object.id, patch }));
      if (ops.length > 0) this.editor.edit(ops.length === 1 ? ops[0] : { type: 'batch', ops });
    }
    this.editor.emit('objects');
  }

  /** What a drag of the select tool does to each object it changes: [{layerId, object, patch}]. */
  moved(drag) {
    if (drag.kind === 'move') {
      const dx = drag.to.x - drag.from.x;
      const dy = drag.to.y - drag.from.y;
      if (dx === 0 && dy === 0) return [];
      return this.selection().map((s) => ({ ...s, patch: { x: round(s.object.x + dx), y: round(s.object.y + dy) } }));
    }
    const o = drag.object;
    const p = toLocal(o, drag.to.x, drag.to.y);
    let patch = null;
    if (drag.kind === 'resize') {
      const box = localBox(o, this.tileOf(o));
      const grid = this.snapToGrid ? this.editor.map : null;
      const width = Math.max(1, snapLength(p.x - box.x, grid?.tileWidth));
      const height = Math.max(1, snapLength(kindOf(o) === 'tile' ? -p.y : p.y - box.y, grid?.tileHeight));
      if (width !== box.width || height !== box.height) patch = { width, height };
    } else if (drag.kind === 'rotate') {
      const box = localBox(o, this.tileOf(o));
      const centre = toWorld(o, box.x + box.width / 2, box.y + box.height / 2);
      const angle = (a) => (Math.atan2(a.y - centre.y, a.x - centre.x) * 180) / Math.PI;
      const rotation = normalAngle((o.rotation ?? 0) + angle(drag.to) - angle(drag.from), drag.shift ? 15 : 0);
      if (rotation !== (o.rotation ?? 0)) patch = turnedAboutCentre(o, rotation, this.tileOf(o));
    } else if (drag.kind === 'vertex') {
      const points = o.points.map((q) => ({ ...q }));
      const grid = this.snapToGrid ? this.snap(drag.to.x, drag.to.y) : null;
      const snapped = grid ? toLocal(o, grid.x, grid.y) : p;
      points[drag.index] = { dx: round(snapped.x), dy: round(snapped.y) };
      if (drag.to.x !== drag.from.x || drag.to.y !== drag.from.y) patch = { points };
    }
    return patch === null ? [] : [{ layerId: drag.layerId, object: o, patch }];
  }

  add(layer, fields) {
    const applied = this.editor.edit({
      type: 'addObject', layerId: layer.id,
      object: { id: 0, name: '', type: '', rotation: 0, visible: true, ...fields },
    });
    if (applied) this.editor.selectObjects([{ layerId: layer.id, objectId: applied.op.object.id }]);
  }

  /** A tile object of the tile picked in the palette (its flips kept), its bottom-left at the point. */
  addTile(layer, cell, at) {
    const gid = this.editor.stamp?.gids.find((g) => g !== 0);
    if (!gid) {
      this.editor.notify('Pick a tile in the tileset first: the tile object shows it.');
      return;
    }
    const size = this.tileOf({ gid });
    const place = this.snapToGrid ? projectionOf(this.editor.map).imageAt(cell.x, cell.y) : at;
    this.add(layer, { shape: 'rectangle', gid, ...place, width: size.width, height: size.height });
  }

  /** An instance of the template chosen in the Templates list (all its values, the reference), at the point. */
  addInstance(layer, at) {
    const template = this.template;
    if (!template) {
      this.editor.notify('Choose a template under Objects (Place) first.');
      return;
    }
    const { id, ...values } = structuredClone(template.object);
    this.add(layer, { ...values, ...at, template: template.reference });
  }

  finishPath() {
    const path = this.path;
    this.path = null;
    const layer = this.layer();
    const least = path?.shape === 'polyline' ? 2 : 3;
    if (layer === null || !path || path.points.length < least) {
      if (path) this.editor.notify(`A ${path.shape} needs at least ${least} points; click them, then double click.`);
      this.editor.emit('objects');
      return;
    }
    const [first] = path.points;
    this.add(layer, {
      shape: path.shape, x: first.x, y: first.y,
      points: path.points.map((p) => ({ dx: p.x - first.x, dy: p.y - first.y })),
    });
  }

  cancelPath() {
    this.path = null;
    this.editor.emit('objects');
  }

  /** Delete: the clicked vertex of the one selected polygon or polyline, else every selected object. */
  removeSelected() {
    const all = this.selection();
    if (all.length === 0) return false;
    const one = this.single();
    if (one && this.vertex !== null && PATHS.has(kindOf(one)) && one.points[this.vertex]) {
      const least = kindOf(one) === 'polygon' ? 3 : 2;
      if (one.points.length > least) {
        const points = one.points.filter((_, i) => i !== this.vertex);
        this.editor.edit({ type: 'updateObject', layerId: all[0].layerId, objectId: one.id, patch: { points } });
        this.vertex = null;
        return true;
      }
    }
    const ops = all.map((s) => ({ type: 'removeObject', layerId: s.layerId, objectId: s.object.id }));
    this.editor.edit(ops.length === 1 ? ops[0] : { type: 'batch', ops });
    this.editor.selectObjects([]);
    return true;
  }

  /** Copies of the selected objects one tile to the right and down, which become the selection. */
  duplicate() {
    const all = this.selection();
    if (all.length === 0) return false;
    const { tileWidth, tileHeight } = this.editor.map;
    const ops = all.map(({ layerId, object }) => ({
      type: 'addObject', layerId, object: { ...structuredClone(object), id: 0, x: object.x + tileWidth, y: object.y + tileHeight },
    }));
    const applied = this.editor.edit({ type: 'batch', ops });
    if (applied) this.editor.selectObjects(applied.op.ops.map((op) => ({ layerId: op.layerId, objectId: op.object.id })));
    return true;
  }

  /** Moves the selected objects by whole pixels (arrow keys). */
  nudge(dx, dy) {
    const ops = this.selection().map(({ layerId, object }) => ({
      type: 'updateObject', layerId, objectId: object.id, patch: { x: object.x + dx, y: object.y + dy },
    }));
    if (ops.length === 0) return false;
    this.editor.edit(ops.length === 1 ? ops[0] : { type: 'batch', ops });
    return true;
  }

  /**
   * The selected objects up or down their layer's drawing order: 'raise' and 'lower' pass the next object not
   * selected, 'front' and 'back' go to the top or bottom keeping their order among themselves.
   */
  arrange(how) {
    const ops = [];
    const byLayer = new Map();
    for (const s of this.selection()) byLayer.set(s.layerId, [...(byLayer.get(s.layerId) ?? []), s.object.id]);
    for (const [layerId, ids] of byLayer) {
      const order = this.editor.map.layer(layerId).objects.map((o) => o.id);
      const chosen = new Set(ids);
      const up = how === 'raise' || how === 'front';
      const walk = up ? [...order].reverse() : [...order];
      let end = up ? order.length - 1 : 0; // where the next one goes to front or back
      for (const id of walk) {
        if (!chosen.has(id)) continue;
        const at = order.indexOf(id);
        let to = at;
        if (how === 'front' || how === 'back') {
          to = end;
          end += up ? -1 : 1;
        } else {
          // past the next object that is not selected; a selected one above (below) has moved on first
          const next = at + (up ? 1 : -1);
          if (next >= 0 && next < order.length && !chosen.has(order[next])) to = next;
        }
        if (to !== at) {
          order.splice(at, 1);
          order.splice(to, 0, id);
          ops.push({ type: 'moveObject', layerId, objectId: id, index: to });
        }
      }
    }
    if (ops.length > 0) this.editor.edit(ops.length === 1 ? ops[0] : { type: 'batch', ops });
    return ops.length > 0;
  }

  /** The objects as a running drag leaves them (for the preview). */
  previewed() {
    const drag = this.drag;
    if (!drag || drag.kind === 'create' || drag.kind === 'marquee') return this.selection();
    const changed = new Map(this.moved(drag).map((m) => [m.object.id, m.patch]));
    return this.selection().map((s) => ({ ...s, object: { ...s.object, ...(changed.get(s.object.id) ?? {}) } }));
  }

  draw(ctx, view) {
    // objects live in pixel space: on an isometric map it is turned onto the diamonds
    const matrix = projectionOf(this.editor.map).pixelMatrix?.() ?? null;
    if (matrix === null) {
      this.drawInPixels(ctx, view);
      return;
    }
    ctx.save();
    ctx.transform(...matrix);
    this.drawInPixels(ctx, view);
    ctx.restore();
  }

  drawInPixels(ctx, view) {
    const line = 1 / view.zoom;
    const shown = this.previewed();
    ctx.lineWidth = 1.5 * line;
    for (const { object } of shown) {
      ctx.save();
      ctx.translate(object.x, object.y);
      ctx.rotate(((object.rotation ?? 0) * Math.PI) / 180);
      ctx.setLineDash([4 * line, 3 * line]);
      ctx.strokeStyle = '#ffffff';
      const kind = kindOf(object);
      if (kind === 'point') {
        ctx.beginPath();
        ctx.arc(0, 0, 6 * line, 0, 2 * Math.PI);
        ctx.stroke();
      } else if (PATHS.has(kind)) {
        ctx.beginPath();
        object.points.forEach((p, i) => (i === 0 ? ctx.moveTo(p.dx, p.dy) : ctx.lineTo(p.dx, p.dy)));
        if (kind === 'polygon') ctx.closePath();
        ctx.stroke();
      } else {
        const b = localBox(object, this.tileOf(object));
        ctx.strokeRect(b.x, b.y, b.width, b.height);
      }
      ctx.restore();
    }
    ctx.setLineDash([]);
    if (shown.length === 1 && (!this.drag || this.drag.kind !== 'move')) this.drawHandles(ctx, shown[0].object, line);
    if (this.drag?.kind === 'create') {
      const b = normal(this.drag.from, this.drag.to);
      ctx.strokeStyle = '#ffd24a';
      ctx.beginPath();
      if (this.drag.shape === 'ellipse') ctx.ellipse(b.x + b.width / 2, b.y + b.height / 2, b.width / 2, b.height / 2, 0, 0, 2 * Math.PI);
      else if (this.drag.shape === 'capsule') ctx.roundRect(b.x, b.y, b.width, b.height, Math.min(b.width, b.height) / 2);
      else ctx.rect(b.x, b.y, b.width, b.height);
      ctx.stroke();
    }
    if (this.drag?.kind === 'marquee') {
      const b = normal(this.drag.from, this.drag.to);
      ctx.setLineDash([4 * line, 3 * line]);
      ctx.strokeStyle = '#2f6fde';
      ctx.fillStyle = 'rgba(47, 111, 222, 0.12)';
      ctx.fillRect(b.x, b.y, b.width, b.height);
      ctx.strokeRect(b.x, b.y, b.width, b.height);
      ctx.setLineDash([]);
    }
    if (this.path) {
      const points = this.pointer ? [...this.path.points, this.snap(this.pointer.x, this.pointer.y)] : this.path.points;
      ctx.strokeStyle = '#ffd24a';
      ctx.beginPath();
      points.forEach((p, i) => (i === 0 ? ctx.moveTo(p.x, p.y) : ctx.lineTo(p.x, p.y)));
      ctx.stroke();
      ctx.fillStyle = '#ffd24a';
      for (const p of this.path.points) ctx.fillRect(p.x - 2 * line, p.y - 2 * line, 4 * line, 4 * line);
    }
  }

  drawHandles(ctx, o, line) {
    const kind = kindOf(o);
    const r = HANDLE * line;
    if (PATHS.has(kind)) {
      o.points.forEach((q, i) => {
        const p = toWorld(o, q.dx, q.dy);
        ctx.fillStyle = i === this.vertex ? '#ffd24a' : '#ffffff';
        ctx.strokeStyle = '#2f6fde';
        ctx.fillRect(p.x - r / 1.5, p.y - r / 1.5, (2 * r) / 1.5, (2 * r) / 1.5);
        ctx.strokeRect(p.x - r / 1.5, p.y - r / 1.5, (2 * r) / 1.5, (2 * r) / 1.5);
      });
    }
    if (kind === 'point') return;
    if (SIZED.has(kind) || kind === 'tile') {
      const h = this.resizeHandle(o);
      ctx.fillStyle = '#2f6fde';
      ctx.fillRect(h.x - r, h.y - r, 2 * r, 2 * r);
    }
    const box = localBox(o, this.tileOf(o));
    const top = toWorld(o, box.x + box.width / 2, box.y);
    const knob = this.rotateHandle(o);
    ctx.strokeStyle = '#2f6fde';
    ctx.beginPath();
    ctx.moveTo(top.x, top.y);
    ctx.lineTo(knob.x, knob.y);
    ctx.stroke();
    ctx.fillStyle = '#ffffff';
    ctx.beginPath();
    ctx.arc(knob.x, knob.y, r, 0, 2 * Math.PI);
    ctx.fill();
    ctx.stroke();
  }
}

function normal(a, b) {
  return { x: Math.min(a.x, b.x), y: Math.min(a.y, b.y), width: Math.abs(b.x - a.x), height: Math.abs(b.y - a.y) };
}

function overlaps(a, b) {
  return a.x <= b.x + b.width && b.x <= a.x + a.width && a.y <= b.y + b.height && b.y <= a.y + a.height;
}

function snapLength(v, step) {
  return step ? Math.round(v / step) * step : Math.round(v);
}

function round(v) {
  return Math.round(v * 100) / 100;
}
