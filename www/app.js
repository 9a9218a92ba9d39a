// The page shell: picks the view named by the URL's `mode` (solve, bounds, search, break, play),
// gives it the engine and the URL helpers, and re-mounts on back/forward. The URL is the one place the
// page's state is written (see www/lib/url.js). Each view lives in www/views/<view>/ and loads
// its own CSS before it mounts. The solver, which most visits open, comes with the shell (in
// the build's bundle, pkg/app/app.js), so the first score waits for no further download.
import { Engine } from './engine.js';
import { embedEngine } from './embed/shared-engine.js';
import * as solveView from './views/solve/index.js';
import { dropRejected, keepOnly, readParams, upgradeOldMode, writeParams } from './lib/url.js';
import { DEFAULT_LIST, isShipped } from './lib/lists.js';
import { capitalized, shown } from './lib/format.js';
import { el, fieldError } from './lib/dom.js';
import { keptScroll, rememberScroll, restoreScroll } from './lib/scroll.js';

/**
 * What a view's `mount(root, ctx)` is given: the page's engine, the URL's parameters,
 * `setParams(changes, {push})` to write view state into the URL and `navigate(changes)` to
 * switch to another view.
 * @typedef {object} ViewContext
 * @property {Engine} engine
 * @property {URLSearchParams} params
 * @property {(changes: Parameters<typeof writeParams>[0], how?: {push?: boolean}) => void} setParams
 * @property {(changes: Parameters<typeof writeParams>[0]) => void} navigate
 */

/**
 * A mounted view: `unmount()`; `update(params)` when it follows a change of the URL in place;
 * `share`, the last valid state its Embed button describes.
 * @typedef {{unmount: () => void, update?: (params: URLSearchParams) => void, share?: import('./lib/share.js').LastValid}} MountedView
 */

/**
 * A view's module: `mount(root, ctx)` and `URL_PARAMS`, the parameters it reads besides `mode`.
 * @typedef {{mount: (root: HTMLElement, ctx: ViewContext) => MountedView, URL_PARAMS?: readonly string[]}} ViewModule
 */

/**
 * View modules by mode; each exports `mount(root, ctx)` returning `{unmount(), update?(params)}`,
 * and `URL_PARAMS`, the parameters it reads besides `mode` (the widget view, whose parameters
 * are the embedding page's, has none).
 */
/** @type {Record<string, () => Promise<ViewModule>>} */
const VIEWS = {
  solve: async () => solveView,
  bounds: () => import('./views/bounds/index.js'),
  search: () => import('./views/search/index.js'),
  break: () => import('./views/break/index.js'),
  play: () => import('./views/play/index.js'),
  // `embed=1`: the compact widget shown inside another site's iframe (no header or footer).
  embed: () => import('./embed/view.js'),
};

// An old link (`mode=anneal`, the search view's first name) is rewritten before anything reads it.
upgradeOldMode();
const root = document.getElementById('view');
/**
 * Each view's level-one heading, first in <main>. It is visually hidden: the header's links
 * already show which view is open, and each view's cards have their own visible titles (h2).
 */
/** @type {Record<string, string>} */
const TITLES = {
  solve: 'Solve a Boggle board',
  bounds: 'Upper bounds of a board class',
  search: 'Search for high-scoring boards',
  break: 'Break board classes',
  play: 'Play a round of Boggle',
};
const banner = /** @type {HTMLElement} */ (document.querySelector('[data-testid="engine-status"]'));
const bannerText = /** @type {HTMLElement} */ (banner.querySelector('.banner-text'));
banner.querySelector('button').addEventListener('click', () => {
  banner.hidden = true;
  delete bannerText.dataset.testid;
});
// The word list in the URL starts downloading now, alongside the engine's own start-up.
const urlList = readParams().get('wordlist');
// A widget inside another site (embed=1) shares one engine with the page's other widgets; its
// modules load while the shared worker answers.
const embedded = readParams().get('embed') === '1';
if (embedded) VIEWS.embed();
const Client = embedded ? embedEngine : (/** @type {import('./engine.js').EngineOptions} */ o) => new Engine(o);
const engine = await Client({
  preload: [isShipped(urlList) ? urlList : DEFAULT_LIST],
  onRestart: (message, { gaveUp = false } = {}) => {
    banner.hidden = false;
    bannerText.dataset.testid = 'error';
    bannerText.textContent = gaveUp
      ? `${capitalized(message)}.`
      : `The engine stopped (${message}) and was restarted. Your last result is still shown; carry on.`;
  },
});
/** The page's engine, for scripting the page from the browser console and for tests. */
window.explorer = { engine };
// The service worker and the offline line load once the engine has its module and word list
// (or could not start), so their script does not compete with what the first score needs.
Promise.all([engine.ready, engine.supplied])
  .catch(() => {})
  .then(() => import('./offline.js'))
  .then(({ startOffline }) => startOffline({ anchor: document.querySelector('.site-header'), engine }));

/** @type {{mode: string, mod: ViewModule, view: MountedView} | null} */
let current = null;

/**
 * The Embed button of the bounds, search, break and play views (the solver has its own beside
 * Copy link):
 * the dialog gives the snippets of a widget showing the view's last valid state (its `share`, a
 * LastValid of www/lib/share.js; the URL for a view without one).
 */
