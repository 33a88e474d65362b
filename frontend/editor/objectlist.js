// The Objects panel: the current object layer's objects, the topmost first (as they are drawn over each other), each
// by name or shape and id. A click selects one, shift+click adds or takes away; the selected are marked. Buttons
// raise, lower, bring to front or back, duplicate and delete the selection (the same as the keys).

import { kindOf } from '../model/shapes.js';

export class ObjectList {
  /**
   * @param {import('./editor.js').Editor} editor
   * @param {import('./objects.js').ObjectTools} objects
   * @param {HTMLElement} root the panel's section
   */
  constructor(editor, objects, root) {
    this.editor = editor;
    this.objects = objects;
    this.root = root;
    this.list = root.querySelector('[data-testid="object-list"]');
    const actions = {
      'object-raise': () => objects.arrange('raise'),
      'object-lower': () => objects.arrange('lower'),
      'object-front': () => objects.arrange('front'),
      'object-back': () => objects.arrange('back'),
      'object-duplicate': () => objects.duplicate(),
      'object-delete': () => objects.removeSelected(),
    };
    for (const [action, run] of Object.entries(actions)) {
      root.querySelector(`[data-action="${action}"]`)?.addEventListener('click', run);
    }
    editor.listen((what) => {
      if (['layer', 'object', 'objects'].includes(what)) this.render();
    });
    editor.map.listen((change) => {
      if (change.kind === 'objects' || change.kind === 'layers') this.render();
    });
    this.render();
  }

  render() {
    const layer = this.editor.layer();
    this.root.hidden = layer?.type !== 'object';
    if (this.root.hidden) return;
    const selected = new Set(this.editor.selectedObjects.filter((s) => s.layerId === layer.id).map((s) => s.objectId));
    const rows = [...layer.objects].reverse().map((o) => {
      const row = document.createElement('li');
      row.dataset.testid = 'object-row';
      row.dataset.objectId = String(o.id);
      row.classList.toggle('selected', selected.has(o.id));
      row.setAttribute('aria-selected', String(selected.has(o.id)));
      const label = o.name || (kindOf(o) === 'text' ? `“${o.text?.text ?? ''}”` : kindOf(o));
      row.textContent = `${label} #${o.id}${o.type ? ` · ${o.type}` : ''}`;
      if (o.visible === false) row.classList.add('hidden-object');
      row.addEventListener('click', (e) => this.choose(layer.id, o.id, e.shiftKey));
      return row;
    });
    this.list.replaceChildren(...rows);
  }

  choose(layerId, objectId, adding) {
    const chosen = { layerId, objectId };
    const others = this.editor.selectedObjects.filter((s) => !(s.layerId === layerId && s.objectId === objectId));
    if (!adding) this.editor.selectObjects([chosen]);
    else this.editor.selectObjects(others.length < this.editor.selectedObjects.length ? others : [...others, chosen]);
  }
}
