// Boots the editor page: sends edits a reload interrupted, loads the map (its chunks stream in) and its tilesets, and
// wires the model, the session, the view and the panels together. The only module that knows them all.

import { apiFetch } from '../sync/http.js';
import { History } from '../model/history.js';
import { InvalidOp } from '../model/ops.js';
import { TileMap } from '../model/tilemap.js';
import { Renderer } from '../render/renderer.js';
import { TilesetImages } from '../render/tilesets.js';
import { MAX_ZOOM, MIN_ZOOM, View } from '../render/view.js';
import { browserPacks, ChunkStream } from '../sync/chunks.js';
import { LiveSession } from '../sync/live.js';
import { OpQueue, restore } from '../sync/opqueue.js';
import { remapIds } from '../sync/pending.js';
import { restTransport } from '../sync/rest.js';
import { IndexedDbStore } from '../sync/store.js';
import { TilesetDialog } from './dialogs.js';
import { Editor } from './editor.js';
import { GridOverlay } from './grid.js';
import { HistoryPanel } from './changes.js';
import { ChecksPanel } from './checks.js';
import { RulesPanel } from './rules.js';
import { CompareOverlay } from './compare.js';
import '../pages/importer.js';
import { LayersPanel } from './layers.js';
import { Minimap } from './minimap.js';
import { Neighbours } from './neighbours.js';
import { AutoLayerMaker } from './autolayer.js';
import { ChecksEditor } from './checkedit.js';
import { ObjectList } from './objectlist.js';
import { ObjectTools } from './objects.js';
import { TemplatesPanel } from './templates.js';
import { Palette } from './palette.js';
import { PeoplePanel, personName } from './people.js';
import { PropertiesPanel } from './properties.js';
import { QueryTool } from './query.js';
import { ReviewPins } from './review.js';
import { ReviewPanel } from '../review/panel.js';
import { StatusBar } from './status.js';
import { Tools } from './tools.js';
import { TerrainTool } from './terrain.js';
import { WangSetEditor } from './wangsets.js';

const mapId = Number(document.body.dataset.mapId);
/** A viewer (or a share link) gets the editor to look: its edit tools hidden, every edit refused. */
const readOnly = document.body.dataset.mayEdit !== 'true';
/** Edits not acknowledged yet, kept across a reload (null where the browser has no IndexedDB: boot() says so). */
const pendingStore = globalThis.indexedDB ? new IndexedDbStore() : null;
const notice = document.querySelector('[data-testid="notice"]');
let noticeTimer = null;

function notify(text) {
  notice.textContent = text;
  notice.hidden = false;
  clearTimeout(noticeTimer);
  noticeTimer = setTimeout(() => {
    notice.hidden = true;
  }, 6000);
}

// anything that goes wrong shows, rather than leaving a canvas that silently stopped drawing
window.addEventListener('error', (e) => notify(`Something went wrong: ${e.message}. Reload the page; saved edits are on the server and unsaved ones are kept in this browser.`));
window.addEventListener('unhandledrejection', (e) => notify(`Something went wrong: ${e.reason?.message ?? e.reason}. Reload the page; saved edits are on the server and unsaved ones are kept in this browser.`));

/**
 * A new id per page load: its clientSeqs start at 1, so two tabs (or a reload) never reuse one another's numbers.
 * Edits left pending by an earlier page are sent by restore() under the id they were made with.
 */
function clientId() {
  return crypto.randomUUID?.() ?? `c-${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

/** The live session on the map's socket (or, with ?live=0, the REST queue). */
function openSession(map, version, transport) {
  if (new URLSearchParams(location.search).get('live') === '0') {
    return new OpQueue({ map, version, transport, clientId: clientId(), store: pendingStore });
  }
  const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/api/v1/maps/${mapId}/live`;
  const live = new LiveSession({
    map, version, clientId: clientId(), name: personName(), connect: () => new WebSocket(url),
    opsSince: async (since, upTo) => (await transport.opsSince(since, upTo)).filter((e) => e.version <= upTo),
    postOps: (body) => transport.postOps(body, '*'),
    store: pendingStore,
  }).start();
  window.addEventListener('online', () => live.retryNow());
  return live;
}

