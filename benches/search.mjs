// Time to the best 4x4 board in the page: opens the search view in headless Chromium with the
// default optimizer and settings (one worker per core), seeds 1..N, and reports how long each
// run takes to reach 3625 (perslatgsineters). Prints `bench wasm SET VALUE UNIT` lines; the
// median is the figure to compare. Usage: node benches/search.mjs [SEEDS=5] [SIZE=4x4] [TARGET=3625]
import { open } from '../tests/e2e/helpers.mjs';

const [seeds = 5, size = '4x4', target = 3625] = process.argv.slice(2).map((a, i) => (i === 1 ? a : Number(a)));
const env = await open();
const times = [];
try {
  for (let seed = 1; seed <= seeds; seed++) {
    const page = await env.page();
    await page.goto(`${env.base}?mode=anneal&size=${size}&seed=${seed}&target=${target}`);
    await page.getByTestId('anneal-start').waitFor();
    // Let the page's own worker finish starting before the clock starts.
    await page.waitForTimeout(500);
    const t = Date.now();
    await page.getByTestId('anneal-start').click();
    await page.waitForFunction(
      (s) => Number(document.querySelector('[data-testid=anneal-best-score]')?.textContent) >= s,
      target,
      { timeout: 600_000, polling: 100 },
    );
    const secs = (Date.now() - t) / 1000;
    const best = (await page.getByTestId('anneal-best-board').textContent()).trim();
    const workers = await page.locator('.optimize-current-item').count();
    console.error(`seed ${seed}: ${secs.toFixed(1)} s to ${target} (${best}, ${workers} workers)`);
    times.push(secs);
    await page.close();
  }
} finally {
  await env.close();
}
times.sort((a, b) => a - b);
const median = times[Math.floor(times.length / 2)];
console.log(`bench wasm page-hillclimb${size}-seconds-to-${target}-median ${median.toFixed(1)} s`);
console.log(`bench wasm page-hillclimb${size}-seconds-to-${target}-max ${times[times.length - 1].toFixed(1)} s`);
