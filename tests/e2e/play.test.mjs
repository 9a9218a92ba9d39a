// The Play view in headless Chromium: seeded rounds (the same board on every load, and the
// board `boggle roll` prints), the cover over a round opened from a link until Start, words
// typed and traced against the engine's own words, the review's missed words, the clock
// (playwright's fake clock: never a sleep), shared links, the review of a game played on a
// table, the history kept in the browser, the round in progress kept across a reload and
// returned to by the menu's Play, Play this board from the solver, hostile input, dragging and
// the play widget; what a link's values become (a size without a board, a seed that is not one,
// names in any case); and what a phone needs: Add leaving the cursor in the word box, the clock in
// view after Start on a short window, questions withdrawn when the time runs out, a round whose
// word list cannot be loaded offline, the review's order and its tap targets. A whole round by
// keyboard alone is in keyboard.test.mjs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { browserEnv, explained, giveWord, holdDownload, serviceWorkerWarm, setOffline } from './helpers.mjs';

const env = browserEnv();

const ROOT = new URL('../../', import.meta.url).pathname;

/**
 * Opens `query` and waits for the round: in play (a round resumed), or under its cover, where
 * Start is pressed unless `start` is false. `clock` installs playwright's fake clock first.
 */
async function play(query, { clock = false, page = null, start = true, ...options } = {}) {
  page ??= await env.page({ viewport: { width: 1280, height: 900 }, ...options });
  if (clock) await page.clock.install();
  await page.goto(`${env.base}${query}`);
  await ready(page, { start });
  return page;
}

/** Waits for a round in play or under its cover; presses Start on the cover when `start`. */
async function ready(page, { start = true } = {}) {
  await page.getByTestId('play-board').locator('[data-index]').first().waitFor();
  await page.waitForFunction(() => document.querySelector('[data-testid=play-input]')?.disabled === false || document.querySelector('[data-testid=play-cover]')?.hidden === false);
  if (start && (await page.getByTestId('play-cover').isVisible())) await startRound(page);
}

/** Presses the cover's Start and waits for the round to be in play. */
async function startRound(page) {
  await page.getByTestId('play-start').click();
  await page.waitForFunction(() => document.querySelector('[data-testid=play-input]')?.disabled === false);
}

/** The covered board as the page holds it: every cell's text and name, with no letter of the round. */
const coveredCells = (page) =>
  page.$$eval('[data-testid=play-board] [data-index]', (cells) => cells.map((c) => [c.textContent.trim(), c.getAttribute('aria-label').replace(/, row \d+, column \d+$/, '').trim()]));

/** The board `boggle roll` rolls with `seed` (4 × 4 unless `dice`). */
const rolled = (seed, dice = '4x4') => execFileSync(`${ROOT}target/release/boggle`, ['roll', '--dice', dice, '--seed', String(seed)]).toString().trim();

/** The round kept in the tab, or null. */
const keptRound = (page) => page.evaluate(() => JSON.parse(sessionStorage.getItem('boggle-explorer:play:round')));

/** The board on screen, row-major, in the engine's letters (`q` for the Qu cube). */
const boardOf = (page) =>
  page.$$eval('[data-testid=play-board] [data-index]', (cells) => cells.map((c) => c.textContent.trim().toLowerCase().replace('qu', 'q')).join(''));

/** The engine's own words for the board on screen (ENABLE2K, standard scoring). */
const engineWords = (page, board) =>
  page.evaluate(async (b) => (await window.explorer.engine.call('solve', { board: b })).words.map((w) => ({ word: w.word, points: w.points })), board);

/** Types `word`, presses Enter and waits for the verdict on it; returns {verdict, text}. */
const give = giveWord;

/** Waits for every word missed to be drawn (the list is built in slices, marked busy until done). */
const missedDrawn = (page) =>
  page.waitForFunction(() => {
    const list = document.querySelector('[data-testid=play-missed] [data-testid=word-list]');
    return list !== null && !list.hasAttribute('aria-busy') && list.querySelector('[data-word]') !== null;
  });

const found = (page) => page.$$eval('[data-testid=play-found] [data-word]', (items) => items.map((i) => i.dataset.word).sort());
const missed = (page) => page.$$eval('[data-testid=play-missed] [data-word]', (items) => items.map((i) => i.dataset.word).sort());
const score = async (page) => Number(await page.getByTestId('play-score').textContent());
const query = (page) => new URL(page.url()).searchParams;

test('a seeded round shows the same board on every load, the board boggle roll prints', async () => {
  const a = await play('?mode=play&seed=2025');
  const b = await play('?mode=play&seed=2025');
  const board = await boardOf(a);
  assert.equal(board.length, 16);
  assert.equal(await boardOf(b), board);
  const cli = execFileSync(`${ROOT}target/release/boggle`, ['roll', '--dice', '4x4', '--seed', '2025']).toString().trim();
  assert.equal(board, cli);
  const big = await play('?mode=play&seed=7&dice=6x6');
  assert.equal(await boardOf(big), execFileSync(`${ROOT}target/release/boggle`, ['roll', '--dice', '6x6', '--seed', '7']).toString().trim());
  // No seed: one is picked and written into the URL, so the round can be shared.
  const fresh = await play('?mode=play');
  const seed = query(fresh).get('seed');
  assert.match(seed, /^\d+$/);
  const again = await play(`?mode=play&seed=${seed}`);
  assert.equal(await boardOf(again), await boardOf(fresh));
});

test('a round opened from a link waits under its cover: no letters, a still clock, nothing kept, until Start', async () => {
  const url = '?mode=play&seed=77&timer=2';
  const page = await play(url, { clock: true, start: false });
  assert.equal(await page.getByTestId('play-start').isVisible(), true);
  // Not a letter of the board in the grid, neither shown nor in a cell's name; the cells are out
  // of reach behind the cover.
  const cells = await coveredCells(page);
  assert.equal(cells.length, 16);
  assert.deepEqual(cells, cells.map(() => ['', '']));
  assert.equal(await page.locator('.play-grid').evaluate((g) => g.inert), true);
  assert.equal(await page.getByTestId('play-board').getAttribute('aria-label'), 'Board, 4 rows by 4 columns');
  assert.equal(await page.getByTestId('play-input').isHidden(), true);
  assert.equal(await page.getByTestId('play-end').isHidden(), true);
  // The clock shows the round's length and does not move; the round is not kept in the tab.
  assert.equal(await page.getByTestId('play-timer').textContent(), '2:00');
  await page.clock.fastForward('05:00');
  assert.equal(await page.getByTestId('play-timer').textContent(), '2:00');
  assert.equal(await page.getByTestId('play-timer').getAttribute('data-remaining'), '120');
  assert.equal(await page.getByTestId('play-review').isHidden(), true);
  assert.equal(await keptRound(page), null);
  // A reload before Start shows the cover again.
  await page.reload();
  await ready(page, { start: false });
  assert.equal(await page.getByTestId('play-cover').isVisible(), true);
  assert.deepEqual(await coveredCells(page), cells);
  assert.equal(query(page).get('seed'), '77');
  // The blank cells are not read out under the cover: no grid cell in the page's outline.
  assert.doesNotMatch(await page.locator('main').ariaSnapshot(), /gridcell/);
  // Start, from the keyboard: the board shows, the focus is in the word box, the clock runs.
  await page.getByTestId('play-start').focus();
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.querySelector('[data-testid=play-input]')?.disabled === false);
  assert.equal(await page.getByTestId('play-cover').isHidden(), true);
  assert.equal(await boardOf(page), rolled(77));
  assert.equal(await page.locator('.play-grid').evaluate((g) => g.inert || g.hasAttribute('aria-hidden')), false);
  assert.match(await page.locator('main').ariaSnapshot(), /gridcell/);
  assert.equal(await page.evaluate(() => document.activeElement?.dataset.testid), 'play-input');
  assert.equal((await keptRound(page)).query, 'mode=play&seed=77&timer=2');
  await page.clock.fastForward('00:30');
  await page.waitForFunction(() => Number(document.querySelector('[data-testid=play-timer]').dataset.remaining) <= 90);
  // Started, the round resumes on a reload rather than being covered again.
  await page.reload();
  await ready(page, { start: false });
  assert.equal(await page.getByTestId('play-cover').isHidden(), true);
  assert.ok(Number(await page.getByTestId('play-timer').getAttribute('data-remaining')) <= 90);
  assert.deepEqual(page.errors, []);
});

