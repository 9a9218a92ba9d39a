// Faults in headless Chromium: the engine client's promises after terminate, pause
// acknowledgements, no worker state left behind by finished jobs, and the worker killed in the
// middle of a solve and of a bound job (the page shows a message, keeps the last good result
// and recovers).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { browserEnv, failOnServer, holdDownload, setOffline } from './helpers.mjs';

const env = browserEnv();

const text = async (page, id) => (await page.getByTestId(id).first().textContent()).trim();

/** A page with the solver loaded (its engine is `window.explorer.engine`). */
async function solver(query = '?board=perslatgsineters') {
  const page = await env.page();
  await page.goto(`${env.base}${query}`);
  await page.waitForFunction(() => /^\d+$/.test(document.querySelector('[data-testid=score]')?.textContent ?? ''));
  return page;
}

test('every request settles: after terminate, and while pending at terminate', { timeout: 120_000 }, async () => {
  const page = await solver();
  const r = await page.evaluate(async () => {
    const { Engine } = await import('/www/engine.js');
    const engine = new Engine();
    const settle = (p) => p.then((v) => ['ok', v], (e) => ['error', e.message]);
    const before = await settle(engine.call('parse', { board: 'abcd' }));
    // A long job pending when the engine is stopped.
    const job = engine.request('search', { optimizer: 'anneal', options: { size: '4x4', seed: 1, runs: 0 } });
    const pending = settle(job.promise);
    engine.terminate();
    const after = await settle(engine.call('parse', { board: 'abcd' }));
    const afterJob = engine.request('search', { optimizer: 'anneal', options: {} });
    afterJob.cancel();
    await afterJob.pause(); // resolves: the job will never step
    return { before, pending: await pending, after, afterJob: await settle(afterJob.promise) };
  });
  assert.equal(r.before[0], 'ok');
  assert.equal(r.before[1].board, 'abcd');
  assert.deepEqual(r.pending, ['error', 'the engine was stopped']);
  assert.deepEqual(r.after, ['error', 'the engine was stopped']);
  assert.deepEqual(r.afterJob, ['error', 'the engine was stopped']);
  assert.deepEqual(page.errors, []);
});

test('a pause is acknowledged, no step runs until resume, and finished jobs leave no state', { timeout: 120_000 }, async () => {
  const page = await solver();
  const r = await page.evaluate(async () => {
    const { Engine } = await import('/www/engine.js');
    const engine = new Engine();
    let steps = 0;
    let first;
    const stepped = new Promise((ok) => (first = ok));
    const job = engine.request(
      'search',
      { optimizer: 'anneal', options: { size: '4x4', seed: 1, runs: 0 } },
      { onProgress: () => (steps++, first()) },
    );
    await stepped;
    await job.pause();
    const held = steps;
    // Each call is answered by the worker after any step it would have run: none may.
    for (let i = 0; i < 3; i++) await engine.call('parse', { board: 'abcd' });
    const whilePaused = steps;
    const activeWhilePaused = await engine.call('active');
    let more;
    const resumed = new Promise((ok) => (more = ok));
    const watch = setInterval(() => steps > held && more(), 10);
    job.resume();
    await resumed;
    clearInterval(watch);
    job.cancel();
    const end = await job.promise;
    // Control messages for finished (or unknown) ids are ignored and leave nothing behind.
    for (const type of ['cancel', 'pause', 'resume']) engine.worker.postMessage({ type, id: job.id });
    engine.worker.postMessage({ type: 'cancel', id: 12345 });
    const activeAfter = await engine.call('active');
    await job.pause(); // the job has ended: resolves at once
    engine.terminate();
    return { held, whilePaused, activeWhilePaused, end, activeAfter, steps };
  });
  assert.ok(r.held >= 1);
  assert.equal(r.whilePaused, r.held, 'no progress while paused');
  assert.equal(r.activeWhilePaused.length, 2, `${r.activeWhilePaused}: the paused job and the active call`);
  assert.ok(r.steps > r.held);
  assert.equal(r.end.cancelled, true);
  assert.ok(r.end.value.boards > 0, 'a cancelled job answers with its last snapshot');
  assert.equal(r.activeAfter.length, 1, `${r.activeAfter}: only the active call itself`);
  assert.deepEqual(page.errors, []);
});

