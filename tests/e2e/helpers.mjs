// Shared set-up for the browser tests: a static server on a free port and headless Chromium
// (playwright-core driving the system's chromium-headless-shell; the benchmarks drive the full
// /usr/bin/chromium).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, afterEach, before } from 'node:test';
import { chromium } from 'playwright-core';
import { startServer } from '../../scripts/serve.mjs';

/**
 * Chromium features turned off for every test and benchmark. Since Chromium 151 the browser
 * pre-renders its own address-bar popup (a WebUI page in a renderer of its own) in every new
 * window, headless too: each fresh context loads about 150 of the browser's own scripts while
 * the page under test loads, and on a 2-core machine that took a third of the time to a repeat
 * visit's first score. A visitor's browser renders that popup once when it starts, not on every
 * page, so the tests and benchmarks turn it off. Chromium reads only the last
 * `--disable-features`, and ours comes after playwright-core's own list, so that list (as of
 * playwright-core 1.65) is repeated here.
 */
const DISABLED_FEATURES = [
  'WebUIOmniboxPopup',
  'WebUIOmniboxAimPopup',
  // playwright-core's own list
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
];

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  `--disable-features=${DISABLED_FEATURES.join(',')}`,
];

/** The browser visitors run (Debian's `chromium`): what the benchmarks measure. */
export const FULL_CHROMIUM = '/usr/bin/chromium';
/**
 * What the tests run (Debian's `chromium-headless-shell`): Chromium's headless build, the same
 * engine without the browser's own windows and services. A fresh page with a blank document
 * costs about 190 ms of CPU in it against 370 ms in the full browser, and the browser tests,
 * which open some 400 pages on a 2-core machine, took 289 s against 381 s.
 */
export const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/**
 * Starts the server and the browser; returns {base, server, browser, page(opts), closePages(),
 * close()}. `serve` goes to the server (e.g. `{base: '/games/boggle/'}` to serve `root` under a
 * sub-path); `executable` is the browser (the environment's `CHROMIUM` overrides it).
 */
export async function open(root = new URL('../../', import.meta.url).pathname, serve = {}, executable = HEADLESS_SHELL) {
  const server = await startServer(root, 0, '127.0.0.1', serve);
  const base = `http://127.0.0.1:${server.address().port}/`;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? executable,
    args: CHROMIUM_ARGS,
  });
  const pages = [];
  return {
    base,
    server,
    browser,
    /**
     * A new page that records console errors and uncaught exceptions in `page.errors`. The
     * service worker (sw.js) is blocked unless `options.serviceWorkers` is "allow", so that
     * tests of everything else see the network as the page asks for it (and routes catch it).
     */
    async page(options = {}) {
      const context = await browser.newContext({ serviceWorkers: 'block', ...options });
      const page = await context.newPage();
      page.errors = [];
      page.on('pageerror', (e) => page.errors.push(String(e)));
      page.on('console', (m) => {
        if (m.type() === 'error') page.errors.push(m.text());
      });
      pages.push(page);
      return page;
    },
    /** Closes every page opened so far (with its context, its workers and their jobs). */
    async closePages() {
      await Promise.all(pages.splice(0).map((p) => p.context().close()));
    },
    async close() {
      await browser.close();
      await new Promise((ok) => server.close(ok));
    },
  };
}

/**
 * Makes `server` answer requests whose URL matches `pattern` with `status` (and `headers`) until
 * the returned function restores it. Unlike a browser route, the browser's own cache sees these
 * answers, and a shared worker's requests reach them too.
 * @param {import('node:http').Server} server
 * @param {RegExp} pattern
 * @param {number} status
 * @param {Record<string, string>} [headers]
 * @returns {() => void}
 */
export function failOnServer(server, pattern, status, headers = {}) {
  const serve = server.listeners('request');
  server.removeAllListeners('request');
  server.on('request', (req, res) => {
    if (pattern.test(req.url ?? '')) res.writeHead(status, headers).end('busy');
    else for (const l of serve) l.call(server, req, res);
  });
  return () => {
    server.removeAllListeners('request');
    for (const l of serve) server.on('request', /** @type {any} */ (l));
  };
}

