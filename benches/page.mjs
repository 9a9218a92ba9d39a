// Page timings in headless Chromium on localhost: prints `bench page NAME VALUE ms`.
// first-score: navigation to the score on screen with a cold cache (a fresh browser context).
// new-board: typing a new 4x4 board to its score and word list on screen (solve + render).
import { open } from '../tests/e2e/helpers.mjs';

const RUNS = 5;
const env = await open();
const median = (xs) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Records, in the page, when the score first shows digits (ms since navigation start). */
const watchScore = () => {
  const check = () => {
    const el = document.querySelector('[data-testid=score]');
    if (el && /^\d+$/.test(el.textContent) && !window.firstScoreAt) window.firstScoreAt = performance.now();
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true, characterData: true });
};

try {
  const first = [];
  for (let i = 0; i < RUNS; i++) {
    const page = await env.page();
    await page.addInitScript(watchScore);
    await page.goto(`${env.base}?board=perslatgsineters`);
    await page.waitForFunction(() => window.firstScoreAt);
    first.push(await page.evaluate(() => window.firstScoreAt));
    await page.context().close();
  }
  console.log(`bench page first-score ${median(first).toFixed(0)} ms`);
} finally {
  await env.close();
}