test('a typed board opened from a link stays out of the Next round box until Start', async () => {
  const page = await play('?mode=play&board=perslatgsineters', { start: false });
  assert.equal(await page.getByTestId('play-cover').isVisible(), true);
  assert.equal(await page.locator('#play-board-input').inputValue(), '', 'the box would give the board away');
  await page.getByTestId('play-start').click();
  await page.waitForFunction(() => document.querySelector('[data-testid=play-input]')?.disabled === false);
  assert.equal(await boardOf(page), 'perslatgsineters');
  // In view, the board is in the box again: New round plays it once more.
  assert.equal(await page.locator('#play-board-input').inputValue(), 'perslatgsineters');
  assert.deepEqual(page.errors, []);
});

test('the Next round card starts as the round on screen: a typed board turns its dice off, and they take the board’s size when a set has it', async () => {
  // A 2 × 2 board, which no dice set rolls: under the cover the box stays empty (it would give
  // the board away), so the card offers the dice and the rules of the round.
  const small = await play('?mode=play&board=qaze&timer=off', { start: false });
  const card = small.locator('.play-setup-card');
  assert.equal(await card.getByRole('heading').textContent(), 'Next round');
  assert.equal(await small.locator('#play-board-input').inputValue(), '');
  assert.equal(await small.locator('#play-dice').isDisabled(), false);
  assert.equal(await small.locator('#play-timer-select').inputValue(), 'off');
  await startRound(small);
  // In view, its board is in the box, and the dice are off: New round would play that board.
  assert.equal(await small.locator('#play-board-input').inputValue(), 'qaze');
  assert.equal(await small.locator('#play-dice').isDisabled(), true);
  await small.locator('#play-board-input').fill('');
  assert.equal(await small.locator('#play-dice').isDisabled(), false);
  await small.locator('#play-board-input').fill('abcd');
  assert.equal(await small.locator('#play-dice').isDisabled(), true);

  // A 5 × 5 board: the Big Boggle dice, for the card and for the review's New round.
  const big = 'abcdefghijklmnopqrstuvwxy';
  const page = await play(`?mode=play&board=${big}&timer=1`, { clock: true });
  assert.equal(await page.locator('#play-dice').inputValue(), '5x5');
  assert.equal(query(page).get('dice'), null, 'a link to a typed board names no dice');
  await page.getByTestId('play-end').click();
  await page.getByTestId('confirm-yes').click();
  await page.getByTestId('play-review').getByRole('button', { name: 'New round' }).click();
  await page.waitForFunction(() => new URLSearchParams(location.search).get('dice') === '5x5');
  await page.waitForFunction(() => document.querySelector('[data-testid=play-input]')?.disabled === false);
  assert.equal((await boardOf(page)).length, 25);
  assert.equal(await page.locator('#play-board-input').inputValue(), '');
  assert.equal(await page.locator('#play-dice').isDisabled(), false);
  assert.deepEqual(small.errors, []);
  assert.deepEqual(page.errors, []);
});

test('the shortest word follows the dice to their own rules, 4 letters in Big and Super Big Boggle, unless another was chosen', async () => {
  const page = await play('?mode=play&seed=3&timer=off', { start: false });
  // The points a word scores are given beside the words found, from the engine's table.
  assert.equal(
    await page.locator('.play-found-card .play-scoring').textContent(),
    'Points: 3–4 letters 1, 5 letters 2, 6 letters 3, 7 letters 5, 8 or more 11; Qu counts as two letters.',
  );
  const min = () => page.locator('#play-min').inputValue();
  assert.equal(await min(), '3');
  await page.locator('#play-dice').selectOption('5x5');
  assert.equal(await min(), '4');
  await page.locator('#play-dice').selectOption('6x6');
  assert.equal(await min(), '4');
  await page.locator('#play-dice').selectOption('4x4');
  assert.equal(await min(), '3');
  // A shortest word of the player's own stays whatever the dice.
  await page.locator('#play-min').selectOption('5');
  await page.locator('#play-dice').selectOption('5x5');
  assert.equal(await min(), '5');
  // The round it starts plays by them, and its link says so.
  await page.locator('#play-min').selectOption('4');
  await page.getByTestId('play-new').click();
  await page.waitForFunction(() => new URLSearchParams(location.search).get('dice') === '5x5');
  assert.equal(query(page).get('min'), '4');
  assert.deepEqual(page.errors, []);
});

test('a round asked for on the page starts at once with the focus in the word box: New round in the review, and in its card, which asks first mid-round', async () => {
  const page = await play('?mode=play&seed=3&timer=1', { clock: true });
  // End round asks first: Cancel keeps the round going.
  await page.getByTestId('play-end').click();
  await page.getByTestId('confirm-no').click();
  assert.equal(await page.getByTestId('play-end').isVisible(), true);
  assert.equal(await page.getByTestId('play-input').isDisabled(), false);
  assert.equal(await page.getByTestId('play-review').isHidden(), true);
  await page.getByTestId('play-end').click();
  await page.getByTestId('confirm-yes').click();
  await page.getByTestId('play-review').waitFor();
  await page.getByTestId('play-review').getByRole('button', { name: 'New round' }).click();
  await page.waitForFunction(() => document.querySelector('[data-testid=play-input]')?.disabled === false);
  assert.equal(await page.getByTestId('play-cover').isHidden(), true);
  // The round was over: nothing to ask, and the word box is ready for the first word.
  assert.equal(await page.getByTestId('confirm-yes').count(), 0);
  assert.equal(await page.evaluate(() => document.activeElement?.dataset.testid), 'play-input');
  const seed = query(page).get('seed');
  assert.notEqual(seed, '3');
  assert.equal(await boardOf(page), rolled(seed));
  await page.clock.fastForward('00:10');
  await page.waitForFunction(() => Number(document.querySelector('[data-testid=play-timer]').dataset.remaining) <= 50);
  assert.equal((await keptRound(page)).query, `mode=play&seed=${seed}&timer=1`);
  // The New round card, mid-round: it asks first, and Cancel keeps the round and its words.
  const [w] = await engineWords(page, await boardOf(page));
  assert.equal((await give(page, w.word)).verdict, 'accepted');
  await page.getByTestId('play-new').click();
  await page.getByTestId('confirm-no').waitFor();
  assert.match(await page.locator('dialog').textContent(), /Start a new round\?.*You have found 1 word so far/);
  await page.getByTestId('confirm-no').click();
  assert.equal(query(page).get('seed'), seed);
  assert.deepEqual(await found(page), [w.word]);
  assert.equal(await page.getByTestId('play-input').isDisabled(), false);
  // Yes: another board, in play at once, the focus in the word box.
  await page.getByTestId('play-new').click();
  await page.getByTestId('confirm-yes').click();
  await page.waitForFunction((old) => new URLSearchParams(location.search).get('seed') !== old, seed);
  await page.waitForFunction(() => document.querySelector('[data-testid=play-input]')?.disabled === false);
  assert.equal(await page.getByTestId('play-cover').isHidden(), true);
  assert.equal(await boardOf(page), rolled(query(page).get('seed')));
  assert.equal(await page.getByTestId('play-timer').getAttribute('data-remaining'), '60');
  assert.deepEqual(await found(page), []);
  assert.equal(await page.evaluate(() => document.activeElement?.dataset.testid), 'play-input');
  assert.deepEqual(page.errors, []);
});

test('on a phone, a board of your own played from the New round card, far down the page, brings the board into view with the focus in the word box', async () => {
  const page = await play('?mode=play&seed=8&timer=off', { viewport: { width: 390, height: 844 } });
  await page.locator('#play-board-input').fill('abcdefghijklmnop');
  await page.locator('#play-board-input').press('Enter');
  await page.getByTestId('confirm-yes').click();
  await page.waitForFunction(() => new URLSearchParams(location.search).get('board') === 'abcdefghijklmnop');
  await page.waitForFunction(() => document.activeElement?.dataset.testid === 'play-input');
  assert.equal(await boardOf(page), 'abcdefghijklmnop');
  const [panel, input] = await Promise.all(['.play-board-panel', '[data-testid=play-input]'].map((s) => page.locator(s).boundingBox()));
  assert.ok(panel.y >= -1 && input.y + input.height <= 844, `the clock and board at ${panel.y}, the word box ending at ${input.y + input.height}`);
  assert.deepEqual(page.errors, []);
});

test('on a phone, what a link asked for that cannot be played is said above the board, with what is played instead', async () => {
  const page = await play('?mode=play&board=zz!!&timer=off', { viewport: { width: 390, height: 844 }, start: false });
  const message = page.getByTestId('play-link-errors').getByTestId('error');
  await message.waitFor();
  assert.match(
    await message.textContent(),
    /^The board in the link cannot be played \('!' is not a letter[^)]*\)\. Playing a board rolled on the 4\u00a0×\u00a04 classic dice instead\.$/,
  );
  const [box, board] = await Promise.all([message.boundingBox(), page.getByTestId('play-board').boundingBox()]);
  assert.ok(box.y + box.height <= board.y && box.y + box.height <= 844, `the message at ${box.y}, the board at ${board.y}`);
  assert.match(query(page).get('seed'), /^\d+$/);
  assert.equal(query(page).get('board'), null);
  assert.equal(await page.getByTestId('play-cover').isVisible(), true);
  // A round asked for on the page leaves the link behind, and its message with it.
  await page.getByTestId('play-new').click();
  await page.waitForFunction(() => document.querySelector('[data-testid=play-input]')?.disabled === false);
  assert.equal((await boardOf(page)).length, 16);
  assert.equal(await message.count(), 0);
  assert.deepEqual(page.errors, []);
});

