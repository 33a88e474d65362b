// fetch for the service's own API. A browser's requests are signed in by its session cookie, so the ones that change
// something carry the CSRF token too: the XSRF-TOKEN cookie the server sets, sent back as the X-XSRF-TOKEN header
// (a page of another site can neither read the cookie nor set the header).

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The CSRF token from its cookie, or null before the server has set one. */
export function csrfToken(cookies = globalThis.document?.cookie ?? '') {
  for (const part of cookies.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === 'XSRF-TOKEN') return decodeURIComponent(value.join('='));
  }
  return null;
}

/** `fetch`, adding the CSRF header to requests that change something. */
export function apiFetch(url, options = {}) {
  const method = (options.method ?? 'GET').toUpperCase();
  if (SAFE.has(method)) return fetch(url, options);
  const headers = new Headers(options.headers ?? {});
  const token = csrfToken();
  if (token !== null) headers.set('X-XSRF-TOKEN', token);
  return fetch(url, { ...options, headers });
}

/**
 * What a refused request's answer says, for a person: the RFC 9457 problem's detail and the field it names
 * ("Height must be 1..65536 (height)"), else the status. Reads the body.
 */
export async function refusal(response) {
  return problemText(await response.json().catch(() => null), response.status);
}

/** The same from a problem already read (null when the body was none or not JSON) and the answer's status. */
export function problemText(problem, status) {
  const detail = typeof problem?.detail === 'string' && problem.detail !== '' ? problem.detail : `${status}`;
  return typeof problem?.field === 'string' && problem.field !== '' ? `${detail} (${problem.field})` : detail;
}

/**
 * How long to wait before asking again, in ms, as a 503's or 429's Retry-After says (seconds, or an HTTP date),
 * else {@code fallbackSeconds}; never less than a second nor more than ten minutes.
 */
export function retryAfterMs(response, fallbackSeconds = 5, now = Date.now()) {
  const said = response.headers.get('Retry-After');
  let seconds = fallbackSeconds;
  if (said !== null && said.trim() !== '') {
    const number = Number(said);
    const date = Date.parse(said);
    if (Number.isFinite(number)) seconds = number;
    else if (Number.isFinite(date)) seconds = (date - now) / 1000;
  }
  return Math.round(Math.min(600, Math.max(1, seconds)) * 1000);
}

const BUSY = new Set([429, 503]);

/**
 * A GET asked again while the server is busy (503, 429: after the pause its Retry-After names, times 1 to 2 so
 * pages of refused requests do not come back at once) or unreachable, at most {@code tries} times. The last answer,
 * or null when none came.
 */
export async function fetchRetrying(url, { tries = 30, fallbackSeconds = 2, pause, options = {} } = {}) {
  const wait = pause ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
  let response = null;
  for (let attempt = 1; attempt <= tries; attempt++) {
    response = null;
    try {
      response = await apiFetch(url, options);
    } catch (e) {
      // the network: try again after a pause
    }
    if (response !== null && !BUSY.has(response.status)) return response;
    if (attempt < tries) {
      const ms = response === null ? fallbackSeconds * 1000 : retryAfterMs(response, fallbackSeconds);
      await wait(ms * (1 + Math.random()));
    }
  }
  return response;
}
