import { test } from 'node:test';
import assert from 'node:assert/strict';

import { badge, marks } from '../editor/checks.js';
import { Orthogonal } from '../model/projection.js';

test('a failing reachable check marks its explored area in pixels; a passing one its path', () => {
  const failing = { type: 'reachable', passed: false, details: { tiles: [], explored: { x: 0, y: 2, width: 6, height: 3 } } };
  assert.deepEqual(marks(failing, new Orthogonal(16, 8)), [{ kind: 'rect', x: 0, y: 16, width: 96, height: 24 }]);
  const passing = { type: 'reachable', passed: true, details: { tiles: [{ x: 1, y: 4 }, { x: 2, y: 4 }], explored: { x: 0, y: 0, width: 9, height: 5 } } };
  assert.deepEqual(marks(passing, new Orthogonal(16, 8)), [{ kind: 'path', tiles: [{ x: 1, y: 4 }, { x: 2, y: 4 }] }]);
});

test('a blocked check marks its line in map pixels (queries speak world pixels) and where it was stopped', () => {
  const result = { type: 'blocked', passed: true, details: { from: { x: 120, y: 60 }, to: { x: 230, y: 70 }, hit: { tile: { x: 6, y: 4 } } } };
  assert.deepEqual(marks(result, new Orthogonal(16, 16), { x: 100, y: 0 }), [
    { kind: 'line', from: { x: 20, y: 60 }, to: { x: 130, y: 70 } }, { kind: 'cells', cells: [{ x: 6, y: 4 }] }]);
});

test('empty cells and offending objects are marked', () => {
  assert.deepEqual(marks({ type: 'noEmptyCells', passed: false, details: { cells: [{ x: 2, y: 5 }] } }, new Orthogonal(16, 16)),
    [{ kind: 'cells', cells: [{ x: 2, y: 5 }] }]);
  assert.deepEqual(marks({ type: 'objectsHaveProperty', passed: false, details: { offending: [{ id: 3, x: 40, y: 40 }] } }, new Orthogonal(16, 16)),
    [{ kind: 'rect', x: 38, y: 38, width: 4, height: 4, object: 3 }]);
});

test('the badge counts failures and names the version when it is not the one shown', () => {
  const results = [{ passed: true }, { passed: false }, { passed: false }];
  assert.deepEqual(badge({ version: 7, state: 'done', results }, 7), { text: 'checks ✗ 2 of 3', failed: 2 });
  assert.deepEqual(badge({ version: 7, state: 'done', results: [{ passed: true }] }, 9), { text: 'checks ✓ 1 (v7)', failed: 0 });
  assert.deepEqual(badge({ version: 9, state: 'pending', results: [] }, 9), { text: 'checks …', failed: 0 });
  assert.deepEqual(badge(null, 9), { text: '', failed: 0 });
});
