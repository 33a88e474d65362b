// The fields of an object the properties panel shows beyond its name, place and size: a text object's text and
// how it is drawn (font, size, bold, italic, underline, strike-out, wrap, alignment, colour), and a tile object's
// flips. Each change is one updateObject op (a text's fields go as its whole text, as the op takes it).

import { FLIP_H, FLIP_V } from '../model/gid.js';

const TEXT_DEFAULTS = {
  text: '', fontFamily: 'sans-serif', pixelSize: 16, wrap: false, color: '#000000', bold: false, italic: false,
  underline: false, strikeout: false, kerning: true, halign: 'left', valign: 'top',
};

/**
 * Rows for a text object's text fields.
 * @param {object} o the object
 * @param {(patch: object) => void} update sends an updateObject patch
 * @param {(label: string, input: HTMLElement) => HTMLElement} row lays out one field
 * @param {() => object} latest the object as it is when a field changes (others may have changed it since)
 */
export function textRows(o, update, row, latest = () => o) {
  const text = { ...TEXT_DEFAULTS, ...(o.text ?? {}) };
  const set = (field, value) => update({ text: { ...TEXT_DEFAULTS, ...(latest()?.text ?? text), [field]: value } });
  const area = document.createElement('textarea');
  area.value = text.text;
  area.dataset.field = 'text';
  area.addEventListener('change', () => set('text', area.value));
  const family = input('text', text.fontFamily, 'fontFamily');
  family.addEventListener('change', () => family.value.trim() && set('fontFamily', family.value.trim()));
  const size = input('number', text.pixelSize, 'pixelSize');
  Object.assign(size, { min: 1, max: 512, step: 1 });
  size.addEventListener('change', () => {
    const px = Math.trunc(Number(size.value));
    if (px >= 1 && px <= 512) set('pixelSize', px);
  });
  const color = input('color', /^#[0-9a-f]{6}$/i.test(text.color) ? text.color : '#000000', 'color');
  color.addEventListener('change', () => set('color', color.value));
  const rows = [row('text', area), row('font', family), row('size', size), row('colour', color)];
  const styles = document.createElement('span');
  styles.className = 'text-styles';
  for (const [field, label] of [['bold', 'B'], ['italic', 'I'], ['underline', 'U'], ['strikeout', 'S'], ['wrap', 'wrap']]) {
    const box = input('checkbox', null, field);
    box.checked = text[field] === true;
    box.title = field;
    box.addEventListener('change', () => set(field, box.checked));
    const label_ = document.createElement('label');
    label_.append(box, label);
    styles.append(label_);
  }
  rows.push(row('style', styles));
  for (const [field, values] of [['halign', ['left', 'center', 'right', 'justify']], ['valign', ['top', 'center', 'bottom']]]) {
    const select = document.createElement('select');
    select.dataset.field = field;
    for (const v of values) select.append(new Option(v, v, false, v === text[field]));
    select.addEventListener('change', () => set(field, select.value));
    rows.push(row(field === 'halign' ? 'align' : 'vertical', select));
  }
  return rows;
}

/** Rows for a tile object's flips (its gid's flip bits). */
export function flipRows(o, update, row, latest = () => o) {
  const rows = [];
  for (const [bit, label] of [[FLIP_H, 'flip x'], [FLIP_V, 'flip y']]) {
    const box = input('checkbox', null, label === 'flip x' ? 'flipX' : 'flipY');
    box.checked = (o.gid & bit) !== 0;
    box.addEventListener('change', () => {
      const gid = latest()?.gid ?? o.gid;
      update({ gid: (box.checked ? (gid | bit) : (gid & ~bit)) >>> 0 });
    });
    rows.push(row(label, box));
  }
  return rows;
}

function input(type, value, field) {
  const element = document.createElement('input');
  element.type = type;
  if (value !== null) element.value = String(value);
  element.dataset.field = field;
  return element;
}
