// The break view's partition run (every class of a partition) with per-position groups: the page lists the
// CLI's boards; saved progress that fails its checks is dropped with a message; the 3x4 presets
// fill the form, and the published one stops at once with a class in progress, the keyboard's
// focus going from Start to Stop and back; a run that found more boards than a run keeps is
// never offered again at its target; a bad number of workers (or another bad number) gets a
// message and starts nothing; both halves break with the word list chosen, as the CLI does with
// that list; Forget progress is off while nothing is saved; a run's settings are locked while it
// goes on, so the card always speaks of the run the form shows; a link naming a partition run
// opens at its card; the whole partition's estimate keeps its interval, and the times say which
// is wall-clock time and which CPU time; the proofs' notes and the breaker options are written
// for a visitor.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { BOGGLE, breakLines, browserEnv, canonicalLines, recordWorkerCommands } from './helpers.mjs';

const PARTITION = 'aeijou bcdfgmpqvwxz hklnrsty, corner:aeiosuy bcdfghjklmnpqrtvwxz';
const SIZE = '2x3';
const TARGET = 110;
const URL_PARAMS = `?mode=break&partition=${encodeURIComponent(PARTITION)}&size=${SIZE}&target=${TARGET}`;

/** `boggle break --partition ...` (the small partition run) with word list `list`. */
const cli = (list) => breakLines(['--partition', PARTITION, '--size', SIZE, '--target', String(TARGET)], list);

const shown = (page, testid = 'partition-survivor') =>
  page.$$eval(`[data-testid="${testid}"]`, (a) => a.map((x) => `${x.dataset.score} ${x.dataset.board}`).sort());

/** Opens the break view at `query` with nothing saved in this browser. */
async function openFresh(page, query) {
  await page.goto(env.base + query);
  await page.evaluate(() => localStorage.clear());
  await page.reload();
}

/** Opens the small search (with `extra` URL parameters) with nothing saved and runs it to the end on one worker. */
async function runSmall(page, extra = '') {
  await openFresh(page, URL_PARAMS + extra);
  await page.waitForSelector('[data-testid="partition-status"][data-total="51"]');
  await page.fill('#partition-workers', '1');
  await page.getByTestId('partition-start').click();
  await page.waitForSelector('[data-testid="partition-status"][data-state="done"]', { timeout: 60000 });
}

const env = browserEnv();

test('per-position groups: the page finds exactly the boards the CLI prints', async () => {
  const page = await env.page();
  await runSmall(page);
  const expect = cli();
  assert.equal(expect.length, 28);
  assert.deepEqual(await shown(page), expect);
  assert.equal(await page.getByTestId('partition-status').getAttribute('data-done'), '51');
  // Every class timed: the whole partition's estimate is the CPU time spent, with no spread.
  const rows = await page.$$eval('dt', (dts) => Object.fromEntries(dts.map((d) => [d.textContent, d.nextElementSibling?.textContent])));
  const spent = rows['CPU time, summed over workers'];
  assert.ok(spent);
  // With no spread left there is no interval to write, and it is no longer an estimate.
  assert.equal(rows['CPU time for every class, summed over workers (estimate)'], undefined);
  const whole = rows['CPU time for every class, summed over workers'];
  assert.doesNotMatch(whole, /95%/);
  // The same measure, written the same way.
  assert.equal(whole, spent);
  // What it proved, with the best board as listed.
  const [bestScore, bestBoard] = expect.map((l) => l.split(' ')).sort((a, b) => Number(b[0]) - Number(a[0]) || (a[1] < b[1] ? -1 : 1))[0];
  assert.equal(
    await page.getByTestId('partition-status').textContent(),
    `Done (saved): all 51 classes broken. Proved: exactly 28 2\u00a0×\u00a03 boards score ${TARGET} or more with ENABLE2K (up to rotation and reflection); the best is ${bestBoard}, ${bestScore} points. Forget progress to run it again.`,
  );
  // Nothing is left to start.
  assert.equal(await page.getByTestId('partition-start').isDisabled(), true);
  // The address names the run, defaults and all, so the link opens at this card.
  const q = new URL(page.url()).searchParams;
  assert.deepEqual([q.get('partition'), q.get('size')], [PARTITION, SIZE]);
  // 2x3 boards link to the solver with their size, which their length alone does not give.
  const href = await page.getByTestId('partition-survivor').first().getAttribute('href');
  assert.match(href, /^\?board=[a-z]{6}&dims=23$/);
  // Download the boards: the file is byte for byte what the CLI prints for the same search.
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId('partition-download').click()]);
  assert.equal(file.suggestedFilename(), `boards-${SIZE}-${TARGET}-enable2k.txt`);
  const printed = execFileSync(BOGGLE, ['break', '--partition', PARTITION, '--size', SIZE, '--target', String(TARGET), '--quiet'], { encoding: 'utf8' });
  assert.equal(readFileSync(await file.path(), 'utf8'), printed);
  assert.deepEqual(page.errors, []);
});

