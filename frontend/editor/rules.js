// The Rules panel: the project's auto-layer rule sets as LDtk shows them — groups of rules in order, each rule its
// pattern as a little grid (click a cell to cycle what it asks: the chosen IntGrid value, not it, anything non-empty,
// empty, anything), its tiles, chance and mirrors; ↑ ↓ reorder, ✕ removes, "+ Rule" adds one. "On this map" switches a
// group off for this map only (an op on its IntGrid layers). "Preview" draws what the edited rules would make of the
// IntGrid in view (the server evaluates them: POST /api/v1/rules/preview), outlining cells that would change;
// maintainers save the rules for the project and bring this map's auto-layers in line (POST …/autotile).

import { apiFetch, refusal } from '../sync/http.js';
import { button } from '../render/dom.js';
import { projectionOf, tilesInSight } from '../model/projection.js';
import { drawTile } from '../render/tilesets.js';
import { intGridColor } from '../render/renderer.js';
import { newSetRow, tileStrip, valuesBox } from './ruleparts.js';

export const ANY = 1000001;
const RULES = 'tilewright.autotile.rules';
const GROUPS_OFF = 'tilewright.autotile.groupsOff';
const FIRST_GID = 'tilewright.autotile.firstgid';
/** Cells around the view the preview reads too, so rules near its edge see their neighbours. */
const MARGIN = 8;

/** What a pattern cell asks next when clicked: any -> v -> not v -> any non-empty -> empty -> any. */
export function nextPatternValue(current, value) {
  if (current === 0) return value;
  if (current > 0 && current !== ANY) return -current;
  if (current < 0 && current !== -ANY) return ANY;
  if (current === ANY) return -ANY;
  return 0;
}

/** A pattern of side `from` as one of side `to`, centred (cells beyond the smaller side dropped or "any"). */
export function resizePattern(pattern, from, to) {
  const out = new Array(to * to).fill(0);
  const shift = (to - from) / 2;
  for (let y = 0; y < from; y++) {
    for (let x = 0; x < from; x++) {
      const tx = x + shift;
      const ty = y + shift;
      if (tx >= 0 && ty >= 0 && tx < to && ty < to) out[ty * to + tx] = pattern[y * from + x];
    }
  }
  return out;
}

function prop(layer, name) {
  return (layer.attributes.properties ?? []).find((p) => p.name === name)?.value;
}

export class RulesPanel {
  /**
   * @param {import('./editor.js').Editor} editor
   * @param {HTMLElement} root the panel's box
   */
  constructor(editor, root, { projectId, mapId, maintainer, notify }) {
    this.editor = editor;
    this.root = root;
    this.projectId = projectId;
    this.mapId = mapId;
    this.maintainer = maintainer;
    this.notify = notify;
    this.doc = { values: [], ruleSets: [] };
    this.setName = null;
    this.previewOn = false;
    this.preview = null;
    this.timer = null;
    this.dirty = false;
    editor.renderer.mapOverlays.push((ctx) => this.draw(ctx));
    editor.map.listen((change) => {
      if (change.kind === 'cells' && this.previewOn) this.schedule();
      if (change.kind === 'layers' || change.kind === 'layer') this.render();
    });
  }

  /**
   * Reads the project's rules. Someone who may not see the project's rules (a share link's reviewer) gets no Rules
   * panel at all; other failures say what to do.
   */
  async load() {
    const response = await apiFetch(`/api/v1/projects/${this.projectId}/rules`).catch(() => {
      throw new Error('the server cannot be reached; reload the page when online');
    });
    if (response.status === 404 || response.status === 403) {
      this.root.closest('details')?.remove();
      return;
    }
    if (!response.ok) throw new Error(`the project's rules cannot be read now (${response.status}); reload the page to try again`);
    this.doc = await response.json();
    const used = this.editor.map.layers.map((l) => (l.type === 'tile' && l.isIntGrid ? prop(l, RULES) : null))
      .find((name) => name != null);
    this.setName = used ?? this.doc.ruleSets[0]?.name ?? null;
    this.render();
  }

  set() {
    return this.doc.ruleSets.find((s) => s.name === this.setName) ?? null;
  }

  /** The map's IntGrid layers that use the chosen rule set. */
  grids() {
    return this.editor.map.layers.filter((l) => l.type === 'tile' && l.isIntGrid && prop(l, RULES) === this.setName);
  }

  /** The value a click on a pattern cell asks for: the IntGrid palette's choice, else 1. */
  value() {
    const stamp = this.editor.stamp;
    const layer = this.editor.layer();
    return stamp && layer?.isIntGrid && stamp.gids[0] > 0 && stamp.gids[0] < ANY ? stamp.gids[0] : 1;
  }

