// A word list of the reader's own, in headless Chromium: loaded in Solve, kept in this browser
// across a reload and an engine restart, offered by Play (whose rounds judge words by it), said to
// stay in the browser when a link is copied, and forgotten on request; Bounds, Search and Break
// (its partition runs on a pool of workers) give with it what the CLI gives with the same file;
// what the browser keeps is untrusted and a list it no longer keeps is said so.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BOGGLE, breakLines, browserEnv, giveWord } from './helpers.mjs';

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
const give = async (page, word) => (await giveWord(page, word)).verdict;

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
  // By keyboard: Tab from the menu past Load a file… to Forget this list, then Enter.
  await page.locator('#list-select').focus();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement?.dataset.testid), 'forget-list');
  await page.keyboard.press('Enter');
  await page.getByTestId('score').filter({ hasText: /^3625$/ }).waitFor();
  // The button goes with the list; the keyboard stays on the menu.
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'list-select');
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
  // Every view says so of a link naming a list it does not keep, beside its list, and uses ENABLE2K.
  await page.goto(`${env.base}?mode=search&size=3x3&wordlist=file:gone.txt`);
  await page.locator('#search-wordlist-error').filter({ hasText: /“gone\.txt” is a word list of someone’s own, loaded from a file, which this browser does not keep/ }).waitFor();
  assert.equal(await page.inputValue('#search-wordlist'), 'enable2k');
  await page.goto(`${env.base}?mode=break&wordlist=file:gone.txt`);
  await page.locator('#break-list-error').filter({ hasText: /which this browser does not keep: load it with Load a file… in Solve\. Using ENABLE2K\./ }).waitFor();
  await page.goto(`${env.base}?board=${BOARD}`);
  await page.getByTestId('score').filter({ hasText: /^3625$/ }).waitFor();
  // The five loaded last are kept: a sixth lets the first go.
  for (let i = 1; i <= 6; i++) {
    await page.locator('input[type=file]').setInputFiles({ name: `list${i}.txt`, mimeType: 'text/plain', buffer: Buffer.from('rat\n') });
    await page.locator('#list-stats').filter({ hasText: new RegExp(`^list${i}\\.txt: 1 word`) }).waitFor();
  }
  const kept = ['file:list6.txt', 'file:list5.txt', 'file:list4.txt', 'file:list3.txt', 'file:list2.txt'];
  assert.deepEqual(await page.evaluate(() => JSON.parse(localStorage.getItem('boggle-explorer:own-lists')).names), kept);
  assert.deepEqual(await page.$$eval('#list-select option', (o) => o.map((x) => x.value)), ['enable2k', 'yawl', ...kept]);
  assert.equal(await page.evaluate(async () => (await caches.keys()).length), 1);
  // A kept file changed behind the page's back (binary, or markup): the engine reads it as any
  // file, and what it says is shown as text; the page goes on with ENABLE2K.
  const dialogs = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    d.dismiss();
  });
  for (const [what, bytes] of [['binary', [0, 159, 146, 150, 255, 10, 1, 2, 3, 0, 10]], ['markup', [...Buffer.from('<img src=x onerror=alert(1)>\n')]]]) {
    await page.evaluate(async (b) => {
      const cache = await caches.open((await caches.keys())[0]);
      await cache.put(new URL('own-lists/file%3Alist6.txt', document.baseURI).href, new Response(new Uint8Array(b)));
    }, bytes);
    await page.goto(`${env.base}?board=${BOARD}&wordlist=file:list6.txt`);
    await page.locator('#list-error').filter({ hasText: /the word list has no playable words/ }).waitFor();
    await page.getByTestId('score').filter({ hasText: /^3625$/ }).waitFor();
    assert.equal(await page.locator('#list-error img').count(), 0, what);
  }
  assert.deepEqual(dialogs, []);
  assert.deepEqual(page.errors, []);
});

