// Draws the map into the editor's canvas: only what is in sight, tile layers from cached block canvases (drawn
// once and again only when an op touches them), objects, grid lines and the tools' overlays. Pixels stay crisp at
// every zoom (no smoothing when magnified) and the canvas honours the device pixel ratio. Drawing happens on the
// next animation frame and only when something changed.
//
// Two levels of blocks: near (16x16 cells at full size) from 50% zoom up, far (32x32 cells at a quarter size)
// below, so a whole large map zoomed out costs a sixteenth of its pixels. Near blocks are kept up to a budget,
// least recently used out first; the blocks around the view are drawn ahead, a little each frame.

import { CHUNK, drawnObjects, objectReferences } from '../model/tilemap.js';
import { alignmentPoint, drawStanding, drawTile, frameAt } from './tilesets.js';
import { drawText } from './text.js';
import { projectionOf, tilesInSight, tracePolygons } from '../model/projection.js';
import { FLAGS, tileId } from '../model/gid.js';

const LEVELS = [{ cells: 16, scale: 1 }, { cells: 32, scale: 0.25 }];
const FAR_BELOW = 0.5;
const NEAR_BUDGET = 768; // near blocks kept (about 200 MB of 16 px tiles at most)
const PREFETCH_MS = 6; // time per frame for drawing blocks ahead of the view
/**
 * Time per frame for drawing blocks in view that are new or changed (many at once when chunks come in at a low zoom):
 * past it, one that changed shows as it was and a new one not yet (the map's overview lies under it), and another
 * frame finishes them. The first block of a frame is always drawn.
 */
const BUILD_MS = 12;

/** How often the view is drawn again while animated tiles are on it (Tiled's frames are 100 ms and more). */
const ANIMATION_MS = 50;

export class Renderer {
  /**
   * @param {HTMLCanvasElement} canvas
   * @param {import('../model/tilemap.js').TileMap} map
   * @param {import('./tilesets.js').TilesetImages} images
   * @param {import('./view.js').View} view
   */
  constructor(canvas, map, images, view) {
    this.canvas = canvas;
    this.ctx = canvas.getContext('2d');
    this.map = map;
    this.images = images;
    this.view = view;
    this.gridLines = true;
    /** @type {Map<number, Map<string, {canvas: HTMLCanvasElement, dirty: boolean}>>} per layer, per level and block */
    this.blocks = new Map();
    this.nearBlocks = 0;
    /** @type {Map<string, Uint32Array|null>} */
    this.pixelCache = new Map();
    /** @type {Map<number, string>} IntGrid value -> #rrggbb, as the project names them (others get a hue of their own) */
    this.intGridColors = new Map();
    /** @type {((ctx: CanvasRenderingContext2D, view: import('./view.js').View) => void)[]} drawn last, in world pixels */
    this.overlays = [];
    /** overlays of the map as a whole (collision grid, queries, others' cursors): not moved with the current layer */
    this.mapOverlays = [];
    this.frameRequested = false;
    this.frames = 0;
    this.overflow = { x: 0, y: 0 };
    map.listen((change) => this.onChange(change));
    this.measureOverflow();
  }

  /** Draws another map from now on (a past version of this one, or this one again): every cached block is dropped. */
  show(map) {
    if (map === this.map) return;
    this.map = map;
    this.blocks.clear();
    this.nearBlocks = 0;
    this.pixelCache.clear();
    this.measureOverflow();
    this.requestDraw();
  }

  onChange(change) {
    if (change.kind === 'cells') {
      this.invalidate(change.layerId, change.rect);
    } else if (change.kind === 'layers' || change.kind === 'map') {
      for (const [id, blocks] of this.blocks) {
        if (this.map.layer(id) === null) {
          for (const key of blocks.keys()) if (key.startsWith('0:')) this.nearBlocks--;
          this.blocks.delete(id);
        }
      }
      this.measureOverflow();
    }
    this.requestDraw();
  }

