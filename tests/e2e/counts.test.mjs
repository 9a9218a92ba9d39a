// How counts read on the page: one formatter (www/lib/format.js) for every view and widget,
// digits with separators below ten million, words above (the exact figure in the element's
// title and in hidden text for screen readers), and never e-notation.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { browserEnv } from './helpers.mjs';

const env = browserEnv();

/** 21 consonants in every cell of a 3x3 class: 794,280,046,581 boards. */
const CONSONANTS = Array(9).fill('{b-d,f-h,j-n,p-t,v-z}').join(' ');
/** No "6.07e8" or "7.94e11" anywhere in `text`. */
const E_NOTATION = /\d(\.\d+)?e\d/;

/** The text a sighted reader sees in `locator` (without the screen-reader-only figures). */
const seenText = (locator) =>
  locator.evaluate((n) => {
    const copy = n.cloneNode(true);
    for (const h of copy.querySelectorAll('.visually-hidden')) h.remove();
    return copy.textContent;
  });

test('the formatter: digits below ten million, then words, never e-notation', async () => {
  const page = await env.page();
  await page.goto(`${env.base}?mode=bounds&class=streaedlp`);
  const out = await page.evaluate(async () => {
    const { count, exactCount } = await import('./www/lib/format.js');
    const cases = [0, 7, 1045, 5062500, 9999999, 10000000, 26300000, 607753125, 794280046581, 99950000, 999999999999999];
    return {
      readable: cases.map((n) => count(n)),
      big: count(869041521632724682610610260053736824323722262347776n),
      fromString: count('81000000000000000000'),
      exact: exactCount('794280046581'),
    };
  });
  assert.deepEqual(out.readable, [
    '0',
    '7',
    '1,045',
    '5,062,500',
    '9,999,999',
    '10 million',
    '26.3 million',
    '608 million',
    '794 billion',
    '100 million',
    '1 quadrillion',
  ]);
  assert.equal(out.big, '8.69 × 10⁵⁰');
  assert.equal(out.fromString, '81 quintillion');
  assert.equal(out.exact, '794,280,046,581');
});

test('the bounds view writes a big board count in words with the exact figure under it, where the class-boards hook reads it', async () => {
  const page = await env.page();
  await page.goto(`${env.base}?mode=bounds&class=${encodeURIComponent(CONSONANTS)}`);
  await page.waitForFunction(() => /^\d+$/.test(document.querySelector('[data-testid=bound-sum-union]')?.textContent ?? ''));
  assert.equal((await page.locator('.summary .boards-row').innerText()).replace(/\s+/g, ' '), '794 billion boards in the class');
  assert.equal(await page.locator('.summary .exact-count').innerText(), 'exactly 794,280,046,581');
  assert.equal(await page.getByTestId('class-boards').textContent(), '794,280,046,581');
  assert.equal(await page.getByTestId('class-boards').getAttribute('data-value'), '794280046581');
  // A count the page writes in full is the hook itself, with no second line.
  await page.goto(`${env.base}?mode=bounds&class=${encodeURIComponent('lnrsy aeiou chkmpt chkmpt aeiou lnrsy lnrsy aeiou bdfgjvwxz')}`);
  await page.waitForFunction(() => /^\d+$/.test(document.querySelector('[data-testid=bound-sum-union]')?.textContent ?? ''));
  assert.equal(await page.getByTestId('class-boards').textContent(), '5,062,500');
  assert.equal(await page.locator('.summary .exact-count').isHidden(), true);
  // The examples list uses the same words as the numbers it leads to.
  assert.match(await page.locator('.examples').textContent(), /Vowels and consonants — 608 million boards/);
  assert.doesNotMatch(await page.locator('main').innerText(), E_NOTATION);
  assert.deepEqual(page.errors, []);
});

test('the bounds widget and the break view use the same words', async () => {
  const page = await env.page();
  await page.goto(`${env.base}?embed=1&mode=bounds&class=${encodeURIComponent(CONSONANTS)}`);
  await page.waitForFunction(() => /^\d+$/.test(document.querySelector('[data-testid=bound-sum-union]')?.textContent ?? ''));
  assert.equal(await page.locator('.embed-boards-line').innerText(), '794 billion boards in the class');
  assert.equal(await page.getByTestId('class-boards').textContent(), '794,280,046,581');
  assert.doesNotMatch(await page.locator('body').innerText(), E_NOTATION);

  // Every board of this class scores under 500, so the break is over at once.
  await page.goto(`${env.base}?mode=break&class=${encodeURIComponent(CONSONANTS)}&target=500`);
  const status = page.getByTestId('break-status');
  await page.waitForFunction(() => document.querySelector('[data-testid=break-status]')?.dataset.state === 'done');
  assert.match(await seenText(status), /of 794 billion reach 500/);
  const spoken = await status.evaluate((s) => [...s.querySelectorAll('.visually-hidden')].map((x) => x.textContent).join(' '));
  assert.equal(spoken, '794,280,046,581');
  assert.doesNotMatch(await page.locator('main').innerText(), E_NOTATION);
  assert.deepEqual(page.errors, []);
});

test('a class of one board says "1 board", in the view and in the widget', async () => {
  const page = await env.page();
  await page.goto(`${env.base}?mode=bounds&class=streaedlp`);
  await page.waitForFunction(() => document.querySelector('[data-testid=bound-sum-union]')?.textContent === '545');
  assert.equal(await page.getByTestId('class-boards').textContent(), '1');
  assert.equal(await page.locator('.boards-row .stat-label').textContent(), 'board in the class');
  await page.goto(`${env.base}?embed=1&mode=bounds&class=streaedlp`);
  await page.waitForFunction(() => document.querySelector('[data-testid=bound-sum-union]')?.textContent === '545');
  assert.equal((await page.locator('.embed-boards-line').textContent()).replace(/\s+/g, ' ').trim(), '1 board in the class');
  assert.deepEqual(page.errors, []);
});
