// Ops: the one unit of change, the same vocabulary as the server's core/edit (see README's op table). apply()
// validates an op against the map first and throws InvalidOp with the map unchanged; otherwise it changes the map,
// reports what changed, and returns the op as applied (ids filled in) with its inverse: undo sends the inverse as
// a new op.

import { BLEND_MODES, CHUNK, GroupLayer, ImageLayer, MAX_INTGRID_VALUE, ObjectLayer, TileLayer } from './tilemap.js';
import { tileId } from './gid.js';
import { InvalidOp } from './invalid.js';
import { masked, regionGids, regionMask, regionOp } from './region.js';

export { InvalidOp };

/**
 * @param {import('./tilemap.js').TileMap} map
 * @param {object} op
 * @returns {{op: object, inverse: object}}
 */
export function apply(map, op, withInverse = true) {
  const handler = HANDLERS[op?.type];
  if (!handler) throw new InvalidOp('type', `unknown op type ${JSON.stringify(op?.type)}`);
  return handler(map, op, withInverse);
}

/**
 * Applies an op already committed by the server whose inverse nobody will ask for (another editor's, or ours as
 * logged): a large fillRect or putRegion then skips reading and compressing what it overwrites. Returns the op.
 * Its version, where known, is what a streamed layer notes for the chunks it does not hold (sync/chunks.js).
 */
export function applyCommitted(map, op, version = 0) {
  if (map.clock === undefined) return apply(map, op, false).op;
  map.clock.version = version;
  try {
    return apply(map, op, false).op;
  } finally {
    map.clock.version = 0;
  }
}

/**
 * Our own op, already applied here, was committed at `version`: a streamed layer notes it for the chunks it wrote
 * that are not held now (let go since), as applyCommitted does for others' ops, so an older read of them is stale.
 */
export function noteCommitted(map, op, version) {
  if (map.clock === undefined) return;
  if (op.type === 'batch') {
    for (const o of op.ops) noteCommitted(map, o, version);
    return;
  }
  if (op.type === 'restoreCells') {
    map.changed({ kind: 'restored', layerId: op.layerId, rect: { x: op.x, y: op.y, width: op.width, height: op.height }, version });
    return;
  }
  const layer = map.layer(op.layerId);
  if (layer?.type !== 'tile' || layer.loaded === null) return;
  map.clock.version = version;
  for (const rect of touchedRects(op)) for (const c of layer.unloadedIn(rect)) layer.miss(c);
  map.clock.version = 0;
}

/** How many cells an op writes (the server limits a request's total). */
export function cellCount(op) {
  switch (op.type) {
    case 'paint': return op.cells.length;
    case 'fillRect': case 'putRegion': return Math.max(0, op.width) * Math.max(0, op.height);
    case 'batch': return op.ops.reduce((sum, o) => sum + cellCount(o), 0);
    default: return 0;
  }
}

/** The rectangles of tiles an op writes, for redrawing. */
export function touchedRects(op) {
  switch (op.type) {
    case 'paint': return op.cells.map((c) => ({ x: c.x, y: c.y, width: 1, height: 1 }));
    case 'fillRect': case 'putRegion': case 'restoreCells': return [{ x: op.x, y: op.y, width: op.width, height: op.height }];
    case 'batch': return op.ops.flatMap(touchedRects);
    default: return [];
  }
}

/** On a restoreCells made here as an undo step: the op (as performed) the cells are put back to before. */
export const BEFORE = Symbol('the op whose cells before it are put back');
/** Ops performed here, by the version the server committed them at. */
const committedAt = new WeakMap();

/** One of our ops (the object performed, as its session holds it) was committed at `version`. */
export function markCommitted(op, version) {
  committedAt.set(op, version);
}

/**
 * The undo of an edit too large to keep what it overwrote here: its rectangles put back by the server as they were
 * before it (restoreCells, each naming the version before the edit once it is known: resolveRestore). Null when the
 * edit is more than fills and whole regions (a masked region, a paint: their undo needs their own cells).
 */