  render() {
    const root = this.root;
    this.valuesShown ??= { open: false };
    root.replaceChildren(valuesBox(this.doc, this.maintainer, () => this.changed(), this.valuesShown));
    if (this.doc.ruleSets.length === 0) {
      root.append(text('p', 'meta', this.maintainer ? 'No rule sets in this project yet: name one and add it.'
        : 'No rule sets in this project yet; a maintainer of the project makes them.'));
      if (this.maintainer) root.append(newSetRow(this.doc, (name) => this.madeSet(name)), this.saveButton());
      return;
    }
    const pick = document.createElement('select');
    pick.dataset.testid = 'rules-set';
    for (const s of this.doc.ruleSets) pick.append(new Option(s.name, s.name, false, s.name === this.setName));
    pick.addEventListener('change', () => {
      this.setName = pick.value;
      this.render();
      this.schedule();
    });
    const previewBox = document.createElement('label');
    const preview = document.createElement('input');
    preview.type = 'checkbox';
    preview.checked = this.previewOn;
    preview.dataset.testid = 'rules-preview';
    preview.addEventListener('change', () => {
      this.previewOn = preview.checked;
      this.preview = null;
      if (this.previewOn) this.schedule();
      this.editor.renderer.requestDraw();
    });
    previewBox.append(preview, ' Preview');
    const head = document.createElement('div');
    head.className = 'row';
    head.append(pick, previewBox);
    if (this.maintainer) head.append(this.saveButton());
    root.append(head);
    if (this.maintainer) root.append(newSetRow(this.doc, (name) => this.madeSet(name)));
    const set = this.set();
    if (set === null) return;
    const off = new Set(this.grids().flatMap((l) => String(prop(l, GROUPS_OFF) ?? '').split(',').map((n) => n.trim())));
    set.groups.forEach((group, g) => root.append(this.groupBox(set, group, g, off)));
    root.append(button('+ Group', () => {
      set.groups.push({ name: `group ${set.groups.length + 1}`, active: true, rules: [] });
      this.changed();
    }, 'rules-add-group'));
  }

  saveButton() {
    const save = button(this.dirty ? 'Save and apply' : 'Apply to map', () => this.save());
    save.dataset.testid = 'rules-save';
    return save;
  }

  madeSet(name) {
    this.setName = name;
    this.changed();
  }

  groupBox(set, group, g, off) {
    const box = document.createElement('div');
    box.className = 'rule-group';
    const title = document.createElement('div');
    title.className = 'row';
    const here = document.createElement('input');
    here.type = 'checkbox';
    here.checked = !off.has(group.name);
    here.title = 'On this map (off: this map leaves the group out)';
    here.dataset.testid = 'rules-group-on';
    here.addEventListener('change', () => this.switchGroup(group.name, here.checked));
    title.append(here, text('strong', '', group.name || `group ${g + 1}`));
    if (this.maintainer) {
      const active = document.createElement('input');
      active.type = 'checkbox';
      active.checked = group.active !== false;
      active.title = 'In the project (off: no map uses the group)';
      active.dataset.testid = 'rules-group-active';
      active.addEventListener('change', () => {
        group.active = active.checked;
        this.changed();
      });
      title.append(active);
    }
    if (group.active === false) title.append(text('span', 'meta', ' (off in the project)'));
    const moveGroup = (by) => () => {
      const to = g + by;
      if (to < 0 || to >= set.groups.length) return;
      [set.groups[g], set.groups[to]] = [set.groups[to], set.groups[g]];
      this.changed();
    };
    title.append(button('↑', moveGroup(-1), 'rules-group-up'), button('↓', moveGroup(1), 'rules-group-down'));
    title.append(button('+ Rule', () => {
      group.rules.push({ size: 3, pattern: [0, 0, 0, 0, this.value(), 0, 0, 0, 0], tileIds: [this.tileId()] });
      this.changed();
    }, 'rules-add'));
    box.append(title);
    const list = document.createElement('ol');
    list.className = 'rules';
    group.rules.forEach((rule, r) => list.append(this.ruleRow(group, rule, r)));
    box.append(list);
    return box;
  }

  /** The tile a new rule places: the palette's first tile of the target tileset, else 0. */
  tileId() {
    const ts = this.tileset();
    const gid = this.editor.stamp?.gids[0] ?? 0;
    return ts && gid >= ts.firstGid && gid < ts.firstGid + ts.tileCount ? gid - ts.firstGid : 0;
  }

