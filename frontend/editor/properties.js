// The properties panel: the selected object's fields and custom properties, the current layer's and the map's
// custom properties (each a setProperty or updateObject op), and the picked tile's (solid, custom properties:
// the tileset's data, changed with PATCH /api/v1/tilesets/{id}/tiles/{local}).

import { tileId } from '../model/gid.js';
import { apiFetch } from '../sync/http.js';

const TYPES = ['string', 'int', 'float', 'bool', 'color', 'file'];

export class PropertiesPanel {
  /** @param {import('./editor.js').Editor} editor @param {HTMLElement} root */
  constructor(editor, root) {
    this.editor = editor;
    this.root = root;
    editor.map.listen((change) => {
      if (change.kind !== 'cells' && !this.editing()) this.render();
    });
    editor.listen((what) => {
      if (['layer', 'stamp', 'object', 'objects'].includes(what)) this.render();
    });
    this.render();
  }

  /** Whether the user is typing in the panel (a re-render would take the field away). */
  editing() {
    return this.root.contains(document.activeElement) && document.activeElement instanceof HTMLInputElement;
  }

  render() {
    const { editor } = this;
    const sections = [];
    const selected = editor.selectedObject;
    const object = selected && editor.map.layer(selected.layerId)?.objects?.find((o) => o.id === selected.objectId);
    if (object) sections.push(this.objectSection(selected.layerId, object));
    const layer = editor.layer();
    if (layer) {
      sections.push(this.propertySection(`Layer “${layer.attributes.name}”`, layer.attributes.properties ?? [],
        (name, property) => editor.edit({ type: 'setProperty', layerId: layer.id, name, ...(property ? { property } : {}) })));
    }
    sections.push(this.propertySection('Map', editor.map.properties ?? [],
      (name, property) => editor.edit({ type: 'setProperty', name, ...(property ? { property } : {}) })));
    const tile = this.pickedTile();
    if (tile) sections.push(this.tileSection(tile));
    this.root.replaceChildren(...sections);
  }

  objectSection(layerId, o) {
    const section = heading(`Object #${o.id} (${o.shape ?? 'rectangle'})`);
    section.dataset.testid = 'object-properties';
    const fields = ['name', 'type', 'x', 'y'].concat(o.shape === 'point' || o.shape === 'polygon' ? [] : ['width', 'height']);
    for (const field of fields) {
      const numeric = !['name', 'type'].includes(field);
      const input = document.createElement('input');
      input.type = numeric ? 'number' : 'text';
      input.value = String(o[field] ?? (numeric ? 0 : ''));
      input.dataset.field = field;
      input.addEventListener('change', () => {
        const value = numeric ? Number(input.value) : input.value;
        if (numeric && !Number.isFinite(value)) return;
        this.editor.edit({ type: 'updateObject', layerId, objectId: o.id, patch: { [field]: value } });
      });
      section.append(row(field, input));
    }
    section.append(this.propertyList(o.properties ?? [],
      (name, property) => this.editor.edit({ type: 'setProperty', layerId, objectId: o.id, name, ...(property ? { property } : {}) })));
    return section;
  }

  propertySection(title, properties, set) {
    const section = heading(title);
    section.append(this.propertyList(properties, set));
    return section;
  }

  /** Rows of name, type and value (each change calls set), and a row to add one. */
  propertyList(properties, set) {
    const list = document.createElement('div');
    list.className = 'props';
    for (const p of properties) {
      const value = valueInput(p.type, p.value);
      value.addEventListener('change', () => set(p.name, { name: p.name, type: p.type, value: read(p.type, value) }));
      const remove = document.createElement('button');
      remove.type = 'button';
      remove.textContent = '✕';
      remove.title = `Remove ${p.name}`;
      remove.addEventListener('click', () => set(p.name, null));
      const line = row(`${p.name} (${p.type})`, value);
      line.append(remove);
      list.append(line);
    }
    const name = document.createElement('input');
    name.placeholder = 'new property';
    name.dataset.testid = 'new-property-name';
    const type = document.createElement('select');
    type.append(...TYPES.map((t) => new Option(t, t)));
    const add = document.createElement('button');
    add.type = 'button';
    add.textContent = 'Add';
    add.dataset.testid = 'add-property';
    add.addEventListener('click', () => {
      const key = name.value.trim();
      if (!key) return;
      const defaults = { string: '', file: '', int: 0, float: 0, bool: false, color: '#000000' };
      set(key, { name: key, type: type.value, value: defaults[type.value] });
      name.value = '';
    });
    const adder = document.createElement('div');
    adder.className = 'prop-add';
    adder.append(name, type, add);
    list.append(adder);
    return list;
  }

  /** The one tile the stamp holds, with its tileset, or null. */
  pickedTile() {
    const stamp = this.editor.stamp;
    if (!stamp || stamp.width !== 1 || stamp.height !== 1 || stamp.gids[0] === 0) return null;
    const gid = stamp.gids[0];
    const tileset = this.editor.map.tilesetOf(gid);
    const info = tileset && this.editor.images.info(tileset.tilesetId);
    return info ? { info, local: tileId(gid) - tileset.firstGid } : null;
  }

  tileSection({ info, local }) {
    const section = heading(`Tile ${local} of “${info.name}”`);
    section.dataset.testid = 'tile-properties';
    const data = (info.tiles ?? []).find((t) => t.id === local) ?? { properties: [] };
    const properties = data.properties ?? [];
    const solid = document.createElement('input');
    solid.type = 'checkbox';
    solid.dataset.testid = 'tile-solid';
    solid.checked = properties.some((p) => p.name === 'solid' && p.value === true);
    solid.addEventListener('change', () => this.patchTile(info, local, { solid: solid.checked }));
    section.append(row('solid', solid));
    const others = properties.filter((p) => p.name !== 'solid');
    section.append(this.propertyList(others, (name, property) => {
      const next = others.filter((p) => p.name !== name).concat(property ? [property] : []);
      this.patchTile(info, local, { properties: next });
    }));
    return section;
  }

  async patchTile(info, local, patch) {
    const response = await apiFetch(`/api/v1/tilesets/${info.id}/tiles/${local}`, {
      method: 'PATCH', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(patch),
    });
    const json = await response.json().catch(() => null);
    if (!response.ok) {
      this.editor.notify(`The tile was not changed: ${json?.detail ?? response.status}`);
      return;
    }
    info.tiles = json.tiles;
    this.render();
  }
}

function heading(title) {
  const section = document.createElement('section');
  const h = document.createElement('h3');
  h.textContent = title;
  section.append(h);
  return section;
}

function row(label, input) {
  const line = document.createElement('label');
  line.className = 'prop';
  const name = document.createElement('span');
  name.textContent = label;
  line.append(name, input);
  return line;
}

function valueInput(type, value) {
  const input = document.createElement('input');
  if (type === 'bool') {
    input.type = 'checkbox';
    input.checked = value === true;
  } else {
    input.type = type === 'int' || type === 'float' ? 'number' : 'text';
    input.value = String(value ?? '');
  }
  return input;
}

function read(type, input) {
  if (type === 'bool') return input.checked;
  if (type === 'int') return Math.trunc(Number(input.value));
  if (type === 'float') return Number(input.value);
  return input.value;
}