  /**
   * How far tiles larger than the cells reach out of them (up and right), so blocks leave room for it, and whether
   * every tile fits its cell; asked again when the tilesets change.
   */
  measureOverflow() {
    let x = 0;
    let y = 0;
    for (const t of this.map.tilesets) {
      const info = this.images.info(t.tilesetId);
      if (!info) continue;
      x = Math.max(x, info.tileWidth - this.map.tileWidth + Math.abs(info.tileOffsetX ?? 0));
      y = Math.max(y, info.tileHeight - this.map.tileHeight + Math.abs(info.tileOffsetY ?? 0));
    }
    // every tile fits its cell exactly (tilesets of the map's tile size, atlases, no offsets): then blocks are
    // written as pixels, a copy of each tile's scaled pixels per cell, many times faster than a draw per tile
    this.fitCells = x === 0 && y === 0 && (this.map.orientation ?? 'orthogonal') === 'orthogonal'
      && this.map.tilesets.every((t) => {
      const info = this.images.info(t.tilesetId);
      return info && info.columns > 0 && info.tileWidth === this.map.tileWidth && info.tileHeight === this.map.tileHeight
        && !info.tileOffsetX && !info.tileOffsetY;
    });
    if (x !== this.overflow.x || y !== this.overflow.y) {
      this.overflow = { x, y };
      this.blocks.clear();
      this.nearBlocks = 0;
    }
    this.pixelCache.clear(); // the tilesets (and so what a gid shows) may have changed
  }

  /** Marks the blocks a rectangle of cells touches (and their neighbours a large tile may reach into) dirty. */
  invalidate(layerId, rect) {
    const blocks = this.blocks.get(layerId);
    if (!blocks) return;
    // how many cells a large tile reaches beyond its own (up and right on an orthogonal map; any way on another)
    const cell = projectionOf(this.map).cellBox(0, 0);
    const orthogonal = (this.map.orientation ?? 'orthogonal') === 'orthogonal';
    const reachX = Math.ceil(this.overflow.x / cell.width) + (orthogonal ? 0 : 2);
    const reachY = Math.ceil(this.overflow.y / cell.height) + (orthogonal ? 0 : 2);
    LEVELS.forEach(({ cells }, level) => {
      const bx0 = Math.floor((rect.x - reachX) / cells);
      const by0 = Math.floor(rect.y / cells);
      const bx1 = Math.floor((rect.x + rect.width - 1) / cells);
      const by1 = Math.floor((rect.y + rect.height - 1 + reachY) / cells);
      for (let by = by0; by <= by1; by++) {
        for (let bx = bx0; bx <= bx1; bx++) {
          const block = blocks.get(`${level}:${bx}:${by}`);
          if (block) block.dirty = true;
        }
      }
    });
  }

  requestDraw() {
    if (this.frameRequested) return;
    this.frameRequested = true;
    requestAnimationFrame(() => {
      this.frameRequested = false;
      this.draw();
    });
  }

  /** Sizes the canvas to its box at the device pixel ratio. */
  resize() {
    const dpr = window.devicePixelRatio || 1;
    const box = this.canvas.getBoundingClientRect();
    this.view.width = box.width;
    this.view.height = box.height;
    this.canvas.width = Math.max(1, Math.round(box.width * dpr));
    this.canvas.height = Math.max(1, Math.round(box.height * dpr));
    this.requestDraw();
  }

  draw() {
    this.frames++;
    this.buildUntil = performance.now() + BUILD_MS;
    this.built = 0;
    // the moment animated tiles show their frames for; whether any was drawn decides if another frame follows
    this.now = performance.now();
    this.animating = false;
    const ctx = this.ctx;
    const dpr = window.devicePixelRatio || 1;
    const { map, view } = this;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.fillStyle = '#2b2d31';
    ctx.fillRect(0, 0, this.canvas.width, this.canvas.height);
    ctx.setTransform(dpr * view.zoom, 0, 0, dpr * view.zoom, -view.x * dpr * view.zoom, -view.y * dpr * view.zoom);
    ctx.imageSmoothingEnabled = false;
    const bounds = projectionOf(map).bounds(map.width, map.height);
    ctx.fillStyle = map.backgroundColor ?? '#3a3d44';
    ctx.fillRect(bounds.x, bounds.y, bounds.width, bounds.height);
    const sight = view.visible();
    this.onSight?.(sight);
    // the first frame that shows the map in view, as its cells or its overview (what a benchmark times)
    if (this.drawPlaceholder(sight) && this.firstMapFrameAt === undefined) this.firstMapFrameAt = performance.now();
    for (const layer of map.layers) {
      // with its groups' visibility, opacity and offsets (a group layer draws nothing itself)
      const shown = map.effective(layer);
      if (layer.type === 'group' || !shown.visible) continue;
      const shift = this.shiftOf(layer);
      ctx.save();
      ctx.translate(shift.dx, shift.dy);
      ctx.globalAlpha = shown.opacity;
      ctx.globalCompositeOperation = compositeOf(layer.blendMode);
      const seen = { ...sight, x: sight.x - shift.dx, y: sight.y - shift.dy };
      if (layer.type === 'tile') this.drawTileLayer(layer, seen);
      if (layer.type === 'object') this.drawObjects(layer);
      ctx.restore();
    }
    ctx.globalAlpha = 1;
    this.drawReferences();
    if (this.gridLines) this.drawGrid(sight);
    for (const overlay of this.mapOverlays) overlay(ctx, view);
    // tools draw in the current layer's place (its offset and parallax)
    const current = this.currentLayer?.() ?? null;
    const at = current ? this.shiftOf(current) : { dx: 0, dy: 0 };
    ctx.save();
    ctx.translate(at.dx, at.dy);
    for (const overlay of this.overlays) overlay(ctx, view);
    ctx.restore();
    if (this.animating && !this.animationTimer) {
      this.animationTimer = setTimeout(() => {
        this.animationTimer = null;
        this.requestDraw();
      }, ANIMATION_MS);
    }
    this.prefetch(sight);
  }

