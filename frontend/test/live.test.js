import assert from 'node:assert/strict';
import { test } from 'node:test';
import { History } from '../model/history.js';
import { snapshot } from '../model/tilemap.js';
import { LiveSession, personColor } from '../sync/live.js';
import { regionOp } from '../model/region.js';
import { remapIds } from '../sync/pending.js';
import { ChunkStream } from '../sync/chunks.js';
import { FakeLiveServer, ManualClock, MemoryStore, newMap, pack, random } from './support.js';

const paint = (x, y, gid) => ({ type: 'paint', layerId: 1, cells: [{ x, y, gid }] });

function session(server, clock, clientId, map, { store = null, now } = {}) {
  return new LiveSession({
    map, version: 1, clientId, name: clientId, connect: server.connect,
    opsSince: async (since, upTo) => server.log.filter((e) => e.version > since && e.version <= upTo),
    store, schedule: clock.schedule, cancel: () => {}, pingMs: 0, ...(now ? { now } : {}),
  }).start();
}

/** One connected session, a, welcomed. */
function oneSession() {
  const server = new FakeLiveServer(newMap());
  const clock = new ManualClock();
  const a = session(server, clock, 'a', server.map.copy());
  server.drain();
  return { server, clock, a };
}

/** Two connected sessions, a and b, on one server, welcomed. */
function twoSessions() {
  const base = newMap();
  const server = new FakeLiveServer(base);
  const clock = new ManualClock();
  const a = session(server, clock, 'a', base.copy());
  const b = session(server, clock, 'b', base.copy());
  server.drain();
  return { base, server, clock, a, b };
}

test('ops go out one by one, come back as acks, and others see them in order', () => {
  const { server, a, b } = twoSessions();
  assert.equal(a.state, 'saved');
  a.perform(paint(1, 1, 3));
  a.perform(paint(2, 1, 4));
  assert.equal(a.state, 'saving');
  assert.equal(a.map.layer(1).get(1, 1), 3, 'applied at once');
  let remote = 0;
  b.listen((e) => { if (e.type === 'remote') remote++; });
  server.drain();
  assert.equal(a.pending.length, 0);
  assert.equal(a.version, 3);
  assert.equal(b.version, 3);
  assert.equal(remote, 2);
  assert.deepEqual(snapshot(b.map), snapshot(server.map));
});

test('cells the server derives with an op (auto-layers) land under the sender\'s pending ops and everyone\'s map', () => {
  const base = newMap();
  // the auto-layer: every cell painted on the ground gets tile 5 on layer 3, in the same version
  const derive = (map, op) => op.type === 'paint' && op.layerId === 1 && map.layer(3)
    ? { type: 'paint', layerId: 3, cells: op.cells.map((c) => ({ x: c.x, y: c.y, gid: c.gid === 0 ? 0 : 5 })) } : null;
  const server = new FakeLiveServer(base, { derive });
  server.applyRemote({ type: 'addLayer', kind: 'tile', attributes: { name: 'auto', locked: true } });
  const clock = new ManualClock();
  const a = session(server, clock, 'a', base.copy());
  const b = session(server, clock, 'b', base.copy());
  server.drain();
  a.perform(paint(1, 1, 3));
  a.perform(paint(2, 1, 4));
  a.perform(paint(1, 1, 0));
  server.drain();
  assert.equal(a.pending.length, 0);
  assert.equal(a.map.layer(3).get(1, 1), 0, 'derived, then erased with the erase');
  assert.equal(a.map.layer(3).get(2, 1), 5);
  assert.deepEqual(snapshot(a.map), snapshot(server.map));
  assert.deepEqual(snapshot(b.map), snapshot(server.map));
});

