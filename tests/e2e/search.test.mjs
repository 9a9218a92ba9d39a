// The search view (mode=search) in headless Chromium: a seeded 3x3 run finds the best board,
// stop and pause hold the workers, the URL reproduces a run, bad parameters are explained and
// leaving the view stops the work.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { BOGGLE, browserEnv } from './helpers.mjs';

const env = browserEnv();

const BEST_3X3 = 'deslatper'; // canonical form of streaedlp, 545 points

const text = async (page, id) => (await page.getByTestId(id).first().textContent()).trim();
const boards = async (page) => Number((await text(page, 'search-boards')).replace(/\D/g, ''));

async function load(query) {
  const page = await env.page();
  await page.goto(`${env.base}?mode=search&${query}`);
  await page.getByTestId('anneal-start').waitFor();
  return page;
}

async function bestIs(page, score, timeout = 60_000) {
  await page.waitForFunction((s) => document.querySelector('[data-testid=anneal-best-score]')?.textContent === s, String(score), { timeout });
}

test('hill climbing on 3x3 with a fixed seed finds 545 (streaedlp) and the URL keeps the run', async () => {
  const page = await load('size=3x3&seed=5');
  await page.getByTestId('anneal-start').click();
  await bestIs(page, 545);
  assert.equal(await text(page, 'anneal-best-board'), BEST_3X3);
  const link = page.getByTestId('anneal-best-board');
  assert.equal(await link.getAttribute('href'), `?board=${BEST_3X3}`);
  const url = new URL(page.url());
  assert.equal(url.searchParams.get('mode'), 'search');
  assert.equal(url.searchParams.get('seed'), '5');
  assert.equal(url.searchParams.get('size'), '3x3');
  // The best distinct boards are listed, best first, each a link to the solver.
  const top = await page.getByTestId('search-top-board').allTextContents();
  assert.ok(top.length >= 5, top.join());
  assert.match(top[0], /545\s*deslatper/);
  await page.getByTestId('search-stop').click();
  // The solver agrees with the score when the link is followed (in a new tab: this one keeps the run).
  const [solver] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
  await solver.waitForFunction(() => document.querySelector('[data-testid=score]')?.textContent === '545');
  assert.equal(await text(page, 'anneal-best-board'), BEST_3X3);
  assert.deepEqual(page.errors, []);
});