  ruleRow(group, rule, r) {
    const li = document.createElement('li');
    li.dataset.testid = 'rule';
    li.append(this.patternGrid(rule));
    const tiles = tileStrip(this.editor, this.tileset(), rule, () => this.changed());
    const size = document.createElement('select');
    for (const n of [1, 3, 5, 7]) size.append(new Option(`${n}×${n}`, String(n), false, n === rule.size));
    size.addEventListener('change', () => {
      rule.pattern = resizePattern(rule.pattern, rule.size, Number(size.value));
      rule.size = Number(size.value);
      this.changed();
    });
    const chance = document.createElement('input');
    chance.type = 'number';
    chance.min = '0';
    chance.max = '1';
    chance.step = '0.05';
    chance.value = String(rule.chance ?? 1);
    chance.title = 'Chance: the share of matching cells the rule takes';
    chance.addEventListener('change', () => {
      rule.chance = Math.min(1, Math.max(0, Number(chance.value) || 0));
      this.changed();
    });
    const flips = ['flipX', 'flipY'].map((f) => {
      const box = document.createElement('label');
      const check = document.createElement('input');
      check.type = 'checkbox';
      check.checked = rule[f] === true;
      check.addEventListener('change', () => {
        rule[f] = check.checked;
        this.changed();
      });
      box.append(check, f === 'flipX' ? '↔' : '↕');
      box.title = f === 'flipX' ? 'Also matches mirrored left-right' : 'Also matches mirrored top-bottom';
      return box;
    });
    const move = (by) => () => {
      const to = r + by;
      if (to < 0 || to >= group.rules.length) return;
      [group.rules[r], group.rules[to]] = [group.rules[to], group.rules[r]];
      this.changed();
    };
    li.append(size, tiles, chance, ...flips, button('↑', move(-1), 'rule-up'), button('↓', move(1), 'rule-down'),
      button('✕', () => {
        group.rules.splice(r, 1);
        this.changed();
      }, 'rule-remove'));
    return li;
  }

  patternGrid(rule) {
    const cell = 12;
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = rule.size * cell;
    canvas.className = 'pattern';
    canvas.dataset.testid = 'rule-pattern';
    canvas.title = 'Click a cell: the chosen value, not it, anything non-empty, empty, anything';
    const ctx = canvas.getContext('2d');
    const colors = this.editor.renderer.intGridColors;
    rule.pattern.forEach((v, i) => {
      const x = (i % rule.size) * cell;
      const y = Math.floor(i / rule.size) * cell;
      ctx.fillStyle = v === 0 ? '#2b2d31' : v === -ANY ? '#000' : v === ANY ? '#ddd' : intGridColor(colors, Math.abs(v));
      ctx.fillRect(x, y, cell - 1, cell - 1);
      if (v < 0 && v !== -ANY) {
        ctx.strokeStyle = '#fff';
        ctx.beginPath();
        ctx.moveTo(x + 2, y + 2);
        ctx.lineTo(x + cell - 3, y + cell - 3);
        ctx.moveTo(x + cell - 3, y + 2);
        ctx.lineTo(x + 2, y + cell - 3);
        ctx.stroke();
      }
    });
    canvas.addEventListener('click', (e) => {
      const box = canvas.getBoundingClientRect();
      const x = Math.floor((e.clientX - box.left) / cell);
      const y = Math.floor((e.clientY - box.top) / cell);
      if (x < 0 || y < 0 || x >= rule.size || y >= rule.size) return;
      rule.pattern[y * rule.size + x] = nextPatternValue(rule.pattern[y * rule.size + x], this.value());
      this.changed();
    });
    return canvas;
  }

  changed() {
    this.dirty = true;
    this.render();
    this.schedule();
  }

