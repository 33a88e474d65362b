import assert from 'node:assert/strict';
import { test } from 'node:test';
import { History } from '../model/history.js';
import { snapshot } from '../model/tilemap.js';
import { OpQueue, restore } from '../sync/opqueue.js';
import { FakeServer, ManualClock, MemoryStorage, MemoryStore, newMap, random } from './support.js';

function setUp({ store = null } = {}) {
  const map = newMap();
  const server = new FakeServer(map);
  const clock = new ManualClock();
  const queue = new OpQueue({ map, version: 1, transport: server.transport(), clientId: 'me', store, schedule: clock.schedule });
  return { map, server, clock, queue };
}

const paint = (x, y, gid) => ({ type: 'paint', layerId: 1, cells: [{ x, y, gid }] });

test('edits apply at once and go out together as one request', async () => {
  const { map, server, clock, queue } = setUp();
  for (let x = 0; x < 10; x++) queue.perform(paint(x, 0, 3));
  assert.equal(map.layer(1).get(9, 0), 3, 'applied locally before any answer');
  assert.equal(queue.state, 'saving');
  await clock.runAll();
  assert.equal(server.requests, 1, 'ten ops, one request');
  assert.equal(queue.state, 'saved');
  assert.equal(queue.version, 2);
  assert.deepEqual(snapshot(server.map), snapshot(map));
});

test('a stale version: their edits go under ours, and both sides end equal', async () => {
  const { map, server, clock, queue } = setUp();
  server.applyRemote({ type: 'fillRect', layerId: 1, x: 0, y: 0, width: 4, height: 4, gid: 5 });
  server.applyRemote({ type: 'addLayer', kind: 'tile', attributes: { name: 'theirs' } });
  queue.perform(paint(1, 1, 9));
  queue.perform({ type: 'fillRect', layerId: 1, x: 10, y: 0, width: 2, height: 2, gid: 4 });
  await clock.runAll();
  assert.equal(queue.state, 'saved');
  assert.equal(map.layer(1).get(1, 1), 9, 'ours on top of theirs');
  assert.equal(map.layer(1).get(0, 0), 5, 'theirs arrived');
  assert.equal(map.layers.length, 3);
  assert.equal(queue.version, server.version);
  assert.deepEqual(snapshot(map), snapshot(server.map));
});

test('offline: edits stay pending, the same request is resent, and a lost answer is not applied twice', async () => {
  const store = new MemoryStore();
  const { map, server, clock, queue } = setUp({ store });
  const states = [];
  queue.listen((e) => e.type === 'state' && states.push(e.state));
  server.offline = true;
  queue.perform(paint(0, 0, 1));
  await clock.runAll(3);
  assert.equal(queue.state, 'offline');
  await queue.keeper.idle();
  assert.equal(store.pendingOf(7), 1, 'kept in storage');
  queue.perform(paint(1, 0, 2));
  // the server applies the first request but the answer is lost
  const transport = server.transport();
  const original = transport.postOps;
  server.offline = false;
  let lose = true;
  queue.transport = {
    ...transport,
    postOps: async (body, ifMatch) => {
      const answer = await original(body, ifMatch);
      if (lose) {
        lose = false;
        throw new TypeError('connection reset');
      }
      return answer;
    },
  };
  await clock.runAll();
  assert.equal(queue.state, 'saved');
  assert.equal(server.version, 3, 'the first request once, then the second');
  assert.deepEqual(snapshot(server.map), snapshot(map));
  await queue.keeper.idle();
  assert.equal(store.pendingOf(7), 0);
  assert.ok(states.includes('offline') && states.at(-1) === 'saved');
});

test('a refused op is taken back off the map and the others still go', async () => {
  const { map, server, clock, queue } = setUp();
  const refused = [];
  queue.listen((e) => e.type === 'refused' && refused.push(e));
  // locally fine, but the server has removed the layer meanwhile; our version is current, so no 412 warns us
  server.map.layers = server.map.layers.filter((l) => l.id !== 2);
  queue.perform({ type: 'addObject', layerId: 2, object: { name: 'chest', x: 1, y: 1 } });
  await clock.runAll();
  queue.perform(paint(2, 2, 2));
  await clock.runAll();
  assert.equal(refused.length, 1);
  assert.equal(refused[0].problem.field, 'ops[0].layerId');
  assert.equal(map.layer(2).objects.length, 0, 'taken back');
  assert.equal(map.layer(1).get(2, 2), 2);
  assert.equal(server.map.layer(1).get(2, 2), 2);
});