/** Records what the page's live region (#announcer) says, in order, in `window.said`, from the first parsed node on. */
async function listen(page) {
  await page.addInitScript(() => {
    window.said = [];
    new MutationObserver((records) => {
      const region = document.getElementById('announcer');
      if (region?.textContent && records.some((r) => region.contains(r.target))) window.said.push(region.textContent);
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
}

test('a run is heard: its start, each quarter of its classes with the boards found so far, and its end; its progress bars have names and values in words', async () => {
  const page = await env.page();
  await listen(page);
  await openFresh(page, URL_PARAMS);
  await page.waitForSelector('[data-testid="partition-status"][data-total="51"]');
  const bar = page.getByRole('progressbar', { name: 'Classes broken' });
  assert.equal(await bar.count(), 1);
  await page.fill('#partition-workers', '1');
  await page.getByTestId('partition-start').click();
  await page.waitForSelector('[data-testid="partition-status"][data-state="done"]', { timeout: 60000 });
  assert.equal(await bar.getAttribute('aria-valuetext'), '100.0% (51 of 51 classes)');
  const said = await page.evaluate(() => window.said);
  const run = said.slice(said.indexOf('Proof started: 51 classes to break, target 110'));
  assert.ok(run.length > 0, said.join(' | '));
  // Each quarter at most once, and never every progress report.
  const milestones = run.filter((t) => /^Proof [\d.]+% done: [\d,]+ of 51 classes broken, [\d,]+ boards? found so far$/.test(t));
  assert.ok(milestones.length >= 1 && milestones.length <= 3, said.join(' | '));
  assert.equal(run.at(-1), `Proof finished: 28 boards reach ${TARGET}`);
  assert.equal(run.length, milestones.length + 2, said.join(' | '));
  assert.deepEqual(page.errors, []);
});

test('Forget progress is off while nothing is saved, on once a run has saved progress, and off again once forgotten', async () => {
  const page = await env.page();
  const reset = page.getByTestId('partition-reset');
  const status = page.getByTestId('partition-status');
  // A fresh visit: nothing is saved for the default run, so there is nothing to forget.
  await openFresh(page, '?mode=break');
  await page.waitForSelector('[data-testid="partition-status"][data-state="idle"][data-total]');
  assert.equal(await reset.isDisabled(), true);
  // Nor for the small run, until it has run.
  await page.goto(env.base + URL_PARAMS);
  await page.waitForSelector('[data-testid="partition-status"][data-state="idle"][data-total="51"]');
  assert.equal(await reset.isDisabled(), true);
  await page.fill('#partition-workers', '1');
  await page.getByTestId('partition-start').click();
  await page.waitForSelector('[data-testid="partition-status"][data-state="done"]', { timeout: 60000 });
  assert.equal(await reset.isEnabled(), true);
  // Saved progress is found again after a reload.
  await page.reload();
  await page.waitForSelector('[data-testid="partition-status"][data-state="done"]');
  assert.equal(await reset.isEnabled(), true);
  // Forgotten by keyboard: the button turns itself off and hands the focus to Start.
  await reset.focus();
  await page.keyboard.press('Enter');
  await page.getByTestId('confirm-yes').click();
  await page.waitForSelector('[data-testid="partition-status"][data-state="idle"][data-done="0"]');
  assert.equal(await reset.isDisabled(), true);
  assert.equal(await page.evaluate(() => /** @type {HTMLElement} */ (document.activeElement)?.dataset.testid), 'partition-start');
  assert.equal(await status.textContent(), 'Not started: 51 classes to break.');
  assert.deepEqual(page.errors, []);
});

test('while a run goes on its settings are locked, so that after Stop the status, Resume and Forget progress speak of the run the form shows', async () => {
  const page = await env.page();
  // The 3x3 proof: 34,960 classes, minutes on one worker.
  await openFresh(page, '?mode=break');
  await page.waitForSelector('[data-testid="partition-status"][data-state="idle"][data-total="34960"]');
  const status = page.getByTestId('partition-status');
  const start = page.getByTestId('partition-start');
  const reset = page.getByTestId('partition-reset');
  const locked = page.locator('#partition-locked');
  const settings = ['#partition-groups', '#partition-size', '#partition-target', '#partition-workers', '#partition-switch', '#partition-memory'];
  const focused = () => page.evaluate(() => /** @type {HTMLElement} */ (document.activeElement)?.dataset.testid);
  await page.fill('#partition-workers', '1');
  const stopAt = (await page.getByTestId('partition-stop').boundingBox()).x;
  // Started by Enter in the Workers field, which the run locks: the focus goes to Stop.
  await page.focus('#partition-workers');
  await page.keyboard.press('Enter');
  // The time left is wall-clock time on the page's workers, the figures' CPU times summed over them.
  await page.waitForFunction(() => / of wall-clock time left with this page’s 1 worker, at the pace so far\.$/.test(document.querySelector('[data-testid="partition-status"]')?.textContent ?? ''), null, { timeout: 60000 });
  const names = await page.locator('[aria-labelledby="partition-title"] .break-counts dt').allTextContents();
  for (const name of ['wall-clock time', 'CPU time, summed over workers', 'CPU time per class']) assert.ok(names.includes(name), `${name} in ${names}`);
  assert.ok(names.some((n) => /^CPU time for every class, summed over workers( \(estimate\))?$/.test(n)), names.join('; '));
  for (const field of settings) assert.equal(await page.isDisabled(field), true, field);
  assert.equal(await focused(), 'partition-stop');
  // Why they are locked, under the buttons, and in Stop's description.
  assert.equal(await locked.textContent(), 'The run’s settings stay while it goes on: stop the run to change them.');
  assert.equal(await locked.isVisible(), true);
  assert.equal(await page.getByTestId('partition-stop').getAttribute('aria-describedby'), 'partition-locked');
  await page.keyboard.press('Enter');
  await page.waitForSelector('[data-testid="partition-status"][data-state="stopped"]');
  assert.equal(await focused(), 'partition-start');
  for (const field of settings) assert.equal(await page.isEnabled(field), true, field);
  assert.equal(await locked.isVisible(), false);
  // The form shows the run that stopped, and the card speaks of it.
  const done = Number(await status.getAttribute('data-done'));
  assert.ok(done > 0 && done < 34960, String(done));
  assert.equal(await page.inputValue('#partition-target'), '500');
  assert.match(await status.textContent(), /^Stopped at [\d,]+ of 34,960 classes \(saved\); press Resume to go on\.$/);
  assert.equal(await start.textContent(), 'Resume');
  // Start turned Resume is as wide: Stop has not moved from under the finger that pressed it.
  assert.equal((await page.getByTestId('partition-stop').boundingBox()).x, stopAt);
  assert.equal(await reset.isEnabled(), true);
  await reset.click();
  const dialog = page.locator('dialog.confirm-dialog');
  assert.match(await dialog.textContent(), new RegExp(`${done.toLocaleString('en-US')} of 34,960 classes broken`));
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  // Another target, once stopped, is another run, with nothing saved: Start, nothing to forget.
  await page.fill('#partition-target', '700');
  await page.locator('#partition-target').dispatchEvent('change');
  await page.waitForSelector('[data-testid="partition-status"][data-state="idle"][data-done="0"]');
  assert.equal(await status.textContent(), 'Not started: 34,960 classes to break.');
  assert.equal(await start.textContent(), 'Start');
  assert.equal(await reset.isDisabled(), true);
  // Back at 500, the stopped run is offered again where it stopped.
  await page.fill('#partition-target', '500');
  await page.locator('#partition-target').dispatchEvent('change');
  await page.waitForSelector(`[data-testid="partition-status"][data-state="stopped"][data-done="${done}"]`);
  assert.equal(await start.textContent(), 'Resume');
  assert.deepEqual(page.errors, []);
});

test('a link naming a partition run opens at its card, the focus left on the page and Tab going on from there', async () => {
  const page = await env.page();
  const link = `?mode=break&partition=${encodeURIComponent('bdfgjqvwxz aeiou lnrsy chkmpt')}&size=3x3&target=500`;
  await page.goto(env.base + link);
  await page.waitForSelector('[data-testid="partition-status"][data-total="34960"]');
  const inView = (selector) =>
    page.locator(selector).evaluate((e) => {
      const r = e.getBoundingClientRect();
      return r.top >= 0 && r.bottom <= innerHeight;
    });
  assert.ok(await page.evaluate(() => scrollY > 0));
  assert.equal(await inView('#partition-title'), true);
  assert.equal(await inView('[data-testid="partition-start"]'), true);
  // Nothing holds the focus; the first Tab reaches the card's first control, as after following
  // a link to a fragment.
  assert.equal(await page.evaluate(() => document.activeElement === document.body), true);
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => /** @type {HTMLElement} */ (document.activeElement)?.dataset.preset), '3x3');
  // Shift+Tab goes back through the controls above to the skip link, which still skips to the view.
  let steps = 0;
  while (!(await page.evaluate(() => document.activeElement?.classList.contains('skip-link'))) && steps++ < 40) await page.keyboard.press('Shift+Tab');
  assert.ok(steps <= 40, 'the skip link is reached');
  await page.keyboard.press('Enter');
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'view');
  // A link that names a class opens at the top, where that class breaks.
  await page.goto(`${env.base}?mode=break&class=${encodeURIComponent('st t rs / e ae e / d l ps')}&target=400&size=3x3`);
  await page.waitForSelector('[data-testid="break-status"][data-state="done"]', { timeout: 60000 });
  assert.equal(await page.evaluate(() => scrollY), 0);
  assert.deepEqual(page.errors, []);
});

test('the estimate of the whole partition keeps its 95% interval when both ends round alike', async () => {
  const page = await env.page();
  await openFresh(page, '?mode=break');
  // The default run (the 3x3 proof: 34,960 classes in chunks of 5), saved with its first 40
  // chunks done at about 6.9 ms a class: the whole partition priced at 4 min. `swing` is how far
  // each chunk's time strays from the mean, which sets the interval's width.
  await page.waitForSelector('[data-testid="partition-status"][data-total="34960"]');
  const partition = await page.inputValue('#partition-groups');
  const save = (swing) =>
    page.evaluate(
      async ([partition, swing]) => {
        const store = await import('./www/views/break/store.js');
        const runs = Array.from({ length: 40 }, (_, i) => [5, 34.325 + (i % 2 ? swing : -swing)]);
        const data = { total: 34960, chunk: 5, done: Array.from({ length: 40 }, (_, i) => i), partial: {}, found: [], elapsedMs: 1000, cpuMs: 1373, timed: 200, runs, tooMany: false };
        store.saveProgress({ list: 'enable2k', size: '3x3', target: 500, partition }, data);
      },
      [partition, swing],
    );
  const estimate = async () => {
    await page.reload();
    await page.waitForSelector('[data-testid="partition-status"][data-state="stopped"][data-done="200"]');
    // The engine's price follows the first drawing of the saved run.
    const priced = await page.waitForFunction(() => {
      const dt = [...document.querySelectorAll('dt')].find((d) => d.textContent === 'CPU time for every class, summed over workers (estimate)');
      const text = dt?.nextElementSibling?.textContent;
      return text && text !== '…' ? text : null;
    });
    return priced.jsonValue();
  };
  // Chunks that cost alike: the interval (about 238 to 242 s) rounds to the estimate at both
  // ends, and says so rather than vanishing.
  await save(1);
  assert.equal(await estimate(), '4 min (to the minute, 95% sure)');
  // Chunks that differ more: its ends (about 196 and 284 s) read apart.
  await save(20);
  assert.equal(await estimate(), '4 min (95%: 3 min to 5 min)');
  assert.deepEqual(page.errors, []);
});

test('the proofs’ notes and the breaker options speak to a visitor of the page', async () => {
  const page = await env.page();
  await page.goto(`${env.base}?mode=break`);
  const note = page.locator('.preset-note');
  // The 4x4 proofs are cluster jobs: said without a path into a repository the visitor lacks.
  for (const id of ['4x4', '4x4-any-corner', '4x4-yawl']) {
    await page.locator(`[data-testid="partition-preset"][data-preset="${id}"]`).click();
    const text = await note.textContent();
    assert.match(text, /a job for a cluster of machines with the command-line tool/, id);
    assert.doesNotMatch(text, /docs\/|\.md\b|repository/, id);
  }
  // The switch point: named in words, its help (its description) saying what values trade.
  await page.locator('.break-options summary').click();
  const field = page.getByLabel('Switch point (× target)');
  assert.equal(await field.getAttribute('id'), 'partition-switch');
  const help = await field.evaluate((input) =>
    (input.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' '),
  );
  assert.match(help, /Smaller values merge more \(more memory, fewer classes visited\), larger ones less \(less memory, more classes visited\)/);
  assert.doesNotMatch(await page.locator('.break-options').textContent(), /≥|along the tree|subtrees/);
  assert.match(await page.getByLabel('Memory per worker (MiB)').getAttribute('aria-describedby'), /partition-memory-help/);
  assert.deepEqual(page.errors, []);
});

test('saved progress that fails its checks is discarded with a message, never trusted', async () => {
  const page = await env.page();
  await runSmall(page);
  const key = await page.evaluate(() => Object.keys(localStorage).find((k) => k.startsWith('boggle-explorer:partition:')));
  assert.ok(key, 'the finished search is saved');
  const status = page.getByTestId('partition-status');
  const notice = page.getByTestId('partition-notice');
  // A hand edit without the checksum: the "done" search would claim a board it never found.
  await page.evaluate((k) => {
    const entry = JSON.parse(localStorage.getItem(k));
    entry.data.found.push({ board: 'aaaaaa', score: 9999 });
    localStorage.setItem(k, JSON.stringify(entry));
  }, key);
  await page.reload();
  await notice.waitFor();
  assert.match(await notice.textContent(), /could not be used \(its checksum does not match\) and was discarded/);
  assert.equal(await status.getAttribute('data-state'), 'idle');
  assert.equal(await page.getByTestId('partition-survivor').count(), 0);
  assert.equal(await page.evaluate((k) => localStorage.getItem(k), key), null);
  // Entries with a good checksum but impossible contents, and plain garbage, fare the same.
  const cases = [
    [{ found: [{ board: 'abcdef', score: 5 }] }, /below the target/],
    [{ done: [0, 0] }, /a chunk is listed twice/],
    [{ total: 7 }, /it is for 7 classes, this run has 51/],
    // A value the run never wrote is not repeated back.
    [{ total: 'x'.repeat(5000) }, /\(bad count of classes\)/],
    [{ runs: [[2, -5]] }, /bad chunk times/],
    // More boards than a run keeps (a run stops past 10,000), each of them well formed.
    [{ found: Array.from({ length: 10001 }, (_, i) => ({ board: i.toString(26).padStart(6, '0').replace(/./g, (d) => String.fromCharCode(97 + parseInt(d, 26))), score: 99 })) }, /it lists 10,001 boards, more than a run keeps/],
  ];
  for (const [change, reason] of cases) {
    await page.evaluate(
      async ([k, change]) => {
        const store = await import('./www/views/break/store.js');
        const [list, size, target, partition] = k.slice('boggle-explorer:partition:'.length).split('|');
        const data = { total: 51, chunk: 1, done: [], partial: {}, found: [], elapsedMs: 1, cpuMs: 1, timed: 0, ...change };
        store.saveProgress({ list, size, target: Number(target), partition }, data);
      },
      [key, change],
    );
    await page.reload();
    await notice.waitFor();
    assert.match(await notice.textContent(), reason);
    assert.equal(await status.getAttribute('data-state'), 'idle');
  }
  await page.evaluate((k) => localStorage.setItem(k, '{"v":2,"sum":'), key);
  await page.reload();
  await notice.waitFor();
  assert.match(await notice.textContent(), /not valid JSON/);
  // The search then runs from the start and gives the CLI's boards.
  await page.getByTestId('partition-start').click();
  await page.waitForSelector('[data-testid="partition-status"][data-state="done"]', { timeout: 60000 });
  assert.deepEqual(await shown(page), cli());
  assert.deepEqual(page.errors, []);
});

test('the 3x4 proof preset stops at once with a class in progress, and resumes from what was saved', async () => {
  const page = await env.page();
  await openFresh(page, '?mode=break');
  const preset = page.locator('[data-testid="partition-preset"][data-preset="3x4"]');
  await preset.click();
  assert.equal(await preset.getAttribute('aria-pressed'), 'true');
  assert.equal(await page.inputValue('#partition-groups'), PARTITION);
  assert.equal(await page.inputValue('#partition-target'), '1500');
  const status = page.getByTestId('partition-status');
  await page.waitForSelector('[data-testid="partition-status"][data-total="27135"]');
  // The same proof with any letter on the corners: 16 of those classes in each of its own.
  // Chosen by keyboard: it is the button after the published one.
  const anyCorner = page.locator('[data-testid="partition-preset"][data-preset="3x4-any-corner"]');
  assert.equal(await anyCorner.getAttribute('data-size'), '3x4');
  await preset.focus();
  await page.keyboard.press('Tab');
  assert.equal(await anyCorner.evaluate((b) => b === document.activeElement), true);
  await page.keyboard.press('Enter');
  assert.equal(await anyCorner.getAttribute('aria-pressed'), 'true');
  assert.equal(await preset.getAttribute('aria-pressed'), 'false');
  assert.match(await page.inputValue('#partition-groups'), /corner:abcdefghijklmnopqrstuvwxyz$/);
  await page.waitForSelector('[data-testid="partition-status"][data-total="1863"]');
  // The published 4x4 proof, then the same with any corner letter (16 of its classes in each):
  // the size and target follow the preset, and only the one chosen is pressed.
  let before = anyCorner;
  for (const [id, total] of [['4x4', '1068363'], ['4x4-any-corner', '67257']]) {
    const button = page.locator(`[data-testid="partition-preset"][data-preset="${id}"]`);
    await button.click();
    assert.equal(await button.getAttribute('aria-pressed'), 'true');
    assert.equal(await before.getAttribute('aria-pressed'), 'false');
    assert.equal(await page.inputValue('#partition-size'), '4x4');
    assert.equal(await page.inputValue('#partition-target'), '3500');
    await page.waitForSelector(`[data-testid="partition-status"][data-total="${total}"]`);
    before = button;
  }
  await preset.click();
  await page.waitForSelector('[data-testid="partition-status"][data-total="27135"]');
  assert.match(page.url(), /size=3x4/);
  // The options show the engine's defaults.
  assert.ok(Number(await page.inputValue('#partition-memory')) >= 16);
  await page.fill('#partition-workers', '1');
  // Started and stopped by keyboard: each button hands the focus to the other as it disables itself.
  const focused = () => page.evaluate(() => /** @type {HTMLElement} */ (document.activeElement)?.dataset.testid);
  await page.getByTestId('partition-start').focus();
  await page.keyboard.press('Enter');
  // Wait for a class that has made progress but is not finished.
  await page.waitForSelector('[data-testid="partition-current"]:not([data-fraction="0.0000"])', { timeout: 60000 });
  assert.equal(await page.getByTestId('partition-start').isDisabled(), true);
  // Its bar is named after the worker and the class, and says its value as a percentage.
  const worker = page.getByRole('progressbar', { name: /^Worker \d+: boards settled in class [\d,]+$/ });
  assert.match(await worker.first().getAttribute('aria-valuetext'), /^[\d.]+%$/);
  assert.equal(await focused(), 'partition-stop');
  // The run's word list stays while it goes on, and the list's help says so.
  assert.equal(await page.isDisabled('#break-list'), true);
  assert.match(await page.textContent('#break-list-help'), /stop the run to change it/);
  await page.keyboard.press('Enter');
  await page.waitForSelector('[data-testid="partition-status"][data-state="stopped"]');
  assert.equal(await focused(), 'partition-start');
  assert.equal(await page.getByTestId('partition-start').textContent(), 'Resume');
  assert.equal(await page.getByTestId('partition-current').count(), 0);
  assert.equal(await page.isDisabled('#break-list'), false);
  assert.doesNotMatch(await page.textContent('#break-list-help'), /stop the run/);
  const done = Number(await status.getAttribute('data-done'));
  // A reload shows the same point, to be resumed.
  await page.reload();
  await page.waitForSelector('[data-testid="partition-status"][data-state="stopped"]');
  assert.equal(Number(await status.getAttribute('data-done')), done);
  assert.equal(await page.getByTestId('partition-start').textContent(), 'Resume');
  // Forgetting the progress asks first; Cancel (or Escape) keeps it and gives the focus back.
  const forget = page.getByRole('button', { name: 'Forget progress' });
  await forget.click();
  const dialog = page.locator('dialog.confirm-dialog');
  assert.match(await dialog.textContent(), new RegExp(`Forget this run’s progress\\?${done} of 27,135 classes broken and \\d+ boards? found`));
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  assert.equal(await forget.evaluate((b) => b === document.activeElement), true);
  assert.equal(Number(await status.getAttribute('data-done')), done);
  await forget.click();
  await page.getByTestId('confirm-yes').click();
  await page.waitForSelector('[data-testid="partition-status"][data-done="0"]');
  assert.equal(await page.getByTestId('partition-start').textContent(), 'Start');
  assert.deepEqual(page.errors, []);
});

test('a run that found more boards than a run keeps is not offered again: Start is off and the target says why, after a reload too', async () => {
  const page = await env.page();
  await recordWorkerCommands(page.context());
  // One 3x3 class, most of whose 262,144 boards score at least 1: its worker's engine stops.
  await openFresh(page, '?mode=break&partition=aest&size=3x3&target=1');
  await page.waitForSelector('[data-testid="partition-status"][data-total="1"]');
  await page.fill('#partition-workers', '1');
  const start = page.getByTestId('partition-start');
  const reason = page.locator('#partition-target-error');
  const expected = 'Raise the target to run this partition: more than 10,000 boards reach the target 1, more than a run keeps.';
  await start.focus();
  await page.keyboard.press('Enter');
  await page.waitForSelector('[data-testid="partition-status"][data-state="error"]', { timeout: 60000 });
  // Start gave the focus to Stop; as Stop disabled itself with nothing to resume, the focus went
  // to the field to change.
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'partition-target');
  assert.equal(await page.getAttribute('#partition-target', 'aria-describedby'), 'partition-target-error');
  for (const when of ['stopped', 'reloaded']) {
    assert.equal(await start.isDisabled(), true, when);
    assert.equal(await start.textContent(), 'Start', when);
    assert.equal(await reason.textContent(), expected, when);
    if (when === 'stopped') {
      await page.reload();
      await page.waitForSelector('[data-testid="partition-status"][data-state="error"]');
    }
  }
  // A higher target, typed with Enter, is a run of its own with nothing saved: offered, not
  // started (Start was off when Enter was pressed).
  const chunks = () => page.evaluate(() => window.sentCommands.filter((c) => c === 'breakChunk').length);
  const sentChunks = await chunks();
  await page.fill('#partition-target', '2000');
  await page.keyboard.press('Enter');
  await page.waitForSelector('[data-testid="partition-status"][data-state="idle"]');
  assert.equal(await start.isEnabled(), true);
  assert.equal(await start.textContent(), 'Start');
  assert.equal(await reason.isVisible(), false);
  // Back at 1 with Enter, which submits the form as Start was on: the run is not started again,
  // and Start is off once more.
  await page.fill('#partition-target', '1');
  await page.keyboard.press('Enter');
  await page.waitForSelector('[data-testid="partition-status"][data-state="error"]');
  assert.equal(await start.isDisabled(), true);
  assert.equal(await reason.textContent(), expected);
  assert.equal(await chunks(), sentChunks);
  // Forgetting the progress offers the run afresh.
  await page.getByTestId('partition-reset').click();
  await page.getByTestId('confirm-yes').click();
  await page.waitForSelector('[data-testid="partition-status"][data-state="idle"]');
  assert.equal(await start.isEnabled(), true);
  assert.equal(await reason.isVisible(), false);
  assert.deepEqual(page.errors, []);
});

