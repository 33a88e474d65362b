// The layers panel: the tree top layer first, as Tiled shows it, a group's layers indented under it (a group folds
// and unfolds). Click chooses the layer tools work on; the eye and lock boxes hide and lock; double click renames;
// drag reorders (dropped on a group, a layer goes into it); the buttons add (into the current layer's group) and
// delete; the slider sets opacity. Every change is an op (shared, undoable).

import { autoLayerSource } from '../model/tilemap.js';

export class LayersPanel {
  /** @param {import('./editor.js').Editor} editor @param {HTMLElement} root the left panel */
  constructor(editor, root) {
    this.editor = editor;
    this.list = root.querySelector('[data-testid="layer-list"]');
    this.opacity = root.querySelector('[data-testid="layer-opacity"]');
    root.querySelector('[data-action="add-tile-layer"]').addEventListener('click', () => this.add('tile'));
    root.querySelector('[data-action="add-object-layer"]').addEventListener('click', () => this.add('object'));
    root.querySelector('[data-action="add-group-layer"]')?.addEventListener('click', () => this.add('group'));
    root.querySelector('[data-action="add-intgrid-layer"]')?.addEventListener('click', () => this.add('intgrid'));
    root.querySelector('[data-action="remove-layer"]').addEventListener('click', () => this.remove());
    /** @type {Set<number>} groups shown folded: at first those whose layers the server draws (LDtk auto-layers) */
    this.folded = new Set(editor.map.layers.filter((l) => l.type === 'group' && ldtkSource(l) !== undefined)
      .map((l) => l.id));
    this.opacity.addEventListener('change', () => {
      const layer = editor.layer();
      if (layer) editor.edit({ type: 'updateLayer', layerId: layer.id, patch: { opacity: Number(this.opacity.value) / 100 } });
    });
    editor.map.listen((change) => {
      if (change.kind === 'layers') this.render();
    });
    editor.listen((what) => {
      if (what === 'layer') this.markCurrent();
    });
    this.render();
  }

  render() {
    const { editor } = this;
    if (editor.layer() === null && editor.map.layers.length > 0) {
      // the current layer may be gone only for a moment (a rebase takes pending ops off the map and puts them back):
      // choose another once the change is over, if it is still gone then
      queueMicrotask(() => {
        if (editor.layer() === null && editor.map.layers.length > 0) editor.setLayer(editor.map.layers.at(-1).id);
      });
    }
    this.list.replaceChildren(...this.shown().map(({ layer, depth }) => this.item(layer, depth)));
    this.showOpacity();
  }

  /** The layers as the tree shows them: top first, each group followed by its (unfolded) layers, with depths. */
  shown() {
    const { layers } = this.editor.map;
    const out = [];
    const walk = (parentId, depth) => {
      for (let i = layers.length - 1; i >= 0; i--) {
        const layer = layers[i];
        if ((layer.parentId ?? 0) !== parentId) continue;
        out.push({ layer, depth });
        if (layer.type === 'group' && !this.folded.has(layer.id)) walk(layer.id, depth + 1);
      }
    };
    walk(0, 0);
    return out;
  }

  showOpacity() {
    const current = this.editor.layer();
    this.opacity.disabled = current === null;
    this.opacity.value = current ? String(Math.round(current.attributes.opacity * 100)) : '100';
  }

  /**
   * Only moves the highlight when the current layer changes: rebuilding the list would take away the element a
   * double click (rename) is landing on.
   */
  markCurrent() {
    const ids = [...this.list.children].map((li) => Number(li.dataset.layerId));
    const stack = this.shown().map(({ layer }) => layer.id);
    if (ids.length !== stack.length || ids.some((id, i) => id !== stack[i])) {
      this.render();
      return;
    }
    for (const li of this.list.children) li.classList.toggle('current', Number(li.dataset.layerId) === this.editor.layerId);
    this.showOpacity();
  }

