// + Auto-layer: on an IntGrid layer, a new tile layer above it that the server draws from it by a rule set of the
// project, placing tiles of a tileset of the map. One dialog (the rule set, a new one by name for maintainers, and the
// target tileset), then one op (the layer and the IntGrid layer's three properties, docs/autotile.md) and the
// server's first drawing of it (POST …/autotile).

import { apiFetch } from '../sync/http.js';

const RULES = 'tilewright.autotile.rules';

export class AutoLayerMaker {
  /**
   * @param {import('./editor.js').Editor} editor
   * @param {import('./rules.js').RulesPanel} rules the Rules panel (its document holds the project's rule sets)
   * @param {HTMLDialogElement} dialog
   */
  constructor(editor, rules, dialog, { mapId, notify }) {
    this.editor = editor;
    this.rules = rules;
    this.dialog = dialog;
    this.mapId = mapId;
    this.notify = notify;
    this.sets = dialog.querySelector('[data-testid="auto-layer-rules"]');
    this.newSet = dialog.querySelector('[data-testid="auto-layer-new-set"]');
    this.tilesets = dialog.querySelector('[data-testid="auto-layer-tileset"]');
    this.error = dialog.querySelector('[data-testid="auto-layer-error"]');
    dialog.querySelector('[data-testid="auto-layer-make"]').addEventListener('click', (e) => {
      e.preventDefault();
      this.make().catch((failure) => this.say(failure.message));
    });
    dialog.querySelector('[data-testid="auto-layer-cancel"]').addEventListener('click', () => dialog.close());
  }

  open() {
    const grid = this.editor.layer();
    if (!grid?.isIntGrid) {
      this.notify('Choose an IntGrid layer (or make one with + IntGrid): the auto-layer is drawn from it.');
      return;
    }
    if ((grid.attributes.properties ?? []).some((p) => p.name === RULES)) {
      this.notify(`“${grid.attributes.name}” has an auto-layer already; its rules are in the Rules panel.`);
      return;
    }
    if (this.editor.map.tilesets.length === 0) {
      this.notify('Add a tileset first (Add tileset…): the auto-layer places its tiles.');
      return;
    }
    this.sets.replaceChildren(...this.rules.doc.ruleSets.map((s) => new Option(s.name, s.name)));
    this.newSet.closest('label').hidden = !this.rules.maintainer;
    this.newSet.value = '';
    this.tilesets.replaceChildren(...this.editor.map.tilesets.map((t) => new Option(
      this.editor.images.info(t.tilesetId)?.name ?? `tileset ${t.tilesetId}`, String(t.firstGid))));
    this.say('');
    this.dialog.showModal();
  }

  say(message) {
    this.error.textContent = message;
    this.error.hidden = message === '';
  }

  async make() {
    const { editor, rules } = this;
    const grid = editor.layer();
    let setName = this.sets.value;
    const wanted = this.newSet.value.trim();
    if (wanted !== '') {
      if (rules.doc.ruleSets.some((s) => s.name === wanted)) {
        this.say(`The project has a rule set “${wanted}” already: choose it above.`);
        return;
      }
      rules.doc.ruleSets.push({ name: wanted, groups: [{ name: 'group 1', active: true, rules: [] }] });
      rules.dirty = true;
      if (!(await rules.persist())) return;
      setName = wanted;
    }
    if (!setName) {
      this.say(rules.maintainer ? 'Choose a rule set, or name a new one.'
        : 'The project has no rule set yet; a maintainer of the project makes one.');
      return;
    }
    const { map } = editor;
    const id = map.nextLayerId;
    const firstGid = Number(this.tilesets.value);
    const property = (name, type, value) => ({ type: 'setProperty', layerId: grid.id, name, property: { name, type, value } });
    const applied = editor.edit({
      type: 'batch', ops: [
        {
          type: 'addLayer', kind: 'tile', layerId: id, index: map.layerIndex(grid.id) + 1,
          ...(grid.parentId ? { parentId: grid.parentId } : {}),
          attributes: { name: `${grid.attributes.name} tiles`, visible: true, locked: false, opacity: 1 },
        },
        property(RULES, 'string', setName),
        property('tilewright.autotile.output', 'int', id),
        property('tilewright.autotile.firstgid', 'int', firstGid),
      ],
    });
    if (!applied) return;
    this.dialog.close();
    rules.setName = setName;
    rules.render();
    await editor.session.settled();
    const drawn = await apiFetch(`/api/v1/maps/${this.mapId}/autotile`, { method: 'POST' });
    if (!drawn.ok) this.notify(`The auto-layer is made; the server has not drawn it yet (${drawn.status}): paint the IntGrid to draw it.`);
  }
}
