// The tileset palette (the seed's pick pane): a tab per tileset of the map; its tiles drawn in a grid at the
// palette's zoom, tile i at column i % columns and row i / columns; click picks a tile, a drag picks a stamp.

import { Stamp } from '../model/stamp.js';
import { drawTile } from '../render/tilesets.js';
import { cssColor, intGridColor } from '../render/renderer.js';
import { flags } from '../model/gid.js';

const COLLECTION_COLUMNS = 8;

export class Palette {
  /** @param {import('./editor.js').Editor} editor @param {HTMLElement} root the right panel */
  constructor(editor, root) {
    this.editor = editor;
    this.tabs = root.querySelector('[data-testid="tileset-tabs"]');
    this.canvas = root.querySelector('[data-testid="tileset-palette"]');
    this.empty = root.querySelector('[data-testid="no-tilesets"]');
    this.zoomSelect = root.querySelector('[data-testid="palette-zoom"]');
    this.zoom = Number(this.zoomSelect.value);
    this.values = root.querySelector('[data-testid="intgrid-values"]');
    this.terrains = root.querySelector('[data-testid="terrains"]');
    this.tilesetId = editor.map.tilesets[0]?.tilesetId ?? null;
    this.drag = null;
    this.zoomSelect.addEventListener('change', () => {
      this.zoom = Number(this.zoomSelect.value);
      this.draw();
    });
    /** @type {import('./wangsets.js').WangSetEditor|null} while open, clicks give tiles terrains instead of picking */
    this.wangEditor = null;
    this.canvas.addEventListener('pointerdown', (e) => {
      if (this.wangEditor?.active) {
        const at = this.pointAt(e);
        if (at) this.wangEditor.clickTile(at.localId, at.fx, at.fy);
        return;
      }
      this.canvas.setPointerCapture(e.pointerId);
      const at = this.tileAt(e);
      if (at) this.drag = { start: at, last: at };
      this.pickDragged();
    });
    this.canvas.addEventListener('pointermove', (e) => {
      if (!this.drag) return;
      const at = this.tileAt(e);
      if (at) this.drag.last = at;
      this.pickDragged();
    });
    this.canvas.addEventListener('pointerup', () => {
      this.drag = null;
    });
    editor.map.listen((change) => {
      if (change.kind === 'map') this.render();
    });
    editor.listen((what) => {
      if (what === 'stamp') this.draw();
      if (what === 'layer' || what === 'stamp' || what === 'intgrid') this.renderValues();
      if (what === 'layer' || what === 'terrain') this.renderTerrains();
    });
    this.render();
    this.renderValues();
  }

  used() {
    return this.editor.map.tilesets.find((t) => t.tilesetId === this.tilesetId) ?? null;
  }

  columns(info) {
    return info.columns > 0 ? info.columns : COLLECTION_COLUMNS;
  }

  cellSize(info) {
    if (info.columns > 0) return { w: info.tileWidth, h: info.tileHeight };
    const tiles = (info.tiles ?? []).map((t) => this.editor.images.source(info.id, t.id)).filter(Boolean);
    return { w: Math.max(1, ...tiles.map((t) => t.width)), h: Math.max(1, ...tiles.map((t) => t.height)) };
  }

  /**
   * On an IntGrid layer the palette is the project's IntGrid values (colour, value, name): a click takes one as the
   * brush, which every tool then paints (0, the eraser, empties a cell).
   */
  renderValues() {
    const layer = this.editor.layer();
    const intGrid = layer !== null && layer.type === 'tile' && layer.isIntGrid;
    this.values.hidden = !intGrid;
    this.canvas.parentElement.hidden = intGrid;
    this.tabs.hidden = intGrid;
    if (!intGrid) return;
    const stamp = this.editor.stamp;
    const chosen = stamp && stamp.width === 1 && stamp.height === 1 ? stamp.gids[0] : null;
    const known = this.editor.intGridValues ?? [];
    const values = known.length > 0 ? known : [{ value: 1, name: 'value 1' }];
    this.values.replaceChildren(...values.map((v) => {
      const button = document.createElement('button');
      button.type = 'button';
      button.dataset.testid = 'intgrid-value';
      button.dataset.value = String(v.value);
      button.setAttribute('aria-pressed', String(chosen === v.value));
      const swatch = document.createElement('span');
      swatch.className = 'swatch';
      swatch.style.background = intGridColor(this.editor.renderer.intGridColors, v.value);
      button.append(swatch, `${v.value} ${v.name}`);
      button.addEventListener('click', () => {
        this.editor.setStamp(Stamp.of(v.value));
        if (this.editor.tool !== 'rect' && this.editor.tool !== 'fill') this.editor.setTool('brush');
      });
      return button;
    }));
  }

  render() {
    const { map, images } = this.editor;
    if (this.used() === null) this.tilesetId = map.tilesets[0]?.tilesetId ?? null;
    this.tabs.replaceChildren(...map.tilesets.map((t) => {
      const tab = document.createElement('button');
      tab.type = 'button';
      tab.role = 'tab';
      tab.textContent = images.info(t.tilesetId)?.name ?? `#${t.tilesetId}`;
      tab.setAttribute('aria-selected', String(t.tilesetId === this.tilesetId));
      tab.addEventListener('click', () => {
        this.tilesetId = t.tilesetId;
        this.render();
      });
      return tab;
    }));
    this.empty.hidden = map.tilesets.length > 0;
    this.canvas.hidden = map.tilesets.length === 0;
    this.draw();
    this.renderTerrains();
    this.wangEditor?.load();
  }

