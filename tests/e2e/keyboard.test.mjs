// The page by keyboard alone and by ear, in headless Chromium: focus moves only by Tab and keys
// (no mouse event is sent), the boards are ARIA grids with one Tab stop, what a sighted reader
// sees appear is said through the page's one live region, the accessibility tree has the roles
// and names a screen reader reads, and with reduced motion nothing animates.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { AxeBuilder } from '@axe-core/playwright';
import { browserEnv } from './helpers.mjs';

const env = browserEnv();

/**
 * A page that records what the live region (#announcer) says: `window.said` holds each message
 * with the time it was said, in order.
 */
async function listening(options = {}) {
  const page = await env.page({ viewport: { width: 1280, height: 900 }, ...options });
  await page.addInitScript(() => {
    window.said = [];
    // From the first parsed node on: the region speaks as soon as the first result is in.
    new MutationObserver((records) => {
      const region = document.getElementById('announcer');
      if (region?.textContent && records.some((r) => region.contains(r.target))) {
        window.said.push({ text: region.textContent, at: performance.now() });
      }
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
  return page;
}

/**
 * Waits until the live region has said a message matching `re` (after the first `from`
 * messages); returns that message.
 */
async function said(page, re, from = 0) {
  const handle = await page.waitForFunction(
    ([src, n]) => window.said.slice(n).find((s) => new RegExp(src).test(s.text))?.text,
    [re.source, from],
    { timeout: 60_000 },
  );
  return handle.jsonValue();
}

/** How many messages the live region has said so far. */
const saidSoFar = (page) => page.evaluate(() => window.said.length);

/** Presses Tab until the focused element matches `selector` (at most 80 times); fails otherwise. */
async function tabTo(page, selector) {
  for (let i = 0; i < 80; i++) {
    if (await page.evaluate((s) => document.activeElement?.matches(s), selector)) return;
    await page.keyboard.press('Tab');
  }
  assert.fail(`Tab never reached ${selector}`);
}

const focused = (page) => page.evaluate(() => document.activeElement?.dataset.index ?? null);
const onPath = (page) =>
  page.$$eval('[data-testid=cell][data-on-path="true"]', (cells) =>
    cells.map((c) => [Number(c.querySelector('.order').textContent), Number(c.dataset.index)]).sort((a, b) => a[0] - b[0]).map(([, i]) => i),
  );

/** The path of cells `path` on a board of `letters` with `cols` columns, as the page words it. */
function spoken(letters, path, cols) {
  const ways = { '-1,-1': 'up and left', '-1,0': 'above', '-1,1': 'up and right', '0,-1': 'to the left', '0,1': 'to the right', '1,-1': 'down and left', '1,0': 'below', '1,1': 'down and right' };
  const face = (i) => (letters[i] === 'q' ? 'Qu' : letters[i].toUpperCase());
  return path
    .map((c, n) => {
      if (n === 0) return `${face(c)} at row ${Math.floor(c / cols) + 1}, column ${(c % cols) + 1}`;
      const p = path[n - 1];
      return `${n === 1 ? 'then ' : ''}${face(c)} ${ways[`${Math.floor(c / cols) - Math.floor(p / cols)},${(c % cols) - (p % cols)}`]}`;
    })
    .join(', ');
}

test('solve view by keyboard: type a board, move through the grid, trace a word, open a word’s path', async () => {
  const page = await listening();
  await page.goto(`${env.base}?board=perslatgsineters`);
  assert.equal(await said(page, /^3625 points, 1,045 words$/), '3625 points, 1,045 words');

  // Type a board into the letters box.
  await tabTo(page, '#board-input');
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('streaedlp');
  await page.keyboard.press('Enter');
  await said(page, /^545 points, 267 words$/);
  assert.equal(new URL(page.url()).searchParams.get('board'), 'streaedlp');

  // The board is one Tab stop; the keys of the grid pattern move the focus.
  assert.equal(await page.locator('[data-testid=cell][tabindex="0"]').count(), 1);
  await tabTo(page, '[data-testid=cell]');
  assert.equal(await focused(page), '0');
  const moves = [
    ['ArrowRight', '1'],
    ['ArrowDown', '4'],
    ['End', '5'],
    ['Home', '3'],
    ['ArrowLeft', '3'], // the edge: it stays
    ['Control+End', '8'],
    ['ArrowDown', '8'],
    ['Control+Home', '0'],
  ];
  for (const [key, to] of moves) {
    await page.keyboard.press(key);
    assert.equal(await focused(page), to, key);
    assert.equal(await page.locator('[data-testid=cell][tabindex="0"]').getAttribute('data-index'), to, `${key}: the Tab stop follows`);
  }
  // The focus is visible: a ring drawn around the focused cell.
  assert.notEqual(await page.evaluate(() => getComputedStyle(document.activeElement).outlineStyle), 'none');

  // s t r / e a e / d l p: Enter adds cells to the path, S(0) E(3) A(4) spells SEA.
  await page.keyboard.press('Enter');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press(' ');
  assert.deepEqual(await onPath(page), [0, 3, 4]);
  assert.match(await said(page, /^SEA is a word/), /^SEA is a word, 1 point$/);
  assert.equal(await page.locator('[data-testid=cell][data-index="3"]').getAttribute('aria-label'), 'E 2 of 3 on the path, row 2, column 1');
  await page.keyboard.press('Escape');
  assert.deepEqual(await onPath(page), []);
  await said(page, /^Path cleared$/);

  // Typing a letter on the grid still edits the board: P (cell 8) becomes S.
  await page.keyboard.press('Control+End');
  const before = await saidSoFar(page);
  await page.keyboard.press('s');
  await page.waitForFunction(() => new URLSearchParams(location.search).get('board') === 'streaedls');
  const score = await said(page, /^[\d,]+ points, [\d,]+ words$/, before);
  assert.equal(score, `${await page.getByTestId('score').textContent()} points, ${await page.getByTestId('word-count').textContent()} words`);

  // A word picked in the list (Enter) is drawn and its path said in words.
  await page.locator('[data-testid=word-list]:not([aria-busy])').waitFor();
  await tabTo(page, '[data-testid=word]');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  const word = await page.evaluate(() => ({ ...document.activeElement.dataset }));
  assert.equal(word.testid, 'word');
  const path = word.path.split(',').map(Number);
  const points = Number(word.points);
  const text = `${word.word.toUpperCase()}, ${points} point${points === 1 ? '' : 's'}: ${spoken('streaedls', path, 3)}`;
  assert.equal(await said(page, new RegExp(`^${word.word.toUpperCase()},`)), text);
  assert.deepEqual(await onPath(page), path);
  // The line under the board keeps the path in words for reading later.
  assert.match(await page.getByTestId('current').textContent(), new RegExp(spoken('streaedls', path, 3)));
  assert.deepEqual(page.errors, []);
});

test('play view by keyboard: start, trace with the arrows and Enter, type, end; verdicts, the review and a missed word’s path are said', async () => {
  const page = await listening();
  await page.goto(`${env.base}?mode=play&board=teatxxxxxxxxxxxx&timer=off`);
  await said(page, /^Round ready: 4 by 4 board, untimed\. The board shows when you start the round\.$/);
  // The board is covered: Tab passes over its cells to Start, which starts the round and puts
  // the focus in the word box.
  await tabTo(page, '[data-testid=play-start]');
  await page.keyboard.press('Enter');
  await said(page, /^Round started: 4 by 4 board, untimed$/);
  assert.equal(await page.evaluate(() => document.activeElement?.dataset.testid), 'play-input');
  await tabTo(page, '[data-testid=play-board] [data-index]');
  assert.equal(await focused(page), '0');
  // T (0), E (1), A (2), then Enter on A again adds TEA.
  for (const key of ['Enter', 'ArrowRight', 'Enter', 'ArrowRight', 'Enter', 'Enter']) await page.keyboard.press(key);
  assert.equal(await said(page, /^TEA:/), 'TEA: +1 point');
  // A letter key on the board goes to the word box.
  await page.keyboard.type('eat');
  assert.equal(await page.evaluate(() => document.activeElement?.dataset.testid), 'play-input');
  await page.keyboard.press('Enter');
  assert.equal(await said(page, /^EAT:/), 'EAT: +1 point');
  await tabTo(page, '[data-testid=play-end]');
  await page.keyboard.press('Enter');
  // The question comes first, Cancel focused: Tab to End round.
  await page.getByTestId('confirm-no').waitFor();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  assert.match(await said(page, /^Round over: \d+ of/), /^Round over: 2 of \d+ points, 2 of \d+ words found$/);
  await page.waitForFunction(() => document.activeElement?.id === 'play-review-heading');
  // Said once, with the result: not a short "Round over" first and the review's over it.
  assert.equal(await page.evaluate(() => window.said.filter((s) => s.text.startsWith('Round over')).length), 1);
  // The missed words are one Tab stop; Enter on one draws its path and says it in words.
  await tabTo(page, '[data-testid=play-missed] [data-testid=word]');
  const word = await page.evaluate(() => document.activeElement.dataset.word);
  const path = (await page.evaluate(() => document.activeElement.dataset.path)).split(',').map(Number);
  const n = await saidSoFar(page);
  await page.keyboard.press('Enter');
  assert.equal(await said(page, new RegExp(`^${word.toUpperCase()}, `), n).then((t) => t.slice(t.indexOf(': ') + 2)), spoken('teatxxxxxxxxxxxx', path, 4));
  const lit = await page.$$eval('[data-testid=play-board] [data-on-path="true"]', (cells) => cells.map((c) => Number(c.dataset.index)).sort((a, b) => a - b));
  assert.deepEqual(lit, [...path].sort((a, b) => a - b));
  // The words found are one Tab stop too: each shows its path as the arrows reach it.
  await tabTo(page, '[data-testid=play-found] [data-word]');
  const litNow = () => page.$$eval('[data-testid=play-board] [data-on-path="true"]', (cells) => cells.length);
  const foundWord = () => page.evaluate(() => document.activeElement.dataset.word);
  assert.equal(await foundWord(), 'eat');
  assert.equal(await litNow(), 3);
  await page.keyboard.press('ArrowRight');
  assert.equal(await foundWord(), 'tea');
  assert.equal(await litNow(), 3);
  // Both words sit in one row: there is no row below to go to.
  await page.keyboard.press('ArrowDown');
  assert.equal(await foundWord(), 'tea');
  const stops = await page.$$eval('[data-testid=play-found] [data-word]', (items) => items.map((i) => i.tabIndex));
  assert.deepEqual(stops, [-1, 0]);
  assert.deepEqual(page.errors, []);
});

test('bounds view by keyboard: the class grid is one Tab stop, Enter selects a cell; the bound is said', async () => {
  const page = await listening();
  await page.goto(`${env.base}?mode=bounds&class=${encodeURIComponent('{a,e,i,o,u} {a,e,i,o,u} r / {b,c,d,f,g,h} a t / d e {r,s,t,v}')}`);
  await said(page, /^Bound 1307: not eliminated \(target 545\)$/);
  assert.equal(await page.locator('.class-cell[tabindex="0"]').count(), 1);
  await tabTo(page, '.class-cell');
  assert.equal(await focused(page), '0');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowDown');
  assert.equal(await focused(page), '4');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => new URLSearchParams(location.search).get('cell') === '4');
  // The grid was drawn again for the pick: the focus stayed on the picked cell.
  await page.locator('.class-cell[data-index="4"][aria-selected="true"]').waitFor();
  assert.equal(await focused(page), '4');
  await page.keyboard.press('Control+End');
  assert.equal(await focused(page), '8');
  await page.keyboard.press('Enter');
  await page.locator('.class-cell[data-index="8"][aria-selected="true"]').waitFor();
  // The letters are one Tab stop (the first); the arrow keys move among them. A letter toggled
  // by keyboard keeps the focus while the class is bounded and drawn again.
  await tabTo(page, '.letter-toggle');
  assert.equal(await page.locator('.letter-toggle[tabindex="0"]').count(), 1);
  assert.equal(await page.evaluate(() => document.activeElement?.dataset.key), 'a');
  await page.keyboard.press('ArrowRight');
  const before = await saidSoFar(page);
  await page.keyboard.press('Enter');
  await said(page, /^Bound 1319: /, before);
  await page.locator('.letter-toggle[data-key="b"][aria-pressed="true"]').waitFor();
  assert.equal(await page.evaluate(() => document.activeElement?.dataset.key), 'b');
  assert.equal(await page.locator('.letter-toggle[tabindex="0"]').getAttribute('data-key'), 'b');
  // Tab leaves the letters at once, for the presets.
  await page.keyboard.press('Tab');
  assert.match(await page.evaluate(() => document.activeElement?.className), /preset/);
  // The sum/union words are one Tab stop; "Show all" hands the focus to the first word it adds.
  await tabTo(page, '.class-word');
  assert.equal(await page.locator('.class-word[tabindex="0"]').count(), 1);
  await page.keyboard.press('End');
  const shown = await page.locator('.class-word').count();
  assert.equal(await page.evaluate(() => Number(document.activeElement?.dataset.i)), shown - 1);
  await page.keyboard.press('Tab');
  assert.match(await page.evaluate(() => document.activeElement?.textContent), /^Show all [\d,]+ words$/);
  await page.keyboard.press('Enter');
  assert.equal(await page.evaluate(() => Number(document.activeElement?.dataset.i)), shown);
  assert.ok((await page.locator('.class-word').count()) > shown);
  assert.equal(await page.locator('.class-word[tabindex="0"]').count(), 1);
  assert.deepEqual(page.errors, []);
});

/**
 * The focused element's box on the page (scroll included), its word (or `data-i`) and its place
 * among the items `selector` matches.
 */
const focusedBox = (page, selector) =>
  page.evaluate((sel) => {
    const a = document.activeElement;
    const r = a.getBoundingClientRect();
    const index = [...document.querySelectorAll(sel)].indexOf(a);
    return { word: a.dataset.word ?? a.dataset.i, index, top: r.top + scrollY, bottom: r.bottom + scrollY, left: r.left + scrollX };
  }, selector);

/**
 * The tops (on the page) of the rows of items `selector` matches that lie strictly between the
 * tops of boxes `a` and `b`, and how many of `between` (e.g. the group headings) lie there.
 */
const inBetween = (page, selector, a, b, between = null) =>
  page.evaluate(
    ([sel, from, to, other]) => {
      const tops = (s) => [...document.querySelectorAll(s)].map((e) => e.getBoundingClientRect().top + scrollY).filter((t) => t > from + 1 && t < to - 1);
      return { rows: [...new Set(tops(sel).map(Math.round))], others: other ? tops(other).length : 0 };
    },
    [selector, Math.min(a.top, b.top), Math.max(a.top, b.top), between],
  );

for (const viewport of [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`the word list by keyboard follows its columns on screen, ${viewport.width} px wide: Left and Right along a row, Up and Down to the word above and below, PageUp and PageDown by a page`, async () => {
    const page = await listening({ viewport });
    await page.goto(`${env.base}?board=perslatgsineters`);
    await page.locator('[data-testid=word-list]:not([aria-busy])').waitFor();
    const WORD = '[data-testid=word]';
    const at = () => focusedBox(page, WORD);
    const press = async (key) => {
      await page.keyboard.press(key);
      return at();
    };
    await tabTo(page, WORD);
    const start = await at();
    assert.equal(start.index, 0);
    // The list is laid out in columns: several words share the first row.
    const columns = await page.$$eval(WORD, (ws, top) => ws.filter((w) => Math.abs(w.getBoundingClientRect().top + scrollY - top) < 1).length, start.top);
    assert.ok(columns >= 2, `${columns} columns`);

    // Left and Right: the next word along the row, and back.
    const right = await press('ArrowRight');
    assert.equal(right.index, 1);
    assert.equal(Math.round(right.top), Math.round(start.top));
    assert.ok(right.left > start.left);
    assert.equal((await press('ArrowLeft')).word, start.word);

    // Down: the word under it, in the next row of the same column; Up comes back.
    const down = await press('ArrowDown');
    assert.ok(down.top >= start.bottom - 1, `${down.word} at ${down.top}, not below ${start.word} (${start.top}–${start.bottom})`);
    assert.equal(Math.round(down.left), Math.round(start.left));
    assert.equal(down.index, columns);
    assert.deepEqual((await inBetween(page, WORD, start, down)).rows, []);
    assert.equal((await press('ArrowUp')).word, start.word);

    // Down and down again, across the headings of the point groups: always the next row, in
    // the same column.
    let last = start;
    let headings = 0;
    for (let i = 1; i <= 80 && !headings; i++) {
      const next = await press('ArrowDown');
      assert.equal(Math.round(next.left), Math.round(start.left), `Down ${i}: ${next.word}`);
      assert.ok(next.top > last.top);
      const passed = await inBetween(page, WORD, last, next, '.group-heading');
      assert.deepEqual(passed.rows, [], `Down ${i} skipped a row`);
      headings = passed.others;
      last = next;
    }
    assert.equal(headings, 1, 'no group heading was crossed');

    // PageDown and PageUp: about a window's height, in the same column.
    const before = await at();
    const pageDown = await press('PageDown');
    const moved = pageDown.top - before.top;
    assert.ok(moved > viewport.height / 2 && moved < viewport.height, `PageDown moved ${moved} px`);
    assert.equal(Math.round(pageDown.left), Math.round(start.left));
    const pageUp = await press('PageUp');
    assert.ok(pageDown.top - pageUp.top > viewport.height / 2, `PageUp moved ${pageDown.top - pageUp.top} px`);
    assert.equal(Math.round(pageUp.left), Math.round(start.left));

    // Home and End: the first and last words; nothing moves past them.
    const count = await page.locator(WORD).count();
    assert.equal((await press('End')).index, count - 1);
    assert.equal((await press('ArrowDown')).index, count - 1);
    assert.equal((await press('ArrowRight')).index, count - 1);
    assert.equal((await press('PageDown')).index, count - 1);
    assert.equal((await press('Home')).index, 0);
    assert.equal((await press('ArrowUp')).index, 0);
    assert.equal((await press('PageUp')).index, 0);
    // Still one Tab stop, the word in focus; Enter pins it.
    assert.equal(await page.locator(`${WORD}[tabindex="0"]`).count(), 1);
    await press('ArrowDown');
    assert.equal(await page.evaluate(() => document.activeElement.tabIndex), 0);
    await page.keyboard.press('Enter');
    assert.equal(await page.evaluate(() => document.activeElement.getAttribute('aria-pressed')), 'true');
    assert.deepEqual(page.errors, []);
  });
}

test("the bounds view's sum/union words by keyboard: Up and Down by column, PageDown by the height of their scrolling box", async () => {
  const page = await listening();
  await page.goto(`${env.base}?mode=bounds`);
  await said(page, /^Bound \d+/);
  const WORD = '.class-word';
  const at = () => focusedBox(page, WORD);
  await tabTo(page, WORD);
  const start = await at();
  const down = await (async () => {
    await page.keyboard.press('ArrowDown');
    return at();
  })();
  assert.ok(down.top >= start.bottom - 1, `${down.index} at ${down.top}, not below ${start.index}`);
  assert.equal(Math.round(down.left), Math.round(start.left));
  assert.ok(down.index > 1, 'Down went to the next word, not the one below');
  assert.deepEqual((await inBetween(page, WORD, start, down)).rows, []);
  // The words scroll in a box of their own: PageDown moves by about its height.
  const box = await page.locator('.class-words').evaluate((l) => l.clientHeight);
  await page.keyboard.press('PageDown');
  const paged = await at();
  const moved = paged.top - down.top;
  assert.ok(moved > box / 2 && moved <= box, `PageDown moved ${moved} px in a box ${box} px high`);
  assert.equal(Math.round(paged.left), Math.round(start.left));
  await page.keyboard.press('ArrowUp');
  assert.ok((await at()).top < paged.top);
  assert.deepEqual(page.errors, []);
});

test('the words-by-length chips have a visible caption, and each is named by what it shows, then in words', async () => {
  const page = await env.page({ viewport: { width: 1280, height: 900 } });
  await page.goto(`${env.base}?board=perslatgsineters`);
  await page.locator('[data-testid=word-list]:not([aria-busy])').waitFor();
  const summary = page.locator('.length-summary');
  assert.equal(await summary.locator('.tools-label').textContent(), 'Words by length');
  assert.equal(await summary.locator('.tools-label').isVisible(), true);
  assert.equal(await summary.getAttribute('aria-label'), 'Words by length (press to show only that length)');
  // What each chip shows: its text less the words hidden for screen readers.
  const chips = await summary.locator('.length-chip').evaluateAll((cs) =>
    cs.map((c) => {
      const shown = /** @type {HTMLElement} */ (c.cloneNode(true));
      for (const h of shown.querySelectorAll('.visually-hidden')) h.remove();
      return [...shown.children].map((e) => e.textContent);
    }),
  );
  assert.ok(chips.length > 3);
  const cdp = await page.context().newCDPSession(page);
  const names = (await cdp.send('Accessibility.getFullAXTree')).nodes
    .filter((n) => !n.ignored && n.role?.value === 'button' && /^\d\+?: /.test(n.name?.value ?? ''))
    .map((n) => n.name.value);
  assert.equal(names.length, chips.length);
  chips.forEach(([length, words], i) => {
    // What a speech-input user reads on the chip starts its name.
    assert.ok(names[i].startsWith(`${length}: ${words} word`), `${names[i]} does not start with ${length} ${words}`);
  });
  assert.equal(names[0], '3: 93 words of 3 letters, 93 points');
  assert.match(names.at(-1), /^9\+: \d+ words? of 9 or more letters, \d+ points?$/);
  // axe's check of the same: every chip's name holds what it shows.
  const results = await new AxeBuilder({ page }).include('.length-summary').withRules(['label-content-name-mismatch']).analyze();
  assert.deepEqual(results.violations, []);
  assert.equal(results.passes.find((r) => r.id === 'label-content-name-mismatch')?.nodes.length, chips.length);
  assert.deepEqual(page.errors, []);
});

test('search view by keyboard: start and stop a search; new bests are said at most every few seconds', async () => {
  const page = await listening();
  await page.goto(`${env.base}?mode=search&size=4x4&seed=1&workers=1&runs=0`);
  await tabTo(page, '[data-testid=anneal-start]');
  await page.keyboard.press('Enter');
  await said(page, /^Searching…$/);
  // Start is disabled once pressed: the focus moves on to Stop, not to the page.
  assert.equal(await page.evaluate(() => document.activeElement?.dataset.testid), 'search-stop');
  // Two new bests said: the second waited for the first's interval to end.
  await page.waitForFunction(() => window.said.filter((s) => s.text.startsWith('New best')).length >= 2, null, { timeout: 60_000 });
  // Pause and Resume say the new state at once (not the one drawn before).
  const beforePause = await saidSoFar(page);
  await tabTo(page, '.search-buttons button:nth-child(2)');
  await page.keyboard.press('Enter');
  assert.equal(await said(page, /^(Paused|Searching…)$/, beforePause), 'Paused');
  assert.equal(await page.getByTestId('search-status').textContent(), 'Paused');
  await page.keyboard.press('Enter');
  assert.equal(await said(page, /^(Paused|Searching…)$/, beforePause + 1), 'Searching…');
  await tabTo(page, '[data-testid=search-stop]');
  await page.keyboard.press('Enter');
  await page.locator('.search[data-settled="true"]').waitFor();
  assert.equal(await page.evaluate(() => document.activeElement?.dataset.testid), 'anneal-start');
  const stopped = await said(page, /^Stopped/);
  assert.match(stopped, /^Stopped: best \d+ by worker 1$/);
  assert.equal(stopped, `Stopped: best ${await page.getByTestId('anneal-best-score').textContent()} by worker 1`);
  const bests = await page.evaluate(() => window.said.filter((s) => s.text.startsWith('New best')));
  for (const b of bests) assert.match(b.text, /^New best \d+ by worker 1$/);
  // Never two within the interval (5 s; timers never fire early, but the observer may note a
  // message late when the page is busy, so 4 s here: without the throttle bests come ~0.1 s apart).
  for (let i = 1; i < bests.length; i++) assert.ok(bests[i].at - bests[i - 1].at >= 4000, JSON.stringify(bests));
  assert.deepEqual(page.errors, []);
});

test('a word typed in Check a word is said once typing pauses, not at every letter; a new list says its score', async () => {
  const page = await listening();
  await page.goto(`${env.base}?board=perslatgsineters`);
  await said(page, /points, [\d,]+ words$/);
  await tabTo(page, '#check-input');
  const from = await saidSoFar(page);
  const started = Date.now();
  await page.keyboard.type('replastering');
  const typing = Date.now() - started;
  // The last verdict is said (the one on the whole word), after at most one per second before it.
  assert.match(await said(page, /^REPLASTERING/, from), /^REPLASTERING, \d+ points?/);
  const messages = await page.evaluate((n) => window.said.slice(n).map((s) => s.text), from);
  assert.ok(messages.length <= 2 + Math.ceil(typing / 1000), `${typing} ms: ${JSON.stringify(messages)}`);
  // Another word list: its score is what is said, not the checked word again over it.
  const before = await saidSoFar(page);
  await page.selectOption('#list-select', 'yawl');
  await said(page, /^\d+ points, [\d,]+ words$/, before);
  // The checked word is redrawn in the same step as the score is said: nothing is said over it.
  const after = await page.evaluate((n) => window.said.slice(n).map((s) => s.text), before);
  assert.match(after.at(-1), /^\d+ points, [\d,]+ words$/, JSON.stringify(after));
  assert.deepEqual(page.errors, []);
});

test('search view by keyboard: Start with a field out of range goes to that field, its message said once', async () => {
  const page = await listening();
  await page.goto(`${env.base}?mode=search&size=3x3`);
  await tabTo(page, '#search-workers');
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('0');
  await tabTo(page, '[data-testid=anneal-start]');
  const before = await page.evaluate(() => document.querySelectorAll('[role=alert]:not([hidden])').length);
  assert.equal(before, 0);
  // Pressed twice: the message is not hidden and shown again, which would say it again.
  const writes = await page.evaluate(() => {
    const error = document.getElementById('search-workers-error');
    const seen = { n: 0 };
    new MutationObserver((r) => (seen.n += r.length)).observe(error, { childList: true, characterData: true, subtree: true, attributes: true });
    window.errorWrites = seen;
    return seen.n;
  });
  assert.equal(writes, 0);
  await page.keyboard.press('Enter');
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'search-workers');
  assert.match(await page.locator('#search-workers-error').textContent(), /worker/i);
  const once = await page.evaluate(() => window.errorWrites.n);
  await tabTo(page, '[data-testid=anneal-start]');
  await page.keyboard.press('Enter');
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'search-workers');
  assert.equal(await page.evaluate(() => window.errorWrites.n), once);
  assert.equal(await page.getByTestId('search-stop').isDisabled(), true);
  assert.deepEqual(page.errors, []);
});

test('break view by keyboard: break a small class; its end and the tree are said in words', async () => {
  const page = await listening();
  await page.goto(`${env.base}?mode=break`);
  await tabTo(page, '#break-class');
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('st t rs / e ae e / d l ps');
  await page.keyboard.press('Tab');
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('400');
  await page.keyboard.press('Enter');
  await said(page, /^Break started$/);
  assert.equal(await said(page, /^Break finished/), 'Break finished: 2 boards of 16 reach 400');
  // The tree's text alternative: its classes by outcome, the tree described by it.
  const summary = await page.getByTestId('tree-summary').first().textContent();
  const m = summary.match(/^In the tree: (\d+) classes; (\d+) eliminated, (\d+) split, (\d+) boards scored \(2 reach the target\)\.$/);
  assert.ok(m, summary);
  // The small class is drawn whole: the tree's counts are the run's.
  const stat = async (name) => Number(await page.locator('.break-counts div', { hasText: name }).first().locator('dd').textContent());
  assert.equal(Number(m[1]), await stat('classes visited'));
  assert.equal(Number(m[2]), await stat('eliminated'));
  assert.equal(Number(m[3]), await stat('split'));
  assert.equal(Number(m[4]), await stat('boards scored'));
  const described = await page.locator('.break-tree').first().getAttribute('aria-describedby');
  assert.match(await page.locator(`#${described}`).textContent(), /^In the tree:/);
  assert.deepEqual(page.errors, []);
});

test('a whole partition search, started by keyboard, says when the proof is finished', async () => {
  const page = await listening();
  const partition = 'aeijou bcdfgmpqvwxz hklnrsty, corner:aeiosuy bcdfghjklmnpqrtvwxz';
  await page.goto(`${env.base}?mode=break&partition=${encodeURIComponent(partition)}&size=2x3&target=110`);
  await page.waitForSelector('[data-testid="partition-status"][data-total="51"]');
  await tabTo(page, '#partition-workers');
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('1');
  await tabTo(page, '[data-testid=partition-start]');
  await page.keyboard.press('Enter');
  assert.equal(await said(page, /^Proof finished/), 'Proof finished: 28 boards reach 110');
  // Start was disabled while the run went on, and Stop once it ended; with nothing left to
  // start, the focus is on Forget progress, the one way on.
  assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Forget progress');
  assert.deepEqual(page.errors, []);
});

test('the accessibility tree: one h1 per view, the board as a grid of rows and cells, the live region', async () => {
  const views = {
    '?board=streaedlp': 'Solve a Boggle board',
    '?mode=bounds': 'Upper bounds of a board class',
    '?mode=search': 'Search for high-scoring boards',
    '?mode=break': 'Break board classes',
  };
  for (const [query, title] of Object.entries(views)) {
    const page = await env.page();
    await page.goto(`${env.base}${query}`);
    await page.locator('h1').waitFor({ state: 'attached' });
    const cdp = await page.context().newCDPSession(page);
    const tree = async () => (await cdp.send('Accessibility.getFullAXTree')).nodes.filter((n) => !n.ignored);
    if (query === '?board=streaedlp') await page.getByTestId('word').first().waitFor();
    const nodes = await tree();
    const named = (role) => nodes.filter((n) => n.role?.value === role).map((n) => n.name?.value ?? '');
    const levels = nodes.filter((n) => n.role?.value === 'heading').map((n) => n.properties?.find((p) => p.name === 'level')?.value.value);
    assert.deepEqual(named('heading').filter((_, i) => levels[i] === 1), [title], query);
    // The tab's title names the view as well.
    assert.equal(await page.title(), `${title} · Boggle Explorer`, query);
    // Headings never skip a level going down.
    for (let i = 1; i < levels.length; i++) assert.ok(levels[i] <= levels[i - 1] + 1, `${query}: heading levels ${levels}`);
    assert.equal(named('status').length, 1, `${query}: one live region`);
    assert.deepEqual(named('main'), [''], query);
    if (query === '?board=streaedlp') {
      assert.deepEqual(named('grid'), ['Board, 3 rows by 3 columns']);
      assert.equal(named('row').length, 3);
      const cells = named('gridcell');
      assert.equal(cells.length, 9);
      assert.equal(cells[0], 'S, row 1, column 1');
      assert.deepEqual(named('region'), ['Words found']);
    }
    await page.context().close();
  }
});

test('with reduced motion nothing on the board, the mini boards or the widgets animates', async () => {
  for (const reducedMotion of ['no-preference', 'reduce']) {
    const page = await env.page({ reducedMotion });
    await page.goto(`${env.base}?mode=search&size=3x3&seed=5&workers=1`);
    await tabTo(page, '[data-testid=anneal-start]');
    await page.keyboard.press('Enter');
    // A cell that changed flashes (an animation of its overlay) where motion is welcome.
    const flash = page.locator('.mini-board .cell.flash').first();
    await flash.waitFor({ state: 'attached', timeout: 60_000 });
    const anim = await flash.evaluate((c) => getComputedStyle(c, '::after').animationName);
    assert.equal(anim === 'none', reducedMotion === 'reduce', `${reducedMotion}: animation ${anim}`);

    await page.goto(`${env.base}?board=streaedlp`);
    const cell = page.getByTestId('cell').first();
    await cell.waitFor();
    const fade = await cell.evaluate((c) => getComputedStyle(c).transitionDuration);
    assert.equal(/^0s(, 0s)*$/.test(fade), reducedMotion === 'reduce', `${reducedMotion}: the cell's transition ${fade}`);

    await page.goto(`${env.base}embed-example.html`);
    const frame = page.locator('boggle-board iframe').first();
    await frame.waitFor({ state: 'attached' });
    const appear = await frame.evaluate((f) => getComputedStyle(f).transitionDuration);
    assert.equal(appear === '0s', reducedMotion === 'reduce', `${reducedMotion}: the widget's fade-in ${appear}`);
    await page.context().close();
  }
});

test('the example post in the accessibility tree: landmarks, widgets named by their captions, code blocks', async () => {
  const page = await env.page({ viewport: { width: 1280, height: 900 } });
  await page.goto(`${env.base}embed-example.html`);
  await page.locator('boggle-board iframe').first().contentFrame().locator('.embed-widget[data-ready="true"]').waitFor();
  const cdp = await page.context().newCDPSession(page);
  const nodes = (await cdp.send('Accessibility.getFullAXTree')).nodes.filter((n) => !n.ignored);
  const named = (role) => nodes.filter((n) => n.role?.value === role).map((n) => n.name?.value ?? '');
  for (const landmark of ['banner', 'main', 'contentinfo']) assert.equal(named(landmark).length, 1, landmark);
  assert.deepEqual(named('figure'), await page.locator('figcaption').allTextContents());
  assert.deepEqual(named('region'), ['Code: the script and element', 'Code: the plain iframe']);
  assert.equal(await page.locator('pre[tabindex="0"]').count(), 2);
  // Inside a widget: its main landmark and its board named by the board's letters.
  const { frameTree } = await cdp.send('Page.getFrameTree');
  const child = frameTree.childFrames.find((c) => /board=perslatgsineters/.test(c.frame.url));
  const inside = (await cdp.send('Accessibility.getFullAXTree', { frameId: child.frame.id })).nodes.filter((n) => !n.ignored);
  const namedInside = (role) => inside.filter((n) => n.role?.value === role).map((n) => n.name?.value ?? '');
  assert.deepEqual(namedInside('main'), ['Boggle board PERS LATG SINE TERS']);
  assert.deepEqual(namedInside('grid'), ['Board PERS LATG SINE TERS']);
  assert.equal(namedInside('gridcell').length, 16);
  assert.deepEqual(namedInside('region'), ['Words on the board PERS LATG SINE TERS']);
  assert.deepEqual(page.errors, []);
});

test('on a phone, a word reached by the keyboard is never hidden under the board that stays on top', async () => {
  const page = await env.page({ viewport: { width: 390, height: 844 } });
  await page.goto(`${env.base}?board=perslatgsineters`);
  await page.locator('[data-testid=word-list]:not([aria-busy])').waitFor();
  await tabTo(page, '[data-testid=word]');
  const clear = () =>
    page.evaluate(() => document.activeElement.getBoundingClientRect().top - document.querySelector('.board-panel').getBoundingClientRect().bottom);
  // Down the list, to its end, then back up: each word in focus lies below the board.
  for (const [key, times] of [['ArrowDown', 40], ['PageDown', 4], ['End', 1], ['ArrowUp', 30], ['PageUp', 4]]) {
    for (let i = 0; i < times; i++) {
      await page.keyboard.press(key);
      const gap = await clear();
      assert.ok(gap >= 0, `${key}: the focused word is ${-gap} px under the board`);
    }
  }
  assert.deepEqual(page.errors, []);
});

test('on a phone, a missed word reached by the keyboard in a round’s review lies below the board that stays on top', async () => {
  const page = await env.page({ viewport: { width: 390, height: 844 } });
  await page.goto(`${env.base}?mode=play&seed=64&timer=off`);
  await tabTo(page, '[data-testid=play-start]');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.querySelector('[data-testid=play-input]')?.disabled === false);
  await tabTo(page, '[data-testid=play-end]');
  await page.keyboard.press('Enter');
  // The question comes first, Cancel focused: Tab to End round.
  await page.getByTestId('confirm-no').waitFor();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await page.locator('[data-testid=play-missed] [data-testid=word-list]:not([aria-busy])').waitFor();
  await tabTo(page, '[data-testid=play-missed] [data-testid=word]');
  const clear = () =>
    page.evaluate(() => document.activeElement.getBoundingClientRect().top - document.querySelector('.play-board-panel').getBoundingClientRect().bottom);
  for (const [key, times] of [['ArrowDown', 30], ['PageDown', 3], ['End', 1], ['ArrowUp', 20], ['PageUp', 3]]) {
    for (let i = 0; i < times; i++) {
      await page.keyboard.press(key);
      const gap = await clear();
      assert.ok(gap >= 0, `${key}: the focused word is ${-gap} px under the board`);
    }
  }
  assert.deepEqual(page.errors, []);
});

