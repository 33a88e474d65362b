// How a map's tiles lie on its screen: the editor's and the preview's one place for an orientation's geometry (tile
// <-> pixel, the tile under a point, a map's bounds, the draw order, a tile's neighbours). The twin of the server's
// core/geom/Projection; both are held to src/test/resources/fixtures/projection/. Tile coordinates are fractional
// (tile (3,4)'s cell spans [3,4) x [4,5)); on an orthogonal map pixels (objects, queries) and the screen coincide.
// Boxes are { x, y, width, height } in pixels, areas the same in tiles.

/** The projection a map's JSON (or the editor's map model) describes. */
export function projectionOf(map) {
  const orientation = map.orientation ?? 'orthogonal';
  if (orientation === 'isometric') return new Isometric(map.tileWidth, map.tileHeight, map.height);
  if (orientation === 'staggered' || orientation === 'hexagonal') {
    return new Hexagonal(map.tileWidth, map.tileHeight, map.staggerAxis === 'x', map.staggerIndex === 'even',
      orientation === 'hexagonal' ? (map.hexSideLength ?? 0) : 0);
  }
  const order = map.renderOrder ?? map.settings?.renderOrder ?? 'right-down';
  if (orientation === 'oblique') {
    return new Oblique(map.tileWidth, map.tileHeight, map.skewX ?? 0, map.skewY ?? 0, map.width, map.height,
      order.startsWith('left'), order.endsWith('up'));
  }
  return new Orthogonal(map.tileWidth, map.tileHeight, order.startsWith('left'), order.endsWith('up'));
}

/**
 * A cell's index plus a fraction of its box, kept inside [cell, cell + 1): hexagonal cells' boxes overlap, so a
 * fraction rounded up to 1 would name the next cell's corner, another point. As Hexagonal.within in Java.
 */
function within(cell, fraction) {
  const at = cell + fraction;
  return at < cell ? cell : at >= cell + 1 ? nextDown(cell + 1) : at;
}

/** The largest double below a whole number (Java's Math.nextDown). */
function nextDown(n) {
  if (n === 0) return -Number.MIN_VALUE;
  const bits = new Float64Array([n]);
  new BigInt64Array(bits.buffer)[0] += n > 0 ? -1n : 1n;
  return bits[0];
}

/** floor(a / b) for b > 0, corrected where the quotient was rounded up to a whole number. */
function floorDiv(a, b) {
  let q = Math.floor(a / b);
  if (q * b > a) q--;
  else if ((q + 1) * b <= a) q++;
  return q;
}

/**
 * The map's tiles a (fractional) sight rectangle shows part of, clamped to the map: columns x..right-1, rows
 * y..bottom-1 (on a diamond or hexagon map the rectangle of tiles around what it shows).
 */
export function tilesInSight(map, sight) {
  const x0 = Math.floor(sight.x);
  const y0 = Math.floor(sight.y);
  const box = { x: x0, y: y0, width: Math.ceil(sight.x + sight.width) - x0, height: Math.ceil(sight.y + sight.height) - y0 };
  const met = projectionOf(map).tilesMeeting(box);
  return {
    x: Math.max(0, met.x), y: Math.max(0, met.y),
    right: Math.min(map.width, met.x + met.width), bottom: Math.min(map.height, met.y + met.height),
  };
}

/** Adds polygons (arrays of {x, y}) to a canvas path, each closed: an area's outline from a projection. */
export function tracePolygons(ctx, polygons) {
  for (const polygon of polygons) {
    polygon.forEach((p, i) => (i === 0 ? ctx.moveTo(p.x, p.y) : ctx.lineTo(p.x, p.y)));
    ctx.closePath();
  }
}

/** An area's four corners where a linear projection puts them, clockwise from its top-left (tile (x, y)'s). */
function cornersOnScreen(projection, { x, y, width, height }) {
  return [projection.tileToScreen(x, y), projection.tileToScreen(x + width, y),
    projection.tileToScreen(x + width, y + height), projection.tileToScreen(x, y + height)];
}

/** The corners of a box, clockwise from its top-left. */
function boxCorners(b) {
  return [{ x: b.x, y: b.y }, { x: b.x + b.width, y: b.y }, { x: b.x + b.width, y: b.y + b.height }, { x: b.x, y: b.y + b.height }];
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

  /** An area's outline on the screen, as polygons (its rectangle). */
  areaOutline(area) {
    return [boxCorners(this.areaBox(area))];
  }
}

