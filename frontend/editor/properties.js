// The properties panel: the selected object's fields and custom properties, the current layer's and the map's
// custom properties (each a setProperty or updateObject op; classes and Tiled 1.12's lists edited nested), and the
// picked tile's (solid, custom properties: the tileset's data, changed with PATCH /api/v1/tilesets/{id}/tiles/{local}).

import { tileId } from '../model/gid.js';
import { CHECKS_PROPERTY } from './checkedit.js';
import { flipRows, textRows } from './objectfields.js';
import { apiFetch, problemText } from '../sync/http.js';

const TYPES = ['string', 'int', 'float', 'bool', 'color', 'file', 'object', 'list'];

export class PropertiesPanel {
  /**
   * @param {import('./editor.js').Editor} editor @param {HTMLElement} root
   * @param {object[]} propertyTypes the project's enums and classes (GET /api/v1/projects/{id}/property-types)
   */
  constructor(editor, root, propertyTypes = []) {
    this.editor = editor;
    this.root = root;
    /** @type {Map<string, object>} the project's custom types by name */
    this.types = new Map(propertyTypes.map((t) => [t.name, t]));
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
    const active = document.activeElement;
    return this.root.contains(active) && (active instanceof HTMLInputElement || active instanceof HTMLSelectElement
      || active instanceof HTMLTextAreaElement);
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
        (name, property) => editor.edit({ type: 'setProperty', layerId: layer.id, name, ...(property ? { property } : {}) }),
        () => editor.map.layer(layer.id)?.attributes.properties));
    }
    // the map's checks are edited in the Checks panel, not as the property that keeps them
    sections.push(this.propertySection('Map', (editor.map.properties ?? []).filter((p) => p.name !== CHECKS_PROPERTY),
      (name, property) => editor.edit({ type: 'setProperty', name, ...(property ? { property } : {}) }),
      () => editor.map.properties));
    const tile = this.pickedTile();
    if (tile) sections.push(this.tileSection(tile));
    this.root.replaceChildren(...sections);
  }

  objectSection(layerId, o) {
    const section = heading(`Object #${o.id} (${o.gid ? 'tile' : (o.shape ?? 'rectangle')})`);
    section.dataset.testid = 'object-properties';
    const others = this.editor.selectedObjects.length - 1;
    if (others > 0) {
      const note = document.createElement('p');
      note.className = 'meta';
      note.dataset.testid = 'selection-count';
      note.textContent = `${others + 1} objects selected; this is the one chosen last.`;
      section.append(note);
    }
    if (o.template) {
      // an instance of a Tiled template: its values are its own, the export writes only what differs
      const template = document.createElement('code');
      template.textContent = o.template;
      template.dataset.testid = 'object-template';
      section.append(row('template', template));
    }
    const pointLike = !o.gid && ['point', 'polygon', 'polyline'].includes(o.shape);
    const fields = ['name', 'type', 'x', 'y'].concat(pointLike ? [] : ['width', 'height'],
      o.shape === 'point' && !o.gid ? [] : ['rotation'], ['opacity']);
    for (const field of fields) {
      const numeric = !['name', 'type'].includes(field);
      const input = document.createElement('input');
      input.type = numeric ? 'number' : 'text';
      input.value = String(o[field] ?? (field === 'opacity' ? 1 : numeric ? 0 : ''));
      if (field === 'opacity') Object.assign(input, { min: 0, max: 1, step: 0.05 });
      input.dataset.field = field;
      input.addEventListener('change', () => {
        const value = numeric ? Number(input.value) : input.value;
        if (numeric && !Number.isFinite(value)) return;
        if (field === 'opacity' && !(value >= 0 && value <= 1)) return;
        if ((field === 'width' || field === 'height') && value < 0) return;
        this.editor.edit({ type: 'updateObject', layerId, objectId: o.id, patch: { [field]: value } });
      });
      section.append(row(field, input));
    }
    const update = (patch) => this.editor.edit({ type: 'updateObject', layerId, objectId: o.id, patch });
    const latest = () => this.editor.map.layer(layerId)?.objects?.find((x) => x.id === o.id);
    if (o.shape === 'text' && !o.gid) section.append(...textRows(o, update, row, latest));
    if (o.gid) section.append(...flipRows(o, update, row, latest));
    section.append(this.propertyList(o.properties ?? [],
      (name, property) => this.editor.edit({ type: 'setProperty', layerId, objectId: o.id, name, ...(property ? { property } : {}) }),
      () => this.editor.map.layer(layerId)?.objects?.find((x) => x.id === o.id)?.properties));
    return section;
  }

  propertySection(title, properties, set, latest) {
    const section = heading(title);
    section.append(this.propertyList(properties, set, latest));
    return section;
  }

  /**
   * Rows of name, type and value (each change calls set with the whole property, its custom type kept), and a row
   * to add one: of a plain type, or of one of the project's enums and classes.
   */
  propertyList(properties, set, latest = () => properties) {
    const list = document.createElement('div');
    list.className = 'props';
    for (const p of properties) {
      const current = () => (latest() ?? []).find((q) => q.name === p.name) ?? p;
      list.append(this.propertyRow(p, (next) => set(p.name, next), () => set(p.name, null), current));
    }
    const name = document.createElement('input');
    name.placeholder = 'new property';
    name.dataset.testid = 'new-property-name';
    list.append(this.adder('Add', 'property', [name], (choice) => {
      const key = name.value.trim();
      if (!key) return;
      set(key, { name: key, ...this.fresh(choice) });
      name.value = '';
    }));
    return list;
  }

  /** A row to add a property or list item: its fields, a choice of type, a button calling onAdd(choice). */
  adder(label, what, fields, onAdd) {
    const type = this.typeChoice();
    type.dataset.testid = `new-${what}-type`;
    const add = document.createElement('button');
    add.type = 'button';
    add.textContent = label;
    add.dataset.testid = `add-${what}`;
    add.addEventListener('click', () => onAdd(type.value));
    const row = document.createElement('div');
    row.className = 'prop-add';
    row.append(...fields, type, add);
    return row;
  }

  /** A choice of a plain type or one of the project's enums and classes (for a new property or list item). */
  typeChoice() {
    const type = document.createElement('select');
    type.append(...TYPES.map((t) => new Option(t, t)));
    for (const custom of this.types.values()) type.append(new Option(`${custom.name} (${custom.type})`, `custom:${custom.name}`));
    return type;
  }

  /** A new property's (or list item's) type and value: a plain type's zero, an enum's first value, a class with its defaults. */
  fresh(choice) {
    if (!choice.startsWith('custom:')) {
      const defaults = { string: '', file: '', int: 0, float: 0, bool: false, color: '#000000', object: 0, list: [] };
      return { type: choice, value: defaults[choice] };
    }
    const custom = this.types.get(choice.slice('custom:'.length));
    if (custom.type === 'class') return { type: 'class', propertyType: custom.name, value: [] };
    const int = custom.storageType === 'int';
    return { type: int ? 'int' : 'string', propertyType: custom.name, value: int ? 0 : (custom.values[0] ?? '') };
  }

  /**
   * One property's row: an enum's value as a choice of its values (several for flags), a class's members as nested
   * rows (those not set showing the class's defaults), any other as an input of its type. remove is null for a
   * class member left at its default; current() is the property as it is now (a member's change goes into the
   * class's members as they are then, not as they were drawn, so two edits in a row both stay).
   */
  propertyRow(p, change, remove, current = () => p) {
    const custom = this.types.get(p.propertyType);
    if (p.type === 'class') {
      const box = document.createElement('fieldset');
      box.className = 'prop-class';
      box.dataset.property = p.name;
      const legend = document.createElement('legend');
      legend.textContent = `${p.name} (${p.propertyType ?? 'class'})`;
      if (remove) legend.append(removeButton(p.name, remove));
      box.append(legend);
      const set = Array.isArray(p.value) ? p.value : [];
      const declared = (custom?.members ?? []).map((m) => memberDefault(m, this.types));
      const shown = declared.map((d) => set.find((m) => m.name === d.name) ?? { ...d, unset: true })
        .concat(set.filter((m) => !declared.some((d) => d.name === m.name)));
      const members = () => (Array.isArray(current().value) ? current().value : []);
      for (const member of shown) {
        const { unset, ...plain } = member;
        const others = () => members().filter((m) => m.name !== plain.name);
        const line = this.propertyRow(plain, (next) => change({ ...current(), value: others().concat([next]) }),
          unset ? null : () => change({ ...current(), value: others() }),
          () => members().find((m) => m.name === plain.name) ?? plain);
        if (unset) line.classList.add('prop-default');
        box.append(line);
      }
      return box;
    }
    if (p.type === 'list') return this.listRow(p, change, remove, current);
    const input = custom?.type === 'enum' ? enumInput(custom, p.value) : valueInput(p.type, p.value);
    input.dataset.property = p.name;
    input.addEventListener('change', () => change({ ...current(), value: custom?.type === 'enum'
      ? readEnum(custom, input) : read(p.type, input) }));
    const line = row(`${p.name} (${p.propertyType ?? p.type})`, input);
    if (remove) line.append(removeButton(p.name, remove));
    return line;
  }

  /**
   * A list's items (Tiled 1.12), each a row of its own type named by its place (a class's members nested, a list in
   * a list again), with ✕ to take it out, and a row to add an item of any type at the end.
   */
  listRow(p, change, remove, current) {
    const box = document.createElement('fieldset');
    box.className = 'prop-class prop-list';
    box.dataset.property = p.name;
    const legend = document.createElement('legend');
    legend.textContent = `${p.name} (list)`;
    if (remove) legend.append(removeButton(p.name, remove));
    box.append(legend);
    const items = () => (Array.isArray(current().value) ? current().value : []);
    const replaced = (i, next) => items().map((item, j) => (j === i ? next : item));
    (Array.isArray(p.value) ? p.value : []).forEach((item, i) => {
      const name = `${p.name}[${i}]`;
      const unnamed = ({ name: _, ...plain }) => plain;
      box.append(this.propertyRow({ name, ...item },
        (next) => change({ ...current(), value: replaced(i, unnamed(next)) }),
        () => change({ ...current(), value: items().filter((_, j) => j !== i) }),
        () => ({ name, ...(items()[i] ?? item) })));
    });
    box.append(this.adder('Add item', 'item', [],
      (choice) => change({ ...current(), value: items().concat([this.fresh(choice)]) })));
    return box;
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
      this.editor.notify(`The tile was not changed: ${problemText(json, response.status)}`);
      return;
    }
    info.tiles = json.tiles;
    this.render();
  }
}

