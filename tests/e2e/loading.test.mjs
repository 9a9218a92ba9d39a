// What a first visit downloads, and in what order: the solver's small engine and ENABLE2K
// before the first score, nothing of the other views, YAWL or the full engine; the score before
// the word list; the full engine once, when another view needs it, with solving still right after.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { browserEnv } from './helpers.mjs';

const env = browserEnv();

/** A page that records the path of every request, in order, in `page.requested`. */
async function recording() {
  const page = await env.page();
  page.requested = [];
  page.on('request', (r) => page.requested.push(new URL(r.url()).pathname));
  return page;
}

/** Records, in the page, what is on screen the first time the score shows digits. */
const watchFirstScore = () => {
  new MutationObserver((_, mo) => {
    const score = document.querySelector('[data-testid=score]');
    if (!score || !/^\d+$/.test(score.textContent)) return;
    mo.disconnect();
    window.firstScore = { score: score.textContent, words: document.querySelectorAll('[data-testid=word]').length };
  }).observe(document, { subtree: true, childList: true, characterData: true });
};

test('the first score needs only the solver engine and ENABLE2K, and shows before the words', async () => {
  const page = await recording();
  await page.addInitScript(watchFirstScore);
  await page.goto(`${env.base}?board=perslatgsineters`);
  await page.waitForFunction(() => window.firstScore);
  const first = await page.evaluate(() => window.firstScore);
  assert.deepEqual(first, { score: '3625', words: 0 }, 'the score is painted before the word list is drawn');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=word]').length === 1045);
  const requested = [...page.requested];
  assert.ok(requested.includes('/pkg/boggle_solve_bg.wasm') && requested.includes('/pkg/enable2k.dawg'), requested.join(' '));
  for (const path of requested) {
    assert.ok(!/\/(bounds|break|search)\//.test(path), `${path}: another view's code on the solver's first visit`);
    assert.ok(!/yawl|\/boggle_bg\.wasm|\/wordlists\//.test(path), `${path} is not needed for the first score`);
  }
  assert.equal(requested.filter((p) => p === '/pkg/enable2k.dawg').length, 1, 'the preloaded list is used');
  // The page's response names the engine in a Link header; that download is the one compiled.
  assert.equal(requested.filter((p) => p === '/pkg/boggle_solve_bg.wasm').length, 1, 'the engine preloaded by the Link header is used');
  assert.deepEqual(page.errors, []);
});

test('another view loads the full engine once; solving carries on with it', async () => {
  const page = await recording();
  await page.goto(`${env.base}?board=streaedlp`);
  await page.waitForFunction(() => document.querySelector('[data-testid=score]')?.textContent === '545');
  await page.locator('nav a[data-mode=bounds]').click();
  await page.waitForFunction(() => /^\d+$/.test(document.querySelector('[data-testid=bound-sum-union]')?.textContent ?? ''));
  await page.locator('nav a[data-mode=solve]').click();
  await page.locator('#board-input').fill('perslatgsineters');
  await page.locator('#board-input').press('Enter');
  await page.waitForFunction(() => document.querySelector('[data-testid=score]')?.textContent === '3625');
  assert.equal(page.requested.filter((p) => p === '/pkg/boggle_bg.wasm').length, 1);
  // The list was rebuilt in the full engine from the bytes already downloaded.
  assert.equal(page.requested.filter((p) => p === '/pkg/enable2k.dawg').length, 1);
  assert.deepEqual(page.errors, []);
});

test('a link to another view preloads the full engine and shows its numbers', async () => {
  const page = await recording();
  const cls = 'lnrsy aeiou chkmpt chkmpt aeiou lnrsy lnrsy aeiou bdfgjvwxz';
  await page.goto(`${env.base}?mode=bounds&class=${encodeURIComponent(cls)}`);
  await page.waitForFunction(() => document.querySelector('[data-testid=bound-sum-union]')?.textContent === '106383');
  assert.equal(await page.getByTestId('bound-max-nomark').first().textContent(), '9359');
  assert.equal(page.requested.filter((p) => p === '/pkg/boggle_bg.wasm').length, 1, 'preloaded and used once');
  assert.deepEqual(page.errors, []);
});
