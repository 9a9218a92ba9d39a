// A word list of the reader's own, in headless Chromium: loaded in Solve, kept in this browser
// across a reload and an engine restart, offered by Play (whose rounds judge words by it), said to
// stay in the browser when a link is copied, and forgotten on request; what the browser keeps is
// untrusted and a list it no longer keeps is said so.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { browserEnv } from './helpers.mjs';

const env = browserEnv();

/** "latg" spells along the board's second row: a word of this list only, not of ENABLE2K. */
const MINE = 'pert\nrat\nrats\nlatg\n';
const BOARD = 'perslatgsineters';

const score = (page) => page.getByTestId('score').textContent();
const query = (page) => new URL(page.url()).searchParams;

/** Solve on BOARD with mine.txt loaded from a file: pert, rat, rats and latg score 4. */
async function solveWithMine(page) {
  await page.goto(`${env.base}?board=${BOARD}`);
  await page.getByTestId('score').filter({ hasText: /^3625$/ }).waitFor();
  await page.locator('input[type=file]').setInputFiles({ name: 'mine.txt', mimeType: 'text/plain', buffer: Buffer.from(MINE) });
  await page.getByTestId('score').filter({ hasText: /^4$/ }).waitFor();
}

/** Gives `word` in the round on screen; the verdict. */
async function give(page, word) {
  const feedback = page.getByTestId('play-feedback');
  await feedback.evaluate((f) => delete f.dataset.verdict);
  await page.getByTestId('play-input').fill(word);
  await page.getByTestId('play-input').press('Enter');
  await page.waitForFunction(() => document.querySelector('[data-testid=play-feedback]').dataset.verdict);
  return feedback.getAttribute('data-verdict');
}

/** Waits for the round on screen to take words, pressing Start on its cover. */
async function inPlay(page) {
  await page.waitForFunction(() => document.querySelector('[data-testid=play-input]')?.disabled === false || document.querySelector('[data-testid=play-cover]')?.hidden === false);
  if (await page.getByTestId('play-cover').isVisible()) await page.getByTestId('play-start').click();
  await page.waitForFunction(() => document.querySelector('[data-testid=play-input]')?.disabled === false);
}

test('a list loaded from a file is kept in this browser: a reload finds it, Play judges rounds by it, Forget lets it go', async () => {
  const page = await env.page({ viewport: { width: 1280, height: 900 } });
  await solveWithMine(page);
  assert.equal(query(page).get('wordlist'), 'file:mine.txt');
  assert.equal(await page.getByTestId('forget-list').isVisible(), true);
  // The address names it, and this browser keeps it: a reload solves with it again.
  await page.reload();
  await page.getByTestId('score').filter({ hasText: /^4$/ }).waitFor();
  assert.equal(await page.locator('#list-select').inputValue(), 'file:mine.txt');
  assert.match(await page.locator('#list-stats').textContent(), /^mine\.txt: 4 words/);
  assert.equal(await page.locator('#list-error').textContent(), '');

  // Play this board takes the list along; the round judges words by it.
  const href = await page.getByTestId('play-this-board').getAttribute('href');
  assert.equal(new URLSearchParams(href.split('?')[1]).get('wordlist'), 'file:mine.txt');
  await page.goto(`${env.base}?mode=play&board=${BOARD}&timer=off&wordlist=file:mine.txt`);
  await inPlay(page);
  assert.equal(await page.locator('#play-list').inputValue(), 'file:mine.txt');
  assert.equal(await give(page, 'latg'), 'accepted');
  assert.equal(await give(page, 'plaster'), 'not-a-word');
  // A reload mid-round resumes it, the list read back from this browser.
  await page.reload();
  await page.waitForFunction(() => document.querySelector('[data-testid=play-input]')?.disabled === false);
  assert.deepEqual(await page.$$eval('[data-testid=play-found] [data-word]', (w) => w.map((i) => i.dataset.word)), ['latg']);
  // A restarted engine gets the list again before the next word.
  const crash = await page.evaluate(() => window.explorer.engine.call('crash').then(() => 'no error', (e) => e.message));
  assert.match(crash, /engine crashed/);
  assert.equal(await give(page, 'rats'), 'accepted');
  await page.getByTestId('play-end').click();
  await page.getByTestId('confirm-yes').click();
  await page.getByTestId('play-review').waitFor();
  assert.match(await page.getByTestId('play-result').textContent(), /^2 of 4 points$/);
  await page.getByTestId('play-review').getByRole('button', { name: 'Copy link' }).click();
  await page.getByTestId('play-review').getByText(/it names your own list “mine\.txt”, which stays in this browser; others play the same board with ENABLE2K/).waitFor();

  // Forgotten in Solve: no view offers it, and a link that names it says so.
  await page.goto(`${env.base}?board=${BOARD}&wordlist=file:mine.txt`);
  await page.getByTestId('score').filter({ hasText: /^4$/ }).waitFor();
  await page.getByTestId('forget-list').click();
  await page.getByTestId('score').filter({ hasText: /^3625$/ }).waitFor();
  assert.equal(await page.locator('#list-select option[value="file:mine.txt"]').count(), 0);
  assert.equal(query(page).get('wordlist'), null);
  assert.equal(await page.getByTestId('forget-list').isVisible(), false);
  await page.goto(`${env.base}?mode=play&board=${BOARD}&timer=off&wordlist=file:mine.txt`);
  await inPlay(page);
  assert.match(await page.locator('.play').textContent(), /“mine\.txt” is a word list of someone’s own, loaded from a file, which this browser does not keep/);
  assert.equal(await page.locator('#play-list').inputValue(), 'enable2k');
  assert.equal(await give(page, 'plaster'), 'accepted');
  // The one error logged is the crash asked for.
  assert.deepEqual(page.errors.filter((e) => !/deliberate panic for testing/.test(e)), []);
});