/**
 * Tiled's isometric layout: tile (x, y)'s diamond has its top corner at ((x - y) * tileWidth / 2 + originX,
 * (x + y) * tileHeight / 2), originX = height * tileWidth / 2 in whole pixels; pixels (objects) measure both axes in
 * tile heights; tiles are drawn in screen rows from the top, each left to right. A point on an edge belongs to the
 * cell below it.
 */
export class Isometric {
  constructor(tileWidth, tileHeight, mapHeight) {
    if (!(tileWidth >= 1 && tileHeight >= 1)) throw new RangeError(`tile size must be positive, was ${tileWidth}x${tileHeight}`);
    this.tileWidth = tileWidth;
    this.tileHeight = tileHeight;
    this.mapHeight = mapHeight;
    this.originX = Math.floor(mapHeight * tileWidth / 2);
  }

  tileToPixel(x, y) {
    return { x: x * this.tileHeight, y: y * this.tileHeight };
  }

  pixelToTile(x, y) {
    return { x: x / this.tileHeight, y: y / this.tileHeight };
  }

  tileToScreen(x, y) {
    return { x: (x - y) * this.tileWidth / 2 + this.originX, y: (x + y) * this.tileHeight / 2 };
  }

  screenToTile(x, y) {
    // whole parts as tileAt finds them (exact on edges), the fractions of what is left
    const dx = (x - this.originX) * this.tileHeight;
    const dy = y * this.tileWidth;
    const area = this.tileWidth * this.tileHeight;
    const u = floorDiv(dy + dx, area);
    const v = floorDiv(dy - dx, area);
    return { x: u + (dy + dx - u * area) / area, y: v + (dy - dx - v * area) / area };
  }

  tileAt(x, y) {
    const dx = (x - this.originX) * this.tileHeight;
    const dy = y * this.tileWidth;
    const area = this.tileWidth * this.tileHeight;
    return { x: floorDiv(dy + dx, area), y: floorDiv(dy - dx, area) };
  }

  bounds(width, height) {
    const side = width + height;
    return { x: 0, y: 0, width: Math.floor(side * this.tileWidth / 2), height: Math.floor(side * this.tileHeight / 2) };
  }

  cellBox(x, y) {
    return this.areaBox({ x, y, width: 1, height: 1 });
  }

  areaBox(area) {
    if (area.width <= 0 || area.height <= 0) {
      return { x: Math.floor((area.x - area.y) * this.tileWidth / 2) + this.originX,
        y: Math.floor((area.x + area.y) * this.tileHeight / 2), width: 0, height: 0 };
    }
    const left2 = (area.x - area.y - area.height) * this.tileWidth + 2 * this.originX;
    const top2 = (area.x + area.y) * this.tileHeight;
    const side = area.width + area.height;
    const left = Math.floor(left2 / 2);
    const top = Math.floor(top2 / 2);
    return { x: left, y: top, width: Math.floor((left2 + side * this.tileWidth + 1) / 2) - left,
      height: Math.floor((top2 + side * this.tileHeight + 1) / 2) - top };
  }

  /** The tiles whose diamonds share at least a pixel with a box: the bounding rectangle of them in tiles. */
  tilesMeeting(box) {
    if (box.width <= 0 || box.height <= 0) return { x: 0, y: 0, width: 0, height: 0 };
    const right = box.x + box.width;
    const bottom = box.y + box.height;
    const x0 = this.tileAt(box.x, box.y).x;
    const y0 = this.tileAt(right, box.y).y;
    const area = this.tileWidth * this.tileHeight;
    const x1 = -floorDiv(-(bottom * this.tileWidth + (right - this.originX) * this.tileHeight), area) - 1;
    const y1 = -floorDiv(-(bottom * this.tileWidth - (box.x - this.originX) * this.tileHeight), area) - 1;
    return { x: x0, y: y0, width: x1 - x0 + 1, height: y1 - y0 + 1 };
  }

