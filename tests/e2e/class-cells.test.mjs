// The class grid's cells (the bounds view and its widget): every cell's letters fit inside the
// cell and clear of its per-cell figure and of a word path's badge, at desktop and phone width,
// however many letters it holds; the full set stays in the cell's accessible name; the figures have a caption.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { browserEnv } from './helpers.mjs';

const env = browserEnv();

const WIDTHS = [1280, 390];
/** 13 letters with no run among them: the longest a cell's letters can be written. */
const SPREAD = 'acegikmoqsuwy';
/** Cells from one letter to 21 consonants and 13 letters with no run, on 3x3 to 6x6 grids. */
const CLASSES = [
  'aeiou {b-d,f-h,j-n,p-t,v-z} aeiou / {b-d,f-h,j-n,p-t,v-z} aeiou {b-d,f-h,j-n,p-t,v-z} / aeiou {b-d,f-h,j-n,p-t,v-z} aeiou',
  `${SPREAD} bdfhjlnprtvxz q / lnrsy * . / bdfgjqvwxz chkmpt e`,
  `${SPREAD} . . . / . bdfgjqvwxz . . / . . lnrsy . / . . . ${SPREAD}`,
  Array(25).fill('bdfgjqvwxz').join(' '),
  `${SPREAD} . . . . . / . bdfgjqvwxz . . . . / . . lnrsy . . . / . . . ${SPREAD} . . / * . . . e . / a . . . . .`,
];

/**
 * For every class cell in `frame`: where its letters' text lies (the union of the text's
 * line boxes) against the cell, the figure and the path's badge. Returns the cells whose text
 * spills or overlaps.
 */
function misfits(frame) {
  return frame.locator('.class-cell').evaluateAll((cells) =>
    cells
      .map((cell, i) => {
        const letters = cell.querySelector('.cell-letters');
        const range = document.createRange();
        range.selectNodeContents(letters);
        const rects = [...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0);
        const box = cell.getBoundingClientRect();
        const score = cell.querySelector('.cell-score')?.getBoundingClientRect();
        const pick = cell.querySelector('.cell-pick')?.getBoundingClientRect();
        const inside = (r) => r.left >= box.left - 0.5 && r.right <= box.right + 0.5 && r.top >= box.top - 0.5 && r.bottom <= box.bottom + 0.5;
        const overlaps = (a, b) => b && b.width > 0 && a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
        const bad = !rects.length || rects.some((r) => !inside(r) || overlaps(r, score) || overlaps(r, pick));
        return bad ? `cell ${i + 1} "${letters.textContent}" (${Math.round(box.width)}px)` : null;
      })
      .filter(Boolean),
  );
}

const boundsShown = (frame) => frame.locator('[data-testid=bound-sum-union]').filter({ hasText: /^\d+$/ }).waitFor({ timeout: 120000 });

test('the bounds view: every cell fits its letters, clear of its figure and a path, at desktop and phone width', async () => {
  for (const width of WIDTHS) {
    const page = await env.page({ viewport: { width, height: 900 } });
    for (const cls of CLASSES) {
      await page.goto(`${env.base}?mode=bounds&class=${encodeURIComponent(cls)}`);
      await boundsShown(page);
      assert.deepEqual(await misfits(page), [], `${width}px: ${cls}`);
      // A word's path marks its cells with a badge each: the letters make room for it.
      const word = page.locator('.class-word').first();
      if (!(await word.count())) continue;
      await word.hover();
      await page.locator('[data-testid=cell][data-on-path="true"]').first().waitFor();
      assert.deepEqual(await misfits(page), [], `${width}px, on a path: ${cls}`);
    }
    // The full set is in each cell's name, however it is drawn, after what the cell shows
    // (the letters, or their count when only that fits), so speech input reaches it by either.
    const cell = page.locator('.class-cell').first();
    const shown = (await cell.locator('.cell-letters').textContent()).trim();
    const set = ['A', 'C', 'E', 'G', 'I', 'K', 'M', 'O', 'Qu', 'S', 'U', 'W', 'Y'];
    const named = await page.getByRole('gridcell', { name: new RegExp(`^row 1, column 1: ${shown.replace(/ /g, ',? ')}\\b`) }).count();
    assert.equal(named, 1, `${width}px: the first cell, showing "${shown}", is not named by it`);
    const full = await page.getByRole('gridcell', { name: new RegExp(set.join(',? ')) }).count();
    assert.ok(full >= 1, `${width}px: no cell named by its letters`);
    assert.equal(await cell.getAttribute('aria-label'), null);
    assert.deepEqual(page.errors, []);
  }
});

