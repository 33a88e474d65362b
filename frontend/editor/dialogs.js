// The "Add tileset" dialog: first the tilesets of the map's project it does not use yet (GET /api/v1/tilesets?
// projectId=, each shown with its image; a click adds it), then a new one uploaded into that project: checks what it
// can before sending (a PNG, a name, whole tile sizes), uploads the image (POST /api/v1/tilesets), shows the server's
// problem detail when it refuses. Either way the tileset joins the map with an addTileset op.

import { apiFetch } from '../sync/http.js';

const MAX_BYTES = 10 * 1024 * 1024;

export class TilesetDialog {
  /**
   * @param {import('./editor.js').Editor} editor @param {HTMLDialogElement} dialog
   * @param {number} projectId the map's project, where tilesets are picked from and uploaded to
   * @param {(info: object) => Promise<void>} loaded
   */
  constructor(editor, dialog, projectId, loaded) {
    this.editor = editor;
    this.dialog = dialog;
    this.projectId = projectId;
    this.picks = dialog.querySelector('[data-project-tilesets]');
    this.none = dialog.querySelector('[data-project-tilesets-empty]');
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
    this.listProject();
  }

  /** The project's tilesets the map does not use yet, each a button that adds it. */
  async listProject() {
    this.picks.replaceChildren();
    this.none.hidden = true;
    let tilesets;
    try {
      const response = await apiFetch(`/api/v1/tilesets?projectId=${this.projectId}`);
      if (!response.ok) throw new Error(String(response.status));
      tilesets = await response.json();
    } catch (e) {
      this.show('The project\'s tilesets cannot be listed now; upload one below, or try again.');
      return;
    }
    const used = new Set(this.editor.map.tilesets.map((t) => t.tilesetId));
    const offered = tilesets.filter((t) => !used.has(t.id));
    this.none.hidden = offered.length > 0;
    this.picks.replaceChildren(...offered.map((t) => {
      const item = document.createElement('li');
      const button = document.createElement('button');
      button.type = 'button';
      button.dataset.testid = 'project-tileset';
      button.dataset.tilesetId = String(t.id);
      button.title = `${t.name}: ${t.tileCount} tiles of ${t.tileWidth} x ${t.tileHeight} px`;
      const image = document.createElement('img');
      image.alt = '';
      image.loading = 'lazy';
      const shown = t.image ?? t.tiles?.find((tile) => tile.image)?.image;
      if (shown) image.src = shown;
      const name = document.createElement('span');
      name.textContent = `${t.name} (${t.tileCount})`;
      button.append(image, name);
      button.addEventListener('click', () => this.add(t));
      item.append(button);
      return item;
    }));
  }

  /** Adds a stored tileset to the map: its images loaded, then the op. */
  async add(info) {
    await this.loaded(info);
    const applied = this.editor.edit({ type: 'addTileset', tilesetId: info.id, tileCount: info.tileCount });
    if (applied) this.dialog.close();
    else this.show(`${info.name} cannot be added to this map now; reload the page and try again.`);
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
    body.append('projectId', String(this.projectId));
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
    await this.add(json);
  }
}
