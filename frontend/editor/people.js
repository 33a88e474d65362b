// Who else is editing: the people list (name and colour; your own name first), their cursors and selections drawn
// on the canvas in their colour with their name, and this editor's own pointer, tool and selection sent to them (the
// session throttles it). Names are the accounts' (the server sends them; the page says this editor's own).

import { projectionOf } from '../model/projection.js';

/** This editor's name as the others see it: the signed-in account's, which the page carries. */
export function personName(page = document.body) {
  return page.dataset.userName || 'You';
}

export class PeoplePanel {
  /**
   * @param {import('./editor.js').Editor} editor
   * @param {import('../sync/live.js').LiveSession} session
   * @param {import('./tools.js').Tools} tools
   * @param {HTMLElement} list
   */
  constructor(editor, session, tools, list) {
    this.editor = editor;
    this.session = session;
    this.tools = tools;
    this.list = list;
    session.listen((event) => {
      if (event.type === 'people') this.render();
      if (event.type === 'people' || event.type === 'presence') editor.renderer.requestDraw();
    });
    editor.listen((what) => {
      if (what === 'hover' || what === 'tool' || what === 'selection') this.sendPresence();
    });
    editor.renderer.mapOverlays.push((ctx, view) => this.draw(ctx, view));
    this.render();
  }

  sendPresence() {
    const hover = this.tools.hover;
    const selection = this.editor.selection;
    this.session.setPresence({
      cursor: hover === null ? null : { x: hover.mapX, y: hover.mapY },
      tool: this.editor.tool,
      selection: selection ? { x: selection.x, y: selection.y, width: selection.width, height: selection.height } : null,
    });
  }

  render() {
    this.list.replaceChildren();
    const add = (name, color, self) => {
      const item = document.createElement('li');
      item.dataset.testid = 'person';
      const dot = document.createElement('span');
      dot.className = 'dot';
      dot.style.background = color;
      item.append(dot, document.createTextNode(self ? `${name} (you)` : name));
      if (self) {
        item.dataset.self = 'true';
      }
      this.list.append(item);
    };
    add(this.session.name, '#555', true);
    for (const person of this.session.people.values()) add(person.name, person.color, false);
  }

  /**
   * Others' selections (outlined) and cursors (a pointer and a name tag), in their colours. Drawn in the canvas's CSS
   * pixels (the renderer hands over a context transformed to map pixels: without this, a scrolled or zoomed view put
   * them off by its own offset), so pointers and names keep their size at any zoom.
   */
  draw(ctx, view) {
    const dpr = globalThis.devicePixelRatio || 1;
    ctx.save();
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    try {
      this.drawPeople(ctx, view);
    } finally {
      ctx.restore();
    }
  }

  drawPeople(ctx, view) {
    const { map } = this.editor;
    for (const person of this.session.people.values()) {
      ctx.strokeStyle = person.color;
      ctx.fillStyle = person.color;
      const s = person.selection;
      if (s) {
        const box = projectionOf(map).areaBox(s);
        const a = view.toScreen(box.x, box.y);
        ctx.setLineDash([4, 3]);
        ctx.lineWidth = 2;
        ctx.strokeRect(a.x, a.y, box.width * view.zoom, box.height * view.zoom);
        ctx.setLineDash([]);
      }
      if (!person.cursor) continue;
      const p = view.toScreen(person.cursor.x, person.cursor.y);
      ctx.beginPath();
      ctx.moveTo(p.x, p.y);
      ctx.lineTo(p.x + 12, p.y + 5);
      ctx.lineTo(p.x + 5, p.y + 12);
      ctx.closePath();
      ctx.fill();
      ctx.font = '12px sans-serif';
      const label = person.name ?? person.clientId;
      const width = ctx.measureText(label).width + 8;
      ctx.fillRect(p.x + 10, p.y + 12, width, 16);
      ctx.fillStyle = '#fff';
      ctx.fillText(label, p.x + 14, p.y + 24);
    }
  }
}
