// The minimap: the whole map as the server renders it (its thumbnail, shrunk from the map's overview, which the
// server keeps in step with edits) with the view's rectangle over it; click or drag on it to move the view there. The
// thumbnail is fetched again after edits are saved, but not more often than every REFRESH_GAP_MS: while people paint,
// every save is a new version, and every editor asking for each one would only add requests. Meanwhile the cells that change (anyone's) are drawn onto it here, a
// minimap pixel at a time from the top visible tile there (its tile's average colour), so it is never stale.

import { apiFetch, retryAfterMs } from '../sync/http.js';
import { projectionOf } from '../model/projection.js';

/**
 * The minimap pixels a rectangle of cells covers, and for each the cell at its centre:
 * {x0, y0, x1, y1} (pixels, end exclusive) and cellAt(px, py) -> {x, y}. @param {object} rect cells
 */
export function patchArea(rect, projection, scale, width, height) {
  const box = projection.areaBox(rect);
  return {
    x0: Math.max(0, Math.floor(box.x * scale)), y0: Math.max(0, Math.floor(box.y * scale)),
    x1: Math.min(width, Math.ceil((box.x + box.width) * scale)), y1: Math.min(height, Math.ceil((box.y + box.height) * scale)),
    cellAt: (px, py) => projection.tileAt((px + 0.5) / scale, (py + 0.5) / scale),
  };
}

/** Least time between two thumbnail fetches while edits keep being saved. */
export const REFRESH_GAP_MS = 5000;
/** How long saves must pause before a fetch (so a stroke is seen whole). */
export const SETTLE_MS = 1500;

/**
 * How long to wait before fetching the thumbnail again, asked when edits were saved at {@code now}: a moment after the
 * saves settle, and at least REFRESH_GAP_MS after the last fetch. @param {number} lastFetch @param {number} now
 */
export function refreshDelay(lastFetch, now) {
  return Math.max(SETTLE_MS, lastFetch + REFRESH_GAP_MS - now);
}