export function restoreInverse(op) {
  const rects = [];
  const visit = (o) => {
    if (o.type === 'batch') return o.ops.every(visit);
    if (o.type !== 'fillRect' && o.type !== 'restoreCells' && (o.type !== 'putRegion' || o.mask != null)) return false;
    rects.push({ layerId: o.layerId, x: o.x, y: o.y, width: o.width, height: o.height });
    return true;
  };
  if (!visit(op) || rects.length === 0) return null;
  const ops = rects.reverse().map((r) => ({ type: 'restoreCells', ...r, version: null, [BEFORE]: op }));
  return ops.length === 1 ? ops[0] : { type: 'batch', ops };
}

/**
 * Fills in the versions of an undo step's restoreCells from the ops they name (the version before each was
 * committed); false while one of those ops is not committed yet (nothing is changed then).
 */
export function resolveRestore(op) {
  const open = [];
  const visit = (o) => {
    if (o.type === 'batch') o.ops.forEach(visit);
    else if (o.type === 'restoreCells' && o.version === null) open.push(o);
  };
  visit(op);
  if (open.some((o) => !committedAt.has(o[BEFORE]))) return false;
  for (const o of open) o.version = committedAt.get(o[BEFORE]) - 1;
  return true;
}

function tileLayer(map, layerId) {
  const layer = map.layer(layerId);
  if (layer === null) throw new InvalidOp('layerId', `no layer ${layerId}`);
  if (layer.type !== 'tile') throw new InvalidOp('layerId', `layer ${layerId} is not a tile layer`);
  return layer;
}

function objectLayer(map, layerId) {
  const layer = map.layer(layerId);
  if (layer === null) throw new InvalidOp('layerId', `no layer ${layerId}`);
  if (layer.type !== 'object') throw new InvalidOp('layerId', `layer ${layerId} is not an object layer`);
  return layer;
}

/**
 * The op that puts a rectangle of a layer back as it is now: a fillRect when it holds one gid (an empty layer, a
 * filled one), else a region of its gids.
 */
function restoring(layerId, rect, layer) {
  const gid = layer.uniform(rect);
  return gid === -1 ? putRegion(layerId, rect, layer.read(rect))
    : { type: 'fillRect', layerId, x: rect.x, y: rect.y, width: rect.width, height: rect.height, gid };
}

/**
 * What puts back the cells a fill covers (core/edit/FillInverse, held to the same fixtures): up to a chunk's worth of
 * cells, as restoring() does; past it, the rectangle cut at chunk edges, a part of one gid a fillRect (side by side,
 * then runs above one another, merged), any other part a region: fills by their top-left, then regions in chunk
 * order; one op alone, else a batch. So undoing a fill over an empty or filled 8192x8192 layer is one fillRect.
 */
function fillInverse(layerId, rect, layer) {
  if (rect.width * rect.height <= CHUNK * CHUNK) return restoring(layerId, rect, layer);
  const done = [];
  let open = [];
  const regions = [];
  for (let cy = Math.floor(rect.y / CHUNK); cy <= Math.floor((rect.y + rect.height - 1) / CHUNK); cy++) {
    const row = [];
    for (let cx = Math.floor(rect.x / CHUNK); cx <= Math.floor((rect.x + rect.width - 1) / CHUNK); cx++) {
      const x0 = Math.max(rect.x, cx * CHUNK);
      const y0 = Math.max(rect.y, cy * CHUNK);
      const part = { x: x0, y: y0, width: Math.min(rect.x + rect.width, (cx + 1) * CHUNK) - x0,
        height: Math.min(rect.y + rect.height, (cy + 1) * CHUNK) - y0 };
      const gid = layer.uniform(part);
      if (gid === -1) {
        regions.push(putRegion(layerId, part, layer.read(part)));
        continue;
      }
      const last = row[row.length - 1];
      if (last !== undefined && last.gid === gid && last.x + last.width === part.x) last.width += part.width;
      else row.push({ type: 'fillRect', layerId, ...part, gid });
    }
    const next = [];
    for (const run of row) {
      const above = open.findIndex((o) => o.x === run.x && o.width === run.width && o.gid === run.gid
        && o.y + o.height === run.y);
      if (above === -1) {
        next.push(run);
      } else {
        open[above].height += run.height;
        next.push(open[above]);
        open.splice(above, 1);
      }
    }
    done.push(...open);
    open = next;
  }
  done.push(...open);
  done.sort((a, b) => a.y - b.y || a.x - b.x);
  const ops = [...done, ...regions];
  return ops.length === 1 ? ops[0] : { type: 'batch', ops };
}

