// The editor's shared state: the map, its session (live or REST) and history, the view, the current layer, stamp,
// tool and selection. Panels and tools read it and change it through these methods, and hear about changes by
// listening.

import { autoLayerSource } from '../model/tilemap.js';
import { InvalidOp, resolveRestore, restoreInverse } from '../model/ops.js';
import { projectionOf } from '../model/projection.js';
import { Stamp } from '../model/stamp.js';
import { BLOCK } from '../sync/chunks.js';

/**
 * Chunks of cells an edit may have fetched for it (its inverse, for undo, needs what it overwrites): 4,096 chunks are
 * 16 million cells, 64 MiB in the tab. An edit past them is saved without an undo step.
 */
export const EDIT_CHUNKS = 4096;

/**
 * A fill or whole region that would need more chunks than this fetched (1,024x1,024 cells) is not: it is applied to
 * what is held and its undo asks the server to put the cells back (restoreCells) instead of keeping them here.
 */
export const RESTORE_CHUNKS = 256;

export class Editor {
  /** The tools that only look (the ones a read-only editor offers). */
  static VIEW_TOOLS = new Set(['picker', 'query', 'comment']);

  constructor({ map, session, history, images, view, renderer, readOnly = false }) {
    this.map = map;
    /** whether the map is only to be looked at here (a viewer, a share link): every edit is refused */
    this.readOnly = readOnly;
    this.session = session;
    this.history = history;
    this.images = images;
    this.view = view;
    this.renderer = renderer;
    this.layerId = map.layers.findLast((l) => l.type === 'tile')?.id ?? map.layers.at(-1)?.id ?? null;
    this.stamp = null;
    /** @type {{tilesetId: number, set: number, color: number}|null} the Terrain tool's terrain: a Wang set's colour */
    this.terrain = null;
    this.tool = 'brush';
    /** @type {{x:number, y:number, width:number, height:number}|null} selected cells */
    this.selection = null;
    this.clipboard = null;
    /** @type {{layerId: number, objectId: number}[]} the selected objects, the last one chosen last */
    this.selectedObjects = [];
    this.listeners = new Set();
    /** @type {import('../sync/chunks.js').ChunkStream|null} where a streamed map's chunks come from */
    this.stream = null;
    /** edits waiting for chunks, in the order they were made (null: none) */
    this.waiting = null;
  }

  listen(listener) {
    this.listeners.add(listener);
  }

  emit(what) {
    for (const listener of this.listeners) listener(what);
    this.renderer.requestDraw();
  }

  layer() {
    return this.layerId === null ? null : this.map.layer(this.layerId);
  }

  setLayer(id) {
    this.layerId = id;
    this.emit('layer');
  }

  /** An object or layer got another id (the server chose it): the current layer and selection follow it. */
  remap({ kind, from, to }) {
    if (kind === 'layer' && this.layerId === from) this.layerId = to;
    this.selectedObjects = this.selectedObjects.map((selected) => ({
      layerId: kind === 'layer' && selected.layerId === from ? to : selected.layerId,
      objectId: kind === 'object' && selected.objectId === from ? to : selected.objectId,
    }));
    this.emit('layer');
    this.emit('object');
  }

  setTool(tool) {
    if (this.readOnly && !Editor.VIEW_TOOLS.has(tool)) return;
    this.tool = tool;
    this.emit('tool');
  }

  setStamp(stamp) {
    this.stamp = stamp;
    this.emit('stamp');
  }

  setTerrain(terrain) {
    this.terrain = terrain;
    this.emit('terrain');
  }

  /** The object chosen last of those selected (the one the properties panel shows), or null. */
  get selectedObject() {
    return this.selectedObjects.at(-1) ?? null;
  }

  selectObject(selected) {
    this.selectObjects(selected ? [selected] : []);
  }

  selectObjects(list) {
    this.selectedObjects = list;
    this.emit('object');
  }

