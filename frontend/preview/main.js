// Reviewer preview: view windows scrolling over a server-rendered map.
// Each view shows a region rendered at 1x around it (three view sizes wide and high, clamped to the map) and
// moves it with CSS, so scrolling is smooth; a new region is fetched before the view reaches the old one's edge.
// Zoom scales the region with crisp pixels. The address bar holds size, zoom, split, layers and every view.
// With Parallax, what a layer shows depends on where the camera is, so each view fetches exactly its window as it
// moves (the last image stays until the next arrives).
// A world's page (main[data-world]) scrolls across its maps the same way: the world's bounding rectangle is the
// "map" (views in pixels from its top-left corner), drawn by the world's render.png; layers, collision, parallax and
// tours are a map's.
// The arithmetic is viewport.js's (tested in node); this module is the page.

import { PreviewCompare } from './compare.js';
import { PreviewReview } from './review.js';
import { addTourPoint, clampAxis, covers, parseSize, parseViews, regionAround, tourUrl, viewQuery } from './viewport.js';

const main = document.querySelector('main[data-map], main[data-world]');
const mapId = main.dataset.map;
const worldId = main.dataset.world;
const origin = { x: Number(main.dataset.originX ?? 0), y: Number(main.dataset.originY ?? 0) };
const mapWidth = Number(main.dataset.width);
const mapHeight = Number(main.dataset.height);
const viewsBox = main.querySelector('[data-testid="views"]');
const sizeSelect = main.querySelector('[data-testid="view-size"]');
const scaleSelect = main.querySelector('[data-testid="scale"]');
const splitSelect = main.querySelector('[data-testid="split"]');
const layerBoxes = [...main.querySelectorAll('[data-testid="layers"] input')];
const gridBox = main.querySelector('[data-testid="gridlines"]');
const collisionBox = main.querySelector('[data-testid="collision"]');
const parallaxBox = main.querySelector('[data-testid="parallax"]');
const SPEED = 360; // map pixels per second while a key is held; Shift triples it

const params = new URLSearchParams(location.search);
const state = {
  size: parseSize(params.get('size')) ?? parseSize(sizeSelect.value),
  scale: [1, 2, 4].includes(Number(params.get('scale'))) ? Number(params.get('scale')) : 1,
  views: parseViews(params.get('v')),
  active: 0,
};
gridBox.checked = params.get('grid') === '1';
if (collisionBox) collisionBox.checked = params.get('collision') === '1';
if (parallaxBox) parallaxBox.checked = params.get('parallax') === '1';
if (params.has('layers')) {
  const chosen = new Set(params.get('layers').split(',').filter(Boolean));
  layerBoxes.forEach((box) => { box.checked = chosen.has(box.value); });
}
sizeSelect.value = `${state.size.width}x${state.size.height}`;
scaleSelect.value = String(state.scale);
splitSelect.value = String(state.views.length);

function layerQuery() {
  const all = layerBoxes.every((box) => box.checked === box.defaultChecked);
  const layers = all ? '' : `&layers=${encodeURIComponent(layerBoxes.filter((b) => b.checked).map((b) => b.value).join(','))}`;
  return layers + (gridBox.checked ? '&gridlines=true' : '') + (collisionBox?.checked ? '&grid=true' : '')
    + (parallaxBox?.checked ? '&parallax=true' : '') + (compare?.query() ?? '');
}

/** The image of a region (x, y from the map's, or the world's, top-left corner). */
function renderUrl(region) {
  const comparing = compare?.url(region);
  if (comparing) return comparing;
  return worldId
    ? `/api/v1/worlds/${worldId}/render.png?x=${region.x + origin.x}&y=${region.y + origin.y}&width=${region.width}`
      + `&height=${region.height}${region.layers}`
    : `/api/v1/maps/${mapId}/render.png?x=${region.x}&y=${region.y}&width=${region.width}`
      + `&height=${region.height}${region.layers}`;
}

class View {
  constructor(position) {
    this.x = position.x;
    this.y = position.y;
    this.region = null;
    this.wanted = null;
    this.el = document.createElement('div');
    this.el.className = 'view';
    this.el.dataset.testid = 'view';
    this.img = document.createElement('img');
    this.img.alt = '';
    this.where = document.createElement('span');
    this.where.className = 'where';
    this.el.append(this.img, this.where);
    this.el.addEventListener('pointerdown', (event) => {
      if (!review?.pointerDown(this, event)) this.startDrag(event);
    });
  }