  /**
   * The terrains of the shown tileset: each Wang set (name, type) with its colours; a click on one takes it for the
   * Terrain tools.
   */
  renderTerrains() {
    const used = this.used();
    const info = used && this.editor.images.info(used.tilesetId);
    const layer = this.editor.layer();
    const sets = info?.wangSets ?? [];
    this.terrains.hidden = sets.length === 0 || (layer?.type === 'tile' && layer.isIntGrid);
    const chosen = this.editor.terrain;
    this.terrains.replaceChildren(...sets.map((set, index) => {
      const box = document.createElement('div');
      box.className = 'wang-set';
      box.dataset.testid = 'wang-set';
      const title = document.createElement('span');
      title.className = 'meta';
      title.textContent = `${set.name} (${set.type})`;
      box.append(title, ...set.colors.map((color, i) => {
        const button = document.createElement('button');
        button.type = 'button';
        button.dataset.testid = 'terrain-color';
        button.dataset.color = String(i + 1);
        button.title = `${color.name || `terrain ${i + 1}`}: paint it with the Terrain tool (T)`;
        button.setAttribute('aria-pressed', String(chosen?.tilesetId === used.tilesetId && chosen.set === index
          && chosen.color === i + 1));
        const swatch = document.createElement('span');
        swatch.className = 'swatch';
        swatch.style.background = cssColor(color.color);
        button.append(swatch, color.name || `${i + 1}`);
        button.addEventListener('click', () => {
          this.editor.setTerrain({ tilesetId: used.tilesetId, set: index, color: i + 1 });
          if (this.editor.tool !== 'terrain-fill') this.editor.setTool('terrain');
        });
        return button;
      }));
      return box;
    }));
  }

  draw() {
    const used = this.used();
    const info = used && this.editor.images.info(used.tilesetId);
    if (!info) return;
    const columns = this.columns(info);
    const { w, h } = this.cellSize(info);
    const z = this.zoom;
    const rows = Math.ceil(info.tileCount / columns);
    this.canvas.width = columns * w * z;
    this.canvas.height = rows * h * z;
    this.canvas.style.width = `${this.canvas.width}px`;
    this.canvas.style.height = `${this.canvas.height}px`;
    const ctx = this.canvas.getContext('2d');
    ctx.imageSmoothingEnabled = false;
    ctx.setTransform(z, 0, 0, z, 0, 0);
    for (let i = 0; i < info.tileCount; i++) {
      const source = this.editor.images.source(info.id, i);
      if (source) drawTile(ctx, source, 0, (i % columns) * w, Math.floor(i / columns) * h);
    }
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    this.wangEditor?.drawMarks(ctx, columns, w, h, z);
    const picked = this.pickedRect(used, columns);
    if (picked) {
      ctx.strokeStyle = '#ffd24a';
      ctx.lineWidth = 2;
      ctx.strokeRect(picked.x * w * z + 1, picked.y * h * z + 1, picked.width * w * z - 2, picked.height * h * z - 2);
    }
  }

  /** Where the current stamp sits in this palette, if it was picked here as is. */
  pickedRect(used, columns) {
    const stamp = this.editor.stamp;
    if (!stamp) return null;
    const first = stamp.gids[0];
    if (flags(first) !== 0 || first < used.firstGid || first >= used.firstGid + used.tileCount) return null;
    const local = first - used.firstGid;
    return { x: local % columns, y: Math.floor(local / columns), width: stamp.width, height: stamp.height };
  }

  /** Where a pointer is over the palette, in tiles (fractional), with the tileset's columns and rows; null without one. */
  position(e) {
    const used = this.used();
    const info = used && this.editor.images.info(used.tilesetId);
    if (!info) return null;
    const box = this.canvas.getBoundingClientRect();
    const { w, h } = this.cellSize(info);
    const columns = this.columns(info);
    return { px: (e.clientX - box.left) / (w * this.zoom), py: (e.clientY - box.top) / (h * this.zoom), columns,
      rows: Math.ceil(info.tileCount / columns), tileCount: info.tileCount };
  }

  /** The tile under a pointer and where in it, as fractions of its size; null off the tiles. */
  pointAt(e) {
    const at = this.position(e);
    if (at === null) return null;
    const column = Math.floor(at.px);
    const localId = Math.floor(at.py) * at.columns + column;
    if (at.px < 0 || at.py < 0 || column >= at.columns || localId >= at.tileCount) return null;
    return { localId, fx: at.px - column, fy: at.py - Math.floor(at.py) };
  }

  /** The palette cell under a pointer, held inside the palette (a drag past its edge picks up to the edge). */
  tileAt(e) {
    const at = this.position(e);
    if (at === null) return null;
    return { x: Math.min(at.columns - 1, Math.max(0, Math.floor(at.px))), y: Math.min(at.rows - 1, Math.max(0, Math.floor(at.py))) };
  }

  pickDragged() {
    if (!this.drag) return;
    const used = this.used();
    const info = this.editor.images.info(used.tilesetId);
    const { start, last } = this.drag;
    this.editor.setStamp(Stamp.fromTileset(used.firstGid, this.columns(info), info.tileCount, start.x, start.y, last.x, last.y));
    if (this.editor.tool !== 'rect' && this.editor.tool !== 'fill') this.editor.setTool('brush');
  }
}
