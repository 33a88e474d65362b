// Where the editor keeps the edits the server has not acknowledged yet, so a reload or a crash loses nothing:
// IndexedDB, one record per map and page (clientId), written behind every change of the pending list. localStorage
// held a few megabytes and failed silently once full; here a failed write is known (Keeper.failed) and the session
// says so (*not saved – N edits only in this tab*) and stops taking edits it could not keep.

/**
 * @typedef {{mapId: number, clientId: string, version: number, sending: object|null,
 *   pending: {seq: number, op: object, fresh?: boolean}[], savedAt: number}} PendingRecord
 * @typedef {{put(record: PendingRecord): Promise<void>, remove(mapId: number, clientId: string): Promise<void>,
 *   all(mapId: number): Promise<PendingRecord[]>}} PendingStore
 */

const DATABASE = 'tilewright';
const STORE = 'pending';

/** @implements {PendingStore} */
export class IndexedDbStore {
  constructor(factory = globalThis.indexedDB) {
    this.factory = factory;
    this.opened = null;
  }

  database() {
    this.opened ??= new Promise((resolve, reject) => {
      const request = this.factory.open(DATABASE, 1);
      request.onupgradeneeded = () => {
        const store = request.result.createObjectStore(STORE, { keyPath: ['mapId', 'clientId'] });
        store.createIndex('mapId', 'mapId');
      };
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
      request.onblocked = () => reject(new Error('the pending-edits database is blocked by another tab'));
    });
    this.opened.catch(() => { this.opened = null; }); // the next call tries again
    return this.opened;
  }

  async transact(mode, work) {
    const db = await this.database();
    return new Promise((resolve, reject) => {
      const tx = db.transaction(STORE, mode);
      let result;
      try {
        result = work(tx.objectStore(STORE));
      } catch (e) {
        reject(e); // e.g. a clone error: nothing was written
        return;
      }
      tx.oncomplete = () => resolve(result?.result);
      tx.onerror = () => reject(tx.error ?? result?.error);
      tx.onabort = () => reject(tx.error ?? new Error('the pending-edits write was aborted'));
    });
  }

  put(record) {
    return this.transact('readwrite', (store) => store.put(record));
  }

  remove(mapId, clientId) {
    return this.transact('readwrite', (store) => store.delete([mapId, clientId]));
  }

  async all(mapId) {
    return (await this.transact('readonly', (store) => store.index('mapId').getAll(mapId))) ?? [];
  }
}

/**
 * Keeps one page's pending list of one map: each keep() replaces the record (or removes it when nothing is
 * pending); writes go one at a time, and while one is under way only the newest list waits behind it.
 */
export class Keeper {
  /**
   * @param {PendingStore|null} store null: nothing is kept (tests, or a browser without IndexedDB: see failed)
   * @param {number} mapId
   * @param {string} clientId
   * @param {() => void} changed called when `failed` changes
   */
  constructor(store, mapId, clientId, changed = () => {}) {
    this.store = store;
    this.mapId = mapId;
    this.clientId = clientId;
    this.changed = changed;
    /** the last write failed (storage full, blocked, unavailable): what is pending lives only in this tab */
    this.failed = false;
    this.error = null;
    this.waiting = undefined;
    this.writing = null;
  }

  /** @param {{version: number, sending: object|null, pending: {seq: number, op: object, fresh?: boolean}[]}} list */
  keep({ version, sending, pending }) {
    if (this.store === null) return;
    this.waiting = {
      mapId: this.mapId, clientId: this.clientId, version, sending: sending ?? null, savedAt: Date.now(),
      pending: pending.map((p) => ({ seq: p.seq, op: p.op, fresh: p.fresh === true })),
    };
    this.writing ??= this.write();
  }

  async write() {
    while (this.waiting !== undefined) {
      const record = this.waiting;
      this.waiting = undefined;
      try {
        if (record.pending.length === 0) await this.store.remove(this.mapId, this.clientId);
        else await this.store.put(record);
        this.set(false, null);
      } catch (e) {
        this.set(true, e);
      }
    }
    this.writing = null;
  }

  set(failed, error) {
    this.error = error;
    if (this.failed === failed) return;
    this.failed = failed;
    this.changed();
  }

  /** Resolves once every keep() so far is written (or failed). */
  async idle() {
    while (this.writing !== null) await this.writing;
  }
}
