// A long annealing run in the page, watched: opens the search view (4x4 annealing, seed 3, one
// worker per core, no target) in headless Chromium and, at each checkpoint, records the page's
// JavaScript heap, its DOM nodes and event listeners, the engine workers' JavaScript heaps, the
// resident memory of the browser's renderer processes (the page and its engine workers), the
// longest chart draw and the median and longest of the last 100, every main-thread task over 50 ms since
// the start (the Long Tasks API: on a busy machine they include time the main thread waited
// for a core), the main thread's tasks over a 10 s trace window just before each checkpoint
// by the CPU time they used (on a machine whose cores the workers keep busy a task's wall time
// includes waiting for a core, its CPU time does not), and whether the chart's drawn best
// lines end on the best scores the view reports. With SHOTS set to a folder it also saves screenshots at each checkpoint: desktop and
// phone width, light and dark. Prints `bench wasm ...` lines.
// Usage: node benches/search-soak.mjs [MINUTES=30] [CHECKPOINTS=3,30,60,300,...] (seconds)
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { FULL_CHROMIUM, open } from '../tests/e2e/helpers.mjs';

const minutes = Number(process.argv[2] ?? 30);
const checkpoints = (process.argv[3] ?? '3,30,60,300,600,900,1200,1500,1800')
  .split(',')
  .map(Number)
  .filter((s) => s <= minutes * 60);
const shots = process.env.SHOTS;
/** Seconds of main-thread trace before each checkpoint. */
const TRACE_SECONDS = 10;
if (shots) mkdirSync(shots, { recursive: true });

/** Resident memory of this script's Chromium renderer processes (page and workers), in MB. */
function rendererMb() {
  const rows = execFileSync('ps', ['-eo', 'pid=,ppid=,rss=,args='], { encoding: 'utf8' })
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [pid, ppid, rss, ...args] = line.trim().split(/\s+/);
      return { pid: Number(pid), ppid: Number(ppid), rss: Number(rss), args: args.join(' ') };
    });
  // The browser this script started is its child; its renderers are among the descendants.
  const ours = new Set([process.pid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const r of rows) if (ours.has(r.ppid) && !ours.has(r.pid)) grew = ours.add(r.pid) !== null;
  }
  let kb = 0;
  for (const r of rows) if (ours.has(r.pid) && r.args.includes('--type=renderer')) kb += r.rss;
  return kb / 1024;
}

/**
 * The JavaScript heap of each of the browser's dedicated workers after a garbage collection, in
 * MB: the engine workers' side of the renderers' memory (their wasm memory is measured apart).
 * Workers are reached through the browser's CDP session (Target.sendMessageToTarget).
 */
async function workerHeapsMb(browser) {
  const cdp = await browser.newBrowserCDPSession();
  let next = 1;
  const waiting = new Map();
  cdp.on('Target.receivedMessageFromTarget', ({ message }) => {
    const m = JSON.parse(message);
    waiting.get(m.id)?.(m.result);
    waiting.delete(m.id);
  });
  const ask = (sessionId, method) =>
    new Promise((ok) => {
      const id = next++;
      waiting.set(id, ok);
      cdp.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method }) });
    });
  const { targetInfos } = await cdp.send('Target.getTargets');
  const heaps = [];
  for (const t of targetInfos.filter((t) => t.type === 'worker')) {
    const { sessionId } = await cdp.send('Target.attachToTarget', { targetId: t.targetId, flatten: false });
    await ask(sessionId, 'HeapProfiler.collectGarbage');
    heaps.push((await ask(sessionId, 'Runtime.getHeapUsage')).usedSize / 2 ** 20);
  }
  await cdp.detach();
  return heaps;
}

/**
 * The page's main-thread tasks during a trace of `seconds` (Chromium's "toplevel" tasks of each
 * renderer main thread): how many ran, how many used over 50 ms of CPU, the longest by CPU
 * time and the longest by wall time, in ms.
 * @param {import('playwright-core').Browser} browser
 * @param {import('playwright-core').Page} page
 * @param {number} seconds
 */
