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