/** The rectangle around rectangles of cells. */
function bounds(rects) {
  const x0 = Math.min(...rects.map((r) => r.x));
  const y0 = Math.min(...rects.map((r) => r.y));
  const x1 = Math.max(...rects.map((r) => r.x + r.width));
  const y1 = Math.max(...rects.map((r) => r.y + r.height));
  return { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
}

export class Minimap {
  /** @param {import('./editor.js').Editor} editor @param {HTMLCanvasElement} canvas */
  constructor(editor, canvas) {
    this.editor = editor;
    this.canvas = canvas;
    this.image = null;
    this.timer = null;
    this.lastFetch = -Infinity;
    this.dragging = false;
    const { map } = editor;
    const { width: mapW, height: mapH } = projectionOf(map).bounds(map.width, map.height);
    this.scale = Math.min(200 / mapW, 200 / mapH);
    canvas.width = Math.max(1, Math.round(mapW * this.scale));
    canvas.height = Math.max(1, Math.round(mapH * this.scale));
    canvas.addEventListener('pointerdown', (e) => {
      canvas.setPointerCapture(e.pointerId);
      this.dragging = true;
      this.centreAt(e);
    });
    canvas.addEventListener('pointermove', (e) => {
      if (this.dragging) this.centreAt(e);
    });
    canvas.addEventListener('pointerup', () => {
      this.dragging = false;
    });
    editor.session.listen((event) => {
      if (event.type === 'state' && event.state === 'saved') this.refreshSoon();
    });
    /** the thumbnail with the changes since drawn in; the cell rectangles changed since the last fetch began */
    this.patched = null;
    this.changed = [];
    /** @type {Map<number, string|null>} a tile's average colour by tile id */
    this.colours = new Map();
    editor.map.listen((change) => {
      if (change.kind !== 'cells' || !change.rect) return;
      this.changed.push(change.rect);
      if (this.changed.length > 500) this.changed = [bounds(this.changed)]; // kept small while no thumbnail comes
      this.patch(change.rect);
      this.draw();
    });
    editor.listen(() => this.draw());
    this.refresh();
  }

  refreshSoon() {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.refresh(), refreshDelay(this.lastFetch, Date.now()));
  }

  async refresh() {
    this.timer = null;
    this.lastFetch = Date.now();
    const since = this.changed.length;
    const size = Math.max(this.canvas.width, this.canvas.height, 16);
    const response = await apiFetch(`/api/v1/maps/${this.editor.map.id}/thumbnail.png?size=${size}&v=${this.editor.session.version}`);
    if (response.status === 503) {
      // the server draws a few things at a time: ask again when it says
      clearTimeout(this.timer);
      this.timer = setTimeout(() => this.refresh(), retryAfterMs(response));
      return;
    }
    if (!response.ok) return;
    this.image = await createImageBitmap(await response.blob());
    this.editor.renderer.placeholder = this.image; // drawn where the view's chunks are not in yet
    this.editor.renderer.requestDraw();
    // the thumbnail has what was saved when it was asked for; what changed since is drawn in again
    this.changed = this.changed.slice(since);
    this.patched = null;
    for (const rect of this.changed) this.patch(rect);
    this.draw();
  }

  /** Draws the cells of a changed rectangle onto the minimap's copy of the thumbnail. */
  patch(rect) {
    if (!this.image) return;
    const { map } = this.editor;
    if (!this.patched) {
      this.patched = document.createElement('canvas');
      this.patched.width = this.canvas.width;
      this.patched.height = this.canvas.height;
      this.patched.getContext('2d').drawImage(this.image, 0, 0, this.canvas.width, this.canvas.height);
    }
    const ctx = this.patched.getContext('2d');
    const area = patchArea(rect, projectionOf(map), this.scale, this.canvas.width, this.canvas.height);
    for (let py = area.y0; py < area.y1; py++) {
      for (let px = area.x0; px < area.x1; px++) {
        const { x, y } = area.cellAt(px, py);
        const colour = this.colourAt(x, y);
        if (colour === undefined) continue; // a chunk not held here: the thumbnail's pixel stays
        if (colour === null) {
          ctx.clearRect(px, py, 1, 1);
        } else {
          ctx.fillStyle = colour;
          ctx.fillRect(px, py, 1, 1);
        }
      }
    }
  }

  /**
   * The colour a cell shows on the minimap: its top visible tile's, else the map's background, else none (null);
   * undefined where a layer's chunk is not held (a streamed map's far parts).
   */
  colourAt(x, y) {
    const { map } = this.editor;
    for (let i = map.layers.length - 1; i >= 0; i--) {
      const layer = map.layers[i];
      if (layer.type !== 'tile' || !map.effective(layer).visible) continue;
      if (!layer.holds({ x, y, width: 1, height: 1 })) return undefined;
      const gid = layer.get(x, y);
      if (gid === 0) continue;
      const colour = this.tileColour(gid);
      if (colour !== null) return colour;
    }
    return map.backgroundColor ?? null;
  }

  /** A tile's average colour (flips do not change it), or null while its image is not loaded. */
  tileColour(gid) {
    const { map, images } = this.editor;
    const id = gid & 0x0fffffff;
    if (this.colours.has(id)) return this.colours.get(id);
    const tileset = map.tilesetOf(gid);
    const source = tileset && images.source(tileset.tilesetId, id - tileset.firstGid);
    if (!source) return null;
    const one = document.createElement('canvas');
    one.width = 1;
    one.height = 1;
    const ctx = one.getContext('2d', { willReadFrequently: true });
    ctx.imageSmoothingEnabled = true;
    ctx.imageSmoothingQuality = 'high';
    ctx.drawImage(source.image, source.sx, source.sy, source.width, source.height, 0, 0, 1, 1);
    const [r, g, b, a] = ctx.getImageData(0, 0, 1, 1).data;
    const colour = a === 0 ? null : `rgba(${r}, ${g}, ${b}, ${(a / 255).toFixed(3)})`;
    this.colours.set(id, colour);
    return colour;
  }

  centreAt(e) {
    const box = this.canvas.getBoundingClientRect();
    const view = this.editor.view;
    const wx = (e.clientX - box.left) / this.scale;
    const wy = (e.clientY - box.top) / this.scale;
    view.x = wx - view.width / view.zoom / 2;
    view.y = wy - view.height / view.zoom / 2;
    this.editor.emit('view');
  }

  draw() {
    const ctx = this.canvas.getContext('2d');
    ctx.fillStyle = '#1b1f27';
    ctx.fillRect(0, 0, this.canvas.width, this.canvas.height);
    if (this.patched) ctx.drawImage(this.patched, 0, 0);
    else if (this.image) ctx.drawImage(this.image, 0, 0, this.canvas.width, this.canvas.height);
    const sight = this.editor.view.visible();
    ctx.strokeStyle = '#ffd24a';
    ctx.lineWidth = 1.5;
    ctx.strokeRect(sight.x * this.scale, sight.y * this.scale, sight.width * this.scale, sight.height * this.scale);
  }
}
