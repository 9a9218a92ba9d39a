// The Play view's timings in headless Chromium on localhost; prints `bench page NAME VALUE UNIT`
// (medians of BENCH_RUNS fresh contexts, default 5):
// - play-board: navigation start to the round's board rolled and on screen under its cover
//   (the Start button shown; the letters show once Start is pressed), a cold cache,
//   `?mode=play&seed=…` (the URL a shared link opens);
// - play-judge: a word's Enter press to its verdict beside the box (the worker judges it,
//   the page draws it), over every word of a round's first 40 (accepted, refused, repeated);
// - play-judge-p95: the 95th percentile of the same.
// A word must be judged within a frame (16 ms) and the board shown within 300 ms.
import { FULL_CHROMIUM, open } from '../tests/e2e/helpers.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const WORDS = 40;

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const percentile = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))];

/** Records, in the page, when the rolled board is first up under its cover (ms since navigation start). */
const watchBoard = () => {
  const check = () => {
    const cell = document.querySelector('[data-testid=play-board] [data-index]');
    const cover = document.querySelector('[data-testid=play-cover]');
    if (cell && cover && !cover.hidden && !window.boardAt) window.boardAt = performance.now();
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
};

const env = await open(undefined, {}, FULL_CHROMIUM);
const boards = [];
const judged = [];
try {
  for (let run = 0; run < RUNS; run++) {
    const page = await env.page({ viewport: { width: 1280, height: 900 } });
    await page.addInitScript(watchBoard);
    await page.goto(`${env.base}?mode=play&seed=${1000 + run}&timer=off`);
    await page.waitForFunction(() => window.boardAt, null, { timeout: 60_000 });
    boards.push(await page.evaluate(() => window.boardAt));
    await page.getByTestId('play-start').click();
    await page.waitForFunction(() => document.querySelector('[data-testid=play-input]')?.disabled === false);
    const board = await page.$$eval('[data-testid=play-board] [data-index]', (cells) => cells.map((c) => c.textContent.trim().toLowerCase().replace('qu', 'q')).join(''));
    const words = await page.evaluate(async (b) => (await window.explorer.engine.call('solve', { board: b })).words.map((w) => w.word), board);
    // Real words, non-words, words off the board and repeats, as a player gives them.
    const given = [];
    for (let i = 0; given.length < WORDS; i++) given.push(i % 4 === 3 ? `zq${i}x`.replace(/\d/g, 'k') : words[i % words.length] ?? 'zebra');
    // The first word waits for the list to be built: the round is played once it is in.
    await page.evaluate(() => window.explorer.engine.call('judge', { board: 'abcd', word: '' }));
    for (const word of given) {
      const ms = await page.evaluate(async (w) => {
        const input = document.querySelector('[data-testid=play-input]');
        const feedback = document.querySelector('[data-testid=play-feedback]');
        delete feedback.dataset.verdict;
        input.value = w;
        const done = new Promise((ok) => new MutationObserver((_, o) => feedback.dataset.verdict && (o.disconnect(), ok())).observe(feedback, { attributes: true }));
        const t0 = performance.now();
        input.form.requestSubmit();
        await done;
        return performance.now() - t0;
      }, word);
      judged.push(ms);
    }
    await page.close();
  }
} finally {
  await env.close();
}
console.log(`bench page play-board ${median(boards).toFixed(0)} ms`);
console.log(`bench page play-judge ${median(judged).toFixed(2)} ms`);
console.log(`bench page play-judge-p95 ${percentile(judged, 0.95).toFixed(2)} ms`);
