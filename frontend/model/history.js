// Per-user undo: undo applies the inverse of the user's own last edit as a new op (others' edits stay), redo the
// inverse of that. A stroke or a drag is one step: edits between begin() and end() are grouped.

export class History {
  /** @param {(op: object) => {op: object, inverse: object}} perform applies and sends an op */
  constructor(perform, limit = 500) {
    this.perform = perform;
    this.limit = limit;
    /** @type {object[]} inverses, last edit last */
    this.undoStack = [];
    this.redoStack = [];
    /** @type {object[]|null} inverses of the group under way */
    this.group = null;
  }

  begin() {
    if (this.group === null) this.group = [];
  }

  end() {
    const group = this.group;
    this.group = null;
    if (group === null || group.length === 0) return;
    this.push(group.length === 1 ? group[0] : { type: 'batch', ops: group.slice().reverse() });
  }

  /** Records an edit the user made (its inverse undoes it). */
  record(applied) {
    if (this.group !== null) {
      this.group.push(applied.inverse);
    } else {
      this.push(applied.inverse);
    }
  }

  push(inverse) {
    this.undoStack.push(inverse);
    if (this.undoStack.length > this.limit) this.undoStack.shift();
    this.redoStack = [];
  }

  canUndo() {
    return this.undoStack.length > 0;
  }

  canRedo() {
    return this.redoStack.length > 0;
  }

  /**
   * Undoes the last edit; throws (and forgets it) when it no longer fits the map. A step the session refuses for
   * another reason (field 'storage' or 'map': it cannot keep edits now) stays, to be undone later.
   */
  undo() {
    this.end();
    return this.step(this.undoStack, this.redoStack);
  }

  redo() {
    return this.step(this.redoStack, this.undoStack);
  }

  step(from, to) {
    const inverse = from.pop();
    if (inverse === undefined) return null;
    let applied;
    try {
      applied = this.perform(inverse);
    } catch (e) {
      if (e.field === 'storage' || e.field === 'map') from.push(inverse);
      throw e;
    }
    to.push(applied.inverse);
    return applied;
  }

  /**
   * The server gave something this user created another id than the editor chose: the steps kept here follow it.
   * @param {(op: object) => object} rewrite the op with the new id
   */
  rewrite(rewrite) {
    this.undoStack = this.undoStack.map(rewrite);
    this.redoStack = this.redoStack.map(rewrite);
    if (this.group !== null) this.group = this.group.map(rewrite);
  }
}
