// The bounds view in headless Chromium: the published values, the worked examples' trees,
// word paths, cell editing through the URL, the per-cell split job and bad classes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { browserEnv } from './helpers.mjs';

const env = browserEnv();

const README = 'lnrsy aeiou chkmpt chkmpt aeiou lnrsy lnrsy aeiou bdfgjvwxz';

/** Opens the bounds view for `cls` and waits for both bounds. */
async function load(cls, extra = '', options = {}) {
  const page = await env.page(options);
  await page.goto(`${env.base}?mode=bounds&class=${encodeURIComponent(cls)}${extra}`);
  await boundsShown(page);
  return page;
}

const boundsShown = (page) =>
  page.waitForFunction(() => /^\d+$/.test(document.querySelector('[data-testid=bound-sum-union]')?.textContent ?? ''));
const text = async (page, id) => (await page.getByTestId(id).first().textContent()).trim();

test('the default class (a published 3x3 one) shows its published bounds and board count', async () => {
  const page = await load(README);
  assert.equal(await text(page, 'bound-max-nomark'), '9359');
  assert.equal(await text(page, 'bound-sum-union'), '106383');
  assert.equal(await page.getByTestId('class-boards').getAttribute('data-value'), '5062500');
  // 3x3 default target 545: 9359 is above it, so the class stands, and a cell can be split.
  assert.match(await page.locator('.verdict').textContent(), /^Not eliminated: .* Split a cell to tighten it\.$/);
  // The split job fills every bar.
  await page.waitForFunction(() => /All \d+ single-letter fixes/.test(document.body.textContent), null, { timeout: 30000 });
  const values = await page.$$eval('.split-value', (v) => v.map((x) => x.textContent));
  assert.equal(values.length, 5 + 5 + 6 + 6 + 5 + 5 + 5 + 5 + 9);
  assert.ok(values.every((v) => /^[\d,]+$/.test(v) && Number(v.replace(/,/g, '')) <= 9359), values.join(' '));
  assert.deepEqual(page.errors, []);
});

test('the worked example: the a beats the u from f, and z y turn it round', async () => {
  const page = await load('f {a,u} r / . . e / . . .');
  assert.equal(await text(page, 'class-boards'), '2');
  await page.waitForSelector('.tree-choice');
  const options = () =>
    page.$$eval('.tree-choice > ul > li', (lis) => lis.map((li) => `${li.querySelector('.tree-prefix').textContent}:${li.dataset.option}`));
  assert.deepEqual(await options(), ['FA:chosen', 'FU:dropped']);
  assert.match(await page.locator('.nomark-tree').textContent(), /best of A, U = 2/);

  await page.getByRole('button', { name: '… with z and y' }).click();
  await page.waitForFunction(() => document.querySelector('.nomark-tree')?.textContent.includes('FUZZY'));
  assert.deepEqual(await options(), ['FA:dropped', 'FU:chosen']);
  assert.match(await page.locator('.nomark-tree').textContent(), /best of A, U = 4/);
  assert.equal(new URL(page.url()).searchParams.get('class'), 'f {a,u} r / z . e / z y .');
  assert.deepEqual(page.errors, []);
});

test('a screen reader hears what the splits, the tree and the bounds show: each cell by its place, the best split, totals and the options kept', async () => {
  const page = await load('f {a,u} r / . . e / . . .');
  await page.waitForFunction(() => /All \d+ single-letter fixes/.test(document.body.textContent), null, { timeout: 30000 });
  await page.waitForSelector('.tree-choice');
  // The splits: a list of cells, each read with its place; a letter's bound after it; the
  // shortest bar named in a sentence.
  const splits = await page.getByRole('list', { name: 'Bounds with one cell fixed, by cell' }).ariaSnapshot();
  const items = [...splits.matchAll(/- listitem: "?(.*?)"?$/gm)].map((m) => m[1]);
  assert.deepEqual(items.slice(0, 4), [
    'row 1, column 1: F (fixed)',
    'row 1, column 2: A: 5; U: 2 (lowest).',
    'row 1, column 3: R (fixed)',
    'row 2, column 1: empty (no letter: nothing to fix)',
  ]);
  assert.equal(items.length, 9);
  assert.equal(await page.getByTestId('split-best').textContent(), 'Best split: row 1, column 2 = U, bound 2.');
  // The tree: Σ is read as "total", and each option of a choice says whether it is kept.
  const tree = await page.locator('.nomark-tree').ariaSnapshot();
  assert.match(tree, /- text: F total 2\n/);
  assert.match(tree, /- text: FA total 2 \(kept\)\n/);
  assert.match(tree, /- text: FU total 1 \(not kept\)\n/);
  assert.match(tree, /- listitem: FUR word \+1 total 1$/m);
  assert.doesNotMatch(tree, /Σ/);
  // The tighter bound's badge says what it is.
  assert.match(await page.locator('.bound-pair').ariaSnapshot(), /- text: max\/no-mark \(the tighter bound\) 6\n/);
  assert.deepEqual(page.errors, []);
});