  /**
   * Under the chunks of a streamed map that are not held yet, the map's overview (the minimap's thumbnail, which the
   * server keeps from its zoom pyramid) stretched to where they lie, so a view that just moved shows the map blurred
   * rather than empty until its cells come in. Whether the view shows the map (the overview, or every chunk held;
   * once the first such frame was drawn, not asked again).
   */
  drawPlaceholder(sight) {
    const image = this.placeholder;
    const { map, ctx } = this;
    const tiles = map.layers.filter((l) => l.type === 'tile' && l.loaded && map.effective(l).visible);
    if (tiles.length === 0) return true;
    if (!image) {
      if (this.firstMapFrameAt !== undefined) return true; // asked only until the first frame is known
      const { x, y, right, bottom } = tilesInSight(map, sight);
      return right <= x || bottom <= y || tiles.every((l) => l.holds({ x, y, width: right - x, height: bottom - y }));
    }
    const projection = projectionOf(map);
    const bounds = projection.bounds(map.width, map.height);
    const sx = image.width / bounds.width;
    const sy = image.height / bounds.height;
    const { x, y, right, bottom } = tilesInSight(map, sight);
    if (right <= x || bottom <= y) return true;
    ctx.imageSmoothingEnabled = true;
    for (let cy = Math.floor(y / CHUNK); cy * CHUNK < bottom; cy++) {
      for (let cx = Math.floor(x / CHUNK); cx * CHUNK < right; cx++) {
        const c = cy * tiles[0].chunksX + cx;
        if (tiles.every((l) => l.isLoaded(c))) continue;
        const chunk = projection.areaBox({ x: cx * CHUNK, y: cy * CHUNK, width: CHUNK, height: CHUNK });
        ctx.drawImage(image, (chunk.x - bounds.x) * sx, (chunk.y - bounds.y) * sy, chunk.width * sx, chunk.height * sy,
          chunk.x, chunk.y, chunk.width, chunk.height);
      }
    }
    ctx.imageSmoothingEnabled = false;
    return true;
  }

  /**
   * Where a layer is drawn relative to the map: its offset with its groups', and with parallax on, moved as a camera
   * centred on the view sees it ((1 - factor) x (view centre - the map's parallax origin), as the server draws it).
   */
  shiftOf(layer) {
    const shown = this.map.effective(layer);
    let { dx, dy } = shown.offset;
    if (this.parallax) {
      const sight = this.view.visible();
      const origin = this.map.settings.parallaxOrigin;
      dx += (1 - shown.parallax.x) * (sight.x + sight.width / 2 - origin.x);
      dy += (1 - shown.parallax.y) * (sight.y + sight.height / 2 - origin.y);
    }
    return { dx, dy };
  }

  /**
   * The range of blocks of a level that a world rectangle shows: those holding a tile in sight or one whose overflow
   * (tiles reach up and right out of their cells) does.
   */
  blockRange(level, sight) {
    const { cells } = LEVELS[level];
    const { x, y, right, bottom } = tilesInSight(this.map, { x: sight.x - this.overflow.x, y: sight.y,
      width: sight.width + this.overflow.x, height: sight.height + this.overflow.y });
    if (right <= x || bottom <= y) return { bx0: 0, by0: 0, bx1: -1, by1: -1 };
    return { bx0: Math.floor(x / cells), by0: Math.floor(y / cells),
      bx1: Math.floor((right - 1) / cells), by1: Math.floor((bottom - 1) / cells) };
  }

