// Page timings in headless Chromium on localhost; prints `bench page NAME VALUE ms` (medians).
// first-score: navigation start to the score on screen, cold cache (a fresh browser context).
// new-board: a typed 4x4 board to its score and word list in the DOM (solve + render), and
// to the next frame after that (layout and paint included).
// repeat-visit-slow4g: a repeat visit with the service worker warm (the page, engine and list
// cached by an earlier visit), navigation start to the score on screen, on "slow 4G".
import { open, serviceWorkerWarm } from '../tests/e2e/helpers.mjs';

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

/** "Slow 4G" for Network.emulateNetworkConditions: 1.6 Mbit/s down, 750 kbit/s up, 150 ms RTT. */
const SLOW_4G = { offline: false, latency: 150, downloadThroughput: 1.6e6 / 8, uploadThroughput: 750e3 / 8 };

/**
 * Repeat visits on "slow 4G": one context makes a first visit (unthrottled) and waits until the
 * service worker controls it and has cached the list; then each run opens a new page in that
 * context, throttled through the DevTools protocol, and times the first score. Returns ms.
 */
async function repeatVisitSlow4g(runs) {
  const url = `${env.base}?board=perslatgsineters`;
  const first = await env.page({ serviceWorkers: 'allow' });
  const context = first.context();
  await first.goto(url);
  await first.waitForFunction(() => /^\d+$/.test(document.querySelector('[data-testid=score]')?.textContent ?? ''));
  await serviceWorkerWarm(first, `${env.base}pkg/enable2k.trie`);
  await first.close();
  await context.addInitScript(watchScore);
  const times = [];
  for (let i = 0; i < runs; i++) {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
    await page.goto(url);
    await page.waitForFunction(() => window.firstScoreAt);
    times.push(await page.evaluate(() => window.firstScoreAt));
    await page.close();
  }
  await context.close();
  return times;
}

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

  const repeat = await repeatVisitSlow4g(RUNS);
  console.log(`bench page repeat-visit-slow4g ${median(repeat).toFixed(0)} ms`);
} finally {
  await env.close();
}