test('a frames message is read as its frames, in order', () => {
  const { server, a, b } = twoSessions();
  server.coalesce = true;
  a.perform(paint(1, 1, 3));
  a.perform(paint(2, 1, 4));
  a.perform(paint(3, 1, 5));
  let messages = 0;
  const read = b.socket.onmessage;
  b.socket.onmessage = (m) => { messages++; read(m); };
  const sa = server.sockets.find((s) => s.clientId === 'a');
  while (sa.toServer.length > 0) server.receive(sa, JSON.parse(sa.toServer.shift()));
  server.drain(() => 0.99);
  assert.equal(b.version, 4);
  assert.ok(messages < 3, `the three relays came in ${messages} messages`);
  assert.equal(a.pending.length, 0);
  assert.deepEqual(snapshot(b.map), snapshot(server.map));
});

test('presence comes with a tick\'s frames, everyone\'s: its own is not shown as someone else', () => {
  const { a } = twoSessions();
  const shown = [];
  a.listen((e) => { if (e.type === 'presence') shown.push(e.person.clientId); });
  a.socket.onmessage({ data: JSON.stringify({ type: 'frames', frames: [
    { type: 'presence', clientId: 'a', name: 'a', cursor: { x: 1, y: 1 } },
    { type: 'presence', clientId: 'b', name: 'b', cursor: { x: 2, y: 2 } }] }) });
  assert.deepEqual(shown, ['b']);
  assert.deepEqual(a.people.get('b').cursor, { x: 2, y: 2 });
});

test('one person\'s tabs share their account\'s colour; a client without an account has its own', () => {
  const { a } = twoSessions();
  a.socket.onmessage({ data: JSON.stringify({ type: 'people', people: [
    { clientId: 'b', name: 'Bo', account: 'user:7' }, { clientId: 'c', name: 'Bo', account: 'user:7' },
    { clientId: 'd', name: 'Di', account: 'user:8' }, { clientId: 'e', name: 'old client' }] }) });
  assert.equal(a.people.get('b').color, personColor('user:7'));
  assert.equal(a.people.get('c').color, a.people.get('b').color);
  assert.notEqual(a.people.get('d').color, a.people.get('b').color);
  assert.equal(a.people.get('e').color, personColor('e'));
  a.socket.onmessage({ data: JSON.stringify({ type: 'presence', clientId: 'c', name: 'Bo', account: 'user:7',
    cursor: { x: 1, y: 1 } }) });
  assert.equal(a.people.get('c').color, personColor('user:7'));
});

test('a refused op is taken back, the rest stay, and the reason is told', () => {
  const base = newMap();
  const server = new FakeLiveServer(base);
  const clock = new ManualClock();
  const a = session(server, clock, 'a', base.copy());
  server.drain();
  // the server's map has no tileset with gid 15 any more: the op is refused there
  server.map.tilesets[0].tileCount = 8;
  const refused = [];
  a.listen((e) => { if (e.type === 'refused') refused.push(e.problem.field); });
  a.perform(paint(0, 0, 15));
  a.perform(paint(1, 0, 2));
  server.drain();
  assert.deepEqual(refused, ['op.cells[0].gid']);
  assert.equal(a.map.layer(1).get(0, 0), 0, 'taken back');
  assert.equal(a.map.layer(1).get(1, 0), 2);
  assert.equal(a.pending.length, 0);
});

for (const [code, state, why] of [[4404, 'deleted', 'a deleted map'], [4403, 'denied', 'access ended']]) {
  test(`${why}: the session says so with what was not saved, stops knocking and refuses new edits`, async () => {
    const { server, clock, a } = oneSession();
    const states = [];
    a.listen((e) => { if (e.type === 'state') states.push(e.state); });
    a.perform(paint(1, 1, 2));
    // the server closes every socket of a deleted map with 4404, one whose access ended with 4403
    server.cut(server.sockets[0], code);
    assert.equal(a.state, state);
    assert.equal(a.pending.length, 1, 'the unsaved edit is still counted');
    assert.throws(() => a.perform(paint(2, 2, 3)), (e) => e.field === 'map');
    assert.equal(a.map.layer(1).get(2, 2), 0, 'a refused edit leaves the map as it was');
    const sockets = server.sockets.length;
    await clock.runAll(3);
    assert.equal(server.sockets.length, sockets, 'no reconnect');
    assert.deepEqual(states.slice(-1), [state]);
  });
}