test('a number of workers outside 1 to 64, or another bad number, gets a message beside its field, and nothing starts', async () => {
  const page = await env.page();
  await recordWorkerCommands(page.context());
  await openFresh(page, URL_PARAMS);
  await page.waitForSelector('[data-testid="partition-status"][data-total="51"]');
  const message = page.locator('#partition-workers-error');
  assert.equal(await page.getAttribute('#partition-workers', 'aria-describedby'), 'partition-workers-error');
  const sent = () => page.evaluate(() => window.sentCommands.filter((c) => c === 'partitionInfo' || c === 'breakChunk').length);
  const before = await sent();
  for (const bad of ['0', '99', '2.5', '']) {
    await page.fill('#partition-workers', bad);
    await page.getByTestId('partition-start').click();
    // The page's message, not the browser's: the form leaves its checks to the page.
    assert.equal(await message.textContent(), 'Workers must be a whole number from 1 to 64.', bad);
    assert.equal(await message.isVisible(), true, bad);
    // The run was not started, nor even checked with the engine.
    assert.equal(await sent(), before, bad);
    assert.equal(await page.getByTestId('partition-status').getAttribute('data-state'), 'idle', bad);
    assert.equal(await page.getByTestId('partition-stop').isDisabled(), true, bad);
  }
  // A good number clears the message once changed.
  await page.fill('#partition-workers', '1');
  await page.locator('#partition-workers').dispatchEvent('change');
  assert.equal(await message.isVisible(), false);
  // The other number fields below their least value: the page's messages too, and no run.
  await page.locator('.break-options summary').click();
  const fields = [
    ['#partition-target', '0', '#partition-target-error', 'The target must be a whole number from 1 to 999,999.'],
    ['#partition-switch', '-1', '#partition-options-error', 'The switch point must be a number of at least 0.'],
    ['#partition-memory', '1', '#partition-options-error', /^The memory per worker must be a whole number of MiB, at least \d+\.$/],
  ];
  for (const [field, bad, error, text] of fields) {
    const good = await page.inputValue(field);
    // Leaving the field before (a change) may check the form with the engine; Start must not.
    await page.fill(field, bad);
    const asked = await sent();
    await page.getByTestId('partition-start').click();
    await page.locator(`${error}:not([hidden])`).waitFor();
    const said = await page.locator(error).textContent();
    if (typeof text === 'string') assert.equal(said, text, field);
    else assert.match(said, text, field);
    assert.equal(await sent(), asked, field);
    assert.equal(await page.getByTestId('partition-stop').isDisabled(), true, field);
    await page.fill(field, good);
  }
  // With every field good again, the run starts.
  await page.getByTestId('partition-start').click();
  await page.waitForSelector('[data-testid="partition-status"][data-state="done"]', { timeout: 60000 });
  assert.equal(await message.isVisible(), false);
  assert.equal(await page.locator('#partition-options-error').isVisible(), false);
  assert.deepEqual(page.errors, []);
});

