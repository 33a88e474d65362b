// The Review panel of the editor and the preview: the map's threads (open, resolved or all), one opened with all its
// comments, answered, resolved or reopened; a comment's writer edits or deletes it, a maintainer deletes any; a new
// thread is written where the page's pin tool put its anchor. Everything goes through the REST API
// (docs/review.md); what others do arrives as live `thread` frames (receive()). Text is only ever set as text.

import { apiFetch } from '../sync/http.js';
import { el } from '../render/dom.js';
import { parts, ThreadStore, wrote } from './threads.js';

const NAME_KEY = 'tilewright.reviewerName';


function when(iso) {
  if (!iso) return '';
  const date = new Date(iso);
  return date.toLocaleString(undefined, { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });
}

/** A comment's text as nodes: text, links (opened in a new tab, no referrer) and mentions. */
function bodyNodes(comment) {
  return parts(comment.body, comment.mentions).map((p) => {
    if (p.link) return el('a', { href: p.link, target: '_blank', rel: 'noopener noreferrer nofollow' }, p.link);
    if (p.mention) return el('span', { className: 'mention', title: p.name }, p.mention);
    return document.createTextNode(p.text);
  });
}

export class ReviewPanel {
  /**
   * @param {HTMLElement} root holds [data-testid=threads] (the list), [data-field=review-status] (a select) and
   *   [data-testid=thread-compose] (a form with a textarea, [data-field=reviewer-name] and submit/cancel buttons)
   * @param {object} options
   * @param {number} options.mapId
   * @param {{account: string, name: string}} options.me who this page writes as
   * @param {boolean} options.mayComment whether it may write (commenter, editor, maintainer, comment share link)
   * @param {boolean} options.maintainer deletes anyone's comments
   * @param {boolean} options.askName a share link's holder gives a name to write under
   * @param {(thread: object) => void} options.onJump shows a thread's anchor
   * @param {() => void} options.onChange the threads changed (pins to draw again)
   * @param {(text: string) => void} options.notify
   */
  constructor(root, { mapId, me, mayComment, maintainer, askName, onJump, onChange, notify, fetchFn = apiFetch }) {
    this.root = root;
    this.base = `/api/v1/maps/${mapId}/threads`;
    // a share link's holder writes under the name they give (kept in this browser)
    this.me = askName ? { ...me, name: localStorage.getItem(NAME_KEY) || 'Reviewer' } : me;
    this.mayComment = mayComment;
    this.maintainer = maintainer;
    this.askName = askName;
    this.onJump = onJump;
    this.onChange = onChange;
    this.notify = notify;
    this.fetch = fetchFn;
    this.store = new ThreadStore();
    this.selected = null;
    this.editing = null;
    this.list = root.querySelector('[data-testid="threads"]');
    this.status = root.querySelector('[data-field="review-status"]');
    this.form = root.querySelector('[data-testid="thread-compose"]');
    this.nameInput = this.form.querySelector('[data-field="reviewer-name"]');
    this.nameInput.closest('label').hidden = !askName;
    this.nameInput.value = localStorage.getItem(NAME_KEY) ?? '';
    this.replyText = el('textarea', { rows: 2, placeholder: 'Reply… (@name mentions a member)', 'data-testid': 'reply-text' });
    this.status.addEventListener('change', () => this.render());
    this.form.addEventListener('submit', (e) => {
      e.preventDefault();
      this.post().catch((error) => this.notify(`Thread not posted: ${error.message}`));
    });
    this.form.querySelector('[data-action="thread-cancel"]').addEventListener('click', () => this.cancel());
  }

  /** Reads the map's threads again (on start, and after the live socket was away). */
  async load() {
    const answer = await this.call('GET', `${this.base}?status=all&limit=200`);
    this.store.load(answer.threads);
    if (this.selected !== null && this.store.stale.has(this.selected)) await this.readThread(this.selected);
    this.changed();
  }

  /** A live `thread` frame. */
  receive(frame) {
    const id = this.store.apply(frame);
    if (frame.removed && this.selected === id) this.selected = null;
    if (this.selected === id && this.store.stale.has(id)) this.readThread(id).then(() => this.changed(), () => {});
    this.changed();
  }