test('a dropped socket: edits wait, the status says so, and after reconnecting they arrive once', async () => {
  const base = newMap();
  const server = new FakeLiveServer(base);
  const clock = new ManualClock();
  const store = new MemoryStore();
  const a = session(server, clock, 'a', base.copy(), { store });
  const b = session(server, clock, 'b', base.copy());
  server.drain();
  const states = [];
  a.listen((e) => { if (e.type === 'state') states.push(e.state); });
  a.perform(paint(3, 3, 5));
  server.step(() => 0.99); // the op may or may not have reached the server...
  server.cut(server.sockets[0]); // ...when the connection is lost, its ack is lost anyway
  a.perform(paint(4, 3, 6));
  assert.equal(a.state, 'reconnecting');
  assert.equal(a.pending.length, 2);
  await a.keeper.idle();
  assert.equal(store.pendingOf(7), 2, 'kept for a reload');
  b.perform(paint(3, 3, 7)); // someone else paints the same cell meanwhile
  server.drain();
  await clock.runAll(1); // reconnect
  server.drain();
  assert.equal(a.state, 'saved');
  assert.ok(states.includes('reconnecting'));
  assert.equal(server.log.filter((e) => e.clientId === 'a').length, 2, 'each applied once');
  for (const s of [a, b]) assert.deepEqual(snapshot(s.map), snapshot(server.map));
  await a.keeper.idle();
  assert.equal(store.pendingOf(7), 0);
});

test('far behind: the server sends a snapshot and the gap is read over REST, the map object kept', async () => {
  const base = newMap();
  const server = new FakeLiveServer(base, { maxCatchUp: 3 });
  const clock = new ManualClock();
  const a = session(server, clock, 'a', base.copy());
  const map = a.map;
  server.drain();
  server.cut(server.sockets[0]);
  for (let i = 0; i < 10; i++) server.applyRemote(paint(i, 5, 1 + i));
  a.perform(paint(0, 5, 9));
  await clock.runAll(1);
  server.drain();
  await new Promise((resolve) => setImmediate(resolve));
  server.drain();
  assert.equal(a.map, map);
  assert.equal(a.version, 12);
  assert.equal(a.pending.length, 0);
  assert.deepEqual(snapshot(a.map), snapshot(server.map));
  assert.equal(server.map.layer(1).get(0, 5), 9, 'ours on top');
});

test('presence goes out at most every 50 ms, the last position always', () => {
  const base = newMap();
  const server = new FakeLiveServer(base);
  const clock = new ManualClock();
  let now = 1000;
  const a = session(server, clock, 'a', base.copy(), { now: () => now });
  const b = session(server, clock, 'b', base.copy());
  server.drain();
  const seen = [];
  b.listen((e) => { if (e.type === 'presence') seen.push(e.person.cursor.x); });
  for (let x = 0; x < 10; x++) {
    a.setPresence({ cursor: { x, y: 0 }, tool: 'brush' });
    now += 5;
  }
  server.drain();
  assert.deepEqual(seen, [0]);
  clock.timers.shift().fn();
  server.drain();
  assert.deepEqual(seen, [0, 9]);
  assert.equal(b.people.get('a').color, personColor('a'));
});

test('sessions on one server with random edits, delays and cut sockets converge (relays one by one or coalesced)', async () => {
  for (let seed = 1; seed <= 40; seed++) {
    const next = random(seed);
    const int = (n) => Math.floor(next() * n);
    const base = newMap();
    const server = new FakeLiveServer(base, { maxCatchUp: 8, coalesce: seed % 2 === 0 });
    const clock = new ManualClock();
    const clients = [0, 1, 2].map((i) => session(server, clock, `c${i}`, base.copy()));
    for (let step = 0; step < 150; step++) {
      const s = clients[int(3)];
      const op = int(3) === 0
        ? { type: 'fillRect', layerId: 1, x: int(18), y: int(10), width: 1 + int(3), height: 1 + int(3), gid: int(17) }
        : int(10) === 0 ? paint(0, 0, 40) // refused: no such tile
          : paint(int(20), int(12), int(17));
      try {
        s.perform(op);
      } catch (e) {
        // the local map refuses it too
      }
      for (let i = int(6); i > 0; i--) server.step(next);
      if (int(25) === 0) server.cut(server.sockets[int(server.sockets.length)]);
      if (int(5) === 0) await clock.runAll(int(3));
    }
    for (let round = 0; round < 20; round++) {
      await clock.runAll();
      server.drain(next);
      await new Promise((resolve) => setImmediate(resolve));
    }
    for (const s of clients) {
      assert.equal(s.pending.length, 0, `seed ${seed}: nothing pending`);
      assert.equal(s.version, server.version, `seed ${seed}: at the server's version`);
      assert.deepEqual(snapshot(s.map), snapshot(server.map), `seed ${seed}: client equals server`);
    }
  }
});