  /** As Tiled draws a whole map: with an odd tile height its rows lie half a pixel lower, drawn on the next row. */
  imageAt(x, y) {
    return { x: Math.floor((x - y - 1) * this.tileWidth / 2) + this.originX,
      y: Math.floor(((x + y) * this.tileHeight + 2 * (this.tileHeight & 1)) / 2) + this.tileHeight };
  }

  inDrawOrder(area, visit) {
    if (area.width <= 0 || area.height <= 0) return;
    const lastX = area.x + area.width - 1;
    const lastY = area.y + area.height - 1;
    for (let sum = area.x + area.y; sum <= lastX + lastY; sum++) {
      const to = Math.min(lastX, sum - area.y);
      for (let x = Math.max(area.x, sum - lastY); x <= to; x++) visit(x, sum - x);
    }
  }

  neighbours(x, y) {
    return [{ x, y: y - 1 }, { x: x + 1, y }, { x, y: y + 1 }, { x: x - 1, y }];
  }

  /**
   * Pixel space (where objects are) onto the screen, as a canvas transform [a, b, c, d, e, f]: x' = (x - y) *
   * tileWidth / 2tileHeight + originX, y' = (x + y) / 2. Null on the other projections (the two spaces coincide).
   */
  pixelMatrix() {
    const k = this.tileWidth / (2 * this.tileHeight);
    return [k, 0.5, -k, 0.5, this.originX, 0];
  }

  /** An area's outline on the screen: the diamond its cells make together. */
  areaOutline(area) {
    return [cornersOnScreen(this, area)];
  }
}

/**
 * Tiled 1.12's oblique layout: orthogonal pixels sheared onto the screen, each row skewX pixels right of the row above,
 * each column skewY pixels below the one left of it; tile (x, y)'s parallelogram has its top-left corner at
 * (x * tileWidth + y * skewX + originX, y * tileHeight + x * skewY + originY), the origin moving the map's box to
 * (0, 0) where a skew is negative. Pixels (objects) are the orthogonal ones; tiles are drawn as on an orthogonal map,
 * images unsheared on their cells' bottom-left corners. As core/geom/Oblique in Java.
 */
export class Oblique {
  constructor(tileWidth, tileHeight, skewX, skewY, mapWidth, mapHeight, leftward = false, upward = false) {
    if (!(tileWidth >= 1 && tileHeight >= 1)) throw new RangeError(`tile size must be positive, was ${tileWidth}x${tileHeight}`);
    if (tileWidth * tileHeight <= skewX * skewY) throw new RangeError(`skews ${skewX}, ${skewY} make the cells flat or turned over`);
    this.tileWidth = tileWidth;
    this.tileHeight = tileHeight;
    this.skewX = skewX;
    this.skewY = skewY;
    this.originX = Math.max(0, -mapHeight * skewX);
    this.originY = Math.max(0, -mapWidth * skewY);
    this.determinant = tileWidth * tileHeight - skewX * skewY;
    this.unsheared = new Orthogonal(tileWidth, tileHeight, leftward, upward);
  }

  tileToPixel(x, y) {
    return this.unsheared.tileToPixel(x, y);
  }

  pixelToTile(x, y) {
    return this.unsheared.pixelToTile(x, y);
  }

  tileToScreen(x, y) {
    return { x: x * this.tileWidth + y * this.skewX + this.originX, y: y * this.tileHeight + x * this.skewY + this.originY };
  }

  /** The shear undone, times the determinant: the numerators of the tile coordinates of a screen point. */
  unshear(x, y) {
    const dx = x - this.originX;
    const dy = y - this.originY;
    return { a: dx * this.tileHeight - dy * this.skewX, b: dy * this.tileWidth - dx * this.skewY };
  }

  screenToTile(x, y) {
    const { a, b } = this.unshear(x, y);
    const d = this.determinant;
    const u = floorDiv(a, d);
    const v = floorDiv(b, d);
    return { x: u + (a - u * d) / d, y: v + (b - v * d) / d };
  }

  tileAt(x, y) {
    const { a, b } = this.unshear(x, y);
    return { x: floorDiv(a, this.determinant), y: floorDiv(b, this.determinant) };
  }

  bounds(width, height) {
    return this.areaBox({ x: 0, y: 0, width, height });
  }

  cellBox(x, y) {
    return this.areaBox({ x, y, width: 1, height: 1 });
  }

