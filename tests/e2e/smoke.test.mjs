// The page loads, solves the default board in the worker and shows the known score.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { open } from './helpers.mjs';

let env;
before(async () => {
  env = await open();
});
after(() => env.close());

test('the default board scores 3625 with 1045 words', async () => {
  const page = await env.page();
  await page.goto(`${env.base}?board=perslatgsineters`);
  await page.waitForFunction(() => /^\d+$/.test(document.querySelector('[data-testid=score]')?.textContent ?? ''));
  assert.equal(await page.getByTestId('score').textContent(), '3625');
  assert.equal(await page.getByTestId('word-count').textContent(), '1045');
  assert.deepEqual(page.errors, []);
});
