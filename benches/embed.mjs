// Start-up time and memory of a blog post with 1, 3 and 10 embedded widgets (a mix of bounds,
// board, search and break widgets), served from another origin of the same site, in headless
// Chromium. Each page is measured with the widgets sharing one engine (a SharedWorker) and with
// SharedWorker removed (each widget starts its own worker, as browsers without it do). Prints
//   bench embed startup-N-MODE   ms  navigation start to every widget showing its first result
//   bench embed memory-N-MODE    MB  proportional set size of the browser's processes, less an empty page's
//   bench embed heap-N-MODE      MB  JS heap used by the page and its frames (CDP Performance metrics)
//   bench embed workers-N-MODE   workers running (dedicated and shared)
// as medians of RUNS fresh browsers. `node benches/embed.mjs [RUNS]`.
import { chromium } from 'playwright-core';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHROMIUM_ARGS, FULL_CHROMIUM } from '../tests/e2e/helpers.mjs';
import { startServer } from '../scripts/serve.mjs';

const RUNS = Number(process.argv[2] ?? 3);
const root = new URL('../', import.meta.url).pathname;
const explorer = await startServer(root, 0);
const base = `http://127.0.0.1:${explorer.address().port}/`;
const blogDir = mkdtempSync(join(tmpdir(), 'boggle-bench-blog-'));
const blog = await startServer(blogDir, 0);

/** The widgets of a post, in the order a post with N of them uses them. */
const WIDGETS = [
  '<boggle-bounds board-class="lnrsy aeiou chkmpt chkmpt aeiou lnrsy lnrsy aeiou bdfgjvwxz"></boggle-bounds>',
  '<boggle-board board="perslatgsineters"></boggle-board>',
  '<boggle-search size="4x4" seed="1"></boggle-search>',
  '<boggle-break board-class="st t rs / e ae e / d l ps"></boggle-break>',
  '<boggle-bounds board-class="{a,e,i,o,u} {a,e,i,o,u} r {b,c,d,f,g,h} a t d e {r,s,t,v}"></boggle-bounds>',
  '<boggle-board board="streaedlp"></boggle-board>',
];
const post = (n) =>
  `<!doctype html><html><head><meta charset="utf-8"><title>Post</title><link rel="icon" href="data:,">
  <script type="module" src="${base}www/embed.js"></script></head><body><h1>A post</h1>${Array.from(
    { length: n },
    (_, i) => `<p>Paragraph ${i}.</p>${WIDGETS[i % WIDGETS.length]}`,
  ).join('\n')}</body></html>`;

/** Every process descended from `pid` (the browser and its renderers, GPU and utility processes). */
function descendants(pid) {
  const parent = new Map();
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      parent.set(Number(d), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // the process ended
    }
  }
  const out = [];
  const walk = (p) => {
    for (const [child, pp] of parent) if (pp === p) out.push(child), walk(child);
  };
  walk(pid);
  return out;
}

/** Proportional set size of the processes below this node process that run Chromium, in bytes. */
function browserPss() {
  let kb = 0;
  for (const pid of descendants(process.pid)) {
    try {
      if (!readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('chrom')) continue;
      kb += Number(/^Pss:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'))?.[1] ?? 0);
    } catch {
      // the process ended
    }
  }
  return kb * 1024;
}

/** One measurement of a post with `n` widgets; `shared` false removes SharedWorker first. */
async function measure(n, shared) {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? FULL_CHROMIUM, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ viewport: { width: 1000, height: 6000 } });
    if (!shared) await context.addInitScript(() => delete window.SharedWorker);
    const page = await context.newPage();
    await page.goto(`http://127.0.0.1:${blog.address().port}/`); // settles the browser's own processes
    const idle = browserPss();
    writeFileSync(join(blogDir, 'index.html'), post(n));
    await page.goto(`http://127.0.0.1:${blog.address().port}/?n=${n}`);
    await page.waitForFunction(
      (n) => {
        const all = document.querySelectorAll('boggle-board, boggle-bounds, boggle-search, boggle-break');
        return all.length === n && [...all].every((e) => e.dataset.state === 'ready');
      },
      n,
      { timeout: 120000, polling: 10 },
    );
    const startup = await page.evaluate(() => performance.now());
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    const { metrics } = await cdp.send('Performance.getMetrics');
    const heap = metrics.find((m) => m.name === 'JSHeapUsedSize').value;
    const browserCdp = await browser.newBrowserCDPSession();
    const { targetInfos } = await browserCdp.send('Target.getTargets');
    const workers = targetInfos.filter((t) => t.type === 'worker' || t.type === 'shared_worker').length;
    const memory = browserPss() - idle;
    return { startup, memory, heap, workers };
  } finally {
    await browser.close();
  }
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const mb = (bytes) => (bytes / 2 ** 20).toFixed(1);
try {
  for (const n of [1, 3, 10]) {
    for (const shared of [true, false]) {
      const runs = [];
      for (let i = 0; i < RUNS; i++) runs.push(await measure(n, shared));
      const set = `${n}-${shared ? 'shared' : 'own'}`;
      console.log(`bench embed startup-${set} ${median(runs.map((r) => r.startup)).toFixed(0)} ms`);
      console.log(`bench embed memory-${set} ${mb(median(runs.map((r) => r.memory)))} MB`);
      console.log(`bench embed heap-${set} ${mb(median(runs.map((r) => r.heap)))} MB`);
      console.log(`bench embed workers-${set} ${median(runs.map((r) => r.workers))} workers`);
    }
  }
} finally {
  explorer.close();
  blog.close();
  rmSync(blogDir, { recursive: true, force: true });
}