  areaBox(area) {
    const at = this.tileToScreen(area.x, area.y);
    if (area.width <= 0 || area.height <= 0) return { x: at.x, y: at.y, width: 0, height: 0 };
    const acrossY = area.width * this.skewY;
    const downX = area.height * this.skewX;
    const left = at.x + Math.min(0, downX);
    const top = at.y + Math.min(0, acrossY);
    return { x: left, y: top, width: at.x + area.width * this.tileWidth + Math.max(0, downX) - left,
      height: at.y + area.height * this.tileHeight + Math.max(0, acrossY) - top };
  }

  /** The tiles whose parallelograms reach inside a box: tile coordinates are least and greatest at its corners. */
  tilesMeeting(box) {
    if (box.width <= 0 || box.height <= 0) return { x: 0, y: 0, width: 0, height: 0 };
    const d = this.determinant;
    let x0 = Infinity; let y0 = Infinity; let x1 = -Infinity; let y1 = -Infinity;
    for (const [cx, cy] of [[box.x, box.y], [box.x + box.width, box.y], [box.x, box.y + box.height],
      [box.x + box.width, box.y + box.height]]) {
      const { a, b } = this.unshear(cx, cy);
      x0 = Math.min(x0, floorDiv(a, d));
      y0 = Math.min(y0, floorDiv(b, d));
      x1 = Math.max(x1, -floorDiv(-a, d) - 1);
      y1 = Math.max(y1, -floorDiv(-b, d) - 1);
    }
    return { x: x0, y: y0, width: x1 - x0 + 1, height: y1 - y0 + 1 };
  }

  imageAt(x, y) {
    return this.tileToScreen(x, y + 1);
  }

  inDrawOrder(area, visit) {
    this.unsheared.inDrawOrder(area, visit);
  }

  neighbours(x, y) {
    return this.unsheared.neighbours(x, y);
  }

  /** Pixel space onto the screen, as a canvas transform [a, b, c, d, e, f]: the shear and the origin. */
  pixelMatrix() {
    return [1, this.skewY / this.tileWidth, this.skewX / this.tileHeight, 1, this.originX, this.originY];
  }

  /** An area's outline on the screen: the parallelogram its cells make together. */
  areaOutline(area) {
    return [cornersOnScreen(this, area)];
  }
}

/**
 * Tiled's staggered and hexagonal layouts (its hexagonal renderer; staggered maps have sides of length 0 along the
 * stagger axis, so their cells are diamonds): every other row (axis y) or column (x) shifted by half a cell; a cell is
 * the octagon drawn in its box; pixels are screen pixels; a point on an edge belongs to the cell below it, or right of
 * it where the edge is vertical; fractional tile coordinates are a cell and a place in its box.
 */
export class Hexagonal {
  constructor(tileWidth, tileHeight, staggerX, staggerEven, sideLength) {
    if (!(tileWidth >= 2 && tileHeight >= 2)) throw new RangeError(`a staggered map's tiles are 2x2 px at least, was ${tileWidth}x${tileHeight}`);
    this.tileWidth = tileWidth;
    this.tileHeight = tileHeight;
    this.staggerX = staggerX;
    this.staggerEven = staggerEven;
    this.sideLength = Math.min(sideLength, staggerX ? tileWidth : tileHeight);
    this.sideX = staggerX ? this.sideLength : 0;
    this.sideY = staggerX ? 0 : this.sideLength;
    this.sideOffsetX = Math.floor((tileWidth - this.sideX) / 2);
    this.sideOffsetY = Math.floor((tileHeight - this.sideY) / 2);
    this.columnWidth = this.sideOffsetX + this.sideX;
    this.rowHeight = this.sideOffsetY + this.sideY;
    this.cellWidth = this.columnWidth + this.sideOffsetX;
    this.cellHeight = this.rowHeight + this.sideOffsetY;
    const [ox, oy, cw, rh, w, h] = [this.sideOffsetX, this.sideOffsetY, this.columnWidth, this.rowHeight,
      this.cellWidth, this.cellHeight];
    this.corners = [[0, rh], [0, oy], [ox, 0], [cw, 0], [w, oy], [w, rh], [cw, h], [ox, h]];
  }

  shifted(index) {
    return ((index & 1) === 1) !== this.staggerEven;
  }