test('hovering a sum/union word shows its path with the letter in each cell', async () => {
  const page = await load('{b,d} a {b,d} / a {b,d} a / {b,d} a {b,d}');
  assert.equal(await text(page, 'bound-max-nomark'), '132');
  assert.equal(await text(page, 'bound-sum-union'), '9');
  await page.locator('.class-word', { hasText: 'abba' }).first().hover();
  const picks = await page.$$eval('[data-testid=cell][data-on-path="true"]', (cells) =>
    cells.map((c) => c.querySelector('.cell-pick').textContent).sort(),
  );
  assert.deepEqual(picks, ['1·A', '2·B', '3·B', '4·A']);
});

test('editing a cell changes the class, the URL and the bounds', async () => {
  const page = await load('streaedlp');
  assert.equal(await text(page, 'bound-sum-union'), '545');
  await page.locator('[data-testid=cell][data-index="4"]').click();
  await page.getByRole('button', { name: 'Vowels', exact: true }).click();
  await page.waitForFunction(() => document.querySelector('[data-testid=class-boards]').textContent === '5');
  assert.equal(new URL(page.url()).searchParams.get('class'), 's t r / e aeiou e / d l p');
  assert.ok(Number(await text(page, 'bound-sum-union')) > 545);
  await page.goBack();
  await page.waitForFunction(() => document.querySelector('[data-testid=bound-sum-union]').textContent === '545');
});

test('a target decides elimination', async () => {
  const page = await load('streaedlp', '&target=546');
  assert.match(await page.locator('.verdict').textContent(), /^Eliminated/);
});

test('a bad class shows an error and the page keeps working', async () => {
  const page = await env.page();
  await page.goto(`${env.base}?mode=bounds&class=${encodeURIComponent('a b {c,d e f g h i')}`);
  await page.getByTestId('error').first().waitFor();
  assert.match(await text(page, 'error'), /^The 3rd cell: '\{' is never closed by '\}'\.$/);
  await page.fill('#class-input', 'f {a,u} r / . . e / . . .');
  await page.getByRole('button', { name: 'Bound it' }).click();
  // The bound shown before (the class the page fell back to) may still be on screen: wait for this class's.
  await page.waitForFunction(() => document.querySelector('[data-testid=bound-max-nomark]')?.textContent === '6');
  assert.equal(await page.getByTestId('error').count(), 0);
  assert.deepEqual(page.errors, []);
});

test('a class of one board that reaches the target is not told to split a cell it does not have', async () => {
  const page = await load('streaedlp');
  assert.equal(await page.getByTestId('class-boards').getAttribute('data-value'), '1');
  assert.match(await page.locator('.verdict').textContent(), /^Not eliminated: the bound [\d,]+ reaches the target 545\. It is a single board: solve it for its exact score\.$/);
  assert.deepEqual(page.errors, []);
});

test('an example tapped at the foot of a phone’s page brings its numbers into view; picked by keyboard, the focus stays on it', async () => {
  const page = await load(README, '', { viewport: { width: 390, height: 800 } });
  const summaryInView = () =>
    page.evaluate(() => {
      const r = document.querySelector('.summary').getBoundingClientRect();
      return r.top >= 0 && r.top < innerHeight;
    });
  const example = page.locator('.examples button', { hasText: 'f {a,u} r' });
  await example.scrollIntoViewIfNeeded();
  assert.equal(await summaryInView(), false, 'the examples lie below the numbers');
  await example.click();
  await page.waitForFunction(() => document.querySelector('[data-testid=class-boards]')?.getAttribute('data-value') === '2');
  assert.equal(await summaryInView(), true);
  // By keyboard the page stays where the focus is.
  const other = page.locator('.examples button', { hasText: 'with z and y' });
  await other.focus();
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => /f \{a,u\} r \/ z/.test(new URL(location.href).searchParams.get('class') ?? ''));
  assert.equal(await page.evaluate(() => document.activeElement?.textContent), await other.textContent());
  assert.equal(await summaryInView(), false);
  assert.deepEqual(page.errors, []);
});

test('in forced colours the class grid keeps its cells and the selected cell its ring', async () => {
  // The system drops the cubes' backgrounds and inset rings there.
  const page = await load('f {a,u} r / . . e');
  await page.emulateMedia({ forcedColors: 'active' });
  const look = await page.locator('.class-cell').evaluateAll((cells) =>
    cells.map((c) => {
      const s = getComputedStyle(c);
      return { selected: c.getAttribute('aria-selected') === 'true', border: s.borderTopStyle, ring: s.outlineStyle };
    }),
  );
  assert.ok(look.every((c) => c.border === 'solid'), JSON.stringify(look));
  assert.deepEqual(look.filter((c) => c.ring === 'solid').map((c) => c.selected), [true]);
});
