// The service worker: repeat visits without the network, and offline use at the game table.
//
// pkg/release.js (written by scripts/release.mjs at build time) names this release's version,
// a hash of every served file, its app shell and each file's own hash. Installing precaches the
// shell into a cache named for the version; a word list (or any other file of the site) is
// cached the first time the page uses it, and carried over into the next release's cache when
// that release ships it unchanged. Pages are answered from that one cache, falling back
// to the network. Only this release's copy of a file is ever kept (its hash is checked), so a
// page never mixes two releases: a file the server has already replaced is passed on uncached,
// and the newer release is looked for. A new release installs beside the old one and waits: the
// page offers a reload ({type: "activate"} message), and activating deletes every older cache.
importScripts('pkg/release.js');

/**
 * This worker's global scope, with the release pkg/release.js defines.
 * @type {ServiceWorkerGlobalScope & {RELEASE: {version: string, shell: string[], files: Record<string, string>}}}
 */
const sw = /** @type {any} */ (self);
const { version, shell, files } = sw.RELEASE;
const SCOPE = sw.registration.scope;
/**
 * Caches of this copy of the site start with this, the version following: its scope's path is
 * in it, so a second copy on the same host (a staging copy beside the live one, or two project
 * sites under one address) keeps its own caches, which share the host's cache storage.
 */
const PREFIX = `boggle-explorer ${new URL(SCOPE).pathname} `;
const CACHE = `${PREFIX}${version}`;
/** Caches named before the scope was part of the name: `boggle-explorer-VERSION`. */
const UNSCOPED = /^boggle-explorer-[0-9a-f]+$/;
/**
 * Whether the cache `name` is an older release's of this copy (or one named without a scope),
 * to carry files over from and then delete.
 * @param {string} name
 */
const older = (name) => name !== CACHE && (name.startsWith(PREFIX) || UNSCOPED.test(name));
const RELEASE_URL = new URL('pkg/release.js', SCOPE).href;
const INDEX_URL = new URL('index.html', SCOPE).href;
/** This release's cache, opened once. */
let opened = null;
const cache = () => (opened ??= caches.open(CACHE));

/**
 * True when `bytes` are this release's copy of the file at `url` (scripts/release.mjs's hash:
 * the first 16 hex digits of its SHA-256), or when the release does not list that file.
 * @param {string} url
 * @param {ArrayBuffer} bytes
 * @returns {Promise<boolean>}
 */
async function ours(url, bytes) {
  const want = files[url.split(/[?#]/)[0].slice(SCOPE.length)];
  if (!want) return true;
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  return [...digest.slice(0, 8)].map((b) => b.toString(16).padStart(2, '0')).join('') === want;
}

sw.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const store = await caches.open(CACHE);
      await store.addAll(shell.map((f) => new Request(new URL(f, SCOPE), { cache: 'no-cache' })));
      // A release deployed while the shell downloaded could have mixed files: fail the install
      // (the next visit installs the newer release whole).
      for (const f of shell) {
        const url = new URL(f, SCOPE).href;
        if (!(await ours(url, await (await store.match(url)).arrayBuffer()))) {
          await caches.delete(CACHE);
          throw new Error(`${f} changed while the release was being cached`);
        }
      }
      await carryOver(store);
      // The first install has nothing to replace: take over at once.
      if (!sw.registration.active) await sw.skipWaiting();
    })(),
  );
});

/**
 * Copies into `store` every file an older release's cache holds that this release ships
 * unchanged (its hash is this release's): the word lists and views used before, which the
 * shell leaves out, so an update never takes away what worked offline. Activating deletes the
 * older caches, and a phone may open the new release next without the network.
 * @param {Cache} store
 */
async function carryOver(store) {
  for (const name of await caches.keys()) {
    if (!older(name)) continue;
    const old = await caches.open(name);
    for (const request of await old.keys()) {
      const listed = files[request.url.split(/[?#]/)[0].slice(SCOPE.length)];
      if (!listed || (await store.match(request))) continue;
      const res = await old.match(request);
      const bytes = await res?.arrayBuffer();
      if (bytes && (await ours(request.url, bytes))) await store.put(request, new Response(bytes, { status: res.status, headers: res.headers }));
    }
  }
}

sw.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(names.filter(older).map((n) => caches.delete(n)));
      await sw.clients.claim();
    })(),
  );
});

sw.addEventListener('message', (event) => {
  const { type, urls } = event.data ?? {};
  if (type === 'activate') sw.skipWaiting();
  // Files the page fetched before this worker controlled it (the first visit's word list).
  if (type === 'keep' && Array.isArray(urls)) {
    event.waitUntil(
      Promise.all(urls.filter(inScope).map((u) => cached(new Request(u), (p) => event.waitUntil(p)).catch(/** @returns {null} */ () => null))),
    );
  }
});

/**
 * True for a URL of this site other than pkg/release.js (always asked of the network).
 * @param {string | URL} url
 */
function inScope(url) {
  const href = String(url);
  return href.startsWith(SCOPE) && href.split(/[?#]/)[0] !== RELEASE_URL;
}

/**
 * The cached answer to `request`, or the network's. A network answer is kept (in the
 * background, through `waitUntil`) when it is this release's copy; another release's is passed
 * on uncached, and the service worker checks for that release.
 * @param {Request} request
 * @param {(p: Promise<unknown>) => void} waitUntil
 * @returns {Promise<Response>}
 */
async function cached(request, waitUntil) {
  const hit = await (await cache()).match(request);
  if (hit) return hit;
  const res = await fetch(request);
  if (res.ok && res.type === 'basic' && !res.headers.get('Content-Range')) {
    const copy = res.clone();
    waitUntil(
      (async () => {
        const bytes = await copy.arrayBuffer();
        if (await ours(request.url, bytes)) {
          // The body is decoded already: keep the headers that still describe it.
          const headers = new Headers(copy.headers);
          for (const h of ['Content-Encoding', 'Content-Length']) headers.delete(h);
          await (await cache()).put(request, new Response(bytes, { status: copy.status, headers }));
        } else {
          await sw.registration.update();
        }
      })().catch(() => {}),
    );
  }
  return res;
}

sw.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET' || !inScope(request.url)) return;
  const url = new URL(request.url);
  // The page under any query (?board=...&mode=...) is the one cached index.html.
  const page = request.mode === 'navigate' && (url.href.split('?')[0] === SCOPE || url.href.split('?')[0] === INDEX_URL);
  if (page) {
    const widget = url.searchParams.get('embed') === '1';
    event.respondWith(
      cache()
        .then((/** @type {Cache} */ c) => c.match(INDEX_URL))
        .then((/** @type {Response | undefined} */ hit) => (hit && widget ? withoutPreloads(hit) : hit) ?? fetch(request)),
    );
    return;
  }
  event.respondWith(cached(request, (p) => event.waitUntil(p)));
});

/**
 * The cached page as a widget (embed=1) gets it: without the Link header that names what the
 * full page's first view needs, as the server sends it. A widget's engine is a shared worker,
 * which downloads the engine itself, so a preload in the widget's page would go unused.
 * @param {Response} res
 */
function withoutPreloads(res) {
  const headers = new Headers(res.headers);
  headers.delete('Link');
  return new Response(res.body, { status: res.status, statusText: res.statusText, headers });
}