/** @type {Record<string, import('./embed/dialog.js').ViewKind>} */
const EMBED_KINDS = { bounds: 'bounds', search: 'search', break: 'break', play: 'play' };
const embedButton = document.createElement('button');
Object.assign(embedButton, { type: 'button', className: 'secondary embed-button', textContent: 'Embed', hidden: true });
embedButton.addEventListener('click', async () => {
  const kind = EMBED_KINDS[readParams().get('mode')];
  const share = current?.view.share;
  const params = share ? share.params() : readParams();
  const note = share ? share.embedNote() : '';
  if (kind) (await import('./embed/dialog.js')).openEmbedDialog({ kind, params, note });
});
document.querySelector('.site-header').append(embedButton);

/** Says (beside the views' links) when the URL names a view that does not exist. */
const modeError = fieldError('mode-error');
document.querySelector('nav').after(modeError);

/**
 * Whether this document was opened by Back, Forward or a reload, whose first view is scrolled
 * to where the reader left it.
 */
let returned = ['back_forward', 'reload'].includes(/** @type {PerformanceNavigationTiming | undefined} */ (performance.getEntriesByType('navigation')[0])?.type ?? '');

/** Counts the views asked for, so that only the last one asked for is mounted. */
let routes = 0;

/**
 * Shows the view the URL names: on first load, a link inside the page, and Back or Forward
 * (`event`, whose entry's scroll is put back once the view has drawn enough to reach it).
 * @param {PopStateEvent} [event]
 */
async function route(event) {
  const scroll = event || returned ? keptScroll() : null;
  returned = false;
  upgradeOldMode(); // back or forward to an entry made before the rename
  const params = readParams();
  const asked = params.get('mode');
  const known = asked !== null && Object.hasOwn(VIEWS, asked) && asked !== 'embed';
  const mode = params.get('embed') === '1' ? 'embed' : known ? asked : 'solve';
  const unknown = asked !== null && !known && mode !== 'embed';
  modeError.show(
    unknown ? `There is no view called “${shown(asked)}”: showing the solver. Choose Solve, Play, Bounds, Search or Break.` : null,
  );
  // The address names the view on screen, as every view takes out what it could not use.
  if (unknown) dropRejected({ mode: true });
  embedButton.hidden = !Object.hasOwn(EMBED_KINDS, mode) || mode !== asked;
  for (const a of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll('nav [data-mode]'))) {
    a.setAttribute('aria-current', a.dataset.mode === mode ? 'page' : 'false');
  }
  if (current?.mode === mode && current.view.update) {
    keepViewParams(current.mod);
    current.view.update(params);
    if (scroll !== null) restoreScroll(scroll);
    return;
  }
  current?.view.unmount();
  current = null;
  const routed = ++routes;
  // What shows while the view's code downloads (a moment, or seconds on a slow network).
  root.replaceChildren(...(TITLES[mode] ? [el('h1', { className: 'visually-hidden' }, [TITLES[mode]])] : []), el('p', { className: 'view-loading' }, ['Loading…']));
  // The tab's title names the view too, as a screen reader's list of tabs and windows reads it.
  if (TITLES[mode]) document.title = `${TITLES[mode]} · Boggle Explorer`;
  /** @type {ViewModule} */
  let mod;
  try {
    mod = await VIEWS[mode]();
  } catch {
    if (routed !== routes) return;
    // The view's code could not be downloaded: offline before it was ever opened, a network
    // that broke off, or a release that replaced this page's files while it was open.
    const failed = fieldError('view-error');
    root.querySelector('.view-loading')?.remove();
    root.append(failed);
    // Try again reloads the page: a browser may keep a module that failed to download as
    // failed for the rest of the page's life (Chromium 148 does), so importing it again fails.
    const offline = navigator.onLine === false;
    failed.show(
      offline
        ? 'Could not open this view: you are offline, and its code is not downloaded yet. Try again once the network is back'
        : 'Could not open this view: its code did not download (the network broke off, or the site was updated since this page loaded)',
      () => location.reload(),
    );
    return;
  }
  // Another view was asked for while this one downloaded.
  if (routed !== routes) return;
  root.querySelector('.view-loading')?.remove();
  keepViewParams(mod);
  /** @type {ViewContext} */
  const ctx = {
    engine,
    params,
    /** Writes view state into the URL (`push` adds a history entry); defaults are dropped. */
    setParams: (changes, { push = false } = {}) => writeParams(changes, { push }),
    /** Switches to another view with the given parameters. */
    navigate: (changes) => {
      writeParams(changes, { push: true, replaceAll: true });
      route();
    },
  };
  current = { mode, mod, view: mod.mount(root, ctx) };
  if (scroll !== null) restoreScroll(scroll);
}

/**
 * Takes every parameter the view does not read out of the address (a misspelt or another view's
 * one would stay in every link it shares, meaning nothing).
 * @param {{URL_PARAMS?: readonly string[]}} mod the view's module
 */
function keepViewParams(mod) {
  if (mod.URL_PARAMS) keepOnly(['mode', ...mod.URL_PARAMS]);
}

window.addEventListener('popstate', (e) => route(e));
// A page left for another document (a link such as Play this board) keeps its place too, for
// Back to it, or a reload, to put back.
window.addEventListener('pagehide', rememberScroll);
document.querySelector('nav').addEventListener('click', (e) => {
  const a = /** @type {HTMLElement | null} */ (/** @type {Element} */ (e.target).closest('a[data-mode]'));
  if (!a || e.ctrlKey || e.metaKey || e.shiftKey) return;
  e.preventDefault();
  writeParams({ mode: a.dataset.mode === 'solve' ? null : a.dataset.mode }, { push: true, replaceAll: true });
  route();
});
route();
