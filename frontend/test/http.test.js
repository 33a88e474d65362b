import { test } from 'node:test';
import assert from 'node:assert/strict';
import { csrfToken, fetchRetrying, problemText, refusal, retryAfterMs } from '../sync/http.js';

test('the CSRF token is read from its cookie among others, decoded; none before the server set it', () => {
  assert.equal(csrfToken('a=1; XSRF-TOKEN=4f2c%2Dx=y; b=2'), '4f2c-x=y');
  assert.equal(csrfToken('XSRF-TOKEN=abc'), 'abc');
  assert.equal(csrfToken('NOT-XSRF-TOKEN=abc; other=1'), null);
  assert.equal(csrfToken(''), null);
});

const answer = (status, body = null, headers = {}) => new Response(body === null ? null : JSON.stringify(body),
  { status, headers });

test('a refusal reads as the problem says: its detail and field, else the status', async () => {
  assert.equal(await refusal(answer(422, { detail: 'Height must be 1..65536', field: 'height' })),
    'Height must be 1..65536 (height)');
  assert.equal(await refusal(answer(409, { detail: 'The map changed' })), 'The map changed');
  assert.equal(await refusal(new Response('<html>gateway</html>', { status: 502 })), '502');
  assert.equal(await refusal(answer(400, { detail: '', field: 'x' })), '400 (x)');
  assert.equal(problemText({ detail: 'No such layer', field: 'layerId' }, 404), 'No such layer (layerId)');
  assert.equal(problemText(null, 503), '503');
});

test('Retry-After in seconds or as a date, bounded; the fallback when absent or unreadable', () => {
  const now = Date.parse('2026-12-02T12:00:00Z');
  assert.equal(retryAfterMs(answer(503, null, { 'Retry-After': '3' }), 5, now), 3000);
  assert.equal(retryAfterMs(answer(503, null, { 'Retry-After': 'Wed, 02 Dec 2026 12:00:20 GMT' }), 5, now), 20000);
  assert.equal(retryAfterMs(answer(503), 5, now), 5000);
  assert.equal(retryAfterMs(answer(503, null, { 'Retry-After': 'soon' }), 2, now), 2000);
  assert.equal(retryAfterMs(answer(503, null, { 'Retry-After': '0' }), 5, now), 1000, 'at least a second');
  assert.equal(retryAfterMs(answer(503, null, { 'Retry-After': '86400' }), 5, now), 600000, 'at most ten minutes');
});

test('a busy or unreachable server is asked again after the pause it names; another answer ends it', async (t) => {
  const answers = [() => answer(503, null, { 'Retry-After': '4' }), () => { throw new TypeError('offline'); },
    () => answer(429, null, { 'Retry-After': '1' }), () => answer(200, { ok: true })];
  const asked = [];
  t.mock.method(globalThis, 'fetch', async (url) => { asked.push(url); return answers[asked.length - 1](); });
  const pauses = [];
  const response = await fetchRetrying('/api/v1/x', { pause: async (ms) => pauses.push(ms), fallbackSeconds: 2 });
  assert.equal(response.status, 200);
  assert.equal(asked.length, 4);
  assert.ok(pauses[0] >= 4000 && pauses[0] <= 8000, `after the 503: ${pauses[0]}`);
  assert.ok(pauses[1] >= 2000 && pauses[1] <= 4000, `after no answer: ${pauses[1]}`);
  assert.ok(pauses[2] >= 1000 && pauses[2] <= 2000, `after the 429: ${pauses[2]}`);

  asked.length = 0;
  t.mock.method(globalThis, 'fetch', async (url) => { asked.push(url); return answer(404); });
  assert.equal((await fetchRetrying('/gone', { pause: async () => {} })).status, 404);
  assert.equal(asked.length, 1, 'not busy: asked once');

  asked.length = 0;
  t.mock.method(globalThis, 'fetch', async (url) => { asked.push(url); return answer(503); });
  assert.equal((await fetchRetrying('/busy', { tries: 3, pause: async () => {} })).status, 503);
  assert.equal(asked.length, 3, 'at most the tries');
});
