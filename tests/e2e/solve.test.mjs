// The solver page in headless Chromium: known scores, path highlighting, the URL round trip,
// history, bad input, word lists, a responsive main thread and recovery from an engine crash.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { BOGGLE, browserEnv, holdDownload } from './helpers.mjs';

const env = browserEnv();

/** Opens the page at `query` and waits until a score is on screen and its words are drawn. */
async function load(query = '', options = {}) {
  const page = await env.page(options);
  await page.goto(`${env.base}${query}`);
  await scoreIs(page, /^\d+$/);
  await wordsDrawn(page);
  return page;
}

/** Waits until the word list has drawn the words it was given (the first set waits a frame). */
const wordsDrawn = (page) =>
  page.waitForFunction(() => {
    const list = document.querySelector('[data-testid=word-list]');
    return list && !list.hasAttribute('aria-busy') && /^[\d,]+$/.test(document.querySelector('[data-testid=word-count]').textContent);
  });

/** Waits until the score's text matches `re` (a RegExp) or equals `value`. */
async function scoreIs(page, value) {
  const re = value instanceof RegExp ? value.source : `^${value}$`;
  await page.waitForFunction(
    (src) => new RegExp(src).test(document.querySelector('[data-testid=score]')?.textContent ?? ''),
    re,
  );
}

const text = async (page, id) => (await page.getByTestId(id).first().textContent()).trim();
/** The totals under the board as read: each figure and its unit, then the scoring if named. */
const totals = async (page) => (await page.locator('.totals').innerText()).replace(/\s+/g, ' ').trim();
const query = (page) => new URL(page.url()).searchParams;
const onPath = (page) =>
  page.$$eval('[data-testid=cell][data-on-path="true"]', (cells) => cells.map((c) => Number(c.dataset.index)));
/** Cells on the path in drawing order (each carries its position in the word). */
const pathInOrder = (page) =>
  page.$$eval('[data-testid=cell][data-on-path="true"]', (cells) =>
    cells
      .map((c) => [Number(c.querySelector('.order').textContent), Number(c.dataset.index)])
      .sort((a, b) => a[0] - b[0])
      .map(([, i]) => i),
  );

test('the default board scores 3625 with 1,045 words, and every word is listed with its points and path', async () => {
  const page = await load('?board=perslatgsineters');
  assert.equal(await text(page, 'score'), '3625');
  // A count of words is written with its separator, as everywhere on the page; points are not.
  assert.equal(await text(page, 'word-count'), '1,045');
  assert.equal(await totals(page), '3625 points 1,045 words');
  const words = await page.$$eval('[data-testid=word]', (ws) =>
    ws.map((w) => ({ word: w.dataset.word, points: Number(w.dataset.points), path: w.dataset.path })),
  );
  assert.equal(words.length, 1045);
  assert.equal(
    words.reduce((s, w) => s + w.points, 0),
    3625,
  );
  const board = 'perslatgsineters';
  for (const w of words) {
    const path = w.path.split(',').map(Number);
    assert.equal(path.map((i) => (board[i] === 'q' ? 'qu' : board[i])).join(''), w.word);
  }
  assert.equal(await page.getByTestId('cell').count(), 16);
  // Listed by points in the CLI's order, the eleven-pointers A–Z whatever their length.
  const cli = execFileSync(BOGGLE, ['words', board], { encoding: 'utf8' }).trim().split('\n').slice(1);
  assert.deepEqual(words.map((w) => `${w.points}\t${w.word}`), cli.map((line) => line.split('\t').slice(0, 2).join('\t')));
  assert.deepEqual(page.errors, []);
});

test('the first board paints its score before its word list arrives', async () => {
  const page = await env.page();
  // Hold back the engine's full answers (those with words) until the test lets them through.
  await page.addInitScript(() => {
    const held = (window.heldAnswers = []);
    const d = Object.getOwnPropertyDescriptor(Worker.prototype, 'onmessage');
    Object.defineProperty(Worker.prototype, 'onmessage', {
      ...d,
      set(fn) {
        const hold = (e) => (Array.isArray(e.data?.value?.words) ? held.push(() => fn.call(this, e)) : fn.call(this, e));
        d.set.call(this, fn && hold);
      },
    });
    window.releaseAnswers = () => held.splice(0).forEach((deliver) => deliver());
  });
  await page.goto(`${env.base}?board=perslatgsineters`);
  // Every full answer is held, so a score on screen can only have come from the first message.
  await scoreIs(page, 3625);
  // The full answer may still be on its way; once it is held, the page must not have used it.
  await page.waitForFunction(() => window.heldAnswers.length === 1);
  assert.equal(await page.locator('[data-testid=cell] .face').first().textContent(), 'P');
  assert.equal(await text(page, 'word-count'), '…');
  assert.equal(await page.getByTestId('word').count(), 0);
  // The list says it is waiting for its words, so assistive technology does not read it empty.
  assert.equal(await page.getByTestId('word-list').getAttribute('aria-busy'), 'true');
  await page.evaluate(() => window.releaseAnswers());
  await wordsDrawn(page);
  assert.equal(await page.getByTestId('word-list').getAttribute('aria-busy'), null);
  assert.equal(await text(page, 'word-count'), '1,045');
  assert.equal(await page.getByTestId('word').count(), 1045);
  assert.equal(await text(page, 'score'), '3625');
});

test('the page with no parameters shows the default board', async () => {
  const page = await load('');
  assert.equal(await text(page, 'score'), '3625');
  assert.equal(page.url(), env.base);
});

