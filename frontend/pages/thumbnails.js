// Map thumbnails on the server's pages (the maps list, a map's overview). The server draws a few images at a time and
// answers 503 with Retry-After past that, so a cold list of large maps can see some refused: each thumbnail that did
// not load is asked for again after a pause, a few times, instead of staying a broken image.

const TRIES = 5;

function retry(img) {
  const tries = Number(img.dataset.tries ?? 0) + 1;
  if (tries > TRIES) return;
  img.dataset.tries = String(tries);
  setTimeout(() => {
    const url = new URL(img.src, location.href);
    url.searchParams.set('try', String(tries));
    img.src = url.toString();
  }, 1500 * tries + Math.random() * 1000);
}

for (const img of document.querySelectorAll('img.thumb')) {
  img.addEventListener('error', () => retry(img));
  // one that failed before this module ran
  if (img.complete && img.naturalWidth === 0 && img.getAttribute('src')) retry(img);
}