test('a reload while saving loses nothing: restore sends what was pending before the map is read again', async () => {
  const store = new MemoryStore();
  const { server, clock, queue } = setUp({ store });
  server.offline = true;
  queue.perform(paint(0, 0, 1));
  await clock.runAll(2);
  queue.perform(paint(1, 0, 2));
  queue.perform(paint(2, 0, 3));
  server.offline = false;
  server.applyRemote(paint(5, 5, 5)); // and someone else edited meanwhile
  // the tab is gone; a new one starts from storage
  await queue.keeper.idle(); // the tab had kept what it had
  const result = await restore(store, 7, server.transport());
  assert.equal(result.sent, 3);
  assert.deepEqual(Array.from(server.map.layer(1).read({ x: 0, y: 0, width: 3, height: 1 })), [1, 2, 3]);
  assert.equal(server.map.layer(1).get(5, 5), 5);
  assert.equal(store.pendingOf(7), 0);
});

test('restore gives a new object the server\'s id, so the edit made on it after never reaches another\'s', async () => {
  const store = new MemoryStore();
  const { server, queue } = setUp({ store });
  server.offline = true;
  queue.perform({ type: 'addObject', layerId: 2, object: { id: 0, name: 'mine', x: 0, y: 0 } });
  queue.perform({ type: 'updateObject', layerId: 2, objectId: 1, patch: { name: 'moved mine' } });
  queue.perform({ type: 'addLayer', layerId: 0, kind: 'tile', attributes: { name: 'mine too' } });
  queue.perform({ type: 'paint', layerId: 3, cells: [{ x: 1, y: 1, gid: 4 }] });
  server.offline = false;
  // meanwhile another editor made object 1 and layer 3
  server.applyRemote({ type: 'addObject', layerId: 2, object: { id: 1, name: 'theirs', x: 50, y: 0 } });
  server.applyRemote({ type: 'addLayer', layerId: 3, kind: 'tile', attributes: { name: 'theirs' } });
  await queue.keeper.idle(); // the tab had kept what it had
  const result = await restore(store, 7, server.transport());
  assert.deepEqual(result, { sent: 4, refused: [], lost: 0 });
  assert.deepEqual(server.map.layer(2).objects.map((o) => `${o.id} ${o.name}`), ['1 theirs', '2 moved mine']);
  assert.equal(server.map.layer(3).get(1, 1), 0, 'their layer untouched');
  assert.equal(server.map.layer(4).attributes.name, 'mine too');
  assert.equal(server.map.layer(4).get(1, 1), 4);
});

test('restore with two new objects after another editor took id 1: each rename reaches its own object', async () => {
  const store = new MemoryStore();
  const { server, queue } = setUp({ store });
  server.offline = true;
  queue.perform({ type: 'addObject', layerId: 2, object: { id: 0, name: 'A', x: 0, y: 0 } });
  queue.perform({ type: 'addObject', layerId: 2, object: { id: 0, name: 'B', x: 20, y: 0 } });
  queue.perform({ type: 'updateObject', layerId: 2, objectId: 1, patch: { name: 'A moved' } });
  queue.perform({ type: 'updateObject', layerId: 2, objectId: 2, patch: { name: 'B moved' } });
  server.offline = false;
  server.applyRemote({ type: 'addObject', layerId: 2, object: { id: 1, name: 'theirs', x: 50, y: 0 } });
  await queue.keeper.idle(); // the tab had kept what it had
  const result = await restore(store, 7, server.transport());
  assert.deepEqual(result, { sent: 4, refused: [], lost: 0 });
  assert.deepEqual(server.map.layer(2).objects.map((o) => `${o.id} ${o.name}`), ['1 theirs', '2 A moved', '3 B moved']);
});

test('restore drops the edits made on something the server refuses to create', async () => {
  const store = new MemoryStore();
  const { server, queue } = setUp({ store });
  server.offline = true;
  queue.perform({ type: 'addLayer', layerId: 0, index: 2, kind: 'tile', attributes: { name: 'mine' } });
  queue.perform({ type: 'paint', layerId: 3, cells: [{ x: 1, y: 1, gid: 4 }] });
  queue.perform({ type: 'addObject', layerId: 2, object: { id: 0, name: 'mine', x: 0, y: 0 } });
  queue.perform({ type: 'updateObject', layerId: 2, objectId: 1, patch: { name: 'moved mine' } });
  server.offline = false;
  // meanwhile another editor removed both layers (so index 2 no longer exists) and made a layer 3 of their own
  server.applyRemote({ type: 'removeLayer', layerId: 1 });
  server.applyRemote({ type: 'removeLayer', layerId: 2 });
  server.applyRemote({ type: 'addLayer', layerId: 3, kind: 'tile', attributes: { name: 'theirs' } });
  await queue.keeper.idle(); // the tab had kept what it had
  const result = await restore(store, 7, server.transport());
  assert.equal(result.sent, 0);
  assert.deepEqual(result.refused.map((r) => r.ops[0].type), ['addLayer', 'paint', 'addObject', 'updateObject']);
  assert.equal(server.map.layer(3).attributes.name, 'theirs');
  assert.equal(server.map.layer(3).get(1, 1), 0, 'the paint meant for my layer never reached theirs');
});