  /** The world box of block (bx, by) of a level (without its overflow). */
  blockBox(level, bx, by) {
    const { cells } = LEVELS[level];
    return projectionOf(this.map).areaBox({ x: bx * cells, y: by * cells, width: cells, height: cells });
  }

  /** A layer's block, drawn if it was not (or is dirty); null where the layer has no cells. */
  block(layer, level, bx, by, until = Infinity) {
    const { map } = this;
    const { cells, scale } = LEVELS[level];
    let blocks = this.blocks.get(layer.id);
    if (!blocks) {
      blocks = new Map();
      this.blocks.set(layer.id, blocks);
    }
    const key = `${level}:${bx}:${by}`;
    let block = blocks.get(key);
    const late = this.built > 0 && performance.now() > until;
    if (late && (block === undefined || block.dirty)) {
      // this frame's time for drawing blocks is spent: as it was (or not yet), finished in the next frame
      this.requestDraw();
      return block ?? null;
    }
    if (block) {
      blocks.delete(key); // re-inserted below: the map's order is least recently used first
    } else {
      if (!this.hasCells(layer, bx * cells, by * cells, cells)) return null;
      block = { canvas: document.createElement('canvas'), dirty: true };
      const box = this.blockBox(level, 0, 0);
      block.canvas.width = Math.ceil((box.width + this.overflow.x) * scale);
      block.canvas.height = Math.ceil((box.height + this.overflow.y) * scale);
      if (level === 0) this.nearBlocks++;
    }
    blocks.set(key, block);
    // a block with animated tiles is drawn again for each frame of the view, and any block when its tint changed
    const tint = this.map.effective(layer).tint ?? null;
    if (block.dirty || (block.animated && block.drawnAt !== this.now) || (block.tint ?? null) !== tint) {
      this.drawBlock(layer, bx * cells, by * cells, cells, scale, block);
      this.built++;
      if (tint !== null) tintCanvas(block.canvas, tint);
      block.drawnAt = this.now;
      block.tint = tint;
    }
    return block;
  }

  drawTileLayer(layer, sight) {
    const level = this.level();
    const { bx0, by0, bx1, by1 } = this.blockRange(level, sight);
    this.ctx.imageSmoothingEnabled = level === 1;
    // blocks in the order their tiles are drawn: row by row, or on a diamond map diagonal by diagonal from the top
    const order = [];
    for (let by = by0; by <= by1; by++) for (let bx = bx0; bx <= bx1; bx++) order.push([bx, by]);
    if (this.map.orientation === 'isometric') order.sort((a, b) => a[0] + a[1] - b[0] - b[1] || a[0] - b[0]);
    for (const [bx, by] of order) {
      const block = this.block(layer, level, bx, by, this.buildUntil);
      if (!block) continue;
      const box = this.blockBox(level, bx, by);
      this.ctx.drawImage(block.canvas, box.x, box.y - this.overflow.y, box.width + this.overflow.x,
        box.height + this.overflow.y);
    }
    this.ctx.imageSmoothingEnabled = false;
    if (this.nearBlocks > NEAR_BUDGET) this.evictNear();
  }

  level() {
    return this.view.zoom < FAR_BELOW ? 1 : 0;
  }

  /**
   * Draws the blocks just outside the view ahead of time, a few milliseconds per frame, so panning finds them
   * ready instead of drawing a row of new blocks in one frame. Asks for another frame while work remains.
   */
  prefetch(sight) {
    const level = this.level();
    const { width: marginX, height: marginY } = this.blockBox(level, 0, 0);
    const around = { x: sight.x - marginX, y: sight.y - marginY, width: sight.width + 2 * marginX, height: sight.height + 2 * marginY };
    const { bx0, by0, bx1, by1 } = this.blockRange(level, around);
    const until = performance.now() + PREFETCH_MS;
    for (const layer of this.map.layers) {
      if (layer.type !== 'tile' || !this.map.effective(layer).visible) continue;
      const blocks = this.blocks.get(layer.id);
      for (let by = by0; by <= by1; by++) {
        for (let bx = bx0; bx <= bx1; bx++) {
          const ready = blocks?.get(`${level}:${bx}:${by}`);
          if (ready && !ready.dirty) continue;
          if (performance.now() > until) {
            this.requestDraw();
            return;
          }
          this.block(layer, level, bx, by);
        }
      }
    }
  }

