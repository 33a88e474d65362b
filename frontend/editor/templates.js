// Object templates in the Objects panel, as Tiled's .tx: the map's templates listed, each placed by clicking on the
// map (Place, then a click: an instance with all the template's values); Make template… turns the one selected object
// into a template (it becomes its first instance); Update template makes the selected instance's values the
// template's, and every instance follows on the server (what an instance did not change of it takes the new value,
// one version); Detach makes an instance a plain object. GET/POST/PUT /api/v1/maps/{id}/templates.

import { apiFetch, refusal } from '../sync/http.js';

export class TemplatesPanel {
  /**
   * @param {import('./editor.js').Editor} editor
   * @param {import('./objects.js').ObjectTools} objects
   * @param {HTMLElement} root the Objects panel
   * @param {{mapId: number, notify: (message: string) => void}} options
   */
  constructor(editor, objects, root, { mapId, notify }) {
    this.editor = editor;
    this.objects = objects;
    this.mapId = mapId;
    this.notify = notify;
    this.list = root.querySelector('[data-testid="template-list"]');
    this.name = root.querySelector('[data-testid="template-name"]');
    this.make = root.querySelector('[data-testid="template-make"]');
    this.update = root.querySelector('[data-testid="template-update"]');
    this.detach = root.querySelector('[data-testid="template-detach"]');
    /** @type {{reference: string, object: object}[]} */
    this.templates = [];
    this.make?.addEventListener('click', () => this.makeFromSelected());
    this.update?.addEventListener('click', () => this.updateFromSelected());
    this.detach?.addEventListener('click', () => this.detachSelected());
    editor.listen((what) => {
      if (what === 'object' || what === 'objects') this.refresh();
    });
  }

  async load() {
    const response = await apiFetch(`/api/v1/maps/${this.mapId}/templates`);
    if (!response.ok) throw new Error(`templates: ${response.status}`);
    this.templates = await response.json();
    this.render();
  }

  render() {
    const rows = this.templates.map((t) => {
      const row = document.createElement('li');
      row.dataset.testid = 'template-row';
      row.dataset.reference = t.reference;
      const name = document.createElement('span');
      name.textContent = t.reference.replace(/^.*\//, '').replace(/\.t[xj]$/, '');
      name.title = t.reference;
      const place = document.createElement('button');
      place.type = 'button';
      place.textContent = 'Place';
      place.dataset.testid = 'template-place';
      place.dataset.editOnly = '';
      place.title = 'Click on the map to place an instance';
      place.hidden = this.editor.readOnly;
      place.addEventListener('click', () => {
        this.objects.template = t;
        this.editor.setTool('object-template');
      });
      row.append(name, place);
      return row;
    });
    this.list.replaceChildren(...rows);
    this.refresh();
  }

  /** Which buttons the selection allows. */
  refresh() {
    const one = this.objects.single();
    if (this.make) this.make.disabled = !one || Boolean(one.template);
    if (this.update) this.update.disabled = !one?.template || !this.templates.some((t) => t.reference === one.template);
    if (this.detach) this.detach.disabled = !one?.template;
  }

  async makeFromSelected() {
    const one = this.objects.single();
    const name = this.name?.value.trim() ?? '';
    if (!one) return;
    if (!name) {
      this.notify('Name the template first (the box beside Make template).');
      return;
    }
    await this.send('POST', `/api/v1/maps/${this.mapId}/templates`, { name, layerId: this.editor.selectedObject.layerId, objectId: one.id });
    if (this.name) this.name.value = '';
  }

  async updateFromSelected() {
    const one = this.objects.single();
    if (!one?.template) return;
    await this.send('PUT', `/api/v1/maps/${this.mapId}/templates?reference=${encodeURIComponent(one.template)}`,
      { layerId: this.editor.selectedObject.layerId, objectId: one.id });
  }

  detachSelected() {
    const one = this.objects.single();
    if (one?.template) {
      this.editor.edit({ type: 'updateObject', layerId: this.editor.selectedObject.layerId, objectId: one.id, patch: { template: '' } });
    }
  }

  /** A template change, sent once what is pending is saved (the server reads the object as it has it). */
  async send(method, url, body) {
    try {
      await this.editor.session.settled();
    } catch (e) {
      this.notify(`Template not sent: your edits are not saved yet (${e.message}); try again once they are.`);
      return;
    }
    const response = await apiFetch(url, { method, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    if (!response.ok) {
      this.notify(`Template not saved: ${await refusal(response)}`);
      return;
    }
    await this.load();
  }
}
