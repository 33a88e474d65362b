// The Terrain tool and the terrain fill: paint a terrain (a colour of a tileset's Wang set) and the neighbours follow
// so every shared corner and edge matches (model/terrain.js; the server's core/terrain places the same tiles), on
// squares and on the hexagons and diamonds of hexagonal and staggered maps alike. While
// the pointer is down the stroke is shown over the map; letting go sends it as one op (a paint, or a masked region when
// large): one undo step. The choice among equal tiles comes from the map's terrain seed, property
// tilewright.terrain.seed (0 without it).

import { paintTerrain, terrainLayout, WangTiles } from '../model/terrain.js';
import { cellsOp, floodArea } from '../model/stamp.js';
import { drawStanding } from '../render/tilesets.js';
import { projectionOf } from '../model/projection.js';
import { tileId } from '../model/gid.js';
import { lineCells } from './tools.js';

export const TERRAIN_SEED = 'tilewright.terrain.seed';
/** The most cells a stroke or fill may reach here (painted and fixed): past it the change stops spreading. */
export const MAX_TERRAIN_CELLS = 262_144;

export class TerrainTool {
  /** @param {import('./editor.js').Editor} editor */
  constructor(editor) {
    this.editor = editor;
    this.stroke = null;
    this.lastStroke = null;
    this.cache = { set: null, firstGid: 0, tiles: null };
    editor.renderer.overlays.push((ctx) => this.drawPreview(ctx));
  }

  /** The chosen terrain's set as the brush places it, or null with the reason shown. */
  tiles() {
    const { editor } = this;
    const chosen = editor.terrain;
    if (!chosen) {
      editor.notify('Pick a terrain under the tileset first (its Wang sets are listed there).');
      return null;
    }
    const used = editor.map.tilesets.find((t) => t.tilesetId === chosen.tilesetId);
    const info = editor.images.info(chosen.tilesetId);
    const set = info?.wangSets?.[chosen.set];
    if (!used || !set) {
      editor.notify('That terrain’s tileset is no longer in the map: pick another terrain under the tileset.');
      return null;
    }
    // a saved Wang set arrives as a new object, so the set itself and where the tileset starts say when to build again
    if (this.cache.set !== set || this.cache.firstGid !== used.firstGid) {
      let layout;
      try {
        // hexagons and diamonds have their own corners and sides
        layout = terrainLayout(projectionOf(editor.map), set.type);
      } catch (e) {
        editor.notify(e.message);
        return null;
      }
      const probability = new Map((info.tiles ?? []).filter((t) => t.probability != null).map((t) => [t.id, t.probability]));
      this.cache = {
        set,
        firstGid: used.firstGid,
        tiles: WangTiles.of(set, used.firstGid, (id) => probability.get(id) ?? 1, info.transformations ?? null, layout),
      };
    }
    return this.cache.tiles;
  }

  seed() {
    // an int property, as the server reads it (TerrainBrush.seedOf): any other type counts as none
    const p = (this.editor.map.properties ?? []).find((q) => q.name === TERRAIN_SEED);
    return p?.type === 'int' && Number.isInteger(p.value) ? p.value : 0;
  }

  /** A stroke's or fill's result on the layer as it is now. */
  paint(layer, tiles, cells) {
    const { map } = this.editor;
    return paintTerrain(tiles, { width: map.width, height: map.height, gid: (x, y) => layer.get(x, y) }, cells,
      this.editor.terrain.color, this.seed(), MAX_TERRAIN_CELLS);
  }

  /** Sends a result as one op and says what it could not do. */
  commit(layer, result) {
    if (result.cells.length > 0) this.editor.edit(cellsOp(layer.id, result.cells));
    if (result.unmatched > 0) {
      this.editor.notify(`${result.unmatched} cells have no tile of this set that fits all their neighbours: the set lacks a transition; give tiles the missing terrains in Edit Wang sets.`);
    } else if (result.cut) {
      this.editor.notify(`The change reached more than ${MAX_TERRAIN_CELLS.toLocaleString()} cells and stopped spreading there: paint in shorter strokes.`);
    }
  }