  /** Drops the least recently drawn near blocks over the budget. */
  evictNear() {
    for (const blocks of this.blocks.values()) {
      for (const key of blocks.keys()) {
        if (this.nearBlocks <= NEAR_BUDGET * 0.75) return;
        if (key.startsWith('0:')) {
          blocks.delete(key);
          this.nearBlocks--;
        }
      }
    }
  }

  /** Whether any 64x64 chunk under a block's cells was ever painted (blocks of empty chunks are never made). */
  hasCells(layer, x0, y0, cells) {
    for (let cy = Math.floor(y0 / CHUNK); cy <= Math.floor((y0 + cells - 1) / CHUNK) && cy < layer.chunksY; cy++) {
      for (let cx = Math.floor(x0 / CHUNK); cx <= Math.floor((x0 + cells - 1) / CHUNK) && cx < layer.chunksX; cx++) {
        if (layer.chunks[cy * layer.chunksX + cx] !== null) return true;
      }
    }
    return false;
  }

  /** An IntGrid's block: each non-empty cell a square of its value's colour, half transparent. */
  drawIntGridBlock(layer, x0, y0, cells, scale, block) {
    const { map } = this;
    const ctx = block.canvas.getContext('2d');
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, block.canvas.width, block.canvas.height);
    ctx.setTransform(scale, 0, 0, scale, 0, this.overflow.y * scale);
    ctx.globalAlpha = 0.55;
    const projection = projectionOf(map);
    const origin = projection.areaBox({ x: x0, y: y0, width: cells, height: cells });
    ctx.translate(-origin.x, -origin.y);
    for (let y = y0; y < Math.min(map.height, y0 + cells); y++) {
      for (let x = x0; x < Math.min(map.width, x0 + cells); x++) {
        const value = layer.get(x, y);
        if (value === 0) continue;
        ctx.fillStyle = intGridColor(this.intGridColors, value);
        ctx.beginPath();
        tracePolygons(ctx, projection.areaOutline({ x, y, width: 1, height: 1 }));
        ctx.fill();
      }
    }
    ctx.globalAlpha = 1;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    block.dirty = false;
    block.animated = false;
  }

  /** A tile's pixels (flips applied) at a scale, as 32-bit RGBA words, made once per gid and scale. */
  tilePixels(gid, scale, width, height) {
    const key = `${scale}:${gid}`;
    let pixels = this.pixelCache.get(key);
    if (pixels === undefined) {
      const tileset = this.map.tilesetOf(gid);
      const source = tileset && this.images.source(tileset.tilesetId, tileId(gid) - tileset.firstGid);
      pixels = null;
      if (source) {
        const canvas = document.createElement('canvas');
        canvas.width = width;
        canvas.height = height;
        const ctx = canvas.getContext('2d', { willReadFrequently: true });
        ctx.imageSmoothingEnabled = scale < 1;
        ctx.setTransform(scale, 0, 0, scale, 0, 0);
        drawTile(ctx, source, gid, 0, 0);
        pixels = new Uint32Array(ctx.getImageData(0, 0, width, height).data.buffer);
      }
      this.pixelCache.set(key, pixels);
    }
    return pixels;
  }

  /**
   * The gid a cell shows now: an animated tile's current frame (with the cell's flips), as Tiled plays it. Notes
   * that something animated was drawn, so the view is drawn again for the next frame.
   */
  shown(gid) {
    const tileset = this.map.tilesetOf(gid);
    if (!tileset) return gid;
    const frames = this.images.animation(tileset.tilesetId, tileId(gid) - tileset.firstGid);
    if (frames === null) return gid;
    this.animating = true;
    return ((gid & FLAGS) | (tileset.firstGid + frameAt(frames, this.now))) >>> 0;
  }

  drawBlock(layer, x0, y0, cells, scale, block) {
    if (layer.isIntGrid) {
      this.drawIntGridBlock(layer, x0, y0, cells, scale, block);
      return;
    }
    const { map } = this;
    const ctx = block.canvas.getContext('2d');
    const animatingBefore = this.animating;
    this.animating = false;
    // tiles that fit their cells (an orthogonal map's, of its size) are copied in whole at the block's scale
    const projection = projectionOf(map);
    const first = projection.cellBox(x0, y0);
    const tw = first.width * scale;
    const th = first.height * scale;
    if (Number.isInteger(tw) && Number.isInteger(th) && this.fitCells) {
      const image = ctx.createImageData(block.canvas.width, block.canvas.height);
      const out = new Uint32Array(image.data.buffer);
      const stride = block.canvas.width;
      for (let y = y0; y < Math.min(map.height, y0 + cells); y++) {
        for (let x = x0; x < Math.min(map.width, x0 + cells); x++) {
          const gid = layer.get(x, y);
          const pixels = gid === 0 ? null : this.tilePixels(this.shown(gid), scale, tw, th);
          if (pixels === null) continue;
          const cell = projection.cellBox(x, y);
          const at = (cell.y - first.y) * scale * stride + (cell.x - first.x) * scale;
          const span = tw; // the tile's pixels: rows of its scaled width, each copied to its row of the block
          for (let row = 0; row < th; row++) out.set(pixels.subarray(row * span, row * span + span), at + row * stride);
        }
      }
      ctx.putImageData(image, 0, 0);
      block.dirty = false;
      block.animated = this.animating;
      this.animating ||= animatingBefore;
      return;
    }
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, block.canvas.width, block.canvas.height);
    ctx.setTransform(scale, 0, 0, scale, 0, 0);
    ctx.imageSmoothingEnabled = scale < 1;
    // in the map's render order (right-down by default): it decides which of two overlapping tiles is on top; the
    // block's canvas lies at the box of its cells (on a diamond map, left of its first cell's)
    const origin = projection.areaBox({ x: x0, y: y0, width: cells, height: cells });
    const hexagonal = map.orientation === 'hexagonal';
    const area = { x: x0, y: y0, width: Math.min(map.width, x0 + cells) - x0, height: Math.min(map.height, y0 + cells) - y0 };
    projection.inDrawOrder(area, (x, y) => {
      const gid = layer.get(x, y) === 0 ? 0 : this.shown(layer.get(x, y));
      if (gid === 0) return;
      const tileset = map.tilesetOf(gid);
      if (!tileset) return;
      const source = this.images.source(tileset.tilesetId, tileId(gid) - tileset.firstGid);
      if (!source) return;
      const at = projection.imageAt(x, y);
      drawStanding(ctx, source, gid, { x: at.x - origin.x, y: at.y - origin.y + this.overflow.y }, hexagonal);
    });
    block.dirty = false;
    block.animated = this.animating;
    this.animating ||= animatingBefore;
  }

  drawObjects(layer) {
    const ctx = this.ctx;
    // Tiled writes #AARRGGBB or #RRGGBB; the shapes take its colour (Qt's gray when none)
    const given = layer.attributes.color ?? '#a0a0a4';
    const colour = given.length === 9 ? `#${given.slice(3)}` : given.slice(0, 7);
    const tint = this.map.effective(layer).tint ?? null;
    const layerAlpha = ctx.globalAlpha;
    // objects live in pixel space; on an isometric map it is turned onto the diamonds, but tiles and text stand
    // upright at their projected place and everything turns in screen space (as Tiled draws them)
    const matrix = projectionOf(this.map).pixelMatrix?.() ?? null;
    const upright = matrix === null ? null : [0.5 / matrix[0], -0.5 / matrix[0], 1, 1, 0, 0];
    ctx.save();
    if (matrix !== null) ctx.transform(...matrix);
    for (const o of drawnObjects(layer)) {
      if (o.visible === false) continue;
      // an object's own opacity (Tiled 1.12) multiplies its layer's
      ctx.globalAlpha = layerAlpha * (o.opacity ?? 1);
      if (o.gid) {
        const gid = this.shown(o.gid);
        const tileset = this.map.tilesetOf(gid);
        const plain = tileset && this.images.source(tileset.tilesetId, tileId(gid) - tileset.firstGid);
        const source = plain && tint !== null ? this.tinted(plain, tint) : plain;
        if (source) {
          ctx.save();
          ctx.translate(o.x, o.y);
          if (upright) ctx.transform(...upright);
          ctx.rotate(((o.rotation ?? 0) * Math.PI) / 180);
          ctx.scale((o.width || source.width) / source.width, (o.height || source.height) / source.height);
          // the object's position is a point of its tile: bottom-left unless the tileset aligns it otherwise
          const [ax, ay] = alignmentPoint(this.images.info(tileset.tilesetId)?.objectAlignment, upright !== null);
          drawTile(ctx, source, o.gid, -ax * source.width, -ay * source.height);
          ctx.restore();
          continue;
        }
      }
      // every shape turns clockwise about the object's position, as Tiled and the server draw it
      ctx.save();
      ctx.translate(o.x, o.y);
      if (upright) ctx.transform(...upright);
      ctx.rotate(((o.rotation ?? 0) * Math.PI) / 180);
      const shape = o.shape ?? 'rectangle';
      if (shape === 'text' && o.text) {
        drawText(ctx, o);
        ctx.restore();
        continue;
      }
      if (matrix) ctx.transform(matrix[0], matrix[1], matrix[2], matrix[3], 0, 0);
      drawShape(ctx, o, shape, colour, this.view.zoom);
      ctx.restore();
    }
    ctx.restore();
    ctx.globalAlpha = layerAlpha;
  }

  /** A tile's pixels tinted (for tile objects on a tinted layer), made once per tile and tint. */
  tinted(source, tint) {
    this.tintedTiles ??= new Map();
    const key = `${tint}:${source.sx}:${source.sy}:${source.width}:${source.height}`;
    let image = this.tintedTiles.get(key)?.get(source.image);
    if (!image) {
      if (this.tintedTiles.size > 512) this.tintedTiles.clear();
      image = document.createElement('canvas');
      image.width = source.width;
      image.height = source.height;
      image.getContext('2d').drawImage(source.image, source.sx, source.sy, source.width, source.height, 0, 0,
        source.width, source.height);
      tintCanvas(image, tint);
      if (!this.tintedTiles.has(key)) this.tintedTiles.set(key, new Map());
      this.tintedTiles.get(key).set(source.image, image);
    }
    return { ...source, image, sx: 0, sy: 0 };
  }

  /** Arrows from objects to the objects their "object" properties name, as Tiled shows object references. */
  drawReferences() {
    const ctx = this.ctx;
    const zoom = this.view.zoom;
    const head = 8 / zoom;
    ctx.strokeStyle = '#f0a020';
    ctx.fillStyle = '#f0a020';
    ctx.lineWidth = 1.5 / zoom;
    for (const { from, to } of objectReferences(this.map, (layer) => this.shiftOf(layer))) {
      const angle = Math.atan2(to.y - from.y, to.x - from.x);
      ctx.beginPath();
      ctx.moveTo(from.x, from.y);
      ctx.lineTo(to.x, to.y);
      ctx.stroke();
      ctx.beginPath();
      ctx.moveTo(to.x, to.y);
      ctx.lineTo(to.x - head * Math.cos(angle - 0.4), to.y - head * Math.sin(angle - 0.4));
      ctx.lineTo(to.x - head * Math.cos(angle + 0.4), to.y - head * Math.sin(angle + 0.4));
      ctx.closePath();
      ctx.fill();
    }
  }

  drawGrid(sight) {
    const { map, ctx } = this;
    const projection = projectionOf(map);
    if (this.view.zoom * projection.cellBox(0, 0).width < 6) return; // too dense to help
    ctx.strokeStyle = 'rgba(0, 0, 0, 0.25)';
    ctx.lineWidth = 1 / this.view.zoom;
    ctx.beginPath();
    const { x: x0, y: y0, right: x1, bottom: y1 } = tilesInSight(map, sight);
    if (map.orientation === 'staggered' || map.orientation === 'hexagonal') {
      // no straight lines run along a staggered grid: each cell's outline (when few enough are in sight)
      if ((x1 - x0) * (y1 - y0) <= 20000) {
        for (let y = y0; y < y1; y++) {
          for (let x = x0; x < x1; x++) tracePolygons(ctx, projection.areaOutline({ x, y, width: 1, height: 1 }));
        }
      }
      ctx.stroke();
      return;
    }
    const line = (fromX, fromY, toX, toY) => {
      const a = projection.tileToScreen(fromX, fromY);
      const b = projection.tileToScreen(toX, toY);
      ctx.moveTo(a.x, a.y);
      ctx.lineTo(b.x, b.y);
    };
    for (let x = x0; x <= x1; x++) line(x, y0, x, y1);
    for (let y = y0; y <= y1; y++) line(x0, y, x1, y);
    ctx.stroke();
  }
}

