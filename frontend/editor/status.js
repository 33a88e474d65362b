// The status bar: the cell and world position under the cursor, the gid there on the current layer, the map's
// version, and the save state (live / saving / saved / connecting / reconnecting / offline with how many edits wait;
// *not saved – N edits only in this tab* when the browser could not keep them, see sync/store.js).

export class StatusBar {
  /** @param {import('./editor.js').Editor} editor @param {import('./tools.js').Tools} tools @param {HTMLElement} bar */
  constructor(editor, tools, bar) {
    this.editor = editor;
    this.tools = tools;
    this.field = (name) => bar.querySelector(`[data-field="${name}"]`);
    editor.listen((what) => {
      if (what === 'hover' || what === 'layer' || what === 'view') this.showCursor();
    });
    editor.session.listen((event) => {
      if (event.type === 'state') this.showSave(event.state, event.pending);
      // an edit (ours or another's) may have changed the cell under the cursor
      if (event.type === 'state' || event.type === 'remote') this.showCursor();
    });
    this.showSave(editor.session.state, editor.session.pending.length);
    this.showCursor();
  }

  showCursor() {
    const hover = this.tools.hover;
    const layer = this.editor.layer();
    if (hover === null) {
      this.field('cursor').textContent = '–';
      this.field('world').textContent = '';
      this.field('gid').textContent = '';
    } else {
      this.field('cursor').textContent = `tile ${hover.x}, ${hover.y}`;
      // the map's pixel space, where objects and queries are (on an isometric map both axes in tile heights)
      this.field('world').textContent = `px ${Math.floor(hover.pixelX ?? hover.worldX)}, ${Math.floor(hover.pixelY ?? hover.worldY)}`;
      const gid = layer?.type === 'tile' ? layer.get(hover.x, hover.y) : null;
      this.field('gid').textContent = gid === null ? '' : `gid ${gid}`;
    }
    this.field('version').textContent = `v${this.editor.session.version}`;
  }

  showSave(state, pending) {
    const save = this.field('save');
    save.dataset.state = state;
    save.classList.toggle('offline', ['offline', 'reconnecting', 'deleted', 'denied', 'unkept'].includes(state));
    const edits = `${pending} pending edit${pending === 1 ? '' : 's'}`;
    const plural = pending === 1 ? '' : 's';
    save.textContent = state === 'deleted' ? `map deleted – ${pending} edit${plural} not saved`
      : state === 'denied' ? `access ended (signed out?) – ${pending} edit${plural} not saved`
      : state === 'unkept' ? `not saved – ${pending} edit${plural} only in this tab`
      : state === 'offline' ? `offline – ${edits}`
      : state === 'reconnecting' ? `reconnecting – ${edits}`
        : state === 'connecting' ? 'connecting…'
          : state === 'saving' ? `saving… (${pending})`
            : this.editor.session.people ? 'live – saved' : 'saved';
    this.field('version').textContent = `v${this.editor.session.version}`;
  }
}