  left(x, y) {
    return this.staggerX ? x * this.columnWidth
      : x * (this.cellWidth + this.sideX) + (this.shifted(y) ? this.columnWidth : 0);
  }

  top(x, y) {
    return this.staggerX ? y * (this.cellHeight + this.sideY) + (this.shifted(x) ? this.rowHeight : 0)
      : y * this.rowHeight;
  }

  tileToPixel(x, y) {
    return this.tileToScreen(x, y);
  }

  pixelToTile(x, y) {
    return this.screenToTile(x, y);
  }

  tileToScreen(x, y) {
    const tx = Math.floor(x);
    const ty = Math.floor(y);
    return { x: this.left(tx, ty) + (x - tx) * this.cellWidth, y: this.top(tx, ty) + (y - ty) * this.cellHeight };
  }

  screenToTile(x, y) {
    const cell = this.tileAt(x, y);
    return { x: within(cell.x, (x - this.left(cell.x, cell.y)) / this.cellWidth),
      y: within(cell.y, (y - this.top(cell.x, cell.y)) / this.cellHeight) };
  }

  tileAt(x, y) {
    const candidates = [];
    if (this.staggerX) {
      const column = floorDiv(x, this.columnWidth);
      for (let cx = column; cx >= column - 1; cx--) {
        const shift = this.shifted(cx) ? this.rowHeight : 0;
        candidates.push({ x: cx, y: floorDiv(y - shift, this.cellHeight + this.sideY) });
      }
    } else {
      const row = floorDiv(y, this.rowHeight);
      for (let cy = row; cy >= row - 1; cy--) {
        const shift = this.shifted(cy) ? this.columnWidth : 0;
        candidates.push({ x: floorDiv(x - shift, this.cellWidth + this.sideX), y: cy });
      }
    }
    return candidates.find((c) => this.holds(c.x, c.y, x, y)) ?? candidates[0];
  }

  /** Whether a cell holds a point pushed an infinitesimal step down (and a far smaller one right). */
  holds(tx, ty, x, y) {
    const px = x - this.left(tx, ty);
    const py = y - this.top(tx, ty);
    const n = this.corners.length;
    for (let i = 0; i < n; i++) {
      const [ax, ay] = this.corners[i];
      const [bx, by] = this.corners[(i + 1) % n];
      const ex = bx - ax;
      const ey = by - ay;
      if (ex === 0 && ey === 0) continue;
      const cross = ex * (py - ay) - ey * (px - ax);
      const sign = cross !== 0 ? cross : ex !== 0 ? ex : -ey;
      if (sign <= 0) return false;
    }
    return true;
  }

  bounds(width, height) {
    if (width < 1 || height < 1) return { x: 0, y: 0, width: 0, height: 0 };
    let left = this.left(0, 0);
    let top = this.top(0, 0);
    let w;
    let h;
    if (this.staggerX) {
      w = width * this.columnWidth + this.sideOffsetX;
      h = height * (this.cellHeight + this.sideY);
      if (width > 1) {
        h += this.rowHeight;
        if (this.shifted(0)) top -= this.rowHeight;
      }
    } else {
      w = width * (this.cellWidth + this.sideX);
      h = height * this.rowHeight + this.sideOffsetY;
      if (height > 1) {
        w += this.columnWidth;
        if (this.shifted(0)) left -= this.columnWidth;
      }
    }
    return { x: left, y: top, width: w, height: h };
  }

  cellBox(x, y) {
    return { x: this.left(x, y), y: this.top(x, y), width: this.cellWidth, height: this.cellHeight };
  }

  areaBox(area) {
    if (area.width <= 0 || area.height <= 0) return { x: this.left(area.x, area.y), y: this.top(area.x, area.y), width: 0, height: 0 };
    const lastX = area.x + area.width - 1;
    const lastY = area.y + area.height - 1;
    let left;
    let top;
    let right;
    let bottom;
    if (this.staggerX) {
      const both = area.width > 1;
      const pitch = this.cellHeight + this.sideY;
      left = this.left(area.x, 0);
      right = this.left(lastX, 0) + this.cellWidth;
      top = both ? area.y * pitch : this.top(area.x, area.y);
      bottom = (both ? lastY * pitch + this.rowHeight : this.top(area.x, lastY)) + this.cellHeight;
    } else {
      const both = area.height > 1;
      const pitch = this.cellWidth + this.sideX;
      top = this.top(0, area.y);
      bottom = this.top(0, lastY) + this.cellHeight;
      left = both ? area.x * pitch : this.left(area.x, area.y);
      right = (both ? lastX * pitch + this.columnWidth : this.left(lastX, area.y)) + this.cellWidth;
    }
    return { x: left, y: top, width: right - left, height: bottom - top };
  }

