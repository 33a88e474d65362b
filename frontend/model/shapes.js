// The geometry of map objects as Tiled has them: each shape lies in its own frame, whose origin is the object's
// position (x, y) and which is turned clockwise by its rotation about that origin. In that frame a rectangle, ellipse,
// capsule or text object covers (0, 0)-(width, height), a tile object rises from its bottom-left corner
// (0, -height)-(width, 0), and polygons and polylines are their points. Used by the editor to pick, select, turn and
// edit objects; checked against world-space formulations in frontend/test/shapes.test.js.

const RADIANS = Math.PI / 180;

/** A point of the map in the object's own frame. */
export function toLocal(o, x, y) {
  const a = -(o.rotation ?? 0) * RADIANS;
  const dx = x - o.x;
  const dy = y - o.y;
  return { x: dx * Math.cos(a) - dy * Math.sin(a), y: dx * Math.sin(a) + dy * Math.cos(a) };
}

/** A point of the object's frame on the map. */
export function toWorld(o, lx, ly) {
  const a = (o.rotation ?? 0) * RADIANS;
  return { x: o.x + lx * Math.cos(a) - ly * Math.sin(a), y: o.y + lx * Math.sin(a) + ly * Math.cos(a) };
}

/** The shape's kind: a tile object is one whatever its shape field says. */
export function kindOf(o) {
  return o.gid ? 'tile' : (o.shape ?? 'rectangle');
}

/**
 * The object's box in its own frame. A tile object without a size is its tile's (tile: {width, height}); a point
 * is a point; polygons and polylines are the bounds of their points.
 */
export function localBox(o, tile = { width: 0, height: 0 }) {
  const kind = kindOf(o);
  if (kind === 'polygon' || kind === 'polyline') {
    const xs = (o.points ?? []).map((p) => p.dx);
    const ys = (o.points ?? []).map((p) => p.dy);
    const x = Math.min(...xs);
    const y = Math.min(...ys);
    return { x, y, width: Math.max(...xs) - x, height: Math.max(...ys) - y };
  }
  if (kind === 'point') return { x: 0, y: 0, width: 0, height: 0 };
  const width = o.width || (kind === 'tile' ? tile.width : 0);
  const height = o.height || (kind === 'tile' ? tile.height : 0);
  return { x: 0, y: kind === 'tile' ? -height : 0, width, height };
}

/** The smallest upright box holding the object as drawn (turned), in map pixels. */
export function worldBounds(o, tile) {
  const kind = kindOf(o);
  const box = localBox(o, tile);
  let corners;
  if (kind === 'polygon' || kind === 'polyline') {
    corners = (o.points ?? []).map((p) => toWorld(o, p.dx, p.dy));
  } else if (kind === 'ellipse' && box.width > 0 && box.height > 0) {
    // an ellipse's extent along an axis: the half axes projected on it
    const a = (o.rotation ?? 0) * RADIANS;
    const c = toWorld(o, box.width / 2, box.height / 2);
    const hw = Math.hypot((box.width / 2) * Math.cos(a), (box.height / 2) * Math.sin(a));
    const hh = Math.hypot((box.width / 2) * Math.sin(a), (box.height / 2) * Math.cos(a));
    return { x: c.x - hw, y: c.y - hh, width: 2 * hw, height: 2 * hh };
  } else {
    corners = [[box.x, box.y], [box.x + box.width, box.y], [box.x, box.y + box.height],
      [box.x + box.width, box.y + box.height]].map(([x, y]) => toWorld(o, x, y));
  }
  const xs = corners.map((p) => p.x);
  const ys = corners.map((p) => p.y);
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  return { x, y, width: Math.max(...xs) - x, height: Math.max(...ys) - y };
}

/** The distance from a point to the segment a-b. */
export function segmentDistance(px, py, ax, ay, bx, by) {
  const dx = bx - ax;
  const dy = by - ay;
  const length2 = dx * dx + dy * dy;
  const t = length2 === 0 ? 0 : Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / length2));
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
}

