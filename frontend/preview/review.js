// Review on the preview page: the Review panel beside the views, the threads' pins on every view (a click opens a
// thread), and the Comment button: while it is pressed a click on a view pins a point there, a drag a rectangle, and
// the panel asks for the first comment. Threads others write arrive over a review-only live socket (feed.js).

import { ReviewFeed } from '../review/feed.js';
import { ReviewPanel } from '../review/panel.js';
import { anchorFrom, pinPoint } from '../review/threads.js';

export class PreviewReview {
  /**
   * @param {HTMLElement} main the page's main element (data-map, data-account, data-may-comment, …)
   * @param {{scale: () => number, views: () => object[], centre: (x: number, y: number) => void, version: number,
   *   notify: (text: string) => void}} page
   */
  constructor(main, page) {
    this.page = page;
    const data = main.dataset;
    this.panel = new ReviewPanel(main.querySelector('[data-testid="review"]'), {
      mapId: Number(data.map),
      me: { account: data.account, name: data.name ?? '' },
      mayComment: data.mayComment === 'true',
      maintainer: data.maintainer === 'true',
      askName: data.shareLink === 'true',
      onJump: (thread) => page.centre(pinPoint(thread.anchor).x, pinPoint(thread.anchor).y),
      onChange: () => page.views().forEach((view) => this.place(view)),
      notify: page.notify,
    });
    this.button = main.querySelector('[data-testid="comment-mode"]');
    this.commenting = false;
    this.button?.addEventListener('click', () => {
      this.commenting = !this.commenting;
      this.button.setAttribute('aria-pressed', String(this.commenting));
      page.views().forEach((view) => view.el.classList.toggle('commenting', this.commenting));
    });
    this.panel.load().catch((e) => page.notify(`Review: ${e.message}`));
    const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/api/v1/maps/${data.map}/live`;
    this.feed = new ReviewFeed({
      connect: () => new WebSocket(url),
      clientId: crypto.randomUUID?.() ?? `p-${Date.now()}-${Math.random().toString(36).slice(2)}`,
      name: `${this.panel.me.name || 'Reviewer'} (preview)`,
      onThread: (frame) => this.panel.receive(frame),
      onBack: () => this.panel.load().catch(() => {}),
    }).start();
  }

  /**
   * A pointer went down on a view: while commenting it starts an anchor (and the view does not scroll); whether it
   * was taken.
   */
  pointerDown(view, event) {
    if (!this.commenting) return false;
    const at = (e) => {
      const box = view.el.getBoundingClientRect();
      const scale = this.page.scale();
      return { x: view.x + (e.clientX - box.left) / scale, y: view.y + (e.clientY - box.top) / scale };
    };
    const from = at(event);
    view.el.setPointerCapture(event.pointerId);
    const up = (e) => {
      view.el.removeEventListener('pointerup', up);
      const anchor = anchorFrom(from, at(e), 4 / this.page.scale());
      const { width, height } = this.page.map;
      const x = Math.max(0, Math.min(width, anchor.x));
      const y = Math.max(0, Math.min(height, anchor.y));
      this.panel.compose({ x, y, width: Math.min(anchor.width, width - x), height: Math.min(anchor.height, height - y) },
        this.page.version);
    };
    view.el.addEventListener('pointerup', up);
    return true;
  }

  /** Puts the threads' pins (and the one being written) on a view, where their anchors are. */
  place(view) {
    view.el.querySelectorAll('.pin, .pin-area').forEach((pin) => pin.remove());
    const scale = this.page.scale();
    const shown = this.panel.threads().map((thread) => ({ thread, anchor: thread.anchor }));
    if (this.panel.draft) shown.push({ thread: null, anchor: this.panel.draft.anchor });
    for (const { thread, anchor } of shown) {
      const left = (anchor.x - view.x) * scale;
      const top = (anchor.y - view.y) * scale;
      if (anchor.width > 0 || anchor.height > 0) {
        const area = document.createElement('div');
        area.className = 'pin-area';
        Object.assign(area.style, { left: `${left}px`, top: `${top}px`, width: `${anchor.width * scale}px`,
          height: `${anchor.height * scale}px` });
        view.el.append(area);
      }
      const p = pinPoint(anchor);
      const pin = document.createElement('button');
      pin.type = 'button';
      pin.className = `pin ${thread ? thread.status : 'draft'}${thread && thread.id === this.panel.selected ? ' selected' : ''}`;
      pin.dataset.testid = 'pin';
      pin.style.left = `${(p.x - view.x) * scale}px`;
      pin.style.top = `${(p.y - view.y) * scale}px`;
      if (thread) {
        pin.dataset.threadId = String(thread.id);
        pin.dataset.status = thread.status;
        pin.title = `#${thread.id}: ${this.panel.store.commentsOf(thread.id)[0]?.body.slice(0, 60) ?? ''}`;
        pin.textContent = thread.id < 1000 ? String(thread.id) : '•';
        pin.addEventListener('pointerdown', (e) => e.stopPropagation());
        pin.addEventListener('click', () => this.panel.select(thread.id)
          .catch((e) => this.page.notify(`Thread: ${e.message}`)));
      } else {
        pin.textContent = '+';
        pin.style.background = '#39cccc';
      }
      view.el.append(pin);
    }
  }
}