async function getJson(url) {
  const response = await apiFetch(url);
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return response.json();
}

const STRIP_CELLS = 1 << 20;

/**
 * The map now (its tile layers' cells are streamed: sync/chunks.js), or as it was at `version` (read-only, never
 * changes) with all its cells.
 */
async function loadMap(version = null) {
  const at = version === null ? '' : `version=${version}&`;
  const json = await getJson(`/api/v1/maps/${mapId}${version === null ? '' : `?version=${version}`}`);
  const map = new TileMap(json);
  const tiles = map.layers.filter((l) => l.type === 'tile');
  if (version !== null) {
    // a past version: in strips of at most STRIP_CELLS (the server answers at most max-cells-per-read at once)
    await Promise.all(tiles.map(async (layer) => {
      const rows = Math.max(1, Math.floor(STRIP_CELLS / layer.width));
      for (let top = 0; top < layer.height; top += rows) {
        const height = Math.min(rows, layer.height - top);
        const response = await apiFetch(`/api/v1/maps/${mapId}/layers/${layer.id}/cells?${at}x=0&y=${top}`
          + `&width=${layer.width}&height=${height}`, { headers: { Accept: 'application/octet-stream' } });
        if (!response.ok) throw new Error(`cells of layer ${layer.id}: ${response.status}`);
        layer.load(new Uint32Array(await response.arrayBuffer()), top);
      }
    }));
  }
  if (version !== null) return { map, version: json.version, propertyTypes: [] };
  const overrides = await getJson(`/api/v1/maps/${mapId}/grid/overrides`);
  for (const e of overrides.elements) map.gridOverrides.set(`${e.x},${e.y}`, e.sides);
  // the project's enums and classes, offered by the properties panel (none if they cannot be read)
  const types = await getJson(`/api/v1/projects/${json.projectId}/property-types`).catch(() => ({ propertyTypes: [] }));
  // its IntGrid values (names and colours for the IntGrid palette and canvas; none if they cannot be read)
  const rules = await getJson(`/api/v1/projects/${json.projectId}/rules`).catch(() => ({ values: [] }));
  return { map, version: json.version, propertyTypes: types.propertyTypes ?? [], intGridValues: rules.values ?? [],
    projectId: json.projectId };
}

