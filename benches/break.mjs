// Partition runs (every class of a partition) in the page, in headless Chromium. Run by hand, not from `make bench`.
//
// `node benches/break.mjs`: the whole 3x3 partition run in the break view (bdfgjqvwxz aeiou lnrsy
// chkmpt, target 500, one worker per core); minutes. Prints `bench wasm break3x3-page SECONDS s`.
//
// `node benches/break.mjs whole3x4 [any-corner]`: the whole published 3x4 proof (below) in the
// break view, one worker per core; an hour or more. With `any-corner`, the Break view's preset
// with any letter on the corners instead (1.18 hours with 2 workers on the slower machine of
// docs/performance.md). Prints `bench wasm break3x4-page
// HOURS h` (or `break3x4-any-corner-page`).
//
// `node benches/break.mjs sample N [WORKERS] [any-corner]`: prices the published 3x4 proof
// (aeijou bcdfgmpqvwxz hklnrsty, corner:aeiosuy bcdfghjklmnpqrtvwxz, target 1500), or with
// `any-corner` the preset with any letter on the corners, in the browser: N class ids spread
// evenly over the id range are broken by WORKERS (default 2) of the page's engine workers, the
// same worker and wasm module the break view uses. Prints the CPU time per class, each class's
// id and milliseconds (to set beside a native run's `--out` file), and `bench wasm
// break3x4-estimate HOURS h` (or `break3x4-any-corner-estimate`: the whole proof, wall clock
// with WORKERS workers).
import { FULL_CHROMIUM, open } from '../tests/e2e/helpers.mjs';
import { PRESETS } from '../www/views/break/parts.js';

/** The letter groups of the Break view's preset `id`, so the bench runs what the view offers. */
const presetPartition = (id) => {
  const preset = PRESETS.find((p) => p.id === id);
  if (!preset) throw new Error(`no Break view preset ${id}`);
  return preset.partition;
};
const PARTITION_3X4 = presetPartition('3x4');
const PARTITION_3X4_ANY_CORNER = presetPartition('3x4-any-corner');

async function whole(page, query = '', target = 500) {
  await page.goto(`${env.base}?mode=break${query}`);
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  const t = Date.now();
  await page.getByTestId('partition-start').click();
  // Progress every minute on stderr, as the page shows it.
  const progress = setInterval(async () => {
    const status = await page.getByTestId('partition-status').textContent().catch(() => '');
    console.error(`${((Date.now() - t) / 60_000).toFixed(0)} min: ${status.replace(/\s+/g, ' ').trim()}`);
  }, 60_000);
  await page
    .waitForSelector('[data-testid="partition-status"][data-state="done"]', { timeout: 4 * 3_600_000 })
    .finally(() => clearInterval(progress));
  const secs = (Date.now() - t) / 1000;
  const boards = await page.$$eval('[data-testid="partition-survivor"]', (a) => a.map((x) => `${x.dataset.score} ${x.dataset.board}`));
  const workers = await page.inputValue('#partition-workers');
  console.error(`${boards.length} boards at or above ${target}, best ${boards[0]}, ${workers} workers`);
  return secs;
}

async function sample3x4(page, n, workers, any) {
  await page.goto(`${env.base}?mode=break`);
  const r = await page.evaluate(
    async ({ partition, n, workers }) => {
      const { Engine } = await import('./www/engine.js');
      const pool = Array.from({ length: workers }, () => new Engine({ preload: ['enable2k'] }));
      const info = await pool[0].call('partitionInfo', { partition, size: '3x4' });
      const ids = Array.from({ length: n }, (_, i) => Math.floor(((i + 0.5) * info.classes) / n));
      const perClass = [];
      let found = 0;
      let next = 0;
      const t = performance.now();
      await Promise.all(
        pool.map(async (engine) => {
          while (next < ids.length) {
            const id = ids[next++];
            const args = { partition, size: '3x4', target: 1500, from: id, to: id + 1 };
            const p = await engine.request('breakChunk', args).promise;
            perClass.push([id, p.finished_ms]);
            found += p.found.length;
          }
        }),
      );
      const wallMs = performance.now() - t;
      pool.forEach((e) => e.terminate());
      return { classes: info.classes, found, wallMs, perClass };
    },
    { partition: any ? PARTITION_3X4_ANY_CORNER : PARTITION_3X4, n, workers },
  );
  for (const [id, ms] of r.perClass.sort((a, b) => a[0] - b[0])) console.error(`class ${id}: ${ms.toFixed(0)} ms`);
  const times = r.perClass.map(([, ms]) => ms);
  const cpu = times.reduce((a, b) => a + b, 0);
  const per = cpu / times.length;
  const sorted = [...times].sort((a, b) => a - b);
  const q = (f) => (sorted[Math.min(sorted.length - 1, Math.floor(f * sorted.length))] / 1000).toFixed(2);
  const sd = Math.sqrt(times.reduce((a, x) => a + (x - per) ** 2, 0) / (times.length - 1));
  const hours = (ms) => ms / 3_600_000;
  const total = per * r.classes;
  const err = 1.96 * (sd / Math.sqrt(times.length)) * r.classes;
  console.error(
    `${times.length} classes of ${r.classes} in ${(r.wallMs / 1000).toFixed(1)} s wall with ${workers} workers; ` +
      `CPU per class ${(per / 1000).toFixed(2)} s (median ${q(0.5)} s, 90% ${q(0.9)} s, max ${q(1)} s); ${r.found} boards found`,
  );
  console.error(
    `whole proof: ${hours(total).toFixed(1)} CPU hours (95% interval ${hours(Math.max(0, total - err)).toFixed(1)}-${hours(total + err).toFixed(1)}), ` +
      `about ${hours(total / workers).toFixed(1)} h with ${workers} workers`,
  );
  console.log(`bench wasm break3x4${any ? '-any-corner' : ''}-estimate ${hours(total / workers).toFixed(2)} h`);
}

const env = await open(undefined, {}, FULL_CHROMIUM);
try {
  const page = await env.page();
  if (process.argv[2] === 'sample') {
    await sample3x4(page, Number(process.argv[3] ?? 60), Number(process.argv[4] ?? 2), process.argv[5] === 'any-corner');
  } else if (process.argv[2] === 'whole3x4') {
    const any = process.argv[3] === 'any-corner';
    const partition = any ? PARTITION_3X4_ANY_CORNER : PARTITION_3X4;
    const query = `&size=3x4&target=1500&partition=${encodeURIComponent(partition)}`;
    const secs = await whole(page, query, 1500);
    console.log(`bench wasm break3x4${any ? '-any-corner' : ''}-page ${(secs / 3600).toFixed(2)} h`);
  } else {
    console.log(`bench wasm break3x3-page ${(await whole(page)).toFixed(0)} s`);
  }
} finally {
  await env.close();
}
