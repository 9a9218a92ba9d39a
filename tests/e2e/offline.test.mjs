// Repeat visits and offline use through the service worker (sw.js): after a first visit the page
// works with the network switched off and says which word lists it has; a list never used is
// refused with a message while the last result stays; and a new release replaces the cache
// whole (the old release keeps serving until the visitor reloads into the new one, then its
// cache is gone).
import { test, before, after, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { explained, failOnServer, open, serviceWorkerWarm, setOffline, testIdText } from './helpers.mjs';

const repo = fileURLToPath(new URL('../../', import.meta.url));
/** A copy of the built site, which the tests may change into a new release. */
let site;
let env;
before(async () => {
  site = mkdtempSync(join(tmpdir(), 'boggle-offline-'));
  for (const f of ['index.html', 'sw.js', 'www', 'pkg']) cpSync(join(repo, f), join(site, f), { recursive: true });
  release();
  env = await open(site);
});
after(async () => {
  await env?.close();
  rmSync(site, { recursive: true, force: true });
});
// Each test's pages close when it ends, so that none goes on working beside the next test.
afterEach(() => env.closePages());

/** Writes the site's pkg/release.js (version and shell) for its files as they are now. */
function release() {
  execFileSync('node', [join(repo, 'scripts/release.mjs'), site], { stdio: 'pipe' });
  return /"version": "([0-9a-f]+)"/.exec(readFileSync(join(site, 'pkg/release.js'), 'utf8'))[1];
}

const score = (page) => page.waitForFunction(() => /^\d+$/.test(document.querySelector('[data-testid=score]')?.textContent ?? ''));

/** A first visit with the service worker allowed, returned once it controls the page. */
async function firstVisit(query = '?board=perslatgsineters') {
  const page = await env.page({ serviceWorkers: 'allow' });
  await page.goto(`${env.base}${query}`);
  await score(page);
  await serviceWorkerWarm(page);
  return page;
}

test('after a first visit the page works offline and says which word lists it has', { timeout: 120_000 }, async () => {
  const page = await firstVisit();
  await serviceWorkerWarm(page, `${env.base}pkg/enable2k.dawg`);
  // A repeat visit takes everything from the service worker.
  const network = [];
  const fromNetwork = (r) => !r.fromServiceWorker() && network.push(r.url());
  page.on('response', fromNetwork);
  await page.reload();
  await score(page);
  page.off('response', fromNetwork);
  assert.deepEqual(network, []);
  await setOffline(page.context(), true);
  await explained(page, async () => {
    await page.reload();
    await score(page);
  });
  assert.equal(await testIdText(page, 'score'), '3625');
  const status = page.getByTestId('offline-status');
  await status.filter({ hasText: 'Offline: ENABLE2K is available, YAWL is not downloaded yet.' }).waitFor();

  // A list never used: a message, and the board and its score stay.
  await page.locator('#list-select').selectOption('yawl');
  await page.locator('#list-error').filter({ hasText: 'Could not load YAWL: you are offline, and this list is not downloaded yet' }).waitFor();
  assert.equal(await testIdText(page, 'score'), '3625');
  assert.equal(await page.locator('#list-select').inputValue(), 'enable2k');
  // A link naming it: the board with the list the page has, and the address says which.
  await page.goto(`${env.base}?board=streaedlp&wordlist=yawl`);
  await page.locator('#list-error').filter({ hasText: 'Could not load YAWL: you are offline, and this list is not downloaded yet' }).waitFor();
  await page.waitForFunction(() => document.querySelector('[data-testid=score]')?.textContent === '545');
  // The score paints before the words arrive, and the address is written with them.
  await page.waitForFunction(() => location.search === '?board=streaedlp');
  assert.equal(await page.locator('#list-select').inputValue(), 'enable2k');

  // Another view, loaded for the first time, comes from the precached shell.
  await page.getByRole('link', { name: 'Bounds' }).click();
  await page.waitForFunction(() => /^\d+$/.test(document.querySelector('[data-testid=bound-max-nomark]')?.textContent ?? ''));
  // The views that compute with a list name the one that is missing, as the solver does.
  await page.goto(`${env.base}?mode=bounds&wordlist=yawl`);
  await page.locator('#class-error').filter({ hasText: 'Could not load YAWL: you are offline, and this list is not downloaded yet' }).waitFor();
  await page.goto(`${env.base}?mode=break&wordlist=yawl&class=${encodeURIComponent('lnrsy aeiou chkmpt / chkmpt aeiou lnrsy / lnrsy aeiou bdfgjvwxz')}`);
  await page.locator('#break-class-error').filter({ hasText: 'Could not load YAWL: you are offline, and this list is not downloaded yet' }).waitFor();

  // Back online: the line goes, YAWL downloads, and is then kept for the next time offline.
  await setOffline(page.context(), false);
  await status.waitFor({ state: 'hidden' });
  await page.goto(`${env.base}?board=perslatgsineters&wordlist=yawl`);
  await score(page);
  const yawl = await testIdText(page, 'score');
  assert.notEqual(yawl, '3625');
  await serviceWorkerWarm(page, `${env.base}pkg/yawl.dawg`);
  await setOffline(page.context(), true);
  await explained(page, async () => {
    await page.reload();
    await score(page);
  });
  assert.equal(await testIdText(page, 'score'), yawl);
  await status.filter({ hasText: 'Offline: ENABLE2K and YAWL are available.' }).waitFor();
  assert.deepEqual(page.errors.filter((e) => !/ERR_INTERNET_DISCONNECTED|Failed to load resource/.test(e)), []);
});

test('a widget opened once works offline: its shared engine\'s word list is kept too', { timeout: 120_000 }, async () => {
  // A widget's engine is a shared worker, whose download of the list is not the page's own.
  const page = await env.page({ serviceWorkers: 'allow' });
  await page.goto(`${env.base}?embed=1&board=streaedlp`);
  await score(page);
  await serviceWorkerWarm(page, `${env.base}pkg/enable2k.dawg`);
  await setOffline(page.context(), true);
  await explained(page, async () => {
    await page.goto(`${env.base}?embed=1&board=perslatgsineters`);
    await page.waitForFunction(() => document.querySelector('[data-testid=score]')?.textContent === '3625');
  });
});

test('a new release replaces the cache whole: no mix, the new files after reload, the old cache gone, the lists used kept', { timeout: 120_000 }, async () => {
  const page = await firstVisit();
  // The first visit says when it has been saved for use without the network.
  await page.getByTestId('offline-saved').filter({ hasText: 'Saved for offline use' }).waitFor();
  // A list used once is kept, and must outlive the update: the new release ships it unchanged.
  await page.locator('#list-select').selectOption('yawl');
  await page.waitForFunction(() => new URLSearchParams(location.search).get('wordlist') === 'yawl');
  await serviceWorkerWarm(page, `${env.base}pkg/yawl.dawg`, `${env.base}pkg/enable2k.dawg`);
  await page.locator('#list-select').selectOption('enable2k');
  await page.waitForFunction(() => !new URLSearchParams(location.search).has('wordlist'));
  const footer = () => page.locator('.site-footer').textContent();
  const first = await page.evaluate(() => caches.keys());
  assert.equal(first.length, 1);
  const old = readFileSync(join(site, 'index.html'), 'utf8');
  const oldFooter = await footer();

  try {
    writeFileSync(join(site, 'index.html'), old.replace('Everything runs in your browser.', 'Release two.'));
    const version = release();
    assert.ok(!first[0].endsWith(version), 'the release has a new version');

    // The next visit still gets the release it started with, and is told of the new one.
    await page.reload();
    await score(page);
    assert.equal(await footer(), oldFooter);
    const update = page.getByTestId('update-ready');
    await update.waitFor();
    assert.match(await update.textContent(), /A new version of Boggle Explorer is ready/);

    await Promise.all([page.waitForEvent('load'), update.getByRole('button', { name: 'Reload' }).click()]);
    await score(page);
    assert.match(await footer(), /Release two\./);
    assert.equal(await testIdText(page, 'score'), '3625');
    assert.deepEqual(await page.evaluate(() => caches.keys()), [`boggle-explorer / ${version}`]);
    // Every precached file is the new release's.
    const cachedIndex = await page.evaluate(async () => (await (await caches.match('index.html')).text()));
    assert.match(cachedIndex, /Release two\./);
    // The word lists used before came over into the new release's cache, so both still work
    // offline right after the update.
    for (const list of ['enable2k', 'yawl']) {
      assert.ok(await page.evaluate((u) => caches.match(u).then(Boolean), `${env.base}pkg/${list}.dawg`), `${list} kept`);
    }
  } finally {
    writeFileSync(join(site, 'index.html'), old);
    release();
  }
});

test('a tab left open while another takes the new release says so, and its Reload reloads it into the new one', { timeout: 120_000 }, async () => {
  const a = await firstVisit();
  const b = await a.context().newPage();
  await b.goto(`${env.base}?board=perslatgsineters`);
  await score(b);
  await serviceWorkerWarm(b);
  const old = readFileSync(join(site, 'index.html'), 'utf8');
  try {
    writeFileSync(join(site, 'index.html'), old.replace('Everything runs in your browser.', 'Release three.'));
    release();
    await a.reload();
    await score(a);
    const offered = a.getByTestId('update-ready');
    await offered.waitFor();
    await Promise.all([a.waitForEvent('load'), offered.getByRole('button', { name: 'Reload' }).click()]);
    await score(a);
    assert.match(await a.locator('.site-footer').textContent(), /Release three\./);
    // The other tab's release is gone from the cache: it says so, and its button reloads it.
    const told = b.getByTestId('update-ready').filter({ hasText: 'updated in another tab' });
    await told.waitFor();
    await Promise.all([b.waitForEvent('load'), told.getByRole('button', { name: 'Reload' }).click()]);
    await score(b);
    assert.match(await b.locator('.site-footer').textContent(), /Release three\./);
  } finally {
    writeFileSync(join(site, 'index.html'), old);
    release();
  }
});

test('a first visit whose saving for offline use fails says so, and Try again saves it', { timeout: 120_000 }, async () => {
  // The full engine is part of the shell the service worker saves, and the solver does not ask for it.
  const restore = failOnServer(env.server, /boggle_bg\.wasm/, 503);
  const page = await env.page({ serviceWorkers: 'allow' });
  try {
    await page.goto(`${env.base}?board=perslatgsineters`);
    await score(page);
    const line = page.getByTestId('offline-saved');
    await line.filter({ hasText: 'Could not save Boggle Explorer for offline use' }).waitFor();
    restore();
    await line.getByRole('button', { name: 'Try again' }).click();
    await line.filter({ hasText: 'Saved for offline use' }).waitFor();
    await serviceWorkerWarm(page);
  } finally {
    restore();
  }
});

test('a damaged list in the cache is dropped when it fails to load, and the next try downloads it', { timeout: 120_000 }, async () => {
  const page = await firstVisit();
  const url = new URL('pkg/yawl.dawg', env.base).href;
  await page.evaluate(async (u) => {
    const cache = await caches.open((await caches.keys())[0]);
    await cache.put(u, new Response(new Uint8Array(5000).fill(7)));
  }, url);
  await page.locator('#list-select').selectOption('yawl');
  await page.locator('#list-error').filter({ hasText: /Could not load YAWL/ }).waitFor();
  assert.equal(await testIdText(page, 'score'), '3625');
  await page.waitForFunction(async (u) => !(await caches.match(u)), url, { timeout: 30_000, polling: 20 });
  await page.locator('#list-select').selectOption('yawl');
  await page.waitForFunction(() => new URLSearchParams(location.search).get('wordlist') === 'yawl');
  assert.notEqual(await testIdText(page, 'score'), '3625');
});

test('a file the server has replaced with a new release is not kept, and the new release is offered', { timeout: 120_000 }, async () => {
  const page = await firstVisit();
  const yawl = join(site, 'pkg/yawl.dawg');
  const old = readFileSync(yawl);
  try {
    // The next release ships another YAWL (here: the ENABLE2K trie, a valid list).
    writeFileSync(yawl, readFileSync(join(site, 'pkg/enable2k.dawg')));
    release();
    await page.locator('#list-select').selectOption('yawl');
    await page.waitForFunction(() => new URLSearchParams(location.search).get('wordlist') === 'yawl');
    // Used, but not kept: it is not this release's YAWL. The page is offered the new release.
    await page.getByTestId('update-ready').waitFor();
    assert.equal(await page.evaluate((u) => caches.match(u).then(Boolean), `${env.base}pkg/yawl.dawg`), false);
  } finally {
    writeFileSync(yawl, old);
    release();
  }
});

test('the page can be installed: its manifest parses and Chromium finds nothing missing', { timeout: 120_000 }, async () => {
  const page = await firstVisit();
  const cdp = await page.context().newCDPSession(page);
  const manifest = await cdp.send('Page.getAppManifest');
  assert.equal(manifest.url, `${env.base}www/manifest.webmanifest`);
  assert.deepEqual(manifest.errors, []);
  const parsed = JSON.parse(manifest.data);
  assert.equal(parsed.display, 'standalone');
  assert.equal(new URL(parsed.start_url, manifest.url).href, env.base);
  // The app's identity is its start page, so a second copy of the site on the same host, under
  // another path, is another app.
  assert.equal(manifest.manifest.id, env.base);
  // The test's browser context is a private one, which alone keeps Chromium from installing.
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  assert.deepEqual(installabilityErrors.map((e) => e.errorId).filter((id) => id !== 'in-incognito'), []);
});

test('two copies of the site on one host keep their own offline caches', { timeout: 120_000 }, async () => {
  // The same site under /live/ and /beta/ of one server: two service workers, one cache storage.
  const two = await open(site, { base: ['/live/', '/beta/'] });
  try {
    const page = await two.page({ serviceWorkers: 'allow' });
    const origin = two.base.replace(/\/$/, '');
    for (const copy of ['live', 'beta']) {
      await page.goto(`${origin}/${copy}/?board=perslatgsineters`);
      await score(page);
      await serviceWorkerWarm(page, `${origin}/${copy}/pkg/enable2k.dawg`);
    }
    const version = /"version": "([0-9a-f]+)"/.exec(readFileSync(join(site, 'pkg/release.js'), 'utf8'))[1];
    assert.deepEqual((await page.evaluate(() => caches.keys())).sort(), [`boggle-explorer /beta/ ${version}`, `boggle-explorer /live/ ${version}`]);
    // The copy opened first still works offline after the second has installed.
    await setOffline(page.context(), true);
    await explained(page, async () => {
      await page.goto(`${origin}/live/?board=streaedlp`);
      await page.waitForFunction(() => document.querySelector('[data-testid=score]')?.textContent === '545');
    });
    const manifestIds = [];
    for (const copy of ['live', 'beta']) {
      await page.goto(`${origin}/${copy}/?board=streaedlp`);
      await score(page);
      const cdp = await page.context().newCDPSession(page);
      manifestIds.push((await cdp.send('Page.getAppManifest')).manifest.id);
    }
    // Two apps to install, not one.
    assert.deepEqual(manifestIds, [`${origin}/live/`, `${origin}/beta/`]);
    await page.context().close();
  } finally {
    await two.close();
  }
});

test('the note that a first visit was saved for offline use goes by itself, though not from under the pointer', { timeout: 120_000 }, async () => {
  const page = await env.page({ serviceWorkers: 'allow' });
  await page.clock.install();
  await page.goto(`${env.base}?board=perslatgsineters`);
  await score(page);
  const note = page.getByTestId('offline-saved').filter({ hasText: 'Saved for offline use' });
  await note.waitFor();
  await note.hover();
  await page.clock.runFor(30_000);
  assert.equal(await note.isVisible(), true);
  await page.mouse.move(1, 1);
  await page.clock.runFor(30_000);
  await note.waitFor({ state: 'hidden' });
});
