// The reviewer preview's arithmetic, apart from the page: view sizes and positions from the address bar, clamping
// a view to the map, which region of the map to have rendered around a view, when that region no longer covers the
// view, and tour paths. No DOM: preview/main.js wires it to the page; test/preview.test.js checks it.

/** '640x360' as {width, height}; null when it is not that form. @param {string|null|undefined} text */
export function parseSize(text) {
  const match = /^(\d+)x(\d+)$/.exec(text ?? '');
  return match ? { width: Number(match[1]), height: Number(match[2]) } : null;
}

/** 'x,y;x,y' as up to four view positions; one at the origin when none is given. @param {string|null} text */
export function parseViews(text) {
  const views = (text ?? '').split(';').map((pair) => pair.split(',').map(Number))
    .filter((xy) => xy.length === 2 && xy.every(Number.isFinite)).slice(0, 4)
    .map(([x, y]) => ({ x, y }));
  return views.length ? views : [{ x: 0, y: 0 }];
}

/**
 * A view's origin along one axis, kept inside the map (a view larger than the map pins to 0), in whole pixels,
 * as the server clamps its windows.
 */
export function clampAxis(origin, size, mapSize) {
  return size >= mapSize ? 0 : Math.max(0, Math.min(Math.round(origin), mapSize - size));
}

/**
 * The region to render around a view: three view sizes wide and high (at most the map), clamped to the map, so
 * the view can scroll a while before a new one is needed. @param {{x:number, y:number}} view
 * @param {{width:number, height:number}} size the view's @param {{width:number, height:number}} map in pixels
 */
export function regionAround(view, size, map) {
  const width = Math.min(3 * size.width, map.width);
  const height = Math.min(3 * size.height, map.height);
  return {
    x: clampAxis(view.x - size.width, width, map.width),
    y: clampAxis(view.y - size.height, height, map.height),
    width,
    height,
  };
}

/**
 * Whether a rendered region still covers the view with a margin (a sixth of the region, at most half the view) on
 * every side that is not the map's edge: past it, the next region is fetched before the view reaches the old one's
 * edge.
 */
export function covers(region, view, size, map) {
  if (!region) return false;
  const mx = Math.min(size.width / 2, region.width / 6);
  const my = Math.min(size.height / 2, region.height / 6);
  return view.x >= region.x + (region.x > 0 ? mx : 0)
    && view.y >= region.y + (region.y > 0 ? my : 0)
    && view.x + size.width <= region.x + region.width - (region.x + region.width < map.width ? mx : 0)
    && view.y + size.height <= region.y + region.height - (region.y + region.height < map.height ? my : 0);
}

/** The address bar's query for the views as they are (so a link shows the same thing). */
export function viewQuery({ size, scale, views, layers, grid, collision, parallax }) {
  const query = new URLSearchParams();
  query.set('size', `${size.width}x${size.height}`);
  query.set('scale', String(scale));
  query.set('v', views.map((view) => `${view.x},${view.y}`).join(';'));
  if (layers !== null) query.set('layers', layers.join(','));
  if (grid) query.set('grid', '1');
  if (collision) query.set('collision', '1');
  if (parallax) query.set('parallax', '1');
  return query.toString();
}

/** Adds a tour point unless it is within 8 px of the last one. @param {number[][]} points @param {number[]} point */
export function addTourPoint(points, point) {
  const last = points[points.length - 1];
  if (!last || Math.hypot(point[0] - last[0], point[1] - last[1]) >= 8) {
    points.push(point);
  }
  return points;
}

/** The tour GIF's address: the camera's centre along the points at 240 px/s, 20 frames a second. */
export function tourUrl(mapId, points, width, height) {
  const path = points.map((p) => p.join(',')).join(';');
  return `/api/v1/maps/${mapId}/tour.gif?path=${encodeURIComponent(path)}&width=${width}&height=${height}`
    + '&speed=240&fps=20';
}