async function boot() {
  const transport = restTransport(mapId);
  try {
    if (pendingStore === null) notify('This browser cannot keep unsaved edits across a reload (no IndexedDB).');
    const restored = await restore(pendingStore, mapId, transport, localStorage);
    if (restored.sent > 0) notify(`${restored.sent} edits from before the reload were saved.`);
    if (restored.refused.length > 0) notify(`${restored.refused.length} edits from before the reload no longer fit the map (others changed those places since): make them again.`);
    if (restored.lost > 0) notify(`${restored.lost} edits from before the reload were for a map that was deleted.`);
  } catch (e) {
    notify('Edits from before the reload are kept and will be sent when the server answers.');
  }
  const { map, version, propertyTypes, intGridValues = [], projectId } = await loadMap();
  const images = new TilesetImages();
  await loadNewTilesets(map, images, () => {});

  const session = openSession(map, version, transport);
  // the chunks around the view, fetched as it moves (from the first frame on: the renderer says what it shows)
  const stream = new ChunkStream({ map, session, fetchPack: browserPacks(mapId) });
  const history = new History((op) => {
    if (readOnly) throw new InvalidOp('read only');
    return session.perform(op);
  });
  const view = new View();
  const canvas = document.querySelector('[data-testid="map-canvas"]');
  const renderer = new Renderer(canvas, map, images, view);
  renderer.onSight = (sight) => stream.want(sight);
  for (const v of intGridValues) renderer.intGridColors.set(v.value, v.color);
  const editor = new Editor({ map, session, history, images, view, renderer, readOnly });
  editor.stream = stream;
  editor.intGridValues = intGridValues;
  const tools = new Tools(editor, canvas);
  tools.modes.grid = new GridOverlay(editor, document.querySelector('[data-testid="collision-grid"]'));
  tools.modes.query = new QueryTool(editor);
  const terrain = new TerrainTool(editor);
  tools.modes.terrain = terrain.brush();
  tools.modes['terrain-fill'] = terrain.fill();
  const objects = new ObjectTools(editor);
  for (const shape of ['select', 'rectangle', 'ellipse', 'capsule', 'point', 'polygon', 'polyline', 'text', 'tile', 'template']) {
    tools.modes[`object-${shape}`] = objects.mode(shape);
  }
  const objectPanel = document.querySelector('[data-testid="object-list-box"]');
  new ObjectList(editor, objects, objectPanel);
  const templates = new TemplatesPanel(editor, objects, objectPanel, { mapId, notify });
  templates.load().catch((e) => notify(`Templates: ${e.message}`));
  const snap = document.querySelector('[data-testid="object-snap"]');
  snap.addEventListener('change', () => {
    objects.snapToGrid = snap.checked;
  });
  new PropertiesPanel(editor, document.querySelector('[data-testid="properties"]'), propertyTypes);
  new Minimap(editor, document.querySelector('[data-testid="minimap"]'));
  // the maps around this one when a world places it, dimmed at its edges (a click opens one)
  new Neighbours(editor, canvas).load().catch((e) => notify(`The world around this map: ${e.message}`));
  new LayersPanel(editor, document.querySelector('.panel.left'));
  const palette = new Palette(editor, document.querySelector('.panel.right'));
  const wangSets = new WangSetEditor(editor, document.querySelector('[data-testid="wang-editor"]'), palette, notify);
  new StatusBar(editor, tools, document.querySelector('[data-testid="status-bar"]'));
  const compare = new CompareOverlay(editor, { bar: document.querySelector('[data-testid="compare"]'), mapId, notify });
  const changes = new HistoryPanel(editor, {
    list: document.querySelector('[data-testid="history"]'),
    more: document.querySelector('[data-testid="history-more"]'),
    banner: document.querySelector('[data-testid="viewing"]'),
    mapId,
    loadVersion: async (v) => (await loadMap(v)).map,
    notify,
    compare: (v) => compare.start(v),
  });
  changes.load().catch((e) => notify(`History: ${e.message}`));
  const review = openReview(editor, session, tools, notify);
  const rules = new RulesPanel(editor, document.querySelector('[data-testid="rules-panel"]'),
    { projectId, mapId, maintainer: document.body.dataset.maintainer === 'true' && !readOnly, notify });
  rules.load().catch((e) => notify(`Rules: ${e.message}`));
  const autoLayers = new AutoLayerMaker(editor, rules, document.querySelector('[data-testid="auto-layer-dialog"]'), { mapId, notify });
  document.querySelector('[data-action="add-auto-layer"]')?.addEventListener('click', () => autoLayers.open());
  const checks = new ChecksPanel(editor, { badge: document.querySelector('[data-testid="checks-badge"]'),
    list: document.querySelector('[data-testid="checks"]'), mapId, version: () => session.version });
  checks.load().catch(() => {});
  new ChecksEditor(editor, tools, document.querySelector('[data-testid="checks-editor"]'), { mapId, notify });
  session.listen((event) => {
    if (event.type === 'checks') checks.heard(event.frame);
  });
  if (session instanceof LiveSession) new PeoplePanel(editor, session, tools, document.querySelector('[data-testid="people"]'));
  const dialog = new TilesetDialog(editor, document.querySelector('[data-testid="tileset-dialog"]'), projectId, async (info) => {
    await images.load(info);
    palette.tilesetId = info.id;
  });

  editor.listen((what) => {
    if (what?.notice) notify(what.notice);
  });
  session.listen((event) => {
    if (event.type === 'remap') {
      history.rewrite((op) => remapIds(op, event.kind, event.from, event.to));
      editor.remap(event);
    }
    if (event.type === 'refused') notify(`The server refused an edit and it was taken back: ${event.problem?.detail ?? 'no reason given'}`);
    if (event.type === 'dropped') notify(`An edit no longer fits after others' changes and was taken back (${event.reason}); make it again on the map as it is now.`);
    if (event.type === 'remote') {
      renderer.requestDraw();
      loadNewTilesets(map, images, () => {
        palette.render();
        renderer.onChange({ kind: 'map' });
      });
    }
  });

  wireToolbar(editor, dialog, renderer);
  wireKeys(editor, tools, objects);
  new ResizeObserver(() => renderer.resize()).observe(canvas);
  renderer.resize();
  showAt(view, new URLSearchParams(location.search).get('at'));
  editor.setTool(readOnly ? 'picker' : 'brush');
  window.tilewright = { editor, renderer, session, stream, changes, compare, review, checks, rules, terrain, wangSets }; // for browser tests, the console
  // ready once what the view shows (and the margin around it) is in
  stream.want(view.visible());
  await stream.whenSettled();
  document.body.dataset.ready = 'true';
}