/** Whether a point is inside a polygon of {dx, dy} points (even-odd, as Tiled fills them). */
export function insidePolygon(points, x, y) {
  let inside = false;
  for (let i = 0, j = points.length - 1; i < points.length; j = i++) {
    const a = points[i];
    const b = points[j];
    if ((a.dy > y) !== (b.dy > y) && x < ((b.dx - a.dx) * (y - a.dy)) / (b.dy - a.dy) + a.dx) inside = !inside;
  }
  return inside;
}

/**
 * Whether the object covers a map point, or its outline passes within `reach` of it (lines and points are hit by
 * coming near). A shape without a size is hit near its position.
 */
export function hits(o, x, y, reach = 0, tile) {
  const p = toLocal(o, x, y);
  const kind = kindOf(o);
  if (kind === 'point') return Math.hypot(p.x, p.y) <= Math.max(reach, 4);
  if (kind === 'polygon' || kind === 'polyline') {
    const points = o.points ?? [];
    if (kind === 'polygon' && insidePolygon(points, p.x, p.y)) return true;
    const last = kind === 'polygon' ? points.length : points.length - 1;
    for (let i = 0; i < last; i++) {
      const a = points[i];
      const b = points[(i + 1) % points.length];
      if (segmentDistance(p.x, p.y, a.dx, a.dy, b.dx, b.dy) <= Math.max(reach, 0.5)) return true;
    }
    return false;
  }
  const box = localBox(o, tile);
  if (box.width === 0 && box.height === 0) return Math.hypot(p.x, p.y) <= Math.max(reach, 10);
  if (kind === 'ellipse' && box.width > 0 && box.height > 0) {
    const rx = box.width / 2 + reach;
    const ry = box.height / 2 + reach;
    const ex = (p.x - box.width / 2) / rx;
    const ey = (p.y - box.height / 2) / ry;
    return ex * ex + ey * ey <= 1;
  }
  if (kind === 'capsule') {
    // the points within half the shorter side of the segment between the ends' centres
    const r = Math.min(box.width, box.height) / 2;
    const wide = box.width >= box.height;
    const ax = wide ? r : box.width / 2;
    const ay = wide ? box.height / 2 : r;
    const bx = wide ? box.width - r : box.width / 2;
    const by = wide ? box.height / 2 : box.height - r;
    return segmentDistance(p.x, p.y, ax, ay, bx, by) <= r + reach;
  }
  return p.x >= box.x - reach && p.x <= box.x + box.width + reach && p.y >= box.y - reach
    && p.y <= box.y + box.height + reach;
}

/** The edge of a polygon or polyline nearest a point of its frame: {index (its first point), x, y, distance}. */
export function nearestEdge(o, lx, ly) {
  const points = o.points ?? [];
  const last = kindOf(o) === 'polygon' ? points.length : points.length - 1;
  let best = null;
  for (let i = 0; i < last; i++) {
    const a = points[i];
    const b = points[(i + 1) % points.length];
    const distance = segmentDistance(lx, ly, a.dx, a.dy, b.dx, b.dy);
    if (best === null || distance < best.distance) best = { index: i, distance };
  }
  return best;
}

/** An angle in degrees in (-180, 180], snapped to a step when one is given. */
export function normalAngle(degrees, step = 0) {
  let a = step > 0 ? Math.round(degrees / step) * step : degrees;
  a %= 360;
  if (a > 180) a -= 360;
  if (a <= -180) a += 360;
  return Math.round(a * 1e6) / 1e6 || 0; // no -0
}

/**
 * The position and rotation that turn an object to `rotation` about its box's centre (as Tiled's rotate handle does),
 * so the centre stays where it is.
 */
export function turnedAboutCentre(o, rotation, tile) {
  const box = localBox(o, tile);
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  const centre = toWorld(o, cx, cy);
  const a = rotation * RADIANS;
  return {
    x: round(centre.x - (cx * Math.cos(a) - cy * Math.sin(a))),
    y: round(centre.y - (cx * Math.sin(a) + cy * Math.cos(a))),
    rotation,
  };
}

function round(v) {
  return Math.round(v * 1e4) / 1e4;
}