/**
 * Tints what a canvas holds as Tiled tints a layer: each pixel's colour multiplied by the tint's, scaled by the
 * tint's alpha, the pixel keeping its own alpha (the server's MapRenderer does the same per pixel).
 */
function tintCanvas(canvas, tint) {
  const hex = tint.slice(1);
  const argb = hex.length === 6 ? `ff${hex}` : hex;
  const a = parseInt(argb.slice(0, 2), 16) / 255;
  const [r, g, b] = [2, 4, 6].map((i) => Math.round(parseInt(argb.slice(i, i + 2), 16) * a));
  const copy = document.createElement('canvas');
  copy.width = canvas.width;
  copy.height = canvas.height;
  copy.getContext('2d').drawImage(canvas, 0, 0);
  const ctx = canvas.getContext('2d');
  ctx.save();
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.globalCompositeOperation = 'multiply';
  ctx.fillStyle = `rgb(${r}, ${g}, ${b})`;
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.globalCompositeOperation = 'destination-in';
  ctx.drawImage(copy, 0, 0);
  ctx.restore();
}

/**
 * The canvas compositing of a Tiled 1.12 blend mode: the same separable modes by the same names, but add, which the
 * canvas calls "lighter".
 */
export function compositeOf(blendMode) {
  if (!blendMode || blendMode === 'normal') return 'source-over';
  return blendMode === 'add' ? 'lighter' : blendMode;
}

