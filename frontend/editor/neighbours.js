// A map placed in a world shows the maps around it, dimmed, where the world puts them (Tiled's world view): pieces of
// the world within MARGIN map pixels of the map's edges, drawn by the server (GET /api/v1/worlds/{id}/render.png)
// and fetched as they come into sight. A click on a neighbour opens it in the editor, the view kept where it was.
// The arithmetic (which pieces, whose map is where) is pure and tested in node; the class wires it to the page.

import { apiFetch } from '../sync/http.js';

export const MARGIN = 512;
const PIECE = 1024;
const DIMMED = 0.45;
const AT_ONCE = 4;

/**
 * The pieces of the frame MARGIN deep around a map of width x height (map pixels, the map at 0,0), each at most
 * PIECE long, keeping those that overlap a neighbour: {x, y, width, height} in map pixels.
 * @param {{width:number, height:number}} me @param {{x:number, y:number, width:number, height:number}[]} others
 */
export function framePieces(me, others, margin = MARGIN, piece = PIECE) {
  const bands = [
    { x: -margin, y: -margin, width: me.width + 2 * margin, height: margin },
    { x: -margin, y: me.height, width: me.width + 2 * margin, height: margin },
    { x: -margin, y: 0, width: margin, height: me.height },
    { x: me.width, y: 0, width: margin, height: me.height },
  ];
  const pieces = [];
  for (const band of bands) {
    for (let y = band.y; y < band.y + band.height; y += piece) {
      for (let x = band.x; x < band.x + band.width; x += piece) {
        const cut = { x, y, width: Math.min(piece, band.x + band.width - x), height: Math.min(piece, band.y + band.height - y) };
        if (others.some((o) => overlaps(cut, o))) pieces.push(cut);
      }
    }
  }
  return pieces;
}

/** Whether two rectangles share any pixel. */
export function overlaps(a, b) {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/**
 * The world's other maps relative to one of them (that map at 0,0), those within the margin of its edges.
 * @param {{maps: {mapId:number, name:string, x:number, y:number, width:number, height:number}[]}} world
 */
export function neighboursOf(world, mapId, margin = MARGIN) {
  const me = world.maps.find((m) => m.mapId === mapId);
  if (!me) return { me: null, others: [] };
  const around = { x: -margin, y: -margin, width: me.width + 2 * margin, height: me.height + 2 * margin };
  const others = world.maps.filter((m) => m.mapId !== mapId)
    .map((m) => ({ mapId: m.mapId, name: m.name, x: m.x - me.x, y: m.y - me.y, width: m.width, height: m.height }))
    .filter((m) => overlaps(m, around));
  return { me, others };
}

/** The neighbour under a map point that is not on the map itself, or null. */
export function neighbourAt(point, me, others) {
  if (point.x >= 0 && point.y >= 0 && point.x < me.width && point.y < me.height) return null;
  return others.findLast((o) => point.x >= o.x && point.y >= o.y && point.x < o.x + o.width && point.y < o.y + o.height)
    ?? null;
}

export class Neighbours {
  /** @param {import('./editor.js').Editor} editor @param {HTMLCanvasElement} canvas */
  constructor(editor, canvas) {
    this.editor = editor;
    this.canvas = canvas;
    this.world = null;
    this.me = null;
    this.others = [];
    this.pieces = [];
    this.loading = 0;
    this.downAt = null;
    editor.renderer.mapOverlays.unshift((ctx, view) => this.draw(ctx, view));
    canvas.addEventListener('pointerdown', (e) => { this.downAt = { x: e.clientX, y: e.clientY }; });
    canvas.addEventListener('click', (e) => this.click(e));
    canvas.addEventListener('pointermove', (e) => this.hover(e));
  }

  /** Finds the first world placing the map; without one nothing is shown. */
  async load() {
    const mapId = this.editor.map.id;
    const listed = await apiFetch(`/api/v1/worlds?mapId=${mapId}`);
    if (!listed.ok) return;
    const worlds = await listed.json();
    if (!worlds.length) return;
    const answer = await apiFetch(`/api/v1/worlds/${worlds[0].id}`);
    if (!answer.ok) return;
    this.world = await answer.json();
    const { me, others } = neighboursOf(this.world, mapId);
    this.me = me;
    this.others = others;
    this.pieces = me ? framePieces(me, others).map((rect) => ({ ...rect, image: null, asked: false })) : [];
    this.canvas.dataset.neighbours = String(others.length);
    this.editor.renderer.requestDraw();
  }

  draw(ctx, view) {
    if (!this.me || !this.others.length) return;
    const sight = view.visible();
    ctx.save();
    ctx.globalAlpha = DIMMED;
    for (const piece of this.pieces) {
      if (!overlaps(piece, sight)) continue;
      if (piece.image) ctx.drawImage(piece.image, piece.x, piece.y, piece.width, piece.height);
      else this.fetchPiece(piece);
    }
    ctx.globalAlpha = 1;
    ctx.fillStyle = '#e8eaed';
    ctx.font = `${Math.round(13 / view.zoom)}px system-ui, sans-serif`;
    for (const other of this.others) {
      if (!overlaps(other, sight)) continue;
      // the name where the neighbour meets the map's frame, readable at any zoom
      const x = Math.max(other.x, Math.min(other.x + other.width - 1, sight.x)) + 6 / view.zoom;
      const y = Math.max(other.y, Math.min(other.y + other.height - 1, sight.y)) + 18 / view.zoom;
      ctx.fillText(`${other.name} ↗`, x, y);
    }
    ctx.restore();
  }

  fetchPiece(piece) {
    if (piece.asked || this.loading >= AT_ONCE) return;
    piece.asked = true;
    this.loading++;
    const image = new Image();
    const done = () => {
      this.loading--;
      this.editor.renderer.requestDraw();
    };
    image.onload = () => {
      piece.image = image;
      done();
    };
    image.onerror = done;
    image.src = `/api/v1/worlds/${this.world.id}/render.png?x=${this.me.x + piece.x}&y=${this.me.y + piece.y}`
      + `&width=${piece.width}&height=${piece.height}`;
  }

  at(e) {
    if (!this.me) return null;
    const box = this.canvas.getBoundingClientRect();
    return neighbourAt(this.editor.view.toWorld(e.clientX - box.left, e.clientY - box.top), this.me, this.others);
  }

  hover(e) {
    const other = this.at(e);
    this.canvas.classList.toggle('over-neighbour', other !== null);
    this.canvas.title = other ? `Open ${other.name}` : '';
  }

  /** A click (not the end of a drag) on a neighbour opens it, the view where it was in the world. */
  click(e) {
    const moved = this.downAt ? Math.hypot(e.clientX - this.downAt.x, e.clientY - this.downAt.y) : 0;
    const other = moved < 5 ? this.at(e) : null;
    if (!other) return;
    const view = this.editor.view;
    location.assign(`/maps/${other.mapId}/edit?at=${Math.round(view.x - other.x)},${Math.round(view.y - other.y)},`
      + `${view.zoom}`);
  }
}
