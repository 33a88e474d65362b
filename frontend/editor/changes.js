// The History panel: the map's changes as the server reads its log ("Alice: 143 cells painted in Ground"), newest
// first. A click shows the map as it was after a change, read-only, under a banner ("Viewing v57 by Alice, 14:02"),
// while others' edits keep arriving underneath; "Back to live" returns, "Restore this version" makes the map equal
// to it with one new op (docs/review.md) whose undo becomes this editor's next undo step, "Compare with now" goes back
// to live with what changed since marked (compare.js). A change that spans several versions opens (▸) into its parts:
// the same versions read with no pause joining them (?gap=0), each viewable and comparable on its own.

import { versions, when } from '../history/diffs.js';
import { apiFetch, problemText } from '../sync/http.js';

const PAGE = 30;
/** At most this many parts of one change are listed (its newest). */
const PARTS = 50;

export class HistoryPanel {
  /**
   * @param {import('./editor.js').Editor} editor
   * @param {{list: HTMLElement, more: HTMLButtonElement, banner: HTMLElement, mapId: number,
   *          loadVersion: (version: number) => Promise<object>, notify: (text: string) => void,
   *          compare?: (version: number) => Promise<void>, fetchFn?: Function}} parts
   */
  constructor(editor, { list, more, banner, mapId, loadVersion, notify, compare = null, fetchFn = apiFetch }) {
    this.editor = editor;
    this.list = list;
    this.more = more;
    this.banner = banner;
    this.base = `/api/v1/maps/${mapId}`;
    this.loadVersion = loadVersion;
    this.notify = notify;
    this.fetch = fetchFn;
    this.changes = [];
    this.next = null;
    /** @type {Map<number, object[]>} the parts of the changes opened, by their toVersion */
    this.opened = new Map();
    /** @type {{change: object, map: object, readOnly: boolean}|null} the past version shown */
    this.viewing = null;
    this.shownVersion = -1;
    this.timer = null;
    more.addEventListener('click', () => this.older());
    banner.querySelector('[data-action="back-to-live"]').addEventListener('click', () => this.back());
    banner.querySelector('[data-action="restore-version"]')?.addEventListener('click', () => this.restore());
    banner.querySelector('[data-action="compare-now"]')?.addEventListener('click', () => {
      if (this.viewing === null || compare === null) return;
      const version = this.viewing.change.toVersion;
      this.back();
      compare(version).catch((e) => this.notify(`Could not compare: ${e.message}`));
    });
    // the map moved on: read the history again once edits pause for a moment
    editor.session.listen(() => {
      if (editor.session.version !== this.shownVersion) this.refreshSoon();
    });
  }

