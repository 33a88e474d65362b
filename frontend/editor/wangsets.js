// The Wang set editor under the tileset palette: create a tileset's Wang sets (name, corner/edge/mixed), their
// terrains (name, colour), and give tiles their terrains by clicking on them in the palette — the corner or edge
// nearest the click takes the chosen terrain (0 clears it). Saved whole with PUT /api/v1/tilesets/{id}/wang-sets;
// the tileset keeps them and exports them in TSX/TSJ as Tiled reads them. The palette draws each tile's terrains
// while the editor is open.

import { apiFetch, refusal } from '../sync/http.js';
import { el } from '../render/dom.js';
import { cssColor } from '../render/renderer.js';

const TYPES = ['corner', 'edge', 'mixed'];
const PALETTE = ['#ff0000', '#00c000', '#0060ff', '#ff8800', '#00c0c0', '#c000c0', '#c0c000', '#808080'];
// where each of a Wang id's eight parts sits in a tile, as fractions: top, top-right, right, bottom-right, ...
const PLACES = [[0.5, 0], [1, 0], [1, 0.5], [1, 1], [0.5, 1], [0, 1], [0, 0.5], [0, 0]];

/** The part of a set's type nearest a point of a tile (fractions of its width and height). */
export function nearestPart(type, fx, fy) {
  const parts = type === 'corner' ? [1, 3, 5, 7] : type === 'edge' ? [0, 2, 4, 6] : [0, 1, 2, 3, 4, 5, 6, 7];
  let best = parts[0];
  let least = Infinity;
  for (const part of parts) {
    const [px, py] = PLACES[part];
    const d = (px - fx) ** 2 + (py - fy) ** 2;
    if (d < least) {
      least = d;
      best = part;
    }
  }
  return best;
}

/** A set's tile with one part given a terrain (0 clears it); a tile left with no terrain leaves the set. */
export function assign(set, localId, part, color) {
  const id = [...(set.tiles[localId] ?? [0, 0, 0, 0, 0, 0, 0, 0])];
  id[part] = color;
  const tiles = { ...set.tiles };
  if (id.every((c) => c === 0)) delete tiles[localId]; else tiles[localId] = id;
  return { ...set, tiles };
}

/** A terrain taken out of a set: the tiles' parts that showed it are cleared and later terrains move down by one. */
export function withoutColor(set, color) {
  const tiles = {};
  for (const [tile, id] of Object.entries(set.tiles)) {
    const next = id.map((c) => (c === color ? 0 : c > color ? c - 1 : c));
    if (next.some((c) => c !== 0)) tiles[tile] = next;
  }
  return { ...set, colors: set.colors.filter((_, i) => i !== color - 1), tiles };
}

export class WangSetEditor {
  /**
   * @param {import('./editor.js').Editor} editor
   * @param {HTMLDetailsElement} root the editor's box
   * @param {import('./palette.js').Palette} palette
   */
  constructor(editor, root, palette, notify) {
    this.editor = editor;
    this.root = root;
    this.palette = palette;
    this.notify = notify;
    this.body = root.querySelector('[data-testid="wang-editor-body"]');
    this.sets = null; // the shown tileset's sets being edited
    this.tilesetId = null;
    this.index = 0; // the set shown
    this.color = 1; // the terrain a click gives
    this.dirty = false;
    palette.wangEditor = this;
    root.addEventListener('toggle', () => {
      this.load();
      palette.draw();
    });
  }

  get active() {
    return this.root.open && this.sets !== null;
  }

  /** The shown tileset's sets, copied to edit (again when the palette shows another tileset). */
  load() {
    const used = this.palette.used();
    const info = used && this.editor.images.info(used.tilesetId);
    if (!info) {
      this.sets = null;
      this.render();
      return;
    }
    if (this.tilesetId !== used.tilesetId || !this.dirty) {
      this.tilesetId = used.tilesetId;
      this.sets = structuredClone(info.wangSets ?? []);
      this.index = Math.min(this.index, Math.max(0, this.sets.length - 1));
      this.dirty = false;
    }
    this.render();
  }

  set() {
    return this.sets?.[this.index] ?? null;
  }

  change(next) {
    this.sets[this.index] = next;
    this.dirty = true;
    this.render();
    this.palette.draw();
  }

  /** A click on a tile of the palette at (fx, fy) within it: its nearest part takes the chosen terrain. */
  clickTile(localId, fx, fy) {
    const set = this.set();
    if (set === null) {
      this.notify('Add a Wang set first (+ Set).');
      return;
    }
    if (this.color > set.colors.length) {
      this.notify('Add a terrain first (+ Terrain).');
      return;
    }
    this.change(assign(set, localId, nearestPart(set.type, fx, fy), this.color));
  }