  setSelection(rect) {
    this.selection = rect;
    this.emit('selection');
  }

  /**
   * The user's edit: applied, queued, recorded for undo. Shows why when it does not fit and returns null.
   * @returns {{op: object, inverse: object}|null}
   */
  edit(op) {
    if (this.readOnly) {
      this.notify('Read only: you may look at this map, not change it (editing needs the editor role).');
      return null;
    }
    const missing = this.stream?.missingFor(op).length ?? 0;
    if (this.waiting === null && missing * BLOCK * BLOCK >= RESTORE_CHUNKS && restoreInverse(op) !== null) {
      return this.apply(op, false); // its undo reads nothing here
    }
    if (this.waiting !== null || missing > 0) {
      this.afterChunks(op, (ok) => this.apply(op, ok));
      return null;
    }
    return this.apply(op, true);
  }

  /**
   * Runs `then(ok)` once the chunks an op reads are held (in the order edits were made): ok false when they are more
   * than EDIT_CHUNKS (then nothing was fetched past that). When one could not be read, nothing runs and it says so.
   */
  afterChunks(op, then) {
    const run = async () => {
      const keys = this.stream.missingFor(op);
      if (keys.length === 0) {
        then(true);
        return;
      }
      const got = await this.stream.ensure(keys, EDIT_CHUNKS);
      if (got.failed) {
        this.unread('changed');
        return;
      }
      try {
        then(got.ok);
      } finally {
        if (got.ok) got.release();
      }
    };
    const chained = (this.waiting ?? Promise.resolve()).then(run);
    this.waiting = chained;
    chained.catch((e) => this.notify(`Not applied: ${e.message}`)).finally(() => {
      if (this.waiting === chained) this.waiting = null;
    });
  }

  /**
   * A flood (the bucket's, the terrain fill's) on a streamed map: `walk()` floods what is held (null past its limit);
   * while its area, grown by `reach` cells, touches chunks not held, those are fetched (each round reaching twice as
   * far) and it is walked again. Once the area and its edge are all held it is exactly the area the server would find,
   * and `use(flood)` runs with those chunks still held. Says so and gives up past EDIT_CHUNKS chunks.
   */
  async floodHeld(layer, walk, use) {
    const releases = [];
    try {
      let reach = 1;
      for (let round = 0; round < 32; round++) {
        const flood = walk();
        if (flood === null) {
          use(null);
          return;
        }
        const r = flood.rect;
        const keys = this.stream === null ? []
          : this.stream.blocksOf(layer, { x: r.x - reach, y: r.y - reach, width: r.width + 2 * reach, height: r.height + 2 * reach });
        if (keys.length === 0) {
          use(flood);
          return;
        }
        const got = await this.stream.ensure(keys, EDIT_CHUNKS);
        if (got.failed) {
          this.unread('filled');
          return;
        }
        if (!got.ok) break;
        releases.push(got.release);
        reach = Math.max(2 * reach, r.width, r.height);
      }
      this.notify(`That area reaches past the ${EDIT_CHUNKS.toLocaleString()} chunks the editor loads for one edit; fill a selection instead.`);
    } finally {
      for (const release of releases) release();
    }
  }

  /** Says that the chunks an edit needs could not be fetched, so nothing was `done`. */
  unread(done) {
    this.notify(`That part of the map could not be read from the server just now (it may be busy); nothing was ${done}: try again in a moment.`);
  }

  /**
   * Applies and queues an edit; recorded for undo when its inverse is whole, or (not undoable here: too large) when
   * the server can put back what it overwrote.
   */
  apply(op, undoable) {
    try {
      const applied = this.session.perform(op);
      const restore = undoable ? null : restoreInverse(applied.op);
      if (undoable) {
        this.history.record(applied);
      } else if (restore !== null) {
        // too large to keep what it overwrote here: its undo has the server put those cells back
        this.history.record({ op: applied.op, inverse: restore });
      } else {
        this.notify(`That edit reaches more of the map than the editor loads for one edit (${EDIT_CHUNKS.toLocaleString()} `
          + 'chunks): it is saved without an undo step; the History panel restores the version before it.');
      }
      return applied;
    } catch (e) {
      if (!(e instanceof InvalidOp)) throw e;
      this.notify(`Not applied: ${e.message}`);
      return null;
    }
  }