test('the menu’s Play returns to the round in progress with its words; Back to the round resumes it too', async () => {
  const page = await play('?mode=play&seed=2025');
  const [w] = await engineWords(page, await boardOf(page));
  assert.equal((await give(page, w.word)).verdict, 'accepted');
  await page.locator('nav a[data-mode=bounds]').click();
  await page.getByTestId('bound-sum-union').waitFor();
  await page.locator('nav a[data-mode=play]').click();
  await ready(page, { start: false });
  assert.equal(await page.getByTestId('play-cover').isHidden(), true);
  assert.equal(query(page).get('seed'), '2025');
  assert.equal(await boardOf(page), rolled(2025));
  assert.deepEqual(await found(page), [w.word]);
  assert.match(await page.getByTestId('play-feedback').textContent(), /^Round resumed: 1 word found so far, \d:\d\d left\.$/);
  // The menu's entry took the round's link in place: Back leads to the bounds view, then to the round.
  await page.goBack();
  await page.getByTestId('bound-sum-union').waitFor();
  await page.goBack();
  await ready(page, { start: false });
  assert.equal(query(page).get('seed'), '2025');
  assert.deepEqual(await found(page), [w.word]);
  // Once the round is over, the menu's Play rolls a new one, under its cover.
  await page.getByTestId('play-end').click();
  await page.getByTestId('confirm-yes').click();
  await page.getByTestId('play-review').waitFor();
  await page.locator('nav a[data-mode=play]').click();
  await ready(page, { start: false });
  assert.equal(await page.getByTestId('play-cover').isVisible(), true);
  assert.notEqual(query(page).get('seed'), '2025');
  assert.deepEqual(await found(page), []);
  assert.deepEqual(page.errors, []);
});

test('the menu’s Play rolls a new round once the kept round’s time has run out, and a link with rules is a new round', async () => {
  const page = await play('?mode=play&seed=2026&timer=1', { clock: true });
  const [w] = await engineWords(page, await boardOf(page));
  assert.equal((await give(page, w.word)).verdict, 'accepted');
  await page.locator('nav a[data-mode=solve]').click();
  await page.getByTestId('word-count').waitFor();
  await page.clock.fastForward('01:05');
  await page.locator('nav a[data-mode=play]').click();
  await ready(page, { start: false });
  assert.equal(await page.getByTestId('play-cover').isVisible(), true);
  assert.notEqual(query(page).get('seed'), '2026');
  // A link naming rules asks for a new round of them, not for the one kept.
  const other = await play('?mode=play&seed=2027', { start: true });
  await give(other, (await engineWords(other, await boardOf(other)))[0].word);
  await other.goto(`${env.base}?mode=play&timer=5`);
  await ready(other, { start: false });
  assert.equal(await other.getByTestId('play-cover').isVisible(), true);
  assert.notEqual(query(other).get('seed'), '2027');
  assert.equal(query(other).get('timer'), '5');
  assert.deepEqual(page.errors, []);
  assert.deepEqual(other.errors, []);
});

test('words the engine finds count, other words are refused with the right message', async () => {
  const page = await play('?mode=play&seed=42');
  const words = await engineWords(page, await boardOf(page));
  const picks = words.slice(0, 5);
  for (const w of picks) {
    const v = await give(page, w.word.toUpperCase());
    assert.equal(v.verdict, 'accepted', `${w.word}: ${v.text}`);
    assert.match(v.text, new RegExp(`\\+${w.points} points?`));
  }
  assert.deepEqual(await found(page), picks.map((w) => w.word).sort());
  assert.equal(await score(page), picks.reduce((s, w) => s + w.points, 0));
  assert.equal((await give(page, picks[0].word)).verdict, 'repeat');
  const onBoard = new Set(words.map((w) => w.word));
  const offBoard = ['zebra', 'quiz', 'jazz', 'oxygen'].find((w) => !onBoard.has(w));
  assert.deepEqual(await give(page, offBoard), { verdict: 'not-on-board', text: `${offBoard.toUpperCase()}: not on the board, though a word in ENABLE2K` });
  assert.deepEqual(await give(page, 'qzxv'), { verdict: 'not-a-word', text: 'QZXV: not a word in ENABLE2K' });
  assert.equal((await give(page, 'at')).verdict, 'too-short');
  assert.equal((await give(page, 'a'.repeat(17))).verdict, 'too-long');
  // Refusals leave the score alone.
  assert.equal(await score(page), picks.reduce((s, w) => s + w.points, 0));
  assert.deepEqual(page.errors, []);
});

test('the review lists exactly the engine’s words minus the ones found, and links to the solver', async () => {
  const page = await play('?mode=play&seed=99&timer=off');
  const board = await boardOf(page);
  const words = await engineWords(page, board);
  const mine = words.filter((_, i) => i % 3 === 0).map((w) => w.word);
  for (const w of mine) assert.equal((await give(page, w)).verdict, 'accepted');
  await page.getByTestId('play-end').click();
  await page.getByTestId('confirm-yes').click();
  await page.getByTestId('play-review').waitFor();
  await page.waitForFunction(() => !document.querySelector('[data-testid=play-missed] [data-testid=word-list]').hasAttribute('aria-busy'));
  const expected = words.map((w) => w.word).filter((w) => !mine.includes(w)).sort();
  assert.deepEqual(await missed(page), expected);
  const total = words.reduce((s, w) => s + w.points, 0);
  const got = words.filter((w) => mine.includes(w.word)).reduce((s, w) => s + w.points, 0);
  assert.match(await page.getByTestId('play-result').textContent(), new RegExp(`^${got} of ${total.toLocaleString('en')} points$`));
  // Pointing at a missed word draws its path.
  const first = page.getByTestId('play-missed').locator('[data-word]').first();
  await first.hover();
  const path = (await first.getAttribute('data-path')).split(',').map(Number);
  const lit = await page.$$eval('[data-testid=play-board] [data-on-path="true"]', (cells) => cells.map((c) => Number(c.dataset.index)).sort((a, b) => a - b));
  assert.deepEqual(lit, [...path].sort((a, b) => a - b));
  const href = await page.getByTestId('play-explore').getAttribute('href');
  assert.equal(new URLSearchParams(href.slice(1)).get('board'), board);
});

test('an untimed round ends only when asked; a timed one ends when its time is up', async () => {
  // One word for it everywhere: the cover's rules, the clock and the Time menu.
  const untimed = await play('?mode=play&seed=5&timer=off', { clock: true, start: false });
  assert.match(await untimed.getByTestId('play-cover').textContent(), /untimed · words of 3\+ letters/);
  assert.equal(await untimed.getByTestId('play-timer').textContent(), 'untimed');
  assert.equal(await untimed.locator('#play-timer-select option:checked').textContent(), 'Untimed');
  await startRound(untimed);
  assert.equal(await untimed.getByTestId('play-timer').textContent(), 'untimed');
  await untimed.clock.fastForward('30:00');
  assert.equal(await untimed.getByTestId('play-review').isHidden(), true);
  assert.equal(await untimed.getByTestId('play-end').isVisible(), true);
  await untimed.getByTestId('play-end').click();
  await untimed.getByTestId('confirm-yes').click();
  await untimed.getByTestId('play-review').waitFor();

  const timed = await play('?mode=play&seed=5&timer=1', { clock: true });
  assert.equal(await timed.getByTestId('play-timer').textContent(), '1:00');
  const [w] = await engineWords(timed, await boardOf(timed));
  assert.equal((await give(timed, w.word)).verdict, 'accepted');
  await timed.clock.fastForward('00:30');
  await timed.waitForFunction(() => Number(document.querySelector('[data-testid=play-timer]').dataset.remaining) <= 30);
  assert.equal(await timed.getByTestId('play-review').isHidden(), true);
  await timed.clock.fastForward('00:31');
  await timed.getByTestId('play-review').waitFor();
  assert.equal(await timed.getByTestId('play-timer').textContent(), '0:00');
  assert.match(await timed.getByTestId('play-result').textContent(), new RegExp(`^${w.points} of `));
  assert.equal(await timed.getByTestId('play-input').isHidden(), true);
});