test('edits made while disconnected go as a few batches; at most maxInFlight ops are unanswered', async () => {
  const base = newMap({ width: 64, height: 64 });
  const server = new FakeLiveServer(base);
  const clock = new ManualClock();
  const a = new LiveSession({
    map: base.copy(), version: 1, clientId: 'a', name: 'a', connect: server.connect, opsSince: async () => [],
    schedule: clock.schedule, cancel: () => {}, pingMs: 0, maxInFlight: 50,
  }).start();
  server.drain();
  for (let i = 0; i < 120; i++) a.perform(paint(i % 64, Math.floor(i / 64), 1 + (i % 15)));
  assert.equal(server.sockets[0].toServer.length, 50, 'no more than 50 on their way');
  server.drain();
  assert.equal(a.pending.length, 0);

  server.cut(server.sockets[0]);
  for (let i = 0; i < 2500; i++) a.perform(paint(i % 64, 2 + Math.floor(i / 64), 1 + (i % 15)));
  await clock.runAll(1);
  server.drain();
  const frames = server.log.length;
  assert.equal(a.pending.length, 0);
  assert.ok(frames - 120 <= 6, `2,500 offline edits went as ${frames - 120} ops`);
  assert.deepEqual(snapshot(a.map), snapshot(server.map));
});

test('an op too large for a frame goes by REST under the same clientId and seq, its ack over the socket', async () => {
  const base = newMap();
  const server = new FakeLiveServer(base);
  const clock = new ManualClock();
  const posted = [];
  const a = new LiveSession({
    map: base.copy(), version: 1, clientId: 'a', name: 'a', connect: server.connect, opsSince: async () => [],
    schedule: clock.schedule, cancel: () => {}, pingMs: 0, maxFrameChars: 200,
    postOps: async (body) => {
      posted.push(body.clientSeq);
      return server.post(body);
    },
  }).start();
  server.drain();
  a.perform(paint(1, 1, 2));
  a.perform({ type: 'fillRect', layerId: 1, x: 0, y: 0, width: 20, height: 12, gid: 3, note: 'x'.repeat(300) });
  await new Promise((resolve) => setImmediate(resolve));
  server.drain();
  assert.deepEqual(posted, [2]);
  assert.equal(a.pending.length, 0);
  assert.equal(server.map.layer(1).get(5, 5), 3);
  assert.deepEqual(snapshot(a.map), snapshot(server.map));
});

test('an op answered 429 or 503 is kept and sent again after reconnecting, not taken back', async () => {
  const { server, clock, a } = oneSession();
  a.perform(paint(4, 4, 6));
  const socket = server.sockets[0];
  socket.toServer.shift(); // the server answers it with "too many" instead of applying it
  socket.toClient.push({ type: 'reject', clientSeq: 1, problem: { status: 429, detail: 'slow down' } });
  const refused = [];
  a.listen((e) => { if (e.type === 'refused') refused.push(e); });
  server.drain();
  assert.equal(a.map.layer(1).get(4, 4), 6, 'still on the map');
  assert.equal(a.pending.length, 1);
  assert.deepEqual(refused, []);
  await clock.runAll(1);
  server.drain();
  assert.equal(a.pending.length, 0);
  assert.equal(server.map.layer(1).get(4, 4), 6);
});