  /** The current layer if the tools may paint on it, else null with the reason shown. */
  paintableLayer() {
    const layer = this.layer();
    if (layer === null || layer.type !== 'tile') {
      this.notify('Choose a tile layer to paint on.');
      return null;
    }
    if (layer.attributes.locked) {
      this.notify(`Layer “${layer.attributes.name}” is locked; untick its lock box in Layers to change it.`);
      return null;
    }
    const source = autoLayerSource(this.map, layer);
    if (source !== null) {
      this.notify(`Layer “${layer.attributes.name}” is an auto-layer: the server draws it from “${source.attributes.name}”; paint that one.`);
      return null;
    }
    return layer;
  }

  undo() {
    this.stepHistory(this.history.undoStack, () => this.history.undo());
  }

  redo() {
    this.stepHistory(this.history.redoStack, () => this.history.redo());
  }

  /** Undoes or redoes once the cells the step reads are held (its own inverse, for redo, needs them). */
  stepHistory(stack, step) {
    const next = stack.at(-1);
    if (next !== undefined && !resolveRestore(next)) {
      this.notify('That edit is still being saved; undo it again in a moment.');
      return;
    }
    if (next !== undefined && (this.waiting !== null || (this.stream?.missingFor(next).length ?? 0) > 0)) {
      this.afterChunks(next, (ok) => {
        if (ok) this.runHistory(step);
        else this.notify(`That undo reaches more of the map than the editor loads for one edit (${EDIT_CHUNKS.toLocaleString()} chunks); restore the version before it in the History panel.`);
      });
      return;
    }
    this.runHistory(step);
  }

  runHistory(step) {
    try {
      step();
    } catch (e) {
      if (!(e instanceof InvalidOp)) throw e;
      this.notify(`Cannot undo that any more: ${e.message}`);
    }
    this.emit('history');
  }

  transformStamp(how) {
    if (this.stamp === null) return;
    // on a hexagonal map tiles mirror and turn as Tiled turns them there (by 60 degrees)
    const projection = projectionOf(this.map);
    this.setStamp(how === 'x' ? this.stamp.flippedHorizontally(projection)
      : how === 'y' ? this.stamp.flippedVertically(projection) : this.stamp.rotatedClockwise(projection));
  }

  copySelection(cut) {
    const layer = this.layer();
    if (this.selection === null || layer === null || layer.type !== 'tile') return;
    const selection = this.selection;
    const copy = (ok) => {
      if (!ok) {
        this.notify(`That selection reaches past the ${EDIT_CHUNKS.toLocaleString()} chunks the editor loads at once; copy a smaller one.`);
        return;
      }
      this.clipboard = Stamp.fromLayer(layer, selection);
      if (cut) this.eraseSelection();
    };
    const read = { type: 'fillRect', layerId: layer.id, ...selection };
    if (this.waiting !== null || (this.stream?.missingFor(read).length ?? 0) > 0) this.afterChunks(read, copy);
    else copy(true);
  }

  paste() {
    if (this.clipboard === null) return;
    this.setStamp(this.clipboard);
    this.setTool('brush');
  }

  eraseSelection() {
    const layer = this.paintableLayer();
    if (this.selection === null || layer === null) return;
    const r = this.selection;
    this.edit({ type: 'fillRect', layerId: layer.id, x: r.x, y: r.y, width: r.width, height: r.height, gid: 0 });
  }

  /** A message over the canvas for a few seconds. */
  notify(text) {
    this.emit({ notice: text });
  }
}

