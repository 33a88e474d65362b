// What the history's answers name, shared by the editor (its History panel and Compare) and the reviewer's preview:
// the regions and places a diff (GET …/diff?from=N, docs/review.md) covers, and how a change's versions and time read.

/** Cells on a side of the blocks changes are grouped in to step through. */
const BLOCK = 16;

function kindOf(before, after) {
  if (before.every((g) => g === 0)) return 'added';
  if (after.every((g) => g === 0)) return 'removed';
  return 'changed';
}

function box(object, tileWidth, tileHeight) {
  const tile = object.gid !== undefined && object.gid !== null && object.gid !== 0;
  const width = object.width > 0 ? object.width : tile ? tileWidth : 0;
  const height = object.height > 0 ? object.height : tile ? tileHeight : 0;
  return { x: object.x, y: tile ? object.y - height : object.y, width, height };
}

/**
 * The regions a diff names, in map pixels, each with its kind: its cell runs (a run from one gid to one gid by
 * those, else by its cells) and its objects' boxes. Sorted top to bottom, left to right.
 */
export function changeRegions(diff, projection) {
  const regions = [];
  for (const layer of diff.layers ?? []) {
    for (const run of layer.cells ?? []) {
      const kind = run.from !== undefined ? kindOf([run.from], [run.to]) : kindOf(run.before, run.after);
      regions.push({ ...projection.areaBox(run), kind, layerId: layer.layerId });
    }
    for (const [list, kind] of [[layer.objectsAdded, 'added'], [layer.objectsRemoved, 'removed'],
      [(layer.objectsChanged ?? []).map((c) => c.after), 'changed']]) {
      for (const object of list ?? []) {
        regions.push({ ...box(object, projection.tileWidth, projection.tileHeight), kind, layerId: layer.layerId, object: object.id });
      }
    }
  }
  return regions.sort((a, b) => a.y - b.y || a.x - b.x);
}

/** The places to step through: the blocks of BLOCK x BLOCK cells that changes touch, top to bottom, left to right. */
export function places(regions, projection) {
  const block = projection.areaBox({ x: 0, y: 0, width: BLOCK, height: BLOCK });
  const size = { w: block.width, h: block.height };
  const blocks = new Map();
  for (const r of regions) {
    const bx = Math.floor((r.x + r.width / 2) / size.w);
    const by = Math.floor((r.y + r.height / 2) / size.h);
    const key = `${bx},${by}`;
    const known = blocks.get(key);
    if (known) {
      const right = Math.max(known.x + known.width, r.x + r.width);
      const bottom = Math.max(known.y + known.height, r.y + r.height);
      known.x = Math.min(known.x, r.x);
      known.y = Math.min(known.y, r.y);
      known.width = right - known.x;
      known.height = bottom - known.y;
      known.count++;
    } else {
      blocks.set(key, { bx, by, x: r.x, y: r.y, width: Math.max(1, r.width), height: Math.max(1, r.height), count: 1 });
    }
  }
  return [...blocks.values()].sort((a, b) => a.by - b.by || a.bx - b.bx);
}

/** When a change was made: the time, and the day too when it was not today. */
export function when(iso, now = new Date()) {
  const at = new Date(iso);
  const time = at.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
  return at.toDateString() === now.toDateString() ? time : `${at.toLocaleDateString()} ${time}`;
}

/** The versions a change spans, as the list names them. */
export function versions(change) {
  return change.fromVersion === change.toVersion ? `v${change.toVersion}` : `v${change.fromVersion}–${change.toVersion}`;
}
