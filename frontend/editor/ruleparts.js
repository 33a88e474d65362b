// Parts of the Rules panel that edit by clicking, never by typing numbers: a rule's tiles as a strip of pictures (a
// click takes one out) with a picker of the target tileset's tiles to add one; the project's IntGrid values (colour,
// name; + Value); and a new rule set by name. Each change marks the panel's document changed; maintainers save it.

import { drawTile } from '../render/tilesets.js';

const THUMB = 20;
const PICKER_COLUMNS = 8;
/** Colours new IntGrid values take in turn (LDtk's are picked by hand; these are distinct at a glance). */
const VALUE_COLOURS = ['#3f7f3f', '#2060ff', '#c04040', '#c0a030', '#8040c0', '#30a0a0', '#a06030', '#606060'];

/** One tile of a tileset drawn in a small canvas (empty when its image is not loaded). */
function thumb(images, tileset, local, size = THUMB) {
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = size;
  const source = tileset ? images.source(tileset.tilesetId, local) : null;
  const ctx = canvas.getContext('2d');
  if (source) {
    ctx.imageSmoothingEnabled = false;
    ctx.save();
    ctx.scale(size / Math.max(source.width, source.height), size / Math.max(source.width, source.height));
    drawTile(ctx, source, tileset.firstGid + local, 0, 0);
    ctx.restore();
  } else {
    ctx.fillStyle = '#555';
    ctx.fillRect(0, 0, size, size);
    ctx.fillStyle = '#fff';
    ctx.font = '10px sans-serif';
    ctx.fillText(String(local), 2, 12);
  }
  return canvas;
}

/**
 * A rule's tiles: each a picture (click: take it out, while another stays), then "+" opening the target tileset's
 * tiles to pick one.
 * @param {{tilesetId: number, firstGid: number, tileCount: number}|null} tileset the rule set's target in this map
 */
export function tileStrip(editor, tileset, rule, changed) {
  const strip = document.createElement('span');
  strip.className = 'rule-tiles';
  strip.dataset.testid = 'rule-tiles';
  if (rule.stamp != null) {
    strip.append(`stamp ${rule.stamp.width}×${rule.stamp.height}`);
    return strip;
  }
  (rule.tileIds ?? []).forEach((local, i) => {
    const picture = thumb(editor.images, tileset, local);
    picture.dataset.testid = 'rule-tile';
    picture.dataset.tileId = String(local);
    picture.title = `Tile ${local}: a click takes it out (one of the rule's tiles is placed per cell)`;
    picture.addEventListener('click', () => {
      if (rule.tileIds.length < 2) return;
      rule.tileIds.splice(i, 1);
      changed();
    });
    strip.append(picture);
  });
  const add = document.createElement('button');
  add.type = 'button';
  add.textContent = '+';
  add.title = 'Add a tile: pick it in the target tileset';
  add.dataset.testid = 'rule-tile-add';
  add.disabled = tileset === null;
  add.addEventListener('click', () => {
    const open = strip.querySelector('.tile-picker');
    if (open) {
      open.remove();
      return;
    }
    strip.append(tilePicker(editor.images, tileset, (local) => {
      rule.tileIds = [...(rule.tileIds ?? []), local];
      changed();
    }));
  });
  strip.append(add);
  return strip;
}

/** The tiles of a tileset in a grid; a click picks one (its local id). */
export function tilePicker(images, tileset, onPick) {
  const info = images.info(tileset.tilesetId);
  const count = tileset.tileCount;
  const columns = Math.min(PICKER_COLUMNS, Math.max(1, info?.columns || PICKER_COLUMNS));
  const canvas = document.createElement('canvas');
  canvas.className = 'tile-picker';
  canvas.dataset.testid = 'tile-picker';
  canvas.width = columns * THUMB;
  canvas.height = Math.ceil(count / columns) * THUMB;
  const ctx = canvas.getContext('2d');
  for (let local = 0; local < count; local++) {
    ctx.drawImage(thumb(images, tileset, local), (local % columns) * THUMB, Math.floor(local / columns) * THUMB);
  }
  canvas.addEventListener('click', (e) => {
    const box = canvas.getBoundingClientRect();
    const local = Math.floor((e.clientY - box.top) / THUMB) * columns + Math.floor((e.clientX - box.left) / THUMB);
    if (local >= 0 && local < count) onPick(local);
  });
  return canvas;
}

/**
 * The project's IntGrid values: colour and name editable, + Value adds the next one. Only a maintainer saves them;
 * others see them.
 */
export function valuesBox(doc, editable, changed, shown = { open: false }) {
  const box = document.createElement('details');
  box.open = shown.open;
  box.addEventListener('toggle', () => {
    shown.open = box.open;
  });
  box.className = 'intgrid-values-edit';
  box.dataset.testid = 'values-editor';
  const summary = document.createElement('summary');
  summary.textContent = `IntGrid values (${doc.values.length})`;
  box.append(summary);
  doc.values.forEach((v, i) => {
    const row = document.createElement('div');
    row.className = 'row';
    row.dataset.testid = 'value-row';
    const colour = document.createElement('input');
    colour.type = 'color';
    colour.value = v.color;
    colour.disabled = !editable;
    colour.addEventListener('change', () => {
      v.color = colour.value;
      changed();
    });
    const name = document.createElement('input');
    name.value = v.name;
    name.size = 10;
    name.disabled = !editable;
    name.dataset.testid = 'value-name';
    name.addEventListener('change', () => {
      if (name.value.trim()) v.name = name.value.trim();
      changed();
    });
    row.append(colour, `${v.value}`, name);
    if (editable) {
      const remove = document.createElement('button');
      remove.type = 'button';
      remove.textContent = '✕';
      remove.title = 'Remove the value (cells painted with it keep the number)';
      remove.addEventListener('click', () => {
        doc.values.splice(i, 1);
        changed();
      });
      row.append(remove);
    }
    box.append(row);
  });
  if (editable) {
    const add = document.createElement('button');
    add.type = 'button';
    add.textContent = '+ Value';
    add.dataset.testid = 'value-add';
    add.addEventListener('click', () => {
      const value = Math.max(0, ...doc.values.map((v) => v.value)) + 1;
      doc.values.push({ value, name: `value ${value}`, color: VALUE_COLOURS[(value - 1) % VALUE_COLOURS.length] });
      shown.open = true;
      changed();
    });
    box.append(add);
  }
  return box;
}

/** A name field and "+ Rule set": a new set with one empty group. */
export function newSetRow(doc, made) {
  const row = document.createElement('div');
  row.className = 'row';
  const name = document.createElement('input');
  name.placeholder = 'new rule set';
  name.size = 12;
  name.dataset.testid = 'rules-new-set-name';
  const add = document.createElement('button');
  add.type = 'button';
  add.textContent = '+ Rule set';
  add.dataset.testid = 'rules-new-set';
  add.addEventListener('click', () => {
    const wanted = name.value.trim();
    if (!wanted || doc.ruleSets.some((s) => s.name === wanted)) return;
    doc.ruleSets.push({ name: wanted, groups: [{ name: 'group 1', active: true, rules: [] }] });
    made(wanted);
  });
  row.append(name, add);
  return row;
}