test('the worker killed in the middle of a solve: a message, the last result kept, then recovery', { timeout: 120_000 }, async () => {
  const page = await solver();
  assert.equal(await text(page, 'score'), '3625');
  // Hold the YAWL download, so the solve that needs it is in flight when the worker dies.
  const { asked, release } = await holdDownload(page.context(), '**/pkg/yawl.dawg', (route) => route.abort().catch(() => {}));
  await page.locator('#list-select').selectOption('yawl');
  await asked;
  const crash = await page.evaluate(() => window.explorer.engine.call('crash').then(() => 'no error', (e) => e.message));
  assert.match(crash, /engine crashed/);
  release();
  await page.locator('[data-testid=engine-status] [data-testid=error]').waitFor();
  assert.match(await text(page, 'engine-status'), /restarted/);
  await page.locator('#list-error').filter({ hasText: /Could not load YAWL/ }).waitFor();
  // The last good result stays on screen, with its list.
  assert.equal(await text(page, 'score'), '3625');
  assert.equal(await page.locator('#list-select').inputValue(), 'enable2k');
  assert.equal(await page.getByTestId('cell').count(), 16);
  // The restarted worker does the same request.
  await page.context().unroute('**/pkg/yawl.dawg');
  await page.locator('#list-select').selectOption('yawl');
  await page.waitForFunction(() => new URLSearchParams(location.search).get('wordlist') === 'yawl');
  assert.match(await text(page, 'score'), /^\d+$/);
  assert.notEqual(await text(page, 'score'), '3625');
});

test('the worker killed in the middle of a bound job: a message, the bounds kept, then recovery', { timeout: 120_000 }, async () => {
  const page = await env.page();
  // A 4x4 class: each of its 86 single-letter fixes is a bound of its own (seconds in all).
  const cls = 'lnrsy aeiou chkmpt lnrsy / aeiou lnrsy aeiou chkmpt / chkmpt aeiou lnrsy aeiou / lnrsy chkmpt aeiou lnrsy';
  await page.goto(`${env.base}?mode=bounds&class=${encodeURIComponent(cls)}`);
  await page.waitForFunction(() => /Computing \d+ of \d+/.test(document.querySelector('.splits-card')?.textContent ?? ''));
  const max = await text(page, 'bound-max-nomark');
  const crash = await page.evaluate(() => window.explorer.engine.call('crash').then(() => 'no error', (e) => e.message));
  assert.match(crash, /engine crashed/);
  await page.locator('.splits-card').filter({ hasText: /Could not compute the splits: the engine was restarted/ }).waitFor();
  assert.match(await text(page, 'engine-status'), /restarted/);
  assert.equal(await text(page, 'bound-max-nomark'), max);
  // A new class is bounded by the restarted worker, splits and all.
  await page.fill('#class-input', 'f {a,u} r / . . e / . . .');
  await page.getByRole('button', { name: 'Bound it' }).click();
  await page.waitForFunction(() => document.querySelector('[data-testid=bound-max-nomark]')?.textContent === '6');
  await page.locator('.splits-card').filter({ hasText: /All 2 single-letter fixes computed/ }).waitFor();
});

test('an uploaded list: overlong words are skipped with a note, a file over the limit is refused', { timeout: 120_000 }, async () => {
  const page = await solver();
  await page.locator('input[type=file]').setInputFiles({
    name: 'long.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from(`${'a'.repeat(300)}\ncat\ntea\neat\n`),
  });
  const stats = page.locator('#list-stats');
  await stats.filter({ hasText: /long\.txt: 3 words/ }).waitFor();
  assert.match(await stats.textContent(), /1 longer than any 6x6 board can spell/);
  assert.match(await stats.textContent(), /Line 1: 300 letters, longer than any 6x6 board can spell: skipped/);
  // 17 MB: refused by its size before it is read, with the engine's own wording.
  await page.locator('input[type=file]').setInputFiles({
    name: 'huge.txt',
    mimeType: 'text/plain',
    buffer: Buffer.alloc(17 * 2 ** 20, 'cat\n'),
  });
  await page.locator('#list-error').filter({ hasText: /“huge\.txt”: the word list is 17\.0 MB, more than the limit of 16 MB/ }).waitFor();
  // The list in use and its result stay.
  assert.match(await stats.textContent(), /long\.txt/);
  assert.deepEqual(page.errors, []);
});

