// How a map's tiles lie on its screen: the editor's and the preview's one place for an orientation's geometry (tile
// <-> pixel, the tile under a point, a map's bounds, the draw order, a tile's neighbours). The twin of the server's
// core/geom/Projection; both are held to src/test/resources/fixtures/projection/. Tile coordinates are fractional
// (tile (3,4)'s cell spans [3,4) x [4,5)); on an orthogonal map pixels (objects, queries) and the screen coincide.
// Boxes are { x, y, width, height } in pixels, areas the same in tiles.

/** The projection a map's JSON (or the editor's map model) describes. */
export function projectionOf(map) {
  const order = map.renderOrder ?? map.settings?.renderOrder ?? 'right-down';
  return new Orthogonal(map.tileWidth, map.tileHeight, order.startsWith('left'), order.endsWith('up'));
}

/** The map's tiles a (fractional) sight rectangle shows part of, clamped to the map: columns x..right-1, rows y..bottom-1. */
export function tilesInSight(map, sight) {
  const projection = projectionOf(map);
  const from = projection.screenToTile(sight.x, sight.y);
  const to = projection.screenToTile(sight.x + sight.width, sight.y + sight.height);
  return {
    x: Math.max(0, Math.floor(from.x)), y: Math.max(0, Math.floor(from.y)),
    right: Math.min(map.width, Math.ceil(to.x)), bottom: Math.min(map.height, Math.ceil(to.y)),
  };
}

export class Orthogonal {
  constructor(tileWidth, tileHeight, leftward = false, upward = false) {
    if (!(tileWidth >= 1 && tileHeight >= 1)) throw new RangeError(`tile size must be positive, was ${tileWidth}x${tileHeight}`);
    this.tileWidth = tileWidth;
    this.tileHeight = tileHeight;
    this.leftward = leftward;
    this.upward = upward;
  }

  tileToPixel(x, y) {
    return { x: x * this.tileWidth, y: y * this.tileHeight };
  }

  pixelToTile(x, y) {
    return { x: x / this.tileWidth, y: y / this.tileHeight };
  }

  tileToScreen(x, y) {
    return this.tileToPixel(x, y);
  }

  screenToTile(x, y) {
    return this.pixelToTile(x, y);
  }

  /** The tile whose cell holds a screen point (an edge belongs to the tile right of or below it). */
  tileAt(x, y) {
    return { x: Math.floor(x / this.tileWidth), y: Math.floor(y / this.tileHeight) };
  }

  /** The screen box of a map of width x height tiles. */
  bounds(width, height) {
    return this.areaBox({ x: 0, y: 0, width, height });
  }

  cellBox(x, y) {
    return { x: x * this.tileWidth, y: y * this.tileHeight, width: this.tileWidth, height: this.tileHeight };
  }

  /** The smallest screen box holding the cells of an area of tiles (an empty area's box is empty). */
  areaBox(area) {
    return { x: area.x * this.tileWidth, y: area.y * this.tileHeight,
      width: area.width * this.tileWidth, height: area.height * this.tileHeight };
  }

  /** The tiles whose cells share at least a pixel with a screen box (whole pixels), not clamped to a map. */
  tilesMeeting(box) {
    if (box.width <= 0 || box.height <= 0) return { x: 0, y: 0, width: 0, height: 0 };
    const x0 = Math.floor(box.x / this.tileWidth);
    const y0 = Math.floor(box.y / this.tileHeight);
    const x1 = Math.floor((box.x + box.width - 1) / this.tileWidth);
    const y1 = Math.floor((box.y + box.height - 1) / this.tileHeight);
    return { x: x0, y: y0, width: x1 - x0 + 1, height: y1 - y0 + 1 };
  }

  /** Where a tile image's bottom-left corner goes on the screen (it is drawn from there, up and right). */
  imageAt(x, y) {
    return { x: x * this.tileWidth, y: (y + 1) * this.tileHeight };
  }

  /** Calls visit(x, y) for every tile of an area once, in drawing order (a later tile covers an earlier one). */
  inDrawOrder(area, visit) {
    const last = area.width - 1;
    for (let row = 0; row < area.height; row++) {
      const y = this.upward ? area.y + area.height - 1 - row : area.y + row;
      for (let column = 0; column <= last; column++) visit(this.leftward ? area.x + last - column : area.x + column, y);
    }
  }

  /** The tiles sharing a side with a tile, clockwise from the one above. */
  neighbours(x, y) {
    return [{ x, y: y - 1 }, { x: x + 1, y }, { x, y: y + 1 }, { x: x - 1, y }];
  }
}
