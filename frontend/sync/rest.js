// The REST transport of the op queue: POST /api/v1/maps/{id}/ops with If-Match, GET .../ops?since= to catch up.

import { apiFetch } from './http.js';

/** @returns {import('./opqueue.js').Transport} */
export function restTransport(mapId, fetchFn = apiFetch) {
  const base = `/api/v1/maps/${mapId}`;
  return {
    async postOps(body, ifMatch) {
      const response = await fetchFn(`${base}/ops`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'If-Match': ifMatch },
        body: JSON.stringify(body),
      });
      const json = await response.json().catch(() => null);
      return { status: response.status, json };
    },

    /** The log after `since` up to `upTo` (all of it when not given), page by page: a page holds at most the
     *  server's max-ops-per-read entries and max-ops-read-bytes of them, so only an empty page says it ended. */
    async opsSince(since, upTo = Infinity) {
      const entries = [];
      let after = since;
      while (after < upTo) {
        const response = await fetchFn(`${base}/ops?since=${after}&limit=1000`);
        if (!response.ok) throw new Error(`reading ops since ${after}: ${response.status}`);
        const page = (await response.json()).ops;
        if (page.length === 0) break;
        entries.push(...page.map((e) => ({ version: e.version, clientId: e.clientId, clientSeq: e.clientSeq, op: e.op })));
        after = page[page.length - 1].version;
      }
      return entries;
    },
  };
}
