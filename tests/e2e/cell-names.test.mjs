// One way to name a cell in every message: "row 2, column 3", in the engine's messages (the
// class reader, the breaker) and in the page's own (the bounds view, the break tree, the board).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { browserEnv } from './helpers.mjs';

const env = browserEnv();

const ROW_COL = /row \d, column \d/;
/** "cell 5" and the like: how cells were once named in some messages. */
const CELL_NUMBER = /\bcell \d/;

test('the bounds and break views name a bad cell by its row and column', async () => {
  const page = await env.page();
  // Four cells make a 2x2 class: the second is row 1, column 2.
  for (const mode of ['bounds', 'break']) {
    await page.goto(`${env.base}?mode=${mode}&class=${encodeURIComponent('ab c7 d e')}`);
    const error = page.getByTestId('error').first();
    await error.waitFor();
    assert.match(await error.textContent(), /^Row 1, column 2: '7' is not allowed/, mode);
  }
  // Rows given with "/": the row and the place in it.
  await page.goto(`${env.base}?mode=bounds&class=${encodeURIComponent('a b c / d e f / g h {i')}`);
  await page.getByTestId('error').first().waitFor();
  assert.match(await page.getByTestId('error').first().textContent(), /^Row 3, column 3: '\{' is never closed/);
  // An empty cell: a class with one is eliminated by its bound, or refused when that reaches
  // the target.
  await page.goto(`${env.base}?mode=break&class=${encodeURIComponent('a b . d')}&target=10`);
  await page.locator('[data-testid=break-status][data-state=done]').waitFor();
  assert.equal(await page.getByTestId('error').count(), 0);
  await page.goto(`${env.base}?mode=break&class=${encodeURIComponent('st . rs / e ae e / d l ps')}&target=400`);
  await page.getByTestId('error').first().waitFor();
  assert.match(await page.getByTestId('error').first().textContent(), /^Row 1, column 2 is empty: a class with an empty cell can only be eliminated by its bound, and its bound 400 reaches the target 400/);
  assert.deepEqual(page.errors, []);
});

test('the break tree, the bounds view and the board name cells the same way', async () => {
  const page = await env.page();
  await page.goto(`${env.base}?mode=break&class=${encodeURIComponent('st t rs / e ae e / d l ps')}&target=500`);
  await page.locator('[data-testid=break-status][data-state=done]').waitFor({ timeout: 60000 });
  const tree = await page.locator('.break-tree').textContent();
  assert.match(tree, /split row 2, column 2 into/);
  assert.doesNotMatch(tree, CELL_NUMBER);

  await page.goto(`${env.base}?mode=bounds&class=${encodeURIComponent('f {a,u} r / . . e / . . .')}&cell=12`);
  const cellError = page.locator('#cell-error');
  await cellError.waitFor();
  assert.match(await cellError.textContent(), /cell=“12”.*9 cells.*row 1, column 1/);
  await page.locator('.split-title').first().waitFor();
  const titles = await page.locator('.split-cell:not(.fixed) .split-title').allTextContents();
  assert.deepEqual(titles, ['row 1, column 2']);
  assert.match(await page.locator('.tree-card .card-title').textContent(), ROW_COL);

  await page.goto(`${env.base}?board=perslatgsineters`);
  assert.equal(await page.locator('[data-testid=cell][data-index="6"]').getAttribute('aria-label'), 'T, row 2, column 3');
  assert.deepEqual(page.errors, []);
});
