import { test } from 'node:test';
import assert from 'node:assert/strict';
import { csrfToken } from '../sync/http.js';

test('the CSRF token is read from its cookie among others, decoded; none before the server set it', () => {
  assert.equal(csrfToken('a=1; XSRF-TOKEN=4f2c%2Dx=y; b=2'), '4f2c-x=y');
  assert.equal(csrfToken('XSRF-TOKEN=abc'), 'abc');
  assert.equal(csrfToken('NOT-XSRF-TOKEN=abc; other=1'), null);
  assert.equal(csrfToken(''), null);
});
