// Pointer and wheel input on the map canvas: panning (space-drag, middle drag, scroll), zoom to the cursor
// (ctrl+wheel), the picker on right click, and the tools: stamp brush, eraser, rectangle fill, bucket fill, picker
// and rectangle select. A stroke is one undo step and goes out as a few batched ops (one per pointer move, the
// session sends them together), never one request per tile.

import { INLINE_LIMIT } from '../model/region.js';
import { fillRectOp, floodArea, floodFill, spanRect, Stamp, stampRegionOp } from '../model/stamp.js';
import { drawStanding } from '../render/tilesets.js';
import { tileId } from '../model/gid.js';
import { projectionOf, tracePolygons } from '../model/projection.js';

// the server's default tilewright.limits.max-cells-per-op: a whole 4096x4096 layer
const FILL_LIMIT = 16_777_216;

/** The cells on the straight line between two cells (both included), so a fast stroke leaves no gaps. */
export function lineCells(x0, y0, x1, y1) {
  const cells = [];
  const dx = Math.abs(x1 - x0);
  const dy = Math.abs(y1 - y0);
  const sx = x0 < x1 ? 1 : -1;
  const sy = y0 < y1 ? 1 : -1;
  let err = dx - dy;
  let x = x0;
  let y = y0;
  for (;;) {
    cells.push([x, y]);
    if (x === x1 && y === y1) return cells;
    const e2 = 2 * err;
    if (e2 > -dy) {
      err -= dy;
      x += sx;
    }
    if (e2 < dx) {
      err += dx;
      y += sy;
    }
  }
}

export class Tools {
  /** @param {import('./editor.js').Editor} editor @param {HTMLCanvasElement} canvas */
  constructor(editor, canvas) {
    this.editor = editor;
    this.canvas = canvas;
    this.hover = null; // the cell under the pointer
    this.drag = null; // {kind: 'pan'|'stroke'|'rect'|'select', start, last}
    this.spaceHeld = false;
    /** @type {Record<string, {down(cell, e): void, move(cell, e): void, up(): void, hover?(cell): void}>} tools that live in their own module */
    this.modes = {};
    canvas.addEventListener('pointerdown', (e) => this.down(e));
    canvas.addEventListener('pointermove', (e) => this.move(e));
    canvas.addEventListener('pointerup', (e) => this.up(e));
    canvas.addEventListener('pointercancel', (e) => this.up(e));
    canvas.addEventListener('pointerleave', () => {
      this.hover = null;
      editor.emit('hover');
    });
    canvas.addEventListener('contextmenu', (e) => e.preventDefault());
    canvas.addEventListener('wheel', (e) => this.wheel(e), { passive: false });
    editor.renderer.overlays.push((ctx, view) => this.drawOverlay(ctx, view));
  }

  /**
   * The cell and point under the pointer on the current layer (drawn at its offset, and parallax when shown), and
   * the point on the map itself (mapX, mapY: for what belongs to the map, not a layer).
   */
  cellAt(e) {
    const box = this.canvas.getBoundingClientRect();
    const seen = this.editor.view.toWorld(e.clientX - box.left, e.clientY - box.top);
    const layer = this.editor.layer();
    const shift = layer ? this.editor.renderer.shiftOf(layer) : { dx: 0, dy: 0 };
    const world = { x: seen.x - shift.dx, y: seen.y - shift.dy };
    const projection = projectionOf(this.editor.map);
    const tile = projection.tileAt(world.x, world.y);
    // where objects live: on an isometric map pixel space measures both axes in tile heights
    const at = projection.screenToTile(world.x, world.y);
    const pixel = projection.tileToPixel(at.x, at.y);
    return {
      x: tile.x,
      y: tile.y,
      worldX: world.x,
      worldY: world.y,
      pixelX: pixel.x,
      pixelY: pixel.y,
      mapX: seen.x,
      mapY: seen.y,
    };
  }