  render() {
    if (this.sets === null) {
      this.body.replaceChildren(el('p', { className: 'meta', textContent: 'No tileset shown.' }));
      return;
    }
    const set = this.set();
    const picker = el('select', { 'data-testid': 'wang-set-choice' },
      ...this.sets.map((s, i) => el('option', { value: String(i), textContent: s.name, selected: i === this.index })));
    picker.addEventListener('change', () => {
      this.index = Number(picker.value);
      this.render();
      this.palette.draw();
    });
    const add = el('button', { type: 'button', textContent: '+ Set', 'data-testid': 'wang-set-add' });
    add.addEventListener('click', () => {
      this.sets.push({ name: `Terrains ${this.sets.length + 1}`, className: '', type: 'corner', tile: -1, properties: [], colors: [], tiles: {} });
      this.index = this.sets.length - 1;
      this.dirty = true;
      this.render();
    });
    const rows = [el('div', { className: 'row' }, picker, add)];
    if (set !== null) {
      const name = el('input', { value: set.name, 'data-testid': 'wang-set-name', title: 'The set’s name' });
      name.addEventListener('change', () => this.change({ ...set, name: name.value.trim() || set.name }));
      const type = el('select', { 'data-testid': 'wang-set-type', title: 'Which parts of a tile carry a terrain' },
        ...TYPES.map((t) => el('option', { value: t, textContent: t, selected: t === set.type })));
      type.addEventListener('change', () => this.change({ ...set, type: type.value }));
      const remove = el('button', { type: 'button', textContent: '✕', title: 'Remove this set' });
      remove.addEventListener('click', () => {
        this.sets.splice(this.index, 1);
        this.index = 0;
        this.dirty = true;
        this.render();
        this.palette.draw();
      });
      rows.push(el('div', { className: 'row' }, name, type, remove));
      const terrains = [0, ...set.colors.map((_, i) => i + 1)].map((c) => {
        const color = set.colors[c - 1];
        const choose = el('button', { type: 'button', 'data-testid': 'wang-color', 'data-color': String(c),
          title: c === 0 ? 'Clicks clear a part' : 'Clicks give this terrain' },
        el('span', { className: 'swatch' }), c === 0 ? '0 none' : `${c}`);
        choose.querySelector('.swatch').style.background = c === 0 ? 'transparent' : cssColor(color.color);
        choose.setAttribute('aria-pressed', String(c === this.color));
        choose.addEventListener('click', () => {
          this.color = c;
          this.render();
        });
        if (c === 0) return el('div', { className: 'row' }, choose);
        const label = el('input', { value: color.name, title: 'The terrain’s name', 'data-testid': 'wang-color-name' });
        label.addEventListener('change', () => this.change({ ...set, colors: set.colors.map((k, i) => (i === c - 1 ? { ...k, name: label.value } : k)) }));
        const swatch = el('input', { type: 'color', value: cssColor(color.color), title: 'The terrain’s colour' });
        swatch.addEventListener('change', () => this.change({ ...set, colors: set.colors.map((k, i) => (i === c - 1 ? { ...k, color: swatch.value } : k)) }));
        const drop = el('button', { type: 'button', textContent: '✕', title: 'Remove this terrain (its parts are cleared)' });
        drop.addEventListener('click', () => {
          this.color = Math.min(this.color, set.colors.length - 1);
          this.change(withoutColor(set, c));
        });
        return el('div', { className: 'row' }, choose, label, swatch, drop);
      });
      const more = el('button', { type: 'button', textContent: '+ Terrain', 'data-testid': 'wang-color-add' });
      more.addEventListener('click', () => {
        const n = set.colors.length;
        this.color = n + 1;
        this.change({ ...set, colors: [...set.colors, { name: `Terrain ${n + 1}`, className: '', color: PALETTE[n % PALETTE.length], tile: -1, probability: 1, properties: [] }] });
      });
      rows.push(...terrains, more);
    }
    const save = el('button', { type: 'button', textContent: 'Save Wang sets', disabled: !this.dirty, 'data-testid': 'wang-save' });
    save.addEventListener('click', () => this.save().catch((e) => this.notify(`Wang sets not saved: ${e.message}`)));
    rows.push(el('p', { className: 'meta', textContent: 'Click a tile’s corner or edge in the palette to give it the chosen terrain.' }), save);
    this.body.replaceChildren(...rows);
  }

  async save() {
    const answer = await apiFetch(`/api/v1/tilesets/${this.tilesetId}/wang-sets`, {
      method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(this.sets),
    });
    if (!answer.ok) {
      this.notify(`Wang sets not saved: ${await refusal(answer)}`);
      return;
    }
    const stored = await answer.json();
    const info = this.editor.images.info(this.tilesetId);
    if (info) info.wangSets = stored.wangSets;
    this.dirty = false;
    this.sets = structuredClone(stored.wangSets);
    this.render();
    this.palette.renderTerrains();
    this.notify('Wang sets saved.');
  }

  /** Each tile's terrains drawn on the palette (at the palette's scale) while the editor is open. */
  drawMarks(ctx, columns, w, h, zoom) {
    const set = this.active ? this.set() : null;
    if (set === null) return;
    const size = Math.max(3, Math.min(w, h) * zoom * 0.22);
    for (const [tile, id] of Object.entries(set.tiles)) {
      const x0 = (Number(tile) % columns) * w * zoom;
      const y0 = Math.floor(Number(tile) / columns) * h * zoom;
      id.forEach((c, part) => {
        if (c === 0 || !set.colors[c - 1]) return;
        const [px, py] = PLACES[part];
        ctx.fillStyle = cssColor(set.colors[c - 1].color);
        ctx.globalAlpha = 0.75;
        ctx.fillRect(x0 + px * (w * zoom - size), y0 + py * (h * zoom - size), size, size);
        ctx.globalAlpha = 1;
      });
    }
  }
}
