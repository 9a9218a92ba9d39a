// Page timings in headless Chromium on localhost; prints `bench page NAME VALUE ms` (medians).
// first-score: navigation start to the score on screen, cold cache (a fresh browser context).
// new-board: a typed 4x4 board to its score and word list in the DOM (solve + render), and
// to the next frame after that (layout and paint included).
import { open } from '../tests/e2e/helpers.mjs';

const RUNS = 7;
const env = await open();
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Records, in the page, when the score first shows digits (ms since navigation start). */
const watchScore = () => {
  const check = () => {
    const el = document.querySelector('[data-testid=score]');
    if (el && /^\d+$/.test(el.textContent) && !window.firstScoreAt) window.firstScoreAt = performance.now();
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true, characterData: true });
};

/** Types `board` into the board input; resolves to [ms to DOM updated, ms to next frame]. */
const typeBoard = (board) =>
  new Promise((done) => {
    const score = document.querySelector('[data-testid=score]');
    const input = document.querySelector('#board-input');
    let t0;
    const mo = new MutationObserver(() => {
      mo.disconnect();
      const dom = performance.now() - t0;
      requestAnimationFrame(() => setTimeout(() => done([dom, performance.now() - t0]), 0));
    });
    mo.observe(score, { childList: true, characterData: true, subtree: true });
    input.focus();
    input.value = board;
    t0 = performance.now();
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });

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
  console.log(`bench wasm page-first-score ${median(first).toFixed(0)} ms`);

  const page = await env.page();
  await page.goto(`${env.base}?board=perslatgsineters`);
  await page.waitForFunction(() => /^\d+$/.test(document.querySelector('[data-testid=score]').textContent));
  const boards = ['gneesssateriltpd', 'seriaetlpdnsgiet', 'rstlaeinodsrteca', 'perslatgsineters'];
  const dom = [];
  const frame = [];
  for (let i = 0; i < RUNS * 2; i++) {
    const [d, f] = await page.evaluate(typeBoard, boards[i % boards.length]);
    dom.push(d);
    frame.push(f);
  }
  console.log(`bench wasm page-new-board-dom ${median(dom).toFixed(1)} ms`);
  console.log(`bench wasm page-new-board-frame ${median(frame).toFixed(1)} ms`);
} finally {
  await env.close();
}
