// The Checks editor: the map's checks listed (✕ removes one) and a form that adds each type (docs/review.md):
// places and areas are picked on the map — a click on an object names the object (by id), a click elsewhere the point;
// an area is dragged over tiles. Saved with PUT /api/v1/maps/{id}/checks (an edit every editor sees; the server checks
// it and runs the checks). The checks are read from the map's data as it changes, never shown as a raw property.

import { apiFetch, refusal } from '../sync/http.js';
import { button } from '../render/dom.js';
import { objectAt } from './objects.js';
import { projectionOf } from '../model/projection.js';

/** A platformer check's default jump: three tiles high, in pixels. */
const threeTiles = (map) => projectionOf(map).tileToPixel(0, 3).y;

export const CHECKS_PROPERTY = 'tilewright.checks';
const TYPES = {
  reachable: 'reachable (a box gets from one place to another)',
  blocked: 'blocked (a line of sight meets a wall)',
  noEmptyCells: 'no empty cells (a layer has no hole)',
  objectsHaveProperty: 'objects have a property',
  insideMap: 'objects inside the map',
};

/** The checks a map keeps, from its property (none when absent or unreadable). */
export function checksOf(map) {
  const text = (map.properties ?? []).find((p) => p.name === CHECKS_PROPERTY)?.value;
  try {
    return text ? (JSON.parse(text).checks ?? []) : [];
  } catch {
    return [];
  }
}

/** A place as the form shows it. */
export function describePlace(place, map) {
  if (!place) return 'not picked';
  if (place.objectId !== undefined) {
    const o = map.layers.flatMap((l) => l.objects ?? []).find((x) => x.id === place.objectId);
    return `object #${place.objectId}${o?.name ? ` (${o.name})` : ''}`;
  }
  return `${place.x}, ${place.y}`;
}

export class ChecksEditor {
  /**
   * @param {import('./editor.js').Editor} editor
   * @param {import('./tools.js').Tools} tools
   * @param {HTMLElement} root the editor's box in the Checks panel
   */
  constructor(editor, tools, root, { mapId, notify }) {
    Object.assign(this, { editor, tools, root, mapId, notify });
    this.draft = { type: 'reachable' };
    this.picking = null; // {field, area?: boolean, from?: cell}
    this.previousTool = null;
    tools.modes['check-pick'] = {
      down: (cell, e) => this.pickDown(cell, e),
      move: (cell) => {
        if (this.picking?.start) this.picking.end = cell;
      },
      up: () => this.pickUp(),
    };
    editor.map.listen((change) => {
      if (change.kind === 'map') this.render();
    });
    this.render();
  }

  render() {
    const { editor } = this;
    const list = document.createElement('ul');
    list.className = 'check-defs';
    list.dataset.testid = 'check-definitions';
    const checks = checksOf(editor.map);
    checks.forEach((c, i) => {
      const li = document.createElement('li');
      li.dataset.testid = 'check-definition';
      li.textContent = `${c.name} — ${c.type}`;
      if (!editor.readOnly) {
        li.append(button('✕', () => this.save(checks.filter((_, j) => j !== i)), 'check-remove', 'Remove the check'));
      }
      list.append(li);
    });
    this.root.replaceChildren(list);
    if (!editor.readOnly) this.root.append(this.form(checks));
  }

  form(checks) {
    const { editor, draft } = this;
    const box = document.createElement('div');
    box.className = 'check-form';
    box.dataset.testid = 'check-form';
    const name = input('text', draft.name ?? '', 'check-name', (v) => { draft.name = v; });
    name.placeholder = 'name';
    const type = document.createElement('select');
    type.dataset.testid = 'check-type';
    for (const [value, label] of Object.entries(TYPES)) type.append(new Option(label, value, false, value === draft.type));
    type.addEventListener('change', () => {
      this.draft = { name: draft.name, type: type.value };
      this.render();
    });
    box.append(row('Name', name), row('Type', type));
    const tileLayers = editor.map.layers.filter((l) => l.type === 'tile' && !l.isIntGrid);
    const objectLayers = editor.map.layers.filter((l) => l.type === 'object');
    if (draft.type === 'reachable' || draft.type === 'blocked') {
      for (const field of ['from', 'to']) {
        const shown = document.createElement('span');
        shown.dataset.testid = `check-${field}-shown`;
        shown.textContent = describePlace(draft[field], editor.map);
        box.append(row(field === 'from' ? 'From' : 'To', shown, button('Pick on map', () => this.startPick(field),
          `check-${field}`, 'Click an object (it is named) or a point on the map')));
      }
    }
    if (draft.type === 'reachable') {
      const movement = document.createElement('select');
      for (const m of ['topdown', 'platformer']) movement.append(new Option(m, m, false, (draft.movement ?? 'topdown') === m));
      movement.addEventListener('change', () => {
        draft.movement = movement.value;
        this.render();
      });
      draft.box ??= { width: Math.max(1, editor.map.tileWidth - 2), height: Math.max(1, editor.map.tileHeight - 2) };
      box.append(row('Movement', movement), row('Box', input('number', draft.box.width, 'check-box-width', (v) => { draft.box.width = Number(v); }),
        '×', input('number', draft.box.height, 'check-box-height', (v) => { draft.box.height = Number(v); })));
      if (draft.movement === 'platformer') {
        box.append(row('Jump height', input('number', draft.jumpHeight ?? threeTiles(editor.map), 'check-jump',
          (v) => { draft.jumpHeight = Number(v); })));
      }
    }
    if (draft.type === 'noEmptyCells') {
      box.append(row('Layer', layerChoice(tileLayers, draft, false)));
      const shown = document.createElement('span');
      shown.dataset.testid = 'check-area-shown';
      const a = draft.area;
      shown.textContent = a ? `${a.width}×${a.height} tiles at ${a.x}, ${a.y}` : 'the whole layer';
      box.append(row('Area', shown, button('Drag on map', () => this.startPick('area', true), 'check-area',
        'Drag over the tiles to check')));
    }
    if (draft.type === 'objectsHaveProperty') {
      box.append(row('Class', input('text', draft.class ?? '', 'check-class', (v) => { draft.class = v; })),
        row('Property', input('text', draft.property ?? '', 'check-property', (v) => { draft.property = v; })));
    }
    if (draft.type === 'insideMap') box.append(row('Layer', layerChoice(objectLayers, draft, true)));
    box.append(button('Add check', () => this.add(checks), 'check-add', 'Add it to the map\'s checks (saved at once)'));
    return box;
  }