  refreshSoon(ms = 1500) {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.load().catch((e) => this.notify(`History: ${e.message}`)), ms);
  }

  async page(before) {
    const response = await this.fetch(`${this.base}/history?limit=${PAGE}${before ? `&before=${before}` : ''}`);
    if (!response.ok) throw new Error(`the server answered ${response.status}`);
    return response.json();
  }

  async load() {
    const page = await this.page(null);
    this.shownVersion = page.version;
    this.changes = page.changes;
    this.next = page.next ?? null;
    this.render();
  }

  async older() {
    if (this.next === null) return;
    const page = await this.page(this.next);
    this.changes = this.changes.concat(page.changes);
    this.next = page.next ?? null;
    this.render();
  }

  /** Opens a change that spans several versions into its parts (or closes it). */
  async toggle(change) {
    if (this.opened.has(change.toVersion)) {
      this.opened.delete(change.toVersion);
      this.render();
      return;
    }
    const count = Math.min(PARTS, change.toVersion - change.fromVersion + 1);
    const response = await this.fetch(`${this.base}/history?before=${change.toVersion + 1}&limit=${count}&gap=0`);
    if (!response.ok) throw new Error(`the server answered ${response.status}; try again`);
    const page = await response.json();
    this.opened.set(change.toVersion, page.changes.filter((c) => c.fromVersion >= change.fromVersion));
    this.render();
  }

  render() {
    const viewed = this.viewing?.change.toVersion;
    this.list.replaceChildren(...this.changes.map((change) => {
      const item = this.item(change, viewed);
      if (change.fromVersion < change.toVersion && change.fromVersion > 1) {
        const open = this.opened.has(change.toVersion);
        const toggle = document.createElement('button');
        toggle.type = 'button';
        toggle.className = 'parts-toggle';
        toggle.dataset.testid = 'change-parts';
        toggle.textContent = open ? '▾' : '▸';
        toggle.title = open ? 'Close its parts' : `Open its ${change.toVersion - change.fromVersion + 1} versions`;
        toggle.addEventListener('click', () => this.toggle(change)
          .catch((e) => this.notify(`Could not open ${versions(change)}: ${e.message}`)));
        item.append(toggle);
        if (open) {
          const parts = document.createElement('ul');
          parts.className = 'parts';
          parts.replaceChildren(...this.opened.get(change.toVersion).map((part) => this.item(part, viewed, 'change-part')));
          item.append(parts);
        }
      }
      return item;
    }));
    this.more.hidden = this.next === null;
  }

  /** One change as a list item: a button that shows the map as it was after it. */
  item(change, viewed, testid = 'change') {
    const item = document.createElement('li');
    item.dataset.testid = testid;
    item.classList.toggle('shown', change.toVersion === viewed);
    const button = document.createElement('button');
    button.type = 'button';
    button.title = `Show the map as it was at ${versions(change)}`;
    const head = document.createElement('span');
    head.className = 'when';
    head.textContent = `${when(change.endedAt)} · ${versions(change)}`;
    const text = document.createElement('span');
    text.className = 'what';
    text.textContent = change.summary.text;
    button.append(head, text);
    if (change.message) {
      // the message a push gave its version (tilewright push --message)
      const message = document.createElement('span');
      message.className = 'message';
      message.textContent = `“${change.message}”`;
      button.append(message);
    }
    button.addEventListener('click', () => this.view(change).catch((e) => this.notify(`Could not show ${versions(change)}: ${e.message}`)));
    item.append(button);
    return item;
  }

  /** Shows the map as it was after a change, read-only, until back() or a restore. */
  async view(change) {
    const map = await this.loadVersion(change.toVersion);
    const readOnly = this.viewing?.readOnly ?? this.editor.readOnly;
    this.viewing = { change, map, readOnly };
    this.editor.readOnly = true;
    this.editor.renderer.show(map);
    const who = change.author?.name ?? 'someone';
    this.banner.querySelector('[data-field="viewing"]').textContent =
      `Viewing v${change.toVersion} by ${who}, ${when(change.endedAt)}`;
    this.banner.hidden = false;
    this.render();
  }

  back() {
    if (this.viewing === null) return;
    this.editor.readOnly = this.viewing.readOnly;
    this.viewing = null;
    this.editor.renderer.show(this.editor.map);
    this.banner.hidden = true;
    this.render();
  }

  /** Makes the map equal to the version shown: one op by the server; its undo is this editor's next undo step. */
  async restore() {
    if (this.viewing === null) return;
    const version = this.viewing.change.toVersion;
    const response = await this.fetch(`${this.base}/restore`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'If-Match': '*' },
      body: JSON.stringify({ version }),
    });
    const answer = await response.json().catch(() => null);
    if (!response.ok) {
      this.notify(`Not restored: ${problemText(answer, response.status)}`);
      return;
    }
    this.back();
    if (!answer.changed) {
      this.notify(`The map is as it was at v${version} already.`);
      return;
    }
    this.notify(`Restored v${version} (now v${answer.version}); undo takes it back.`);
    // the undo step counts once this editor has the restore itself (it arrives like anyone's edit)
    const session = this.editor.session;
    const arrived = () => {
      if (session.version < answer.version) return false;
      this.editor.history.push(answer.undo);
      this.editor.emit('history');
      return true;
    };
    if (!arrived()) {
      const deadline = Date.now() + 60000;
      const wait = setInterval(() => {
        if (arrived()) {
          clearInterval(wait);
        } else if (Date.now() > deadline) {
          clearInterval(wait);
          this.notify('The restore is saved, but this editor did not receive it: reload the page to see it (undo cannot take it back here).');
        }
      }, 100);
    }
    this.refreshSoon(300);
  }
}