function removeButton(name, remove) {
  const button = document.createElement('button');
  button.type = 'button';
  button.textContent = '✕';
  button.title = `Remove ${name}`;
  button.addEventListener('click', remove);
  return button;
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
    input.type = type === 'int' || type === 'float' || type === 'object' ? 'number' : 'text';
    input.value = String(value ?? '');
  }
  return input;
}

function read(type, input) {
  if (type === 'bool') return input.checked;
  if (type === 'int' || type === 'object') return Math.trunc(Number(input.value));
  if (type === 'float') return Number(input.value);
  return input.value;
}

/**
 * A class member as the project declares it (Tiled's form: a nested class's value an object of its members'
 * values) in the map's form (a class's value a list of properties), to show while it is not set.
 */
function memberDefault(member, types) {
  if (member.type !== 'class') return { name: member.name, type: member.type, value: member.value, ...(member.propertyType ? { propertyType: member.propertyType } : {}) };
  const nested = types.get(member.propertyType);
  const values = member.value && typeof member.value === 'object' ? member.value : {};
  const set = Object.entries(values).map(([name, value]) => {
    const declared = nested?.members?.find((m) => m.name === name);
    return declared ? { ...memberDefault(declared, types), value } : { name, type: typeof value === 'boolean' ? 'bool'
      : typeof value === 'number' ? (Number.isInteger(value) ? 'int' : 'float') : 'string', value };
  });
  return { name: member.name, type: 'class', ...(member.propertyType ? { propertyType: member.propertyType } : {}), value: set };
}

/** An enum's choice: one of its values, or several when it holds flags. */
function enumInput(custom, value) {
  const select = document.createElement('select');
  select.multiple = custom.valuesAsFlags === true;
  const int = custom.storageType === 'int';
  const chosen = custom.valuesAsFlags
    ? (int ? custom.values.filter((_, i) => (Number(value) & (1 << i)) !== 0) : String(value ?? '').split(',').filter(Boolean))
    : [int ? custom.values[Number(value)] : String(value ?? '')];
  for (const v of custom.values) select.append(new Option(v, v, false, chosen.includes(v)));
  if (!custom.valuesAsFlags && !custom.values.includes(chosen[0])) {
    // a value the enum does not list (yet) stays what it is, shown as such
    select.prepend(new Option(`${value} (not a value of ${custom.name})`, '', false, true));
  }
  return select;
}

function readEnum(custom, select) {
  const picked = [...select.selectedOptions].map((o) => o.value).filter((v) => custom.values.includes(v));
  if (custom.storageType === 'int') {
    return custom.valuesAsFlags ? picked.reduce((bits, v) => bits | (1 << custom.values.indexOf(v)), 0)
      : Math.max(0, custom.values.indexOf(picked[0]));
  }
  return picked.join(',');
}