  startDrag(event) {
    activate(views.indexOf(this));
    this.el.setPointerCapture(event.pointerId);
    let last = { x: event.clientX, y: event.clientY };
    const move = (e) => {
      this.moveBy(-(e.clientX - last.x) / state.scale, -(e.clientY - last.y) / state.scale);
      last = { x: e.clientX, y: e.clientY };
    };
    const stop = () => {
      this.el.removeEventListener('pointermove', move);
      this.el.removeEventListener('pointerup', stop);
      this.el.style.cursor = '';
    };
    this.el.style.cursor = 'grabbing';
    this.el.addEventListener('pointermove', move);
    this.el.addEventListener('pointerup', stop);
  }

  moveBy(dx, dy) {
    this.x += dx;
    this.y += dy;
    this.show();
  }

  show() {
    const { width, height } = state.size;
    this.x = clampAxis(this.x, width, mapWidth);
    this.y = clampAxis(this.y, height, mapHeight);
    this.el.style.width = `${Math.min(width, mapWidth) * state.scale}px`;
    this.el.style.height = `${Math.min(height, mapHeight) * state.scale}px`;
    this.el.dataset.x = String(this.x);
    this.el.dataset.y = String(this.y);
    this.where.textContent = `${this.x + origin.x}, ${this.y + origin.y}`;
    this.fetchIfNeeded();
    if (this.region) {
      this.img.style.width = `${this.region.width * state.scale}px`;
      this.img.style.transform =
        `translate(${-(this.x - this.region.x) * state.scale}px, ${-(this.y - this.region.y) * state.scale}px)`;
    }
    review?.place(this);
    scheduleUrl();
  }

  fetchIfNeeded(force = false) {
    const map = { width: mapWidth, height: mapHeight };
    const exact = parallaxBox?.checked ?? false;
    const inside = this.region && this.region.layers === layerQuery() && (exact
      ? this.region.x === this.x && this.region.y === this.y : covers(this.region, this, state.size, map));
    if (inside && !force) {
      return;
    }
    const wanted = exact
      ? { x: this.x, y: this.y, width: Math.min(state.size.width, mapWidth), height: Math.min(state.size.height, mapHeight),
        layers: layerQuery() }
      : { ...regionAround(this, state.size, map), layers: layerQuery() };
    const key = JSON.stringify(wanted);
    if (this.wanted === key || (exact && this.inFlight)) {
      return; // with parallax, one window at a time: the next is fetched when this one arrives
    }
    this.wanted = key;
    if (layerBoxes.length && layerBoxes.every((box) => !box.checked)) {
      this.img.removeAttribute('src');
      this.region = wanted;
      return;
    }
    const image = new Image();
    this.inFlight = true;
    image.onerror = () => {
      // refused (the server busy drawing: 503) or lost: ask again in a moment rather than keep the old region
      this.inFlight = false;
      if (this.wanted !== key) return;
      this.wanted = null;
      setTimeout(() => this.fetchIfNeeded(), RETRY_MS);
    };
    image.onload = () => {
      this.inFlight = false;
      if (this.wanted !== key) {
        return;
      }
      this.img.src = image.src;
      this.region = wanted;
      this.el.dataset.loaded = String(Number(this.el.dataset.loaded ?? 0) + 1);
      this.show();
    };
    image.src = renderUrl(wanted);
  }
}

/** Pause before a region the server did not draw is asked for again. */
const RETRY_MS = 1000;

let views = [];

function build() {
  viewsBox.replaceChildren();
  views = state.views.map((position) => new View(position));
  views.forEach((view) => viewsBox.append(view.el));
  activate(Math.min(state.active, views.length - 1));
  views.forEach((view) => view.show());
}

function activate(index) {
  state.active = index;
  views.forEach((view, i) => view.el.classList.toggle('active', i === index));
}

let urlTimer = null;
function scheduleUrl() {
  if (urlTimer) {
    return;
  }
  urlTimer = setTimeout(() => {
    urlTimer = null;
    const layers = layerBoxes.every((box) => box.checked === box.defaultChecked) ? null
      : layerBoxes.filter((b) => b.checked).map((b) => b.value);
    const query = viewQuery({ size: state.size, scale: state.scale, views, layers, grid: gridBox.checked,
      collision: collisionBox?.checked ?? false, parallax: parallaxBox?.checked ?? false });
    history.replaceState(null, '', `?${query}`);
  }, 150);
}

const held = new Set();
const KEYS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1],
  a: [-1, 0], d: [1, 0], w: [0, -1], s: [0, 1], A: [-1, 0], D: [1, 0], W: [0, -1], S: [0, 1] };
