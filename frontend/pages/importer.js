// The Import dialog of the maps page, a project's page and the editor: a Tiled map with the files it references,
// chosen as files, as a folder (each file sent by its path inside the folder, so a map naming ../tiles.png finds it)
// or as a zip, into one project (POST /api/v1/maps/import?projectId=). Choosing sends at once; when the upload holds
// several maps the server lists them and the dialog asks which; when a referenced file is missing it asks for that
// file and sends it at the path the map names. The new map opens in the editor. An LDtk project (.ldtk with its .ldtkl
// level files and atlases) goes to POST /api/v1/ldtk/import instead and becomes a world of maps, one per level; its
// first level opens.

import { apiFetch } from '../sync/http.js';

// what a Tiled project folder holds that an import reads; the rest of a folder is not sent
const READ = /\.(tmx|tmj|json|tsx|tsj|tx|tj|png|gif|jpe?g|bmp|webp|world|tiled-project|txt|xml|zip|ldtk|ldtkl)(\.gz)?$/i;

const dialog = document.querySelector('[data-testid="import-dialog"]');
if (dialog) wire(dialog);

function wire(root) {
  const form = root.querySelector('form');
  const error = root.querySelector('[data-testid="dialog-error"]');
  const chosen = root.querySelector('[data-testid="import-chosen"]');
  const choice = root.querySelector('[data-choose-map]');
  const maps = root.querySelector('[data-testid="import-map"]');
  const missing = root.querySelector('[data-missing]');
  /** @type {{path: string, file: File}[]} what will be sent, each file at its path in the upload */
  let files = [];
  let missingPath = null;

  const show = (message) => {
    error.hidden = message === null;
    error.textContent = message ?? '';
    if (message !== null && !root.open) root.showModal();
  };
  const reset = () => {
    files = [];
    missingPath = null;
    choice.hidden = true;
    missing.hidden = true;
    maps.replaceChildren();
    chosen.textContent = '';
    show(null);
  };
  document.querySelectorAll('[data-import-open]').forEach((button) => button.addEventListener('click', () => {
    form.reset();
    reset();
    root.showModal();
  }));
  root.querySelector('[data-action="cancel"]').addEventListener('click', () => root.close());

  for (const input of root.querySelectorAll('input[data-source]')) {
    input.addEventListener('change', () => {
      const picked = [...input.files];
      if (picked.length === 0) return;
      reset();
      const folder = input.dataset.source === 'folder';
      files = picked.filter((f) => !folder || READ.test(f.name))
        .map((file) => ({ path: (folder && file.webkitRelativePath) || file.name, file }));
      const bytes = files.reduce((sum, f) => sum + f.file.size, 0);
      chosen.textContent = `${files.length} file${files.length === 1 ? '' : 's'} (${(bytes / 1024).toFixed(0)} KiB)`
        + (folder && files.length < picked.length ? `; ${picked.length - files.length} other file${picked.length - files.length === 1 ? '' : 's'} of the folder left out (not read by an import)` : '');
      input.value = '';
      send();
    });
  }
  root.querySelector('[data-testid="import-missing"]').addEventListener('change', (e) => {
    const file = e.target.files[0];
    if (!file || missingPath === null) return;
    files.push({ path: missingPath, file });
    missing.hidden = true;
    send();
  });
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    if (files.length === 0) show('Choose the map’s files, its folder or a zip first.');
    else send();
  });

  async function send() {
    const projectId = root.dataset.projectId || form.elements.project?.value;
    const query = new URLSearchParams();
    if (projectId) query.set('projectId', projectId);
    if (!choice.hidden && maps.value) query.set('map', maps.value);
    const body = new FormData();
    for (const { path, file } of files) body.append('files', file, path);
    show(null);
    chosen.dataset.state = 'sending';
    let response;
    try {
      const ldtk = files.some(({ path }) => /\.ldtk$/i.test(path));
      response = await apiFetch(`/api/v1/${ldtk ? 'ldtk' : 'maps'}/import?${query}`, { method: 'POST', body });
    } catch (e) {
      show('The server cannot be reached; try again when online.');
      return;
    } finally {
      delete chosen.dataset.state;
    }
    const json = await response.json().catch(() => null);
    if (response.ok) {
      location.assign(`/maps/${json.maps ? json.maps[0].mapId : json.id}/edit`);
      return;
    }
    if (response.status === 422 && Array.isArray(json?.maps) && json.field === 'map') {
      maps.replaceChildren(...json.maps.map((path) => new Option(path, path)));
      choice.hidden = false;
      chosen.textContent = `${json.maps.length} maps are in what you chose: pick one and press Import.`;
      return;
    }
    if (response.status === 422 && json?.missing) {
      missingPath = json.missing;
      missing.hidden = false;
      missing.querySelector('[data-missing-text]').textContent =
        `${json.file} needs ${json.missing.split('/').pop()}: choose that file`;
      show(`${json.detail} Choose it below, or the folder that holds both.`);
      return;
    }
    show(`Not imported: ${json?.detail ?? `the server answered ${response.status}`}`
      + (json?.limit ? ` (limit ${json.limit})` : ''));
  }
}