/**
 * A test file's environment (see open(), which takes the same arguments): started before its
 * first test and closed after its last. Each test's pages close when it ends: a page left open
 * would go on running its jobs (a search, a split sweep) on the cores the next tests need.
 */
export function browserEnv(...args) {
  /** @type {Awaited<ReturnType<typeof open>>} */
  const env = /** @type {any} */ ({});
  before(async () => Object.assign(env, await open(...args)));
  afterEach(() => env.closePages());
  after(() => env.close());
  return env;
}

/**
 * A second static server for a test file, on another port and so another origin: where the
 * host pages that embed the widgets are served from, as a blog would. `host.dir` is its folder
 * (the tests write their pages there; it is removed after the last test) and `host.port` its
 * port, both set before the first test.
 */
export function hostServer() {
  const host = { dir: '', port: 0, /** @type {import('node:http').Server | null} */ server: null };
  before(async () => {
    host.dir = mkdtempSync(join(tmpdir(), 'boggle-blog-'));
    host.server = await startServer(host.dir, 0);
    host.port = /** @type {import('node:net').AddressInfo} */ (host.server.address()).port;
  });
  after(async () => {
    await new Promise((ok) => host.server?.close(ok));
    rmSync(host.dir, { recursive: true, force: true });
  });
  return host;
}

/** The text of a data-testid element, once it is not the placeholder. */
export async function testIdText(page, id) {
  const el = page.getByTestId(id).first();
  await el.waitFor();
  return (await el.textContent()).trim();
}

/**
 * Waits until the service worker controls `page` and its cache holds each of `urls` (absolute,
 * or relative to the page): what a first visit leaves for the next one.
 */
export async function serviceWorkerWarm(page, ...urls) {
  // Controlling and done activating: fetch events wait while a worker still activates.
  await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated');
  // The cache is written in the background: look until it holds each file (at most 30 s).
  await page.waitForFunction(
    async (list) => (await Promise.all(list.map((url) => caches.match(new URL(url, location.href).href)))).every(Boolean),
    urls,
    { timeout: 30_000, polling: 20 },
  );
}

/**
 * Takes `context` off the network (`offline` true) or puts it back, as a visitor's browser going
 * offline does: `navigator.onLine` is false in the pages and their workers, and every request
 * that would leave the browser fails as offline (net::ERR_INTERNET_DISCONNECTED), a service
 * worker's own fetches included. Playwright's offline emulation alone does not hold in Chromium
 * 148: a document loaded after it, even from the service worker, reads `navigator.onLine` as
 * true, and a service worker's fetches reach the network. So every request is also refused by
 * a route, which first sets each page offline again through the DevTools protocol (the page's
 * dedicated workers follow it, before the failure they will explain), and each page loaded
 * while offline is set offline again as it loads.
 * @param {import('playwright-core').BrowserContext} context
 * @param {boolean} offline
 */
export async function setOffline(context, offline) {
  const state = offlineState(context);
  state.offline = offline;
  if (offline) await context.route('**/*', state.refuse);
  else await context.unroute('**/*', state.refuse);
  await context.setOffline(offline);
  await state.apply();
}

/** @type {WeakMap<object, {offline: boolean, apply: () => Promise<void>, refuse: (route: any) => Promise<void>}>} */
const offlineStates = new WeakMap();

/**
 * The offline state of `context` for {@link setOffline}, made on first use: its route, a
 * DevTools session for each page, and the hook that sets each page loaded offline again.
 * @param {import('playwright-core').BrowserContext} context
 */