test('two editors creating an object at once both keep theirs; the move goes to the mover\'s own object', () => {
  for (let seed = 1; seed <= 20; seed++) sameIdAtOnce(seed);
});

function sameIdAtOnce(seed) {
  const { server, a, b } = twoSessions();
  // both draw an object at once: both name it 1 locally
  a.perform({ type: 'addObject', layerId: 2, object: { id: 0, name: 'mine', x: 0, y: 0 } });
  a.perform({ type: 'updateObject', layerId: 2, objectId: 1, patch: { name: 'moved mine' } });
  assert.equal(server.sockets[0].toServer.length, 1, 'the move waits for the add');
  b.perform({ type: 'addObject', layerId: 2, object: { id: 0, name: 'theirs', x: 50, y: 0 } });
  const remaps = [];
  a.listen((e) => {
    if (e.type === 'remap') remaps.push(e);
    assert.ok(e.type !== 'dropped' && e.type !== 'refused', `nothing lost (${e.type})`);
  });
  // b's add reaches the server first
  server.receive(server.sockets[1], JSON.parse(server.sockets[1].toServer.shift()));
  server.drain(random(seed));
  assert.equal(a.pending.length, 0);
  const objects = server.map.layer(2).objects;
  assert.deepEqual(objects.map((o) => `${o.id} ${o.name}`).sort(), ['1 theirs', '2 moved mine']);
  assert.deepEqual(remaps.map((r) => `${r.kind} ${r.from}->${r.to}`), ['object 1->2']);
  for (const s of [a, b]) assert.deepEqual(snapshot(s.map), snapshot(server.map));
}

test('undo follows an object the server gave another id', () => {
  const { server, a, b } = twoSessions();
  const history = new History((op) => a.perform(op));
  a.listen((e) => {
    if (e.type === 'remap') history.rewrite((op) => remapIds(op, e.kind, e.from, e.to));
  });
  b.perform({ type: 'addObject', layerId: 2, object: { id: 0, name: 'theirs', x: 50, y: 0 } });
  history.record(a.perform({ type: 'addObject', layerId: 2, object: { id: 0, name: 'mine', x: 0, y: 0 } }));
  server.receive(server.sockets[1], JSON.parse(server.sockets[1].toServer.shift()));
  server.drain();
  history.undo();
  server.drain();
  assert.deepEqual(server.map.layer(2).objects.map((o) => o.name), ['theirs'], 'undo removed mine, not theirs');
  assert.deepEqual(snapshot(a.map), snapshot(server.map));
});

test('an undone delete brings the object back under its own id, not the next free one', () => {
  const { server, a, b } = twoSessions();
  const history = new History((op) => a.perform(op));
  history.record(a.perform({ type: 'addObject', layerId: 2, object: { id: 0, name: 'crate', x: 0, y: 0 } }));
  server.drain();
  b.perform({ type: 'addObject', layerId: 2, object: { id: 0, name: 'theirs', x: 50, y: 0 } });
  server.drain();
  history.record(a.perform({ type: 'removeObject', layerId: 2, objectId: 1 }));
  server.drain();
  history.undo();
  server.drain();
  assert.deepEqual(server.map.layer(2).objects.map((o) => `${o.id} ${o.name}`).sort(), ['1 crate', '2 theirs']);
  assert.equal(server.map.nextObjectId, 3);
  for (const s of [a, b]) assert.deepEqual(snapshot(s.map), snapshot(server.map));
});

const addThing = (name, x) => ({ type: 'addObject', layerId: 2, object: { id: 0, name, x, y: 0 } });
const rename = (objectId, name) => ({ type: 'updateObject', layerId: 2, objectId, patch: { name } });
const named = (map) => map.layer(2).objects.map((o) => `${o.id} ${o.name}`).sort();

