// The page's main thread on a slow phone: full Chromium with its CPU slowed BENCH_CPU times
// (default 5, through the DevTools protocol) on a 360x740 touch screen, localhost, a fresh
// context per run. Three scenes, each where a view used to block the main thread:
// - search: a 5x5 annealing search (`?mode=search&size=5x5&target=10406`) runs 10 s after Start
//   is tapped, then Pause and Resume are tapped in turn (4 taps, 2.5 s apart);
// - bounds: the class `lnrsy aeiou chkmpt chkmpt aeiou lnrsy lnrsy aeiou bdfgjvwxz` is entered
//   over `perslatgsineters` and shown, then the screen turns to landscape and back;
// - solve: a 6x6 board's 36 letters are typed into the solver's box one every 90 ms (a fast
//   thumb), each solving as it comes, then Enter.
// For each scene it prints, as `bench page NAME VALUE UNIT` lines (medians of BENCH_RUNS runs,
// default 3): the main thread's long tasks (the Long Tasks API: each task over 50 ms) in the
// scene, their total and the longest; the main thread's CPU time in the scene and its longest
// task's (a trace: the work itself, as an unthrottled CPU does it); and the taps' or keystrokes'
// worst input delay (event to its handler) and worst duration (event to the next frame painted,
// the Event Timing API, in steps of 8 ms). Long tasks and input delays include any time the main
// thread waited for a core (the search's workers take both of a 2-core machine's): on a busy
// machine they are rough, the CPU times less so.
// Usage: node benches/main-thread.mjs [ROOT] (the site to serve: this checkout by default, or
// another build's, to compare the two in turn).
import { FULL_CHROMIUM, open } from '../tests/e2e/helpers.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const CPU = Number(process.env.BENCH_CPU ?? 5);
/** Only these scenes (BENCH_SCENES=search,bounds,solve); all by default. */
const SCENES = (process.env.BENCH_SCENES ?? 'search,bounds,solve').split(',');
const CLASS = 'lnrsy aeiou chkmpt chkmpt aeiou lnrsy lnrsy aeiou bdfgjvwxz';
const BOARD_6X6 = 'ligdrmanesietildsracsepesabcdefghijk';