async function traceTasks(browser, page, seconds) {
  await browser.startTracing(page, { categories: ['toplevel', 'disabled-by-default-devtools.timeline'] });
  await new Promise((ok) => setTimeout(ok, seconds * 1000));
  const { traceEvents } = JSON.parse((await browser.stopTracing()).toString());
  const main = new Set(
    traceEvents.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`),
  );
  const tasks = traceEvents.filter((e) => e.ph === 'X' && e.cat === 'toplevel' && main.has(`${e.pid}:${e.tid}`) && e.tdur !== undefined);
  const cpu = tasks.map((e) => e.tdur / 1000);
  const wall = tasks.map((e) => e.dur / 1000);
  // What the tasks over 50 ms of CPU spent it on: the CPU time of the timeline events inside
  // them by name (nested events counted in each, so the figures overlap).
  const long = tasks.filter((e) => e.tdur > 50_000);
  /** @type {Map<string, number>} */
  const inLong = new Map();
  for (const e of traceEvents) {
    if (e.ph !== 'X' || e.cat === 'toplevel' || e.tdur === undefined || !main.has(`${e.pid}:${e.tid}`)) continue;
    if (long.some((t) => t.pid === e.pid && t.tid === e.tid && e.ts >= t.ts && e.ts < t.ts + t.dur)) inLong.set(e.name, (inLong.get(e.name) ?? 0) + e.tdur / 1000);
  }
  const top = [...inLong].sort((a, b) => b[1] - a[1]).slice(0, 6).map(([n, ms]) => `${n} ${ms.toFixed(0)} ms`);
  const busy = cpu.reduce((a, b) => a + b, 0) / (seconds * 1000);
  return { count: tasks.length, over50: long.length, longestCpu: Math.max(0, ...cpu), longestWall: Math.max(0, ...wall), busy, top };
}

const env = await open(undefined, {}, FULL_CHROMIUM);
try {
  const page = await env.page({ viewport: { width: 1280, height: 900 } });
  await page.addInitScript(() => {
    // Main-thread tasks over 50 ms once the search has started (the page's own start-up
    // compiles and loads before that).
    window.longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) if (window.searchStarted && e.startTime > window.searchStarted) window.longTasks.push(Math.round(e.duration));
    }).observe({ type: 'longtask', buffered: true });
  });
  await page.goto(`${env.base}?mode=search&opt=anneal&size=4x4&seed=3`);
  await page.getByTestId('anneal-start').waitFor();
  const cdp = await page.context().newCDPSession(page);
  const t0 = Date.now();
  await page.evaluate(() => (window.searchStarted = performance.now()));
  await page.getByTestId('anneal-start').click();
  let previous = 0;
  for (const at of checkpoints) {
    // The trace window ends at the checkpoint (shorter when the checkpoint before is nearer).
    const window = Math.min(TRACE_SECONDS, at - previous);
    previous = at;
    const wait = t0 + (at - window) * 1000 - Date.now();
    if (wait > 0) await new Promise((ok) => setTimeout(ok, wait));
    const tasks = await traceTasks(env.browser, page, window);
    // Garbage collected first, so the figure is what the page holds, not what it has yet to free.
    await cdp.send('HeapProfiler.collectGarbage');
    const { usedSize } = await cdp.send('Runtime.getHeapUsage');
    // What the page holds besides its heap: its DOM nodes and event listeners (a view that
    // adds nodes on every update, or listeners it never removes, grows here).
    const { nodes, jsEventListeners } = await cdp.send('Memory.getDOMCounters');
    const state = await page.evaluate(() => ({
      long: window.longTasks.slice(),
      // The exact count (the figure on screen may be in words, "12.2 million").
      boards: ((b) => (b?.querySelector('.visually-hidden') ?? b)?.textContent)(document.querySelector('[data-testid=search-boards]')),
      best: document.querySelector('[data-testid=anneal-best-score]')?.textContent,
      drawn: document.querySelector('.search-chart canvas')?.dataset.drawnBest,
      drawMs: document.querySelector('.search-chart .score-chart')?.dataset.drawMsMax,
      drawMedian: document.querySelector('.search-chart .score-chart')?.dataset.drawMsMedian,
      drawRecent: document.querySelector('.search-chart .score-chart')?.dataset.drawMsRecentMax,
      summary: document.querySelector('[data-testid=chart-summary]')?.textContent,
    }));
    const bests = [...(state.summary ?? '').matchAll(/best (\d+)/g)].map((m) => m[1]).join(',');
    const tag = `search-soak-${at}s`;
    console.log(`bench wasm ${tag}-page-heap ${(usedSize / 2 ** 20).toFixed(1)} MB`);
    console.log(`bench wasm ${tag}-renderers-rss ${rendererMb().toFixed(0)} MB`);
    console.log(`bench wasm ${tag}-dom-nodes ${nodes} nodes, ${jsEventListeners} listeners`);
    console.log(`bench wasm ${tag}-worker-heaps ${(await workerHeapsMb(env.browser)).map((mb) => mb.toFixed(2)).join(', ')} MB`);
    console.log(`bench wasm ${tag}-longest-chart-draw ${state.drawMs} ms`);
    console.log(`bench wasm ${tag}-median-chart-draw ${state.drawMedian} ms`);
    console.log(`bench wasm ${tag}-longest-of-last-100-chart-draws ${state.drawRecent} ms`);
    console.log(`bench wasm ${tag}-tasks-over-50ms ${state.long.length} (longest ${Math.max(0, ...state.long)} ms)`);
    console.log(
      `bench wasm ${tag}-traced-tasks-over-50ms-cpu ${tasks.over50} of ${tasks.count} in ${window} s (longest ${tasks.longestCpu.toFixed(1)} ms CPU, ${tasks.longestWall.toFixed(1)} ms wall; main thread busy ${(tasks.busy * 100).toFixed(0)}%)`,
    );
    if (tasks.top.length) console.error(`${at} s: in the tasks over 50 ms: ${tasks.top.join(', ')}`);
    console.error(`${at} s: ${state.boards} boards, best ${state.best}; drawn best ${state.drawn} against ${bests}: ${state.drawn === bests ? 'equal' : 'DIFFERENT'}`);
    if (shots) {
      for (const [name, width, scheme] of [['desktop', 1280, 'light'], ['desktop-dark', 1280, 'dark'], ['phone', 390, 'light'], ['phone-dark', 390, 'dark']]) {
        await page.setViewportSize({ width, height: 900 });
        await page.emulateMedia({ colorScheme: /** @type {'light' | 'dark'} */ (scheme) });
        // Two frames: the chart redraws on the resize.
        await page.evaluate(() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok))));
        await page.locator('.search-chart').screenshot({ path: join(shots, `chart-${at}s-${name}.png`) });
        if (name === 'desktop' || name === 'phone') await page.screenshot({ path: join(shots, `page-${at}s-${name}.png`), fullPage: true });
      }
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.emulateMedia({ colorScheme: 'light' });
    }
  }
} finally {
  await env.close();
}