test('hovering, focusing and clicking a word lights its path in order', async () => {
  const page = await load('?board=perslatgsineters');
  const word = page.locator('[data-testid=word][data-word="replating"]');
  // A word is named by what it shows, with its unit (WCAG 2.5.3: a speech-input user says
  // what is on the button): no aria-label of other words.
  assert.equal(await page.getByRole('button', { name: 'replating 11 points', exact: true }).getAttribute('data-word'), 'replating');
  assert.equal(await word.getAttribute('aria-label'), null);
  const short = await page.locator('[data-testid=word][data-points="1"]').first().getAttribute('data-word');
  assert.equal(await page.getByRole('button', { name: `${short} 1 point`, exact: true }).count(), 1);
  await word.hover();
  const path = (await word.getAttribute('data-path')).split(',').map(Number);
  assert.equal(path.length, 9);
  assert.deepEqual(await pathInOrder(page), path);
  assert.equal(await page.locator('.cell.path-start').getAttribute('data-index'), String(path[0]));
  assert.equal(await page.locator('.board-path line').count(), path.length - 1);

  // Moving away clears it; keyboard focus shows another word's path.
  await page.mouse.move(5, 5);
  assert.deepEqual(await onPath(page), []);
  const other = page.locator('[data-testid=word]').nth(20);
  await other.focus();
  const otherPath = (await other.getAttribute('data-path')).split(',').map(Number);
  assert.deepEqual(await pathInOrder(page), otherPath);

  // The list is one Tab stop; arrow keys move from word to word, each showing its path.
  assert.equal(await page.locator('[data-testid=word][tabindex="0"]').count(), 1);
  await page.keyboard.press('ArrowRight');
  const next = page.locator('[data-testid=word]').nth(21);
  assert.equal(await page.evaluate(() => document.activeElement.dataset.word), await next.getAttribute('data-word'));
  assert.deepEqual(await pathInOrder(page), (await next.getAttribute('data-path')).split(',').map(Number));

  // A click pins the path: it stays after the pointer leaves.
  await word.click();
  await page.mouse.move(5, 5);
  await page.locator('#board-input').focus();
  assert.deepEqual(await pathInOrder(page), path);
  assert.equal(await word.getAttribute('aria-pressed'), 'true');
});

test('clicking cells traces a word and says whether it is one', async () => {
  const page = await load('?board=perslatgsineters');
  const cell = (i) => page.locator(`[data-testid=cell][data-index="${i}"]`);
  // p e r s / l a t g: "pert" is p(0) e(1) r(2) t(6).
  for (const i of [0, 1, 2, 6]) await cell(i).click();
  assert.deepEqual(await pathInOrder(page), [0, 1, 2, 6]);
  assert.match(await page.locator('.current').textContent(), /PERT is a word · 1 point/);
  // g(7) is next to t(6): "pertg" is not a word.
  await cell(7).click();
  assert.match(await page.locator('.current').textContent(), /PERTG is not in ENABLE2K/);
  // Clicking the last cell again takes it back; a far cell starts over.
  await cell(7).click();
  assert.deepEqual(await pathInOrder(page), [0, 1, 2, 6]);
  await cell(15).click();
  assert.deepEqual(await pathInOrder(page), [15]);
  await page.keyboard.press('Escape');
  assert.deepEqual(await onPath(page), []);
});

test('the shortest word counted: shorter words leave the list and the score, the address and Play this board keep it', async () => {
  const board = 'ligdrmanesietildsracsepes';
  const page = await load(`?board=${board}`);
  await page.getByTestId('score').filter({ hasText: /^10406$/ }).waitFor();
  const threes = await page.locator('[data-word]').evaluateAll((ws) => ws.filter((w) => w.dataset.word.length === 3).length);
  assert.ok(threes > 0);
  await page.locator('#min-select').selectOption('4');
  await page.getByTestId('score').filter({ hasText: new RegExp(`^${10406 - threes}$`) }).waitFor();
  assert.equal(query(page).get('min'), '4');
  assert.equal(await page.locator('[data-word]').evaluateAll((ws) => ws.filter((w) => w.dataset.word.length < 4).length), 0);
  assert.equal(new URL(await page.getByTestId('play-this-board').getAttribute('href'), page.url()).searchParams.get('min'), '4');
  // Checking a shorter word says why it does not count.
  await page.locator('#check-input').fill('sir');
  await page.waitForFunction(() => /SIR: words have at least 4 letters here/.test(document.querySelector('.current').textContent));
  // A link's min is read, and one that is not a shortest word is said and left out.
  const linked = await load(`?board=${board}&min=4`);
  await linked.getByTestId('score').filter({ hasText: new RegExp(`^${10406 - threes}$`) }).waitFor();
  assert.equal(await linked.locator('#min-select').inputValue(), '4');
  const bad = await load(`?board=${board}&min=9`);
  await bad.locator('#min-error').filter({ hasText: 'min=“9” is not a shortest word: choose 3, 4 or 5 letters. Using 3.' }).waitFor();
  await bad.getByTestId('score').filter({ hasText: /^10406$/ }).waitFor();
  assert.equal(query(bad).get('min'), null);
  for (const p of [page, linked, bad]) assert.deepEqual(p.errors, []);
});