test('while the first board is on its way nothing can be played, and End round then ends that round', async () => {
  const page = await env.page({ viewport: { width: 390, height: 844 } });
  // The engine's module is held back, so the view is up long before the board can be rolled.
  const engine = await holdDownload(page.context(), '**/*.wasm');
  await page.goto(`${env.base}?mode=play&seed=64&timer=off`);
  await engine.asked;
  await page.getByTestId('play-round').filter({ hasText: 'Rolling the board…' }).waitFor();
  assert.equal(await page.getByTestId('play-input').isDisabled(), true);
  assert.equal(await page.getByTestId('play-end').isHidden(), true);
  assert.equal(await page.getByTestId('play-start').isHidden(), true);
  engine.release();
  await ready(page, { start: false });
  assert.match(await page.getByTestId('play-round').textContent(), /seed 64/);
  assert.equal(await page.getByTestId('play-input').isDisabled(), true);
  await startRound(page);
  await page.getByTestId('play-end').click();
  await page.getByTestId('confirm-yes').click();
  await page.getByTestId('play-review').waitFor();
  assert.match(await page.getByTestId('play-result').textContent(), /^0 of /);
  assert.deepEqual(page.errors, []);
});

test('an engine that cannot start: the view says the board could not be rolled, not that it is rolling', async () => {
  const page = await env.page();
  await page.route('**/pkg/app/worker.js', (route) => route.fulfill({ status: 404, body: 'gone' }));
  await page.goto(`${env.base}?mode=play&seed=64`);
  await page.locator('#play-error').filter({ hasText: /Could not roll a board/ }).waitFor();
  assert.equal(await page.getByTestId('play-round').textContent(), '');
  assert.equal(await page.getByTestId('play-input').isDisabled(), true);
  assert.equal(await page.getByTestId('play-end').isHidden(), true);
  assert.equal(await page.getByTestId('play-start').isHidden(), true);
});

test('the round’s link gives a friend the same board and rules, and the result has no spoilers', async () => {
  const page = await play('?mode=play&dice=5x5&timer=2&min=4&wordlist=yawl', { permissions: ['clipboard-read', 'clipboard-write'] });
  const q = query(page);
  assert.ok(q.get('seed'));
  assert.deepEqual([q.get('dice'), q.get('timer'), q.get('min'), q.get('wordlist')], ['5x5', '2', '4', 'yawl']);
  const board = await boardOf(page);
  assert.equal(board.length, 25);
  await page.getByTestId('play-end').click();
  await page.getByTestId('confirm-yes').click();
  await page.getByTestId('play-review').waitFor();
  await page.getByTestId('play-copy-result').click();
  const result = await page.evaluate(() => navigator.clipboard.readText());
  assert.match(result, /^Boggle, 5\u00a0×\u00a05 Big Boggle, 2 minutes: I scored 0 of \d[\d,]* points and found 0 of [\d,]+ words\. Play the same board: http/);
  const link = result.slice(result.indexOf('http'));
  for (const part of board.match(/.{5}/g)) assert.ok(!result.toLowerCase().includes(part), 'no row of the board is given away');
  // The friend's round waits under its cover, the board unseen, until Start.
  const friend = await env.page({ viewport: { width: 1280, height: 900 } });
  await friend.goto(link);
  await ready(friend, { start: false });
  assert.deepEqual(await coveredCells(friend), [...board].map(() => ['', '']));
  assert.equal(await friend.getByTestId('play-timer').textContent(), '2:00');
  await startRound(friend);
  assert.equal(await boardOf(friend), board);
  assert.match(await friend.getByTestId('play-round').textContent(), /words of 4\+ letters · YAWL/);
  assert.equal((await give(friend, 'cat')).verdict, 'too-short');
});

