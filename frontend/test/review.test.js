import { test } from 'node:test';
import assert from 'node:assert/strict';

import { ReviewFeed } from '../review/feed.js';
import { anchorFrom, parts, pinAt, ThreadStore, wrote } from '../review/threads.js';

const thread = (id, extra = {}) => ({ id, status: 'open', commentCount: 1, updatedAt: 't1',
  anchor: { x: id * 10, y: 0, width: 0, height: 0 }, comments: [{ id: id * 100, body: `first ${id}` }], ...extra });

test('frames keep the listed threads and the opened thread\'s comments current', () => {
  const store = new ThreadStore();
  store.load([thread(1), thread(2, { anchorChanged: true })]);
  store.open({ ...thread(2), commentCount: 2, comments: [{ id: 200, body: 'a' }, { id: 201, body: 'b' }] });
  // an answer to the opened thread is added; its anchorChanged stays what the listing said
  store.apply({ thread: { ...thread(2), commentCount: 3 }, comment: { id: 202, body: 'c' } });
  assert.deepEqual(store.commentsOf(2).map((c) => c.id), [200, 201, 202]);
  assert.equal(store.threads.get(2).anchorChanged, true);
  assert.equal(store.stale.size, 0);
  // an edit replaces, a removal takes out
  store.apply({ thread: { ...thread(2), commentCount: 3 }, comment: { id: 201, body: 'b2' } });
  assert.equal(store.commentsOf(2)[1].body, 'b2');
  store.apply({ thread: { ...thread(2), commentCount: 2 }, removedComment: 200 });
  assert.deepEqual(store.commentsOf(2).map((c) => c.id), [201, 202]);
  // a frame naming no comment (another instance's): the opened thread is read again
  store.apply({ thread: { ...thread(2), commentCount: 3 } });
  assert.ok(store.stale.has(2));
  // a thread not opened keeps the listing's comments; resolving moves it between the lists
  store.apply({ thread: { ...thread(1), status: 'resolved' } });
  assert.deepEqual(store.list('open').map((t) => t.id), [2]);
  assert.deepEqual(store.list('resolved').map((t) => t.id), [1]);
  assert.equal(store.commentsOf(1)[0].body, 'first 1');
  store.apply({ thread: { id: 2 }, removed: true });
  assert.deepEqual(store.list().map((t) => t.id), [1]);
  assert.equal(store.comments.has(2), false);
});

test('a new listing marks an opened thread that changed meanwhile as stale', () => {
  const store = new ThreadStore();
  store.load([thread(1)]);
  store.open({ ...thread(1), comments: [{ id: 100, body: 'x' }] });
  store.load([thread(1)]);
  assert.equal(store.stale.size, 0);
  store.load([thread(1, { updatedAt: 't2', commentCount: 2 })]);
  assert.ok(store.stale.has(1));
  store.load([]);
  assert.equal(store.comments.size, 0);
});

test('a comment is cut into text, http(s) links and the mentions the server matched', () => {
  const mentions = [{ userId: 4, name: 'Cora Commenter' }];
  assert.deepEqual(parts('see https://example.com/a?b=1. @CoraCommenter, and @nobody or javascript:alert(1)', mentions), [
    { text: 'see ' },
    { link: 'https://example.com/a?b=1' },
    { text: '. ' },
    { mention: '@CoraCommenter', name: 'Cora Commenter' },
    { text: ', and @nobody or javascript:alert(1)' },
  ]);
  // a dot that ends the sentence is not part of the name; an address is not a mention
  assert.deepEqual(parts('ask @coracommenter.', mentions), [
    { text: 'ask ' }, { mention: '@coracommenter', name: 'Cora Commenter' }, { text: '.' }]);
  assert.deepEqual(parts('mail cora@corp.test', mentions), [{ text: 'mail cora@corp.test' }]);
});

test('the writer of a comment: the same account, and for a share link the same name', () => {
  const person = { author: { account: 'user:5', name: 'Ed' } };
  assert.equal(wrote(person, { account: 'user:5', name: 'Edward' }), true);
  assert.equal(wrote(person, { account: 'user:6', name: 'Ed' }), false);
  const link = { author: { account: 'link:9', name: 'Rita' } };
  assert.equal(wrote(link, { account: 'link:9', name: 'Rita' }), true);
  assert.equal(wrote(link, { account: 'link:9', name: 'Sam' }), false);
  assert.equal(wrote(link, null), false);
});

test('a click pins a point, a drag a rectangle; the nearest pin within reach is hit', () => {
  assert.deepEqual(anchorFrom({ x: 10.4, y: 20.6 }, { x: 12, y: 21 }, 4), { x: 10, y: 21, width: 0, height: 0 });
  assert.deepEqual(anchorFrom({ x: 50, y: 40 }, { x: 10, y: 60 }, 4), { x: 10, y: 40, width: 40, height: 20 });
  const threads = [thread(1), thread(2), { ...thread(3), anchor: { x: 100, y: 100, width: 20, height: 10 } }];
  assert.equal(pinAt(threads, 12, 1, 5)?.id, 1);
  assert.equal(pinAt(threads, 16, 0, 5)?.id, 2);
  assert.equal(pinAt(threads, 110, 105, 2)?.id, 3);
  assert.equal(pinAt(threads, 60, 60, 5), null);
});

class FakeSocket {
  constructor() {
    this.sent = [];
  }

  send(text) {
    this.sent.push(JSON.parse(text));
  }

  close() {}
}

test('the preview\'s feed says hello for review only, passes threads on, pings, and comes back after a drop', () => {
  const sockets = [];
  const timers = [];
  const threads = [];
  let back = 0;
  const feed = new ReviewFeed({
    connect: () => {
      sockets.push(new FakeSocket());
      return sockets.at(-1);
    },
    clientId: 'p1',
    name: 'Rita (preview)',
    onThread: (frame) => threads.push(frame.thread.id),
    onBack: () => back++,
    schedule: (fn, ms) => timers.push({ fn, ms }) - 1,
    cancel: () => {},
    pingMs: 1000,
  }).start();
  sockets[0].onopen();
  assert.deepEqual(sockets[0].sent[0], { type: 'hello', protocol: 1, clientId: 'p1', name: 'Rita (preview)',
    lastVersion: null, watch: 'review' });
  sockets[0].onmessage({ data: JSON.stringify({ type: 'welcome', version: 3, ops: [] }) });
  sockets[0].onmessage({ data: new TextEncoder().encode(JSON.stringify({ type: 'frames', frames: [
    { type: 'op', version: 4 }, { type: 'thread', thread: { id: 7 } }] })).buffer });
  assert.deepEqual(threads, [7]);
  timers.at(-1).fn();
  assert.deepEqual(sockets[0].sent.at(-1), { type: 'ping' });
  sockets[0].onclose({ code: 1006 });
  assert.equal(timers.at(-1).ms, 250);
  timers.at(-1).fn();
  sockets[1].onopen();
  sockets[1].onmessage({ data: JSON.stringify({ type: 'welcome', version: 5, ops: [] }) });
  assert.equal(back, 1);
  // a deleted map: no reopening
  const count = timers.length;
  sockets[1].onclose({ code: 4404 });
  assert.equal(timers.length, count);
});
