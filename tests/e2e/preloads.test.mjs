// Preloads name only what the page uses: every file a document preloads (a <link rel=preload>
// or modulepreload, or the page's Link header) is one that document then loads itself, on each
// view and in each widget of the example posts, on a first visit and on a visit the service
// worker answers. A preload nobody uses is a download for nothing, and Chromium warns about it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { browserEnv, serviceWorkerWarm, widgetsReady } from './helpers.mjs';

const env = browserEnv();

/** Every kind of widget a post can hold: the custom elements and a plain iframe. */
const WIDGETS = 'boggle-board, boggle-bounds, boggle-break, boggle-search, boggle-play, iframe.widget';

/**
 * What each page waits for before it is checked: the view's first answer from the engine (the
 * break view's is its partition's class count, which needs the full engine it preloads; the
 * search view's, whether the link's settings run together).
 */
const PAGES = [
  ['', '[data-testid=word-count]:text-matches("^[\\\\d,]+$")'],
  ['?mode=bounds', '[data-testid=bound-sum-union]:text-matches("^\\\\d+$")'],
  ['?mode=search', '.search[data-link-checked]'],
  ['?mode=break', '[data-testid=partition-status][data-total]'],
  ['?mode=play&seed=7', '[data-testid=play-board] [data-index]'],
  ['embed-example.html', null],
  ['embed-example/upper-bounds.html', null],
];

/** Records, in every document, the files it fetches itself (script fetch() calls). */
async function recordFetches(context) {
  await context.addInitScript(() => {
    window.fetchedUrls = [];
    const fetch = window.fetch;
    window.fetch = function (input, ...rest) {
      window.fetchedUrls.push(new URL(input instanceof Request ? input.url : String(input), location.href).href);
      return fetch.call(this, input, ...rest);
    };
  });
}

/** Preloads named by a Link header value, as absolute URLs with their rel. */
function linkHeader(value, base) {
  return (value ?? '')
    .split(',')
    .map((part) => /<([^>]+)>\s*;(.*)/.exec(part.trim()))
    .filter(Boolean)
    .map(([, href, params]) => ({ href: new URL(href, base).href, rel: /rel="?([\w-]+)/.exec(params)?.[1] }))
    .filter((l) => l.rel === 'preload' || l.rel === 'modulepreload');
}

/**
 * Opens `path` (after a first visit that installs the service worker when `sw`), waits for it,
 * and returns the preloads that the document which asked for them did not use.
 */
async function unusedPreloads(path, ready, sw) {
  const page = await env.page({ serviceWorkers: sw ? 'allow' : 'block', viewport: { width: 1280, height: 900 } });
  await recordFetches(page.context());
  const warnings = [];
  page.on('console', (m) => /preloaded .* not used/.test(m.text()) && warnings.push(m.text()));
  if (sw) {
    await page.goto(`${env.base}${path}`);
    await serviceWorkerWarm(page, `${env.base}index.html`);
  }
  const headers = new Map(); // frame -> Link header of its page
  page.on('response', (r) => {
    if (r.request().isNavigationRequest()) headers.set(r.frame(), r.headers().link);
  });
  await page.goto(`${env.base}${path}`, { waitUntil: 'load' });
  if (ready) await page.locator(ready).first().waitFor({ timeout: 60000 });
  // A post's widgets, each scrolled to in turn: lazy loading alone may leave one unloaded.
  const frames = [page.mainFrame(), ...(ready ? [] : await widgetsReady(page, WIDGETS))];
  const unused = [];
  for (const frame of frames) {
    const used = await frame.evaluate(() => ({
      fetched: window.fetchedUrls ?? [],
      scripts: [...document.scripts].map((s) => s.src).filter(Boolean),
      links: [...document.querySelectorAll('link[rel=preload], link[rel=modulepreload]')].map((l) => ({ href: l.href, rel: l.rel })),
      loaded: performance.getEntriesByType('resource').map((e) => e.name).filter((u) => u.endsWith('.js')),
    }));
    const preloads = [...used.links, ...linkHeader(headers.get(frame), frame.url())];
    const preloaded = new Set(preloads.map((p) => p.href));
    // A chunk preloaded before a view's own chunk (scripts/bundle.mjs) is used when a module
    // the page loaded itself (not a preload) imports it statically.
    const imported = new Set();
    for (const url of used.loaded.filter((u) => !preloaded.has(u) && u.includes('/pkg/app/'))) {
      const code = await (await fetch(url)).text();
      for (const [, file] of code.matchAll(/(?:from|import)\s*["']\.\/([\w.-]+\.js)["']/g)) imported.add(new URL(file, url).href);
    }
    for (const { href, rel } of preloads) {
      const ok = rel === 'modulepreload' ? used.scripts.includes(href) || imported.has(href) : used.fetched.includes(href) || used.scripts.includes(href);
      // The page's stylesheet is linked by the page itself.
      const sheet = await frame.evaluate((h) => [...document.styleSheets].some((s) => s.href === h), href);
      if (!ok && !sheet) unused.push(`${new URL(frame.url()).pathname}${new URL(frame.url()).search.slice(0, 40)}: ${rel} ${href.replace(env.base, '')}`);
    }
  }
  assert.deepEqual(page.errors.filter((e) => !/Service Worker/.test(e)), []);
  return { unused, warnings };
}

for (const sw of [false, true]) {
  test(`every preload is used by the page that asked for it (${sw ? 'answered by the service worker' : 'first visit'})`, async () => {
    for (const [path, ready] of PAGES) {
      const { unused, warnings } = await unusedPreloads(path, ready, sw);
      assert.deepEqual(unused, [], path || 'the solver');
      assert.deepEqual(warnings, [], path || 'the solver');
    }
  });
}