test('the proof buttons are the named proofs of the CLI: each fills in the search `boggle break --proof` runs', async () => {
  const { proofs, lists } = JSON.parse(execFileSync(BOGGLE, ['defaults'], { encoding: 'utf8' }));
  assert.ok(proofs.length >= 7);
  const page = await env.page();
  await page.goto(`${env.base}?mode=break`);
  const buttons = page.getByTestId('partition-preset');
  // The view draws its buttons all at once.
  await buttons.first().waitFor();
  assert.deepEqual(await buttons.evaluateAll((b) => b.map((x) => x.dataset.preset)), proofs.map((p) => p.name));
  for (const p of proofs) {
    await page.locator(`[data-testid="partition-preset"][data-preset="${p.name}"]`).click();
    assert.equal(await page.inputValue('#partition-groups'), p.partition, p.name);
    assert.equal(await page.inputValue('#partition-size'), p.size, p.name);
    assert.equal(await page.inputValue('#partition-target'), String(p.target), p.name);
    assert.equal(await page.inputValue('#break-list'), p.list, p.name);
    assert.ok(lists.some(([name]) => name === p.list), p.name);
    // Labelled in words, not with the engine's bare name.
    assert.notEqual(await page.locator(`[data-preset="${p.name}"]`).textContent(), p.name);
  }
  assert.match(page.url(), /wordlist=yawl/);
  assert.deepEqual(page.errors, []);
});