function offlineState(context) {
  const known = offlineStates.get(context);
  if (known) return known;
  /** @type {Map<object, Promise<any>>} */
  const sessions = new Map();
  const session = (page) => {
    if (!sessions.has(page)) sessions.set(page, context.newCDPSession(page));
    return sessions.get(page);
  };
  const conditions = () => ({ offline: state.offline, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  const state = {
    offline: false,
    apply: async () => {
      for (const page of context.pages()) {
        if (page.isClosed()) continue;
        await session(page)
          .then((s) => s.send('Network.emulateNetworkConditions', conditions()))
          .catch(() => {});
      }
    },
    refuse: async (route) => {
      await state.apply();
      await route.abort('internetdisconnected').catch(() => {});
    },
  };
  const watch = (page) => page.on('framenavigated', (frame) => frame === page.mainFrame() && state.offline && state.apply());
  context.pages().forEach(watch);
  context.on('page', watch);
  offlineStates.set(context, state);
  return state;
}

/**
 * Awaits `step` (a wait on `page`); if it fails, the error also says what the page showed, which
 * requests failed meanwhile, what the console reported and what the service worker held, so
 * that a failure in CI explains itself.
 * @template T
 * @param {import('playwright-core').Page} page
 * @param {() => Promise<T>} step
 * @returns {Promise<T>}
 */
export async function explained(page, step) {
  const seen = [];
  const failed = (r) => seen.push(`request failed: ${r.url()} (${r.failure()?.errorText})`);
  const said = (m) => seen.push(`console ${m.type()}: ${m.text()}`);
  page.on('requestfailed', failed);
  page.on('console', said);
  try {
    return await step();
  } catch (e) {
    const state = await page
      .evaluate(async () => ({
        text: document.body?.innerText.slice(0, 1500),
        controller: navigator.serviceWorker?.controller?.state ?? null,
        cached: globalThis.caches
          ? await Promise.all((await caches.keys()).map(async (n) => `${n}: ${(await (await caches.open(n)).keys()).length} files`))
          : 'no Cache Storage here',
        url: location.href,
      }))
      .catch((err) => ({ unavailable: String(err) }));
    throw new Error(`${e.message}\n${JSON.stringify(state, null, 1)}\n${seen.join('\n')}`, { cause: e });
  } finally {
    page.off('requestfailed', failed);
    page.off('console', said);
  }
}

// ---- Embedded widgets ---------------------------------------------------------------------

/**
 * Scrolls each element matching `selector` (a widget's custom element, or a plain widget
 * iframe) into view in turn and waits until its iframe shows a ready widget, whatever the
 * browser's lazy loading would have started by itself; then scrolls back to the top. Returns
 * the widgets' frames, in document order.
 * @param {import('playwright-core').Page} page
 * @param {string} selector
 */
export async function widgetsReady(page, selector) {
  // The first one may still be on its way (the Embed dialog draws its preview after it opens).
  await page.locator(selector).first().waitFor({ state: 'attached', timeout: 60_000 }).catch(() => {});
  const n = await page.locator(selector).count();
  assert.ok(n > 0, `no ${selector}`);
  const frames = [];
  for (let i = 0; i < n; i++) {
    const host = page.locator(selector).nth(i);
    await host.scrollIntoViewIfNeeded();
    const iframe = (await host.evaluate((e) => e.localName)) === 'iframe' ? host : host.locator('iframe');
    await iframe.scrollIntoViewIfNeeded();
    const frame = await (await iframe.elementHandle()).contentFrame();
    await frame.locator('.embed-widget[data-ready="true"]').waitFor({ timeout: 60_000 });
    frames.push(frame);
  }
  await page.evaluate(() => window.scrollTo(0, 0));
  return frames;
}

/**
 * Waits until the iframe at `selector` is within `tolerance` pixels as tall as its content
 * (the widget's body); returns both heights, or fails with them.
 */
export async function frameHeights(page, selector, tolerance = 3) {
  const frame = page.locator(selector);
  const inside = await (await frame.elementHandle()).contentFrame();
  // Inside the iframe, its viewport is the iframe's own height (it has no border): wait for
  // the content to fit it, checked on the frame's animation frames.
  const fits = await inside
    .waitForFunction((tol) => Math.abs(innerHeight - document.body.getBoundingClientRect().height) <= tol, tolerance, { timeout: 10_000 })
    .then(
      () => true,
      () => false,
    );
  const outer = (await frame.boundingBox()).height;
  const content = await inside.evaluate(() => document.body.getBoundingClientRect().height);
  if (!fits || Math.abs(outer - content) > tolerance) {
    throw new Error(`iframe ${selector} is ${outer}px tall but its content is ${content}px`);
  }
  return { outer, content };
}

/**
 * Records, in every frame of the pages of `context`, the commands sent to an engine worker
 * (dedicated or shared): `window.sentCommands` lists each request's `cmd` in order.
 */
export async function recordWorkerCommands(context) {
  await context.addInitScript(() => {
    window.sentCommands = [];
    for (const proto of [Worker.prototype, MessagePort.prototype]) {
      const send = proto.postMessage;
      proto.postMessage = function (msg, ...rest) {
        if (msg && typeof msg.cmd === 'string') window.sentCommands.push(msg.cmd);
        return send.call(this, msg, ...rest);
      };
    }
  });
}

/**
 * Holds every request for `url` (a glob) in `context` until `release()`: `asked` settles when
 * the first one arrives, so a test can act while a download is in flight. `finish` decides what
 * a released request does (continue, by default; `(route) => route.abort()` fails it).
 * @param {import('playwright-core').BrowserContext} context
 * @param {string} url
 * @param {(route: import('playwright-core').Route) => Promise<void>} [finish]
 * @returns {Promise<{asked: Promise<void>, release: () => void}>}
 */
export async function holdDownload(context, url, finish = (route) => route.continue()) {
  /** @type {() => void} */
  let release = () => {};
  /** @type {() => void} */
  let requested = () => {};
  const held = new Promise((ok) => (release = () => ok(undefined)));
  const asked = new Promise((ok) => (requested = () => ok(undefined)));
  await context.route(url, async (route) => {
    requested();
    await held;
    await finish(route);
  });
  return { asked, release };
}

/** The native CLI the page's results are checked against (built by `make build`). */
export const BOGGLE = new URL('../../target/release/boggle', import.meta.url).pathname;

/**
 * `boggle break ARGS` with word list `list` (one thread) as a sorted list of "SCORE BOARD" lines,
 * each board row-major as the page writes it (the CLI parts the rows of a board whose length
 * alone would give another shape: cas/ret).
 */
export function breakLines(args, list = 'enable2k') {
  const out = execFileSync(BOGGLE, ['break', ...args, '--wordlist', list, '--threads', '1', '--quiet'], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  return out
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((l) => l.replace('\t', ' ').replaceAll('/', ''))
    .sort();
}

/**
 * "SCORE BOARD" lines with each board in canonical form (`boggle canonical`): how the page lists
 * every board found, whatever search found it.
 */
export function canonicalLines(lines) {
  if (!lines.length) return [];
  const boards = execFileSync(BOGGLE, ['canonical', ...lines.map((l) => l.split(' ')[1])], { encoding: 'utf8' });
  const forms = boards.trim().split('\n').map((l) => l.split('\t')[1].replaceAll('/', ''));
  return lines.map((l, i) => `${l.split(' ')[0]} ${forms[i]}`).sort();
}

/**
 * Gives `word` in the play round shown in `where` (a page, or a widget's frame): types it,
 * presses Enter and waits for the verdict on it. Returns {verdict, text}.
 * @param {import('playwright-core').Page | import('playwright-core').FrameLocator} where
 * @param {string} word
 */
export async function giveWord(where, word) {
  const feedback = where.getByTestId('play-feedback');
  await feedback.evaluate((f) => delete f.dataset.verdict);
  await where.getByTestId('play-input').fill(word);
  await where.getByTestId('play-input').press('Enter');
  await where.locator('[data-testid=play-feedback][data-verdict]').waitFor();
  return { verdict: await feedback.getAttribute('data-verdict'), text: (await feedback.textContent()).trim() };
}