  item(layer, depth = 0) {
    const { editor } = this;
    const li = document.createElement('li');
    li.dataset.layerId = String(layer.id);
    li.style.paddingLeft = `${0.4 + depth * 1.1}rem`;
    li.draggable = true;
    li.classList.toggle('current', layer.id === editor.layerId);
    const visible = checkbox(layer.attributes.visible, 'Show', () =>
      editor.edit({ type: 'updateLayer', layerId: layer.id, patch: { visible: visible.checked } }));
    visible.dataset.testid = 'layer-visible';
    const locked = checkbox(layer.attributes.locked, 'Lock', () =>
      editor.edit({ type: 'updateLayer', layerId: layer.id, patch: { locked: locked.checked } }));
    locked.dataset.testid = 'layer-locked';
    const name = document.createElement('span');
    name.className = 'name';
    name.textContent = layer.attributes.name;
    const kind = document.createElement('span');
    kind.className = 'kind';
    const auto = autoLayerSource(editor.map, layer);
    const autoGroup = layer.type === 'group' && ldtkSource(layer) !== undefined;
    kind.textContent = layer.isIntGrid ? 'intgrid' : auto !== null || autoGroup ? 'auto' : layer.type;
    if (auto !== null) kind.title = `Drawn by the server from “${auto.attributes.name}” with the project's rules`;
    if (autoGroup) kind.title = 'Tiles the server draws by the LDtk rules of the IntGrid this layer reads (unfold to see each layer)';
    if (layer.type === 'group') {
      const fold = document.createElement('button');
      fold.type = 'button';
      fold.className = 'fold';
      fold.dataset.testid = 'layer-fold';
      fold.textContent = this.folded.has(layer.id) ? '▸' : '▾';
      fold.title = this.folded.has(layer.id) ? 'Show the layers in this group' : 'Hide the layers in this group';
      fold.addEventListener('click', (e) => {
        e.stopPropagation();
        if (!this.folded.delete(layer.id)) this.folded.add(layer.id);
        this.render();
      });
      li.append(fold);
    }
    li.append(visible, locked, name, kind);
    li.addEventListener('click', (e) => {
      if (e.target instanceof HTMLInputElement) return;
      editor.setLayer(layer.id);
    });
    name.addEventListener('dblclick', () => this.rename(layer, name));
    li.addEventListener('dragstart', (e) => {
      e.dataTransfer.setData('text/plain', String(layer.id));
      li.classList.add('dragging');
    });
    li.addEventListener('dragend', () => li.classList.remove('dragging'));
    li.addEventListener('dragover', (e) => e.preventDefault());
    li.addEventListener('drop', (e) => {
      e.preventDefault();
      const moved = Number(e.dataTransfer.getData('text/plain'));
      if (moved === layer.id || editor.map.layerIndex(moved) < 0) return;
      editor.edit(this.dropped(moved, layer));
    });
    return li;
  }

  /**
   * The move a drop makes: onto a group, the layer goes in on top of its layers; onto another layer, it takes that
   * layer's place in that layer's group. Indices count the list without the moved layer and what is in it.
   */
  dropped(movedId, target) {
    const { map } = this.editor;
    const from = map.layerIndex(movedId);
    const size = map.blockEnd(from) - from;
    const without = (index) => (index > from ? index - size : index);
    if (target.type === 'group' && !map.isIn(target, movedId)) {
      return { type: 'moveLayer', layerId: movedId, index: without(map.blockEnd(map.layerIndex(target.id))), parentId: target.id };
    }
    return { type: 'moveLayer', layerId: movedId, index: without(map.layerIndex(target.id)), parentId: target.parentId ?? 0 };
  }

  rename(layer, label) {
    const input = document.createElement('input');
    input.className = 'rename';
    input.value = layer.attributes.name;
    label.replaceWith(input);
    input.focus();
    input.select();
    const done = (save) => {
      const name = input.value.trim();
      if (save && name && name !== layer.attributes.name) {
        this.editor.edit({ type: 'updateLayer', layerId: layer.id, patch: { name } });
      }
      this.render();
    };
    input.addEventListener('keydown', (e) => {
      e.stopPropagation();
      if (e.key === 'Enter') done(true);
      if (e.key === 'Escape') done(false);
    });
    input.addEventListener('blur', () => done(true), { once: true });
  }

  /** A new layer of a kind: tile, object, group, or intgrid (a tile layer of IntGrid values). */
  add(kind) {
    const { editor } = this;
    const { map } = editor;
    const intGrid = kind === 'intgrid';
    const count = map.layers.filter((l) => (intGrid ? l.isIntGrid : l.type === kind && !l.isIntGrid)).length + 1;
    // into the current group (on top of its layers), or above the current layer in its group
    const current = editor.layer();
    const parentId = current === null ? 0 : current.type === 'group' ? current.id : (current.parentId ?? 0);
    const index = current === null ? map.layers.length : map.blockEnd(map.layerIndex(current.id));
    const names = { tile: 'Tile Layer', object: 'Object Layer', group: 'Group', intgrid: 'IntGrid' };
    const applied = editor.edit({
      type: 'addLayer', kind: intGrid ? 'tile' : kind, index, ...(parentId !== 0 ? { parentId } : {}),
      layerId: 0, // a new one: the next free id here, the server's choice when sent
      attributes: {
        name: `${names[kind]} ${count}`, visible: true, locked: false, opacity: 1,
        ...(intGrid ? { properties: [{ name: 'tilewright.intgrid', type: 'bool', value: true }] } : {}),
      },
    });
    if (applied) editor.setLayer(applied.op.layerId);
  }

  remove() {
    const layer = this.editor.layer();
    if (layer === null) return;
    this.editor.edit({ type: 'removeLayer', layerId: layer.id });
    this.editor.layerId = null;
    this.render();
    this.editor.emit('layer');
  }
}

function checkbox(checked, title, onChange) {
  const box = document.createElement('input');
  box.type = 'checkbox';
  box.checked = checked;
  box.title = title;
  box.addEventListener('change', onChange);
  return box;
}

/** The LDtk layer definition whose IntGrid an auto-layer group reads (undefined: it is no such group). */
function ldtkSource(layer) {
  return (layer.attributes.properties ?? []).find((p) => p.name === 'ldtk.sourceLayerDefUid')?.value;
}
