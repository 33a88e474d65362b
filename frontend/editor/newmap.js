// The "New map" dialog of the maps and project pages: checks the sizes before sending, creates the map with one tile layer
// (POST /api/v1/maps), shows the server's problem detail when it refuses, and opens the new map in the editor.

import { apiFetch } from '../sync/http.js';

const dialog = document.querySelector('[data-testid="new-map-dialog"]');
const form = dialog.querySelector('form');
const error = dialog.querySelector('[data-testid="dialog-error"]');

// on a project's page the map is made in that project; elsewhere in the caller's default project
const trigger = document.querySelector('[data-testid="new-map"]');
trigger?.addEventListener('click', () => {
  form.reset();
  error.hidden = true;
  dialog.showModal();
});
dialog.querySelector('[data-action="cancel"]').addEventListener('click', () => dialog.close());

function problem() {
  const f = form.elements;
  if (!f.name.value.trim()) return 'Give the map a name.';
  const checks = [['width', 'Width', 8192], ['height', 'Height', 8192], ['tileWidth', 'Tile width', 4096], ['tileHeight', 'Tile height', 4096]];
  for (const [field, label, max] of checks) {
    const value = Number(f[field].value);
    if (!Number.isInteger(value) || value < 1 || value > max) return `${label} must be a whole number from 1 to ${max}.`;
  }
  return null;
}

form.addEventListener('submit', async (e) => {
  e.preventDefault();
  const wrong = problem();
  error.hidden = wrong === null;
  error.textContent = wrong ?? '';
  if (wrong) return;
  const f = form.elements;
  const body = {
    name: f.name.value.trim(),
    width: Number(f.width.value),
    height: Number(f.height.value),
    tileWidth: Number(f.tileWidth.value),
    tileHeight: Number(f.tileHeight.value),
    layers: [{ name: 'Tile Layer 1', type: 'tile' }],
  };
  if (trigger?.dataset.projectId) body.projectId = Number(trigger.dataset.projectId);
  let response;
  try {
    response = await apiFetch('/api/v1/maps', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  } catch (err) {
    error.hidden = false;
    error.textContent = 'The server cannot be reached; try again when online.';
    return;
  }
  const json = await response.json().catch(() => null);
  if (!response.ok) {
    error.hidden = false;
    error.textContent = `${json?.title ?? response.status}: ${json?.detail ?? 'the server refused the map'}`;
    return;
  }
  location.assign(`/maps/${json.id}/edit`);
});
