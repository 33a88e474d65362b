// The tilesets' pixels in the browser: each atlas (or collection tile image) loaded once, the colour key made
// transparent, and where each local tile's pixels are.

/**
 * @typedef {object} TilesetInfo the tileset as GET /api/v1/tilesets/{id} answers it
 * @typedef {{image: CanvasImageSource, sx: number, sy: number, width: number, height: number, offsetX: number, offsetY: number}} TileSource
 */

import { apiFetch } from '../sync/http.js';
import { FLIP_D, FLIP_H, FLIP_V, ROTATE_120 } from '../model/gid.js';

export class TilesetImages {
  constructor() {
    /** @type {Map<number, {info: TilesetInfo, atlas: CanvasImageSource|null, tiles: Map<number, CanvasImageSource>}>} */
    this.byId = new Map();
  }

  /** Loads a tileset's images (once). @param {TilesetInfo} info */
  async load(info) {
    if (this.byId.has(info.id)) return this.byId.get(info.id);
    const entry = { info, atlas: null, tiles: new Map() };
    if (info.columns > 0) {
      entry.atlas = await loadImage(`/api/v1/tilesets/${info.id}/image`, info.transparentColor);
    } else {
      await Promise.all((info.tiles ?? []).map(async (t) => {
        entry.tiles.set(t.id, await loadImage(`/api/v1/tilesets/${info.id}/tiles/${t.id}/image`, info.transparentColor));
      }));
    }
    this.byId.set(info.id, entry);
    return entry;
  }

  info(tilesetId) {
    return this.byId.get(tilesetId)?.info ?? null;
  }

  /** A tile's animation frames ([{tileId, durationMs}]), or null when it is not animated. */
  animation(tilesetId, local) {
    const entry = this.byId.get(tilesetId);
    if (!entry) return null;
    if (!entry.animations) {
      entry.animations = new Map((entry.info.tiles ?? []).filter((t) => (t.animation ?? []).length > 0)
        .map((t) => [t.id, t.animation]));
    }
    return entry.animations.get(local) ?? null;
  }

  /** Where a local tile's pixels are, or null. @returns {TileSource|null} */
  source(tilesetId, local) {
    const entry = this.byId.get(tilesetId);
    if (!entry) return null;
    const info = entry.info;
    if (entry.atlas === null) {
      const image = entry.tiles.get(local);
      if (!image) return null;
      // the part of its image the tile shows (Tiled 1.9's sub-images), within the image, as the server draws it
      entry.parts ??= new Map((info.tiles ?? []).filter((t) => t.image?.part).map((t) => [t.id, t.image.part]));
      const part = entry.parts.get(local) ?? { x: 0, y: 0, width: image.width, height: image.height };
      const sx = Math.min(part.x, image.width - 1);
      const sy = Math.min(part.y, image.height - 1);
      return { image, sx, sy, width: Math.min(part.width, image.width - sx), height: Math.min(part.height, image.height - sy),
        offsetX: info.tileOffsetX, offsetY: info.tileOffsetY };
    }
    if (local < 0 || local >= info.tileCount) return null;
    return {
      image: entry.atlas,
      sx: info.margin + (local % info.columns) * (info.tileWidth + info.spacing),
      sy: info.margin + Math.floor(local / info.columns) * (info.tileHeight + info.spacing),
      width: info.tileWidth,
      height: info.tileHeight,
      offsetX: info.tileOffsetX,
      offsetY: info.tileOffsetY,
    };
  }
}

async function loadImage(url, colourKey) {
  const response = await apiFetch(url);
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  const bitmap = await createImageBitmap(await response.blob());
  if (!colourKey) return bitmap;
  const canvas = document.createElement('canvas');
  canvas.width = bitmap.width;
  canvas.height = bitmap.height;
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  ctx.drawImage(bitmap, 0, 0);
  const data = ctx.getImageData(0, 0, canvas.width, canvas.height);
  const key = parseInt(colourKey.replace('#', ''), 16);
  const [r, g, b] = [(key >> 16) & 255, (key >> 8) & 255, key & 255];
  const px = data.data;
  for (let i = 0; i < px.length; i += 4) {
    if (px[i] === r && px[i + 1] === g && px[i + 2] === b) px[i + 3] = 0;
  }
  ctx.putImageData(data, 0, 0);
  return canvas;
}

