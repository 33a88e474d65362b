// The "New map" dialog of the maps and project pages: offers the project's tilesets (ticked ones join the map), checks
// the sizes before sending, creates the map with one tile layer (POST /api/v1/maps), shows the server's problem detail
// when it refuses, and opens the new map in the editor.

import { apiFetch } from '../sync/http.js';

const dialog = document.querySelector('[data-testid="new-map-dialog"]');
const form = dialog.querySelector('form');
const error = dialog.querySelector('[data-testid="dialog-error"]');

// on a project's page the map is made in that project; elsewhere in the caller's default project
const trigger = document.querySelector('[data-testid="new-map"]');
const choice = dialog.querySelector('[data-new-map-tilesets]');
const projectOf = () => trigger?.dataset.projectId || form.elements.project?.value || null;

trigger?.addEventListener('click', () => {
  form.reset();
  error.hidden = true;
  dialog.showModal();
  offerTilesets();
});
form.elements.project?.addEventListener('change', offerTilesets);

/** The chosen project's tilesets as boxes to tick, each with its image and tile size. */
async function offerTilesets() {
  const box = choice.querySelector('[data-testid="new-map-tilesets"]');
  box.replaceChildren();
  choice.hidden = true;
  const project = projectOf();
  if (!project) return;
  const response = await apiFetch(`/api/v1/tilesets?projectId=${project}`).catch(() => null);
  if (!response?.ok) return;
  const tilesets = await response.json();
  box.replaceChildren(...tilesets.map((t) => {
    const label = document.createElement('label');
    label.className = 'check';
    const tick = document.createElement('input');
    tick.type = 'checkbox';
    tick.name = 'tileset';
    tick.value = String(t.id);
    tick.dataset.tileWidth = t.tileWidth;
    tick.dataset.tileHeight = t.tileHeight;
    // the first tileset ticked gives the map its tile size, as Tiled's new map takes it from the tileset
    tick.addEventListener('change', () => {
      if (tick.checked && form.querySelectorAll('input[name="tileset"]:checked').length === 1) {
        form.elements.tileWidth.value = t.tileWidth;
        form.elements.tileHeight.value = t.tileHeight;
      }
    });
    const image = document.createElement('img');
    image.alt = '';
    image.loading = 'lazy';
    const shown = t.image ?? t.tiles?.find((tile) => tile.image)?.image;
    if (shown) image.src = shown;
    label.append(tick, image, ` ${t.name} (${t.tileWidth}×${t.tileHeight} px)`);
    return label;
  }));
  choice.hidden = tilesets.length === 0;
}
dialog.querySelector('[data-action="cancel"]').addEventListener('click', () => dialog.close());

// the stagger settings are asked only of staggered and hexagonal maps, the side length only of hexagonal ones, the
// skews only of oblique ones
function showOrientation() {
  const kind = form.elements.orientation.value;
  for (const part of form.querySelectorAll('[data-stagger]')) part.hidden = kind !== 'staggered' && kind !== 'hexagonal';
  for (const part of form.querySelectorAll('[data-hex]')) part.hidden = kind !== 'hexagonal';
  for (const part of form.querySelectorAll('[data-skew]')) part.hidden = kind !== 'oblique';
}
form.elements.orientation.addEventListener('change', showOrientation);
showOrientation();

function problem() {
  const f = form.elements;
  if (!f.name.value.trim()) return 'Give the map a name.';
  if ((f.orientation.value === 'staggered' || f.orientation.value === 'hexagonal')
    && (Number(f.tileWidth.value) < 2 || Number(f.tileHeight.value) < 2)) {
    return 'A staggered or hexagonal map\'s tiles are 2x2 px at least.';
  }
  if (f.orientation.value === 'hexagonal') {
    const side = Number(f.hexSideLength.value);
    const across = Number(f.staggerAxis.value === 'x' ? f.tileWidth.value : f.tileHeight.value);
    if (!Number.isInteger(side) || side < 0 || side > across) {
      return `Side length must be a whole number from 0 to the tile's ${f.staggerAxis.value === 'x' ? 'width' : 'height'} (${across}).`;
    }
  }
  if (f.orientation.value === 'oblique') {
    const skewX = Number(f.skewX.value);
    const skewY = Number(f.skewY.value);
    if (!Number.isInteger(skewX) || !Number.isInteger(skewY) || Math.abs(skewX) > 4096 || Math.abs(skewY) > 4096) {
      return 'Skews must be whole numbers from -4096 to 4096.';
    }
    if (skewX * skewY >= Number(f.tileWidth.value) * Number(f.tileHeight.value)) {
      return 'Skew x times skew y must stay below tile width times tile height (else the cells are flat).';
    }
  }
  const checks = [['width', 'Width', 65536], ['height', 'Height', 65536], ['tileWidth', 'Tile width', 4096], ['tileHeight', 'Tile height', 4096]];
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
    orientation: f.orientation.value,
  };
  if (body.orientation === 'staggered' || body.orientation === 'hexagonal') {
    body.staggerAxis = f.staggerAxis.value;
    body.staggerIndex = f.staggerIndex.value;
  }
  if (body.orientation === 'hexagonal') body.hexSideLength = Number(f.hexSideLength.value);
  if (body.orientation === 'oblique') {
    body.skewX = Number(f.skewX.value);
    body.skewY = Number(f.skewY.value);
  }
  if (projectOf()) body.projectId = Number(projectOf());
  const ticked = [...form.querySelectorAll('input[name="tileset"]:checked')].map((t) => ({ tilesetId: Number(t.value) }));
  if (ticked.length > 0) body.tilesets = ticked;
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