test('what this browser keeps of the lists is untrusted: bad names are passed over, a name without its file says so and is let go', async () => {
  const page = await env.page({ viewport: { width: 1280, height: 900 } });
  await page.goto(`${env.base}?board=${BOARD}`);
  await page.getByTestId('score').filter({ hasText: /^3625$/ }).waitFor();
  await page.evaluate(() => localStorage.setItem('boggle-explorer:own-lists', JSON.stringify({ v: 1, names: [5, 'enable2k', '<img src=x>', 'file:gone.txt'] })));
  await page.goto(`${env.base}?board=${BOARD}&wordlist=file:gone.txt`);
  await page.locator('#list-error').filter({ hasText: /“gone\.txt” is not kept in this browser any more: load it again/ }).waitFor();
  await page.getByTestId('score').filter({ hasText: /^3625$/ }).waitFor();
  await page.waitForFunction(() => !document.querySelector('#list-select option[value="file:gone.txt"]'));
  const offered = await page.$$eval('#list-select option', (o) => o.map((x) => x.value));
  assert.deepEqual(offered, ['enable2k', 'yawl']);
  assert.deepEqual(await page.evaluate(() => JSON.parse(localStorage.getItem('boggle-explorer:own-lists')).names), []);
  // The five loaded last are kept: a sixth lets the first go.
  for (let i = 1; i <= 6; i++) {
    await page.locator('input[type=file]').setInputFiles({ name: `list${i}.txt`, mimeType: 'text/plain', buffer: Buffer.from('rat\n') });
    await page.locator('#list-stats').filter({ hasText: new RegExp(`^list${i}\\.txt: 1 word`) }).waitFor();
  }
  const kept = ['file:list6.txt', 'file:list5.txt', 'file:list4.txt', 'file:list3.txt', 'file:list2.txt'];
  assert.deepEqual(await page.evaluate(() => JSON.parse(localStorage.getItem('boggle-explorer:own-lists')).names), kept);
  assert.deepEqual(await page.$$eval('#list-select option', (o) => o.map((x) => x.value)), ['enable2k', 'yawl', ...kept]);
  assert.equal(await page.evaluate(async () => (await caches.keys()).length), 1);
  assert.deepEqual(page.errors, []);
});