  /** The layer a terrain may go on (a tile layer one paints, not an IntGrid), or null with the reason shown. */
  layer() {
    const layer = this.editor.paintableLayer();
    if (layer?.isIntGrid) {
      this.editor.notify(`Layer “${layer.attributes.name}” is an IntGrid: it holds values, not tiles; paint terrains on a tile layer.`);
      return null;
    }
    return layer;
  }

  /** The Terrain tool: drag to paint. */
  brush() {
    return {
      down: (cell) => {
        const layer = this.layer();
        const tiles = layer && this.tiles();
        if (!tiles) return;
        this.stroke = { layer, tiles, cells: [], seen: new Set(), last: cell, result: null };
        this.extend(cell, cell);
      },
      move: (cell) => {
        if (this.stroke === null || (cell.x === this.stroke.last.x && cell.y === this.stroke.last.y)) return;
        this.extend(this.stroke.last, cell);
        this.stroke.last = cell;
      },
      up: () => {
        const stroke = this.stroke;
        this.stroke = null;
        if (stroke === null) return;
        this.lastStroke = stroke.cells; // the painted cells in the order taken (browser tests read it)
        if (stroke.result) this.commit(stroke.layer, stroke.result);
        this.editor.renderer.requestDraw();
      },
    };
  }

  /**
   * The terrain fill: a click paints the area of cells showing the same terrains as the clicked one (variants of a
   * tile alike), or holding the same tile when it is none of the set's.
   */
  fill() {
    return {
      down: (cell) => {
        const { map } = this.editor;
        const layer = this.layer();
        const tiles = layer && this.tiles();
        if (!tiles || !map.inside(cell.x, cell.y)) return;
        const shown = tiles.wangIdOf(layer.get(cell.x, cell.y));
        const alike = shown === null ? null : (gid) => {
          const id = tiles.wangIdOf(gid);
          return id !== null && tiles.parts.every((part) => id[part] === shown[part]);
        };
        // walked over the chunks it reaches (fetched first where they are not held)
        this.editor.floodHeld(layer, () => floodArea(map, layer, cell.x, cell.y, MAX_TERRAIN_CELLS / 4, alike), (flood) => {
          if (flood === null) {
            this.editor.notify(`That area is larger than ${(MAX_TERRAIN_CELLS / 4).toLocaleString()} cells; fill a smaller one.`);
            return;
          }
          const cells = [];
          const { rect, inArea } = flood;
          for (let y = rect.y; y < rect.y + rect.height; y++) {
            for (let x = rect.x; x < rect.x + rect.width; x++) {
              if (inArea.has(x, y)) cells.push(x, y);
            }
          }
          this.commit(layer, this.paint(layer, tiles, cells));
        }).catch((e) => this.editor.notify(`Not filled: ${e.message}`));
      },
      move: () => {},
      up: () => {},
    };
  }

  extend(from, to) {
    const stroke = this.stroke;
    for (const [x, y] of lineCells(from.x, from.y, to.x, to.y)) {
      const key = `${x},${y}`;
      if (!this.editor.map.inside(x, y) || stroke.seen.has(key)) continue;
      stroke.seen.add(key);
      stroke.cells.push(x, y);
    }
    stroke.result = this.paint(stroke.layer, stroke.tiles, stroke.cells);
    this.editor.renderer.requestDraw();
  }

  /** The stroke so far, drawn over its layer (the renderer puts tools' overlays in the current layer's place). */
  drawPreview(ctx) {
    const stroke = this.stroke;
    if (!stroke?.result) return;
    const { editor } = this;
    const projection = projectionOf(editor.map);
    for (const c of stroke.result.cells) {
      const tileset = editor.map.tilesetOf(c.gid);
      const source = tileset && editor.images.source(tileset.tilesetId, tileId(c.gid) - tileset.firstGid);
      if (!source) continue;
      drawStanding(ctx, source, c.gid, projection.imageAt(c.x, c.y));
    }
  }
}