test('a link can point at a word: its path is drawn and the word checked; the word picked or checked goes into the address', async () => {
  const page = await load('?board=perslatgsineters&word=GRAILS');
  await page.locator('[data-word="grails"][aria-pressed="true"]').waitFor();
  const path = (await page.locator('[data-word="grails"]').getAttribute('data-path')).split(',').map(Number);
  assert.deepEqual(await pathInOrder(page), path);
  assert.equal(await page.locator('#check-input').inputValue(), 'GRAILS');
  assert.equal(query(page).get('word'), 'grails');
  // A word picked from the list, then one typed in the checker that the board does not spell.
  await page.locator('[data-word="replating"]').click();
  await page.waitForFunction(() => new URLSearchParams(location.search).get('word') === 'replating');
  await page.locator('#check-input').fill('zebra');
  await page.waitForFunction(() => new URLSearchParams(location.search).get('word') === 'zebra');
  await page.locator('#check-input').fill('');
  await page.waitForFunction(() => !new URLSearchParams(location.search).has('word'));
  // A link's word the board does not spell says so; one that is no word at all leaves the address.
  const zebra = await load('?board=perslatgsineters&word=zebra');
  await zebra.waitForFunction(() => /ZEBRA is not on this board, but it is in ENABLE2K/.test(document.querySelector('.current').textContent));
  assert.equal(query(zebra).get('word'), 'zebra');
  const bad = await load('?board=perslatgsineters&word=%3Cb%3E1');
  await bad.waitForFunction(() => /Only the letters a–z can be checked/.test(document.querySelector('.current').textContent));
  await bad.waitForFunction(() => !new URLSearchParams(location.search).has('word'));
  for (const p of [page, zebra, bad]) assert.deepEqual(p.errors, []);
});

test('typing a word in the checker shows where it is, or whether the list has it', async () => {
  const page = await load('?board=perslatgsineters');
  await page.locator('#check-input').fill('Replating');
  const path = (await page.locator('[data-word="replating"]').getAttribute('data-path')).split(',').map(Number);
  assert.deepEqual(await pathInOrder(page), path);
  await page.locator('#check-input').fill('zebra');
  await page.waitForFunction(() => /not on this board/.test(document.querySelector('.current').textContent));
  assert.match(await page.locator('.current').textContent(), /ZEBRA is not on this board, but it is in ENABLE2K/);
  assert.deepEqual(await onPath(page), []);
  await page.locator('#check-input').fill('zzzq');
  await page.waitForFunction(() => /not in ENABLE2K/.test(document.querySelector('.current').textContent));
  assert.match(await page.locator('.current').textContent(), /^ZZZQ is not on this board and not in ENABLE2K/);
  // Letters the board spells that are not a word: traced, and said to be no word.
  await page.locator('#check-input').fill('latg');
  await page.waitForFunction(() => /LATG is not in ENABLE2K/.test(document.querySelector('.current').textContent));
  assert.deepEqual(await pathInOrder(page), [4, 5, 6, 7]);
  // Too short to be a word: said so, not left blank.
  await page.locator('#check-input').fill('qu');
  assert.equal(await page.locator('.current').textContent(), 'QU: words have at least 3 letters.');
});

test('typing a board solves it; a 3x4 board round-trips through the URL and history', async () => {
  const page = await load('');
  const input = page.locator('#board-input');
  await input.fill('PERS LATE SIND');
  await input.press('Enter');
  await scoreIs(page, 1651);
  assert.equal(await page.getByTestId('cell').count(), 12);
  assert.equal(query(page).get('board'), 'perslatesind');
  assert.equal(query(page).has('dims'), false, '12 letters are read as 3x4 without it');
  assert.equal(await page.locator('[data-size="3x4"]').getAttribute('aria-pressed'), 'true');

  const again = await load(`?${query(page)}`);
  assert.equal(await text(again, 'score'), '1651');
  assert.equal(await again.getByTestId('cell').count(), 12);

  // Back returns to the previous board, forward to the typed one.
  await page.goBack();
  await scoreIs(page, 3625);
  assert.equal(await page.getByTestId('cell').count(), 16);
  await page.goForward();
  await scoreIs(page, 1651);
});

test('each board submitted with Enter is its own history entry, and Back sets the box too', async () => {
  const page = await load('');
  const input = page.locator('#board-input');
  for (const [board, score] of [['streaedlp', 545], ['perslatesind', 1651], ['ligdrmanesietildsracsepes', 10406]]) {
    await input.fill(board);
    await input.press('Enter');
    await scoreIs(page, score);
  }
  // The cursor stays in the box: Back still names the board shown there.
  for (const [board, score] of [['perslatesind', 1651], ['streaedlp', 545], [null, 3625]]) {
    await page.goBack();
    await scoreIs(page, score);
    assert.equal(query(page).get('board'), board);
    if (board) assert.equal((await input.inputValue()).replace(/\s/g, ''), board);
  }
});

test('a 5x5 board with multiboggle round-trips through the URL', async () => {
  const page = await load('?board=ligdrmanesietildsracsepes&dims=55');
  assert.equal(await text(page, 'score'), '10406');
  const count = await text(page, 'word-count');
  await page.locator('#multiboggle').check();
  await page.waitForFunction(() => new URLSearchParams(location.search).get('multiboggle') === '1');
  const multi = Number(await text(page, 'score'));
  assert.ok(multi > 10406, `multiboggle score ${multi} should exceed the standard score`);
  assert.equal(await text(page, 'word-count'), count);
  const params = query(page);
  assert.equal(params.get('board'), 'ligdrmanesietildsracsepes');
  assert.equal(params.has('dims'), false, 'the length gives 5x5: the rewritten address drops dims=55');

  const again = await load(`?${params}`);
  assert.equal(await text(again, 'score'), String(multi));
  assert.equal(await again.locator('#multiboggle').isChecked(), true);
  assert.equal(await again.getByTestId('cell').count(), 25);
});

test('multiboggle on the default board scores 4732', async () => {
  const page = await load('?board=perslatgsineters&multiboggle=1');
  assert.equal(await text(page, 'score'), '4732');
  assert.equal(await text(page, 'word-count'), '1,045');
});

