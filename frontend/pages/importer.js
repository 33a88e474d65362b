// Import from the menu: a Tiled map and the files it references (tilesets, images, templates) chosen together;
// POST /api/v1/maps/import, then the new map opens in the editor. The server's problem is shown when it refuses.

import { apiFetch } from '../sync/http.js';

export function wireImport(input, notify) {
  input.addEventListener('change', async () => {
    const files = [...input.files];
    if (files.length === 0) return;
    if (!files.some((f) => /\.(tmx|tmj|json)$/i.test(f.name))) {
      notify('Choose the map (.tmx or .tmj) together with its tilesets and images.');
      return;
    }
    const body = new FormData();
    for (const file of files) body.append('files', file, file.name);
    let response;
    try {
      response = await apiFetch('/api/v1/maps/import', { method: 'POST', body });
    } catch (e) {
      notify('The server cannot be reached; try again when online.');
      return;
    }
    const json = await response.json().catch(() => null);
    if (!response.ok) {
      notify(`Not imported: ${json?.detail ?? response.status}`);
      input.value = '';
      return;
    }
    location.assign(`/maps/${json.id}/edit`);
  });
}
