// The Share dialog of the editor and the preview (for the map's maintainers): makes a view or comment link and shows
// it once to copy, lists the map's links with their last use, revokes them (POST/GET/DELETE /api/v1/maps/{id}/shares).

import { apiFetch } from '../sync/http.js';
import { problemText } from './forms.js';

const dialog = document.querySelector('[data-testid="share-dialog"]');
const mapId = dialog.dataset.mapId;
const form = dialog.querySelector('form');
const error = dialog.querySelector('[data-error]');
const made = dialog.querySelector('[data-made]');
const url = dialog.querySelector('[data-testid="share-url"]');
const table = dialog.querySelector('[data-testid="share-list"]');

async function send(method, path, body) {
  const options = { method };
  if (body) {
    options.headers = { 'Content-Type': 'application/json' };
    options.body = JSON.stringify(body);
  }
  const response = await apiFetch(path, options).catch(() => null);
  if (response === null) throw new Error(problemText(0, null));
  const json = response.status === 204 ? null : await response.json().catch(() => null);
  if (!response.ok) throw new Error(problemText(response.status, json));
  return json;
}

function fail(e) {
  error.textContent = e.message;
  error.hidden = false;
}

function day(instant) {
  return instant ? instant.slice(0, 10) : 'never';
}

async function list() {
  const links = await send('GET', `/api/v1/maps/${mapId}/shares`);
  const body = table.querySelector('tbody');
  body.replaceChildren();
  for (const link of links) {
    const row = document.createElement('tr');
    row.dataset.testid = 'share-row';
    for (const text of [link.hint, link.access, day(link.expiresAt), day(link.lastUsedAt)]) {
      const cell = document.createElement('td');
      cell.textContent = text;
      row.append(cell);
    }
    const revoke = document.createElement('button');
    revoke.type = 'button';
    revoke.className = 'button';
    revoke.textContent = 'Revoke';
    revoke.dataset.testid = 'share-revoke';
    revoke.addEventListener('click', () => send('DELETE', `/api/v1/maps/${mapId}/shares/${link.id}`).then(list, fail));
    const cell = document.createElement('td');
    cell.append(revoke);
    row.append(cell);
    body.append(row);
  }
  table.hidden = links.length === 0;
}

for (const opener of document.querySelectorAll('[data-share-open]')) {
  opener.addEventListener('click', () => {
    error.hidden = true;
    made.hidden = true;
    dialog.showModal();
    list().catch(fail);
  });
}
dialog.querySelector('[data-action="close"]').addEventListener('click', () => dialog.close());
dialog.querySelector('[data-action="make"]').addEventListener('click', async () => {
  error.hidden = true;
  try {
    const link = await send('POST', `/api/v1/maps/${mapId}/shares`, {
      access: form.elements.access.value, expiresInDays: Number(form.elements.expiresInDays.value),
    });
    url.value = link.url;
    made.hidden = false;
    await list();
  } catch (e) {
    fail(e);
  }
});
dialog.querySelector('[data-action="copy"]').addEventListener('click', async (event) => {
  try {
    await navigator.clipboard.writeText(url.value);
    event.target.textContent = 'Copied';
  } catch {
    url.select();
  }
});