test('one point and one word are written in the singular', async () => {
  const page = await load('?board=qaze');
  assert.equal(await text(page, 'score'), '1');
  assert.equal(await text(page, 'word-count'), '1');
  assert.equal(await totals(page), '1 point 1 word');
  assert.equal(await page.getByTestId('scoring').isVisible(), false);
});

/**
 * How the totals sit: the height of each (its figure and unit on one line or two), whether the
 * two share a line, and the box of the line naming the scoring against the totals' own.
 */
const totalsLayout = (page) =>
  page.evaluate(() => {
    const box = (/** @type {Element} */ e) => e.getBoundingClientRect();
    const stats = [...document.querySelectorAll('.totals .stat')].map(box);
    const scoring = document.querySelector('[data-testid=scoring]');
    const line = scoring && box(scoring);
    const info = box(document.querySelector('.board-info'));
    return {
      heights: stats.map((b) => Math.round(b.height)),
      oneLine: Math.abs(stats[0].top - stats[1].top) < 1,
      scoringBelow: Boolean(line) && line.top >= Math.max(...stats.map((b) => b.bottom)) - 1,
      scoringInside: Boolean(line) && line.left >= info.left - 1 && line.right <= info.right + 1,
    };
  });

test('multiboggle is named under the totals, which keep the layout they have without it', async () => {
  for (const width of [1280, 390, 320]) {
    const viewport = { viewport: { width, height: 900 } };
    const plain = await load('?board=perslatgsineters&wordlist=yawl', viewport);
    const without = await totalsLayout(plain);
    const page = await load('?board=perslatgsineters&wordlist=yawl&multiboggle=1', viewport);
    assert.equal(await text(page, 'score'), '5660');
    const multi = await totalsLayout(page);
    assert.deepEqual(multi.heights, without.heights, `${width} px: each total keeps its lines`);
    assert.equal(multi.oneLine, without.oneLine, `${width} px`);
    // Side by side on a wide screen; one under the other beside the board on a phone.
    assert.equal(multi.oneLine, width === 1280, `${width} px`);
    assert.ok(multi.scoringBelow && multi.scoringInside, `${width} px: ${JSON.stringify(multi)}`);
    assert.equal(await totals(page), '5660 points 1,277 words multiboggle', `${width} px`);
    await plain.context().close();
    await page.context().close();
  }
});

test('a board of another length switches size, and the size picker keeps or rolls a board', async () => {
  const page = await load('');
  await page.locator('#board-input').fill('ligdr manes ietil dsrac sepes');
  await page.locator('#board-input').press('Enter');
  await scoreIs(page, 10406);
  assert.equal(await page.locator('[data-size="5x5"]').getAttribute('aria-pressed'), 'true');
  await page.locator('[data-size="3x3"]').click();
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=cell]').length === 9);
  // Three rows of three cubes (a Qu cube is written "qu").
  assert.match(await page.locator('#board-input').inputValue(), /^(?:(?:qu|[a-z]){3} ){2}(?:qu|[a-z]){3}$/);
  // dims only where the length gives another size (10 letters give none).
  assert.equal(query(page).has('dims'), false);
  await page.locator('#size-select').selectOption('2x5');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=cell]').length === 10);
  assert.equal(query(page).get('dims'), '25');
});

test('the random board button rolls a new board of the chosen size', async () => {
  const page = await load('?board=perslatgsineters');
  await page.getByRole('button', { name: /Random board/ }).click();
  await page.waitForFunction(() => new URLSearchParams(location.search).get('board') !== 'perslatgsineters');
  assert.match(query(page).get('board'), /^[a-z]{16}$/);
  await scoreIs(page, /^\d+$/);
});

test('typing a letter into a focused cell edits the board', async () => {
  const page = await load('?board=perslatgsineters');
  await page.locator('[data-testid=cell][data-index="0"]').focus();
  await page.keyboard.press('b');
  await page.waitForFunction(() => new URLSearchParams(location.search).get('board') === 'berslatgsineters');
  assert.equal((await page.locator('[data-testid=cell][data-index="0"]').textContent()).trim(), 'B');
  // Focus moved on to the next cell; arrows move around the grid.
  assert.equal(await page.evaluate(() => document.activeElement.dataset.index), '1');
  await page.keyboard.press('ArrowDown');
  assert.equal(await page.evaluate(() => document.activeElement.dataset.index), '5');
  await page.keyboard.press('q');
  await page.waitForFunction(() => new URLSearchParams(location.search).get('board') === 'berslqtgsineters');
  assert.equal((await page.locator('[data-testid=cell][data-index="5"]').textContent()).trim(), 'Qu');
});

test('sorting and filtering the word list', async () => {
  const page = await load('?board=perslatgsineters');
  await page.getByRole('button', { name: 'A–Z' }).click();
  const first = await page.locator('[data-testid=word]').first().getAttribute('data-word');
  const all = await page.$$eval('[data-testid=word]', (ws) => ws.map((w) => w.dataset.word));
  assert.equal(first, [...all].sort()[0]);
  await page.getByRole('button', { name: 'Length' }).click();
  const lengths = await page.$$eval('[data-testid=word]', (ws) => ws.map((w) => w.dataset.word.length));
  assert.deepEqual(lengths, [...lengths].sort((a, b) => b - a));
  await page.getByPlaceholder('Filter words').fill('ING');
  const filtered = await page.$$eval('[data-testid=word]', (ws) => ws.map((w) => w.dataset.word));
  assert.ok(filtered.length > 0 && filtered.every((w) => w.includes('ing')));
  // With a wildcard the pattern is the whole word.
  await page.getByPlaceholder('Filter words').fill('*ing');
  const ending = await page.$$eval('[data-testid=word]', (ws) => ws.map((w) => w.dataset.word));
  assert.ok(ending.length > 0 && ending.length < filtered.length && ending.every((w) => w.endsWith('ing')));
  await page.getByPlaceholder('Filter words').fill('?a?e');
  const fours = await page.$$eval('[data-testid=word]', (ws) => ws.map((w) => w.dataset.word));
  assert.ok(fours.length > 0 && fours.every((w) => /^.a.e$/.test(w)));
  // The summary's chips filter by length and show the counts per length.
  await page.getByPlaceholder('Filter words').fill('');
  await page.locator('.length-chip', { hasText: /^3/ }).click();
  const threes = await page.$$eval('[data-testid=word]', (ws) => ws.map((w) => w.dataset.word.length));
  const chipCount = Number(await page.locator('.length-chip[aria-pressed="true"] .chip-count').textContent());
  assert.equal(threes.length, chipCount);
  assert.ok(threes.every((n) => n === 3));
  // The score does not change with the view of the list.
  assert.equal(await text(page, 'score'), '3625');
});