test('the word list: both halves break with the one chosen, as the CLI does with it', async () => {
  const page = await env.page();
  // A partition run with YAWL, from the URL: the CLI's YAWL boards, not ENABLE2K's.
  await runSmall(page, '&wordlist=yawl');
  assert.equal(await page.inputValue('#break-list'), 'yawl');
  const yawl = cli('yawl');
  assert.notDeepEqual(yawl, cli('enable2k'));
  assert.deepEqual(await shown(page), yawl);
  const rows = await page.$$eval('dt', (dts) => Object.fromEntries(dts.map((d) => [d.textContent, d.nextElementSibling?.textContent])));
  assert.equal(rows['word list'], 'YAWL');
  // Each board links to the solver with the list it was scored with.
  assert.match(await page.getByTestId('partition-survivor').first().getAttribute('href'), /&wordlist=yawl$/);
  // ENABLE2K, chosen by keyboard: its progress is its own, so nothing is done yet; the URL follows.
  await page.focus('#break-list');
  await page.keyboard.press('ArrowUp');
  await page.waitForSelector('[data-testid="partition-status"][data-done="0"]');
  assert.equal(await page.getByTestId('partition-survivor').count(), 0);
  assert.doesNotMatch(page.url(), /wordlist/);
  // Back to YAWL: the finished run is still there.
  await page.selectOption('#break-list', 'yawl');
  await page.waitForSelector('[data-testid="partition-status"][data-state="done"]');
  assert.deepEqual(await shown(page), yawl);

  // The live half breaks the URL's class with the list, and again when the list changes.
  const cls = 'st t rs / e ae e / d l ps';
  const live = (list) => canonicalLines(breakLines([cls, '--target', '400'], list));
  await page.goto(`${env.base}?mode=break&class=${encodeURIComponent(cls)}&target=400&wordlist=yawl`);
  await page.waitForSelector('[data-testid="break-status"][data-state="done"]', { timeout: 60000 });
  const liveYawl = live('yawl');
  assert.equal(liveYawl.length, 4);
  assert.deepEqual(await shown(page, 'break-survivor'), liveYawl);
  await page.selectOption('#break-list', 'enable2k');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="break-survivor"]').length === 2, null, { timeout: 60000 });
  await page.waitForSelector('[data-testid="break-status"][data-state="done"]', { timeout: 60000 });
  assert.deepEqual(await shown(page, 'break-survivor'), live('enable2k'));

  // The YAWL preset chooses its list as well as its groups, size and target.
  const preset = page.locator('[data-testid="partition-preset"][data-preset="3x4-yawl"]');
  await preset.click();
  assert.equal(await preset.getAttribute('aria-pressed'), 'true');
  assert.equal(await page.inputValue('#break-list'), 'yawl');
  assert.equal(await page.inputValue('#partition-target'), '1900');
  assert.match(page.url(), /wordlist=yawl/);
  // Another list unpresses it.
  await page.selectOption('#break-list', 'enable2k');
  assert.equal(await preset.getAttribute('aria-pressed'), 'false');

  // A list the page does not ship: a message beside the list, which leaves the URL.
  await page.goto(`${env.base}?mode=break&wordlist=nope&target=400`);
  const message = page.locator('#break-list-error');
  await message.waitFor();
  assert.match(await message.textContent(), /no word list called “nope”: using ENABLE2K/);
  assert.doesNotMatch(page.url(), /wordlist/);
  assert.match(page.url(), /target=400/);
  assert.deepEqual(page.errors, []);
});
