// Map thumbnails on the server's pages (the maps list, a map's overview). The server draws a few images at a time and
// answers 503 with Retry-After past that, so a cold list of large maps sees some refused: a thumbnail that did not
// load is fetched again after the pause the server asks for (with some jitter, so they do not all come back at
// once), until it comes or the server answers something other than "busy".

const MAX_TRIES = 30;

const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function reload(img) {
  if (img.dataset.retrying) return;
  img.dataset.retrying = 'true';
  const url = img.currentSrc || img.src;
  for (let tries = 1; tries <= MAX_TRIES; tries++) {
    let response = null;
    try {
      response = await fetch(url);
    } catch (e) {
      // the network: try again after a pause
    }
    if (response?.ok) {
      img.src = URL.createObjectURL(await response.blob());
      img.dataset.tries = String(tries);
      return;
    }
    if (response !== null && response.status !== 503) return; // not "busy": nothing to wait for
    const seconds = Number(response?.headers.get('Retry-After')) || 2;
    await pause(seconds * 1000 * (1 + Math.random()));
  }
}

for (const img of document.querySelectorAll('img.thumb')) {
  img.addEventListener('error', () => reload(img));
  // one that failed before this module ran
  if (img.complete && img.naturalWidth === 0 && img.getAttribute('src')) reload(img);
}
