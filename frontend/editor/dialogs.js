// The "Add tileset" dialog: checks what it can before sending (a PNG, a name, whole tile sizes), uploads the image
// (POST /api/v1/tilesets), shows the server's problem detail when it refuses, and adds the tileset to the map with
// an addTileset op.

import { apiFetch } from '../sync/http.js';

const MAX_BYTES = 10 * 1024 * 1024;

export class TilesetDialog {
  /** @param {import('./editor.js').Editor} editor @param {HTMLDialogElement} dialog @param {(info: object) => Promise<void>} loaded */
  constructor(editor, dialog, loaded) {
    this.editor = editor;
    this.dialog = dialog;
    this.loaded = loaded;
    this.form = dialog.querySelector('form');
    this.error = dialog.querySelector('[data-testid="dialog-error"]');
    dialog.querySelector('[data-action="cancel"]').addEventListener('click', () => dialog.close());
    this.form.elements.image.addEventListener('change', () => {
      const file = this.form.elements.image.files[0];
      if (file && !this.form.elements.name.value) this.form.elements.name.value = file.name.replace(/\.png$/i, '');
      if (!this.form.elements.tileWidth.value) this.form.elements.tileWidth.value = editor.map.tileWidth;
      if (!this.form.elements.tileHeight.value) this.form.elements.tileHeight.value = editor.map.tileHeight;
    });
    this.form.addEventListener('submit', (e) => {
      e.preventDefault();
      this.submit();
    });
  }

  open() {
    this.form.reset();
    this.show(null);
    this.dialog.showModal();
  }

  show(message) {
    this.error.hidden = message === null;
    this.error.textContent = message ?? '';
  }

  /** What is wrong with the form, or null. */
  check() {
    const f = this.form.elements;
    const file = f.image.files[0];
    if (!file) return 'Choose a PNG image.';
    if (file.type && file.type !== 'image/png') return `${file.name} is not a PNG image.`;
    if (file.size > MAX_BYTES) return `${file.name} is larger than 10 MiB.`;
    if (!f.name.value.trim()) return 'Give the tileset a name.';
    for (const [field, label, min] of [['tileWidth', 'Tile width', 1], ['tileHeight', 'Tile height', 1], ['margin', 'Margin', 0], ['spacing', 'Spacing', 0]]) {
      const value = Number(f[field].value);
      if (!Number.isInteger(value) || value < min || value > 4096) {
        f[field].classList.add('touched');
        return `${label} must be a whole number from ${min} to 4096.`;
      }
    }
    return null;
  }

  async submit() {
    const problem = this.check();
    if (problem) {
      this.show(problem);
      return;
    }
    const f = this.form.elements;
    const body = new FormData();
    body.append('name', f.name.value.trim());
    body.append('tileWidth', f.tileWidth.value);
    body.append('tileHeight', f.tileHeight.value);
    body.append('margin', f.margin.value || '0');
    body.append('spacing', f.spacing.value || '0');
    if (f.useKey.checked) body.append('transparentColor', f.transparentColor.value.replace('#', ''));
    body.append('image', f.image.files[0]);
    let response;
    try {
      response = await apiFetch('/api/v1/tilesets', { method: 'POST', body });
    } catch (e) {
      this.show('The server cannot be reached; try again when online.');
      return;
    }
    const json = await response.json().catch(() => null);
    if (!response.ok) {
      this.show(`${json?.title ?? response.status}: ${json?.detail ?? 'the server refused the tileset'}`);
      return;
    }
    await this.loaded(json);
    const applied = this.editor.edit({ type: 'addTileset', tilesetId: json.id, tileCount: json.tileCount });
    if (applied) this.dialog.close();
  }
}