test('how the words are sorted and filtered is in the address, for a link to show them so; what a link asks that cannot be used is said and let go', async () => {
  const page = await load('?board=perslatgsineters&sort=length&filter=*ING&len=7');
  await page.locator('[data-testid=word-list]:not([aria-busy])').waitFor();
  const words = await page.$$eval('[data-testid=word]', (ws) => ws.map((w) => w.dataset.word));
  assert.ok(words.length > 0 && words.every((w) => w.length === 7 && w.endsWith('ing')), words.join());
  assert.equal(await page.getByRole('button', { name: 'Length', exact: true }).getAttribute('aria-pressed'), 'true');
  assert.equal(await page.getByPlaceholder('Filter words').inputValue(), '*ing');
  assert.equal(await page.locator('.length-chip[aria-pressed="true"] .chip-len').textContent(), '7');
  // Written as the filter reads it; and each change the reader makes replaces the address.
  await page.waitForFunction(() => location.search === '?board=perslatgsineters&sort=length&filter=*ing&len=7');
  const entries = await page.evaluate(() => history.length);
  await page.getByRole('button', { name: 'A–Z' }).click();
  await page.waitForFunction(() => new URLSearchParams(location.search).get('sort') === 'az');
  await page.locator('.length-chip[aria-pressed="true"]').click();
  await page.waitForFunction(() => !new URLSearchParams(location.search).has('len'));
  await page.getByPlaceholder('Filter words').fill('');
  await page.getByRole('button', { name: 'Points', exact: true }).click();
  await page.waitForFunction(() => location.search === '?board=perslatgsineters');
  assert.equal(await page.evaluate(() => history.length), entries);
  // Values that cannot be used: a message each, out of the address; the filter cut to what it reads.
  const bad = await load('?board=perslatgsineters&sort=best&len=12&filter=r%3Fst!');
  await bad.getByTestId('score').filter({ hasText: /^3625$/ }).waitFor();
  const said = await bad.locator('#words-view-error').textContent();
  assert.match(said, /sort=“best” is not an order of the words: use points, length or az\. Sorting by points\./);
  assert.match(said, /len=“12” is not a word length/);
  assert.match(said, /filter=“r\?st!” holds more than a filter reads .*: filtering by “r\?st”\./);
  await bad.waitForFunction(() => location.search === '?board=perslatgsineters&filter=r%3Fst');
  const rest = await bad.$$eval('[data-testid=word]', (ws) => ws.map((w) => w.dataset.word));
  assert.deepEqual(rest, ['rest']);
  // A length the board has no word of is let go, and leaves the address.
  const none = await load('?board=streaedlp&len=9');
  await none.locator('[data-testid=word-list]:not([aria-busy])').waitFor();
  await none.waitForFunction(() => location.search === '?board=streaedlp');
  assert.ok((await none.locator('[data-testid=word]').count()) > 0);
});

test('switching word lists re-solves, and switching back uses the list already built', async () => {
  const page = await env.page();
  const downloads = [];
  page.on('request', (r) => {
    if (r.url().includes('/pkg/') && r.url().endsWith('.dawg')) downloads.push(new URL(r.url()).pathname);
  });
  await page.goto(`${env.base}?board=perslatgsineters`);
  await scoreIs(page, 3625);
  await page.locator('#list-select').selectOption('yawl');
  await page.waitForFunction(() => new URLSearchParams(location.search).get('wordlist') === 'yawl');
  const yawl = Number(await text(page, 'score'));
  assert.notEqual(yawl, 3625);
  // A list that ships with the page is described by its size and where it comes from: the
  // lines its source had that no board can use are not the reader's to mend. A club player
  // looking for a tournament list learns how to use theirs.
  const tournament = ' Tournament lists (NWL, Collins) are not free to share: load yours as a file, one word a line.';
  assert.equal(
    await page.locator('#list-stats').textContent(),
    "YAWL: 263,904 words, Yet Another Word List, Mendel Leo Cooper's public-domain list (2008): ENABLE2K and many rarer words." + tournament,
  );
  await page.locator('#list-select').selectOption('enable2k');
  await scoreIs(page, 3625);
  assert.equal(query(page).get('wordlist'), null);
  assert.equal(
    await page.locator('#list-stats').textContent(),
    "ENABLE2K: 173,402 words, Alan Beale's public-domain list (2000), the one the best boards were proved with." + tournament,
  );
  await page.locator('#list-select').selectOption('yawl');
  await scoreIs(page, yawl);
  // Each list was downloaded (and so built) once.
  assert.deepEqual(downloads.sort(), ['/pkg/enable2k.dawg', '/pkg/yawl.dawg']);
});