test('the first Tab offers to skip the header: Enter, then Tab, lands on the first control of the view', async () => {
  const page = await env.page();
  await page.goto(`${env.base}?mode=bounds`);
  await page.locator('#class-input').waitFor();
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement.textContent), 'Skip to the view');
  assert.equal(await page.locator('.skip-link').isVisible(), true);
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'class-input');
  assert.deepEqual(page.errors, []);
});

test('a list of boards redrawn while a run goes on keeps the keyboard on the board it was on', async () => {
  const page = await env.page();
  await page.goto(`${env.base}?mode=break`);
  await page.waitForSelector('#break-class');
  const result = await page.evaluate(async () => {
    const { el, replaceKeepingFocus } = await import('./www/lib/dom.js');
    const list = el('ul', {}, []);
    document.body.append(list);
    const draw = (/** @type {string[]} */ boards) =>
      boards.map((b) => {
        const a = el('a', { href: `#${b}` }, [b]);
        a.dataset.board = b;
        return el('li', {}, [a]);
      });
    const focused = () => /** @type {HTMLElement} */ (document.activeElement).dataset.board ?? document.activeElement?.tagName;
    replaceKeepingFocus(list, draw(['aaa', 'bbb', 'ccc']), 'board');
    /** @type {HTMLElement} */ (list.querySelector('[data-board=bbb]')).focus();
    const seen = [];
    // A better board arrives above it: the focus stays on bbb, now third.
    replaceKeepingFocus(list, draw(['zzz', 'aaa', 'bbb', 'ccc']), 'board');
    seen.push(focused());
    // bbb falls off the list: the focus takes its place rather than dropping to the page.
    replaceKeepingFocus(list, draw(['yyy', 'zzz', 'aaa']), 'board');
    seen.push(focused());
    // Focus elsewhere is left alone.
    document.querySelector('#break-class')?.focus();
    replaceKeepingFocus(list, draw(['xxx']), 'board');
    seen.push(document.activeElement?.id);
    return seen;
  });
  assert.deepEqual(result, ['bbb', 'aaa', 'break-class']);
  assert.deepEqual(page.errors, []);
});