/**
 * The Review panel and the threads' pins with the Comment tool; threads others write arrive over the live socket
 * and are read again whenever it comes back (frames may have been missed meanwhile).
 */
function openReview(editor, session, tools, notify) {
  const page = document.body.dataset;
  let pins = null;
  const review = new ReviewPanel(document.querySelector('[data-testid="review"]'), {
    mapId,
    me: { account: page.account, name: page.userName ?? '' },
    mayComment: page.mayComment === 'true',
    maintainer: page.maintainer === 'true',
    askName: page.shareLink === 'true',
    onJump: (thread) => pins.jump(thread),
    onChange: () => editor.renderer.requestDraw(),
    notify,
  });
  pins = new ReviewPins(editor, review, () => session.version);
  tools.modes.comment = pins.mode();
  review.load().catch((e) => notify(`Review: ${e.message}`));
  let away = false;
  session.listen((event) => {
    if (event.type === 'thread') review.receive(event.frame);
    if (event.type !== 'state') return;
    const live = event.state === 'saved' || event.state === 'saving';
    if (live && away) review.load().catch(() => {});
    away = !live && event.state !== 'unkept';
  });
  return review;
}

/** Puts the view where {@code ?at=x,y,zoom} says (a neighbour of a world opened from another map keeps the view). */
function showAt(view, at) {
  const [x, y, zoom] = (at ?? '').split(',').map(Number);
  if (![x, y, zoom].every(Number.isFinite)) return;
  view.x = x;
  view.y = y;
  view.zoom = Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, zoom));
}

/** Loads the images of tilesets others added to the map, then calls back. */
async function loadNewTilesets(map, images, loaded) {
  const missing = map.tilesets.filter((t) => images.info(t.tilesetId) === null);
  if (missing.length === 0) return;
  await Promise.all(missing.map(async (t) => images.load(await getJson(`/api/v1/tilesets/${t.tilesetId}`))));
  loaded();
}

function wireToolbar(editor, dialog, renderer) {
  const buttons = [...document.querySelectorAll('[data-tool]')];
  const zoom = document.querySelector('[data-testid="zoom"]');
  const undo = document.querySelector('[data-action="undo"]');
  const redo = document.querySelector('[data-action="redo"]');
  const grid = document.querySelector('[data-testid="grid-lines"]');
  buttons.forEach((b) => b.addEventListener('click', () => editor.setTool(b.dataset.tool)));
  const actions = {
    'flip-x': () => editor.transformStamp('x'),
    'flip-y': () => editor.transformStamp('y'),
    rotate: () => editor.transformStamp('z'),
    undo: () => editor.undo(),
    redo: () => editor.redo(),
    'add-tileset': () => dialog.open(),
  };
  for (const [action, run] of Object.entries(actions)) {
    document.querySelectorAll(`[data-action="${action}"]`).forEach((b) => b.addEventListener('click', run));
  }
  grid.addEventListener('change', () => {
    renderer.gridLines = grid.checked;
    renderer.requestDraw();
  });
  const parallax = document.querySelector('[data-testid="parallax"]');
  parallax?.addEventListener('change', () => {
    renderer.parallax = parallax.checked;
    renderer.requestDraw();
  });
  renderer.currentLayer = () => editor.layer();
  const refresh = () => {
    buttons.forEach((b) => b.setAttribute('aria-pressed', String(b.dataset.tool === editor.tool)));
    zoom.textContent = `${Math.round(editor.view.zoom * 100)}%`;
    undo.disabled = !editor.history.canUndo();
    redo.disabled = !editor.history.canRedo();
  };
  editor.listen(refresh);
  editor.session.listen(refresh);
  refresh();
}

