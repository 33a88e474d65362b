// How long the editor's thread is busy with the largest fills it lets a person make: a bucket fill of a whole
// 4096x4096 layer (the area is its whole box: one fillRect) and one where a single cell differs (a masked region,
// compressed as Tiled's base64 + zlib), each found and then applied to the map with its inverse, as a click does.
// Run: node frontend/bench/fill.mjs (numbers in docs/benchmarks.md). Not a test: it asserts nothing.

import { apply } from '../model/ops.js';
import { floodFill, Stamp } from '../model/stamp.js';
import { newMap } from '../test/support.js';

for (const masked of [false, true]) {
  const map = newMap({ width: 4096, height: 4096 });
  const layer = map.layers.find((l) => l.type === 'tile');
  if (masked) layer.set(4095, 4095, 2);
  let t = performance.now();
  const fill = floodFill(map, layer, 10, 10, Stamp.of(1), 1 << 25);
  const found = performance.now() - t;
  t = performance.now();
  const { inverse } = apply(map, fill.op);
  const applied = performance.now() - t;
  console.log(`${masked ? 'masked region' : 'whole layer  '}: found in ${Math.round(found)} ms, applied in `
    + `${Math.round(applied)} ms; op ${JSON.stringify(fill.op).length} chars (${fill.op.type}), inverse `
    + `${JSON.stringify(inverse).length} chars (${inverse.type})`);
}
