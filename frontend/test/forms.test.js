import { test } from 'node:test';
import assert from 'node:assert/strict';
import { apiCall, formBody, problemText } from '../pages/forms.js';

test('a form becomes the API\'s JSON: numbers from number fields, lists from list fields, blanks left out', () => {
  assert.deepEqual(formBody([
    { name: 'role', value: 'editor', type: 'select-one' },
    { name: 'expiresInDays', value: '7', type: 'number' },
    { name: 'scopes', value: 'read', type: 'select-one', list: true },
    { name: 'scopes', value: 'write', type: 'checkbox', list: true },
    { name: 'note', value: '', type: 'text' },
    { name: '', value: 'unnamed', type: 'text' },
  ]), { role: 'editor', expiresInDays: 7, scopes: ['read', 'write'] });
  assert.deepEqual(formBody([]), {});
});

test('a refusal reads as its problem\'s title and detail, else its status', () => {
  assert.equal(problemText(409, { title: 'A team keeps an owner', detail: 'Make someone else owner first.' }),
    'A team keeps an owner: Make someone else owner first.');
  assert.equal(problemText(403, { detail: 'Only owners.' }), 'Only owners.');
  assert.equal(problemText(500, null), 'The server refused this (500).');
  assert.match(problemText(0, null), /cannot be reached/);
});

test('data-api names a method and a path', () => {
  assert.deepEqual(apiCall('post /api/v1/teams/3/invites'), { method: 'POST', url: '/api/v1/teams/3/invites' });
  assert.throws(() => apiCall('/api/v1/teams'));
});
