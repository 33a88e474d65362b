// The frontend's module graph: no import cycle, and the reviewer's preview, the review panel, the pages and the shared
// layers (model, sync, render, history) import nothing of the editor's; only sync/http.js calls fetch.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SKIPPED = new Set(['test', 'node_modules', 'bench']);

function modules(dir = ROOT) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return SKIPPED.has(name) ? [] : modules(path);
    return name.endsWith('.js') ? [path] : [];
  });
}

/**
 * A module's static imports and re-exports (and dynamic imports of a literal), as paths; comments left out (a JSDoc
 * type's import('…') loads nothing).
 */
function importsOf(path) {
  const source = readFileSync(path, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const specifiers = [...source.matchAll(/^\s*(?:import|export)\b[^'"]*?\bfrom\s*['"]([^'"]+)['"]/gm),
    ...source.matchAll(/^\s*import\s*['"]([^'"]+)['"]/gm), ...source.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)]
    .map((m) => m[1]);
  return specifiers.filter((s) => s.startsWith('.')).map((s) => resolve(dirname(path), s));
}

const graph = new Map(modules().map((path) => [path, importsOf(path)]));
const name = (path) => relative(ROOT, path);

test('the graph is read: modules and their imports are found', () => {
  assert.ok(graph.size > 40, `${graph.size} modules`);
  assert.ok(graph.get(join(ROOT, 'preview/compare.js')).includes(join(ROOT, 'history/diffs.js')));
  for (const [path, imports] of graph) {
    for (const target of imports) assert.ok(graph.has(target), `${name(path)} imports ${name(target)}, which is not a module here`);
  }
});

test('no module imports itself through others', () => {
  const state = new Map(); // 1: on the path being walked, 2: done
  const cycles = [];
  const walk = (path, trail) => {
    state.set(path, 1);
    for (const next of graph.get(path) ?? []) {
      if (state.get(next) === 1) cycles.push([...trail.slice(trail.indexOf(next)), next].map(name).join(' -> '));
      else if (!state.has(next)) walk(next, [...trail, next]);
    }
    state.set(path, 2);
  };
  for (const path of graph.keys()) if (!state.has(path)) walk(path, [path]);
  assert.deepEqual(cycles, []);
});

test('only the editor imports the editor', () => {
  const outside = [];
  for (const [path, imports] of graph) {
    if (name(path).startsWith('editor/')) continue;
    for (const target of imports) if (name(target).startsWith('editor/')) outside.push(`${name(path)} -> ${name(target)}`);
  }
  assert.deepEqual(outside, []);
});

test('every request goes through sync/http.js (CSRF, problems, Retry-After in one place)', () => {
  const direct = [];
  for (const path of graph.keys()) {
    if (name(path) === 'sync/http.js') continue;
    const code = readFileSync(path, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
    if (/(?<![.\w])fetch\(/.test(code)) direct.push(name(path));
  }
  assert.deepEqual(direct, []);
});

test('where a tile lies is the projection\'s to say: no module but model/projection.js multiplies or divides by a tile size', () => {
  const size = String.raw`(?:[\w.]+\.)?(?:tileWidth|tileHeight|tw|th)\b(?!\s*\()`;
  const dividing = new RegExp(String.raw`[/*]\s*${size}|\b${size}\s*\*`);
  const found = [];
  for (const path of graph.keys()) {
    if (name(path) === 'model/projection.js') continue;
    const code = readFileSync(path, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
    code.split('\n').forEach((line, i) => { if (dividing.test(line)) found.push(`${name(path)}:${i + 1}: ${line.trim()}`); });
  }
  assert.deepEqual(found, []);
  assert.ok(dividing.test('Math.floor(x / map.tileWidth)') && dividing.test('y / th') && dividing.test('x * map.tileWidth')
    && dividing.test('map.tileHeight * 3') && dividing.test('(x+1) * tileHeight') && !dividing.test('tileWidth === 16')
    && !dividing.test('info.tileWidth - map.tileWidth') && !dividing.test('widthOf(tw)'));
});