function checkGid(map, gid, field) {
  if (!Number.isInteger(gid) || gid < 0 || gid > 0xffffffff) throw new InvalidOp(field, `gid ${gid} is not 0..4294967295`);
  if (!map.isValidGid(gid >>> 0)) throw new InvalidOp(field, `gid ${gid} is in none of the map's tilesets`);
  return gid >>> 0;
}

/** What a cell op may write into the layer: a gid of the map's tilesets, or on an IntGrid a value 0..999999. */
function checkValue(map, layer, value, field) {
  if (!layer.isIntGrid) return checkGid(map, value, field);
  if (!Number.isInteger(value) || value < 0 || value > MAX_INTGRID_VALUE) {
    throw new InvalidOp(field, `layer ${layer.id} is an IntGrid: its cells hold 0 (empty) to ${MAX_INTGRID_VALUE}, not ${value}`);
  }
  return value;
}

function checkCell(map, x, y, field) {
  if (!Number.isInteger(x) || !Number.isInteger(y) || !map.inside(x, y)) {
    throw new InvalidOp(field, `cell (${x}, ${y}) is outside the ${map.width}x${map.height} map`);
  }
}

function checkRect(map, x, y, width, height) {
  if (![x, y, width, height].every(Number.isInteger) || width < 1 || height < 1) {
    throw new InvalidOp('width', `a rectangle needs whole coordinates and a positive size, was ${x},${y} ${width}x${height}`);
  }
  if (x < 0 || y < 0 || x + width > map.width || y + height > map.height) {
    throw new InvalidOp('x', `rectangle ${x},${y} ${width}x${height} is outside the ${map.width}x${map.height} map`);
  }
  return { x, y, width, height };
}

/** The largest object or layer id: the next one must still fit the server's int (core/model TileMap.MAX_ID). */
export const MAX_ID = 2147483646;

/** An id an op names for a new object or layer: 0 (the next free one, which must be left) or 1..MAX_ID. */
function checkNewId(id, next, field, what) {
  if (!Number.isInteger(id) || id < 0 || id > MAX_ID) {
    throw new InvalidOp(field, `${what} ids are 1..${MAX_ID} (or 0 for a new one), was ${id}`);
  }
  if (id === 0 && next > MAX_ID) throw new InvalidOp(field, `the map has given out every ${what} id up to ${MAX_ID}`);
}

/** Tiled's tile render orders (core/model MapSettings). */
const RENDER_ORDERS = ['right-down', 'right-up', 'left-down', 'left-up'];

function putRegion(layerId, rect, gids, mask) {
  return regionOp(layerId, rect, gids, mask);
}

