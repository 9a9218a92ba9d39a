// The widgets in headless Chromium, on host pages served from other origins: the published
// bounds of the classes in docs/design.md, iframes sized to their content, no search or break
// before the reader presses Play (the commands sent to the engine are recorded in every frame),
// hostile attribute values, one shared engine for every widget; every kind under a height
// limit, its error card's link, and what every element reads alike (boolean attributes, values
// in any case, attributes it does not know); the play widget's round kept across a reload (by
// each element, and by each of two identical plain iframes), its
// size without a board, and its note on a seed that is not one.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { browserEnv, failOnServer, frameHeights, giveWord, hostServer, recordWorkerCommands } from './helpers.mjs';

const env = browserEnv();
const blog = hostServer(); // the host pages' server: another port, so another origin

const CONSONANTS = '{b-d,f-h,j-n,p-t,v-z}';
/** The classes and published ENABLE2K bounds of docs/design.md#board-classes-and-upper-bounds. */
const PUBLISHED = [
  { cls: 'lnrsy aeiou chkmpt chkmpt aeiou lnrsy lnrsy aeiou bdfgjvwxz', boards: '5062500', max: '9359', sum: '106383' },
  { cls: '{a,e,i,o,u} {a,e,i,o,u} r {b,c,d,f,g,h} a t d e {r,s,t,v}', boards: '600', max: '1307', sum: '2880' },
  {
    cls: `aeiou ${CONSONANTS} aeiou ${CONSONANTS} aeiou ${CONSONANTS} aeiou ${CONSONANTS} aeiou`,
    boards: '607753125',
    max: '15692',
    sum: '195944',
  },
];
/** A 4x4 class whose bounds take seconds: the widget waits for a click. */
const BIG_CLASS = `${CONSONANTS} ${CONSONANTS} ${CONSONANTS} ${CONSONANTS} aeiou ${CONSONANTS} ${CONSONANTS} ${CONSONANTS} ${CONSONANTS} ${CONSONANTS} ${CONSONANTS} ${CONSONANTS} ${CONSONANTS} aeiou ${CONSONANTS} ${CONSONANTS}`;

/** Text made safe for an HTML attribute value. */
const attr = (s) => String(s).replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * Opens a host page holding `body` (after the widget script) on the blog's server. `host` is
 * "localhost" (another site than the explorer's 127.0.0.1) or "127.0.0.1" (the same site on
 * another port: another origin, where Chromium lets the widgets share a worker).
 */
async function hostPage(body, { host = 'localhost', record = false, before, ...options } = {}) {
  writeFileSync(
    join(blog.dir, 'index.html'), // the blog's server serves the explorer's file names only
    `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
    <title>A post</title><link rel="icon" href="data:,">
    <script type="module" src="${env.base}www/embed.js"></script></head>
    <body style="max-width:46rem;margin:20px auto;padding:0 12px;font:17px Georgia">${body}</body></html>`,
  );
  const page = await env.page({ viewport: { width: 1100, height: 900 }, ...options });
  if (record) await recordWorkerCommands(page.context());
  page.dialogs = [];
  page.on('dialog', (d) => {
    page.dialogs.push(d.message());
    d.dismiss();
  });
  await before?.(page);
  await page.goto(`http://${host}:${blog.port}/?post=${++posts}`);
  return page;
}

/** The widget inside element `selector` once it is on screen and its first result is shown. */
async function widget(page, selector) {
  await page.locator(selector).scrollIntoViewIfNeeded();
  const frame = page.locator(`${selector} iframe`);
  await frame.scrollIntoViewIfNeeded();
  const inside = frame.contentFrame();
  await inside.locator('.embed-widget[data-ready="true"]').waitFor();
  return inside;
}

let posts = 0;

const text = async (locator) => (await locator.first().textContent()).trim();
/** The commands the widget's frame has sent to its engine. */
const sent = (page, selector) =>
  page.locator(`${selector} iframe`).contentFrame().locator('html').evaluate(() => window.sentCommands);