test('an uploaded word list is used, with its load statistics shown', async () => {
  const page = await load('?board=perslatgsineters');
  await page.locator('input[type=file]').setInputFiles({
    name: 'mine.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from(`PERT\r\nrat\nrats\nno\ncafé\nrat\nlatg\n${'x'.repeat(100_000)}1\nab\u202ecd\n`),
  });
  await scoreIs(page, 4); // pert, rat, rats, latg: one point each
  assert.equal(await text(page, 'word-count'), '4');
  const stats = await page.locator('#list-stats').textContent();
  assert.match(stats, /mine\.txt: 4 words, 4 lines skipped .*1 duplicate ignored/);
  // A skipped line is named by its start, so the huge one does not become a huge message, and
  // a control character in one is written out rather than turning the sentence around.
  assert.ok(stats.endsWith('Skipped, e.g.: “café”, “' + 'x'.repeat(40) + '…”, “ab\\u{202e}cd”.'), stats);
  assert.equal(await page.locator('#list-select').inputValue(), 'file:mine.txt');
  // A file name is user input too: an override character in it is written out, not obeyed.
  await page.locator('input[type=file]').setInputFiles({ name: 'evil\u202etxt.exe', mimeType: 'text/plain', buffer: Buffer.from('rat\n') });
  await scoreIs(page, 1);
  assert.match(await page.locator('#list-stats').textContent(), /^evil\\u\{202e\}txt\.exe: 1 word\./);
  assert.equal(await page.locator('#list-select option:checked').textContent(), 'evil\\u{202e}txt.exe');
});

test('bad input gets a message beside its control and the last good result stays', async () => {
  const page = await load('?board=perslatgsineters');
  const input = page.locator('#board-input');
  // A board being typed is counted, not called wrong; Enter solves what is typed.
  await input.fill('st');
  assert.equal(await text(page, 'board-count'), '2 of 16 letters for 4\u00a0×\u00a04; Enter solves what is typed.');
  assert.equal(await page.getByTestId('error').isHidden(), true);
  await input.fill('stre aedl');
  assert.equal(await text(page, 'board-count'), '8 of 16 letters for 4\u00a0×\u00a04; Enter solves what is typed.');
  await input.fill('stre aedlp');
  await input.press('Enter');
  await page.getByTestId('score').filter({ hasText: /^545$/ }).waitFor();
  assert.equal(await page.getByTestId('board-count').isHidden(), true);
  await input.fill('perslatgsineters');
  await page.getByTestId('score').filter({ hasText: /^3625$/ }).waitFor();
  await input.fill('perslatgsinetes');
  await input.press('Enter');
  const error = page.getByTestId('error');
  await error.waitFor();
  assert.match(await error.textContent(), /15 letters: a 4x4 board needs 16/);
  assert.equal(await text(page, 'score'), '3625');
  assert.equal(await page.getByTestId('word').count(), 1045);

  await input.fill('pers1atgsineters');
  await page.waitForFunction(() => /'1' is not a letter/.test(document.querySelector('[data-testid=error]')?.textContent));
  assert.equal(await text(page, 'score'), '3625');
  // A screen reader hears the field is wrong, not only the message.
  assert.equal(await input.getAttribute('aria-invalid'), 'true');

  // Fixing the input clears the message, and the field's mark.
  await input.fill('perslatgsinetersx'.slice(0, 16));
  await page.waitForFunction(() => !document.querySelector('[data-testid=error]'));
  assert.equal(await input.getAttribute('aria-invalid'), null);

  // A broken file: nothing in it is a word. The list and the result stay as they were.
  await page.locator('input[type=file]').setInputFiles({
    name: 'broken.bin',
    mimeType: 'application/octet-stream',
    buffer: Buffer.from([0, 159, 146, 150, 255, 10, 1, 2, 3, 0, 10]),
  });
  await error.waitFor();
  assert.match(await error.textContent(), /Could not use “broken\.bin”: the word list has no playable words/);
  assert.equal(await page.locator('#list-select').inputValue(), 'enable2k');
  assert.equal(await text(page, 'score'), '3625');
  assert.deepEqual(page.errors, []);
});

test('a board typed past its size is counted on its way to the next size, and called wrong only on Enter', async () => {
  const page = await load('?board=perslatgsineters');
  const input = page.locator('#board-input');
  const count = page.getByTestId('board-count');
  await input.fill('perslatgsinetersa');
  await count.filter({ hasText: /^17 letters: 20 make a 4\u00a0×\u00a05 board\.$/ }).waitFor();
  assert.equal(await page.getByTestId('error').count(), 0);
  await input.fill('perslatgsinetersabcd');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=cell]').length === 20);
  assert.equal(await count.isHidden(), true);
  await input.fill('perslatgsinetersabcde');
  await count.filter({ hasText: /^21 letters: 25 make a 5\u00a0×\u00a05 board\.$/ }).waitFor();
  assert.equal(await page.getByTestId('error').count(), 0);
  // Enter solves what is typed, and says why it cannot; the last board stays.
  await input.press('Enter');
  await page.getByTestId('error').filter({ hasText: /21 letters: a 4x5 board needs 20/ }).waitFor();
  assert.equal(await count.isHidden(), true);
  assert.equal(await page.getByTestId('cell').count(), 20);
  // Past the longest board there is nothing to count towards: it is wrong at once.
  await input.fill('a'.repeat(37));
  await page.getByTestId('error').filter({ hasText: /37 letters/ }).waitFor();
  assert.equal(await count.isHidden(), true);
  assert.deepEqual(page.errors, []);
});