let lastFrame = null;

function step(time) {
  const view = views[state.active];
  if (!held.size || !view) {
    lastFrame = null;
    return;
  }
  const seconds = lastFrame === null ? 1 / 60 : Math.min(0.1, (time - lastFrame) / 1000);
  lastFrame = time;
  let dx = 0;
  let dy = 0;
  held.forEach((key) => {
    dx += KEYS[key][0];
    dy += KEYS[key][1];
  });
  const speed = SPEED * (shift ? 3 : 1) * seconds;
  view.moveBy(dx * speed, dy * speed);
  requestAnimationFrame(step);
}

let shift = false;
document.addEventListener('keydown', (event) => {
  shift = event.shiftKey;
  // typing (a comment, a name) is not scrolling
  const typing = event.target instanceof HTMLTextAreaElement
    || (event.target instanceof HTMLInputElement && !['checkbox', 'radio', 'button'].includes(event.target.type));
  if (!(event.key in KEYS) || event.target instanceof HTMLSelectElement || typing) {
    return;
  }
  event.preventDefault();
  if (!held.size) {
    requestAnimationFrame(step);
  }
  held.add(event.key);
});
document.addEventListener('keyup', (event) => {
  shift = event.shiftKey;
  held.delete(event.key);
});
window.addEventListener('blur', () => held.clear());

sizeSelect.addEventListener('change', () => {
  state.size = parseSize(sizeSelect.value);
  views.forEach((view) => view.show());
});
scaleSelect.addEventListener('change', () => {
  state.scale = Number(scaleSelect.value);
  views.forEach((view) => view.show());
});
splitSelect.addEventListener('change', () => {
  const count = Number(splitSelect.value);
  state.views = views.map((view) => ({ x: view.x, y: view.y }));
  while (state.views.length < count) {
    const last = state.views[state.views.length - 1];
    state.views.push({ x: last.x + state.size.width, y: last.y });
  }
  state.views.length = count;
  build();
});
[...layerBoxes, gridBox, collisionBox, parallaxBox].filter(Boolean).forEach((box) => box.addEventListener('change', () => views.forEach((view) => view.show())));

// Tour recording: the active view's centre is sampled while it moves; stopping turns the path into a GIF.
const recordButton = main.querySelector('[data-testid="record"]');
const tourBox = main.querySelector('[data-testid="tour"]');
let recording = null;

function sample() {
  const view = views[state.active];
  addTourPoint(recording.points, [Math.round(view.x + state.size.width / 2), Math.round(view.y + state.size.height / 2)]);
}

recordButton?.addEventListener('click', () => {
  if (!recording) {
    recording = { points: [] };
    sample();
    recording.timer = setInterval(sample, 100);
    recordButton.textContent = 'Stop and make GIF';
    recordButton.classList.add('primary');
    return;
  }
  clearInterval(recording.timer);
  sample();
  const points = recording.points;
  recording = null;
  recordButton.textContent = 'Record tour';
  recordButton.classList.remove('primary');
  const width = Math.min(state.size.width, mapWidth);
  const height = Math.min(state.size.height, mapHeight);
  const url = tourUrl(mapId, points, width, height);
  tourBox.hidden = false;
  const link = tourBox.querySelector('[data-testid="tour-link"]');
  link.href = url;
  link.textContent = new URL(url, location.href).href;
  tourBox.querySelector('[data-testid="tour-image"]').src = url;
});

// Review threads (a map's page, not a world's): pins on the views, the panel beside them, live over a socket.
const notice = main.querySelector('[data-field="review-notice"]');
/** Centres the active view on a map pixel (a thread's pin, a place that changed). */
function centre(x, y) {
  const view = views[state.active];
  view.x = x - state.size.width / 2;
  view.y = y - state.size.height / 2;
  view.show();
}

function notify(text) {
  notice.textContent = text;
  notice.hidden = false;
}

const review = mapId && main.querySelector('[data-testid="review"]') ? new PreviewReview(main, {
  scale: () => state.scale,
  views: () => views,
  map: { width: mapWidth, height: mapHeight },
  version: Number(main.dataset.version),
  centre,
  notify,
}) : null;
const compareBar = main.querySelector('[data-testid="compare-bar"]');
const compare = mapId && compareBar ? new PreviewCompare(compareBar, {
  mapId,
  tileWidth: Number(main.dataset.tileWidth),
  tileHeight: Number(main.dataset.tileHeight),
  centre,
  refresh: () => views.forEach((view) => view.show()),
  notify,
}) : null;
window.tilewright = { review, compare };

build();
