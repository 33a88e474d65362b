// Review threads as a page holds them (no DOM): the map's threads from a listing, kept current by the live `thread`
// frames (docs/live-protocol.md), with the comments of the threads someone opened; a comment's text cut into plain
// text, links and @mentions for drawing safely; pins hit-tested in map pixels. The editor and the preview share it.

/**
 * The threads of one map. A listing gives each thread with its first and latest comment; `open(id, comments)` keeps
 * all of one thread's comments, which frames then keep current (a frame from another instance names no comment: that
 * thread's comments are `stale` until read again).
 */
export class ThreadStore {
  constructor() {
    /** @type {Map<number, object>} by id, as listed */
    this.threads = new Map();
    /** @type {Map<number, object[]>} all comments of the threads opened */
    this.comments = new Map();
    /** threads whose comments are to be read again */
    this.stale = new Set();
  }

  /** A listing (GET …/threads): replaces what was held, keeping the comments of opened threads. */
  load(threads) {
    const known = this.threads;
    this.threads = new Map(threads.map((t) => [t.id, t]));
    for (const id of this.comments.keys()) {
      const was = known.get(id);
      const now = this.threads.get(id);
      if (!now) this.comments.delete(id);
      else if (!was || was.updatedAt !== now.updatedAt || was.commentCount !== now.commentCount) this.stale.add(id);
    }
  }

  /** All comments of a thread (GET …/threads/{id}). */
  open(thread) {
    this.threads.set(thread.id, { ...this.threads.get(thread.id), ...thread });
    this.comments.set(thread.id, thread.comments);
    this.stale.delete(thread.id);
  }

  /** A live `thread` frame; the id of the thread it was about. */
  apply(frame) {
    const { thread } = frame;
    if (frame.removed) {
      this.threads.delete(thread.id);
      this.comments.delete(thread.id);
      this.stale.delete(thread.id);
      return thread.id;
    }
    const was = this.threads.get(thread.id);
    // a frame does not say whether the anchored cells changed: what the last listing said stands
    this.threads.set(thread.id, { ...thread, anchorChanged: thread.anchorChanged ?? was?.anchorChanged });
    const comments = this.comments.get(thread.id);
    if (comments) {
      if (frame.comment) {
        const at = comments.findIndex((c) => c.id === frame.comment.id);
        if (at >= 0) comments[at] = frame.comment; else comments.push(frame.comment);
      } else if (frame.removedComment !== undefined && frame.removedComment !== null) {
        const at = comments.findIndex((c) => c.id === frame.removedComment);
        if (at >= 0) comments.splice(at, 1);
      }
      if (comments.length !== thread.commentCount) this.stale.add(thread.id);
    }
    return thread.id;
  }

  /** The threads, newest first: `status` open, resolved or all. */
  list(status = 'all') {
    return [...this.threads.values()].filter((t) => status === 'all' || t.status === status)
      .sort((a, b) => b.id - a.id);
  }

  /** A thread's comments: all of them once opened, else those the listing gave. */
  commentsOf(id) {
    return this.comments.get(id) ?? this.threads.get(id)?.comments ?? [];
  }
}

const LINK = /\bhttps?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)\]]/g;

/**
 * A comment's text as parts to draw: `{text}`, `{link}` (http and https addresses only) and `{mention, name}` (an
 * @handle the server matched to a project member: by the name without spaces or the email's local part, either case).
 */
export function parts(body, mentions = []) {
  const handles = new Map();
  for (const m of mentions) handles.set(m.name.replace(/\s+/g, '').toLowerCase(), m.name);
  const out = [];
  let text = '';
  const flush = () => {
    if (text) out.push({ text });
    text = '';
  };
  const pattern = new RegExp(`${LINK.source}|(?<![\\p{L}\\p{N}._-])@([\\p{L}\\p{N}._-]{1,64})`, 'gu');
  let last = 0;
  for (const match of body.matchAll(pattern)) {
    text += body.slice(last, match.index);
    last = match.index + match[0].length;
    if (match[1] === undefined) {
      flush();
      out.push({ link: match[0] });
      continue;
    }
    const handle = match[1].replace(/[._-]+$/, '');
    const name = handles.get(handle.toLowerCase());
    if (name === undefined || handle.length === 0) {
      text += match[0];
      continue;
    }
    flush();
    out.push({ mention: `@${handle}`, name });
    text += match[1].slice(handle.length);
  }
  text += body.slice(last);
  flush();
  return out;
}

/** Whether `me` ({account, name}) wrote a comment: the same account, and for a share link the same name too. */
export function wrote(comment, me) {
  if (!me?.account || comment.author?.account !== me.account) return false;
  return !me.account.startsWith('link:') || comment.author.name === me.name;
}

/** The centre of an anchor, in map pixels (where its pin stands). */
export function pinPoint(anchor) {
  return { x: anchor.x + anchor.width / 2, y: anchor.y + anchor.height / 2 };
}

/** The thread whose pin is nearest (x, y) within `radius` map pixels, or null. */
export function pinAt(threads, x, y, radius) {
  let best = null;
  let bestDistance = radius;
  for (const thread of threads) {
    const p = pinPoint(thread.anchor);
    const d = Math.hypot(p.x - x, p.y - y);
    if (d <= bestDistance) {
      best = thread;
      bestDistance = d;
    }
  }
  return best;
}

/** An anchor from a drag in map pixels (a click, or a drag shorter than `minDrag`, is a point). */
export function anchorFrom(from, to, minDrag = 4) {
  const x = Math.round(Math.min(from.x, to.x));
  const y = Math.round(Math.min(from.y, to.y));
  const width = Math.round(Math.abs(to.x - from.x));
  const height = Math.round(Math.abs(to.y - from.y));
  if (width < minDrag && height < minDrag) return { x: Math.round(from.x), y: Math.round(from.y), width: 0, height: 0 };
  return { x, y, width, height };
}