test('two new objects of one editor and one of another\'s at once: each rename reaches its own object', () => {
  for (let seed = 1; seed <= 20; seed++) {
    const { server, a, b } = twoSessions();
    const history = new History((op) => a.perform(op));
    a.listen((e) => {
      if (e.type === 'remap') history.rewrite((op) => remapIds(op, e.kind, e.from, e.to));
    });
    // a makes 1 and 2 locally and renames both, the first after making the second
    history.record(a.perform(addThing('A', 0)));
    history.record(a.perform(addThing('B', 20)));
    history.record(a.perform(rename(1, 'A moved')));
    history.record(a.perform(rename(2, 'B moved')));
    b.perform(addThing('theirs', 50));
    server.receive(server.sockets[1], JSON.parse(server.sockets[1].toServer.shift()));
    server.drain(random(seed));
    assert.deepEqual(named(server.map), ['1 theirs', '2 A moved', '3 B moved'], `seed ${seed}`);
    for (const s of [a, b]) assert.deepEqual(snapshot(s.map), snapshot(server.map));
    history.undo(); // B's rename
    history.undo(); // A's rename
    server.drain(random(seed));
    assert.deepEqual(named(server.map), ['1 theirs', '2 A', '3 B'], `seed ${seed}: undo follows both`);
  }
});

test('offline, two new objects; another editor\'s takes id 1 meanwhile: the rebase keeps each rename on its own', async () => {
  const { server, clock, a } = oneSession();
  server.cut(server.sockets[0]);
  a.perform(addThing('A', 0));
  a.perform(addThing('B', 20));
  a.perform(rename(1, 'A moved'));
  a.perform(rename(2, 'B moved'));
  server.applyRemote(addThing('theirs', 50));
  await clock.runAll(1);
  server.drain();
  await new Promise((resolve) => setImmediate(resolve));
  server.drain();
  assert.equal(a.pending.length, 0);
  assert.deepEqual(named(server.map), ['1 theirs', '2 A moved', '3 B moved']);
  assert.deepEqual(snapshot(a.map), snapshot(server.map));
});

test('an op too large for the socket reaches everyone as a fetch: read over REST, acknowledged, nobody cut off', async () => {
  const base = newMap();
  const server = new FakeLiveServer(base, { maxOpChars: 300 });
  const clock = new ManualClock();
  const a = session(server, clock, 'a', base.copy());
  const b = session(server, clock, 'b', base.copy());
  server.drain();
  const next = random(3);
  const gids = Uint32Array.from({ length: 20 * 12 }, () => 1 + Math.floor(next() * 16));
  a.perform(regionOp(1, { x: 0, y: 0, width: 20, height: 12 }, gids)); // noise: its data is long
  a.perform(paint(0, 0, 2)); // small, after it
  server.drain();
  for (let i = 0; i < 5; i++) {
    await new Promise((resolve) => setImmediate(resolve));
    server.drain();
  }
  assert.ok(server.log.length === 2);
  for (const s of [a, b]) {
    assert.equal(s.state, 'saved', s.clientId);
    assert.equal(s.version, 3);
    assert.deepEqual(snapshot(s.map), snapshot(server.map));
  }
  assert.equal(server.sockets.filter((s) => s.open).length, 2, 'nobody was cut off');
  // a client coming back after it gets a snapshot (the welcome would hold it) and reads the gap
  const c = session(server, clock, 'c', base.copy());
  c.version = 1;
  server.drain();
  await new Promise((resolve) => setImmediate(resolve));
  server.drain();
  assert.equal(c.version, 3);
  assert.deepEqual(snapshot(c.map), snapshot(server.map));
});

test('storage failing: the status says the edits are only in this tab, and no edit is taken that could not be kept', async () => {
  const base = newMap();
  const server = new FakeLiveServer(base);
  const clock = new ManualClock();
  const store = new MemoryStore();
  const a = session(server, clock, 'a', base.copy(), { store });
  server.drain();
  const told = [];
  a.listen((e) => { if (e.type === 'state') told.push(`${e.state} ${e.pending}`); });
  store.failing = true;
  a.perform(paint(1, 1, 2));
  await a.keeper.idle();
  assert.equal(a.state, 'unkept');
  assert.equal(told.at(-1), 'unkept 1');
  assert.throws(() => a.perform(paint(2, 1, 3)), (e) => e.field === 'storage');
  assert.equal(a.map.layer(1).get(2, 1), 0);
  server.cut(server.sockets[0]); // and the connection drops too: still unkept, never "saved"
  assert.equal(a.state, 'unkept');
  await clock.runAll(1);
  server.drain();
  await a.keeper.idle();
  assert.equal(a.state, 'saved', 'acknowledged: nothing waits that needs keeping');
  assert.equal(server.map.layer(1).get(1, 1), 2);
  store.failing = false;
  a.perform(paint(2, 1, 3));
  await a.keeper.idle();
  assert.equal(store.pendingOf(7), 1, 'kept again once storage works');
});