test('the selected cell: its letters and figure stand inside its ring, clear of it, at desktop and phone width', async () => {
  for (const width of WIDTHS) {
    const page = await env.page({ viewport: { width, height: 900 } });
    for (const [cls, cell] of [[CLASSES[0], 4], [CLASSES[1], 0], [CLASSES[3], 12]]) {
      await page.goto(`${env.base}?mode=bounds&cell=${cell}&class=${encodeURIComponent(cls)}`);
      await boundsShown(page);
      const crossing = await page.locator('.class-cell[aria-selected="true"]').evaluate((c) => {
        const RING = 6; // the ring's inner edge, inside the cube's edge (bounds.css)
        const box = c.getBoundingClientRect();
        const range = document.createRange();
        range.selectNodeContents(c.querySelector('.cell-letters'));
        const rects = [...range.getClientRects(), c.querySelector('.cell-score').getBoundingClientRect()].filter((r) => r.width > 0);
        const out = (r) => r.left < box.left + RING || r.right > box.right - RING || r.top < box.top + RING || r.bottom > box.bottom - RING;
        return rects.filter(out).map((r) => `${Math.round(r.left - box.left)},${Math.round(r.top - box.top)} ${Math.round(r.width)}x${Math.round(r.height)} in ${Math.round(box.width)}px`);
      });
      assert.deepEqual(crossing, [], `${width}px, cell ${cell}: ${cls}`);
    }
    assert.deepEqual(page.errors, []);
  }
});

test('the figures in the cells are explained under the grid', async () => {
  const page = await env.page();
  await page.goto(`${env.base}?mode=bounds&class=streaedlp`);
  await boundsShown(page);
  // A board counts a word once per path under max/no-mark: 634 for this board (545 points).
  assert.equal(await page.getByTestId('bound-max-nomark').textContent(), '634');
  const caption = page.locator('.class-grid-caption');
  assert.match(await caption.textContent(), /max\/no-mark.*start.*add up to 634/);
  const figures = await page.locator('.cell-score').allTextContents();
  assert.equal(figures.reduce((a, b) => a + Number(b), 0), 634);
  assert.deepEqual(page.errors, []);
});

test('the bounds widget in the example post: every cell fits, at desktop and phone width', async () => {
  for (const width of WIDTHS) {
    const page = await env.page({ viewport: { width, height: 900 } });
    await page.goto(`${env.base}embed-example/upper-bounds.html`);
    // The plain iframe of the vowels-and-consonants class.
    const iframe = page.locator('iframe.widget');
    await iframe.scrollIntoViewIfNeeded();
    const frame = iframe.contentFrame();
    await boundsShown(frame);
    assert.deepEqual(await misfits(frame), [], `${width}px`);
    assert.match(await frame.locator('.class-grid-caption').textContent(), /max\/no-mark/);
    // The script-and-element widgets too.
    const element = page.locator('boggle-bounds').last();
    await element.scrollIntoViewIfNeeded();
    const inner = element.locator('iframe').contentFrame();
    await boundsShown(inner);
    assert.deepEqual(await misfits(inner), [], `${width}px, element`);
    assert.deepEqual(page.errors, []);
  }
});

test('the example post\'s max/no-mark tree shows what its text describes: a choice whose losing letter is dimmed', async () => {
  const page = await env.page();
  await page.goto(`${env.base}embed-example/upper-bounds.html`);
  const element = page.locator('boggle-bounds[panel=tree]');
  await element.scrollIntoViewIfNeeded();
  const frame = element.locator('iframe').contentFrame();
  await frame.locator('.tree-choice').first().waitFor();
  assert.match(await frame.locator('.choice-label').first().textContent(), /best of A, U = 2/);
  // Both letters of the choice are drawn: FA (kept) and FU (dimmed).
  const kept = await frame.locator('.tree-choice .tree-go').evaluateAll((items) =>
    items.map((li) => [li.querySelector(':scope > .tree-label .tree-prefix')?.textContent, li.dataset.chosen]),
  );
  assert.deepEqual(kept.filter(([p]) => p === 'FA' || p === 'FU'), [['FA', 'true'], ['FU', 'false']]);
  assert.deepEqual(page.errors, []);
});