test('bounds widgets show the published bounds of the classes in docs/design.md as soon as they load', async () => {
  const body = PUBLISHED.map((c, i) => `<boggle-bounds id="b${i}" board-class="${attr(c.cls)}"></boggle-bounds><p>Text.</p>`).join('');
  const page = await hostPage(body);
  for (const [i, c] of PUBLISHED.entries()) {
    const w = await widget(page, `#b${i}`);
    assert.equal(await text(w.getByTestId('bound-max-nomark')), c.max, c.cls);
    assert.equal(await text(w.getByTestId('bound-sum-union')), c.sum, c.cls);
    assert.equal(await w.getByTestId('class-boards').getAttribute('data-value'), c.boards, c.cls);
    // The 3x3 classes are tested against the best known 3x3 score, 545.
    assert.match(await text(w.getByTestId('bounds-verdict')), /^Not eliminated: the bound [\d,]+ reaches the target 545\.$/);
    const href = await w.locator('a.embed-open').getAttribute('href');
    const q = new URL(href, 'http://x/').searchParams;
    assert.equal(q.get('mode'), 'bounds');
    assert.ok(q.get('class'));
    assert.equal(await w.locator('a.embed-open').getAttribute('target'), '_blank');
  }
  // A target above the bound eliminates the class; the tree panel draws from the given cell.
  await page.evaluate(() => {
    const b = document.createElement('boggle-bounds');
    b.id = 'tree';
    b.setAttribute('board-class', 'f {a,u} r / . . e / . . .');
    b.setAttribute('target', '10');
    b.setAttribute('panel', 'tree');
    b.setAttribute('cell', '1');
    document.body.append(b);
  });
  const w = await widget(page, '#tree');
  assert.match(await text(w.getByTestId('bounds-verdict')), /^Eliminated: the bound \d is below the target 10\.$/);
  await w.locator('.tree-root').waitFor();
  assert.match(await text(w.locator('.tree-card .card-title')), /row 1, column 2/);
  // The splits panel waits for its button, then fixes each letter of each multi-letter cell.
  await page.evaluate((cls) => {
    const b = document.createElement('boggle-bounds');
    b.id = 'splits';
    b.setAttribute('board-class', cls);
    b.setAttribute('panel', 'splits');
    document.body.append(b);
  }, PUBLISHED[1].cls);
  const sp = await widget(page, '#splits');
  await sp.getByTestId('bounds-splits-start').click();
  await sp.locator('.splits-card', { hasText: /All \d+ single-letter fixes computed\./ }).waitFor();
  // {a,e,i,o,u} twice, {b,c,d,f,g,h} and {r,s,t,v}: 5 + 5 + 6 + 4 bars.
  assert.equal(await sp.locator('.split-row').count(), 20);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

/**
 * Asserts that the element reserved about the height its widget then took (within `share` of
 * it: 6%, or more for a bounds panel, whose height follows its class), so the host's page hardly
 * moves when the widget reports its own.
 */
async function assertReserved(page, selector, settled, share = 0.06) {
  const reserved = await page.locator(selector).evaluate((e) => /** @type {any} */ (e).estimate());
  assert.ok(Math.abs(reserved - settled) <= share * settled, `${selector} reserved ${reserved}px for a widget of ${settled}px`);
}

test('each widget kind reserves about its height, then sizes its iframe to its content, on a desktop and on a phone', async () => {
  const page = await hostPage(
    `<boggle-bounds id="bounds" board-class="${attr(PUBLISHED[1].cls)}" panel="words"></boggle-bounds>
     <boggle-search id="search" size="3x3" seed="1"></boggle-search>
     <boggle-search id="anneal" opt="anneal" size="3x3" seed="1"></boggle-search>
     <boggle-break id="break" board-class="st t rs / e ae e / d l ps"></boggle-break>
     <boggle-board id="board" board="perslatgsineters"></boggle-board>
     <boggle-board id="bare" board="perslatgsineters" words="none"></boggle-board>
     <boggle-play id="play" seed="64"></boggle-play>`,
  );
  const kinds = ['#bounds', '#search', '#anneal', '#break', '#board', '#bare', '#play'];
  const wide = {};
  for (const k of kinds) {
    await widget(page, k);
    wide[k] = await frameHeights(page, `${k} iframe`);
    // A panel's height depends on its class; the other kinds' does not until they run.
    if (k !== '#bounds') await assertReserved(page, k, wide[k].outer);
  }
  // Breaking adds the tree and the boards found: the frame grows with them.
  const w = await widget(page, '#break');
  await w.getByTestId('break-start').click();
  await w.locator('[data-testid="break-status"][data-state="done"]').waitFor();
  const grown = await frameHeights(page, '#break iframe');
  assert.ok(grown.outer > wide['#break'].outer + 100, `${grown.outer} vs ${wide['#break'].outer}`);
  await page.setViewportSize({ width: 390, height: 844 });
  for (const k of kinds) {
    await page.locator(k).scrollIntoViewIfNeeded();
    const { outer } = await frameHeights(page, `${k} iframe`);
    // The break has run and grown by now.
    if (k !== '#bounds' && k !== '#break') await assertReserved(page, k, outer);
  }
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('the example post\'s bounds widgets reserve about their height, with and without a panel, on a desktop and on a phone', async () => {
  // A panel's height depends on its class, so its reserve is measured on the classes a post
  // shows: the example post's, each kind of panel among them.
  for (const viewport of [{ width: 1100, height: 900 }, { width: 390, height: 844 }]) {
    const page = await env.page({ viewport });
    await page.goto(`${env.base}embed-example/upper-bounds.html`);
    const elements = page.locator('boggle-bounds');
    const panels = new Set();
    for (let i = 0; i < (await elements.count()); i++) {
      const element = elements.nth(i);
      await element.evaluate((e, n) => (e.id = `bounds-${n}`), i);
      await widget(page, `#bounds-${i}`);
      const { outer } = await frameHeights(page, `#bounds-${i} iframe`);
      await assertReserved(page, `#bounds-${i}`, outer, 0.15);
      panels.add(await element.getAttribute('panel'));
    }
    assert.deepEqual([...panels].sort(), ['tree', 'words', null].sort());
    assert.deepEqual(page.errors, []);
    await page.context().close();
  }
});

test('searches and breaks start only when the reader presses Play, then find the known boards', async () => {
  const page = await hostPage(
    `<boggle-search id="search" size="3x3" seed="1" target="545"></boggle-search>
     <boggle-break id="break" board-class="st t rs / e ae e / d l ps" target="500"></boggle-break>
     <boggle-break id="yawl" board-class="st t rs / e ae e / d l ps" target="500" wordlist="yawl"></boggle-break>
     <boggle-bounds id="big" board-class="${attr(BIG_CLASS)}"></boggle-bounds>`,
    { record: true, viewport: { width: 1100, height: 2400 } },
  );
  const search = await widget(page, '#search');
  const brk = await widget(page, '#break');
  const big = await widget(page, '#big');
  // Loaded and drawn, and nothing heavy asked of the engine: the big class was tried within a
  // small step limit and waits for a click.
  await big.getByTestId('bounds-compute').waitFor();
  assert.deepEqual(await sent(page, '#search'), []);
  assert.deepEqual(await sent(page, '#break'), []);
  assert.deepEqual(await sent(page, '#big'), ['classBounds', 'classInfo']);
  // 8.11e19 boards, written in words, with the exact figure (the hook) under them.
  assert.equal(await text(big.locator('.embed-boards')), '81.1 quintillion');
  assert.match(await text(big.getByTestId('class-boards')), /^81,\d{3}(,\d{3}){5}$/);
  assert.equal(await text(big.getByTestId('bound-max-nomark')), '…');

  // The search, reproducible from its seed: hill climbing on 3x3 from seed 1 reaches 545.
  assert.match(await text(search.getByTestId('search-seed')), /^Seed 1:/);
  const idle = await frameHeights(page, '#search iframe');
  await search.getByTestId('anneal-start').click();
  await search.locator('[data-testid="search-status"][data-state="reached"]').waitFor({ timeout: 120000 });
  assert.equal(await text(search.getByTestId('anneal-best-score')), '545');
  // The best board's line was held for it: the card, and the host's page around it, did not move.
  assert.equal((await frameHeights(page, '#search iframe')).outer, idle.outer);
  assert.deepEqual(await sent(page, '#search'), ['search']);
  const q = new URL(await search.locator('a.embed-open').getAttribute('href'), 'http://x/').searchParams;
  assert.deepEqual(Object.fromEntries(q), { mode: 'search', size: '3x3', seed: '1', target: '545', workers: '1' });

  // The break: the one board of the class that reaches 500.
  await brk.getByTestId('break-start').click();
  await brk.locator('[data-testid="break-status"][data-state="done"]').waitFor({ timeout: 60000 });
  // Its progress is named for a screen reader, and full.
  assert.equal(await brk.getByRole('progressbar', { name: 'Boards settled' }).getAttribute('value'), '1');
  const found = await brk.getByTestId('break-survivor').evaluateAll((as) => as.map((a) => `${a.dataset.score} ${a.dataset.board}`));
  assert.deepEqual(found, ['545 deslatper']); // streaedlp, in canonical form
  // One board: the status agrees with it in number.
  assert.match(await text(brk.getByTestId('break-status')), /: 1 board of [\d,]+ reaches 500\.$/);
  assert.ok((await brk.locator('.break-tree .tree-node').count()) > 1);
  assert.deepEqual(await sent(page, '#break'), ['break']);
  // The same class with YAWL, whose longer list finds two boards; each links to the solver with it.
  const yawl = await widget(page, '#yawl');
  assert.deepEqual(await sent(page, '#yawl'), []);
  await yawl.getByTestId('break-start').click();
  await yawl.locator('[data-testid="break-status"][data-state="done"]').waitFor({ timeout: 60000 });
  const yawlFound = await yawl.getByTestId('break-survivor').evaluateAll((as) => as.map((a) => `${a.dataset.score} ${a.dataset.board}`));
  assert.deepEqual(yawlFound, ['668 deslatper', '594 deslatser']);
  assert.match(await yawl.getByTestId('break-survivor').first().getAttribute('href'), /&wordlist=yawl$/);
  const open = new URL(await yawl.locator('a.embed-open').getAttribute('href'), 'http://x/').searchParams;
  assert.equal(open.get('wordlist'), 'yawl');

  // The big class, once asked for.
  await big.getByTestId('bounds-compute').click();
  await big.getByTestId('bound-sum-union').filter({ hasText: /^\d+$/ }).waitFor({ timeout: 60000 });
  assert.equal(await text(big.getByTestId('bound-sum-union')), '215414');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('hostile attribute values are shown as text, cut short, and never run', async () => {
  const hostile = {
    markup: '<img src=x onerror="alert(1)"><script>alert(2)</script>',
    script: 'javascript:alert(3)',
    rtl: '\u202eevil\u202c lnrsy',
    huge: 'a'.repeat(200000),
  };
  const kinds = {
    'boggle-bounds': ['board-class', 'target', 'cell', 'panel', 'wordlist', 'max-height', 'theme'],
    'boggle-search': ['opt', 'size', 'seed', 'letters', 'target', 't0', 'source'],
    'boggle-break': ['board-class', 'target'],
  };
  const page = await hostPage('<p>Hostile values.</p>', { record: true, viewport: { width: 1100, height: 4000 } });
  let n = 0;
  for (const [tag, names] of Object.entries(kinds)) {
    for (const [what, value] of Object.entries(hostile)) {
      const id = `w${n++}`;
      await page.evaluate(
        ({ tag, names, value, id }) => {
          const w = document.createElement(tag);
          w.id = id;
          for (const name of names) w.setAttribute(name, value);
          document.body.append(w);
        },
        { tag, names, value, id },
      );
      const w = await widget(page, `#${id}`);
      const src = await page.locator(`#${id} iframe`).getAttribute('src');
      assert.ok(src.length < 40000, `${tag} ${what}: iframe address of ${src.length} characters`);
      // Every value was read as text: a message says what is wrong, nothing became markup.
      const messages = await w.locator('[data-testid="error"], .embed-note').allTextContents();
      assert.ok(messages.join(' ').trim().length > 0, `${tag} ${what}: no message`);
      assert.ok(messages.every((m) => m.length < 2000), `${tag} ${what}: a message quotes too much`);
      assert.ok(messages.every((m) => !m.includes('\u202e')), `${tag} ${what}: a bidirectional override in a message`);
      assert.equal(await w.locator('[onerror], img[src$="/x"]').count(), 0, `${tag} ${what}: markup`);
      const scripts = await w.locator('script').allTextContents();
      assert.ok(scripts.every((t) => !t.includes('alert')), `${tag} ${what}: a script`);
      for (const href of await w.locator('a[href]').evaluateAll((as) => as.map((a) => a.href))) {
        assert.match(href, /^http:/, `${tag} ${what}: link ${href.slice(0, 60)}`);
      }
      // Nothing was started: searches and breaks still wait for Play.
      const commands = await sent(page, `#${id}`);
      assert.ok(!commands.includes('search') && !commands.includes('break'), `${tag} ${what}: ${commands}`);
    }
  }
  assert.deepEqual(page.dialogs, []);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('the widgets of a page share one engine: one worker, one download of the engine and the list', async () => {
  const body = [
    ...PUBLISHED.map((c) => `<boggle-bounds board-class="${attr(c.cls)}"></boggle-bounds>`),
    '<boggle-board board="streaedlp"></boggle-board>',
    '<boggle-search size="3x3" seed="2"></boggle-search>',
  ].join('\n');
  // Downloads of the engine and the lists, counted by the explorer's server (a shared worker's
  // requests are not seen by the browser context).
  const downloads = [];
  const count = (req) => /\.(dawg|wasm)$/.test(req.url) && downloads.push(req.url);
  env.server.on('request', count);
  const page = await hostPage(body, { host: '127.0.0.1', viewport: { width: 1100, height: 4000 } });
  const elements = page.locator('boggle-bounds, boggle-board, boggle-search');
  await page.waitForFunction(() => [...document.querySelectorAll('boggle-bounds, boggle-board, boggle-search')].every((e) => e.dataset.state === 'ready'));
  assert.equal(await elements.count(), 5);
  const cdp = await page.context().browser().newBrowserCDPSession();
  const { targetInfos } = await cdp.send('Target.getTargets');
  // This page's context only (the browser holds other tests' pages too).
  const context = targetInfos.find((t) => t.type === 'page' && t.url.includes(`:${blog.port}/`) && t.url.startsWith('http://127.0.0.1')).browserContextId;
  const ours = targetInfos.filter((t) => t.browserContextId === context && t.url.startsWith(env.base));
  assert.equal(ours.filter((t) => t.type === 'shared_worker').length, 1);
  assert.equal(ours.filter((t) => t.type === 'worker').length, 0);
  env.server.off('request', count);
  assert.deepEqual(downloads.sort(), ['/pkg/boggle_bg.wasm', '/pkg/enable2k.dawg']);
  // Every widget got its own numbers from the shared engine.
  const scores = [];
  for (const f of page.frames().slice(1)) {
    const v = f.getByTestId('bound-max-nomark').or(f.getByTestId('score'));
    if (await v.count()) scores.push(await text(v));
  }
  assert.deepEqual(scores.sort(), ['1307', '15692', '545', '9359']);
  await cdp.detach();
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a widget whose shared engine crashes says so, reconnects, and the others carry on', async () => {
  const page = await hostPage(
    `<boggle-bounds id="a" board-class="${attr(PUBLISHED[1].cls)}"></boggle-bounds>
     <boggle-board id="b" board="streaedlp" words="hide"></boggle-board>`,
    { host: '127.0.0.1' },
  );
  const a = await widget(page, '#a');
  const b = await widget(page, '#b');
  // A deliberate panic (the engine's crashForTest) inside the shared worker.
  await a.locator('html').evaluate(() => window.explorer.engine.call('crash').catch(() => {}));
  await a.locator('[data-testid="engine-status"]:not([hidden])').waitFor();
  assert.match(await text(a.locator('.banner-text')), /engine stopped .* restarted/);
  // Both widgets still get answers from the engine.
  for (const [f, cls] of [
    [a, PUBLISHED[0].cls],
    [b, PUBLISHED[1].cls],
  ]) {
    const r = await f.locator('html').evaluate((_, cls) => window.explorer.engine.call('classBounds', { cls, maxSteps: 1e7 }), cls);
    assert.ok(r.max_nomark > 0);
  }
  assert.equal(await text(a.getByTestId('bound-max-nomark')), '1307');
  // A widget that loads after the crash finds the fresh engine.
  await page.evaluate((cls) => {
    const c = document.createElement('boggle-bounds');
    c.id = 'c';
    c.setAttribute('board-class', cls);
    document.body.append(c);
  }, PUBLISHED[0].cls);
  const c = await widget(page, '#c');
  assert.equal(await text(c.getByTestId('bound-max-nomark')), '9359');
  await page.context().close();
});

test('widgets whose shared engine cannot be downloaded say so with Try again, which recovers once it is back', async () => {
  // The explorer's server refuses the engine (a shared worker's requests are not seen by the
  // browser context, so its routes cannot refuse them).
  const restore = failOnServer(env.server, /\/boggle_bg\.wasm/, 503);
  try {
    const page = await hostPage(
      `<boggle-board id="a" board="streaedlp" words="hide"></boggle-board>
       <boggle-bounds id="b" board-class="${attr(PUBLISHED[0].cls)}"></boggle-bounds>`,
      { host: '127.0.0.1' },
    );
    const frames = ['#a', '#b'].map((s) => page.locator(`${s} iframe`).contentFrame());
    for (const f of frames) {
      const again = f.getByRole('button', { name: 'Try again' });
      await again.waitFor();
      assert.equal((await again.locator('xpath=..').textContent()).replace('Try again', '').trim(), 'Could not download the engine (HTTP 503).');
    }
    restore();
    // One at a time, as a reader would: the first widget grows as it recovers and moves the
    // second, so a click on both at once could land beside the second's button.
    await frames[0].getByRole('button', { name: 'Try again' }).click();
    await frames[0].getByTestId('score').filter({ hasText: /^545$/ }).waitFor();
    await frames[1].getByRole('button', { name: 'Try again' }).click();
    await frames[1].getByTestId('bound-max-nomark').filter({ hasText: /^9359$/ }).waitFor();
    for (const f of frames) assert.equal(await f.getByRole('button', { name: 'Try again' }).count(), 0);
    assert.deepEqual(page.errors.filter((e) => !/Failed to load resource/.test(e)), []);
    await page.context().close();
  } finally {
    restore();
  }
});

test('an embedded annealing search draws its temperature panel and a best line that ends on the best score', async () => {
  const page = await hostPage('<boggle-search id="anneal" opt="anneal" size="3x3" seed="3" target="545"></boggle-search>', {
    viewport: { width: 1100, height: 1400 },
  });
  const search = await widget(page, '#anneal');
  await search.getByTestId('anneal-start').click();
  await search.locator('[data-testid="search-status"][data-state="reached"]').waitFor({ timeout: 120000 });
  assert.equal(await text(search.getByTestId('anneal-best-score')), '545');
  assert.equal(await search.locator('.score-chart.score-chart-anneal').count(), 1);
  // The last frame drawn once the run ended: the single worker's best line ends at 545.
  await search.locator('.score-chart canvas[data-drawn-best="545"]').waitFor();
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test("the bounds widget's words are one Tab stop: arrows move through them, each showing its path", async () => {
  const page = await hostPage(`<boggle-bounds id="bounds" board-class="${attr(PUBLISHED[1].cls)}" panel="words"></boggle-bounds>`);
  const w = await widget(page, '#bounds');
  const words = w.locator('.class-word');
  await words.first().waitFor();
  assert.ok((await words.count()) > 1);
  const stops = await words.evaluateAll((b) => b.map((e) => /** @type {HTMLElement} */ (e).tabIndex));
  assert.deepEqual(stops.filter((t) => t === 0).length, 1);
  assert.equal(stops[0], 0);
  await words.first().focus();
  const lit = () => w.locator('[data-on-path="true"]').count();
  assert.ok((await lit()) > 0);
  await page.keyboard.press('ArrowRight');
  assert.equal(await w.locator('.class-word').nth(1).evaluate((b) => b === document.activeElement), true);
  assert.ok((await lit()) > 0);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

// ---- The play widget and what every element shares --------------------------------------

/** The play widget `w`'s board as it shows it, row-major, in the engine's letters. */
const playBoard = (w) =>
  w.locator('[data-testid=play-board] [data-index]').evaluateAll((cells) => cells.map((c) => c.textContent.trim().toLowerCase().replace('qu', 'q')).join(''));

/** The words on `board` (ENABLE2K), asked of widget `w`'s engine. */
const wordsOn = (w, board) => w.locator('html').evaluate(async (_, b) => (await window.explorer.engine.call('solve', { board: b })).words.map((x) => x.word), board);

/** The words play widget `w` lists as found, sorted. */
const foundIn = (w) => w.locator('[data-testid=play-found] [data-word]').evaluateAll((items) => items.map((i) => i.dataset.word).sort());

/** Presses Start in play widget `w` and waits for the round to be in play. */
async function startIn(w) {
  await w.getByTestId('play-start').click();
  await w.locator('[data-testid=play-input]:not([disabled])').waitFor();
}

/** Types `word` into play widget `w`, presses Enter and returns the verdict on it. */
const giveIn = async (w, word) => (await giveWord(w, word)).verdict;

/** The widget's notes, or '' when it has none. */
const notesOf = async (w) => ((await w.locator('.embed-note').isVisible()) ? text(w.locator('.embed-note')) : '');

/** The query of the widget's "Open in Boggle Explorer" link. */
const openLink = async (w) => new URL(await w.locator('a.embed-open').getAttribute('href'), 'http://x/').searchParams;

test('every widget kind limited by max-height scrolls what does not fit inside its card', async () => {
  const page = await hostPage(
    `<boggle-board id="board" board="perslatgsineters" max-height="180"></boggle-board>
     <boggle-board id="bare" board="perslatgsineters" words="hide" max-height="160"></boggle-board>
     <boggle-bounds id="bounds" board-class="${attr(PUBLISHED[1].cls)}" panel="words" max-height="200"></boggle-bounds>
     <boggle-search id="search" size="3x3" seed="1" max-height="180"></boggle-search>
     <boggle-break id="break" board-class="st t rs / e ae e / d l ps" max-height="160"></boggle-break>
     <boggle-play id="play" seed="2025" timer="off" max-height="300"></boggle-play>
     <boggle-play id="bad" board="cat" seed="x" timer="9" min="9" dice="9x9" wordlist="klingon" max-height="160"></boggle-play>`,
    { viewport: { width: 1100, height: 2400 } },
  );
  // The break first grows with its tree past its limit.
  const brk = await widget(page, '#break');
  await brk.getByTestId('break-start').click();
  await brk.locator('[data-testid="break-status"][data-state="done"]').waitFor({ timeout: 60000 });
  const limits = { '#board': 180, '#bare': 160, '#bounds': 200, '#search': 180, '#break': 160, '#play': 300, '#bad': 160 };
  for (const [id, limit] of Object.entries(limits)) {
    const w = await widget(page, id);
    const { outer } = await frameHeights(page, `${id} iframe`);
    assert.ok(outer <= limit, `${id} is ${outer}px tall, over its ${limit}`);
    // The part that does not fit (the body, or an error card's messages) scrolls under the
    // reader's wheel, down to its end.
    const scroller = '.embed-body:not([hidden]), .embed-body[hidden] + .embed-messages';
    const region = w.locator(scroller).first();
    const before = await region.evaluate((e) => ({ client: e.clientHeight, scroll: e.scrollHeight }));
    assert.ok(before.scroll > before.client + 10, `${id}: its content fits (${before.scroll} in ${before.client}); make the test widget fuller`);
    const box = await region.boundingBox();
    // Over the card's left padding, clear of a list that scrolls on its own (the board's words).
    await page.mouse.move(box.x + 8, box.y + box.height / 2);
    await page.mouse.wheel(0, 5000);
    const frame = await (await page.locator(`${id} iframe`).elementHandle()).contentFrame();
    const end = await frame
      .waitForFunction((s) => {
        const e = document.querySelector(s);
        return e.scrollTop + e.clientHeight >= e.scrollHeight - 1;
      }, scroller, { timeout: 5000 })
      .then(() => true, () => false);
    assert.ok(end, `${id}: the wheel does not scroll it to its end`);
    // A scrolling region the keyboard cannot reach through a control inside it is a Tab stop
    // of its own, with a name.
    const keys = await region.evaluate((e) => ({
      controls: [...e.querySelectorAll('a[href], button, input, select, textarea, [tabindex]')].some((c) => c.tabIndex >= 0 && !c.closest('[inert]') && c.checkVisibility()),
      tabIndex: e.tabIndex,
      named: Boolean(e.getAttribute('aria-label') || e.getAttribute('aria-labelledby')),
    }));
    assert.ok(keys.controls || (keys.tabIndex === 0 && keys.named), `${id}: a scrolling region the keyboard cannot reach: ${JSON.stringify(keys)}`);
  }
  // In play, the word box and then the review come into view when they take the focus.
  const play = await widget(page, '#play');
  await play.getByTestId('play-start').focus();
  await page.keyboard.press('Enter');
  await play.locator('[data-testid=play-input]:not([disabled])').waitFor();
  const inView = (locator) =>
    locator.evaluate((e) => {
      const body = document.querySelector('.embed-body').getBoundingClientRect();
      const r = e.getBoundingClientRect();
      return r.top >= body.top - 1 && r.bottom <= body.bottom + 1;
    });
  assert.equal(await play.getByTestId('play-input').evaluate((e) => e === document.activeElement), true);
  assert.equal(await inView(play.getByTestId('play-input')), true);
  await play.getByTestId('play-end').click();
  await play.getByTestId('confirm-yes').click();
  await play.locator('#play-review-heading:focus').waitFor();
  assert.equal(await inView(play.locator('#play-review-heading')), true);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a play widget keeps its round in the tab: a reload brings back its words and clock, and each widget keeps its own', async () => {
  const page = await hostPage(
    `<boggle-play id="a" seed="2025" timer="3"></boggle-play>
     <boggle-play id="b" seed="2025" timer="3"></boggle-play>
     <boggle-play id="c" timer="off"></boggle-play>`,
    { viewport: { width: 1100, height: 2400 }, before: (p) => p.clock.install() },
  );
  const a = await widget(page, '#a');
  const b = await widget(page, '#b');
  const c = await widget(page, '#c');
  await startIn(a);
  const words = await wordsOn(a, await playBoard(a));
  for (const w of words.slice(0, 2)) assert.equal(await giveIn(a, w), 'accepted');
  await startIn(b);
  assert.equal(await giveIn(b, words[2]), 'accepted');
  // Without a seed the widget rolls its own board, and keeps that too.
  await startIn(c);
  const cBoard = await playBoard(c);
  const [cWord] = await wordsOn(c, cBoard);
  assert.equal(await giveIn(c, cWord), 'accepted');
  await page.clock.fastForward('00:30');
  const aFrame = await (await page.locator('#a iframe').elementHandle()).contentFrame();
  await aFrame.waitForFunction(() => Number(document.querySelector('[data-testid=play-timer]').dataset.remaining) <= 150);

  await page.reload();
  const [a2, b2, c2] = [await widget(page, '#a'), await widget(page, '#b'), await widget(page, '#c')];
  await a2.locator('[data-testid=play-input]:not([disabled])').waitFor();
  assert.equal(await a2.getByTestId('play-cover').isHidden(), true);
  assert.deepEqual(await foundIn(a2), words.slice(0, 2).sort());
  const left = Number(await a2.getByTestId('play-timer').getAttribute('data-remaining'));
  assert.ok(left <= 150 && left > 140, `${left} s left after the reload`);
  assert.match(await text(a2.getByTestId('play-feedback')), /^Round resumed: 2 words found so far, 2:\d\d left\.$/);
  assert.equal(await giveIn(a2, words[0]), 'repeat');
  await b2.locator('[data-testid=play-input]:not([disabled])').waitFor();
  assert.deepEqual(await foundIn(b2), [words[2]]);
  await c2.locator('[data-testid=play-input]:not([disabled])').waitFor();
  assert.equal(await playBoard(c2), cBoard);
  assert.deepEqual(await foundIn(c2), [cWord]);

  // A round reviewed is forgotten: its widget opens on a fresh round, the others still resume.
  await a2.getByTestId('play-end').click();
  await a2.getByTestId('confirm-yes').click();
  await a2.getByTestId('play-review').waitFor();
  await page.reload();
  const a3 = await widget(page, '#a');
  await a3.getByTestId('play-start').waitFor();
  assert.equal(await a3.getByTestId('play-timer').getAttribute('data-remaining'), '180');
  const b3 = await widget(page, '#b');
  await b3.locator('[data-testid=play-input]:not([disabled])').waitFor();
  assert.deepEqual(await foundIn(b3), [words[2]]);
  // Away from the post while its time runs out: back on it, the round is reviewed, the focus
  // left on the host's page.
  const post = page.url();
  await page.goto('about:blank');
  await page.clock.setSystemTime((await page.evaluate(() => Date.now())) + 180_000);
  await page.goto(post);
  const b4 = await widget(page, '#b');
  await b4.getByTestId('play-review').waitFor();
  assert.match(await text(b4.getByTestId('play-result')), /^\d+ of /);
  assert.equal(await page.evaluate(() => document.activeElement.localName), 'body');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('two plain iframes of the same round on one post each keep their own words across a reload', async () => {
  const src = attr(`${env.base}?embed=1&mode=play&seed=2025&timer=3`);
  const frames = `<div id="p"><iframe src="${src}" width="600" height="700" title="First round"></iframe></div>
     <div id="q"><iframe src="${src}" width="600" height="700" title="Second round"></iframe></div>`;
  const page = await hostPage(frames, { viewport: { width: 1100, height: 1600 } });
  const [p, q] = [await widget(page, '#p'), await widget(page, '#q')];
  await startIn(p);
  const words = await wordsOn(p, await playBoard(p));
  assert.equal(await giveIn(p, words[0]), 'accepted');
  await startIn(q);
  assert.equal(await giveIn(q, words[1]), 'accepted');
  await page.reload();
  const [p2, q2] = [await widget(page, '#p'), await widget(page, '#q')];
  await p2.locator('[data-testid=play-input]:not([disabled])').waitFor();
  await q2.locator('[data-testid=play-input]:not([disabled])').waitFor();
  assert.deepEqual(await foundIn(p2), [words[0]]);
  assert.deepEqual(await foundIn(q2), [words[1]]);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a boolean attribute means the same on every element: bare or yes-like turns it on, no-like turns it off', async () => {
  const page = await hostPage(
    `<boggle-play id="p1" seed="1" multiboggle></boggle-play>
     <boggle-play id="p2" seed="1" multiboggle="yes"></boggle-play>
     <boggle-play id="p3" seed="1" multiboggle="Off"></boggle-play>
     <boggle-board id="b1" board="streaedlp" words="hide" multiboggle></boggle-board>
     <boggle-board id="b2" board="streaedlp" words="hide" multiboggle="yes"></boggle-board>
     <boggle-board id="b3" board="streaedlp" words="hide" multiboggle="Off"></boggle-board>`,
    { viewport: { width: 1100, height: 3000 } },
  );
  for (const [id, on] of [['#p1', true], ['#p2', true], ['#p3', false], ['#b1', true], ['#b2', true], ['#b3', false]]) {
    const w = await widget(page, id);
    const src = new URL(await page.locator(`${id} iframe`).getAttribute('src')).searchParams;
    assert.equal(src.get('multiboggle'), on ? '1' : null, id);
    assert.equal(await notesOf(w), '', id);
    const shown = id.startsWith('#p') ? await text(w.getByTestId('play-cover')) : await text(w.locator('.embed-footer'));
    assert.equal(shown.includes('multiboggle'), on, `${id}: ${shown}`);
  }
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a play widget given a size without a board rolls the dice of that size, or says a size of no dice set needs a board', async () => {
  const page = await hostPage(
    `<boggle-play id="small" size="3x3" timer="2"></boggle-play>
     <boggle-play id="big" seed="1" size="5x5"></boggle-play>
     <boggle-play id="both" seed="1" size="5x5" dice="6x6"></boggle-play>`,
    { viewport: { width: 1100, height: 2400 } },
  );
  const small = await widget(page, '#small');
  assert.match(await notesOf(small), /^A size of 3\s×\s3 needs a board: rounds roll Boggle dice \(4\s×\s4, 5\s×\s5 or 6\s×\s6\), so this one rolls the 4\s×\s4 classic dice\. Give a board of 9 letters to play on 3\s×\s3\.$/);
  assert.equal(await small.locator('[data-testid=play-board] [data-index]').count(), 16);
  const big = await widget(page, '#big');
  assert.equal(await notesOf(big), '');
  assert.equal(await big.locator('[data-testid=play-board] [data-index]').count(), 25);
  assert.equal((await openLink(big)).get('dice'), '5x5');
  const both = await widget(page, '#both');
  assert.match(await notesOf(both), /^A size of 5\s×\s5 without a board does not change the dice: rolling the 6\s×\s6 Super Big dice\.$/);
  assert.equal(await both.locator('[data-testid=play-board] [data-index]').count(), 36);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test("every widget kind's error card links to the full view with the same values, where the whole message is", async () => {
  const page = await hostPage(
    `<boggle-play id="play" board="cat"></boggle-play>
     <boggle-board id="board" board="ca7"></boggle-board>
     <boggle-bounds id="bounds" board-class="a b c %"></boggle-bounds>
     <boggle-break id="break" board-class="a b c %"></boggle-break>`,
    { viewport: { width: 1100, height: 2400 } },
  );
  const expected = { '#play': ['play', 'board', 'cat'], '#board': [null, 'board', 'ca7'], '#bounds': ['bounds', 'class', 'a b c %'], '#break': ['break', 'class', 'a b c %'] };
  for (const [id, [mode, name, value]] of Object.entries(expected)) {
    const w = await widget(page, id);
    if (id === '#break') await w.getByTestId('break-start').click();
    await w.getByTestId('error').filter({ hasText: /./ }).waitFor();
    const link = w.locator('a.embed-open');
    assert.equal(await link.isVisible(), true, id);
    const q = await openLink(w);
    assert.deepEqual([q.get('mode'), q.get(name)], [mode, value], id);
  }
  // The play widget's link opens the Play view, which says what is wrong with the board.
  const view = await env.page();
  await view.goto(new URL(await (await widget(page, '#play')).locator('a.embed-open').getAttribute('href'), env.base).href);
  await view.getByTestId('play-link-errors').filter({ hasText: /The board in the link cannot be played/ }).waitFor();
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a seed that is not a whole number says that each reader then gets a different board, and what to write instead', async () => {
  const page = await hostPage('<boggle-play id="p" seed="class-3b"></boggle-play>');
  const w = await widget(page, '#p');
  assert.match(
    await notesOf(w),
    /^seed=“class-3b” is not a seed, so each reader gets a different board: write a whole number \(0 to 9,007,199,254,740,991\), such as 2025, to give everyone the same board\.$/,
  );
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('enumerated values are read in any case, and written back in lower case', async () => {
  const page = await hostPage(
    `<boggle-play id="play" seed="1" timer="OFF" dice="5X5" wordlist="YAWL" min="4"></boggle-play>
     <boggle-search id="search" opt="Anneal" schedule="Tempering" size="3x3" seed="1"></boggle-search>
     <boggle-bounds id="bounds" board-class="${attr(PUBLISHED[1].cls)}" wordlist="Yawl" panel="Words"></boggle-bounds>
     <boggle-board id="board" board="streaedlp" words="hide" theme="Dark"></boggle-board>`,
    {
      viewport: { width: 1100, height: 2400 },
      before: (p) => p.on('console', (m) => m.type() === 'warning' && m.text().startsWith('<boggle-') && p.errors.push(m.text())),
    },
  );
  const play = await widget(page, '#play');
  assert.equal(await notesOf(play), '');
  assert.match(await text(play.getByTestId('play-cover')), /untimed · words of 4\+ letters · YAWL\./);
  assert.equal(await play.locator('[data-testid=play-board] [data-index]').count(), 25);
  const q = await openLink(play);
  assert.deepEqual([q.get('timer'), q.get('dice'), q.get('wordlist')], ['off', '5x5', 'yawl']);
  const search = await widget(page, '#search');
  assert.equal(await notesOf(search), '');
  const s = await openLink(search);
  assert.deepEqual([s.get('opt'), s.get('schedule')], ['anneal', 'tempering']);
  const bounds = await widget(page, '#bounds');
  assert.equal(await notesOf(bounds), '');
  assert.match(await text(bounds.locator('.embed-list')), /^YAWL\b/);
  await bounds.locator('.class-word').first().waitFor();
  const board = await widget(page, '#board');
  assert.equal(await notesOf(board), '');
  assert.equal(await board.locator('html').getAttribute('data-theme'), 'dark');
  // Nothing was said in the console either (the element reads the theme itself).
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('an element warns once in the console of an attribute it does not know, leaving standard HTML attributes alone', async () => {
  const warnings = [];
  const page = await hostPage(
    `<boggle-play id="p" class="round" style="margin:0" title="Round" lang="en" dir="ltr" data-week="3" aria-describedby="x" role="region" tabindex="-1" slot="s" onclick="void 0"
       seed="1" minimum="4" time="2" wordList="yawl"></boggle-play>
     <boggle-board id="b" board="streaedlp" words="hide" bord="x"></boggle-board>`,
    {
      before: (p) =>
        p.on('console', (m) => {
          if (m.type() === 'warning' && m.text().startsWith('<boggle-')) warnings.push(m.text());
        }),
    },
  );
  await widget(page, '#p');
  await widget(page, '#b');
  // Reloaded with new options: nothing said twice.
  await page.locator('#p').evaluate((e) => e.setAttribute('timer', '1'));
  await page.locator('#p iframe[src*="timer=1"]').waitFor({ state: 'attached' });
  await widget(page, '#p');
  // One warning per element, in the order the elements load.
  assert.deepEqual(warnings.sort(), [
    '<boggle-board>: bord="x" (did you mean board?) is not an attribute it knows: ignored. It takes board, size, wordlist, multiboggle, min, words, max-height and theme.',
    '<boggle-play>: minimum="4" (did you mean min?) and time="2" (did you mean timer?) are not attributes it knows: ignored. It takes seed, dice, board, size, timer, min, wordlist, multiboggle, max-height and theme.',
  ]);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
