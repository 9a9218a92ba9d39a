// The page's side of the service worker (sw.js): registering it, saying when a first visit has
// been saved for offline use, offering a new release once it has downloaded, and the offline
// status line that says which word lists work without the
// network ("Offline: ENABLE2K is available, YAWL is not downloaded yet").
import { el } from './lib/dom.js';
import { LISTS, listUrl } from './lib/lists.js';

const swUrl = new URL('../sw.js', import.meta.url);

/** @typedef {import('./engine.js').Engine} Engine */

/**
 * Adds the status lines after `anchor` and starts watching; `engine` answers which lists its
 * worker has built (they work offline even without the service worker).
 * @param {{anchor: Element, engine: Engine}} page
 */
export function startOffline({ anchor, engine }) {
  const status = el('div', { className: 'banner notice', role: 'status', hidden: true, dataset: { testid: 'offline-status' } });
  const update = el('div', { className: 'banner notice toast', role: 'status', hidden: true, dataset: { testid: 'update-ready' } });
  const saved = el('div', { className: 'banner notice toast', role: 'status', hidden: true, dataset: { testid: 'offline-saved' } });
  anchor.after(status, update, saved);

  const refresh = async () => {
    if (navigator.onLine) {
      status.hidden = true;
      return;
    }
    status.textContent = offlineText(await availableLists(engine));
    status.hidden = navigator.onLine;
  };
  window.addEventListener('online', refresh);
  window.addEventListener('offline', refresh);
  refresh();

  if (!('serviceWorker' in navigator)) return;
  // Registered once the page has loaded and the engine has its module and word list (they are
  // fetched, which the load event does not wait for): installing downloads the whole app
  // shell, which must not compete with what the first score needs.
  const register = () =>
    navigator.serviceWorker
      // pkg/release.js (the version) is always asked of the server, whatever the host's caching.
      .register(swUrl, { updateViaCache: 'none' })
      .then((reg) => {
        watchFirstInstall(reg, saved, register);
        watchUpdates(reg, update);
      })
      .catch(() => {}); // e.g. a host without HTTPS: the page works, only not offline
  const loaded =
    document.readyState === 'complete' ? null : new Promise((ok) => window.addEventListener('load', ok, { once: true }));
  Promise.all([loaded, Promise.all([engine.ready, engine.supplied]).catch(() => {})]).then(register);
  navigator.serviceWorker.ready.then((reg) => keepUsedFiles(reg.active, engine)).then(refresh, () => {});
}

/**
 * The shipped lists that work without the network: {available: [names], missing: [names]}.
 * @param {Engine} engine
 * @returns {Promise<ListsOffline>}
 */
async function availableLists(engine) {
  /** @type {string[]} the names of the lists the engine's worker has built */
  const built = await engine.call('builtLists').catch(/** @returns {string[]} */ () => []);
  /** @type {string[]} */
  const available = [];
  /** @type {string[]} */
  const missing = [];
  for (const name of Object.keys(LISTS)) {
    const kept = built.includes(name) || (await globalThis.caches?.match(listUrl(name).href).catch(/** @returns {null} */ () => null));
    (kept ? available : missing).push(LISTS[name]);
  }
  return { available, missing };
}

/**
 * The shipped lists' display names, by whether they work offline.
 * @typedef {{available: string[], missing: string[]}} ListsOffline
 */

/**
 * "Offline: A is available, B is not downloaded yet."
 * @param {ListsOffline} lists
 */
function offlineText({ available, missing }) {
  const and = (/** @type {string[]} */ names) => names.join(' and ');
  const parts = [];
  if (available.length) parts.push(`${and(available)} ${available.length > 1 ? 'are' : 'is'} available`);
  if (missing.length) parts.push(`${and(missing)} ${missing.length > 1 ? 'are' : 'is'} not downloaded yet`);
  if (!available.length) parts.push('the page needs the network to load a word list');
  return `Offline: ${parts.join(', ')}.`;
}