  /** The threads (for pins), with the one opened. */
  threads() {
    return this.store.list(this.status.value === 'all' ? 'all' : this.status.value);
  }

  /** Starts a new thread at `anchor` (map pixels), made at `version`: the form asks for its first comment. */
  compose(anchor, version) {
    if (!this.mayComment) return;
    this.draft = { anchor, version };
    this.form.hidden = false;
    this.form.querySelector('[data-field="compose-where"]').textContent = anchor.width || anchor.height
      ? `${anchor.width}×${anchor.height} px at ${anchor.x}, ${anchor.y}` : `the point ${anchor.x}, ${anchor.y}`;
    this.form.querySelector('textarea').focus();
    this.onChange();
  }

  cancel() {
    this.draft = null;
    this.form.hidden = true;
    this.form.reset();
    this.nameInput.value = localStorage.getItem(NAME_KEY) ?? '';
    this.onChange();
  }

  async post() {
    const body = this.form.querySelector('textarea').value;
    const name = this.writerName();
    const made = await this.call('POST', this.base, { ...this.draft, body, name });
    this.cancel();
    this.store.apply({ thread: made, comment: made.comments[0] });
    await this.select(made.id);
  }

  writerName() {
    if (!this.askName) return undefined;
    const name = this.nameInput.value.trim();
    if (name) localStorage.setItem(NAME_KEY, name);
    this.me = { ...this.me, name: name || 'Reviewer' };
    return name || undefined;
  }

  /** Opens a thread (all its comments) and shows its anchor; null closes it. */
  async select(id) {
    this.selected = id;
    this.editing = null;
    if (id === null) {
      this.changed();
      return;
    }
    await this.readThread(id);
    this.changed();
    this.onJump(this.store.threads.get(id));
  }

  async readThread(id) {
    try {
      this.store.open(await this.call('GET', `${this.base}/${id}`));
    } catch (error) {
      this.store.stale.delete(id);
      throw error;
    }
  }

  async reply(id) {
    const body = this.replyText.value;
    const comment = await this.call('POST', `${this.base}/${id}/comments`, { body, name: this.writerName() });
    this.replyText.value = '';
    this.store.apply({ thread: { ...this.store.threads.get(id), commentCount: this.store.commentsOf(id).length + 1 },
      comment });
    this.changed();
  }

  async resolve(id, resolved) {
    this.store.apply({ thread: await this.call('PATCH', `${this.base}/${id}`, { resolved, name: this.writerName() }) });
    this.changed();
  }

  async saveEdit(threadId, commentId, body) {
    const comment = await this.call('PATCH', `${this.base}/${threadId}/comments/${commentId}`, { body });
    this.editing = null;
    this.store.apply({ thread: this.store.threads.get(threadId), comment });
    this.changed();
  }

  async remove(threadId, commentId) {
    await this.call('DELETE', `${this.base}/${threadId}/comments/${commentId}`);
    await this.load();
  }

