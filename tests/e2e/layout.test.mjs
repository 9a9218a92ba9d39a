// The page's layout in headless Chromium: every view loads its own stylesheets once, through the
// one loader, whatever order the views are visited in; the views' styles do not leak into each
// other; the widget script keeps its public address; links from the break view open the board
// that was found, at its size; the solve view's side column fits a laptop screen.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { browserEnv, holdDownload } from './helpers.mjs';

const env = browserEnv();

/** The page's stylesheets as paths under www/ (others as absolute paths), in document order. */
const sheets = (page) =>
  page.$$eval('link[rel="stylesheet"]', (links) => links.map((l) => new URL(l.href).pathname.replace(/^.*?\/www\//, '')));

/** Clicks a view in the header and waits for its first content. */
async function visit(page, mode, selector) {
  await page.locator(`nav a[data-mode=${mode}]`).click();
  await page.locator(selector).first().waitFor();
}

test('each view brings its stylesheets once, in any order of visits, with nothing missing', async () => {
  const page = await env.page({ viewport: { width: 1280, height: 900 } });
  const failed = [];
  page.on('response', (r) => r.status() >= 400 && failed.push(`${r.status()} ${r.url()}`));
  await page.goto(`${env.base}?mode=break`);
  await page.getByTestId('partition-status').waitFor();
  await visit(page, 'bounds', '[data-testid=bound-max-nomark]');
  await visit(page, 'search', '[data-testid=anneal-start]');
  await visit(page, 'solve', '[data-testid=word]');
  await visit(page, 'break', '[data-testid=partition-status]');
  await visit(page, 'bounds', '[data-testid=bound-max-nomark]');
  const all = await sheets(page);
  // The first view's sheets come bundled in one (scripts/bundle.mjs) and are not added again.
  assert.equal(all[0], '/pkg/app/app.css');
  for (const bundled of ['style.css', 'widgets/board-grid.css', 'widgets/word-list.css', 'views/solve/solve.css']) {
    assert.ok(!all.includes(bundled), `${bundled} added beside the bundle: ${all.join(', ')}`);
  }
  for (const sheet of [
    'views/break/break.css',
    'widgets/break-tree.css',
    'views/bounds/bounds.css',
    'views/search/search.css',
    'widgets/mini-board.css',
    'widgets/score-chart.css',
  ]) {
    assert.equal(all.filter((s) => s === sheet).length, 1, `${sheet} in ${all.join(', ')}`);
  }
  assert.equal(new Set(all).size, all.length, `a sheet was added twice: ${all.join(', ')}`);
  // A view's rules are in place when it shows: the search view's grid layout, for one.
  await visit(page, 'search', '[data-testid=anneal-start]');
  assert.equal(await page.locator('.search').evaluate((e) => getComputedStyle(e).display), 'grid');
  assert.deepEqual(failed, []);
  assert.deepEqual(page.errors, []);
});

test("the bounds view's tree and the break view's tree keep their own label styles after visiting both", async () => {
  const page = await env.page({ viewport: { width: 1280, height: 900 } });
  // Bounds first: its tree labels are padded boxes.
  await page.goto(`${env.base}?mode=bounds&class=${encodeURIComponent('f {a,u} r / . . e / . . .')}`);
  await page.locator('.nomark-tree .tree-label').first().waitFor();
  const boundsLabel = () =>
    page.locator('.nomark-tree .tree-label').first().evaluate((e) => [getComputedStyle(e).display, getComputedStyle(e).fontFamily]);
  const [boundsDisplay, boundsFont] = await boundsLabel();
  assert.equal(boundsDisplay, 'inline-flex');
  // Then a live break: its labels are plain monospace text, not the bounds view's boxes.
  await page.locator('nav a[data-mode=break]').click();
  await page.locator('#break-class').fill('st t rs / e ae e / d l ps');
  await page.locator('#break-target').fill('400');
  await page.getByTestId('break-start').click();
  await page.waitForSelector('[data-testid="break-status"][data-state="done"]', { timeout: 60000 });
  const breakLabel = await page
    .locator('.break-tree .tree-label')
    .first()
    .evaluate((e) => ({ display: getComputedStyle(e).display, padding: getComputedStyle(e).paddingLeft, white: getComputedStyle(e).whiteSpace }));
  // (A flex item's display computes to block; the bounds view's rule would make it flex.)
  assert.deepEqual(breakLabel, { display: 'block', padding: '0px', white: 'nowrap' });
  // And back: the bounds tree has not taken the break tree's nowrap or font.
  await page.goBack();
  await page.goBack();
  await page.locator('.nomark-tree .tree-label').first().waitFor();
  assert.deepEqual(await boundsLabel(), [boundsDisplay, boundsFont]);
  assert.equal(await page.locator('.nomark-tree .tree-label').first().evaluate((e) => getComputedStyle(e).whiteSpace), 'normal');
  assert.deepEqual(page.errors, []);
});

test('a board found on a 4x3 class links to that 4x3 board, not the 3x4 board its letters would make', async () => {
  const page = await env.page();
  const cls = 'p e r / s l a / t e s / i n d'; // one board, 4 rows of 3
  await page.goto(`${env.base}?mode=break&class=${encodeURIComponent(cls)}&target=1`);
  await page.waitForSelector('[data-testid="break-status"][data-state="done"]', { timeout: 60000 });
  const link = page.getByTestId('break-survivor');
  // Listed (and linked) in canonical form: turned half a turn, still 4 rows of 3.
  assert.equal(await link.getAttribute('href'), '?board=dnisetalsrep&dims=43');
  assert.equal(await link.getAttribute('data-found'), 'perslatesind');
  const score = await link.getAttribute('data-score');
  await link.click();
  await page.waitForFunction(() => /^\d+$/.test(document.querySelector('[data-testid=score]')?.textContent ?? ''));
  assert.equal(await page.locator('[data-testid=cell]').count(), 12);
  assert.equal(await page.locator('#size-select').inputValue(), '4x3');
  assert.equal((await page.getByTestId('score').textContent()).trim(), score);
  assert.deepEqual(page.errors, []);
});

test('the widget script keeps its public address, which defines the element', async () => {
  const res = await fetch(`${env.base}www/embed.js`);
  assert.equal(res.status, 200);
  assert.match(res.headers.get('content-type'), /^text\/javascript/);
  assert.match(await res.text(), /import '\.\/embed\/element\.js'/);
  const page = await env.page();
  await page.goto(`${env.base}embed-example.html`);
  assert.equal(await page.evaluate(async () => {
    await customElements.whenDefined('boggle-board');
    return typeof customElements.get('boggle-board');
  }), 'function');
  assert.deepEqual(page.errors, []);
});

test('on a laptop screen 768 pixels high the solve view\'s side column, Check a word included, fits without a scroll of its own', async () => {
  const page = await env.page({ viewport: { width: 1366, height: 768 } });
  await page.goto(env.base);
  await page.getByTestId('word').first().waitFor();
  const side = await page.locator('.solve-side').evaluate((s) => ({ content: s.scrollHeight, shown: s.clientHeight }));
  assert.ok(side.content <= side.shown, `the side column holds ${side.content} px in ${side.shown} px`);
  // The size picker is one row: its buttons and its menu side by side.
  const [buttons, menu] = await Promise.all(['.size-row .segmented', '#size-select'].map((s) => page.locator(s).boundingBox()));
  assert.equal(Math.round(buttons.y), Math.round(menu.y));
  assert.deepEqual(page.errors, []);
});

test('on a laptop screen 768 pixels high the side column still fits while the entry shows an error', async () => {
  const page = await env.page({ viewport: { width: 1366, height: 768 } });
  await page.goto(`${env.base}?board=pers1latgsineters`);
  await page.getByTestId('error').waitFor();
  const side = await page.locator('.solve-side').evaluate((s) => ({ content: s.scrollHeight, shown: s.clientHeight }));
  assert.ok(side.content <= side.shown, `the side column holds ${side.content} px in ${side.shown} px`);
  assert.ok(await page.getByLabel('Check a word').isVisible());
  assert.deepEqual(page.errors, []);
});

test('on a 390-pixel phone the size buttons and menu share a row, with the label above them', async () => {
  const page = await env.page({ viewport: { width: 390, height: 844 } });
  await page.goto(env.base);
  await page.getByTestId('word').first().waitFor();
  const [label, buttons, menu] = await Promise.all(['.size-row .field-label', '.size-row .segmented', '#size-select'].map((s) => page.locator(s).boundingBox()));
  assert.equal(Math.round(buttons.y), Math.round(menu.y));
  assert.ok(label.y + label.height <= buttons.y, `the label (${label.y}) sits above the buttons (${buttons.y})`);
  // A size a button shows is not shown again in the menu.
  assert.equal(await page.locator('#size-select option:checked').textContent(), 'More…');
  assert.deepEqual(page.errors, []);
});

test('on a 390-pixel phone the proof presets are a list of full-width buttons', async () => {
  const page = await env.page({ viewport: { width: 390, height: 844 } });
  await page.goto(`${env.base}?mode=break`);
  await page.getByTestId('partition-preset').first().waitFor();
  const boxes = await page.locator('.break-presets .preset').evaluateAll((bs) => bs.map((b) => b.getBoundingClientRect().toJSON()));
  assert.ok(boxes.length >= 3, `${boxes.length} presets`);
  for (const b of boxes) assert.deepEqual([b.left, b.width], [boxes[0].left, boxes[0].width]);
  // Each below the last, a line each.
  for (let i = 1; i < boxes.length; i++) assert.ok(boxes[i].top >= boxes[i - 1].bottom, `preset ${i} sits below preset ${i - 1}`);
  assert.deepEqual(page.errors, []);
});

test('the search settings are placed in the order the keyboard reaches them, for every optimizer, schedule, restart and order, an error shown or not', async () => {
  const page = await env.page();
  await page.goto(`${env.base}?mode=search`);
  await page.getByTestId('anneal-start').waitFor();
  await page.locator('.search-more summary').click();
  /** Each shown field's box, in the order Tab reaches them. */
  const inReadingOrder = async (state) => {
    const boxes = await page.locator('.search-fields > .field:not([hidden])').evaluateAll((fs) => fs.map((f) => [f.dataset.param, f.getBoundingClientRect().toJSON()]));
    for (let i = 1; i < boxes.length; i++) {
      const [[was, a], [now, b]] = [boxes[i - 1], boxes[i]];
      // Either on the same row and to its right, or on a row below.
      const after = Math.abs(a.top - b.top) < 1 ? b.left > a.left : b.top >= a.bottom;
      assert.ok(after, `${state}: ${now} (${b.left}, ${b.top}) comes after ${was} (${a.left}, ${a.top}) when tabbing, but is placed before it`);
    }
    return boxes.length;
  };
  const states = [];
  for (const opt of ['hillclimb', 'anneal']) {
    await page.locator(`[data-opt=${opt}]`).click();
    const choices = opt === 'hillclimb' ? { order: ['best', 'rounds'] } : { schedule: ['tempering', 'geometric', 'adaptive', 'published'], restart: ['random', 'best', 'perturb'] };
    for (const [name, values] of Object.entries(choices)) {
      for (const value of values) {
        await page.locator(`#search-${name}`).selectOption(value);
        states.push(await inReadingOrder(`${opt}, ${name} ${value}`));
      }
    }
  }
  assert.ok(Math.min(...states) >= 8, `every state shows its fields: ${states}`);
  // A message beside a field on the right takes its row without pulling a later field above it.
  await page.locator('#search-steps').fill('0');
  await page.getByTestId('anneal-start').click();
  await page.locator('#search-steps-error').waitFor();
  await inReadingOrder('anneal with a message beside Steps per run');
  assert.deepEqual(page.errors, []);
});

test('on a phone on its side the board scrolls away with the page instead of hiding the words under it', async () => {
  const page = await env.page({ viewport: { width: 740, height: 360 } });
  await page.goto(`${env.base}?board=perslatgsineters`);
  await page.getByTestId('word').first().waitFor();
  await page.getByTestId('word').nth(300).scrollIntoViewIfNeeded();
  const panel = await page.locator('.board-panel').boundingBox();
  assert.ok(panel.y + panel.height <= 0, `the board is scrolled out of view (its bottom at ${panel.y + panel.height})`);
  // Upright, the board stays on top while the words scroll.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByTestId('word').nth(300).scrollIntoViewIfNeeded();
  assert.equal(Math.round((await page.locator('.board-panel').boundingBox()).y), 0);
  assert.deepEqual(page.errors, []);
});

test('on a first visit the board takes its room before its letters arrive, so nothing beside or below it moves', async () => {
  const page = await env.page({ viewport: { width: 390, height: 844 } });
  const list = await holdDownload(page.context(), '**/pkg/enable2k.dawg');
  await page.goto(`${env.base}?board=perslatgsineters`);
  await list.asked;
  // What it waits for is said: the list, downloading.
  await page.locator('.board-panel .working:not([hidden])').filter({ hasText: /^Loading ENABLE2K…$/ }).waitFor();
  const boxes = () => Promise.all(['.board-panel .board', '#check-input'].map((s) => page.locator(s).boundingBox()));
  const [board, check] = await boxes();
  list.release();
  await page.waitForFunction(() => document.querySelector('[data-testid=score]')?.textContent === '3625');
  const [boardAfter, checkAfter] = await boxes();
  assert.ok(board.width > 100, `the empty tray is a board's size: ${board.width}`);
  for (const k of ['x', 'y', 'width']) assert.ok(Math.abs(board[k] - boardAfter[k]) < 1, `the board's ${k}: ${board[k]} then ${boardAfter[k]}`);
  assert.ok(Math.abs(check.y - checkAfter.y) < 1, `Check a word stays: ${check.y} then ${checkAfter.y}`);
  assert.deepEqual(page.errors, []);
});

test('on a first visit each view fills in without moving what is already on screen, on a laptop and on a phone', async () => {
  // Each view, and what shows once it has filled in.
  const views = [
    ['?mode=bounds', () => /^\d+$/.test(document.querySelector('[data-testid=bound-max-nomark]')?.textContent ?? '')],
    ['?mode=play', () => document.querySelector('[data-testid=play-start]:not([disabled])') !== null],
    ['?mode=search', () => document.querySelector('[data-testid=anneal-start]') !== null],
    ['?mode=break', () => document.querySelector('[data-testid=partition-status]') !== null],
    ['?board=perslatgsineters', () => document.querySelector('[data-testid=score]')?.textContent === '3625'],
  ];
  for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
    for (const [query, ready] of views) {
      const page = await env.page({ viewport });
      // Every layout shift a reader did not cause, from the first paint on (Chromium's own
      // measure, as in Core Web Vitals; 0.1 is its line between good and poor).
      await page.addInitScript(() => {
        /** @type {{value: number, sources: string[]}[]} */
        const shifts = [];
        Object.assign(window, { shifts });
        new PerformanceObserver((list) => {
          for (const e of /** @type {any[]} */ (list.getEntries())) {
            if (!e.hadRecentInput) shifts.push({ value: e.value, sources: e.sources.map((s) => s.node?.className || s.node?.nodeName) });
          }
        }).observe({ type: 'layout-shift', buffered: true });
      });
      await page.goto(`${env.base}${query}`);
      await page.waitForFunction(ready);
      // Two frames later every shift of the last change has been reported.
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
      const shifts = await page.evaluate(() => /** @type {any} */ (window).shifts);
      const total = shifts.reduce((sum, s) => sum + s.value, 0);
      assert.ok(total < 0.05, `${query} at ${viewport.width} px moved by ${total.toFixed(3)}: ${JSON.stringify(shifts)}`);
      assert.deepEqual(page.errors, []);
      await page.close();
    }
  }
});

test('Back to the solver from Play this board puts the reader where they were once the words are drawn, unless they scroll first', async () => {
  const page = await env.page({ viewport: { width: 1280, height: 700 } });
  await page.goto(`${env.base}?board=perslatgsineters`);
  /** The board's words, every one drawn (the list grows in slices, moving what is below it). */
  const drawn = async () => {
    await page.getByTestId('score').filter({ hasText: /^3625$/ }).waitFor();
    await page.locator('[data-testid=word-list]:not([aria-busy])').waitFor();
  };
  /** Scrolls down the words, opens Play this board (another document) and goes back. */
  const playAndBack = async () => {
    await drawn();
    await page.evaluate(() => scrollTo(0, 1500));
    await page.waitForFunction(() => scrollY === 1500);
    // Pressed where it is (a click would scroll it into view first).
    await Promise.all([page.waitForURL(/mode=play/), page.getByTestId('play-this-board').evaluate((a) => a.click())]);
    await page.getByTestId('play-board').waitFor();
    await page.goBack();
  };
  await playAndBack();
  await drawn();
  await page.waitForFunction(() => scrollY === 1500);
});

test('a return waits for the page to be tall enough, and the reader scrolling or pressing a key first keeps their place', async () => {
  const page = await env.page({ viewport: { width: 1280, height: 700 } });
  await page.goto(`${env.base}README.md`); // the page's origin, for the module
  await page.setContent('<!doctype html><body style="margin:0"><div id="tall" style="height:10px"></div></body>');
  const grow = () => page.evaluate(() => (document.getElementById('tall').style.height = '5000px'));
  const shrink = () => page.evaluate(() => {
    document.getElementById('tall').style.height = '10px';
    scrollTo(0, 0);
  });
  const restore = (y) => page.evaluate(async ([base, y]) => (await import(`${base}www/lib/scroll.js`)).restoreScroll(y), [env.base, y]);
  await restore(1500);
  assert.equal(await page.evaluate(() => scrollY), 0, 'too short to reach it yet');
  await grow();
  await page.waitForFunction(() => scrollY === 1500);
  for (const first of ['keydown', 'wheel', 'pointerdown']) {
    await shrink();
    await restore(1500);
    await page.evaluate((type) => dispatchEvent(new Event(type)), first);
    await grow();
    // Two frames: the size observed, and the scroll it would have made.
    await page.evaluate(() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok))));
    assert.equal(await page.evaluate(() => scrollY), 0, `${first} first keeps the reader's place`);
  }
});