  /** The tiles whose cell boxes share at least a pixel with a box (those it may show part of). */
  tilesMeeting(box) {
    if (box.width <= 0 || box.height <= 0) return { x: 0, y: 0, width: 0, height: 0 };
    const right = box.x + box.width;
    const bottom = box.y + box.height;
    const along = (from, to, pitch, shift, first, last, side) => {
      let lo = Infinity;
      let hi = -Infinity;
      for (let line = first; line <= Math.min(last, first + 1); line++) {
        const s = this.shifted(line) ? shift : 0;
        lo = Math.min(lo, Math.floor((from - s - side) / pitch) + 1);
        hi = Math.max(hi, Math.floor((to - 1 - s) / pitch));
      }
      return [lo, hi];
    };
    if (this.staggerX) {
      const x0 = Math.floor((box.x - this.cellWidth) / this.columnWidth) + 1;
      const x1 = Math.floor((right - 1) / this.columnWidth);
      const [y0, y1] = along(box.y, bottom, this.cellHeight + this.sideY, this.rowHeight, x0, x1, this.cellHeight);
      return { x: x0, y: y0, width: x1 - x0 + 1, height: y1 - y0 + 1 };
    }
    const y0 = Math.floor((box.y - this.cellHeight) / this.rowHeight) + 1;
    const y1 = Math.floor((bottom - 1) / this.rowHeight);
    const [x0, x1] = along(box.x, right, this.cellWidth + this.sideX, this.columnWidth, y0, y1, this.cellWidth);
    return { x: x0, y: y0, width: x1 - x0 + 1, height: y1 - y0 + 1 };
  }

  /** As Tiled 1.8 draws it: the tile height made even below the cell's top (the box's, or a pixel more). */
  imageAt(x, y) {
    return { x: this.left(x, y), y: this.top(x, y) + (this.tileHeight & ~1) };
  }

  inDrawOrder(area, visit) {
    const lastX = area.x + area.width - 1;
    for (let y = area.y; y < area.y + area.height; y++) {
      if (!this.staggerX) {
        for (let x = area.x; x <= lastX; x++) visit(x, y);
        continue;
      }
      for (const later of [false, true]) {
        for (let x = area.x; x <= lastX; x++) if (this.shifted(x) === later) visit(x, y);
      }
    }
  }

  /** The tiles sharing a side, clockwise from the top (axis x) or the top-right (axis y). */
  neighbours(x, y) {
    const out = [];
    const sides = this.sideLength > 0;
    if (this.staggerX) {
      const up = this.shifted(x) ? 0 : -1;
      if (sides) out.push({ x, y: y - 1 });
      out.push({ x: x + 1, y: y + up }, { x: x + 1, y: y + up + 1 });
      if (sides) out.push({ x, y: y + 1 });
      out.push({ x: x - 1, y: y + up + 1 }, { x: x - 1, y: y + up });
    } else {
      const back = this.shifted(y) ? 0 : -1;
      out.push({ x: x + back + 1, y: y - 1 });
      if (sides) out.push({ x: x + 1, y });
      out.push({ x: x + back + 1, y: y + 1 }, { x: x + back, y: y + 1 });
      if (sides) out.push({ x: x - 1, y });
      out.push({ x: x + back, y: y - 1 });
    }
    return out;
  }

  /** An area's outline on the screen: each cell's octagon (past 4096 cells, the area's box). */
  areaOutline(area) {
    if (area.width * area.height > 4096) return [boxCorners(this.areaBox(area))];
    const out = [];
    for (let y = area.y; y < area.y + area.height; y++) {
      for (let x = area.x; x < area.x + area.width; x++) {
        const left = this.left(x, y);
        const top = this.top(x, y);
        out.push(this.corners.map(([cx, cy]) => ({ x: left + cx, y: top + cy })));
      }
    }
    return out;
  }
}