  startPick(field, area = false) {
    this.picking = { field, area };
    if (this.editor.tool !== 'check-pick') this.previousTool = this.editor.tool;
    this.editor.setTool('check-pick');
    this.notify(area ? 'Drag over the tiles the check covers.' : 'Click an object, or a point, on the map.');
  }

  pickDown(cell) {
    if (!this.picking) return;
    if (this.picking.area) {
      this.picking.start = cell;
      this.picking.end = cell;
      return;
    }
    const x = Math.round(cell.mapX);
    const y = Math.round(cell.mapY);
    let hit = null;
    for (const layer of [...this.editor.map.layers].reverse()) {
      if (layer.type !== 'object' || layer.attributes.visible === false) continue;
      hit = objectAt(layer, cell.mapX, cell.mapY, 4 / this.editor.view.zoom);
      if (hit) break;
    }
    this.draft[this.picking.field] = hit ? { objectId: hit.id } : { x, y };
    this.endPick();
  }

  pickUp() {
    const p = this.picking;
    if (!p?.area || !p.start) return;
    const x = Math.max(0, Math.min(p.start.x, p.end.x));
    const y = Math.max(0, Math.min(p.start.y, p.end.y));
    this.draft.area = { x, y, width: Math.abs(p.end.x - p.start.x) + 1, height: Math.abs(p.end.y - p.start.y) + 1 };
    this.endPick();
  }

  endPick() {
    this.picking = null;
    this.editor.setTool(this.previousTool ?? 'object-select');
    this.render();
  }

  /** The draft as the server takes a check. */
  check() {
    const d = this.draft;
    const out = { name: (d.name ?? '').trim(), type: d.type };
    if (d.type === 'reachable' || d.type === 'blocked') Object.assign(out, { from: d.from, to: d.to });
    if (d.type === 'reachable') {
      Object.assign(out, { movement: d.movement ?? 'topdown', box: d.box });
      if (d.movement === 'platformer') out.jumpHeight = d.jumpHeight ?? threeTiles(this.editor.map);
    }
    if (d.type === 'noEmptyCells') Object.assign(out, { layerId: d.layerId, ...(d.area ? { area: d.area } : {}) });
    if (d.type === 'objectsHaveProperty') Object.assign(out, { class: d.class, property: d.property });
    if (d.type === 'insideMap' && d.layerId) {
      out.layer = this.editor.map.layer(d.layerId)?.attributes.name;
    }
    return out;
  }

  async add(checks) {
    const check = this.check();
    if (!check.name) {
      this.notify('Name the check first.');
      return;
    }
    if (await this.save([...checks, check])) this.draft = { type: check.type };
    this.render();
  }

  async save(checks) {
    const response = await apiFetch(`/api/v1/maps/${this.mapId}/checks`, {
      method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ checks }),
    });
    if (!response.ok) {
      this.notify(`Checks not saved: ${await refusal(response)}`);
      return false;
    }
    return true;
  }
}

function layerChoice(layers, draft, optional) {
  const select = document.createElement('select');
  select.dataset.testid = 'check-layer';
  if (optional) select.append(new Option('every object layer', ''));
  for (const l of layers) select.append(new Option(l.attributes.name, String(l.id), false, draft.layerId === l.id));
  if (!optional && draft.layerId === undefined && layers[0]) draft.layerId = layers[0].id;
  select.addEventListener('change', () => {
    draft.layerId = select.value === '' ? undefined : Number(select.value);
  });
  return select;
}

function input(type, value, testid, set) {
  const element = document.createElement('input');
  element.type = type;
  element.value = String(value);
  element.dataset.testid = testid;
  if (type === 'number') element.style.width = '4.5em';
  element.addEventListener('change', () => set(element.value));
  return element;
}

function row(label, ...parts) {
  const line = document.createElement('div');
  line.className = 'row';
  const name = document.createElement('span');
  name.textContent = label;
  name.className = 'meta';
  line.append(name, ...parts);
  return line;
}