test('a game played on the table: its board and words give the same review', async () => {
  const page = await play('?mode=play&seed=1');
  await page.getByText('Played on a real table?').click();
  await page.getByTestId('table-board').fill('pers latg sine ters');
  await page.getByTestId('table-words').fill('replasters, PLASTER\nzebra qzxv at plaster');
  await page.getByTestId('table-review').click();
  await page.getByTestId('play-review').waitFor();
  await missedDrawn(page);
  assert.deepEqual(await found(page), ['plaster', 'replasters']);
  assert.equal((await missed(page)).length, 1045 - 2);
  assert.match(await page.getByTestId('play-result').textContent(), /^16 of 3625 points$/);
  // 16 of 3625 is 0.4%: a score that is not nothing never reads as 0%.
  assert.match(await page.locator('.play-detail').textContent(), /^That is less than 1% of the board's points\./);
  const refused = await page.$$eval('[data-testid=play-refused] li', (li) => li.map((l) => [l.dataset.word, l.dataset.verdict]));
  assert.deepEqual(refused, [['zebra', 'not-on-board'], ['qzxv', 'not-a-word'], ['at', 'too-short']]);
  assert.match(await page.getByTestId('play-review').textContent(), /Given twice: plaster/);
  assert.equal(query(page).get('table'), '1');
  assert.equal(query(page).get('board'), 'perslatgsineters');
  // The page did not time this game: no clock beside the score.
  assert.equal(await page.getByTestId('play-timer').isHidden(), true);
  // The link names the board only; a reload in this tab reviews the same words again.
  await page.reload();
  await page.getByTestId('play-review').waitFor();
  await missedDrawn(page);
  assert.deepEqual(await found(page), ['plaster', 'replasters']);
  assert.match(await page.getByTestId('play-result').textContent(), /^16 of 3625 points$/);
  assert.equal(await page.getByTestId('table-words').inputValue(), 'replasters PLASTER zebra qzxv at plaster');
  // What the tab kept is untrusted: unreadable, it is dropped with a word, and the form waits.
  await page.evaluate(() => sessionStorage.setItem('boggle-explorer:play:table', JSON.stringify({ v: 1, board: 'perslatgsineters', words: [{}], past: null })));
  await page.reload();
  await page.waitForFunction(() => /could not be read and were dropped/.test(document.querySelector('#table-words-error')?.textContent ?? ''));
  assert.equal(await page.getByTestId('play-board').isVisible(), true);
  assert.equal(await page.getByTestId('play-review').isVisible(), false);
  assert.equal(await page.evaluate(() => sessionStorage.getItem('boggle-explorer:play:table')), null);
  // A board worth one point says so in the singular.
  await page.getByTestId('table-board').fill('zarh');
  await page.getByTestId('table-words').fill('rah');
  await page.getByTestId('table-review').click();
  await page.waitForFunction(() => document.querySelector('[data-testid=play-result]')?.textContent === '1 of 1 point');
  assert.match(await page.locator('.play-detail').textContent(), /^That is 100% of the board's points\./);
});

test('a link to a table game: a bad board stays in its form, not in the address, and the board panel waits for one', async () => {
  const page = await env.page({ viewport: { width: 1280, height: 900 } });
  await page.goto(`${env.base}?mode=play&table=1&board=zzz&seed=3`);
  await page.waitForFunction(() => /cannot be read/.test(document.querySelector('#table-board-error')?.textContent ?? ''));
  assert.equal(page.url().split('?')[1], 'mode=play&table=1', 'the rejected board and the unused seed leave the address');
  assert.equal(await page.getByTestId('table-board').inputValue(), 'zzz');
  assert.equal(await page.locator('#play-board-input').inputValue(), '', 'the board is the table form\'s, not a round\'s');
  assert.equal(await page.getByTestId('play-table-note').isVisible(), true);
  assert.equal(await page.getByTestId('play-input').isVisible(), false);
  // Mended, the board takes the note's place.
  await page.getByTestId('table-board').fill('pers latg sine ters');
  await page.getByTestId('table-words').fill('plaster');
  await page.getByTestId('table-review').click();
  await page.getByTestId('play-review').waitFor();
  assert.equal(await page.getByTestId('play-table-note').isVisible(), false);
  assert.equal(await page.getByTestId('play-board').isVisible(), true);
  assert.equal(query(page).get('board'), 'perslatgsineters');
});

test('finished rounds are kept in this browser; a corrupted history is dropped with a message', async () => {
  const page = await play('?mode=play&seed=11');
  await page.getByTestId('play-end').click();
  await page.getByTestId('confirm-yes').click();
  await page.getByTestId('play-review').waitFor();
  await page.getByTestId('play-history-round').first().waitFor();
  const href = await page.getByTestId('play-history-round').first().locator('a').getAttribute('href');
  assert.equal(new URLSearchParams(href.slice(1)).get('seed'), '11');
  await page.evaluate(() => localStorage.setItem('boggle-explorer:play:history', '{"v":1,"rounds":[{"score":"<img src=x onerror=alert(1)>"},{"at":1,"score":1,"total":2,"found":1,"words":3,"board":"abcd","query":"mode=play&seed=3"}]}'));
  await play('?mode=play&seed=12', { page });
  assert.match(await page.getByTestId('play-history-note').textContent(), /1 saved round could not be read and was dropped/);
  assert.equal(await page.getByTestId('play-history-round').count(), 1);
  // Each round names its size: from its link's dims, else from the board's length.
  const rounds = [
    ['mode=play&board=abcdefghijkl&dims=43', 'abcdefghijkl'],
    ['mode=play&board=abcdefghijkl', 'abcdefghijkl'],
    ['mode=play&seed=5&dice=5x5', 'a'.repeat(25)],
  ].map(([query, board], i) => ({ at: 10 - i, score: 1, total: 2, found: 1, words: 3, board, query }));
  await page.evaluate((rounds) => localStorage.setItem('boggle-explorer:play:history', JSON.stringify({ v: 1, rounds })), rounds);
  await play('?mode=play&seed=12', { page });
  const sizes = await page.getByTestId('play-history-round').evaluateAll((li) => li.map((l) => l.textContent.split(' · ')[2]));
  assert.deepEqual(sizes, ['4\u00a0×\u00a03', '3\u00a0×\u00a04', '5\u00a0×\u00a05']);
  // Clear asks first (Cancel keeps them); once cleared, the note it leaves holds the focus.
  const clear = page.getByRole('button', { name: 'Clear', exact: true });
  await clear.click();
  await page.getByTestId('confirm-no').click();
  assert.equal(await page.getByTestId('play-history-round').count(), 3);
  await clear.click();
  assert.match(await page.locator('dialog.confirm-dialog').textContent(), /3 rounds kept in this browser/);
  await page.getByTestId('confirm-yes').click();
  await page.getByTestId('play-history-round').first().waitFor({ state: 'detached' });
  assert.equal(await clear.isHidden(), true);
  assert.equal(await page.getByTestId('play-history-note').textContent(), 'Your rounds were cleared.');
  assert.equal(await page.evaluate(() => document.activeElement?.dataset.testid), 'play-history-note');
  await page.evaluate(() => localStorage.setItem('boggle-explorer:play:history', 'not json'));
  await play('?mode=play&seed=12', { page });
  assert.match(await page.getByTestId('play-history-note').textContent(), /could not be read and were cleared/);
  assert.equal(await page.getByTestId('play-history-round').count(), 0);
  assert.equal(await page.locator('img[src=x]').count(), 0);
});

test('a past round is reviewed again from Your last rounds: its words, its rules and its board, the round in play asked about first', async () => {
  const page = await play('?mode=play&board=perslatgsineters&timer=off&min=4');
  assert.equal((await give(page, 'plaster')).verdict, 'accepted');
  assert.equal((await give(page, 'rest')).verdict, 'accepted');
  await page.getByTestId('play-end').click();
  await page.getByTestId('confirm-yes').click();
  await page.getByTestId('play-review').waitFor();
  const result = await page.getByTestId('play-result').textContent();
  // Another round in play: Review asks before it gives that round up.
  await page.getByTestId('play-review').getByRole('button', { name: 'New round' }).click();
  await page.waitForFunction(() => document.querySelector('[data-testid=play-input]')?.disabled === false);
  const review = page.getByTestId('play-history-review').first();
  assert.match(await review.getAttribute('aria-label'), /^Review the round of /);
  await review.click();
  await page.getByTestId('confirm-no').click();
  assert.equal(await page.getByTestId('play-input').isDisabled(), false, 'Cancel keeps the round in play');
  await review.click();
  await page.getByTestId('confirm-yes').click();
  await page.waitForFunction(() => /^Your round of /.test(document.querySelector('[data-testid=play-review] h2')?.textContent ?? ''));
  assert.deepEqual(await found(page), ['plaster', 'rest']);
  assert.equal(await page.getByTestId('play-result').textContent(), result);
  assert.equal(await page.getByTestId('table-words').inputValue(), 'plaster rest');
  assert.equal(await boardOf(page), 'perslatgsineters');
  // Under the round's rules (its shortest word is 4: "tea" is not a word missed), which the Next
  // round card takes; the address names the board's review, as a table game's does.
  await missedDrawn(page);
  assert.equal((await missed(page)).includes('tea'), false);
  assert.equal(await page.locator('#play-min').inputValue(), '4');
  assert.equal(query(page).get('table'), '1');
  assert.equal(query(page).get('board'), 'perslatgsineters');
  assert.match(await page.getByTestId('play-round').textContent(), /^Your round of .*, reviewed again, 4\u00a0×\u00a04/);
  assert.equal(await page.evaluate(() => sessionStorage.getItem('boggle-explorer:play:round')), null, 'the round given up is not resumed');
  // A reload keeps the review on screen, words and name alike.
  await page.reload();
  await page.waitForFunction(() => /^Your round of /.test(document.querySelector('[data-testid=play-review] h2')?.textContent ?? ''));
  assert.deepEqual(await found(page), ['plaster', 'rest']);
  assert.equal(await page.getByTestId('play-result').textContent(), result);
  assert.match(await page.getByTestId('play-round').textContent(), /^Your round of .*, reviewed again, 4\u00a0×\u00a04/);

  // A board two sizes fit is reviewed in the size it was played; words that are not a round's
  // drop the entry; a round kept without its words has no Review.
  const rounds = [
    { at: 3, score: 1, total: 2, found: 1, words: 3, board: 'streaedlpabc', query: 'mode=play&board=streaedlpabc&dims=43', kept: ['tea'] },
    { at: 2, score: 1, total: 2, found: 1, words: 3, board: 'abcd', query: 'mode=play&seed=3', kept: ['<img src=x onerror=alert(1)>'] },
    { at: 1, score: 1, total: 2, found: 1, words: 3, board: 'abcd', query: 'mode=play&seed=3' },
  ];
  await page.evaluate((rounds) => localStorage.setItem('boggle-explorer:play:history', JSON.stringify({ v: 1, rounds })), rounds);
  // A round waiting under its cover is not in play: Review asks nothing.
  await play('?mode=play&seed=12', { page, start: false });
  assert.match(await page.getByTestId('play-history-note').textContent(), /1 saved round could not be read and was dropped/);
  assert.equal(await page.getByTestId('play-history-round').count(), 2);
  assert.equal(await page.getByTestId('play-history-review').count(), 1);
  await page.getByTestId('play-history-review').click();
  await page.waitForFunction(() => /^Your round of /.test(document.querySelector('[data-testid=play-review] h2')?.textContent ?? ''));
  assert.equal(query(page).get('dims'), '43');
  assert.match(await page.getByTestId('play-round').textContent(), /4\u00a0×\u00a03/);
});

test('a reload mid-round resumes it; a round whose time ran out meanwhile goes to its review', async () => {
  const url = '?mode=play&seed=77&timer=1';
  const page = await play(url, { clock: true });
  const picks = (await engineWords(page, await boardOf(page))).slice(0, 3);
  for (const w of picks) assert.equal((await give(page, w.word)).verdict, 'accepted');
  await page.clock.fastForward('00:20');
  await page.waitForFunction(() => Number(document.querySelector('[data-testid=play-timer]').dataset.remaining) <= 40);
  await play(url, { page });
  assert.deepEqual(await found(page), picks.map((w) => w.word).sort());
  assert.equal(await score(page), picks.reduce((s, w) => s + w.points, 0));
  const left = Number(await page.getByTestId('play-timer').getAttribute('data-remaining'));
  assert.ok(left <= 40 && left > 20, `${left} s left after the reload`);
  assert.match(await page.getByTestId('play-feedback').textContent(), /^Round resumed: 3 words found so far, 0:\d\d left\.$/);
  assert.equal((await give(page, picks[0].word)).verdict, 'repeat');
  // Away from the page while its time runs out: back on it, the round is reviewed.
  await page.goto('about:blank');
  await page.clock.setSystemTime((await page.evaluate(() => Date.now())) + 60_000);
  await page.goto(`${env.base}${url}`);
  await page.getByTestId('play-review').waitFor();
  assert.match(await page.getByTestId('play-result').textContent(), new RegExp(`^${picks.reduce((s, w) => s + w.points, 0)} of `));
  assert.equal(await page.getByTestId('play-history-round').count(), 1);
  // Reviewed, the round is no longer kept: its link starts it afresh.
  await play(url, { page });
  assert.ok(Number(await page.getByTestId('play-timer').getAttribute('data-remaining')) > 50, 'a fresh clock');
  assert.deepEqual(await found(page), []);
  assert.deepEqual(page.errors, []);
});

test('a damaged or edited round in progress is discarded with a message', async () => {
  const url = '?mode=play&seed=78&timer=2';
  const page = await play(url);
  const [w] = await engineWords(page, await boardOf(page));
  assert.equal((await give(page, w.word)).verdict, 'accepted');
  const kept = JSON.parse(await page.evaluate(() => sessionStorage.getItem('boggle-explorer:play:round')));
  assert.deepEqual(kept.words, [w.word]);
  const damaged = [
    'not json <img src=x onerror=window.ran=1>',
    JSON.stringify({ ...kept, words: [w.word, 'zzzz'] }), // a word the board does not hold
    JSON.stringify({ ...kept, deadline: kept.deadline + 3_600_000 }), // a longer clock
    JSON.stringify({ ...kept, words: ['x'.repeat(10_000)] }),
    JSON.stringify({ ...kept, board: 'abcdabcdabcdabcd' }),
  ];
  for (const value of damaged) {
    await page.evaluate((v) => sessionStorage.setItem('boggle-explorer:play:round', v), value);
    await play(url, { page });
    assert.match(await page.locator('#play-error').textContent(), /could not be read and was discarded: this round starts afresh/, value.slice(0, 80));
    assert.deepEqual(await found(page), [], value.slice(0, 80));
    const left = Number(await page.getByTestId('play-timer').getAttribute('data-remaining'));
    assert.ok(left > 100 && left <= 120, `a fresh clock, ${left} s left`);
  }
  // Another round's: this one starts afresh, without a message.
  await page.evaluate((v) => sessionStorage.setItem('boggle-explorer:play:round', v), JSON.stringify({ ...kept, query: 'mode=play&seed=1' }));
  await play(url, { page });
  assert.equal(await page.locator('#play-error').isHidden(), true);
  assert.equal(await page.evaluate(() => window.ran), undefined);
  assert.deepEqual(page.errors, []);
});

test('Play this board: the solver opens a round on its board, size, list and rules', async () => {
  const page = await env.page({ viewport: { width: 1280, height: 900 } });
  await page.goto(`${env.base}?board=abcdefghijkl&dims=43&wordlist=yawl&multiboggle=1`);
  const link = page.getByTestId('play-this-board');
  await page.waitForFunction(() => /board=abcdefghijkl/.test(document.querySelector('[data-testid=play-this-board]')?.getAttribute('href') ?? ''));
  await link.click();
  await ready(page);
  assert.equal(await boardOf(page), 'abcdefghijkl');
  assert.equal(await page.getByTestId('play-board').getAttribute('aria-label'), 'Board, 4 rows by 3 columns');
  assert.match(await page.getByTestId('play-round').textContent(), /3 minutes · words of 3\+ letters · YAWL · multiboggle/);
  const q = query(page);
  assert.deepEqual([q.get('mode'), q.get('board'), q.get('dims'), q.get('wordlist'), q.get('multiboggle')], ['play', 'abcdefghijkl', '43', 'yawl', '1']);
  // The same board at the size its length gives needs no dims.
  await page.goto(`${env.base}?board=streaedlp`);
  await page.waitForFunction(() => /board=streaedlp/.test(document.querySelector('[data-testid=play-this-board]')?.getAttribute('href') ?? ''));
  assert.equal(await link.getAttribute('href'), '?mode=play&board=streaedlp');
  assert.deepEqual(page.errors, []);
});

test('hostile parameters and words get a short message and never run', async () => {
  const rtl = '\u202e4x4';
  const q = new URLSearchParams({ mode: 'play', seed: '<script>window.ran=1</script>', dice: 'x'.repeat(10_000), timer: rtl, min: '<b>9</b>', wordlist: '"><img src=x onerror=window.ran=1>', multiboggle: 'maybe' });
  const page = await play(`?${q}`);
  const errors = await page.getByTestId('error').allTextContents();
  assert.ok(errors.some((e) => /is not a seed/.test(e)), errors.join('\n'));
  assert.ok(errors.some((e) => /is not a dice set/.test(e) && e.length < 200));
  assert.ok(errors.some((e) => e.includes('\\u{202e}')), 'the RTL override is shown escaped');
  assert.ok(errors.every((e) => e.length < 300));
  assert.equal(await page.evaluate(() => window.ran), undefined);
  assert.equal(await page.locator('img[src=x], [data-testid=play-board] script').count(), 0);
  assert.equal((await boardOf(page)).length, 16, 'a round is still played, on the defaults');
  for (const word of ['<img src=x onerror=window.ran=1>', 'x'.repeat(10_000), 'ab\u202ecd']) {
    const v = await give(page, word);
    assert.ok(['not-letters', 'too-long'].includes(v.verdict), v.verdict);
    assert.ok(v.text.length < 120, v.text);
  }
  assert.equal(await page.evaluate(() => window.ran), undefined);
  const typed = await play(`?mode=play&board=${encodeURIComponent('<b>' + 'a'.repeat(300))}`);
  assert.match((await typed.getByTestId('error').allTextContents()).join(' '), /at most 36 letters/);
  const bad = await play('?mode=play&board=abcde');
  assert.match((await bad.getByTestId('error').allTextContents()).join(' '), /cannot be played \(5 letters/);
  // A board's size and the table flag: named, cut short, and the round still played.
  for (const [name, value, re] of [['dims', `<img src=x onerror=window.ran=1>${'9'.repeat(10_000)}`, /is not a board size/], ['table', '\u202e1', /is not 1 or 0/]]) {
    const odd = await play(`?${new URLSearchParams({ mode: 'play', board: 'abcdefghijklmnop', [name]: value })}`);
    const said = (await odd.getByTestId('error').allTextContents()).join(' ');
    assert.match(said, re, name);
    assert.ok(said.length < 300, `${name}: ${said.length} characters`);
    assert.equal(await boardOf(odd), 'abcdefghijklmnop', name);
    assert.equal(await odd.evaluate(() => window.ran), undefined);
    assert.deepEqual(odd.errors, []);
  }
  assert.deepEqual(page.errors, []);
});

test('a word traced on the board by dragging counts like a typed one', async () => {
  const page = await play('?mode=play&board=teatxxxxxxxxxxxx&timer=off');
  const centre = async (i) => {
    const b = await page.getByTestId('play-board').locator(`[data-index="${i}"]`).boundingBox();
    return [b.x + b.width / 2, b.y + b.height / 2];
  };
  // T E A T / x ...: drag T(0) -> E(1) -> A(2).
  await page.mouse.move(...(await centre(0)));
  await page.mouse.down();
  await page.mouse.move(...(await centre(1)), { steps: 4 });
  await page.mouse.move(...(await centre(2)), { steps: 4 });
  await page.mouse.up();
  await page.waitForFunction(() => document.querySelector('[data-testid=play-feedback]').dataset.verdict === 'accepted');
  assert.deepEqual(await found(page), ['tea']);
  // Tapping E, A, T (cell 3), then T again, adds "eat".
  for (const i of [1, 2, 3, 3]) await page.getByTestId('play-board').locator(`[data-index="${i}"]`).click();
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=play-found] [data-word]').length === 2);
  assert.deepEqual(await found(page), ['eat', 'tea']);
});

test('the play widget: Start, play, review, and a link to the same round', async () => {
  const page = await env.page({ viewport: { width: 700, height: 900 } });
  await page.goto(`${env.base}?embed=1&mode=play&seed=31&timer=off&min=4`);
  await page.getByTestId('play-start').waitFor();
  assert.deepEqual(await coveredCells(page), [...rolled(31)].map(() => ['', '']));
  await page.getByTestId('play-start').click();
  await page.waitForFunction(() => document.querySelector('[data-testid=play-input]')?.disabled === false);
  const board = await boardOf(page);
  const words = (await engineWords(page, board)).filter((w) => w.word.length >= 4);
  assert.equal((await give(page, words[0].word)).verdict, 'accepted');
  await page.getByTestId('play-end').click();
  await page.getByTestId('confirm-yes').click();
  await page.getByTestId('play-review').waitFor();
  await missedDrawn(page);
  assert.deepEqual(await missed(page), words.slice(1).map((w) => w.word).sort());
  const link = new URLSearchParams((await page.locator('.embed-open').getAttribute('href')).split('?')[1]);
  assert.deepEqual([link.get('mode'), link.get('seed'), link.get('timer'), link.get('min')], ['play', '31', 'off', '4']);
});

/** The data-testid of the focused element, or its id, or its tag. */
const focusedId = (page) => page.evaluate(() => document.activeElement?.dataset.testid || document.activeElement?.id || document.activeElement?.localName);

/**
 * What the page's engine answers when asked for `list` now ('loaded', or why it cannot): once
 * it has, the cover's own check of the list, asked earlier, has had its answer (the engine
 * answers in order), so what the cover says can be read at once.
 */
const listAnswer = (page, list) =>
  page.evaluate((l) => window.explorer.engine.call('judge', { list: l, board: 'a'.repeat(16), size: '4x4', word: '' }).then(() => 'loaded', (e) => e.message), list);

/** Waits for the next verdict in the line beside the word box (after `act`); returns it. */
async function verdictAfter(page, act) {
  await page.getByTestId('play-feedback').evaluate((f) => delete f.dataset.verdict);
  await act();
  await page.waitForFunction(() => document.querySelector('[data-testid=play-feedback]').dataset.verdict);
  return page.getByTestId('play-feedback').getAttribute('data-verdict');
}

test('on a phone, Add leaves the cursor in the word box (a button taking the focus would put the keyboard away); Add from the keyboard returns it there', async () => {
  const page = await play('?mode=play&board=teatxxxxxxxxxxxx&timer=off', { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const input = page.getByTestId('play-input');
  await input.evaluate((i) => {
    window.blurs = 0;
    i.addEventListener('blur', () => window.blurs++);
  });
  await input.fill('tea');
  assert.equal(await verdictAfter(page, () => page.getByTestId('play-add').tap()), 'accepted');
  assert.equal(await focusedId(page), 'play-input');
  // A mouse's click on Add too.
  await input.fill('eat');
  assert.equal(await verdictAfter(page, () => page.getByTestId('play-add').click()), 'accepted');
  assert.equal(await focusedId(page), 'play-input');
  assert.equal(await page.evaluate(() => window.blurs), 0, 'the word box never lost the focus');
  assert.deepEqual(await found(page), ['eat', 'tea']);
  // From the keyboard, Tab reaches Add, and Space adds the word: the next word goes in the box.
  await input.fill('zzz');
  await page.keyboard.press('Tab');
  assert.equal(await focusedId(page), 'play-add');
  assert.equal(await verdictAfter(page, () => page.keyboard.press('Space')), 'not-a-word');
  assert.equal(await focusedId(page), 'play-input');
  assert.deepEqual(page.errors, []);
});

for (const [width, height, who] of [[390, 500, 'on a phone with its keyboard up'], [640, 400, 'at 200% zoom']]) {
  test(`${who} (${width} × ${height}), Start keeps the clock, the board and the word box in view, the cursor in the box`, async () => {
    const page = await play('?mode=play&seed=2025&timer=3', { viewport: { width, height }, hasTouch: true, isMobile: width < 500, start: false });
    await page.getByTestId('play-start').tap();
    await page.waitForFunction(() => document.activeElement?.dataset.testid === 'play-input');
    const [clock, board, input] = await Promise.all(['play-timer', 'play-board', 'play-input'].map((id) => page.getByTestId(id).boundingBox()));
    assert.ok(clock.y >= 0, `the clock's top at ${clock.y}`);
    assert.ok(board.y >= 0, `the board's top at ${board.y}`);
    // Within a pixel: scrolled to the bottom edge, the box may end a fraction past it.
    assert.ok(input.y + input.height <= height + 1, `the word box ends at ${input.y + input.height}`);
    assert.deepEqual(page.errors, []);
  });
}

test('a round whose time runs out while End round or New round asks withdraws the question: the review has the focus, no dialog left over it', async () => {
  const page = await play('?mode=play&seed=3&timer=1', { clock: true });
  await page.getByTestId('play-end').click();
  await page.getByTestId('confirm-no').waitFor();
  assert.equal(await focusedId(page), 'confirm-no');
  await page.clock.fastForward('01:01');
  await page.getByTestId('play-review').waitFor();
  await page.getByTestId('play-history-round').first().waitFor();
  assert.equal(await page.locator('dialog').count(), 0);
  assert.equal(await focusedId(page), 'play-review-heading');

  // The New round card's question: withdrawn too, answered no (the round on screen stays).
  const other = await play('?mode=play&seed=4&timer=1', { clock: true });
  const [w] = await engineWords(other, await boardOf(other));
  assert.equal((await give(other, w.word)).verdict, 'accepted');
  await other.getByTestId('play-new').click();
  await other.getByTestId('confirm-no').waitFor();
  await other.clock.fastForward('01:01');
  await other.getByTestId('play-review').waitFor();
  await other.getByTestId('play-history-round').first().waitFor();
  assert.equal(await other.locator('dialog').count(), 0);
  assert.equal(await focusedId(other), 'play-review-heading');
  assert.equal(query(other).get('seed'), '4');
  assert.match(await other.getByTestId('play-result').textContent(), new RegExp(`^${w.points} of `));
  assert.deepEqual(page.errors, []);
  assert.deepEqual(other.errors, []);
});

test('offline, a round whose word list is not downloaded says so on its cover: no Start, a still clock; Try again, or play it with a list this browser has', { timeout: 120_000 }, async () => {
  // A first visit, which leaves ENABLE2K with the service worker.
  const page = await env.page({ viewport: { width: 1280, height: 900 }, serviceWorkers: 'allow' });
  await page.clock.install();
  await page.goto(`${env.base}?mode=play&seed=2025&timer=3`);
  await ready(page, { start: false });
  await serviceWorkerWarm(page, `${env.base}pkg/enable2k.dawg`);
  await setOffline(page.context(), true);
  const url = `${env.base}?mode=play&seed=2025&timer=3&wordlist=yawl`;
  await explained(page, async () => {
    await page.goto(url);
    await ready(page, { start: false });
  });
  assert.equal(await listAnswer(page, 'yawl'), 'you are offline, and this list is not downloaded yet');
  const cover = page.getByTestId('play-cover');
  const status = page.getByTestId('play-cover-status');
  const message = 'Could not load YAWL: you are offline, and this list is not downloaded yet.';
  assert.equal(await page.getByTestId('play-cover-retry').isVisible(), true);
  assert.equal(await status.textContent(), message);
  assert.match(await cover.textContent(), /This round cannot start yet/);
  assert.equal(await page.getByTestId('play-start').isHidden(), true);
  assert.deepEqual(await coveredCells(page), [...rolled(2025)].map(() => ['', '']));
  // The clock stays at the round's length, and nothing can be typed.
  await page.clock.fastForward('05:00');
  assert.equal(await page.getByTestId('play-timer').getAttribute('data-remaining'), '180');
  assert.equal(await page.getByTestId('play-input').isHidden(), true);
  assert.equal(await keptRound(page), null);
  // Try again, still offline: the same message, the focus back on Try again.
  await page.getByTestId('play-cover-retry').click();
  await page.waitForFunction((m) => document.querySelector('[data-testid=play-cover-status]')?.textContent === m && !document.querySelector('[data-testid=play-cover-retry]').hidden, message);
  assert.equal(await focusedId(page), 'play-cover-retry');
  // The list this browser has: the same board, in play at once, the cursor in the word box.
  const other = page.getByTestId('play-cover-other');
  await other.waitFor();
  assert.equal(await other.textContent(), 'Play with ENABLE2K instead');
  await other.click();
  await page.waitForFunction(() => document.activeElement?.dataset.testid === 'play-input');
  assert.equal(await cover.isHidden(), true);
  assert.equal(query(page).get('wordlist'), null);
  assert.equal(query(page).get('seed'), '2025');
  assert.equal(await boardOf(page), rolled(2025));
  assert.match(await page.getByTestId('play-round').textContent(), /ENABLE2K/);
  const [w] = await engineWords(page, await boardOf(page));
  assert.equal((await give(page, w.word)).verdict, 'accepted');
  // New round with YAWL, still offline: covered with the message rather than a clock running.
  await page.getByTestId('play-end').click();
  await page.getByTestId('confirm-yes').click();
  await page.getByTestId('play-review').waitFor();
  await page.locator('#play-list').selectOption('yawl');
  await page.getByTestId('play-new').click();
  await page.waitForFunction(() => new URLSearchParams(location.search).get('wordlist') === 'yawl');
  await page.waitForFunction(() => document.querySelector('[data-testid=play-cover]')?.hidden === false || document.querySelector('[data-testid=play-input]')?.disabled === false);
  assert.equal(await page.getByTestId('play-input').isDisabled(), true, 'the round started');
  assert.equal(await status.textContent(), message);
  assert.equal(await focusedId(page), 'play-cover-retry');
  assert.equal(query(page).get('wordlist'), 'yawl');
  await page.clock.fastForward('05:00');
  assert.equal(await page.getByTestId('play-timer').getAttribute('data-remaining'), '180');
  assert.equal(await page.getByTestId('play-review').isHidden(), true);
  assert.deepEqual(page.errors.filter((e) => !/ERR_INTERNET_DISCONNECTED|ERR_FAILED|Failed to load resource/.test(e)), []);
});

test('a reload mid-round puts the cursor back in the word box, the clock still in view; Escape in the box empties it', async () => {
  const url = '?mode=play&board=teatxxxxxxxxxxxx&timer=3';
  const page = await play(url, { viewport: { width: 390, height: 500 }, hasTouch: true, isMobile: true, start: false });
  await page.getByTestId('play-start').tap();
  await page.waitForFunction(() => document.activeElement?.dataset.testid === 'play-input');
  assert.equal((await give(page, 'tea')).verdict, 'accepted');
  await page.reload();
  await page.getByTestId('play-feedback').filter({ hasText: /^Round resumed: 1 word found so far/ }).waitFor();
  assert.equal(await focusedId(page), 'play-input');
  const clock = await page.getByTestId('play-timer').boundingBox();
  assert.ok(clock.y >= 0, `the clock's top at ${clock.y}`);
  // Escape empties the box: a word typed, or one traced on the board (the path goes with it).
  const input = page.getByTestId('play-input');
  await input.fill('xyz');
  await input.press('Escape');
  assert.equal(await input.inputValue(), '');
  assert.equal(await focusedId(page), 'play-input');
  for (const i of [1, 2]) await page.getByTestId('play-board').locator(`[data-index="${i}"]`).tap();
  assert.equal(await input.inputValue(), 'ea');
  await input.focus();
  await input.press('Escape');
  assert.equal(await input.inputValue(), '');
  assert.equal(await page.locator('[data-testid=play-board] [data-on-path="true"]').count(), 0);
  // The next word goes in as usual.
  assert.equal((await give(page, 'eat')).verdict, 'accepted');
  assert.deepEqual(page.errors, []);
});

test('on a phone, the review gives your words before the words missed, and its buttons, links and words are 44 px tall to tap', async () => {
  const page = await play('?mode=play&seed=99&timer=off', { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const words = await engineWords(page, await boardOf(page));
  for (const w of words.slice(0, 3)) assert.equal((await give(page, w.word)).verdict, 'accepted');
  const heights = (selector) => page.$$eval(selector, (els) => els.filter((e) => e.getClientRects().length).map((e) => [e.textContent.trim().slice(0, 30), e.getBoundingClientRect().height]));
  const tall = async (selector, least = 1) => {
    const got = await heights(selector);
    assert.ok(got.length >= least, `${selector}: ${got.length} shown`);
    for (const [text, h] of got) assert.ok(h >= 44 - 0.5, `${selector} "${text}" is ${h} px tall`);
  };
  await tall('[data-testid=play-end]');
  await tall('[data-testid=play-found] [data-word]', 3);
  await page.getByTestId('play-end').click();
  await page.getByTestId('confirm-yes').click();
  await page.locator('[data-testid=play-missed] [data-testid=word-list]:not([aria-busy])').waitFor();
  await page.getByTestId('play-history-round').first().waitFor();
  // Your words first, then the words missed.
  const [own, missedWords] = await Promise.all([page.getByTestId('play-found').boundingBox(), page.getByTestId('play-missed').boundingBox()]);
  assert.ok(own.y + own.height <= missedWords.y, `your words at ${own.y}, the words missed at ${missedWords.y}`);
  await tall('[data-testid=play-review] .play-actions :is(button, a)', 4);
  await tall('[data-testid=play-found] [data-word]', 3);
  await tall('[data-testid=play-missed] .segmented button', 3);
  await tall('[data-testid=play-missed] [data-testid=word]', 10);
  await tall('[data-testid=play-new]');
  await tall('.play-history-card .link-button');
  await tall('[data-testid=play-history-round] a');
  await tall('.play-table-card summary');
  assert.deepEqual(page.errors, []);
});

test('Start pressed while the round’s word list is on its way waits for it: the clock starts once words can be judged', async () => {
  const page = await env.page({ viewport: { width: 1280, height: 900 } });
  const list = await holdDownload(page.context(), '**/yawl.dawg');
  await page.clock.install();
  await page.goto(`${env.base}?mode=play&seed=2025&timer=3&wordlist=yawl`);
  await ready(page, { start: false });
  await list.asked;
  const start = page.getByTestId('play-start');
  await start.click();
  await page.waitForFunction(() => document.querySelector('[data-testid=play-cover-status]')?.textContent || document.querySelector('[data-testid=play-input]')?.disabled === false);
  assert.equal(await page.getByTestId('play-cover-status').textContent(), 'Loading YAWL…');
  assert.equal(await start.getAttribute('aria-disabled'), 'true');
  await page.clock.fastForward('05:00');
  assert.equal(await page.getByTestId('play-timer').getAttribute('data-remaining'), '180');
  assert.equal(await page.getByTestId('play-input').isDisabled(), true);
  assert.equal(await keptRound(page), null);
  // The list arrives: the round starts as Start promised, the cursor in the word box.
  list.release();
  await page.waitForFunction(() => document.activeElement?.dataset.testid === 'play-input');
  assert.equal(await page.getByTestId('play-cover').isHidden(), true);
  assert.equal(await boardOf(page), rolled(2025));
  assert.deepEqual(await give(page, 'qzxv'), { verdict: 'not-a-word', text: 'QZXV: not a word in YAWL' });
  assert.deepEqual(page.errors, []);
});

test('a word list that fails to download, online: Try again once it is back starts nothing by itself, and Start then plays', async () => {
  const page = await env.page({ viewport: { width: 390, height: 844 } });
  await page.context().route('**/yawl.dawg', (route) => route.fulfill({ status: 503, body: 'busy' }));
  await page.goto(`${env.base}?mode=play&seed=2025&timer=3&wordlist=yawl`);
  await ready(page, { start: false });
  assert.equal(await listAnswer(page, 'yawl'), "could not download the word list 'yawl' (HTTP 503)");
  assert.equal(await page.getByTestId('play-cover-retry').isVisible(), true);
  assert.equal(await page.getByTestId('play-cover-status').textContent(), "Could not load YAWL: could not download the word list 'yawl' (HTTP 503).");
  // Online, the other list is offered even though it is not downloaded yet.
  await page.getByTestId('play-cover-other').filter({ hasText: 'Play with ENABLE2K instead' }).waitFor();
  await page.context().unroute('**/yawl.dawg');
  await page.getByTestId('play-cover-retry').click();
  await page.getByTestId('play-start').waitFor();
  assert.equal(await focusedId(page), 'play-start');
  await page.waitForFunction(() => document.querySelector('[data-testid=play-cover-status]').hidden);
  assert.equal(await page.getByTestId('play-cover-other').isHidden(), true);
  assert.equal(await page.getByTestId('play-input').isDisabled(), true);
  await startRound(page);
  assert.equal(await focusedId(page), 'play-input');
  assert.deepEqual(await give(page, 'qzxv'), { verdict: 'not-a-word', text: 'QZXV: not a word in YAWL' });
  assert.deepEqual(page.errors.filter((e) => !/Failed to load resource/.test(e)), []);
});

test('a link with a size and no board rolls the dice of that size, or says that a size of no dice set needs a board', async () => {
  const big = await play('?mode=play&dims=55&seed=4', { start: false });
  assert.deepEqual(await big.getByTestId('error').allTextContents(), []);
  assert.equal(await big.locator('[data-testid=play-board] [data-index]').count(), 25);
  await startRound(big);
  assert.equal(await boardOf(big), rolled(4, '5x5'));
  assert.deepEqual([query(big).get('dice'), query(big).get('dims')], ['5x5', null]);
  const small = await play('?mode=play&dims=33&seed=4', { start: false });
  assert.match(
    (await small.getByTestId('error').allTextContents()).join(' '),
    /A size of 3\s×\s3 needs a board: rounds roll Boggle dice \(4\s×\s4, 5\s×\s5 or 6\s×\s6\), so this one rolls the 4\s×\s4 classic dice\. Give a board of 9 letters to play on 3\s×\s3\./,
  );
  assert.equal(await small.locator('[data-testid=play-board] [data-index]').count(), 16);
  assert.equal(query(small).get('dims'), null);
  assert.deepEqual([...big.errors, ...small.errors], []);
});

test('a seed that is not a whole number says each reader gets a different board, and what to write instead', async () => {
  const page = await play('?mode=play&seed=class-3b', { start: false });
  assert.match((await page.getByTestId('error').allTextContents()).join(' '), /seed=“class-3b” is not a seed, so each reader gets a different board: write a whole number/);
  assert.deepEqual(page.errors, []);
});

test('a link’s values are read in any case, and written back in lower case', async () => {
  const page = await play('?mode=play&seed=5&timer=OFF&dice=5X5&wordlist=Yawl&min=4&multiboggle=TRUE', { start: false });
  assert.deepEqual(await page.getByTestId('error').allTextContents(), []);
  assert.match(await page.getByTestId('play-round').textContent(), /untimed · words of 4\+ letters · YAWL · multiboggle/);
  const q = query(page);
  assert.deepEqual([q.get('timer'), q.get('dice'), q.get('wordlist'), q.get('multiboggle')], ['off', '5x5', 'yawl', '1']);
  assert.deepEqual(page.errors, []);
});
