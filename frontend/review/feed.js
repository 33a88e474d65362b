// The preview page's live socket: it says hello with watch "review" (docs/live-protocol.md), so it is sent no map and
// no ops, only review `thread` frames and the people list. It pings to stay open, opens again with growing pauses
// when dropped, and says when it is back (frames may have been missed meanwhile: the page reads the threads again).

import * as frames from '../sync/protocol.js';
import { CLOSE_CODES, SERVER_FRAMES } from '../sync/protocol.js';

export class ReviewFeed {
  /**
   * @param {object} options
   * @param {() => WebSocket} options.connect
   * @param {string} options.clientId
   * @param {string} options.name shown to the map's editors
   * @param {(frame: object) => void} options.onThread
   * @param {() => void} options.onBack the socket is open again after it was away
   */
  constructor({ connect, clientId, name, onThread, onBack, schedule = (fn, ms) => setTimeout(fn, ms),
    cancel = (t) => clearTimeout(t), pingMs = 10000 }) {
    Object.assign(this, { connect, clientId, name, onThread, onBack, schedule, cancel, pingMs });
    this.retryMs = 0;
    this.away = false;
    this.closed = false;
    this.socket = null;
  }

  start() {
    this.open();
    return this;
  }

  close() {
    this.closed = true;
    this.cancel(this.timer);
    this.socket?.close(1000, 'bye');
  }

  open() {
    const socket = this.connect();
    this.socket = socket;
    socket.binaryType = 'arraybuffer';
    socket.onopen = () => socket.send(frames.hello(this.clientId, this.name, null, 'review'));
    socket.onmessage = (message) => {
      if (socket === this.socket) this.receive(frames.read(message.data));
    };
    socket.onclose = (event) => {
      if (socket !== this.socket) return;
      this.socket = null;
      this.cancel(this.timer);
      if (this.closed || event?.code === CLOSE_CODES.MAP_DELETED || event?.code === CLOSE_CODES.ACCESS_ENDED) return;
      this.away = true;
      this.retryMs = Math.min(5000, this.retryMs === 0 ? 250 : this.retryMs * 2);
      this.timer = this.schedule(() => this.open(), this.retryMs);
    };
    socket.onerror = () => {};
  }

  receive(frame) {
    if (frame.type === SERVER_FRAMES.FRAMES) {
      frame.frames.forEach((one) => this.receive(one));
    } else if (frame.type === SERVER_FRAMES.THREAD) {
      this.onThread(frame);
    } else if (frame.type === SERVER_FRAMES.WELCOME) {
      this.retryMs = 0;
      if (this.away) this.onBack();
      this.away = false;
      this.ping();
    }
  }

  ping() {
    this.cancel(this.timer);
    if (this.pingMs <= 0) return;
    this.timer = this.schedule(() => {
      this.socket?.send(frames.ping());
      this.ping();
    }, this.pingMs);
  }
}