const median = (/** @type {number[]} */ xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Records, in the page, every long task and every input event of 16 ms or more (window.__main). */
const observe = () => {
  const m = (window.__main = { tasks: [], events: [] });
  new PerformanceObserver((l) => {
    for (const e of l.getEntries()) m.tasks.push({ start: e.startTime, dur: e.duration });
  }).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((l) => {
    for (const e of l.getEntries()) {
      if (e.interactionId) m.events.push({ start: e.startTime, name: e.name, dur: e.duration, delay: e.processingStart - e.startTime });
    }
  }).observe({ type: 'event', buffered: true, durationThreshold: 16 });
};

/**
 * The long tasks and input events the page saw from page time `from` on (to `to`).
 * @param {import('playwright-core').Page} page
 * @param {number} from
 * @param {number} [to]
 */
async function seen(page, from, to = Infinity) {
  const m = await page.evaluate(() => window.__main);
  const inside = (/** @type {{start: number}} */ e) => e.start >= from && e.start < to;
  const tasks = m.tasks.filter(inside);
  const events = m.events.filter(inside);
  return {
    tasks: tasks.length,
    total: tasks.reduce((a, t) => a + t.dur, 0),
    worst: Math.max(0, ...tasks.map((t) => t.dur)),
    delay: Math.max(0, ...events.map((e) => e.delay)),
    duration: Math.max(0, ...events.map((e) => e.dur)),
  };
}

const pageNow = (/** @type {import('playwright-core').Page} */ page) => page.evaluate(() => performance.now());

/**
 * Each scene: `ready` opens its page and waits until it is ready, `act` plays it.
 * @type {Record<string, {ready: (page: import('playwright-core').Page, base: string) => Promise<void>, act: (page: import('playwright-core').Page) => Promise<void>}>}
 */
const scenes = {
  search: {
    async ready(page, base) {
      await page.goto(`${base}?mode=search&size=5x5&target=10406`);
      await page.waitForFunction(() => document.querySelector('[data-testid=anneal-start]')?.disabled === false, null, { timeout: 60_000 });
    },
    async act(page) {
      await page.getByTestId('anneal-start').tap({ timeout: 60_000 });
      await page.waitForFunction(() => /\d/.test(document.querySelector('[data-testid=anneal-best-score]')?.textContent ?? ''), null, { timeout: 60_000 });
      await page.waitForTimeout(10_000);
      for (let i = 0; i < 4; i++) {
        const pause = page.getByRole('button', { name: /^(Pause|Resume)$/ });
        const label = await pause.textContent();
        await pause.tap({ noWaitAfter: true, timeout: 60_000 });
        await page.waitForFunction((was) => [...document.querySelectorAll('button')].some((b) => /^(Pause|Resume)$/.test(b.textContent ?? '') && b.textContent !== was), label, { timeout: 60_000 });
        await page.waitForTimeout(2_500);
      }
    },
  },
  bounds: {
    async ready(page, base) {
      await page.goto(`${base}?mode=bounds&class=perslatgsineters`);
      await page.waitForFunction(() => /\d/.test(document.querySelector('[data-testid=bound-sum-union]')?.textContent ?? ''), null, { timeout: 60_000 });
      await page.locator('#class-input').fill(CLASS);
    },
    async act(page) {
      await page.locator('#class-input').press('Enter');
      await page.waitForFunction(() => /9,?359/.test(document.querySelector('[data-testid=bound-max-nomark]')?.textContent ?? ''), null, { timeout: 60_000 });
      await page.waitForTimeout(2_000);
      await page.setViewportSize({ width: 740, height: 360 });
      await page.waitForTimeout(1_500);
      await page.setViewportSize({ width: 360, height: 740 });
      await page.waitForTimeout(1_500);
    },
  },
  solve: {
    async ready(page, base) {
      await page.goto(`${base}?board=perslatgsineters`);
      await page.waitForFunction(() => document.querySelectorAll('[data-testid=word]').length > 0, null, { timeout: 60_000 });
      const input = page.locator('#board-input');
      await input.tap();
      await input.fill('');
    },
    async act(page) {
      for (const ch of BOARD_6X6) {
        await page.keyboard.type(ch);
        await page.waitForTimeout(90);
      }
      await page.keyboard.press('Enter');
      await page.waitForFunction(() => document.querySelectorAll('[data-testid=cell]').length === 36, null, { timeout: 60_000 });
      await page.waitForTimeout(1_500);
    },
  },
};

/**
 * The CPU time of the page's main thread in a trace (Chromium's "toplevel" tasks of each
 * renderer main thread): the total and the longest task's, in ms. The CPU slowdown pauses the
 * thread rather than making it work longer, so this is the work as an unthrottled CPU does it,
 * and waiting for a core is not in it.
 * @param {Buffer} trace
 */
function mainThreadCpu(trace) {
  const { traceEvents } = JSON.parse(trace.toString());
  const main = new Set(traceEvents.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
  const cpu = traceEvents.filter((e) => e.ph === 'X' && e.cat === 'toplevel' && main.has(`${e.pid}:${e.tid}`) && e.tdur !== undefined).map((e) => e.tdur / 1000);
  return { cpu: cpu.reduce((a, b) => a + b, 0), cpuWorst: Math.max(0, ...cpu) };
}

const env = await open(process.argv[2], {}, FULL_CHROMIUM);
try {
  for (const name of SCENES) {
    const runs = [];
    for (let run = 0; run < RUNS; run++) {
      const page = await env.page({ viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
      await page.addInitScript(observe);
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU });
      await scenes[name].ready(page, env.base);
      const from = await pageNow(page);
      await env.browser.startTracing(page, { categories: ['toplevel'] });
      await scenes[name].act(page);
      const cpu = mainThreadCpu(await env.browser.stopTracing());
      runs.push({ ...(await seen(page, from)), ...cpu });
      if (page.errors.length) console.error(`${name}: ${page.errors.join('\n')}`);
      await env.closePages();
    }
    if (process.env.BENCH_VERBOSE) for (const r of runs) console.error(name, JSON.stringify(r));
    const m = (/** @type {'tasks' | 'total' | 'worst' | 'delay' | 'duration' | 'cpu' | 'cpuWorst'} */ k) => median(runs.map((r) => r[k]));
    console.log(`bench page main-${name}-long-tasks ${m('tasks')} tasks`);
    console.log(`bench page main-${name}-long-total ${m('total').toFixed(0)} ms`);
    console.log(`bench page main-${name}-long-worst ${m('worst').toFixed(0)} ms`);
    console.log(`bench page main-${name}-cpu ${m('cpu').toFixed(0)} ms`);
    console.log(`bench page main-${name}-cpu-worst ${m('cpuWorst').toFixed(0)} ms`);
    console.log(`bench page main-${name}-input-delay ${m('delay').toFixed(0)} ms`);
    console.log(`bench page main-${name}-input-duration ${m('duration').toFixed(0)} ms`);
  }
} finally {
  await env.close();
}