const TOOL_KEYS = {
  b: 'brush', e: 'eraser', r: 'rect', f: 'fill', i: 'picker', m: 'select', g: 'grid', q: 'query',
  k: 'comment', t: 'terrain', s: 'object-select', o: 'object-rectangle', c: 'object-ellipse', u: 'object-capsule',
  n: 'object-point', p: 'object-polygon', l: 'object-polyline', w: 'object-text', a: 'object-tile',
};

// Tiled's keys for an object's place in its layer's drawing order, and arrows to nudge (shift: by a tile)
const ARRANGE = { PageUp: 'raise', PageDown: 'lower', Home: 'front', End: 'back' };
const NUDGE = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

function wireKeys(editor, tools, objects) {
  window.addEventListener('keydown', (e) => {
    if (e.target instanceof HTMLInputElement || e.target instanceof HTMLSelectElement
      || e.target instanceof HTMLTextAreaElement || document.querySelector('dialog[open]')) return;
    const key = e.key.toLowerCase();
    const ctrl = e.ctrlKey || e.metaKey;
    if (ctrl && key === 'z') {
      if (e.shiftKey) editor.redo(); else editor.undo();
    } else if (ctrl && key === 'y') {
      editor.redo();
    } else if (ctrl && key === 'c') {
      editor.copySelection(false);
    } else if (ctrl && key === 'x') {
      editor.copySelection(true);
    } else if (ctrl && key === 'v') {
      editor.paste();
    } else if (ctrl && key === 'd') {
      objects.duplicate();
    } else if (ctrl && (key === '=' || key === '+' || key === '-')) {
      editor.view.zoomAt(editor.view.width / 2, editor.view.height / 2, key === '-' ? 1 / 1.25 : 1.25);
      editor.emit('view');
    } else if (ctrl) {
      return;
    } else if (key === 'delete' || key === 'backspace') {
      if (!objects.removeSelected()) editor.eraseSelection();
    } else if (key === 'enter' && objects.path) {
      objects.finishPath();
    } else if (key === 'escape') {
      if (objects.path) objects.cancelPath(); else editor.selectObject(null);
      editor.setSelection(null);
    } else if (ARRANGE[e.key] && editor.selectedObjects.length > 0) {
      objects.arrange(ARRANGE[e.key]);
    } else if (NUDGE[e.key] && editor.selectedObjects.length > 0 && editor.tool.startsWith('object-')) {
      const [dx, dy] = NUDGE[e.key];
      const step = e.shiftKey ? [editor.map.tileWidth, editor.map.tileHeight] : [1, 1];
      objects.nudge(dx * step[0], dy * step[1]);
    } else if (key === ' ') {
      tools.spaceHeld = true;
    } else if (TOOL_KEYS[key]) {
      editor.setTool(TOOL_KEYS[key]);
    } else if (key === 'x' || key === 'y' || key === 'z') {
      editor.transformStamp(key);
    } else {
      return;
    }
    e.preventDefault();
  });
  window.addEventListener('keyup', (e) => {
    if (e.key === ' ') tools.spaceHeld = false;
  });
}

boot().catch((e) => {
  notify(`The editor could not start: ${e.message}`);
  document.querySelector('[data-testid="save-state"]').textContent = 'not loaded';
  throw e;
});