/**
 * Draws one tile with its flips at (x, y) = the cell's bottom-left minus the tile's height, as Tiled places it:
 * transposed first (diagonal flag), then mirrored.
 * @param {CanvasRenderingContext2D} ctx
 * @param {TileSource} source
 * @param {number} gid with flip bits
 */
export function drawTile(ctx, source, gid, x, y) {
  const diagonal = (gid & FLIP_D) !== 0;
  const h = (gid & FLIP_H) !== 0;
  const v = (gid & FLIP_V) !== 0;
  if (!diagonal && !h && !v) {
    ctx.drawImage(source.image, source.sx, source.sy, source.width, source.height, x, y, source.width, source.height);
    return;
  }
  const shownW = diagonal ? source.height : source.width;
  const shownH = diagonal ? source.width : source.height;
  ctx.save();
  ctx.translate(x + shownW / 2, y + shownH / 2);
  ctx.scale(h ? -1 : 1, v ? -1 : 1);
  if (diagonal) ctx.transform(0, 1, 1, 0, 0, 0);
  ctx.drawImage(source.image, source.sx, source.sy, source.width, source.height,
    -source.width / 2, -source.height / 2, source.width, source.height);
  ctx.restore();
}

/**
 * Draws a tile of a map standing on a point, as the map draws a cell's tile: its bottom-left there (a cell's is the
 * projection's imageAt), rising by its shown height, moved by the tileset's tile offset; on a hexagonal map the flip
 * bits turn it as Tiled turns hexagons.
 */
export function drawStanding(ctx, source, gid, at, hexagonal = false) {
  if (hexagonal) {
    // Tiled's hexagonal cells: the diagonal bit turns the tile by 60 degrees, its own bit by 120, about its middle
    // (whole pixels of half its size), after the flips
    const turn = ((gid & FLIP_D) !== 0 ? 60 : 0) + ((gid & ROTATE_120) !== 0 ? 120 : 0);
    const x = at.x + source.offsetX;
    const y = at.y - source.height + source.offsetY;
    if (turn === 0) {
      drawTile(ctx, source, gid & ~FLIP_D, x, y);
      return;
    }
    ctx.save();
    ctx.translate(x + Math.floor(source.width / 2), y + Math.floor(source.height / 2));
    ctx.rotate((turn * Math.PI) / 180);
    ctx.scale((gid & FLIP_H) !== 0 ? -1 : 1, (gid & FLIP_V) !== 0 ? -1 : 1);
    ctx.drawImage(source.image, source.sx, source.sy, source.width, source.height,
      -source.width / 2, -source.height / 2, source.width, source.height);
    ctx.restore();
    return;
  }
  const shownH = (gid & FLIP_D) !== 0 ? source.width : source.height;
  drawTile(ctx, source, gid, at.x + source.offsetX, at.y - shownH + source.offsetY);
}

const ALIGNMENTS = {
  topleft: [0, 0], top: [0.5, 0], topright: [1, 0], left: [0, 0.5], center: [0.5, 0.5], right: [1, 0.5],
  bottomleft: [0, 1], bottom: [0.5, 1], bottomright: [1, 1],
};

/**
 * The point of a tile object's image that lies on the object's position, as fractions of its width and height, for a
 * tileset's object alignment (Tiled's `objectalignment`; unspecified is bottom-left, on isometric maps the bottom's
 * middle).
 * @param {string|undefined} alignment
 * @returns {[number, number]}
 */
export function alignmentPoint(alignment, isometric = false) {
  return ALIGNMENTS[alignment] ?? (isometric ? ALIGNMENTS.bottom : ALIGNMENTS.bottomleft);
}

/**
 * The tile an animation shows at a moment, as Tiled plays it: the frames in turn for their durations, over and
 * over from time 0. Frames of no duration are skipped; with no time at all, the first frame.
 * @param {{tileId: number, durationMs: number}[]} frames @param {number} ms
 */
export function frameAt(frames, ms) {
  const total = frames.reduce((sum, f) => sum + f.durationMs, 0);
  if (total <= 0) return frames[0].tileId;
  let t = ((ms % total) + total) % total;
  for (const frame of frames) {
    if (t < frame.durationMs) return frame.tileId;
    t -= frame.durationMs;
  }
  return frames[frames.length - 1].tileId;
}
