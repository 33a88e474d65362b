import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ANY, nextPatternValue, resizePattern } from '../editor/rules.js';

test('a pattern cell cycles: any, the value, not it, anything non-empty, empty, any', () => {
  const seen = [0];
  for (let i = 0; i < 5; i++) seen.push(nextPatternValue(seen.at(-1), 3));
  assert.deepEqual(seen, [0, 3, -3, ANY, -ANY, 0]);
  assert.equal(nextPatternValue(2, 3), -2, 'a cell asking for another value turns to "not" that value');
});

test('a pattern resized keeps its centre; cells beyond a smaller side go, new ones ask for anything', () => {
  const three = [1, 2, 3, 4, 5, 6, 7, 8, 9];
  assert.deepEqual(resizePattern(three, 3, 1), [5]);
  const five = resizePattern(three, 3, 5);
  assert.equal(five.length, 25);
  assert.equal(five[12], 5);
  assert.deepEqual(five.slice(6, 9), [1, 2, 3]);
  assert.equal(five[0], 0);
  assert.deepEqual(resizePattern(five, 5, 3), three);
});
