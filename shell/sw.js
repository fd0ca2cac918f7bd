// Service worker: the app works offline after the first load. Network first (so a new build is picked up at
// once), falling back to the cached copy when the network is gone. Only same-origin GETs are cached: LLM
// requests to the user's endpoint are never stored here.
const CACHE = 'chokepoint-v1';
const CORE = ['./', 'index.html', 'page.js', 'style.css', 'chokepoint.js', 'chokepoint.wasm', 'chokepoint.data',
              'chokepoint_worker.js', 'chokepoint_worker.wasm'];

self.addEventListener('install', (e) => {
  e.waitUntil(caches.open(CACHE).then((c) => c.addAll(CORE)).catch(() => {}));
  self.skipWaiting();
});
self.addEventListener('activate', (e) => {
  e.waitUntil(caches.keys().then((keys) => Promise.all(keys.filter((k) => k !== CACHE).map((k) => caches.delete(k)))));
  self.clients.claim();
});
self.addEventListener('fetch', (e) => {
  const req = e.request;
  if (req.method !== 'GET' || new URL(req.url).origin !== self.location.origin) return;
  e.respondWith(
    fetch(req)
      .then((res) => {
        if (res.ok) {
          const copy = res.clone();
          caches.open(CACHE).then((c) => c.put(req, copy));
        }
        return res;
      })
      .catch(() => caches.match(req).then((hit) => hit || Response.error()))
  );
});