  down(e) {
    this.canvas.setPointerCapture(e.pointerId);
    this.canvas.focus();
    const cell = this.cellAt(e);
    if (e.button === 1 || (e.button === 0 && this.spaceHeld)) {
      this.drag = { kind: 'pan', lastX: e.clientX, lastY: e.clientY };
      this.canvas.classList.add('panning');
      e.preventDefault();
      return;
    }
    if (e.button === 2) {
      this.pick(cell);
      return;
    }
    if (e.button !== 0) return;
    const tool = this.editor.tool;
    if (this.modes[tool]) {
      this.drag = { kind: 'mode', mode: this.modes[tool] };
      this.drag.mode.down(cell, e);
    } else if (tool === 'picker') {
      this.pick(cell);
      this.editor.setTool('brush');
    } else if (tool === 'brush' || tool === 'eraser') {
      if (this.editor.paintableLayer() === null) return;
      if (tool === 'brush' && this.editor.stamp === null) {
        this.editor.notify('Pick a tile in the tileset first.');
        return;
      }
      this.editor.history.begin();
      this.drag = { kind: 'stroke', last: cell };
      this.paintAlong(cell, cell);
    } else if (tool === 'rect' || tool === 'select') {
      if (tool === 'rect' && (this.editor.paintableLayer() === null || this.editor.stamp === null)) return;
      this.drag = { kind: tool, start: cell, last: cell };
    } else if (tool === 'fill') {
      this.bucket(cell);
    }
    this.editor.emit('drag');
  }

  move(e) {
    const cell = this.cellAt(e);
    const moved = this.hover === null || this.hover.x !== cell.x || this.hover.y !== cell.y;
    this.hover = cell;
    if (this.drag?.kind === 'pan') {
      this.editor.view.panBy(e.clientX - this.drag.lastX, e.clientY - this.drag.lastY);
      this.drag.lastX = e.clientX;
      this.drag.lastY = e.clientY;
      this.editor.emit('view');
      return;
    }
    if (this.drag === null) this.modes[this.editor.tool]?.hover?.(cell);
    if (this.drag?.kind === 'mode') {
      this.drag.mode.move(cell, e);
    } else if (this.drag?.kind === 'stroke' && moved) {
      this.paintAlong(this.drag.last, cell);
      this.drag.last = cell;
    } else if (this.drag && moved) {
      this.drag.last = cell;
    }
    this.editor.emit('hover');
  }

  up(e) {
    const drag = this.drag;
    this.drag = null;
    this.canvas.classList.remove('panning');
    if (drag === null) return;
    if (drag.kind === 'mode') {
      drag.mode.up();
    } else if (drag.kind === 'stroke') {
      this.editor.history.end();
    } else if (drag.kind === 'rect') {
      const layer = this.editor.paintableLayer();
      const rect = spanRect(this.editor.map, drag.start.x, drag.start.y, drag.last.x, drag.last.y);
      if (layer && rect) this.editor.edit(fillRectOp(layer.id, rect, this.editor.stamp));
    } else if (drag.kind === 'select') {
      this.editor.setSelection(spanRect(this.editor.map, drag.start.x, drag.start.y, drag.last.x, drag.last.y));
    }
    this.editor.emit('drag');
  }

  /** Paints the stamp (or erases) at every cell on the line from one cell to another: one op. */
  paintAlong(from, to) {
    const { editor } = this;
    const layer = editor.layer();
    const erasing = editor.tool === 'eraser';
    const stamp = erasing ? Stamp.of(0) : editor.stamp;
    const offsetX = Math.floor(stamp.width / 2);
    const offsetY = Math.floor(stamp.height / 2);
    if (!erasing && stamp.width * stamp.height > INLINE_LIMIT) {
      // a large stamp (a pasted selection): each placement is one compact region, not a list of cells
      const ops = [];
      for (const [x, y] of lineCells(from.x, from.y, to.x, to.y)) {
        const op = stampRegionOp(editor.map, layer, stamp, x - offsetX, y - offsetY);
        if (op !== null) ops.push(op);
      }
      if (ops.length > 0) editor.edit(ops.length === 1 ? ops[0] : { type: 'batch', ops });
      return;
    }
    const written = new Map();
    for (const [x, y] of lineCells(from.x, from.y, to.x, to.y)) {
      if (erasing) {
        if (editor.map.inside(x, y)) written.set(y * editor.map.width + x, { x, y, gid: 0 });
        continue;
      }
      for (const c of stamp.cellsAt(editor.map, x - offsetX, y - offsetY)) written.set(c.y * editor.map.width + c.x, c);
    }
    const cells = [...written.values()].filter((c) => layer.get(c.x, c.y) !== c.gid);
    if (cells.length > 0) editor.edit({ type: 'paint', layerId: layer.id, cells });
  }

