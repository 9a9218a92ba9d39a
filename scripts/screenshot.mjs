// Takes the README's picture of the solver (docs/images/solve.png): `node scripts/screenshot.mjs
// [OUT]` after `make build`. Headless Chromium opens the page with a board, waits for its word
// list, points at the best word so its path shows on the grid, waits for the path's colours to
// settle, and saves the top of the view.
import { open } from '../tests/e2e/helpers.mjs';

const OUT = process.argv[2] ?? new URL('../docs/images/solve.png', import.meta.url).pathname;
/** The board shown and the word whose path is drawn on it. */
const BOARD = 'perslatgsineters';
const WORD = 'replasters';

const site = await open();
try {
  const page = await site.page({ viewport: { width: 1100, height: 688 }, deviceScaleFactor: 1, colorScheme: 'light' });
  await page.goto(`${site.base}?board=${BOARD}`);
  await page.waitForFunction(() => {
    const list = document.querySelector('[data-testid=word-list]');
    return list && !list.hasAttribute('aria-busy') && /^[\d,]+$/.test(document.querySelector('[data-testid=word-count]').textContent);
  });
  await page.locator(`[data-testid=word][data-word=${WORD}]`).first().hover();
  await page.waitForFunction(() => document.querySelector('[data-testid=cell][data-on-path=true]'));
  // The path's colours fade in: wait until every finite transition has ended, not a fixed time.
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
  );
  await page.screenshot({ path: OUT });
  if (page.errors.length) throw new Error(`the page reported errors: ${page.errors.join('; ')}`);
  console.log(`wrote ${OUT}`);
} finally {
  await site.close();
}
