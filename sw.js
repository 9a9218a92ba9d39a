// The service worker: repeat visits without the network, and offline use at the game table.
//
// pkg/release.js (written by scripts/release.mjs at build time) names this release's version,
// a hash of every served file, and its app shell. Installing precaches the shell into a cache
// named for the version; a word list (or any other file of the site) is cached the first time
// the page uses it. Pages are answered from that one cache, falling back to the network, so a
// page never mixes two releases. A new release installs beside the old one and waits: the page
// offers a reload ({type: "activate"} message), and activating deletes every older cache.
importScripts('pkg/release.js');

const { version, shell } = self.RELEASE;
/** Caches of this site start with this; the version follows. */
const PREFIX = 'boggle-explorer-';
const CACHE = `${PREFIX}${version}`;
const SCOPE = self.registration.scope;
const RELEASE_URL = new URL('pkg/release.js', SCOPE).href;
const INDEX_URL = new URL('index.html', SCOPE).href;
/** This release's cache, opened once. */
let opened = null;
const cache = () => (opened ??= caches.open(CACHE));

/** The release named by the server now (its version), bypassing every cache. */
async function serverVersion() {
  const res = await fetch(RELEASE_URL, { cache: 'no-store' });
  const text = await res.text();
  return /"version":\s*"([0-9a-f]+)"/.exec(text)?.[1] ?? null;
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const store = await caches.open(CACHE);
      await store.addAll(shell.map((f) => new Request(new URL(f, SCOPE), { cache: 'no-cache' })));
      // A release deployed while the shell downloaded could have mixed files: fail the install
      // (the next visit installs the newer release whole).
      if ((await serverVersion()) !== version) {
        await caches.delete(CACHE);
        throw new Error('the site changed while its files were being cached');
      }
      // The first install has nothing to replace: take over at once.
      if (!self.registration.active) await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(names.filter((n) => n.startsWith(PREFIX) && n !== CACHE).map((n) => caches.delete(n)));
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('message', (event) => {
  const { type, urls } = event.data ?? {};
  if (type === 'activate') self.skipWaiting();
  // Files the page fetched before this worker controlled it (the first visit's word list).
  if (type === 'keep' && Array.isArray(urls)) {
    event.waitUntil(Promise.all(urls.filter(inScope).map((u) => cached(new Request(u)).catch(() => null))));
  }
});

/** True for a URL of this site other than pkg/release.js (always asked of the network). */
function inScope(url) {
  const href = String(url);
  return href.startsWith(SCOPE) && href.split(/[?#]/)[0] !== RELEASE_URL;
}

/** The cached answer to `request`, or the network's (kept in the cache when it succeeded). */
async function cached(request) {
  const hit = await (await cache()).match(request);
  if (hit) return hit;
  const res = await fetch(request);
  if (res.ok && res.type === 'basic' && !res.headers.get('Content-Range')) {
    await (await cache()).put(request, res.clone()).catch(() => {});
  }
  return res;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET' || !inScope(request.url)) return;
  const url = new URL(request.url);
  // The page under any query (?board=...&mode=...) is the one cached index.html.
  const page = request.mode === 'navigate' && (url.href.split('?')[0] === SCOPE || url.href.split('?')[0] === INDEX_URL);
  if (page) {
    event.respondWith(cache().then((c) => c.match(INDEX_URL)).then((hit) => hit ?? fetch(request)));
    return;
  }
  event.respondWith(cached(request));
});
