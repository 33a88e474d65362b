// Map thumbnails on the server's pages (the maps list, a map's overview). The server draws a few images at a time and
// answers 503 with Retry-After past that, so a cold list of large maps sees some refused: a thumbnail that did not
// load is fetched again after the pause the server asks for (with some jitter, so they do not all come back at
// once), until it comes or the server answers something other than "busy".

import { fetchRetrying } from '../sync/http.js';

async function reload(img) {
  if (img.dataset.retrying) return;
  img.dataset.retrying = 'true';
  const response = await fetchRetrying(img.currentSrc || img.src);
  if (response?.ok) img.src = URL.createObjectURL(await response.blob());
}

for (const img of document.querySelectorAll('img.thumb')) {
  img.addEventListener('error', () => reload(img));
  // one that failed before this module ran
  if (img.complete && img.naturalWidth === 0 && img.getAttribute('src')) reload(img);
}
