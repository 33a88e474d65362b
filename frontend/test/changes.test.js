import { test } from 'node:test';
import assert from 'node:assert/strict';

import { versions, when } from '../history/diffs.js';

test('a change names its versions as one or a span', () => {
  assert.equal(versions({ fromVersion: 57, toVersion: 57 }), 'v57');
  assert.equal(versions({ fromVersion: 300, toVersion: 312 }), 'v300–312');
});

test('a change made today shows its time, an older one its day as well', () => {
  const now = new Date(2026, 10, 26, 15, 0);
  const today = new Date(2026, 10, 26, 14, 2).toISOString();
  const earlier = new Date(2026, 10, 20, 9, 30).toISOString();
  const time = new Date(today).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
  assert.equal(when(today, now), time);
  assert.equal(when(earlier, now), `${new Date(earlier).toLocaleDateString()} ${new Date(earlier)
    .toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}`);
  assert.notEqual(when(earlier, now), when(today, now));
});
