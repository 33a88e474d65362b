// The minimap: the whole map as the server renders it (its thumbnail) with the view's rectangle over it; click or
// drag on it to move the view there. The thumbnail is fetched again after edits are saved, but not more often than
// every REFRESH_GAP_MS: while people paint, every save is a new version, and each editor asking for each one would
// keep the server rendering thumbnails.

/** Least time between two thumbnail fetches while edits keep being saved. */
export const REFRESH_GAP_MS = 30000;
/** How long saves must pause before a fetch (so a stroke is seen whole). */
export const SETTLE_MS = 1500;

/**
 * How long to wait before fetching the thumbnail again, asked when edits were saved at {@code now}: a moment after the
 * saves settle, and at least REFRESH_GAP_MS after the last fetch. @param {number} lastFetch @param {number} now
 */
export function refreshDelay(lastFetch, now) {
  return Math.max(SETTLE_MS, lastFetch + REFRESH_GAP_MS - now);
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
    const mapW = map.width * map.tileWidth;
    const mapH = map.height * map.tileHeight;
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
    const size = Math.max(this.canvas.width, this.canvas.height, 16);
    const response = await fetch(`/api/v1/maps/${this.editor.map.id}/thumbnail.png?size=${size}&v=${this.editor.session.version}`);
    if (response.status === 503) {
      // the server draws a few things at a time: ask again when it says
      const seconds = Number(response.headers.get('Retry-After')) || 5;
      clearTimeout(this.timer);
      this.timer = setTimeout(() => this.refresh(), seconds * 1000);
      return;
    }
    if (!response.ok) return;
    this.image = await createImageBitmap(await response.blob());
    this.draw();
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
    if (this.image) ctx.drawImage(this.image, 0, 0, this.canvas.width, this.canvas.height);
    const sight = this.editor.view.visible();
    ctx.strokeStyle = '#ffd24a';
    ctx.lineWidth = 1.5;
    ctx.strokeRect(sight.x * this.scale, sight.y * this.scale, sight.width * this.scale, sight.height * this.scale);
  }
}
