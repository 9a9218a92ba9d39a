// Page timings in headless Chromium; prints `bench page NAME VALUE UNIT` (medians).
//
// First visit: navigation start to the score of `perslatgsineters` on screen, cold cache (a
// fresh browser context each run), on three networks throttled through the DevTools protocol
// (Network.emulateNetworkConditions):
// - localhost: no throttling;
// - fast-4g: 9 Mbit/s down, 60 ms round trip (1.5 Mbit/s up, as DevTools' preset);
// - slow-4g: 1.6 Mbit/s down, 150 ms round trip (750 kbit/s up).
// Bytes before the first score are the transfer sizes (compressed, headers included) the server
// sent for every request made before the score showed, split into word list, wasm and the rest.
// BENCH_LOG=1 prints each request of the last run, in order, with when it started.
//
// New board: a typed 4x4 board to its score and word list in the DOM (solve + render), and to
// the next frame after that (layout and paint included), on localhost.
//
// Repeat visit: the same navigation with the service worker warm (the page, engine and list
// cached by an earlier visit) on "slow 4G".
import { FULL_CHROMIUM, open, serviceWorkerWarm } from '../tests/e2e/helpers.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const BOARD = 'perslatgsineters';

/** The networks of the first-visit figures; `null` conditions: no throttling. */
const NETWORKS = [
  { name: 'localhost', conditions: null },
  { name: 'fast-4g', conditions: { latency: 60, downloadThroughput: 9e6 / 8, uploadThroughput: 1.5e6 / 8 } },
  { name: 'slow-4g', conditions: { latency: 150, downloadThroughput: 1.6e6 / 8, uploadThroughput: 0.75e6 / 8 } },
];

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Which share of the bytes a request path counts in. */
const kindOf = (path) => (/\.(trie|dawg)$/.test(path) ? 'list' : path.endsWith('.wasm') ? 'wasm' : 'other');

/** Records, in the page, when the score first shows digits (ms since navigation start). */
const watchScore = () => {
  const check = () => {
    const el = document.querySelector('[data-testid=score]');
    if (el && /^\d+$/.test(el.textContent) && !window.firstScoreAt) window.firstScoreAt = performance.now();
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true, characterData: true });
};

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
  await serviceWorkerWarm(first, `${env.base}pkg/enable2k.dawg`);
  await first.close();
  await context.addInitScript(watchScore);
  const times = [];
  for (let i = 0; i < runs; i++) {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, ...NETWORKS.find((n) => n.name === 'slow-4g').conditions });
    await page.goto(url);
    await page.waitForFunction(() => window.firstScoreAt);
    times.push(await page.evaluate(() => window.firstScoreAt));
    await page.close();
  }
  await context.close();
  return times;
}

const env = await open(undefined, {}, FULL_CHROMIUM);

/**
 * Every response the server sends: {path, at (epoch ms of the request), bytes}. Bytes are what
 * went out on the connection for it, headers included (one request at a time per connection).
 */
const served = [];
env.server.on('request', (req, res) => {
  const entry = { path: req.url.split('?')[0], at: Date.now(), bytes: 0 };
  served.push(entry);
  const start = req.socket.bytesWritten;
  res.on('finish', () => (entry.bytes = req.socket.bytesWritten - start));
});

/**
 * Throttles the page's network. Its dedicated workers' requests go through the page's
 * throttling too (checked: with 1 s of latency the worker's module imports arrive a second apart).
 */
async function throttle(page, conditions) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, ...conditions });
}

/** One cold first visit on `network`: {ms, bytes: {list, wasm, other}, log}. */
async function firstVisit(network) {
  const page = await env.page();
  await page.addInitScript(watchScore);
  if (network.conditions) await throttle(page, network.conditions);
  served.length = 0;
  // Generous limits: a throttled visit on a busy machine can take long; nothing is timed by them.
  await page.goto(`${env.base}?board=${BOARD}`, { waitUntil: 'commit', timeout: 120_000 });
  await page.waitForFunction(() => window.firstScoreAt, null, { timeout: 120_000 });
  const { ms, origin } = await page.evaluate(() => ({ ms: window.firstScoreAt, origin: performance.timeOrigin }));
  if ((await page.getByTestId('score').textContent()) !== '3625') throw new Error('wrong first score');
  const before = served.filter((r) => r.at <= origin + ms);
  const bytes = { list: 0, wasm: 0, other: 0 };
  for (const r of before) bytes[kindOf(r.path)] += r.bytes;
  const log = served.map((r) => `${(r.at - origin).toFixed(0).padStart(6)} ms  ${String(r.bytes).padStart(8)} B  ${r.path}`);
  await page.context().close();
  return { ms, bytes, log };
}

try {
  for (const network of NETWORKS) {
    const runs = [];
    for (let i = 0; i < RUNS; i++) runs.push(await firstVisit(network));
    console.log(`bench page first-score-${network.name} ${median(runs.map((r) => r.ms)).toFixed(0)} ms`);
    if (network.conditions === null) {
      for (const kind of ['list', 'wasm', 'other']) {
        const kb = median(runs.map((r) => r.bytes[kind])) / 1000;
        console.log(`bench page bytes-before-first-score-${kind} ${kb.toFixed(1)} KB`);
      }
      const all = median(runs.map((r) => r.bytes.list + r.bytes.wasm + r.bytes.other)) / 1000;
      console.log(`bench page bytes-before-first-score ${all.toFixed(1)} KB`);
    }
    if (process.env.BENCH_LOG) console.log(runs.at(-1).log.join('\n'));
  }

  // ---- Repeat visit ---------------------------------------------------------------------------
  const repeat = await repeatVisitSlow4g(RUNS);
  console.log(`bench page repeat-visit-slow4g ${median(repeat).toFixed(0)} ms`);

  // ---- New board ------------------------------------------------------------------------------
  const page = await env.page();
  await page.goto(`${env.base}?board=${BOARD}`);
  await page.waitForFunction(() => /^\d+$/.test(document.querySelector('[data-testid=score]').textContent));
  const boards = ['gneesssateriltpd', 'seriaetlpdnsgiet', 'rstlaeinodsrteca', BOARD];
  const dom = [];
  const frame = [];
  for (let i = 0; i < RUNS * 3; i++) {
    const [d, f] = await page.evaluate(typeBoard, boards[i % boards.length]);
    dom.push(d);
    frame.push(f);
  }
  console.log(`bench page new-board-dom ${median(dom).toFixed(1)} ms`);
  console.log(`bench page new-board-frame ${median(frame).toFixed(1)} ms`);
} finally {
  await env.close();
}

/** Types `board` into the board input; resolves to [ms to DOM updated, ms to next frame]. */
function typeBoard(board) {
  return new Promise((done) => {
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
}