test('a board with more paths through an uploaded list than the solver follows says so, and the page goes on', { timeout: 120_000 }, async () => {
  const page = await solver();
  const repeats = Array.from({ length: 23 }, (_, i) => 'e'.repeat(i + 3)).join('\n');
  await page.locator('input[type=file]').setInputFiles({ name: 'repeats.txt', mimeType: 'text/plain', buffer: Buffer.from(repeats) });
  await page.locator('#list-stats').filter({ hasText: /repeats\.txt: 23 words/ }).waitFor();
  await page.fill('#board-input', 'e'.repeat(25));
  await page.keyboard.press('Enter');
  await page.locator('#board-error').filter({ hasText: /more than 100,000,000 paths spelling the start of a word/ }).waitFor();
  // The worker is free again: a board it can solve is solved with the same list.
  await page.fill('#board-input', 'eeee');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.querySelector('[data-testid=score]')?.textContent === '2');
  assert.equal(await page.locator('#board-error').textContent(), '');
  assert.deepEqual(page.errors, []);
});

/** The compiled YAWL list, for serving it damaged. */
const yawlBytes = readFileSync(new URL('../../pkg/yawl.dawg', import.meta.url));

/**
 * Ways a list download goes wrong, each answered by a route: [name, handler, the message].
 * Garbage is seeded (the same bytes every run).
 */