test('undo and redo send inverses as new ops and leave others\' edits alone', async () => {
  const { map, server, clock, queue } = setUp();
  const history = new History((op) => queue.perform(op));
  history.begin();
  for (let x = 0; x < 3; x++) history.record(queue.perform(paint(x, 0, 4)));
  history.end();
  history.record(queue.perform({ type: 'fillRect', layerId: 1, x: 0, y: 5, width: 2, height: 2, gid: 6 }));
  await clock.runAll();
  server.applyRemote(paint(9, 9, 9));
  history.undo();
  assert.equal(map.layer(1).get(0, 5), 0);
  history.undo();
  assert.deepEqual(Array.from(map.layer(1).read({ x: 0, y: 0, width: 3, height: 1 })), [0, 0, 0], 'the stroke is one step');
  history.redo();
  assert.deepEqual(Array.from(map.layer(1).read({ x: 0, y: 0, width: 3, height: 1 })), [4, 4, 4]);
  await clock.runAll();
  assert.equal(map.layer(1).get(9, 9), 9, 'their edit stays');
  assert.deepEqual(snapshot(map), snapshot(server.map));
});

test('two queues on one server with random edits, stale versions and outages converge', async () => {
  for (let seed = 1; seed <= 20; seed++) {
    const next = random(seed);
    const int = (n) => Math.floor(next() * n);
    const base = newMap();
    const server = new FakeServer(base);
    const clock = new ManualClock();
    const clients = [0, 1].map((i) => new OpQueue({
      map: base.copy(), version: 1, transport: server.transport(), clientId: `c${i}`, schedule: clock.schedule,
    }));
    for (let step = 0; step < 60; step++) {
      const q = clients[int(2)];
      const op = int(3) === 0
        ? { type: 'fillRect', layerId: 1, x: int(18), y: int(10), width: 1 + int(3), height: 1 + int(3), gid: int(17) }
        : paint(int(20), int(12), int(17));
      q.perform(op);
      server.offline = int(10) === 0;
      if (int(3) === 0) await clock.runAll(int(4));
    }
    server.offline = false;
    await clock.runAll();
    for (const q of clients) {
      await q.rebase(); // catch up with what the other sent after our last request
      await clock.runAll();
      assert.equal(q.pending.length, 0, `seed ${seed}`);
      assert.deepEqual(snapshot(q.map), snapshot(server.map), `seed ${seed}: client equals server`);
    }
  }
});

test('restore sends every page\'s record and the one an older page left in localStorage; a deleted map\'s are dropped', async () => {
  const store = new MemoryStore();
  const { server, queue } = setUp({ store });
  server.offline = true;
  queue.perform(paint(0, 0, 1));
  const other = new OpQueue({ map: queue.map.copy(), version: 1, transport: server.transport(), clientId: 'other', store,
    schedule: () => {} });
  other.perform(paint(1, 0, 2));
  await Promise.all([queue.keeper.idle(), other.keeper.idle()]);
  const legacy = new MemoryStorage();
  legacy.setItem('tilewright.pending.7', JSON.stringify({ clientId: 'old', version: 1, sending: null,
    pending: [{ seq: 1, op: paint(2, 0, 3) }] }));
  server.offline = false;
  const result = await restore(store, 7, server.transport(), legacy);
  assert.deepEqual(result, { sent: 3, refused: [], lost: 0 });
  assert.deepEqual(Array.from(server.map.layer(1).read({ x: 0, y: 0, width: 3, height: 1 })), [1, 2, 3]);
  assert.equal(store.pendingOf(7), 0);
  assert.equal(legacy.getItem('tilewright.pending.7'), null);

  const again = new OpQueue({ map: queue.map.copy(), version: server.version, transport: server.transport(),
    clientId: 'late', store, schedule: () => {} });
  again.perform(paint(3, 0, 4));
  await again.keeper.idle();
  server.deleted = true;
  assert.deepEqual(await restore(store, 7, server.transport()), { sent: 0, refused: [], lost: 1 });
  assert.equal(store.pendingOf(7), 0, 'nothing left to send again and again');
});

test('when storage fails the queue says so and takes no edit it could not keep, until what waits is saved', async () => {
  const store = new MemoryStore();
  const { server, clock, queue } = setUp({ store });
  server.offline = true;
  store.failing = true;
  queue.perform(paint(0, 0, 1));
  await queue.keeper.idle();
  assert.equal(queue.state, 'unkept');
  assert.throws(() => queue.perform(paint(1, 0, 2)), (e) => e.field === 'storage');
  assert.equal(queue.map.layer(1).get(1, 0), 0, 'a refused edit changes nothing');
  server.offline = false;
  await clock.runAll();
  await queue.keeper.idle();
  assert.equal(queue.state, 'saved', 'once saved nothing needs keeping');
  queue.perform(paint(1, 0, 2));
  assert.equal(queue.map.layer(1).get(1, 0), 2);
});
