// The solve view's board as an editor: what typing on a traced board does (it edits from the
// focused cell on and drops the traced path first), and how a Qu cube reads in the box and
// the grid.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { browserEnv } from './helpers.mjs';

const env = browserEnv();

/** Opens the solver at `query` and waits for its score. */
async function load(query) {
  const page = await env.page();
  await page.goto(`${env.base}${query}`);
  await page.getByTestId('score').filter({ hasText: /^\d+$/ }).waitFor();
  return page;
}

const cell = (page, i) => page.locator(`[data-testid=cell][data-index="${i}"]`);
const boardParam = (page) => new URL(page.url()).searchParams.get('board');
const faces = (page) => page.locator('[data-testid=cell] .face').allTextContents();

test('typing on a traced board drops the path and edits every typed cell from the focused one on', async () => {
  const page = await load('?board=perslatgsineters');
  // Trace P E R S, then click A: A does not touch S, so the path starts again at A.
  for (const i of [0, 1, 2, 3, 5]) await cell(page, i).click();
  assert.equal(await page.locator('[data-testid=cell][data-on-path=true]').count(), 1);
  await page.keyboard.type('xyz');
  // Each letter lands at once (the board's answers come later), one cell after the other.
  assert.deepEqual((await faces(page)).slice(4, 8), ['L', 'X', 'Y', 'Z']);
  await page.waitForFunction(() => new URLSearchParams(location.search).get('board') === 'perslxyzsineters');
  await page.getByTestId('score').filter({ hasText: /^\d+$/ }).waitFor();
  assert.deepEqual((await faces(page)).slice(4, 8), ['L', 'X', 'Y', 'Z']);
  // No path is left over from before the edit, and focus is on the cell after the last typed.
  assert.equal(await page.locator('[data-testid=cell][data-on-path=true]').count(), 0);
  assert.equal(await page.evaluate(() => document.activeElement.dataset.index), '8');
  assert.doesNotMatch(await page.locator('.current').textContent(), /keep clicking|is not in/);
  assert.deepEqual(page.errors, []);
});

test('typing on the board says what it does', async () => {
  const page = await load('?board=perslatgsineters');
  assert.match(await page.locator('#board-help').textContent(), /type on the board.*from the focused cell.*traced path/i);
});

test('a Qu cube reads as one cube: "Qu" on the grid, "qu" in the box, and a note when typed "qu" made one cube', async () => {
  // QUIT on a 2x2 board: there is no Q cube, so it is Qu, U, I, T.
  const page = await load('?board=quit&dims=22');
  assert.deepEqual(await faces(page), ['Qu', 'U', 'I', 'T']);
  // The box writes each Qu cube "qu", so it reads (and reads back) as four cubes.
  assert.equal(await page.locator('#board-input').inputValue(), 'quu it');
  const note = page.getByTestId('qu-note');
  assert.match(await note.textContent(), /“qu” here is a Qu cube, then a U cube/);

  // Ten letters typed for a 3x3 board: the typed "qu" is one Qu cube, and the note says so.
  const input = page.locator('#board-input');
  await input.fill('quit sab cde');
  await input.press('Enter');
  await page.waitForFunction(() => new URLSearchParams(location.search).get('board') === 'qitsabcde');
  assert.deepEqual((await faces(page)).slice(0, 3), ['Qu', 'I', 'T']);
  assert.match(await note.textContent(), /typed “qu” is one Qu cube/);
  await input.blur();
  // A board without Qu needs no note.
  await input.fill('streaedlp');
  await input.press('Enter');
  await page.waitForFunction(() => new URLSearchParams(location.search).get('board') === 'streaedlp');
  assert.equal(await note.isHidden(), true);
  assert.deepEqual(page.errors, []);
});

test('picking a size keeps typed letters that fit it, a Qu cube counted once', async () => {
  // 3x4 with a Qu cube: the box reads "qu" for it (13 letters), the board is 12 cubes.
  const page = await load('?board=qatsbcdefghi&dims=34');
  assert.equal(await page.locator('#board-input').inputValue(), 'quats bcde fghi');
  await page.locator('#size-select').selectOption('4x3');
  await page.waitForFunction(() => new URLSearchParams(location.search).get('dims') === '43');
  assert.equal(new URL(page.url()).searchParams.get('board'), 'qatsbcdefghi');
  assert.deepEqual(page.errors, []);
});