test('a long word list is drawn in slices and is whole: the keys reach its last word before the last slice is in', async () => {
  const page = await load('?board=perslatgsineters');
  const board = 'ligdrmanesietildsracsepes';
  const words = await page.evaluate(async (b) => (await window.explorer.engine.call('solve', { board: b })).words.map((w) => w.word), board);
  // When the next board's list is first marked busy (its first words drawn, the rest to come in
  // later frames), a word takes the focus and End is pressed.
  await page.evaluate(() => {
    const list = /** @type {HTMLElement} */ (document.querySelector('[data-testid=word-list]'));
    new MutationObserver((_, observer) => {
      const first = /** @type {HTMLElement | null} */ (list.querySelector('[data-word]'));
      if (list.getAttribute('aria-busy') !== 'true' || !first) return;
      observer.disconnect();
      const drawn = list.querySelectorAll('[data-word]').length;
      first.focus();
      first.dispatchEvent(new KeyboardEvent('keydown', { key: 'End', bubbles: true }));
      window.sliced = { drawn, focused: /** @type {HTMLElement} */ (document.activeElement).dataset.word, words: list.querySelectorAll('[data-word]').length };
    }).observe(list, { attributes: true, attributeFilter: ['aria-busy'] });
  });
  await page.locator('#board-input').fill(board);
  const sliced = await (await page.waitForFunction(() => window.sliced)).jsonValue();
  assert.ok(words.length > 1000, `${words.length} words`);
  assert.ok(sliced.drawn < words.length, `${sliced.drawn} of ${words.length} words drawn at first`);
  assert.equal(sliced.words, words.length);
  assert.equal(sliced.focused, words.at(-1));
  await wordsDrawn(page);
  assert.deepEqual(await page.$$eval('[data-testid=word]', (bs) => bs.map((b) => b.dataset.word)), words);
  // One Tab stop, on the word the keys went to.
  assert.equal(await page.locator('[data-testid=word][tabindex="0"]').count(), 1);
  assert.equal(await page.locator('[data-testid=word][tabindex="0"]').getAttribute('data-word'), words.at(-1));
  assert.deepEqual(page.errors, []);
});

test('bad URL parameters are reported beside their controls and never run as HTML', async () => {
  const page = await env.page();
  let dialogs = 0;
  page.on('dialog', (d) => {
    dialogs++;
    d.dismiss();
  });
  const evil = '<script>alert(1)</script><img src=x onerror=alert(2)>';
  await page.goto(`${env.base}?board=${encodeURIComponent(evil)}&wordlist=${encodeURIComponent(evil)}&dims=${encodeURIComponent(evil)}`);
  await scoreIs(page, /^\d+$/);
  const errors = await page.getByTestId('error').allTextContents();
  assert.equal(errors.length, 3, errors.join(' | '));
  assert.ok(errors.some((e) => e.includes("'<' is not a letter")));
  // Values are quoted as text, cut to 40 characters.
  const quoted = `${evil.slice(0, 40)}… (${evil.length} characters)`;
  assert.ok(errors.some((e) => e.includes(`no word list called “${quoted}”`)), errors.join(' | '));
  assert.ok(errors.some((e) => e.includes(`“${quoted}” is not a board size`)), errors.join(' | '));
  assert.equal(await page.locator('#view script, #view img').count(), 0);
  assert.equal(dialogs, 0);
  // The page still works: it shows the default board with ENABLE2K.
  assert.equal(await text(page, 'score'), '3625');
  assert.equal(await page.locator('#board-input').inputValue(), evil);
});

test('parameters the solver does not read leave its address and Copy link; the ones it reads stay', async () => {
  const page = await load('?size=99&foo=bar&board=streaedlp&mode=solve&seed=7&multiboggle=1', { permissions: ['clipboard-read', 'clipboard-write'] });
  await page.waitForFunction(() => location.search === '?board=streaedlp&mode=solve&multiboggle=1');
  assert.equal(await page.getByTestId('cell').count(), 9);
  assert.equal(await page.locator('#multiboggle').isChecked(), true);
  await page.getByRole('button', { name: 'Copy link' }).click();
  assert.equal(new URL(await page.evaluate(() => navigator.clipboard.readText())).search, '?board=streaedlp&mode=solve&multiboggle=1');
  assert.deepEqual(page.errors, []);
});

test('Copy words puts the board and every word with its points on the clipboard, for a spreadsheet or a note', async () => {
  const page = await load('?board=streaedlp&wordlist=yawl', { permissions: ['clipboard-read', 'clipboard-write'] });
  await page.waitForFunction(() => /^\d+$/.test(document.querySelector('[data-testid=score]')?.textContent ?? ''));
  const score = Number(await page.getByTestId('score').textContent());
  await page.getByTestId('copy-words').click();
  await page.waitForFunction(() => document.body.textContent.includes('words copied'));
  const lines = (await page.evaluate(() => navigator.clipboard.readText())).trimEnd().split('\n');
  // The list builds its words a slice at a time: all of them, once built.
  await page.waitForFunction(() => document.querySelectorAll('[data-word]').length === Number(document.querySelector('[data-testid=word-count]').textContent.replace(/,/g, '')));
  const words = await page.locator('[data-word]').evaluateAll((ws) => ws.map((w) => w.dataset.word));
  assert.equal(lines[0], `STR EAE DLP · YAWL · ${score} points, ${words.length} words`);
  const copied = lines.slice(1).map((l) => l.split('\t'));
  assert.deepEqual(copied.map(([w]) => w).sort(), [...words].sort());
  // Each word's points add up to the board's score.
  assert.equal(copied.reduce((sum, [, p]) => sum + Number(p), 0), score);
  assert.deepEqual(page.errors, []);
});

test('Copy link keeps the focus on its button where the browser refuses the clipboard', async () => {
  // Plain-http pages and older browsers: the page copies through a selection of its own.
  const page = await load('?board=streaedlp');
  await page.evaluate(() => {
    navigator.clipboard.writeText = () => Promise.reject(new Error('not allowed'));
  });
  const copy = page.getByRole('button', { name: 'Copy link' });
  await copy.focus();
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.body.textContent.includes('Link copied'));
  assert.equal(await copy.evaluate((b) => b === document.activeElement), true);
});