  schedule() {
    if (!this.previewOn) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.runPreview().catch((e) => this.notify(`Rules preview: ${e.message}`)), 150);
  }

  tileset() {
    const grid = this.grids()[0];
    const first = grid ? prop(grid, FIRST_GID) : null;
    return this.editor.map.tilesets.find((t) => t.firstGid === first) ?? null;
  }

  /** Asks the server what the edited rules make of the IntGrid in view (and a margin around it). */
  async runPreview() {
    const grid = this.grids()[0];
    const set = this.set();
    if (!grid || !set) {
      this.notify('No IntGrid layer of this map uses this rule set: choose an IntGrid layer and + Auto-layer with it, or pick another set.');
      return;
    }
    const { map } = this.editor;
    const sight = this.editor.view.visible();
    const seen = tilesInSight(map, sight);
    const x0 = Math.max(0, seen.x - MARGIN);
    const y0 = Math.max(0, seen.y - MARGIN);
    const x1 = Math.min(map.width, seen.right + MARGIN);
    const y1 = Math.min(map.height, seen.bottom + MARGIN);
    const rect = { x: x0, y: y0, width: Math.max(1, x1 - x0), height: Math.max(1, y1 - y0) };
    const cells = Array.from(grid.read(rect));
    const off = new Set(String(prop(grid, GROUPS_OFF) ?? '').split(',').map((n) => n.trim()));
    const rules = { ...set, groups: set.groups.map((g) => (off.has(g.name) ? { ...g, active: false } : g)) };
    const response = await apiFetch('/api/v1/rules/preview', {
      method: 'POST', headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ width: rect.width, height: rect.height, cells, rules, seed: prop(grid, 'tilewright.autotile.seed') ?? 0 }),
    });
    const answer = await response.json();
    if (!response.ok) throw new Error(answer.detail ?? response.status);
    this.preview = { rect, gids: answer.gids, output: prop(grid, 'tilewright.autotile.output') };
    this.editor.renderer.requestDraw();
  }

  draw(ctx) {
    if (!this.previewOn || this.preview === null) return;
    const { map, images } = this.editor;
    const ts = this.tileset();
    const out = map.layer(this.preview.output);
    const { rect, gids } = this.preview;
    const projection = projectionOf(map);
    ctx.save();
    ctx.strokeStyle = '#ffd24a';
    ctx.lineWidth = 1;
    for (let i = 0; i < gids.length; i++) {
      const x = rect.x + (i % rect.width);
      const y = rect.y + Math.floor(i / rect.width);
      const made = gids[i];
      const id = (made & 0x0fffffff) - 1;
      const gid = made === 0 || !ts || id >= ts.tileCount ? 0 : ((ts.firstGid + id) | (made & 0xf0000000)) >>> 0;
      const source = gid === 0 ? null : images.source(ts.tilesetId, id);
      const at = projection.imageAt(x, y);
      if (source) drawTile(ctx, source, gid, at.x, at.y - source.height);
      if (out && out.get(x, y) !== gid) {
        const cell = projection.cellBox(x, y);
        ctx.strokeRect(cell.x + 0.5, cell.y + 0.5, cell.width - 1, cell.height - 1);
      }
    }
    ctx.restore();
  }

  /** Maintainers: the edited values and rules saved for the project; false (and said why) when refused. */
  async persist() {
    if (!this.dirty) return true;
    const saved = await apiFetch(`/api/v1/projects/${this.projectId}/rules`, {
      method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(this.doc),
    });
    if (!saved.ok) {
      this.notify(`Rules not saved: ${await refusal(saved)}`);
      return false;
    }
    this.doc = await saved.json();
    this.dirty = false;
    // the palette and the IntGrid layers' colours follow the saved values
    this.editor.intGridValues = this.doc.values;
    this.editor.renderer.intGridColors.clear();
    for (const v of this.doc.values) this.editor.renderer.intGridColors.set(v.value, v.color);
    this.editor.renderer.onChange({ kind: 'map' });
    this.editor.emit('intgrid');
    return true;
  }

  /** Maintainers: the edited rules saved for the project, then this map's auto-layers brought in line. */
  async save() {
    if (!(await this.persist())) return;
    const applied = await apiFetch(`/api/v1/maps/${this.mapId}/autotile`, { method: 'POST' });
    if (!applied.ok) {
      this.notify(`Auto-layers not brought in line (${applied.status}): save the rules again to retry.`);
      return;
    }
    const result = await applied.json();
    this.notify(result.changed ? 'Rules saved; the auto-layers follow them.' : 'Rules saved; the auto-layers already matched.');
    this.render();
  }

  /** Switches a group on or off for this map: a property of each IntGrid layer using the set (an op). */
  switchGroup(name, on) {
    for (const grid of this.grids()) {
      const off = new Set(String(prop(grid, GROUPS_OFF) ?? '').split(',').map((n) => n.trim()).filter(Boolean));
      if (on) off.delete(name);
      else off.add(name);
      const value = [...off].join(',');
      this.editor.edit(value === '' ? { type: 'setProperty', layerId: grid.id, name: GROUPS_OFF }
        : { type: 'setProperty', layerId: grid.id, name: GROUPS_OFF, property: { name: GROUPS_OFF, type: 'string', value } });
    }
    this.schedule();
  }
}

function text(tag, className, content) {
  const el = document.createElement(tag);
  if (className) el.className = className;
  el.textContent = content;
  return el;
}
