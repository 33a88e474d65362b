// Review in the editor: the threads' pins drawn on the canvas (open orange, resolved grey, the opened one ringed, a
// rectangle anchor outlined), and the Comment tool (K): a click pins a point, a drag a rectangle, and the Review
// panel asks for the first comment; a click on a pin opens its thread. The panel itself is review/panel.js.

import { anchorFrom, pinAt, pinPoint } from '../review/threads.js';
import { projectionOf } from '../model/projection.js';

export const PIN_COLOURS = { open: '#ff851b', resolved: '#8a8f98', selected: '#ffdc00', draft: '#39cccc' };
/** A pin's radius, in screen pixels. */
const PIN = 9;

export class ReviewPins {
  /**
   * @param {import('./editor.js').Editor} editor
   * @param {import('../review/panel.js').ReviewPanel} panel
   * @param {() => number} version the version the editor shows (what a new thread is made at)
   */
  constructor(editor, panel, version) {
    this.editor = editor;
    this.panel = panel;
    this.version = version;
    this.drag = null;
    editor.renderer.mapOverlays.push((ctx, view) => this.draw(ctx, view));
  }

  /** The Comment tool's mode (tools.modes.comment). */
  mode() {
    return {
      down: (cell) => {
        this.drag = { from: { x: cell.mapX, y: cell.mapY }, to: { x: cell.mapX, y: cell.mapY } };
      },
      move: (cell) => {
        if (!this.drag) return;
        this.drag.to = { x: cell.mapX, y: cell.mapY };
        this.editor.renderer.requestDraw();
      },
      up: () => this.placed(),
    };
  }

  placed() {
    const drag = this.drag;
    this.drag = null;
    if (!drag) return;
    const zoom = this.editor.view.zoom;
    const anchor = anchorFrom(drag.from, drag.to, 4 / zoom);
    const hit = anchor.width === 0 && anchor.height === 0
      ? pinAt(this.panel.threads(), anchor.x, anchor.y, (PIN + 2) / zoom) : null;
    if (hit) {
      this.panel.select(hit.id).catch((e) => this.editor.notify(`Thread: ${e.message}`));
      return;
    }
    const { map } = this.editor;
    const clamp = (v, most) => Math.max(0, Math.min(most, v));
    const { width, height } = projectionOf(map).bounds(map.width, map.height);
    const x = clamp(anchor.x, width);
    const y = clamp(anchor.y, height);
    this.panel.compose({ x, y, width: clamp(anchor.width, width - x), height: clamp(anchor.height, height - y) },
      this.version());
    this.editor.renderer.requestDraw();
  }

  /** Centres the view on a thread's anchor. */
  jump(thread) {
    if (!thread?.anchor) return;
    const view = this.editor.view;
    const p = pinPoint(thread.anchor);
    view.x = p.x - view.width / (2 * view.zoom);
    view.y = p.y - view.height / (2 * view.zoom);
    this.editor.emit('view');
  }

  /** Draws in map pixels (the renderer's transform is the view's); pins keep their screen size at any zoom. */
  draw(ctx, view) {
    const px = 1 / view.zoom;
    ctx.lineWidth = 2 * px;
    const draft = this.panel.draft?.anchor ?? (this.drag ? anchorFrom(this.drag.from, this.drag.to, 4 * px) : null);
    if (draft) this.pin(ctx, px, draft, PIN_COLOURS.draft, '+');
    for (const thread of this.panel.threads()) {
      const selected = thread.id === this.panel.selected;
      this.pin(ctx, px, thread.anchor, selected ? PIN_COLOURS.selected : PIN_COLOURS[thread.status] ?? PIN_COLOURS.open,
        String(thread.id));
    }
  }

  pin(ctx, px, anchor, colour, label) {
    if (anchor.width > 0 || anchor.height > 0) {
      ctx.strokeStyle = colour;
      ctx.setLineDash([5 * px, 3 * px]);
      ctx.strokeRect(anchor.x, anchor.y, anchor.width, anchor.height);
      ctx.setLineDash([]);
    }
    const p = pinPoint(anchor);
    ctx.beginPath();
    ctx.arc(p.x, p.y, PIN * px, 0, 2 * Math.PI);
    ctx.fillStyle = colour;
    ctx.fill();
    ctx.strokeStyle = '#1b1f24';
    ctx.stroke();
    ctx.fillStyle = '#1b1f24';
    ctx.font = `bold ${10 * px}px sans-serif`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText(label.length > 3 ? '…' : label, p.x, p.y + 0.5 * px);
    ctx.textAlign = 'start';
    ctx.textBaseline = 'alphabetic';
  }
}