  bucket(cell) {
    const { editor } = this;
    const layer = editor.paintableLayer();
    if (layer === null || editor.stamp === null) return;
    // the flood walked over the chunks it reaches (fetched first where they are not held), then filled
    const whole = { x: 0, y: 0, width: layer.width, height: layer.height };
    const single = editor.stamp.width === 1 && editor.stamp.height === 1;
    const walk = () => {
      const flood = floodArea(editor.map, layer, cell.x, cell.y, FILL_LIMIT);
      if (flood !== null || !single) return flood;
      // past the limit the whole layer may hold the clicked gid (then one fillRect fills it): asked for whole
      if (!layer.holds(whole)) return { rect: whole };
      return layer.uniform(whole) === layer.get(cell.x, cell.y) ? { rect: whole } : null;
    };
    editor.floodHeld(layer, walk, (flood) => {
      if (flood === null) editor.notify(`That area is larger than ${FILL_LIMIT.toLocaleString()} cells; fill a selection instead.`);
      else this.fillFrom(layer, cell);
    }).catch((e) => editor.notify(`Not filled: ${e.message}`));
  }

  fillFrom(layer, cell) {
    const { editor } = this;
    const fill = floodFill(editor.map, layer, cell.x, cell.y, editor.stamp, FILL_LIMIT);
    if (fill === null) {
      editor.notify(`That area is larger than ${FILL_LIMIT.toLocaleString()} cells; fill a selection instead.`);
    } else if (fill.op !== null) {
      editor.edit(fill.op);
    }
  }

  pick(cell) {
    const layer = this.editor.layer();
    if (layer?.type !== 'tile' || !this.editor.map.inside(cell.x, cell.y)) return;
    this.editor.setStamp(Stamp.of(layer.get(cell.x, cell.y)));
  }

  wheel(e) {
    e.preventDefault();
    const box = this.canvas.getBoundingClientRect();
    if (e.ctrlKey || e.metaKey) {
      this.editor.view.zoomAt(e.clientX - box.left, e.clientY - box.top, Math.exp(-e.deltaY * 0.0025));
    } else if (e.shiftKey) {
      this.editor.view.panBy(-e.deltaY, 0);
    } else {
      this.editor.view.panBy(-e.deltaX, -e.deltaY);
    }
    this.editor.emit('view');
  }

  drawOverlay(ctx, view) {
    const { editor } = this;
    const projection = projectionOf(editor.map);
    // an area as the map's cells show it: a rectangle, a diamond, hexagons
    const trace = (area) => {
      ctx.beginPath();
      tracePolygons(ctx, projection.areaOutline(area));
    };
    const line = 1 / view.zoom;
    if (editor.selection) {
      const r = editor.selection;
      ctx.fillStyle = 'rgba(47, 111, 222, 0.18)';
      trace(r);
      ctx.fill();
      ctx.setLineDash([4 * line, 3 * line]);
      ctx.strokeStyle = '#2f6fde';
      ctx.lineWidth = 1.5 * line;
      ctx.stroke();
      ctx.setLineDash([]);
    }
    const drag = this.drag;
    if (drag && (drag.kind === 'rect' || drag.kind === 'select')) {
      const r = spanRect(editor.map, drag.start.x, drag.start.y, drag.last.x, drag.last.y);
      if (r) {
        ctx.strokeStyle = drag.kind === 'rect' ? '#ffd24a' : '#2f6fde';
        ctx.lineWidth = 2 * line;
        trace(r);
        ctx.stroke();
      }
      return;
    }
    if (this.hover === null) return;
    if (editor.tool === 'brush' && editor.stamp && !drag) {
      const x0 = this.hover.x - Math.floor(editor.stamp.width / 2);
      const y0 = this.hover.y - Math.floor(editor.stamp.height / 2);
      ctx.globalAlpha = 0.6;
      for (const c of editor.stamp.cellsAt(editor.map, x0, y0)) {
        const tileset = editor.map.tilesetOf(c.gid);
        const source = tileset && editor.images.source(tileset.tilesetId, tileId(c.gid) - tileset.firstGid);
        if (source) drawStanding(ctx, source, c.gid, projection.imageAt(c.x, c.y), editor.map.orientation === 'hexagonal');
      }
      ctx.globalAlpha = 1;
    }
    const w = editor.tool === 'brush' && editor.stamp ? editor.stamp.width : 1;
    const h = editor.tool === 'brush' && editor.stamp ? editor.stamp.height : 1;
    ctx.strokeStyle = editor.tool === 'eraser' ? '#ff6b6b' : '#ffffff';
    ctx.lineWidth = 1.5 * line;
    trace({ x: this.hover.x - Math.floor(w / 2), y: this.hover.y - Math.floor(h / 2), width: w, height: h });
    ctx.stroke();
  }
}