/** A Tiled colour (#rrggbb or #aarrggbb) as CSS #rrggbb, its alpha left out (swatches, marks, colour inputs). */
export function cssColor(tiled) {
  return `#${tiled.slice(-6)}`;
}

/** An IntGrid value's colour: the project's, or a hue of its own spread around the circle. */
export function intGridColor(colors, value) {
  return colors.get(value) ?? `hsl(${(value * 137) % 360}, 65%, 55%)`;
}


// Tiled's look for object shapes (the server's render/ShapePainter draws the same): a 2 px line in the layer's
// colour with round caps and joins over a black copy 1 px down and right, the inside in the colour at alpha 50, a
// polygon's or polyline's first point marked by a dot, a point as a pin 20 px tall standing on it, an empty
// rectangle or ellipse as 20x20 about its position. Lines and pins keep their size on screen at any zoom.
const LINE = 2;
const PIN = 10;
const FILL_ALPHA = (50).toString(16).padStart(2, '0');

function drawShape(ctx, o, shape, colour, zoom) {
  const line = LINE / zoom;
  const shadow = line / 2;
  const w = o.width ?? 0;
  const h = o.height ?? 0;
  const path = new Path2D();
  let closed = true;
  let first = null;
  if (shape === 'polygon' || shape === 'polyline') {
    const points = o.points ?? [];
    points.forEach((p, i) => (i === 0 ? path.moveTo(p.dx, p.dy) : path.lineTo(p.dx, p.dy)));
    if (shape === 'polygon') path.closePath();
    closed = shape === 'polygon';
    first = points[0] ?? null;
  } else if (shape === 'point') {
    const r = PIN / zoom;
    // an arc of 235° over a tip at the point, and an eye of a third of its radius
    const start = ((90 - 235 / 2) * Math.PI) / 180;
    path.arc(0, -2 * r, r, -start, -start - (235 * Math.PI) / 180, true);
    path.lineTo(0, 0);
    path.closePath();
  } else {
    const empty = w === 0 && h === 0;
    const box = empty ? [-10 / zoom, -10 / zoom, 20 / zoom, 20 / zoom] : [0, 0, w, h];
    const flat = shape === 'ellipse' && (w === 0) !== (h === 0);
    if (shape === 'ellipse' && !flat) {
      path.ellipse(box[0] + box[2] / 2, box[1] + box[3] / 2, box[2] / 2, box[3] / 2, 0, 0, Math.PI * 2);
    } else if (shape === 'capsule') {
      path.roundRect(...box, Math.min(box[2], box[3]) / 2);
    } else {
      path.rect(...box);
    }
  }
  ctx.lineWidth = line;
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  ctx.save();
  ctx.translate(shadow, shadow);
  ctx.strokeStyle = '#000000';
  ctx.stroke(path);
  if (first) dot(ctx, first, line, '#000000');
  ctx.restore();
  if (closed) {
    ctx.fillStyle = `${colour}${FILL_ALPHA}`;
    ctx.fill(path);
  }
  ctx.strokeStyle = colour;
  ctx.stroke(path);
  if (first) dot(ctx, first, line, colour);
  if (shape === 'point') {
    const r = PIN / zoom / 3;
    const eye = new Path2D();
    eye.arc(0, (-2 * PIN) / zoom, r, 0, Math.PI * 2);
    ctx.fillStyle = colour;
    ctx.fill(eye);
    ctx.stroke(eye);
  }
}

/** A thick pen's point: a disc as wide as four lines. */
function dot(ctx, p, line, colour) {
  ctx.fillStyle = colour;
  ctx.beginPath();
  ctx.arc(p.dx, p.dy, line * 2, 0, Math.PI * 2);
  ctx.fill();
}

