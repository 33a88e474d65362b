// The live protocol (docs/live-protocol.md): every frame type both ends send, with its fields, in one place. The
// client writes its frames here and reads the server's through read(); the server's side is Java's
// live/protocol (ClientFrames reads these, Frames writes the server's). No socket, no model: just frames.

/** The protocol version; a hello with another is refused and the socket closed (1002). */
export const PROTOCOL = 1;

/**
 * The frames the server sends, by type:
 * - welcome  {protocol, version, clientId, ops: [op frames since the hello's lastVersion]}
 * - snapshot {protocol, version, clientId, map}: the whole map (no lastVersion, or too far behind)
 * - op       {version, clientId, clientSeq, op}: another editor's op, committed
 * - ack      {clientSeq, version, op}: ours, committed (op as logged, ids assigned)
 * - fetch    {version, clientId?, cells?}: an op (ours or another's) too large for the socket: read the log up to
 *            version over HTTP. Another's op that only writes cells names them ({layerId, x, y, width, height}
 *            rectangles): an editor that holds none of those chunks notes them as changed and reads nothing
 * - reject   {clientSeq, problem}: ours, refused (RFC 9457 problem naming the field, e.g. "op.cells[0].gid")
 * - people   {people: [{clientId, name, cursor?, tool?, selection?}]}
 * - presence {clientId, name, cursor?, tool?, selection?} (our own comes back too: ignored)
 * - error    {problem}: a frame the server could not take (not JSON, unknown type, before hello)
 * - pong     {}: the answer to a ping
 * - thread   {thread, comment?, removedComment?, removed}: a review thread was made, answered, edited, resolved or
 *            deleted (thread as a listing shows it; docs/review.md)
 * - checks   {version, results: [{name, type, passed, message, details}]}: the map's checks ran on a version
 * - frames   {frames: [op, ack, fetch, reject, thread and checks frames, in order]}: what was relayed to us in one short tick,
 *            as one message (the server sends one per editor per tick rather than one per op)
 */
export const SERVER_FRAMES = Object.freeze({
  WELCOME: 'welcome', SNAPSHOT: 'snapshot', OP: 'op', ACK: 'ack', FETCH: 'fetch', REJECT: 'reject', PEOPLE: 'people',
  PRESENCE: 'presence', ERROR: 'error', PONG: 'pong', FRAMES: 'frames', THREAD: 'thread', CHECKS: 'checks',
});

/** Close codes the server gives a reason with (4000-4999 are the application's). */
export const CLOSE_CODES = Object.freeze({ MAP_DELETED: 4404, ACCESS_ENDED: 4403 });

/** The frames the client sends, by type (each written by the function of the same name below). */
export const CLIENT_FRAMES = Object.freeze({ HELLO: 'hello', OP: 'op', PRESENCE: 'presence', PING: 'ping' });

/**
 * The first frame on a socket. @param {string} clientId the same on every reconnect of this page
 * @param {string} name @param {number|null} lastVersion the version we have (null: send a snapshot)
 * @param {'all'|'review'} [watch] review: a page without the map's cells (the preview) that wants review threads and
 *   the people list only (no snapshot, no ops)
 */
export function hello(clientId, name, lastVersion, watch = 'all') {
  return JSON.stringify({ type: CLIENT_FRAMES.HELLO, protocol: PROTOCOL, clientId, name, lastVersion,
    ...(watch === 'all' ? {} : { watch }) });
}

/** An op to commit; clientSeq grows per op and a resend keeps it. */
export function op(clientSeq, baseVersion, mapOp) {
  return JSON.stringify({ type: CLIENT_FRAMES.OP, clientSeq, baseVersion, op: mapOp });
}

/** Where we are and what we do: {cursor?: {x, y}, tool?, selection?}. */
export function presence(state) {
  return JSON.stringify({ type: CLIENT_FRAMES.PRESENCE, ...state });
}

/** Keeps an idle socket open (the server closes sockets silent for its idle timeout). */
export function ping() {
  return JSON.stringify({ type: CLIENT_FRAMES.PING });
}

const UTF8 = new TextDecoder();

/**
 * A server message as the socket hands it over: the server sends the UTF-8 of its JSON as a binary message (encoded
 * once for every editor due the same), read as an ArrayBuffer; text is taken too.
 */
export function read(data) {
  return JSON.parse(typeof data === 'string' ? data : UTF8.decode(data));
}

/** Most rectangles a fetch frame names (the server's Frames.FETCH_RECTS). */
export const FETCH_RECTS = 256;

/**
 * The cells a fetch frame names for an op, as the server's OpCells works them out (both are held to
 * src/test/resources/fixtures/fetch-cells.json; the fake server of the tests uses this): rectangles by layer when the
 * op only writes cells, a paint by the box of its cells; null when it does more, or names more than `max`.
 * @returns {{layerId: number, x: number, y: number, width: number, height: number}[]|null}
 */
export function fetchCells(op, max = FETCH_RECTS) {
  const out = [];
  const visit = (o) => {
    if (o === null || typeof o !== 'object') return false;
    if (o.type === 'batch') return Array.isArray(o.ops) && o.ops.every(visit);
    if (!Number.isInteger(o.layerId)) return false;
    if (o.type === 'paint') {
      if (!Array.isArray(o.cells) || !o.cells.every((c) => Number.isInteger(c?.x) && Number.isInteger(c?.y))) return false;
      if (o.cells.length > 0) {
        const xs = o.cells.map((c) => c.x);
        const ys = o.cells.map((c) => c.y);
        const x = Math.min(...xs);
        const y = Math.min(...ys);
        out.push({ layerId: o.layerId, x, y, width: Math.max(...xs) - x + 1, height: Math.max(...ys) - y + 1 });
      }
    } else if (o.type === 'fillRect' || o.type === 'putRegion' || o.type === 'restoreCells') {
      if (![o.x, o.y, o.width, o.height].every(Number.isInteger) || o.width < 0 || o.height < 0) return false;
      out.push({ layerId: o.layerId, x: o.x, y: o.y, width: o.width, height: o.height });
    } else {
      return false;
    }
    return out.length <= max;
  };
  return visit(op) ? out : null;
}