/**
 * Asks the service worker to keep the files this page fetched before it controlled the page (on
 * the first visit: the word list and the engine), so that they too work offline next time. A
 * widget's engine is a shared worker, whose downloads are not the page's: the lists it has built
 * are named by the engine.
 * @param {ServiceWorker | null} worker the active service worker
 * @param {Engine} engine
 */
async function keepUsedFiles(worker, engine) {
  const fetched = performance.getEntriesByType('resource').map((e) => e.name);
  /** @type {string[]} */
  const built = await engine.call('builtLists').catch(/** @returns {string[]} */ () => []);
  const lists = built.map((name) => listUrl(name)?.href).filter((u) => u !== undefined);
  worker?.postMessage({ type: 'keep', urls: [...fetched, ...lists] });
}

/**
 * On a first visit, says in `line` when the page has been saved for use without the network
 * (the one sign a visitor has that it will open on the train), or that saving it failed, with
 * Try again (`again` registers anew: a first install that fails leaves no registration).
 * @param {ServiceWorkerRegistration} reg
 * @param {HTMLElement} line
 * @param {() => unknown} again
 */
function watchFirstInstall(reg, line, again) {
  const worker = reg.installing;
  if (navigator.serviceWorker.controller || !worker) return;
  const say = (/** @type {string} */ text, /** @type {string} */ label, /** @type {() => unknown} */ action) => {
    const button = el('button', { type: 'button', className: 'link-button' }, [label]);
    button.addEventListener('click', () => {
      line.hidden = true;
      action();
    });
    line.replaceChildren(el('span', {}, [text]), button);
    line.hidden = false;
  };
  worker.addEventListener('statechange', () => {
    if (worker.state === 'activated') {
      say('Saved for offline use, with the word lists you have used.', 'Dismiss', () => {});
      // Good news needs no answer: it goes by itself, though not from under the reader.
      hideLater(line);
    } else if (worker.state === 'redundant') {
      say('Could not save Boggle Explorer for offline use: a download failed.', 'Try again', again);
    }
  });
}

/** How long a note that asks for nothing stays on screen, in milliseconds. */
const NOTE_MS = 10_000;

/**
 * Hides `line` after {@link NOTE_MS}, or later while the pointer or the focus is on it (a reader
 * about to press its button, or still reading it).
 * @param {HTMLElement} line
 */
function hideLater(line) {
  setTimeout(() => {
    if (line.hidden) return;
    if (line.matches(':hover, :focus-within')) hideLater(line);
    else line.hidden = true;
  }, NOTE_MS);
}

/**
 * Shows `line` with a Reload button while a new release waits; the button switches to it. When
 * another tab has switched already (this page's release is gone from the cache, so a view it
 * has not opened yet could not load), the line says so and the button reloads.
 * @param {ServiceWorkerRegistration} reg
 * @param {HTMLElement} line
 */
function watchUpdates(reg, line) {
  let switching = false;
  /** @param {boolean} waiting whether the new release still waits (else: it took over) */
  const offer = (waiting) => {
    const button = el('button', { type: 'button', className: 'secondary' }, ['Reload']);
    button.addEventListener('click', () => {
      if (!reg.waiting) {
        location.reload();
        return;
      }
      switching = true;
      navigator.serviceWorker.addEventListener('controllerchange', () => location.reload(), { once: true });
      reg.waiting.postMessage({ type: 'activate' });
    });
    const text = waiting ? 'A new version of Boggle Explorer is ready.' : 'Boggle Explorer was updated in another tab: reload this one to go on.';
    const later = el('button', { type: 'button', className: 'link-button' }, ['Later']);
    later.addEventListener('click', () => {
      line.hidden = true;
    });
    line.replaceChildren(el('span', {}, [text]), button, later);
    line.hidden = false;
  };
  if (reg.waiting && navigator.serviceWorker.controller) offer(true);
  reg.addEventListener('updatefound', () => {
    const installing = reg.installing;
    installing?.addEventListener('statechange', () => installing.state === 'installed' && navigator.serviceWorker.controller && offer(true));
  });
  // A page that had a release and loses it to a newer one it did not ask for.
  let had = navigator.serviceWorker.controller;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (had && !switching) offer(false);
    had = navigator.serviceWorker.controller;
  });
}