test('a fetch naming cells is never read: a streamed editor notes them, and reads again only the chunks it holds there', async () => {
  const base = newMap({ width: 1024, height: 512 }); // 16x8 chunks, 4x2 blocks
  const server = new FakeLiveServer(base, { maxOpChars: 300 });
  const clock = new ManualClock();
  const a = session(server, clock, 'a', base.copy());
  const streamed = base.copy();
  let reads = 0;
  const b = new LiveSession({
    map: streamed, version: 1, clientId: 'b', name: 'b', connect: server.connect,
    opsSince: async (since, upTo) => { reads++; return server.log.filter((e) => e.version > since && e.version <= upTo); },
    schedule: clock.schedule, cancel: () => {}, pingMs: 0,
  }).start();
  const packs = [];
  const stream = new ChunkStream({
    map: streamed, session: b, margin: 0,
    fetchPack: async (query, fresh) => {
      packs.push({ query, fresh });
      return { version: server.version, buffer: pack(server.map, server.version, query) };
    },
  });
  const settle = async () => {
    for (let i = 0; i < 6; i++) {
      server.drain();
      await new Promise((resolve) => setImmediate(resolve));
    }
  };
  stream.want({ x: 0, y: 0, width: 100, height: 100 }); // b holds the top-left block (4x4 chunks) only
  await settle();
  const layer = streamed.layer(1);
  assert.equal(layer.isLoaded(0), true);
  const next = random(9);
  const noise = (w, h) => Uint32Array.from({ length: w * h }, () => 1 + Math.floor(next() * 16));
  const fetched = packs.length;
  a.perform(regionOp(1, { x: 600, y: 300, width: 40, height: 20 }, noise(40, 20))); // far from what b holds
  await settle();
  assert.equal(server.version, 2);
  assert.equal(b.version, 2, 'b is at the version');
  assert.equal(reads, 0, 'and read nothing');
  assert.equal(packs.length, fetched, 'not even a pack');
  assert.equal(layer.missed.get(4 * layer.chunksX + 9), 2, 'the chunk it wrote is noted at its version');
  assert.equal(a.state, 'saved', 'a read its own to be acknowledged');

  a.perform(regionOp(1, { x: 20, y: 10, width: 40, height: 20 }, noise(40, 20))); // over b's chunks
  await settle();
  assert.equal(b.version, 3);
  assert.equal(reads, 0, 'the op is not read');
  assert.deepEqual(packs.slice(fetched).map((p) => p.fresh), [true], 'the block it holds there, read again past the cache');
  for (let y = 0; y < 256; y++) {
    for (let x = 0; x < 256; x++) assert.equal(layer.get(x, y), server.map.layer(1).get(x, y), `(${x}, ${y})`);
  }
});

test('the cells a fetch names follow the fixtures the server is held to', async () => {
  const { readFileSync } = await import('node:fs');
  const { fetchCells } = await import('../sync/protocol.js');
  const fixtures = JSON.parse(readFileSync(new URL('../../src/test/resources/fixtures/fetch-cells.json', import.meta.url), 'utf8'));
  assert.ok(fixtures.cases.length > 5);
  for (const c of fixtures.cases) assert.deepEqual(fetchCells(c.op), c.cells, c.name);
  const many = { type: 'batch', ops: Array.from({ length: 257 }, (_, i) => ({ type: 'fillRect', layerId: 1, x: i, y: 0, width: 1, height: 1, gid: 1 })) };
  assert.equal(fetchCells(many), null, 'past 256 rectangles everyone reads it');
});