test('hill climbing with YAWL finds what the CLI finds with it, links and saves its boards with the list', async () => {
  // The CLI's run from the same seed, one run: its best board is the last line.
  const out = execFileSync(BOGGLE, ['hillclimb', '--size', '3x3', '--wordlist', 'yawl', '--seed', '5', '--runs', '1'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  const [score, board] = out.trim().split('\n').pop().split('\t');
  assert.ok(Number(score) > 545, `YAWL's 3x3 boards score more than ENABLE2K's: ${score}`);
  const page = await load('size=3x3&seed=5&workers=1&runs=1&wordlist=yawl');
  assert.equal(await page.inputValue('#search-wordlist'), 'yawl');
  await page.getByTestId('anneal-start').click();
  await page.waitForSelector('.search[data-settled]', { timeout: 60_000 });
  assert.equal(await text(page, 'anneal-best-score'), score);
  assert.equal(await text(page, 'anneal-best-board'), board);
  assert.equal(await page.getByTestId('anneal-best-board').getAttribute('href'), `?board=${board}&wordlist=yawl`);
  assert.equal(new URL(page.url()).searchParams.get('wordlist'), 'yawl');
  // Kept among this browser's boards, marked with its list.
  const saved = page.getByTestId('saved-board').filter({ hasText: board });
  await saved.waitFor();
  assert.match(await saved.textContent(), /3\u00a0×\u00a03 · YAWL · hill climbing · seed 5/);
  assert.equal(await saved.locator('a').first().getAttribute('href'), `?board=${board}&wordlist=yawl`);
  assert.deepEqual(page.errors, []);
});

test('the best board is credited to the worker that reported its score first, in the panel and in the saved list', async () => {
  const page = await env.page();
  // Each new best score over the workers as the page received it, with the seed of the worker
  // that reported it first (a worker's seed is in the search request it was sent).
  await page.addInitScript(() => {
    window.firstToReport = [];
    const Base = window.Worker;
    window.Worker = class extends Base {
      constructor(...args) {
        super(...args);
        this.addEventListener('message', ({ data }) => {
          const score = data?.value?.best_score;
          if (this.seed !== undefined && score > (window.firstToReport.at(-1)?.score ?? 0)) window.firstToReport.push({ seed: this.seed, score });
        });
      }
      postMessage(msg, ...rest) {
        if (msg?.cmd === 'search') this.seed = msg.options.seed;
        return super.postMessage(msg, ...rest);
      }
    };
  });
  await page.goto(`${env.base}?mode=search&seed=7&workers=2`);
  await page.getByTestId('anneal-start').click();
  // 3625 is the best 4x4 board: both workers reach it, one after the other.
  await page.waitForFunction(() => document.querySelector('[data-testid=chart-summary]')?.textContent.match(/best 3625\b/g)?.length === 2, null, { timeout: 60_000 });
  await page.getByTestId('search-stop').click();
  await page.locator('.search[data-settled="true"]').waitFor();
  const first = await page.evaluate(() => window.firstToReport.at(-1));
  assert.equal(first.score, 3625);
  assert.equal(await text(page, 'search-best-who'), `found by worker ${first.seed - 6} (seed ${first.seed})`);
  // The saved list keeps the board once, from the same worker.
  const saved = await page.getByTestId('saved-board').allTextContents();
  assert.match(saved[0], new RegExp(`^3625.*· seed ${first.seed} ·`));
  assert.deepEqual(page.errors, []);
});

test('annealing on 3x3 with a fixed seed finds 545, and the same URL gives the same run', async () => {
  const query = 'opt=anneal&size=3x3&seed=3&workers=1&target=545';
  const runOnce = async () => {
    const page = await load(query);
    await page.getByTestId('anneal-start').click();
    await bestIs(page, 545);
    await page.waitForFunction(() => /target/.test(document.querySelector('[data-testid=search-status]').textContent));
    const result = [await text(page, 'anneal-best-board'), await boards(page)];
    assert.deepEqual(page.errors, []);
    await page.close();
    return result;
  };
  const first = await runOnce();
  assert.equal(first[0], BEST_3X3);
  assert.ok(first[1] > 0);
  assert.deepEqual(await runOnce(), first);
});

test('pause holds the workers, resume continues, stop ends the run', async () => {
  const page = await load('size=4x4&seed=1&runs=0');
  await page.getByTestId('anneal-start').click();
  await page.waitForFunction(() => Number(document.querySelector('[data-testid=anneal-best-score]').textContent) > 0);
  // The rate says over what time it is: the last seconds while running, the average once held.
  const rateLabel = () => page.locator('.search-stats dt', { hasText: /^Boards \/ s/ }).textContent();
  assert.equal(await rateLabel(), 'Boards / s, last 2 s');
  await page.getByRole('button', { name: 'Pause' }).click();
  // Every worker has acknowledged the pause: the count on screen is final until Resume.
  await page.locator('.search[data-held="true"]').waitFor();
  const held = await boards(page);
  assert.equal(await text(page, 'search-status'), 'Paused');
  assert.equal(await rateLabel(), 'Boards / s, on average');
  await page.getByRole('button', { name: 'Resume' }).click();
  await page.waitForFunction((n) => Number(document.querySelector('[data-testid=search-boards]').textContent.replace(/\D/g, '')) > n, held);
  await page.getByTestId('search-stop').click();
  // Every job has answered (its last snapshot included): nothing more can arrive.
  await page.locator('.search[data-settled="true"]').waitFor();
  const stopped = await boards(page);
  assert.ok(stopped > held, `${stopped} boards after resuming, ${held} when paused`);
  assert.equal(await page.locator('.search[data-held]').count(), 0);
  assert.equal(await page.getByTestId('anneal-start').isEnabled(), true);
  assert.equal(await text(page, 'search-status'), 'Stopped');
  // The main thread stayed responsive throughout.
  assert.equal(await page.evaluate(() => 1 + 1), 2);
  assert.deepEqual(page.errors, []);
});

test('a link that sets one of More options opens them, so what decides the run is in sight', async () => {
  const plain = await load('size=5x5');
  assert.equal(await plain.locator('details.search-more').getAttribute('open'), null);
  const page = await load('size=5x5&target=10406');
  assert.notEqual(await page.locator('details.search-more').getAttribute('open'), null);
  assert.equal(await page.locator('#search-target').isVisible(), true);
  assert.equal(await page.locator('#search-target').inputValue(), '10406');
  assert.deepEqual(page.errors, []);
});

test('bad URL parameters are explained beside their controls and the rest still works', async () => {
  const page = await load('size=9x9&seed=abc&pool=0&expansions=-5&size=3x3');
  const errors = await page.getByTestId('error').allTextContents();
  assert.ok(errors.some((e) => /9x9.*not a board size/.test(e)), errors.join('|'));
  assert.ok(errors.some((e) => /seed must be a whole number/.test(e)), errors.join('|'));
  assert.ok(errors.some((e) => /pool size/.test(e)), errors.join('|'));
  assert.ok(errors.some((e) => /expansions per run must be a whole number/.test(e)), errors.join('|'));
  // A bad value under More options opens it, so its message is in sight.
  assert.notEqual(await page.locator('details.search-more').getAttribute('open'), null);
  // A bad value typed into the form stops the start with a message, not a crash.
  await page.locator('#search-expansions').fill('200');
  await page.locator('#search-letters').fill('ab1');
  await page.getByTestId('anneal-start').click();
  assert.ok((await page.getByTestId('error').allTextContents()).some((e) => /'1' is not a letter/.test(e)));
  await page.locator('#search-letters').fill('abcdefghijklmnopqrstuvwxyz');
  await page.locator('#search-size').selectOption('3x3');
  await page.getByTestId('anneal-start').click();
  await bestIs(page, 545);
  assert.deepEqual(page.errors, []);
});

test('leaving the view stops every worker', async () => {
  const page = await load('size=4x4&seed=2&runs=0');
  await page.getByTestId('anneal-start').click();
  await page.waitForFunction(() => Number(document.querySelector('[data-testid=anneal-best-score]').textContent) > 0);
  await page.locator('nav a[data-mode=solve]').click();
  await page.waitForFunction(() => /^\d+$/.test(document.querySelector('[data-testid=score]')?.textContent ?? ''));
  // The page's own engine has no job left running.
  await page.waitForFunction(() => window.explorer.engine.pending.size === 0);
  assert.deepEqual(page.errors, []);
});

test('the best boards found are kept in this browser across visits; a corrupted list is dropped with a message', async () => {
  const page = await env.page();
  // A value that is not JSON at all: cleared, and the visitor is told.
  await page.addInitScript(() => {
    if (!sessionStorage.getItem('seeded')) {
      sessionStorage.setItem('seeded', '1');
      localStorage.setItem('boggle-explorer:search:best-boards', '{"v":1,"boards":[');
    }
  });
  await page.goto(`${env.base}?mode=search&size=3x3&seed=5&workers=1`);
  await page.getByTestId('anneal-start').waitFor();
  assert.match(await text(page, 'saved-note'), /could not be read and was cleared/);
  assert.equal(await page.getByTestId('saved-board').count(), 0);
  await page.getByTestId('anneal-start').click();
  await bestIs(page, 545);
  // Saved as the run that found it finishes, while the search goes on: a closed tab keeps it.
  await page.waitForFunction(() => [...document.querySelectorAll('[data-testid=saved-board]')].some((li) => /545\s*deslatper/.test(li.textContent)));
  assert.equal(await page.locator('.search').getAttribute('data-state'), 'running');
  // A board of the run opens the solver in a new tab: the search here goes on.
  const [solver] = await Promise.all([page.context().waitForEvent('page'), page.getByTestId('search-top-board').first().locator('a').click()]);
  await solver.waitForFunction(() => /^\d+$/.test(document.querySelector('[data-testid=score]')?.textContent ?? ''));
  assert.match(solver.url(), /\?board=[a-z]{9}$/);
  await solver.close();
  assert.equal(await page.locator('.search').getAttribute('data-state'), 'running');
  assert.match(page.url(), /mode=search/);
  await page.getByTestId('search-stop').click();
  await page.locator('.search[data-settled="true"]').waitFor();
  // Every board of the best distinct boards card is kept (one worker: its best of every run).
  const boards = (testid) => page.$$eval(`[data-testid=${testid}] a[data-board]`, (as) => as.map((a) => a.dataset.board));
  const top = await boards('search-top-board');
  assert.ok(top.length > 1, `${top.length} distinct boards`);
  assert.deepEqual(await boards('saved-board'), top);
  // One good entry and two bad ones (a board of the wrong length, a script link): the bad ones go.
  await page.evaluate(() => {
    const key = 'boggle-explorer:search:best-boards';
    const data = JSON.parse(localStorage.getItem(key));
    data.boards.push({ ...data.boards[0], board: 'abc' }, { ...data.boards[0], board: 'aaaaaaaaa', run: 'javascript:alert(1)' });
    localStorage.setItem(key, JSON.stringify(data));
  });
  await page.reload();
  await page.getByTestId('anneal-start').waitFor();
  assert.match(await text(page, 'saved-note'), /2 saved boards could not be read and were removed/);
  const saved = await page.getByTestId('saved-board').allTextContents();
  assert.match(saved[0], /545\s*deslatper.*3\u00a0×\u00a03 · hill climbing · seed 5/);
  // "Run again" repeats the run on one worker with that seed.
  const again = new URL(await page.locator('.search-saved-again').first().getAttribute('href'), env.base);
  assert.equal(again.searchParams.get('seed'), '5');
  assert.equal(again.searchParams.get('workers'), '1');
  assert.equal(again.searchParams.get('size'), '3x3');
  // Forgetting asks first: Cancel keeps the list.
  const kept = await page.getByTestId('saved-board').count();
  await page.getByRole('button', { name: 'Forget them' }).click();
  await page.getByTestId('confirm-no').click();
  assert.equal(await page.getByTestId('saved-board').count(), kept);
  await page.getByRole('button', { name: 'Forget them' }).click();
  await page.getByTestId('confirm-yes').click();
  // The answer is taken once the dialog closes: wait for the list to empty, not a fixed time.
  await page.getByTestId('saved-board').first().waitFor({ state: 'detached' });
  assert.equal(await page.getByTestId('saved-board').count(), 0);
  assert.equal(await page.getByRole('button', { name: 'Forget them' }).isHidden(), true);
  // The button hid itself: the note saying what happened holds the focus, not the page.
  assert.equal(await text(page, 'saved-note'), 'The saved boards were forgotten.');
  assert.equal(await page.evaluate(() => document.activeElement?.dataset.testid), 'saved-note');
  assert.deepEqual(page.errors, []);
});

test('an old link (mode=anneal) opens the search view renamed to mode=search with annealing, every other parameter kept, no new history entry', async () => {
  const page = await env.page();
  // The history's length before the page's code runs: the rewrite replaces the entry.
  await page.addInitScript(() => Object.assign(window, { historyAtStart: history.length }));
  await page.goto(`${env.base}?mode=anneal&opt=anneal&size=3x3&seed=7&letters=a%2Cb%20c`);
  await page.getByTestId('anneal-start').waitFor();
  const url = new URL(page.url());
  assert.deepEqual([...url.searchParams], [
    ['mode', 'search'],
    ['opt', 'anneal'],
    ['size', '3x3'],
    ['seed', '7'],
    ['letters', 'a,b c'],
  ]);
  assert.equal(await page.evaluate(() => history.length - window.historyAtStart), 0);
  assert.equal(await page.locator('nav [data-mode=search]').getAttribute('aria-current'), 'page');
  assert.equal(await page.locator('#search-seed').inputValue(), '7');
  assert.equal(await page.locator('#mode-error').textContent(), '');
  // A link that names only the old mode asks for annealing, and says so in the URL and the form.
  await page.goto(`${env.base}?mode=anneal&size=3x3`);
  await page.getByTestId('anneal-start').waitFor();
  assert.deepEqual([...new URL(page.url()).searchParams], [
    ['mode', 'search'],
    ['size', '3x3'],
    ['opt', 'anneal'],
  ]);
  assert.equal(await page.locator('[data-opt=anneal]').getAttribute('aria-pressed'), 'true');
  assert.equal(await page.locator('[data-opt=hillclimb]').getAttribute('aria-pressed'), 'false');
  // An old widget URL (an iframe's src written before the rename) shows the search widget.
  const widget = await env.page();
  await widget.goto(`${env.base}?embed=1&mode=anneal&size=3x3&seed=4`);
  await widget.locator('.embed-widget[data-ready="true"]').waitFor();
  assert.match(await text(widget, 'search-seed'), /^Seed 4:/);
  assert.equal(new URL(widget.url()).searchParams.get('mode'), 'search');
  assert.deepEqual(page.errors, []);
  assert.deepEqual(widget.errors, []);
});

test('a board saved while the view was mode=anneal is kept, and its link repeats the run as mode=search', async () => {
  const page = await env.page();
  await page.addInitScript(() => {
    const run = '?mode=anneal&size=3x3&seed=5&workers=1';
    const board = { board: 'streaedlp', size: '3x3', score: 545, at: 1, how: '3x3 · hill climbing · seed 5', run };
    localStorage.setItem('boggle-explorer:search:best-boards', JSON.stringify({ v: 1, boards: [board] }));
  });
  await page.goto(`${env.base}?mode=search&size=3x3`);
  await page.getByTestId('anneal-start').waitFor();
  assert.equal(await page.getByTestId('saved-board').count(), 1);
  assert.equal(await text(page, 'saved-note'), '');
  const again = new URL(await page.locator('.search-saved-again').first().getAttribute('href'), env.base);
  assert.deepEqual([...again.searchParams], [
    ['mode', 'search'],
    ['size', '3x3'],
    ['seed', '5'],
    ['workers', '1'],
  ]);
  assert.deepEqual(page.errors, []);
});

test('each annealing schedule shows its own fields and temperatures for the board’s size; the published one by name starts at T0 = 100', async () => {
  const page = await load('opt=anneal&size=3x3&seed=2&workers=1&schedule=published&target=545');
  const shown = async (name) => page.locator(`[data-param=${name}]`).isVisible();
  assert.equal(await shown('cooling'), true);
  assert.equal(await shown('stall'), true);
  // The published schedule's steps are a cap on a run, which a stall ends sooner.
  assert.equal(await shown('steps'), true);
  assert.match(await page.locator('[data-param=steps] .help').textContent(), /the most proposals in a run; a stall ends it sooner/);
  assert.equal(await shown('t_end'), false);
  assert.equal(await page.locator('#search-t0').getAttribute('placeholder'), '100');
  await page.locator('#search-schedule').selectOption('geometric');
  assert.equal(await shown('cooling'), false);
  assert.equal(await shown('stall'), false);
  assert.equal(await shown('steps'), true);
  assert.equal(await page.locator('[data-param=steps] .help').textContent(), 'proposals before a run ends');
  assert.equal(await shown('t_end'), true);
  // Left empty, the temperatures are the engine's for the board's size: 3x3 freezes cooler
  // than 5x5.
  const placeholders = async () => [await page.locator('#search-t0').getAttribute('placeholder'), await page.locator('#search-t_end').getAttribute('placeholder')];
  assert.deepEqual(await placeholders(), ['42', '13']);
  await page.locator('#search-size').selectOption('5x5');
  assert.deepEqual(await placeholders(), ['195', '59']);
  // A starting temperature typed alone brings the final one down in the same proportion.
  await page.locator('#search-t0').fill('20');
  assert.deepEqual(await placeholders(), ['195', '6.05']);
  await page.locator('#search-t0').fill('');
  assert.deepEqual(await placeholders(), ['195', '59']);
  await page.locator('#search-size').selectOption('3x3');
  await page.locator('#search-schedule').selectOption('published');
  await page.getByTestId('anneal-start').click();
  await bestIs(page, 545);
  // The chart has its temperature and acceptance panel; the URL names the schedule.
  assert.equal(await page.locator('.score-chart-anneal').count(), 1);
  assert.equal(new URL(page.url()).searchParams.get('schedule'), 'published');
  assert.deepEqual(page.errors, []);
  // A schedule the engine does not know is explained beside its control.
  const bad = await load('opt=anneal&schedule=warm');
  assert.ok((await bad.getByTestId('error').allTextContents()).some((e) => /schedule must be tempering, geometric, adaptive, published/.test(e)));
  assert.deepEqual(bad.errors, []);
});

test('hill climbing in rounds has no run-length field, which the engine would refuse, and runs without it', async () => {
  // A link naming both: expansions does not apply to rounds, so the form leaves it out.
  const page = await load('size=3x3&seed=3&workers=1&runs=2&order=rounds&expansions=50');
  // Under More options (open: the link sets runs there): the field is hidden or not.
  const shown = async () => (await page.locator('[data-param=expansions]').getAttribute('hidden')) === null;
  assert.equal(await shown(), false);
  await page.locator('#search-order').selectOption('best');
  assert.equal(await shown(), true);
  await page.locator('#search-order').selectOption('rounds');
  assert.equal(await shown(), false);
  await page.getByTestId('anneal-start').click();
  await page.waitForFunction(() => document.querySelector('.search')?.dataset.settled === 'true');
  assert.match(await text(page, 'chart-summary'), /^worker 1: best \d+ \(reached by \d of 2 finished runs\)/);
  const url = new URL(page.url()).searchParams;
  assert.equal(url.get('order'), 'rounds');
  assert.equal(url.has('expansions'), false);
  assert.deepEqual(page.errors, []);
});

test('the chart draws every worker’s true best, switches to a log axis kept in the URL, and shows the current run', async () => {
  const page = await load('opt=anneal&size=3x3&seed=3&workers=2&target=545');
  await page.getByTestId('anneal-start').click();
  await bestIs(page, 545);
  await page.waitForFunction(() => document.querySelector('.search')?.dataset.settled === 'true');
  // Each worker's best line ends on that worker's best score, as the summary says in words.
  const summary = await text(page, 'chart-summary');
  const bests = [...summary.matchAll(/best (\d+)/g)].map((m) => m[1]);
  assert.equal(bests.length, 2, summary);
  await page.locator(`.search-chart canvas[data-drawn-best="${bests.join(',')}"]`).waitFor();
  assert.ok(bests.includes('545'));
  // Each finished run is a dot; the summary says how many of them reached the worker's best.
  // "(reached by K of N finished runs)", or "(found by the run in progress, after N finished runs)".
  const parts = summary
    .split('; ')
    .map((part) => part.match(/\(reached by (\d+) of (\d+) finished runs?\)/) ?? part.match(/\(found by the run in progress, after ()(\d+) finished runs?\)/));
  const ends = parts.map((m) => (m ? Number(m[2]) : 0));
  assert.equal(await page.locator('.search-chart canvas').getAttribute('data-drawn-ends'), ends.join(','), summary);
  for (const m of parts) if (m) assert.ok(Number(m[1]) <= Number(m[2]), summary);
  // The current run's panel is there for annealing and has drawn something.
  assert.equal(await page.locator('.search-run').isVisible(), true);
  // Both charts put 3x3's temperatures (42 cooling to 13) on one decade, from 50 down to 5.
  await page.locator('.search-chart canvas[data-temperature-axis="50,,5"]').waitFor();
  await page.locator('.search-run canvas[data-temperature-axis="50,,5"]').waitFor();

  // The log axis, pressed by keyboard, is remembered in the URL and survives a reload.
  await page.getByTestId('chart-scale-log').focus();
  await page.keyboard.press('Enter');
  await page.locator('.score-chart[data-scale="log"]').first().waitFor();
  assert.equal(new URL(page.url()).searchParams.get('xscale'), 'log');
  assert.equal(await page.getByTestId('chart-scale-log').getAttribute('aria-pressed'), 'true');
  await page.reload();
  await page.locator('.score-chart[data-scale="log"]').first().waitFor();
  await page.getByTestId('chart-scale-linear').click();
  assert.equal(new URL(page.url()).searchParams.get('xscale'), null);
  assert.deepEqual(page.errors, []);
});

test('a search of three short runs marks each finished run, and the best was reached by one of them', async () => {
  const page = await load('opt=anneal&size=3x3&seed=5&workers=1&steps=2000&runs=3');
  await page.getByTestId('anneal-start').click();
  await page.waitForFunction(() => document.querySelector('.search')?.dataset.settled === 'true');
  const summary = await text(page, 'chart-summary');
  const m = summary.match(/^worker 1: best (\d+) \(reached by (\d+) of 3 finished runs\)/);
  assert.ok(m, summary);
  // The best score is some run's best, so at least one finished run reached it.
  assert.ok(Number(m[2]) >= 1, summary);
  await page.locator('.search-chart canvas[data-drawn-ends="3"]').waitFor();
  // The best board's card gives the same count over every worker (here one).
  assert.equal(await text(page, 'search-reached'), `${m[2]} of 3`);
});

test('the share accepted is named for the optimizer chosen, before any run too', async () => {
  /** The name beside the figure, once it is `name`. */
  const named = async (page, name) => {
    const label = page.getByTestId('search-acceptance').locator('xpath=preceding-sibling::dt[1]');
    await page.waitForFunction(([el, want]) => el.textContent === want, [await label.elementHandle(), name]);
    return label;
  };
  const page = await load('size=3x3');
  const label = await named(page, 'Entered pool, last 2 s');
  assert.match(await label.getAttribute('title'), /entered a pool/);
  await page.getByRole('button', { name: 'Annealing' }).click();
  assert.match(await (await named(page, 'Accepted, last 2 s')).getAttribute('title'), /accepted/);
  await page.getByRole('button', { name: 'Hill climbing' }).click();
  await named(page, 'Entered pool, last 2 s');
  // From the link as well.
  await named(await load('opt=anneal&size=3x3'), 'Accepted, last 2 s');
  assert.deepEqual(page.errors, []);
});

test('a long annealing search stays readable: lines through the runs’ averages below, and once runs crowd, shading of where they ended', async () => {
  const page = await load('opt=anneal&size=3x3');
  // A chart of its own, fed a search of `runs` geometric runs per worker (each cooling from 40
  // to 1 as its acceptance falls from 90% to nothing), drawn at once; returns what it drew and
  // the share of the lower panel's pixels inked at half opacity or more, and of the score
  // panel's pixels inked at all (an eighth opacity or more).
  const drawn = (runs) =>
    page.evaluate(async (runs) => {
      const { ScoreChart } = await import('/www/widgets/score-chart.js');
      const chart = new ScoreChart();
      chart.el.style.width = '760px';
      document.querySelector('.search-chart').append(chart.el);
      chart.reset({ anneal: true });
      for (const i of [0, 1]) {
        let boards = 0;
        let lastRunBest = 0;
        for (let run = 1; run <= runs; run++) {
          const samples = [];
          for (let k = 0; k <= 100; k++) {
            const f = k / 100;
            const current = Math.round(3600 * (1 - Math.exp(-8 * f)));
            const point = { run, step: k * 700, boards: boards + k * 200, current, best: 3600, run_best: current, last_run_best: lastRunBest };
            samples.push({ ...point, temperature: 40 * 40 ** -f, acceptance: 0.9 * Math.exp(-30 * f) });
          }
          const last = samples[samples.length - 1];
          chart.add(i, { boards: last.boards, current_score: last.current, best_score: 3600, temperature: last.temperature, acceptance: last.acceptance, run, step: last.step, samples });
          boards = last.boards + 100 + ((i * 997 + run * 31) % 500);
          lastRunBest = last.run_best;
        }
      }
      chart.draw(true);
      const c = chart.canvas;
      const [left, top, width, height] = c.dataset.lowerPanel.split(',').map(Number);
      const dpr = devicePixelRatio;
      // Inside the panel's edges, whose grid lines are drawn in any case.
      const share = (x, y, w, h, alpha) => {
        const { data } = c.getContext('2d').getImageData(x * dpr, y * dpr, w * dpr, h * dpr);
        let inked = 0;
        for (let p = 3; p < data.length; p += 4) if (data[p] >= alpha) inked++;
        return inked / (data.length / 4);
      };
      const inked = share(left + 2, top + 2, width - 4, height - 4, 128);
      // The score panel, from the plot's top (10) to the gap (14) above the lower panel.
      const scored = share(left + 2, 12, width - 4, top - 14 - 14, 32);
      chart.el.remove();
      const { drawnMeans: means, temperatureAxis: axis, shadedEnds: shaded } = c.dataset;
      return { means, axis, shaded, ended: chart.series.workers.map((w) => w.ended).join(','), inked, scored };
    }, runs);
  // A few wide runs: each run's own lines.
  const short = await drawn(5);
  assert.equal(short.means, '0,0');
  // Runs cooling from 40 to 1 span two decades below 50.
  assert.equal(short.axis, '50,5,0.5');
  // 150 runs a worker, a few pixels each: every finished run's averages, and most of the panel
  // left clear (the runs' own lines, drawn in full, inked a seventh of it in a comb).
  const long = await drawn(150);
  assert.equal(long.ended, '149,149');
  assert.equal(long.means, long.ended);
  assert.ok(long.inked < 0.08, `${(long.inked * 100).toFixed(1)}% of the lower panel inked`);
  assert.equal(long.shaded, '0');
  // 1,000 runs a worker, more than the plot has pixel columns: where they ended (all at one
  // score here) is shaded in one band rather than every run's restart drawn faded over the
  // whole plot, which inked all of it.
  const crowded = await drawn(1000);
  assert.equal(crowded.ended, '999,999');
  assert.equal(crowded.shaded, '1998');
  assert.equal(crowded.means, crowded.ended);
  assert.ok(crowded.scored < 0.25, `${(crowded.scored * 100).toFixed(1)}% of the score panel inked`);
  assert.ok(crowded.inked < 0.08, `${(crowded.inked * 100).toFixed(1)}% of the lower panel inked`);
  assert.deepEqual(page.errors, []);
});

test('a bad chart scale in the URL is explained, dropped from the URL, and the chart is linear', async () => {
  const page = await load('opt=anneal&size=3x3&xscale=%3Cb%3Esideways');
  await page.locator('.search-scale-note').filter({ hasText: 'is not a scale' }).waitFor();
  assert.equal(new URL(page.url()).searchParams.get('xscale'), null);
  assert.equal(await page.getByTestId('chart-scale-linear').getAttribute('aria-pressed'), 'true');
  assert.deepEqual(page.errors, []);
});

test('parallel tempering shows its ladder: every rung with its board, temperature and trades', async () => {
  const page = await load('opt=anneal&schedule=tempering&replicas=4&size=3x3&seed=3&workers=1&target=545');
  await page.getByTestId('anneal-start').click();
  await bestIs(page, 545);
  const rungs = page.locator('[data-testid=ladder] > li');
  await page.locator('.search-ladder-card:not([hidden])').waitFor();
  assert.equal(await rungs.count(), 4);
  // Hottest first: the temperatures fall down the ladder, each rung shows a 3x3 board, and
  // every rung but the hottest counts its trades with the one above.
  const temps = (await rungs.locator('.search-ladder-text').allTextContents()).map((t) => Number(/T ([\d.e-]+)/.exec(t)[1]));
  assert.deepEqual([...temps].sort((a, b) => b - a), temps);
  for (const t of await rungs.locator('.search-ladder-text').allTextContents()) assert.match(t, /^T [\d.e-]+ · \d+ points? · [\d.]+% accepted$/);
  assert.equal(await rungs.first().locator('.cell').count(), 9);
  const trades = await rungs.locator('.search-ladder-trade').allTextContents();
  assert.equal(trades[0], '');
  for (const t of trades.slice(1)) assert.match(t, /of [\d,]+ trades/);
  assert.deepEqual(page.errors, []);
});

test('settings the engine refuses together are said beside the field to change, from a link as it opens and on Start, and nothing runs', async () => {
  const page = await load('opt=anneal&size=3x3&seed=2&workers=2&t0=20&t_end=50');
  const url = () => new URL(page.url()).searchParams;
  // A link's pair that cannot run is said as the view opens, and the refused setting leaves
  // the URL and the field, as a bad value does.
  const fromLink = 'Geometric: the final temperature (t_end, 50) must be at most the starting one (t0, 20): the schedule cools (from the link; using the default).';
  await page.waitForFunction((said) => document.querySelector('#search-t_end-error')?.textContent.trim() === said, fromLink);
  assert.equal(url().get('t_end'), null);
  assert.equal(url().get('t0'), '20');
  assert.equal(await page.locator('#search-t_end').inputValue(), '');
  assert.equal(await page.getByTestId('error').count(), 1);
  // Typed again and Start pressed: said once beside the field, which takes the keyboard, and
  // nothing runs (the engine is asked before any worker starts).
  await page.locator('#search-t_end').fill('50');
  await page.evaluate(() => {
    window.writes = 0;
    // Writes of a message (the link's is cleared first, which says nothing).
    new MutationObserver((records) => (window.writes += records.filter((r) => r.addedNodes.length > 0).length)).observe(document.querySelector('#search-t_end-error'), { childList: true });
  });
  await page.getByTestId('anneal-start').click();
  await page.waitForFunction(() => document.activeElement?.id === 'search-t_end');
  assert.equal(await page.evaluate(() => window.writes), 1, 'the refusal is written once');
  const said = 'Geometric: the final temperature (t_end, 50) must be at most the starting one (t0, 20): the schedule cools.';
  assert.equal((await page.locator('#search-t_end-error').textContent()).trim(), said);
  // The field reads it with its own help, and nothing else repeats it.
  assert.match(await page.locator('#search-t_end').getAttribute('aria-describedby'), /search-t_end-error/);
  assert.equal(await page.locator('#search-run-error').isHidden(), true);
  assert.equal(await page.getByTestId('error').count(), 1);
  assert.equal(await page.locator('.search').getAttribute('data-state'), null, 'no run has started');
  assert.equal(await text(page, 'search-boards'), '–');
  assert.equal(url().get('t_end'), null);
  // Mended, the message goes, the run starts and the URL holds the setting.
  await page.locator('#search-t_end').fill('5');
  await page.getByTestId('anneal-start').click();
  await page.waitForFunction(() => /[1-9]/.test(document.querySelector('[data-testid="search-boards"]')?.textContent ?? ''));
  assert.equal(await page.locator('#search-t_end-error').isHidden(), true);
  assert.equal(url().get('t_end'), '5');
  await page.getByTestId('search-stop').click();
  assert.deepEqual(page.errors, []);
});
