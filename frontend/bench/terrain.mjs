// How long the terrain brush takes to compute a stroke across 200 cells on a 47-tile blob set (a mixed Wang set of
// two terrains: every edge combination with the corners that both their edges allow), the target being 5 ms
// in the browser. Strokes are random walks of 200 distinct cells on a 256x256 map of ground, each computed against
// the map as the last left it (so later strokes cross walls), the way a drag recomputes its stroke on every move.
// Run in node: node frontend/bench/terrain.mjs; in Chromium: import('/frontend/bench/terrain.mjs') on any page of the
// service and call run() (docs/benchmarks.md has the command). Not a test: it asserts nothing.

import { paintTerrain, WangTiles } from '../model/terrain.js';

/** The 47 tiles of a blob set as a mixed Wang set: terrain 1 ground, 2 wall. */
export function blobSet() {
  const tiles = {};
  let id = 0;
  for (let edges = 0; edges < 16; edges++) {
    const edge = [0, 2, 4, 6].map((_, k) => ((edges >> k) & 1) + 1); // top, right, bottom, left
    // corner i sits between edges: top-right (top, right), bottom-right, bottom-left, top-left
    const between = [[0, 1], [1, 2], [2, 3], [3, 0]];
    const free = between.map(([a, b]) => edge[a] === 2 && edge[b] === 2);
    for (let corners = 0; corners < 16; corners++) {
      if (between.some((_, k) => ((corners >> k) & 1) === 1 && !free[k])) continue;
      const corner = between.map((_, k) => ((corners >> k) & 1) + 1);
      tiles[id++] = [edge[0], corner[0], edge[1], corner[1], edge[2], corner[2], edge[3], corner[3]];
    }
  }
  return {
    name: 'blob', type: 'mixed', tile: -1,
    colors: [{ name: 'ground', color: '#a08050', probability: 1 }, { name: 'wall', color: '#404040', probability: 1 }],
    tiles,
  };
}

function walk(random, width, height, length) {
  const seen = new Set();
  const cells = [];
  let x = Math.floor(random() * width);
  let y = Math.floor(random() * height);
  while (cells.length < length * 2) {
    if (!seen.has(y * width + x)) {
      seen.add(y * width + x);
      cells.push(x, y);
    }
    x = Math.min(width - 1, Math.max(0, x + Math.floor(random() * 3) - 1));
    y = Math.min(height - 1, Math.max(0, y + Math.floor(random() * 3) - 1));
  }
  return cells;
}

/** Computes `strokes` strokes after `warmup` more; the times in ms and what the strokes did. */
export function run({ strokes = 300, warmup = 100, length = 200, size = 256 } = {}) {
  const set = blobSet();
  const tiles = WangTiles.of(set, 1, () => 1, null);
  const ground = 1 + Number(Object.keys(set.tiles).find((k) => set.tiles[k].every((c) => c === 1)));
  const gids = new Uint32Array(size * size).fill(ground);
  const cells = { width: size, height: size, gid: (x, y) => gids[y * size + x] };
  let state = 12345;
  const random = () => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state / 4294967296;
  };
  const times = [];
  let changed = 0;
  let unmatched = 0;
  for (let i = 0; i < warmup + strokes; i++) {
    const stroke = walk(random, size, size, length);
    const t = performance.now();
    const result = paintTerrain(tiles, cells, stroke, 1 + (i % 3 === 2 ? 0 : 1), 7, 262_144);
    const took = performance.now() - t;
    for (const c of result.cells) gids[c.y * size + c.x] = c.gid;
    if (i >= warmup) {
      times.push(took);
      changed += result.cells.length;
      unmatched += result.unmatched;
    }
  }
  times.sort((a, b) => a - b);
  const at = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
  return {
    tiles: Object.keys(set.tiles).length, strokes, length,
    medianMs: at(0.5), p95Ms: at(0.95), maxMs: times[times.length - 1],
    changedPerStroke: changed / strokes, unmatched,
  };
}

if (typeof process !== 'undefined' && process.argv?.[1] && import.meta.url.endsWith(process.argv[1].split('/').pop())) {
  console.log(JSON.stringify(run()));
}