test('Bounds, Search and Break use a list of the reader\'s own as the CLI uses the same file', { timeout: 180_000 }, async () => {
  // Every third word of ENABLE2K: a list of its own, with its own bounds and boards.
  const words = readFileSync(new URL('../../wordlists/enable2k.txt', import.meta.url), 'utf8').split('\n').filter((_, i) => i % 3 === 2);
  const file = join(mkdtempSync(join(tmpdir(), 'own-list-')), 'third.txt');
  writeFileSync(file, `${words.join('\n')}\n`);
  const cli = (args) => execFileSync(BOGGLE, [...args, '--wordlist', file], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  const page = await env.page({ viewport: { width: 1280, height: 900 } });
  await page.goto(`${env.base}?board=${BOARD}`);
  await page.getByTestId('score').filter({ hasText: /^3625$/ }).waitFor();
  await page.locator('input[type=file]').setInputFiles({ name: 'third.txt', mimeType: 'text/plain', buffer: readFileSync(file) });
  await page.locator('#list-stats').filter({ hasText: /^third\.txt: / }).waitFor();

  // Bounds: the class's two bounds.
  const cls = 'lnrsy aeiou chkmpt chkmpt aeiou lnrsy lnrsy aeiou bdfgjvwxz';
  const bounds = Object.fromEntries(cli(['bound', cls]).trim().split('\n').map((l) => l.split('\t')));
  await page.goto(`${env.base}?mode=bounds&class=${encodeURIComponent(cls)}&wordlist=file:third.txt`);
  await page.waitForFunction(() => /^\d+$/.test(document.querySelector('[data-testid=bound-sum-union]')?.textContent ?? ''));
  assert.equal(await page.locator('#bounds-list').inputValue(), 'file:third.txt');
  assert.equal(await page.getByTestId('bound-max-nomark').textContent(), bounds.max_nomark);
  assert.equal(await page.getByTestId('bound-sum-union').textContent(), bounds.sum_union);

  // Search: one hill climb from seed 5 finds what the CLI finds, and is kept under the list.
  const [score, board] = cli(['hillclimb', '--size', '3x3', '--seed', '5', '--runs', '1']).trim().split('\n').pop().split('\t');
  await page.goto(`${env.base}?mode=search&size=3x3&seed=5&workers=1&runs=1&wordlist=file:third.txt`);
  assert.equal(await page.inputValue('#search-wordlist'), 'file:third.txt');
  await page.getByTestId('anneal-start').click();
  await page.waitForSelector('.search[data-settled]', { timeout: 60_000 });
  assert.equal(await page.getByTestId('anneal-best-score').textContent(), score);
  assert.equal(await page.getByTestId('anneal-best-board').textContent(), board);
  const saved = page.getByTestId('saved-board').filter({ hasText: board });
  await saved.waitFor();
  assert.match(await saved.textContent(), /3\u00a0×\u00a03 · third\.txt · hill climbing · seed 5/);
  assert.equal(await saved.locator('a').first().getAttribute('href'), `?board=${board}&wordlist=file%3Athird.txt`);

  // Break: a partition run on two workers lists exactly the boards the CLI prints.
  const partition = 'aeijou bcdfgmpqvwxz hklnrsty, corner:aeiosuy bcdfghjklmnpqrtvwxz';
  const expect = breakLines(['--partition', partition, '--size', '2x3', '--target', '40'], file);
  assert.equal(expect.length, 28);
  await page.goto(`${env.base}?mode=break&partition=${encodeURIComponent(partition)}&size=2x3&target=40&wordlist=file:third.txt`);
  assert.equal(await page.locator('#break-list').inputValue(), 'file:third.txt');
  await page.waitForSelector('[data-testid="partition-status"][data-total="51"]');
  await page.fill('#partition-workers', '2');
  await page.getByTestId('partition-start').click();
  await page.waitForSelector('[data-testid="partition-status"][data-state="done"]', { timeout: 60_000 });
  const shown = await page.$$eval('[data-testid="partition-survivor"]', (a) => a.map((x) => `${x.dataset.score} ${x.dataset.board}`).sort());
  assert.deepEqual(shown, expect);
  assert.match(await page.getByTestId('partition-status').textContent(), /Proved: exactly 28 2\u00a0×\u00a03 boards score 40 or more with third\.txt/);
  // Its progress is kept under the list and its file's digest.
  const keys = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('boggle-explorer:partition:')));
  assert.equal(keys.length, 1);
  assert.match(keys[0], /^boggle-explorer:partition:file:third\.txt#[0-9a-f]{16}\|2x3\|40\|/);
  assert.deepEqual(page.errors, []);
});