test('in forced colours the board keeps its cells and a path its highlight', async () => {
  // The system drops backgrounds and shadows there: without outlines the cells would float.
  const page = await load('?board=perslatgsineters');
  await page.emulateMedia({ forcedColors: 'active' });
  await page.locator('[data-word]').first().click();
  const look = await page.locator('.board .cell').evaluateAll((cells) =>
    cells.map((c) => {
      const s = getComputedStyle(c);
      return { on: c.dataset.onPath === 'true', border: `${s.borderTopStyle} ${s.borderTopWidth}` };
    }),
  );
  assert.ok(look.every((c) => c.border === (c.on ? 'solid 3px' : 'solid 1px')), JSON.stringify(look));
  assert.ok(look.some((c) => c.on));
});

test('an unknown list name in the URL falls back to ENABLE2K with a message', async () => {
  const page = await load('?board=perslatgsineters&wordlist=klingon');
  assert.equal(await text(page, 'score'), '3625');
  assert.match(await text(page, 'error'), /no word list called “klingon”/);
});

test('the page keeps drawing and answering while a 5x5 board waits for a list the worker builds', async () => {
  const page = await load('?board=perslatgsineters');
  // Hold the YAWL download: the solve that needs it stays in flight until the test lets it go.
  const { asked, release } = await holdDownload(page.context(), '**/pkg/yawl.dawg');
  await page.evaluate(() => {
    window.solved = false;
    const score = document.querySelector('[data-testid=score]');
    new MutationObserver(() => (window.solved = true)).observe(score, { childList: true, subtree: true });
    // As if going forward to a link: a 5x5 board with YAWL, which the worker has not built yet.
    history.pushState(null, '', '?board=ligdrmanesietildsracsepes&dims=55&wordlist=yawl');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  await asked;
  // The request is in the worker, waiting for its list: the page still paints a frame and
  // handles a pointer on a word of the board it shows, before any answer.
  assert.equal(await page.evaluate(() => new Promise((ok) => requestAnimationFrame(() => ok(window.solved)))), false);
  await page.locator('[data-testid=word]').first().hover();
  await page.locator('[data-testid=cell][data-on-path="true"]').first().waitFor();
  assert.equal(await page.evaluate(() => window.solved), false);
  release();
  await page.waitForFunction(() => window.solved);
  await page.context().unroute('**/pkg/yawl.dawg');
  await scoreIs(page, /^\d+$/);
  assert.notEqual(await text(page, 'score'), '10406'); // YAWL, not ENABLE2K
  assert.equal(await page.getByTestId('cell').count(), 25);
});

test('an engine crash shows an error, restarts the worker, and the page keeps working', async () => {
  const page = await load('?board=perslatgsineters');
  const crash = await page.evaluate(() =>
    window.explorer.engine.call('crash').then(
      () => 'no error',
      (e) => e.message,
    ),
  );
  assert.match(crash, /engine crashed/);
  const error = page.getByTestId('error');
  await error.waitFor();
  assert.match(await error.textContent(), /restarted/);
  assert.equal(await text(page, 'score'), '3625');
  // The restarted worker rebuilds the list on demand and solves the next board.
  await page.locator('#board-input').fill('perslatesind');
  await page.locator('#board-input').press('Enter');
  await scoreIs(page, 1651);
});

test('a worker that cannot load is reported once, not restarted forever', async () => {
  const page = await env.page();
  let workerLoads = 0;
  await page.route('**/pkg/app/worker.js', (route) => {
    workerLoads += 1;
    return route.fulfill({ status: 404, body: 'gone' });
  });
  await page.goto(`${env.base}?board=perslatgsineters`);
  // The engine gives up after three failed starts and says so: no more restarts after that.
  await page.locator('[data-testid=engine-status]').filter({ hasText: /could not start/ }).waitFor();
  assert.equal(workerLoads, 3, `worker script requested ${workerLoads} times`);
  const failed = await page.evaluate(() => window.explorer.engine.call('parse', { board: 'abcd' }).then(() => 'ok', (e) => e.message));
  assert.match(failed, /could not start/);
  assert.equal(workerLoads, 3, 'a request after giving up starts no worker');
  const messages = await page.getByTestId('error').allTextContents();
  assert.ok(messages.some((m) => /engine/i.test(m)), messages.join(' | '));
  // No words are coming: the list no longer says it is waiting for them.
  await page.locator('[data-testid=word-list]:not([aria-busy])').waitFor({ state: 'attached' });
  // The page itself still responds.
  assert.equal(await page.evaluate(() => 1 + 1), 2);
});

test('changing the word list or multiboggle keeps a 4x3 board 4x3', async () => {
  const page = await load('?board=streaedlpers&dims=43');
  await page.waitForFunction(() => document.querySelector('[data-testid=score]')?.textContent === '953');
  await page.locator('#list-select').selectOption('yawl');
  // YAWL's score of the 4x3 board (the 3x4 board of the same letters scores 357).
  await page.waitForFunction(() => document.querySelector('[data-testid=score]')?.textContent === '1139');
  assert.equal(new URL(page.url()).searchParams.get('dims'), '43');
  await page.locator('#multiboggle').check();
  await page.waitForFunction(() => document.querySelector('[data-testid=score]')?.textContent === '1504');
  assert.equal(new URL(page.url()).search, '?board=streaedlpers&dims=43&wordlist=yawl&multiboggle=1');
  assert.deepEqual(page.errors, []);
});