  async call(method, url, body) {
    const response = await this.fetch(url, body === undefined ? { method }
      : { method, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    if (response.status === 204) return null;
    const answer = await response.json().catch(() => null);
    if (!response.ok) throw new Error(answer?.detail ?? `the server answered ${response.status}`);
    return answer;
  }

  changed() {
    this.render();
    this.onChange();
  }

  render() {
    const shown = this.threads();
    const counts = { open: this.store.list('open').length, resolved: this.store.list('resolved').length };
    this.root.querySelector('[data-field="review-counts"]').textContent =
      `${counts.open} open, ${counts.resolved} resolved`;
    this.list.replaceChildren(...shown.map((t) => this.item(t)));
    if (shown.length === 0) this.list.append(el('li', { className: 'empty' }, 'No threads. Pin one with the Comment tool.'));
  }

  item(thread) {
    const comments = this.store.commentsOf(thread.id);
    const first = comments[0];
    const open = this.selected === thread.id;
    const head = el('button', { type: 'button', className: 'thread-head', 'data-action': 'thread-open' },
      el('span', { className: `pin-badge ${thread.status}` }, `#${thread.id}`), ' ',
      el('span', { className: 'excerpt' }, first ? first.body.slice(0, 80) : ''), ' ',
      el('span', { className: 'meta' }, `${first?.author.name ?? ''} · v${thread.version}`
        + ` · ${thread.commentCount} comment${thread.commentCount === 1 ? '' : 's'}`),
      thread.anchorChanged ? el('span', { className: 'changed', 'data-testid': 'anchor-changed',
        title: 'What the thread is pinned to changed since it was made' }, 'changed since') : null,
      thread.status === 'resolved' ? el('span', { className: 'resolved-mark' }, 'resolved') : null);
    head.addEventListener('click', () => this.select(open ? null : thread.id)
      .catch((e) => this.notify(`Thread: ${e.message}`)));
    const li = el('li', { className: `thread ${thread.status}${open ? ' open' : ''}`, 'data-testid': 'thread',
      'data-thread-id': thread.id, 'data-status': thread.status }, head);
    if (open) li.append(this.details(thread, comments));
    return li;
  }

  details(thread, comments) {
    const box = el('div', { className: 'thread-body' });
    for (const comment of comments) box.append(this.comment(thread, comment));
    if (thread.status === 'resolved') {
      box.append(el('p', { className: 'meta' }, `Resolved by ${thread.resolvedBy ?? 'someone'} ${when(thread.resolvedAt)}`));
    }
    if (this.mayComment) {
      const send = el('button', { type: 'button', className: 'button primary', 'data-testid': 'reply-send' }, 'Reply');
      send.addEventListener('click', () => this.reply(thread.id).catch((e) => this.notify(`Reply not sent: ${e.message}`)));
      const toggle = el('button', { type: 'button', className: 'button', 'data-testid': 'thread-resolve' },
        thread.status === 'resolved' ? 'Reopen' : 'Resolve');
      toggle.addEventListener('click', () => this.resolve(thread.id, thread.status !== 'resolved')
        .catch((e) => this.notify(`Not changed: ${e.message}`)));
      box.append(this.replyText, el('div', { className: 'actions' }, send, toggle));
    }
    return box;
  }

  comment(thread, comment) {
    const mine = wrote(comment, this.me);
    const item = el('div', { className: 'comment', 'data-testid': 'comment', 'data-comment-id': comment.id },
      el('div', { className: 'meta' }, el('strong', {}, comment.author.name),
        comment.author.account?.startsWith('link:') ? ' (share link)' : '', ` · ${when(comment.createdAt)}`,
        comment.editedAt ? ' · edited' : ''));
    if (this.editing === comment.id) {
      const text = el('textarea', { rows: 3, value: comment.body });
      const save = el('button', { type: 'button', className: 'button primary' }, 'Save');
      save.addEventListener('click', () => this.saveEdit(thread.id, comment.id, text.value)
        .catch((e) => this.notify(`Not saved: ${e.message}`)));
      const cancel = el('button', { type: 'button', className: 'button' }, 'Cancel');
      cancel.addEventListener('click', () => {
        this.editing = null;
        this.render();
      });
      item.append(text, el('div', { className: 'actions' }, save, cancel));
      return item;
    }
    item.append(el('p', { className: 'text' }, ...bodyNodes(comment)));
    const actions = el('div', { className: 'actions small' });
    if (mine && this.mayComment) {
      const edit = el('button', { type: 'button', className: 'link' }, 'Edit');
      edit.addEventListener('click', () => {
        this.editing = comment.id;
        this.render();
      });
      actions.append(edit);
    }
    if ((mine && this.mayComment) || this.maintainer) {
      const remove = el('button', { type: 'button', className: 'link' }, 'Delete');
      remove.addEventListener('click', () => this.remove(thread.id, comment.id)
        .catch((e) => this.notify(`Not deleted: ${e.message}`)));
      actions.append(remove);
    }
    if (actions.childElementCount > 0) item.append(actions);
    return item;
  }
}