const LIST_FAULTS = [
  ['HTTP 500', (route) => route.fulfill({ status: 500, body: 'internal error' }), /HTTP 500/],
  ['HTTP 404', (route) => route.fulfill({ status: 404, body: 'not found' }), /HTTP 404/],
  ['an empty body', (route) => route.fulfill({ status: 200, body: Buffer.alloc(0) }), /./],
  ['truncated to half', (route) => route.fulfill({ status: 200, body: yawlBytes.subarray(0, yawlBytes.length >> 1) }), /./],
  ['cut off by one byte', (route) => route.fulfill({ status: 200, body: yawlBytes.subarray(0, yawlBytes.length - 1) }), /./],
  ['garbage bytes', (route) => route.fulfill({ status: 200, body: garbage(yawlBytes.length, 1) }), /./],
  ['garbage after a real header', (route) => route.fulfill({ status: 200, body: Buffer.concat([yawlBytes.subarray(0, 64), garbage(yawlBytes.length - 64, 2)]) }), /./],
  ['an HTML error page', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><h1>Oops</h1>' }), /./],
  ['the connection refused', (route) => route.abort('connectionrefused'), /network failed|offline/],
];

/** `n` pseudo-random bytes from `seed` (xorshift). */
function garbage(n, seed) {
  const out = Buffer.alloc(n);
  let x = seed * 2654435761 || 1;
  for (let i = 0; i < n; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out[i] = x & 255;
  }
  return out;
}

test('the list download failing, truncated or garbage: a message, the last result kept, then recovery', { timeout: 300_000 }, async (t) => {
  const page = await solver();
  const context = page.context();
  for (const [name, handler, message] of LIST_FAULTS) {
    await context.route('**/pkg/yawl.dawg', handler);
    await page.locator('#list-select').selectOption('yawl');
    const error = page.locator('#list-error').filter({ hasText: /Could not load YAWL/ });
    await error.waitFor();
    assert.match(await error.textContent(), message, name);
    t.diagnostic(`${name}: ${await error.textContent()}`);
    // A shipped list is sound: whatever came instead was damaged on the way, and may come whole next time.
    assert.equal(await error.getByRole('button', { name: 'Try again' }).count(), 1, name);
    assert.equal(await text(page, 'score'), '3625', `${name}: the last result stays`);
    assert.equal(await page.locator('#list-select').inputValue(), 'enable2k', name);
    assert.equal(await page.getByTestId('cell').count(), 16, name);
    await context.unroute('**/pkg/yawl.dawg');
    // The list in use still works.
    await page.fill('#board-input', 'streaedlp');
    await page.press('#board-input', 'Enter');
    await page.waitForFunction(() => document.querySelector('[data-testid=score]')?.textContent === '545');
    await page.fill('#board-input', 'perslatgsineters');
    await page.press('#board-input', 'Enter');
    await page.waitForFunction(() => document.querySelector('[data-testid=score]')?.textContent === '3625');
  }
  // The list is there again: choosing it works.
  await page.locator('#list-select').selectOption('yawl');
  await page.waitForFunction(() => new URLSearchParams(location.search).get('wordlist') === 'yawl');
  assert.match(await text(page, 'score'), /^\d+$/);
  assert.notEqual(await text(page, 'score'), '3625');
  assert.equal(await page.locator('#list-error').isVisible(), false);
  assert.deepEqual(page.errors.filter((e) => !/Failed to load resource/.test(e)), []);
});

test('the first list failing on the first visit: a message, then the page recovers', { timeout: 120_000 }, async () => {
  const page = await env.page();
  await page.context().route('**/pkg/enable2k.dawg', (route) => route.fulfill({ status: 503, body: 'busy' }));
  await page.goto(`${env.base}?board=perslatgsineters`);
  await page.locator('#list-error').filter({ hasText: /Could not load ENABLE2K: .*HTTP 503/ }).waitFor();
  await page.context().unroute('**/pkg/enable2k.dawg');
  await page.locator('#list-select').selectOption('yawl');
  await page.locator('#list-select').selectOption('enable2k');
  await page.waitForFunction(() => document.querySelector('[data-testid=score]')?.textContent === '3625');
});

test('the first list damaged on the first visit: the build the worker starts at once fails with a message, then the page recovers', { timeout: 120_000 }, async () => {
  // index.html hands the worker the list as soon as it is in; that early build fails here,
  // and the solve that follows fetches the list again (damaged again), so the message shows.
  const page = await env.page();
  const damaged = garbage(4096, 3);
  let served = 0;
  await page.context().route('**/pkg/enable2k.dawg', (route) => (served++, route.fulfill({ status: 200, body: damaged })));
  await page.goto(`${env.base}?board=perslatgsineters`);
  await page.locator('#list-error').filter({ hasText: /Could not load ENABLE2K/ }).waitFor();
  assert.ok(served >= 2, `the damaged list was fetched ${served} time(s): the early build's failure is not kept`);
  await page.context().unroute('**/pkg/enable2k.dawg');
  await page.locator('#list-select').selectOption('yawl');
  await page.locator('#list-select').selectOption('enable2k');
  await page.waitForFunction(() => document.querySelector('[data-testid=score]')?.textContent === '3625');
  assert.deepEqual(page.errors.filter((e) => !/Failed to load resource/.test(e)), []);
});

test('the network gone after the first load: a message, the last result kept, then recovery', { timeout: 120_000 }, async () => {
  const page = await solver(); // no service worker (the helpers block it): only what the page holds
  await setOffline(page.context(), true);
  await page.getByTestId('offline-status').filter({ hasText: 'Offline: ENABLE2K is available, YAWL is not downloaded yet.' }).waitFor();
  await page.locator('#list-select').selectOption('yawl');
  await page.locator('#list-error').filter({ hasText: /Could not load YAWL: you are offline/ }).waitFor();
  assert.equal(await text(page, 'score'), '3625');
  // The list in memory keeps working offline.
  await page.fill('#board-input', 'streaedlp');
  await page.press('#board-input', 'Enter');
  await page.waitForFunction(() => document.querySelector('[data-testid=score]')?.textContent === '545');
  await setOffline(page.context(), false);
  await page.getByTestId('offline-status').waitFor({ state: 'hidden' });
  await page.locator('#list-select').selectOption('yawl');
  await page.waitForFunction(() => new URLSearchParams(location.search).get('wordlist') === 'yawl');
  assert.match(await text(page, 'score'), /^\d+$/);
  assert.notEqual(await text(page, 'score'), '545');
});

test('a browser without WebAssembly SIMD: the page says so at the top instead of failing obscurely', { timeout: 120_000 }, async () => {
  const page = await env.page();
  // What such a browser does: every engine module fails to compile, and the SIMD probe too.
  await page.addInitScript(() => {
    const refuse = () => Promise.reject(new WebAssembly.CompileError('invalid opcode 0xfd'));
    WebAssembly.compileStreaming = refuse;
    WebAssembly.compile = refuse;
    WebAssembly.validate = () => false;
  });
  await page.goto(`${env.base}?board=perslatgsineters`);
  // At once, in the banner at the top, without three doomed restarts first.
  const banner = page.getByTestId('engine-status').getByTestId('error');
  await banner.filter({ hasText: /^This browser cannot run the engine: it lacks WebAssembly SIMD \(Chrome and Edge 91, Firefox 89 and Safari 16\.4/ }).waitFor();
  assert.doesNotMatch(await banner.textContent(), /reload/);
});

test('the engine failing to download: each view says so with Try again, which recovers once it is back', { timeout: 240_000 }, async (t) => {
  const refuse = (route) => route.fulfill({ status: 503, body: 'busy' });
  const views = [
    // [query, module refused, what shows a result once recovered]
    ['?board=perslatgsineters', 'boggle_solve_bg.wasm', async (page) => page.getByTestId('score').filter({ hasText: /^3625$/ }).waitFor()],
    ['?mode=bounds', 'boggle_bg.wasm', async (page) => page.waitForFunction(() => /^\d+$/.test(document.querySelector('[data-testid=bound-sum-union]')?.textContent ?? ''))],
    ['?mode=play&seed=7', 'boggle_solve_bg.wasm', async (page) => page.getByRole('button', { name: /Start the round/ }).waitFor()],
  ];
  for (const [query, module, recovered] of views) {
    const page = await env.page();
    await page.context().route(`**/pkg/${module}*`, refuse);
    await page.goto(`${env.base}${query}`);
    const again = page.getByRole('button', { name: 'Try again' });
    await again.waitFor();
    const message = (await again.locator('xpath=..').textContent()).replace('Try again', '').trim();
    t.diagnostic(`${query}: ${message}`);
    assert.equal(message, 'Could not download the engine (HTTP 503).', query);
    // Nothing on screen claims a result or blames the input.
    assert.equal(await page.getByText(/Link and embed show the last valid/).count(), 0, query);
    await page.context().unroute(`**/pkg/${module}*`);
    await again.click();
    await recovered(page);
    assert.equal(await again.count(), 0, `${query}: the message is gone`);
    assert.deepEqual(page.errors.filter((e) => !/Failed to load resource/.test(e)), [], query);
  }
});

test('Try again downloads afresh even when the failure was kept by the browser (a cacheable 503, as a CDN may send)', { timeout: 120_000 }, async () => {
  // The server's own answers, not a route's, so that the browser's cache keeps them: with
  // max-age a 503 may be reused, and a retry that did not ask the server again would get it back.
  const cached = { 'cache-control': 'max-age=600' };
  for (const [pattern, query, error, recovered] of [
    [/\/pkg\/boggle_solve_bg\.wasm/, '?board=perslatgsineters', null, (page) => page.getByTestId('score').filter({ hasText: /^3625$/ }).waitFor()],
    [/\/pkg\/enable2k\.dawg/, '?board=streaedlp', '#list-error', (page) => page.getByTestId('score').filter({ hasText: /^545$/ }).waitFor()],
  ]) {
    const page = await env.page();
    const restore = failOnServer(env.server, pattern, 503, cached);
    try {
      await page.goto(`${env.base}${query}`);
      const again = (error ? page.locator(error) : page).getByRole('button', { name: 'Try again' });
      await again.waitFor();
      restore();
      await again.click();
      await recovered(page);
      assert.equal(await again.count(), 0, query);
    } finally {
      restore();
    }
  }
});

test('a word list failing to download on the first visit: Try again loads it', { timeout: 120_000 }, async () => {
  const page = await env.page();
  await page.context().route('**/pkg/enable2k.dawg', (route) => route.fulfill({ status: 503, body: 'busy' }));
  await page.goto(`${env.base}?board=perslatgsineters`);
  const error = page.locator('#list-error');
  await error.filter({ hasText: /^Could not load ENABLE2K: could not download the word list 'enable2k' \(HTTP 503\)/ }).waitFor();
  // No board and no numbers stand for a result that never came.
  assert.equal(await text(page, 'score'), '–');
  assert.equal(await page.getByTestId('cell').count(), 0);
  assert.equal(await page.locator('.size-row [aria-pressed=true]').getAttribute('data-size'), '4x4');
  assert.equal(await page.locator('.board-panel .working').textContent(), 'Nothing to show yet: the message under Word list says why.');
  await page.context().unroute('**/pkg/enable2k.dawg');
  await error.getByRole('button', { name: 'Try again' }).click();
  await page.getByTestId('score').filter({ hasText: /^3625$/ }).waitFor();
  assert.equal(await error.isVisible(), false);
  assert.equal(await page.locator('.board-panel .working').isVisible(), false);
});

test('in a frame sandboxed without allow-same-origin, which may start no worker, the page and a widget say why instead of waiting forever', { timeout: 120_000 }, async () => {
  const page = await env.page();
  await page.setContent(
    `<iframe title="page" sandbox="allow-scripts" src="${env.base}?board=perslatgsineters" width="900" height="600"></iframe>` +
      `<iframe title="widget" sandbox="allow-scripts" src="${env.base}?embed=1&mode=play&seed=7" width="500" height="500"></iframe>`,
  );
  for (const name of ['page', 'widget']) {
    const frame = page.frameLocator(`iframe[title=${name}]`);
    const said = frame.getByTestId('engine-status').getByTestId('error');
    await said.filter({ hasText: /does not let this page start its engine here .*allow-same-origin/ }).waitFor();
  }
  assert.deepEqual(page.errors, []);
});

test("a view whose code fails to download says so with a way on, and the other views still open", { timeout: 120_000 }, async () => {
  const page = await solver();
  await page.route(/\/pkg\/app\/bounds-[^/]*\.js$/, (r) => r.abort(), { times: 1 });
  await page.getByRole('link', { name: 'Bounds' }).click();
  const said = page.locator('#view-error');
  await said.filter({ hasText: /^Could not open this view: its code did not download/ }).waitFor();
  // The solver opens again (the view that was there before is not left half unmounted).
  await page.getByRole('link', { name: 'Solve' }).click();
  await page.waitForFunction(() => /^\d+$/.test(document.querySelector('[data-testid=score]')?.textContent ?? ''));
  assert.equal(await page.title(), 'Solve a Boggle board · Boggle Explorer');
  // And the view that failed opens once its code downloads: at once, or (a browser that keeps
  // the failed module as failed) by Try again, which reloads the page.
  await page.getByRole('link', { name: 'Bounds' }).click();
  await page.waitForFunction(
    () => /^\d+$/.test(document.querySelector('[data-testid=bound-max-nomark]')?.textContent ?? '') || document.querySelector('#view-error:not([hidden])') !== null,
  );
  if (await said.isVisible()) {
    assert.match(await said.textContent(), /^Could not open this view: its code did not download/);
    await Promise.all([page.waitForEvent('load'), said.getByRole('button', { name: 'Try again' }).click()]);
  }
  await page.waitForFunction(() => /^\d+$/.test(document.querySelector('[data-testid=bound-max-nomark]')?.textContent ?? ''));
});

test("the page's code failing to download on a first visit says so, and Reload mends it", { timeout: 120_000 }, async () => {
  const page = await env.page();
  // Every request for the code fails until the network comes back: the browser may ask for it
  // more than once (its preload scanner, the modulepreload link and the script itself), and how
  // many of those it makes, and which one the script waits on, differs between builds.
  const app = /\/pkg\/app\/app\.js$/;
  await page.route(app, (r) => r.abort());
  await page.goto(`${env.base}?board=perslatgsineters`);
  const banner = page.getByTestId('engine-status');
  await banner.getByTestId('error').filter({ hasText: 'The page’s code did not download' }).waitFor();
  await page.unroute(app);
  await Promise.all([page.waitForEvent('load'), banner.getByRole('button', { name: 'Reload' }).click()]);
  await page.waitForFunction(() => document.querySelector('[data-testid=score]')?.textContent === '3625');
});

test("a link's word list failing to download: the board with the default list, the address naming it, and Try again puts the link's list back", { timeout: 120_000 }, async () => {
  const page = await env.page();
  await page.context().route('**/pkg/yawl.dawg', (route) => route.fulfill({ status: 503, body: 'busy' }));
  await page.goto(`${env.base}?board=streaedlp&wordlist=yawl`);
  const error = page.locator('#list-error');
  await error.filter({ hasText: /^Could not load YAWL: could not download the word list 'yawl' \(HTTP 503\)/ }).waitFor();
  await page.getByTestId('score').filter({ hasText: /^545$/ }).waitFor();
  // What is on screen was found with ENABLE2K, and so says the address (written with the words,
  // which come after the score).
  await page.waitForFunction(() => location.search === '?board=streaedlp');
  await page.context().unroute('**/pkg/yawl.dawg');
  await error.getByRole('button', { name: 'Try again' }).click();
  await page.waitForFunction(() => new URLSearchParams(location.search).get('wordlist') === 'yawl');
  await page.waitForFunction(() => document.querySelector('[data-testid=score]')?.textContent !== '545');
  assert.equal(await page.locator('#list-select').inputValue(), 'yawl');
  assert.deepEqual(page.errors.filter((e) => !/status of 503/.test(e)), []);
});