const HANDLERS = {
  paint(map, op) {
    const layer = tileLayer(map, op.layerId);
    const gids = op.cells.map((c, i) => {
      checkCell(map, c.x, c.y, `cells[${i}]`);
      return checkValue(map, layer, c.gid, `cells[${i}].gid`);
    });
    const previous = op.cells.map((c, i) => ({ x: c.x, y: c.y, gid: layer.set(c.x, c.y, gids[i]) }));
    previous.reverse();
    for (const c of op.cells) map.changed({ kind: 'cells', layerId: op.layerId, rect: { x: c.x, y: c.y, width: 1, height: 1 } });
    return { op, inverse: { type: 'paint', layerId: op.layerId, cells: previous } };
  },

  fillRect(map, op, withInverse) {
    const layer = tileLayer(map, op.layerId);
    const rect = checkRect(map, op.x, op.y, op.width, op.height);
    const gid = checkValue(map, layer, op.gid, 'gid');
    const inverse = withInverse ? fillInverse(op.layerId, rect, layer) : null;
    layer.fill(rect, gid);
    map.changed({ kind: 'cells', layerId: op.layerId, rect });
    return { op, inverse };
  },

  /**
   * Cells put back as they were at a version: the server has them, so nothing changes here until it committed the op;
   * then (applied as committed, or noted so: see noteCommitted) the chunks it covers are read again (sync/chunks.js).
   * Its inverse puts back what the cells are before it.
   */
  restoreCells(map, op, withInverse) {
    tileLayer(map, op.layerId);
    const rect = checkRect(map, op.x, op.y, op.width, op.height);
    const version = map.clock?.version ?? 0;
    // null: an undo step's, not yet known (resolveRestore), which only ever takes a pending op off here
    if (!(op.version === null && version === 0) && (!Number.isInteger(op.version) || op.version < 1)) {
      throw new InvalidOp('version', `a version to put the cells back to (1 or more), not ${op.version}`);
    }
    if (version > 0) map.changed({ kind: 'restored', layerId: op.layerId, rect, version });
    const inverse = withInverse ? { type: 'restoreCells', layerId: op.layerId, ...rect, version: null, [BEFORE]: op } : null;
    return { op, inverse };
  },

  putRegion(map, op, withInverse) {
    const layer = tileLayer(map, op.layerId);
    const rect = checkRect(map, op.x, op.y, op.width, op.height);
    const area = rect.width * rect.height;
    const compact = regionGids(op, area);
    const bits = regionMask(op, area);
    const gids = new Uint32Array(area);
    let valid = -1; // the last gid found valid: a region is mostly runs of one tile, each checked once
    for (let i = 0; i < area; i++) {
      if (bits === null || masked(bits, i)) {
        const gid = compact === null ? op.gids[i] : compact[i];
        gids[i] = gid === valid ? gid : checkValue(map, layer, gid, compact === null ? `gids[${i}]` : 'data');
        valid = gids[i];
      }
    }
    const previous = withInverse ? layer.read(rect) : null;
    if (bits === null) {
      layer.write(rect, gids);
    } else {
      for (let row = 0, i = 0; row < rect.height; row++) {
        for (let column = 0; column < rect.width; column++, i++) {
          if (masked(bits, i)) layer.set(rect.x + column, rect.y + row, gids[i]);
          else if (previous !== null) previous[i] = 0; // not part of the region: its inverse leaves it alone too
        }
      }
    }
    map.changed({ kind: 'cells', layerId: op.layerId, rect });
    return { op, inverse: previous === null ? null : putRegion(op.layerId, rect, previous, op.mask) };
  },

  batch(map, op) {
    const applied = [];
    const inverses = [];
    for (let i = 0; i < op.ops.length; i++) {
      try {
        const result = apply(map, op.ops[i]);
        applied.push(result.op);
        inverses.push(result.inverse);
      } catch (e) {
        for (let j = inverses.length - 1; j >= 0; j--) apply(map, inverses[j]);
        throw e instanceof InvalidOp ? e.within(`ops[${i}]`) : e;
      }
    }
    inverses.reverse();
    return { op: { type: 'batch', ops: applied }, inverse: { type: 'batch', ops: inverses } };
  },

  addLayer(map, op) {
    const layerId = op.layerId ?? 0;
    checkNewId(layerId, map.nextLayerId, 'layerId', 'layer');
    if (layerId !== 0 && map.layer(layerId) !== null) throw new InvalidOp('layerId', `layer id ${layerId} is in use`);
    const parentId = op.parentId ?? 0;
    if (parentId !== 0 && map.layer(parentId)?.type !== 'group') {
      throw new InvalidOp('parentId', `layer ${parentId} is not a group layer of the map`);
    }
    const at = op.index ?? map.topOf(parentId);
    if (!Number.isInteger(at) || at < 0 || at > map.layers.length) {
      throw new InvalidOp('index', `layer index ${at} is outside 0..${map.layers.length}`);
    }
    if (!op.attributes?.name?.trim()) throw new InvalidOp('attributes.name', 'a layer needs a name');
    if (!['tile', 'object', 'image', 'group'].includes(op.kind)) {
      throw new InvalidOp('kind', 'kind is tile, object, image or group');
    }
    if (op.kind !== 'image' && op.image) throw new InvalidOp('image', 'only an image layer has an image');
    const id = layerId === 0 ? map.nextLayerId : layerId;
    const layer = op.kind === 'tile' ? new TileLayer(id, op.attributes, map.width, map.height)
      : op.kind === 'object' ? new ObjectLayer(id, op.attributes)
        : op.kind === 'group' ? new GroupLayer(id, op.attributes) : new ImageLayer(id, op.attributes, op.image);
    layer.parentId = parentId;
    map.layers.splice(at, 0, layer);
    if (map.misplaced() !== null) {
      map.layers.splice(at, 1);
      throw new InvalidOp('index', `layer index ${at} is not among the layers of ${parentId === 0
        ? "the map's top level" : `group ${parentId}`}`);
    }
    map.nextLayerId = Math.max(map.nextLayerId, id + 1);
    map.changed({ kind: 'layers' });
    const applied = { ...op, layerId: id, index: at };
    if (parentId === 0) delete applied.parentId;
    return { op: applied, inverse: { type: 'removeLayer', layerId: id } };
  },

  removeLayer(map, op) {
    const index = map.layerIndex(op.layerId);
    if (index < 0) throw new InvalidOp('layerId', `no layer ${op.layerId}`);
    // a group goes with everything in it, and comes back so
    const end = map.blockEnd(index);
    const restore = map.layers.slice(index, end).flatMap((layer, i) => recreate(layer, index + i));
    map.layers.splice(index, end - index);
    map.changed({ kind: 'layers' });
    return { op, inverse: { type: 'batch', ops: restore } };
  },

  moveLayer(map, op) {
    // a layer moves with everything in it (a group's layers) to stand at index once moved, into parentId if named
    const from = map.layerIndex(op.layerId);
    if (from < 0) throw new InvalidOp('layerId', `no layer ${op.layerId}`);
    const block = map.layers.slice(from, map.blockEnd(from));
    if (!Number.isInteger(op.index) || op.index < 0 || op.index > map.layers.length - block.length) {
      throw new InvalidOp('index', `layer index ${op.index} is outside 0..${map.layers.length - block.length}`);
    }
    const layer = block[0];
    const previousParent = layer.parentId ?? 0;
    const parent = op.parentId ?? previousParent;
    if (parent !== 0 && map.layer(parent)?.type !== 'group') {
      throw new InvalidOp('parentId', `layer ${parent} is not a group layer of the map`);
    }
    if (parent !== 0 && (parent === layer.id || map.isIn(map.layer(parent), layer.id))) {
      throw new InvalidOp('parentId', 'a group cannot go into itself or a group within it');
    }
    map.layers.splice(from, block.length);
    map.layers.splice(op.index, 0, ...block);
    layer.parentId = parent;
    if (map.misplaced() !== null) {
      map.layers.splice(op.index, block.length);
      map.layers.splice(from, 0, ...block);
      layer.parentId = previousParent;
      throw new InvalidOp('index', `layer index ${op.index} is not among the layers of ${parent === 0
        ? "the map's top level" : `group ${parent}`}`);
    }
    map.changed({ kind: 'layers' });
    const inverse = { type: 'moveLayer', layerId: op.layerId, index: from };
    if (op.parentId !== undefined && op.parentId !== null) inverse.parentId = previousParent;
    return { op, inverse };
  },

  updateLayer(map, op) {
    const layer = map.layer(op.layerId);
    if (layer === null) throw new InvalidOp('layerId', `no layer ${op.layerId}`);
    const patch = op.patch ?? {};
    // the server names the patch as a whole (core/edit UpdateLayer); the message says which field
    if (patch.name !== undefined && !String(patch.name).trim()) throw new InvalidOp('patch', 'a layer needs a name');
    if (patch.opacity !== undefined && !(patch.opacity >= 0 && patch.opacity <= 1)) {
      throw new InvalidOp('patch', `layer opacity must be between 0 and 1, was ${patch.opacity}`);
    }
    if (patch.blendMode !== undefined && !BLEND_MODES.includes(patch.blendMode)) {
      throw new InvalidOp('patch', `blend mode '${patch.blendMode}' is not one of Tiled's: ${BLEND_MODES.join(', ')}`);
    }
    if (patch.parallax !== undefined && !(Number.isFinite(patch.parallax?.x) && Number.isFinite(patch.parallax?.y))) {
      throw new InvalidOp('patch', 'parallax factors must be finite numbers');
    }
    if (patch.drawOrder !== undefined && patch.drawOrder !== 'index' && patch.drawOrder !== 'topdown') {
      throw new InvalidOp('patch', `draw order is index or topdown, was ${patch.drawOrder}`);
    }
    const previous = {};
    for (const key of Object.keys(patch)) {
      previous[key] = key === 'tint' || key === 'color' ? (layer.attributes[key] ?? '') : layer.attributes[key];
      layer.attributes[key] = (key === 'tint' || key === 'color') && patch[key] === '' ? null : patch[key];
    }
    map.changed({ kind: 'layers' });
    return { op, inverse: { type: 'updateLayer', layerId: op.layerId, patch: previous } };
  },

  renameMap(map, op) {
    if (!op.name?.trim()) throw new InvalidOp('name', 'map name must not be blank');
    const previous = map.name;
    map.name = op.name;
    map.changed({ kind: 'map' });
    return { op, inverse: { type: 'renameMap', name: previous } };
  },

  updateMap(map, op) {
    if (op.renderOrder !== undefined && op.renderOrder !== null && !RENDER_ORDERS.includes(op.renderOrder)) {
      throw new InvalidOp('renderOrder', `render order is ${RENDER_ORDERS.join(', ')}, was '${op.renderOrder}'`);
    }
    const origin = op.parallaxOrigin;
    if (origin !== undefined && origin !== null && !(Number.isFinite(origin.x) && Number.isFinite(origin.y))) {
      throw new InvalidOp('parallaxOrigin', 'the parallax origin is a point {x, y}');
    }
    if (op.infinite !== undefined && op.infinite !== null && typeof op.infinite !== 'boolean') {
      throw new InvalidOp('infinite', 'infinite is true or false');
    }
    const inverse = { type: 'updateMap' };
    for (const key of ['className', 'renderOrder', 'parallaxOrigin', 'infinite']) {
      if (op[key] === undefined || op[key] === null) continue;
      inverse[key] = map.settings[key];
      map.settings = { ...map.settings, [key]: op[key] };
    }
    map.changed({ kind: 'map' });
    return { op, inverse };
  },

  setProperty(map, op) {
    if (!op.name) throw new InvalidOp('name', 'name the property to set or remove');
    if (op.property && op.property.name !== op.name) {
      throw new InvalidOp('property.name', `the property is called ${op.property.name}, not ${op.name}`);
    }
    let owner;
    if ((op.layerId === undefined || op.layerId === null) && op.objectId !== undefined && op.objectId !== null) {
      throw new InvalidOp('layerId', "an object's property needs the object's layerId too");
    }
    if (op.layerId === undefined || op.layerId === null) {
      owner = map;
    } else if (op.objectId === undefined || op.objectId === null) {
      owner = map.layer(op.layerId)?.attributes;
      if (!owner) throw new InvalidOp('layerId', `no layer ${op.layerId}`);
    } else {
      owner = objectLayer(map, op.layerId).objects.find((o) => o.id === op.objectId);
      if (!owner) throw new InvalidOp('objectId', `no object ${op.objectId} on layer ${op.layerId}`);
    }
    const list = owner.properties ?? [];
    const previous = list.find((p) => p.name === op.name) ?? null;
    owner.properties = list.filter((p) => p.name !== op.name).concat(op.property ? [op.property] : []);
    map.changed(op.layerId ? { kind: 'layers' } : { kind: 'map' });
    const inverse = { type: 'setProperty', name: op.name };
    if (op.layerId !== undefined && op.layerId !== null) inverse.layerId = op.layerId;
    if (op.objectId !== undefined && op.objectId !== null) inverse.objectId = op.objectId;
    if (previous) inverse.property = previous;
    return { op, inverse };
  },

  addObject(map, op) {
    const layer = objectLayer(map, op.layerId);
    const object = { ...op.object };
    checkNewId(object.id ?? 0, map.nextObjectId, 'object.id', 'object');
    if (!object.id) {
      object.id = map.nextObjectId;
    } else if (map.layers.some((l) => l.type === 'object' && l.objects.some((o) => o.id === object.id))) {
      throw new InvalidOp('object.id', `object id ${object.id} is in use`);
    }
    if (object.gid) checkGid(map, object.gid, 'object.gid');
    const at = op.index ?? layer.objects.length;
    if (!Number.isInteger(at) || at < 0 || at > layer.objects.length) {
      throw new InvalidOp('index', `object index ${at} is outside 0..${layer.objects.length}`);
    }
    map.nextObjectId = Math.max(map.nextObjectId, object.id + 1);
    layer.objects.splice(at, 0, object);
    map.changed({ kind: 'objects', layerId: op.layerId });
    const applied = { ...op, object };
    return { op: applied, inverse: { type: 'removeObject', layerId: op.layerId, objectId: object.id } };
  },

  updateObject(map, op) {
    const layer = objectLayer(map, op.layerId);
    const index = layer.objects.findIndex((o) => o.id === op.objectId);
    if (index < 0) throw new InvalidOp('objectId', `no object ${op.objectId} on layer ${op.layerId}`);
    const current = layer.objects[index];
    if (op.patch.gid) checkGid(map, op.patch.gid, 'patch.gid');
    if ('template' in op.patch && (typeof op.patch.template !== 'string' || op.patch.template.length > 1024
      || (op.patch.template !== '' && op.patch.template.trim() === ''))) {
      throw new InvalidOp('patch', 'object template must be a file name of 1 to 1024 characters, or "" to detach');
    }
    if ('opacity' in op.patch && !(op.patch.opacity >= 0 && op.patch.opacity <= 1)) {
      throw new InvalidOp('patch', `object opacity must be between 0 and 1, was ${op.patch.opacity}`);
    }
    const previous = {};
    // opacity (Tiled 1.12) is left out while 1, as the server keeps it
    // opacity 1 and no template are kept as left out; their inverse says them ("" detaches)
    for (const key of Object.keys(op.patch)) {
      previous[key] = key === 'opacity' ? (current.opacity ?? 1) : key === 'template' ? (current.template ?? '') : current[key];
    }
    const next = { ...current, ...op.patch };
    if (next.opacity === 1) delete next.opacity;
    if (next.template === '') delete next.template;
    layer.objects[index] = next;
    map.changed({ kind: 'objects', layerId: op.layerId });
    return { op, inverse: { type: 'updateObject', layerId: op.layerId, objectId: op.objectId, patch: previous } };
  },

  removeObject(map, op) {
    const layer = objectLayer(map, op.layerId);
    const index = layer.objects.findIndex((o) => o.id === op.objectId);
    if (index < 0) throw new InvalidOp('objectId', `no object ${op.objectId} on layer ${op.layerId}`);
    const [object] = layer.objects.splice(index, 1);
    map.changed({ kind: 'objects', layerId: op.layerId });
    return { op, inverse: { type: 'addObject', layerId: op.layerId, object, index } };
  },

  moveObject(map, op) {
    const layer = objectLayer(map, op.layerId);
    const from = layer.objects.findIndex((o) => o.id === op.objectId);
    if (from < 0) throw new InvalidOp('objectId', `no object ${op.objectId} on layer ${op.layerId}`);
    if (!Number.isInteger(op.index) || op.index < 0 || op.index >= layer.objects.length) {
      throw new InvalidOp('index', `object index ${op.index} is outside 0..${layer.objects.length - 1}`);
    }
    const [object] = layer.objects.splice(from, 1);
    layer.objects.splice(op.index, 0, object);
    map.changed({ kind: 'objects', layerId: op.layerId });
    return { op, inverse: { type: 'moveObject', layerId: op.layerId, objectId: op.objectId, index: from } };
  },

  addTileset(map, op) {
    if (!(op.tileCount >= 1)) throw new InvalidOp('tileCount', "the tileset's tile count is missing");
    if (map.tilesets.some((t) => t.tilesetId === op.tilesetId)) {
      throw new InvalidOp('tilesetId', `the map uses tileset ${op.tilesetId} already`);
    }
    const firstGid = op.firstGid ?? map.tilesets.reduce((end, t) => Math.max(end, t.firstGid + t.tileCount), 1);
    if (map.tilesets.some((t) => firstGid < t.firstGid + t.tileCount && t.firstGid < firstGid + op.tileCount)) {
      throw new InvalidOp('firstGid', `gids from ${firstGid} overlap another tileset's`);
    }
    map.tilesets.push({ tilesetId: op.tilesetId, firstGid, tileCount: op.tileCount });
    map.changed({ kind: 'map' });
    return { op: { ...op, firstGid }, inverse: { type: 'removeTileset', tilesetId: op.tilesetId } };
  },

  setGrid(map, op) {
    const settings = op.settings ?? {};
    for (const [field, tile] of [['elementWidth', map.tileWidth], ['elementHeight', map.tileHeight]]) {
      const size = settings[field];
      if (size !== undefined && size !== null && !(Number.isInteger(size) && size >= 1 && tile % size === 0)) {
        throw new InvalidOp(`settings.${field}`, `the element size must divide the tile size ${tile}, was ${size}`);
      }
    }
    const before = map.gridElement();
    const after = { width: settings.elementWidth ?? map.tileWidth, height: settings.elementHeight ?? map.tileHeight };
    if ((before.width !== after.width || before.height !== after.height) && map.gridOverrides.size > 0) {
      throw new InvalidOp('settings.elementWidth', `the map has ${map.gridOverrides.size} grid overrides; clear them first`);
    }
    const previous = map.gridSettings;
    map.gridSettings = { ...settings };
    map.changed({ kind: 'grid' });
    return { op, inverse: { type: 'setGrid', settings: previous } };
  },

  overrideGrid(map, op) {
    const elements = op.elements ?? [];
    const columns = map.gridColumns();
    const rows = map.gridRows();
    elements.forEach((e, i) => {
      if (!Number.isInteger(e.x) || !Number.isInteger(e.y) || e.x < 0 || e.y < 0 || e.x >= columns || e.y >= rows) {
        throw new InvalidOp(`elements[${i}].x`, `element (${e.x}, ${e.y}) is outside the ${columns}x${rows} grid`);
      }
      if (e.sides !== null && e.sides !== undefined && !(Number.isInteger(e.sides) && e.sides >= 0 && e.sides <= 15)) {
        throw new InvalidOp(`elements[${i}].sides`, `sides are 0..15 or null, was ${e.sides}`);
      }
    });
    const overrides = map.gridOverrides;
    const set = (e) => (e.sides === null || e.sides === undefined ? overrides.delete(`${e.x},${e.y}`) : overrides.set(`${e.x},${e.y}`, e.sides));
    let inverse;
    if (op.clear) {
      const previous = [...overrides].map(([key, sides]) => {
        const [x, y] = key.split(',').map(Number);
        return { x, y, sides };
      });
      overrides.clear();
      elements.forEach(set);
      inverse = { type: 'overrideGrid', clear: true, elements: previous };
    } else {
      const undo = elements.map((e) => ({ x: e.x, y: e.y, sides: overrides.get(`${e.x},${e.y}`) ?? null }));
      elements.forEach(set);
      inverse = { type: 'overrideGrid', elements: undo.reverse() };
    }
    map.changed({ kind: 'grid' });
    return { op, inverse };
  },

  removeTileset(map, op) {
    const index = map.tilesets.findIndex((t) => t.tilesetId === op.tilesetId);
    if (index < 0) throw new InvalidOp('tilesetId', `the map does not use tileset ${op.tilesetId}`);
    const used = map.tilesets[index];
    const owns = (gid) => gid !== 0 && tileId(gid) >= used.firstGid && tileId(gid) < used.firstGid + used.tileCount;
    for (const layer of map.layers) {
      if (layer.type === 'tile' && layer.chunks.some((c) => c !== null && c.some(owns))) {
        throw new InvalidOp('tilesetId', `layer ${layer.id} still shows tiles of tileset ${op.tilesetId}`);
      }
    }
    map.tilesets.splice(index, 1);
    map.changed({ kind: 'map' });
    return { op, inverse: { type: 'addTileset', ...used } };
  },
};

/** The ops that build a layer back: added at its index, then its non-empty chunks, then its objects. */
function recreate(layer, index) {
  const ops = [{ type: 'addLayer', layerId: layer.id, kind: layer.type, attributes: structuredClone(layer.attributes), index }];
  if (layer instanceof ImageLayer) ops[0].image = layer.image;
  if ((layer.parentId ?? 0) !== 0) ops[0].parentId = layer.parentId;
  if (layer instanceof TileLayer) {
    for (let cy = 0; cy < layer.chunksY; cy++) {
      for (let cx = 0; cx < layer.chunksX; cx++) {
        if (layer.chunks[cy * layer.chunksX + cx] === null) continue;
        const rect = {
          x: cx * CHUNK, y: cy * CHUNK,
          width: Math.min(CHUNK, layer.width - cx * CHUNK), height: Math.min(CHUNK, layer.height - cy * CHUNK),
        };
        ops.push(putRegion(layer.id, rect, layer.read(rect)));
      }
    }
  } else if (layer instanceof ObjectLayer) {
    for (const object of layer.objects) ops.push({ type: 'addObject', layerId: layer.id, object: structuredClone(object) });
  }
  return ops;
}
