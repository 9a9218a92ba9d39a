// The whole 3x3 partition search in the page: opens the break view in headless Chromium, starts
// the search (bdfgjqvwxz aeiou lnrsy chkmpt, target 500, one worker per core) and reports the
// time to finish and the boards found. Takes minutes; run it by hand, not from `make bench`.
// Prints `bench wasm break3x3-page SECONDS s` and the best board. Usage: node benches/break.mjs
import { open } from '../tests/e2e/helpers.mjs';

const env = await open();
try {
  const page = await env.page();
  await page.goto(`${env.base}?mode=break`);
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  const t = Date.now();
  await page.getByTestId('search-start').click();
  await page.waitForSelector('[data-testid="search-status"][data-state="done"]', { timeout: 3_600_000 });
  const secs = (Date.now() - t) / 1000;
  const boards = await page.$$eval('[data-testid="search-survivor"]', (a) => a.map((x) => `${x.dataset.score} ${x.dataset.board}`));
  const workers = await page.inputValue('#search-workers');
  console.error(`${boards.length} boards at or above 500, best ${boards[0]}, ${workers} workers`);
  console.log(`bench wasm break3x3-page ${secs.toFixed(0)} s`);
} finally {
  await env.close();
}
