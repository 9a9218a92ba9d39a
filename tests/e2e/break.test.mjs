// The break view in headless Chromium: a class broken live reports exactly what the CLI
// reports, and its tree's buttons name the class each opens; a partition run completes, survives
// stop, reload and resume, and lists the CLI's boards; bad input gets a message (a bad partition
// the CLI's, and it leaves the URL); the two target fields have names of their own.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { BOGGLE, breakLines, browserEnv, canonicalLines } from './helpers.mjs';

// The published 3x3 letters with two groups split in two, so that the 2x3 search below has
// 12,096 classes: enough work that it is still running when the first progress shows (half a
// second in), on a machine several times faster than the one it was tuned on.
const PARTITION = 'bdfgjqvwxz ae iou lnrsy chk mpt';

/** `boggle break ARGS` (ENABLE2K) as a sorted list of "SCORE BOARD" lines. */
const cli = (args) => breakLines(args);

async function shown(page, testid) {
  return (await page.$$eval(`[data-testid="${testid}"]`, (a) => a.map((x) => `${x.dataset.score} ${x.dataset.board}`))).sort();
}

const env = browserEnv();

test('breaking a class from the URL shows the boards the CLI reports, with a tree', async () => {
  const page = await env.page();
  const cls = 'st t rs / e ae e / d l ps';
  await page.goto(`${env.base}?mode=break&class=${encodeURIComponent(cls)}&target=400`);
  await page.waitForSelector('[data-testid="break-status"][data-state="done"]', { timeout: 60000 });
  const expect = canonicalLines(cli([cls, '--target', '400']));
  assert.equal(expect.length, 2);
  assert.deepEqual(await shown(page, 'break-survivor'), expect);
  // Each survivor links to the solver view for its board.
  const href = await page.getByTestId('break-survivor').first().getAttribute('href');
  assert.match(href, /^\?board=[a-z]{9}$/);
  // The tree: the root split the centre cell; a scored board reaching the target is marked.
  const root = page.locator('.break-tree > li').first();
  assert.match(await root.textContent(), /Whole class.*split row 2, column 2/);
  assert.ok((await page.locator('.tree-node[data-kind="split"]').count()) >= 1);
  assert.match(await page.getByTestId('break-status').textContent(), /2 boards of 16 reach 400/);
  // The progress bar has a name, and says its value in words.
  assert.equal(await page.getByRole('progressbar', { name: 'Boards settled' }).getAttribute('aria-valuetext'), '100.0% of 16 boards');
  // Download the boards: the file is byte for byte what the CLI prints for the class.
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId('break-download').click()]);
  assert.equal(file.suggestedFilename(), 'boards-class-400-enable2k.txt');
  const printed = execFileSync(BOGGLE, ['break', cls, '--target', '400', '--quiet'], { encoding: 'utf8' });
  assert.equal(readFileSync(await file.path(), 'utf8'), printed);
  assert.deepEqual(page.errors, []);
});

test('the search tree is a nested list whose disclosure buttons each name the class they open, and say Hide once open', async () => {
  const page = await env.page();
  await page.goto(`${env.base}?mode=break&class=${encodeURIComponent('st t rs / e ae e / d l ps')}&target=400`);
  await page.waitForSelector('[data-testid="break-status"][data-state="done"]', { timeout: 60000 });
  const tree = page.locator('.break-tree');
  // No tree roles: its rows take no focus and arrow keys do not move between them, so it does
  // not claim to be an ARIA tree; it is a list of lists.
  assert.equal(await tree.getAttribute('role'), null);
  assert.equal(await page.locator('.break-tree [role]').count(), 0);
  assert.equal(await page.locator('.break-tree li[aria-expanded]').count(), 0);
  // Every button in the tree is one Tab stop with a name of its own, which the browser computes
  // from its label and no other button shares.
  const buttons = tree.getByRole('button');
  const names = await page.locator('.tree-toggle:not([hidden])').evaluateAll((b) => b.map((x) => x.getAttribute('aria-label') ?? ''));
  assert.equal(await buttons.count(), names.length);
  assert.ok(names.length >= 4, names.join('\n'));
  assert.equal(new Set(names).size, names.length, names.join('\n'));
  for (const name of names) assert.equal(await page.getByRole('button', { name, exact: true }).count(), 1, name);
  // The top two levels start open and say Hide; below them, Show, naming the cells fixed on the way.
  const root = page.getByRole('button', { name: 'Hide parts of the whole class', exact: true });
  assert.equal(await root.getAttribute('aria-expanded'), 'true');
  const open = page.getByRole('button', { name: 'Hide parts of row 2, column 2 = a', exact: true });
  assert.equal(await open.getAttribute('aria-expanded'), 'true');
  const shut = 'row 2, column 2 = a, then row 1, column 1 = s';
  const toggle = page.getByRole('button', { name: `Show parts of ${shut}`, exact: true });
  assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
  // By keyboard: Enter opens its parts, which the button controls, and its name turns to Hide;
  // Space closes them again.
  await toggle.focus();
  await page.keyboard.press('Enter');
  const opened = page.getByRole('button', { name: `Hide parts of ${shut}`, exact: true });
  assert.equal(await opened.getAttribute('aria-expanded'), 'true');
  const parts = page.locator(`#${await opened.getAttribute('aria-controls')}`);
  assert.ok((await parts.locator(':scope > li').count()) >= 1);
  assert.equal(await parts.isVisible(), true);
  assert.equal(await opened.evaluate((b) => b === document.activeElement), true);
  await page.keyboard.press('Space');
  assert.equal(await page.getByRole('button', { name: `Show parts of ${shut}`, exact: true }).getAttribute('aria-expanded'), 'false');
  assert.equal(await parts.isVisible(), false);
  // A class that was eliminated has nothing to show: no button, and no empty list under it.
  const leaf = page.locator('.tree-node[data-kind="eliminated"]').first();
  assert.equal(await leaf.getByRole('button').count(), 0);
  assert.equal(await leaf.locator('ul').count(), 0);
  assert.deepEqual(page.errors, []);
});

test('a break stopped as its boards arrive lists every board its download holds', async () => {
  const page = await env.page();
  await page.goto(`${env.base}?mode=break`);
  // Stop from inside the page the moment a second board is reported: the list is redrawn only
  // now and then, and the boards reported since its last drawing must not be lost.
  await page.getByTestId('break-start').waitFor();
  await page.evaluate(() => {
    /** @type {any} */ (window).stopped = new Promise((resolve) => {
      new MutationObserver((_, observer) => {
        const download = document.querySelector('[data-testid="break-download"]');
        if (!/Download all [2-9]/.test(download?.textContent ?? '')) return;
        observer.disconnect();
        /** @type {HTMLElement} */ (document.querySelector('[data-testid="break-start"]')).click();
        resolve(null);
      }).observe(document.body, { childList: true, subtree: true, characterData: true });
    });
  });
  await page.getByTestId('break-start').click();
  await page.evaluate(() => /** @type {any} */ (window).stopped);
  assert.notEqual(await page.getByTestId('break-status').getAttribute('data-state'), 'done');
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId('break-download').click()]);
  const lines = readFileSync(await file.path(), 'utf8').trim().split('\n').map((l) => l.replace('\t', ' '));
  assert.ok(lines.length >= 2, lines.join('; '));
  assert.deepEqual(await shown(page, 'break-survivor'), [...new Set(canonicalLines(lines))]);
  assert.deepEqual(page.errors, []);
});

test('once the tree holds what it keeps the fast breaker takes the break over, and lists and downloads the boards the CLI prints', async () => {
  const page = await env.page();
  // The default class at 500: some 49,000 classes visited by the plain breaker, far more than
  // the tree keeps.
  const cls = 'lnrsy aeiou chkmpt / chkmpt aeiou lnrsy / lnrsy aeiou bdfgjvwxz';
  await page.goto(`${env.base}?mode=break`);
  await page.getByTestId('break-start').click();
  await page.waitForSelector('[data-testid="break-status"][data-state="done"]', { timeout: 60000 });
  const counts = Object.fromEntries(
    await page.locator('.break-counts div').evaluateAll((rows) => rows.map((r) => [r.querySelector('dt').textContent, r.querySelector('dd').textContent])),
  );
  assert.equal(counts.breaker, 'fast (keeps no tree)');
  const text = await page.getByTestId('tree-summary').first().locator('..').textContent();
  const m = text.match(/In the tree: ([\d,]+) classes; ([\d,]+) eliminated, ([\d,]+) split, (\d+) boards? scored\. The tree shows the first 3,000 classes the plain breaker visited\. The rest of the break runs on the fast breaker, the one proofs and boggle break use, which keeps no tree: the counts above are its own, from its start\./);
  assert.ok(m, text);
  const [kept, eliminated, split, scored] = m.slice(1).map((n) => Number(n.replaceAll(',', '')));
  assert.equal(kept, 3000);
  assert.equal(kept, eliminated + split + scored);
  assert.deepEqual(await shown(page, 'break-survivor'), canonicalLines(cli([cls, '--target', '500'])));
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId('break-download').click()]);
  const printed = execFileSync(BOGGLE, ['break', cls, '--target', '500', '--quiet'], { encoding: 'utf8' });
  assert.equal(readFileSync(await file.path(), 'utf8'), printed);
  assert.deepEqual(page.errors, []);
});

test('a class with no possible word is eliminated at the root', async () => {
  const page = await env.page();
  await page.goto(`${env.base}?mode=break&class=${encodeURIComponent('jqx jqx jqx jqx')}&target=1`);
  await page.waitForSelector('[data-testid="break-status"][data-state="done"]', { timeout: 30000 });
  assert.equal(await page.getByTestId('break-survivor').count(), 0);
  assert.equal(await page.locator('.tree-node').count(), 1);
  assert.equal(await page.locator('.tree-node').first().getAttribute('data-kind'), 'eliminated');
  assert.deepEqual(page.errors, []);
});

test('the two target fields have names of their own, and a link fills both from its one target', async () => {
  const page = await env.page();
  await page.goto(`${env.base}?mode=break&target=450`);
  // Each card shows "Target score"; a screen reader hears which card's it is.
  const forClass = page.getByRole('spinbutton', { name: 'Target score for the class', exact: true });
  const forEvery = page.getByRole('spinbutton', { name: 'Target score for every class', exact: true });
  assert.equal(await forClass.getAttribute('id'), 'break-target');
  assert.equal(await forEvery.getAttribute('id'), 'partition-target');
  const seen = (id) =>
    page.locator(`label[for="${id}"]`).evaluate((l) =>
      [...l.childNodes]
        .filter((n) => !(n instanceof Element && n.classList.contains('visually-hidden')))
        .map((n) => n.textContent)
        .join(''),
    );
  assert.equal(await seen('break-target'), 'Target score');
  assert.equal(await seen('partition-target'), 'Target score');
  assert.deepEqual([await forClass.inputValue(), await forEvery.inputValue()], ['450', '450']);
  assert.deepEqual(page.errors, []);
});

test('a bad class or target gets a message and the page keeps working', async () => {
  const page = await env.page();
  await page.goto(`${env.base}?mode=break&class=${encodeURIComponent('ab c7 d e')}`);
  const error = page.getByTestId('error').first();
  await error.waitFor();
  assert.match(await error.textContent(), /^Row 1, column 2: '7' is not allowed/);
  // A bad target is named and the default used: the class breaks at 500 all the same.
  await page.goto(`${env.base}?mode=break&class=${encodeURIComponent('st t rs / e ae e / d l ps')}&target=lots`);
  assert.equal(await page.locator('#break-target-error').textContent(), 'target=“lots” is not a target score: use a whole number from 1 to 999,999; using 500.');
  assert.equal(await page.locator('#break-target').inputValue(), '500');
  await page.waitForSelector('[data-testid="break-status"][data-state="done"]', { timeout: 60000 });
  assert.deepEqual(await shown(page, 'break-survivor'), ['545 deslatper']);
  // Fixing the form and pressing Break works.
  await page.fill('#break-class', 'st t rs / e ae e / d l ps');
  await page.fill('#break-target', '500');
  await page.getByTestId('break-start').click();
  await page.waitForSelector('[data-testid="break-status"][data-state="done"]', { timeout: 60000 });
  // streaedlp, listed in canonical form, and found as the class has it.
  assert.deepEqual(await shown(page, 'break-survivor'), ['545 deslatper']);
  const survivor = page.getByTestId('break-survivor');
  assert.equal(await survivor.getAttribute('title'), 'Open in the solver. Found as streaedlp: the same board, rotated or reflected.');
  assert.match(await page.locator('.break-survivor-panel .canonical-note').textContent(), /listed once, in canonical form/);
  // Both halves are checked: the class as typed, and the target left out (500 is the default).
  const q = new URL(page.url()).searchParams;
  assert.equal(q.get('class'), 'st t rs / e ae e / d l ps');
  assert.equal(q.get('target'), null);
  assert.deepEqual(page.errors, []);
});

test('a partition run completes after stop, reload and resume, with the CLI boards', async () => {
  const page = await env.page();
  const size = '2x3';
  const target = 100;
  await page.goto(`${env.base}?mode=break&partition=${encodeURIComponent(PARTITION)}&size=${size}&target=${target}`);
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await page.fill('#partition-workers', '1');
  // Stop as soon as some chunk is finished, from inside the page: a click sent from here can
  // arrive after the last of this small search's chunks.
  await page.evaluate(() => {
    const status = /** @type {HTMLElement} */ (document.querySelector('[data-testid="partition-status"]'));
    const stop = /** @type {HTMLElement} */ (document.querySelector('[data-testid="partition-stop"]'));
    /** @type {any} */ (window).stopped = new Promise((resolve) => {
      const watch = new MutationObserver(() => {
        if (Number(status.dataset.done) > 0) {
          watch.disconnect();
          stop.click();
          resolve(null);
        }
      });
      watch.observe(status, { attributes: true, attributeFilter: ['data-done'] });
    });
  });
  await page.getByTestId('partition-start').click();
  await page.evaluate(() => /** @type {any} */ (window).stopped);
  const status = page.getByTestId('partition-status');
  assert.equal(await status.getAttribute('data-state'), 'stopped');
  const total = Number(await status.getAttribute('data-total'));
  const saved = Number(await status.getAttribute('data-done'));
  assert.equal(total, 12096);
  assert.ok(saved > 0 && saved < total, `stopped at ${saved} of ${total}`);
  // A reload keeps the finished chunks and the boards found so far.
  await page.reload();
  await page.waitForSelector('[data-testid="partition-status"][data-state="stopped"]');
  assert.equal(Number(await status.getAttribute('data-done')), saved);
  assert.equal(await page.getByTestId('partition-start').textContent(), 'Resume');
  await page.getByTestId('partition-start').click();
  await page.waitForSelector('[data-testid="partition-status"][data-state="done"]', { timeout: 120000 });
  assert.equal(Number(await status.getAttribute('data-done')), total);
  const expect = cli(['--partition', PARTITION, '--size', size, '--target', String(target)]);
  assert.equal(expect.length, 68);
  assert.deepEqual(await shown(page, 'partition-survivor'), expect);
  // The finished search is remembered too.
  await page.reload();
  await page.waitForSelector('[data-testid="partition-status"][data-state="done"]');
  assert.deepEqual(await shown(page, 'partition-survivor'), expect);
  assert.deepEqual(page.errors, []);
});

test('a bad partition gets a message next to it', async () => {
  const page = await env.page();
  await page.goto(`${env.base}?mode=break&partition=${encodeURIComponent('abc cde')}&size=2x2&target=5`);
  await page.getByTestId('partition-start').click();
  const error = page.getByTestId('error').first();
  await error.waitFor();
  assert.match(await error.textContent(), /'c' is in two groups/);
  // Start again, or with other wrong groups, and the message is written once: never cleared
  // and set again, which would make a screen reader say it twice.
  await page.evaluate(() => {
    const message = document.getElementById('partition-groups-error');
    window.written = [];
    new MutationObserver(() => window.written.push(message.hidden ? '' : message.textContent)).observe(message, {
      childList: true,
      characterData: true,
      subtree: true,
      attributes: true,
      attributeFilter: ['hidden'],
    });
  });
  await page.getByTestId('partition-start').click();
  await page.waitForTimeout(500);
  assert.deepEqual(await page.evaluate(() => window.written), []);
  await page.fill('#partition-groups', 'abd dce');
  await page.getByTestId('partition-start').click();
  await page.waitForFunction(() => /'d' is in two groups/.test(document.getElementById('partition-groups-error').textContent));
  await page.waitForTimeout(500);
  const written = await page.evaluate(() => window.written);
  assert.ok(written.every((t) => /'d' is in two groups/.test(t)), JSON.stringify(written));
  // A letter given twice in one group is refused as the CLI refuses it, and leaves the URL; a
  // group of thousands of letters is not repeated back.
  const doubled = "Group 1: 'a' is given twice: a group names each of its letters once.";
  const printed = spawnSync(BOGGLE, ['break', '--partition', 'aab cd', '--size', '2x2', '--target', '1'], { encoding: 'utf8' });
  assert.notEqual(printed.status, 0);
  assert.match(printed.stderr, /group 1: 'a' is given twice: a group names each of its letters once/);
  for (const partition of ['aab cd', 'a'.repeat(5000)]) {
    await page.goto(`${env.base}?mode=break&partition=${encodeURIComponent(partition)}&size=2x2&target=5`);
    const message = page.locator('#partition-groups-error');
    await page.waitForFunction(() => !new URL(location.href).searchParams.has('partition'));
    assert.equal(await message.textContent(), doubled);
    assert.equal(await message.isVisible(), true);
    const q = new URL(page.url()).searchParams;
    assert.deepEqual([q.get('size'), q.get('target')], ['2x2', '5']);
    assert.equal(await page.getByTestId('partition-status').textContent(), '');
  }
  // The message says why: the status line neither repeats nor contradicts it.
  assert.equal(await page.getByTestId('partition-status').getAttribute('data-state'), 'idle');
  assert.equal(await page.getByTestId('partition-status').textContent(), '');
  assert.equal(await page.getByTestId('partition-start').isEnabled(), true);
  assert.deepEqual(page.errors, []);
});

test('groups that leave letters out run, but say which boards they leave out and claim no proof', async () => {
  const page = await env.page();
  await page.goto(`${env.base}?mode=break&partition=${encodeURIComponent('ae st')}&size=2x2&target=1000`);
  const note = page.getByTestId('partition-note');
  await note.waitFor();
  assert.equal(
    await note.textContent(),
    'No group holds bcdfghijklmnopqruvwxyz on any cell, so boards with those letters there are in no class: a finished run proves nothing about them.',
  );
  await page.getByTestId('partition-start').click();
  const status = page.getByTestId('partition-status');
  await page.waitForSelector('[data-testid="partition-status"][data-state="done"]', { timeout: 60000 });
  assert.match(await status.textContent(), /; 0 boards reach 1000 among those with no bcdfghijklmnopqruvwxyz on any cell\. Forget progress to run it again\.$/);
  assert.doesNotMatch(await status.textContent(), /Proved/);
  // Groups that hold every letter say nothing of the kind.
  await page.getByLabel('Letter groups').fill('bdfgjqvwxz aeiou lnrsy chkmpt');
  await page.getByLabel('Letter groups').dispatchEvent('change');
  await note.waitFor({ state: 'hidden' });
  await page.waitForSelector('[data-testid="partition-status"][data-state="idle"]');
  // Letters left out on some kinds of cell only: the note names where (every cell of a 2x2
  // board is a corner).
  await page.getByLabel('Letter groups').fill('bdfgjqvwxz aeiou lnrsy chkmpt, corner:bdfgjqvwxz aeiou lnrsy chkmp');
  await page.getByLabel('Letter groups').dispatchEvent('change');
  const noteSays = (start) =>
    page.waitForFunction((s) => document.querySelector('[data-testid=partition-note]')?.textContent?.startsWith(s), start);
  await noteSays('No group holds t on any cell, so');
  await page.selectOption('#partition-size', '3x3');
  await noteSays('No group holds t on the corners, so');
  assert.equal(await note.isVisible(), true);
  assert.deepEqual(page.errors, []);
});

test("the bounds view's 'Break this class' link breaks that class", async () => {
  const page = await env.page();
  const cls = 'st t rs / e ae e / d l ps';
  await page.goto(`${env.base}?mode=bounds&class=${encodeURIComponent(cls)}&target=500`);
  const link = page.getByTestId('break-link');
  await link.waitFor();
  await link.click();
  await page.waitForSelector('[data-testid="break-status"][data-state="done"]', { timeout: 60000 });
  assert.match(page.url(), /mode=break/);
  assert.deepEqual(await shown(page, 'break-survivor'), ['545 deslatper']);
  // From a class bounded with YAWL, the link breaks it with YAWL.
  await page.goto(`${env.base}?mode=bounds&class=${encodeURIComponent(cls)}&target=500&wordlist=yawl`);
  await link.waitFor();
  await link.click();
  await page.waitForSelector('[data-testid="break-status"][data-state="done"]', { timeout: 60000 });
  assert.match(page.url(), /wordlist=yawl/);
  assert.equal(await page.inputValue('#break-list'), 'yawl');
  assert.deepEqual(await shown(page, 'break-survivor'), canonicalLines(breakLines([cls, '--target', '500'], 'yawl')));
  // A class with an empty cell has bounds but nothing to break: no link to a break it refuses.
  await page.goto(`${env.base}?mode=bounds&class=${encodeURIComponent('f au r / . . e / . . .')}&target=2`);
  await page.locator('.verdict[data-kind="open"]').waitFor();
  assert.equal(await link.isHidden(), true);
  assert.deepEqual(page.errors, []);
});

test('a class too big to bound in a step is refused at once, and the engine stays free', async () => {
  const page = await env.page();
  await page.goto(`${env.base}?mode=break`);
  await page.locator('#break-class').fill('* * * * / * * * * / * * * * / * * * *');
  await page.getByTestId('break-start').click();
  const error = page.locator('#break-class-error');
  await error.waitFor();
  assert.match(await error.textContent(), /^This class is too big to break here \(bounding it passed 50,000,000 steps\): fix some cells to fewer letters/);
  assert.equal(await page.getByTestId('break-start').textContent(), 'Break');
  // The same engine then breaks a small class at once.
  await page.locator('#break-class').fill('st t rs / e ae e / d l ps');
  await page.getByTestId('break-start').click();
  await page.waitForSelector('[data-testid="break-status"][data-state="done"]');
  assert.deepEqual(await shown(page, 'break-survivor'), ['545 deslatper']);
  // An emptied box is said, not broken as some other class.
  await page.locator('#break-class').fill('');
  await page.getByTestId('break-start').click();
  await page.locator('#break-class-error', { hasText: 'Type a class' }).waitFor();
  assert.deepEqual(await shown(page, 'break-survivor'), ['545 deslatper']);
  assert.deepEqual(page.errors, []);
});

test('a class with too many boards stays responsive and stops, saying the target is too low', async () => {
  const page = await env.page();
  await page.addInitScript(() => {
    window.longTasks = [];
    new PerformanceObserver((l) => window.longTasks.push(...l.getEntries().map((e) => e.duration))).observe({
      type: 'longtask',
      buffered: true,
    });
  });
  // 202,562 of its boards reach 150 (`boggle break`), more than the page keeps.
  const cls = 'lnrsy aeiou chkmpt chkmpt aeiou lnrsy lnrsy aeiou bdfgjvwxz';
  await page.goto(`${env.base}?mode=break&class=${encodeURIComponent(cls)}&target=150`);
  const status = page.getByTestId('break-status');
  await page.waitForSelector('[data-testid="break-status"][data-state="error"]', { timeout: 60000 });
  assert.equal(await status.textContent(), 'Stopped: more than 10,000 boards reach the target 150: raise the target.');
  assert.match(await page.locator('#break-target-error').textContent(), /^More than 10,000 boards reach the target 150: raise the target\.$/);
  // The lists and the tree drawn so far stay, capped.
  const more = page.locator('[data-testid="break-survivors"] .survivor-more');
  assert.match(await more.textContent(), /and [\d,]+ more with lower scores/);
  assert.equal(await page.getByTestId('break-survivor').count(), 500);
  assert.ok((await page.locator('.tree-node').count()) <= 3000);
  const worst = await page.evaluate(() => Math.max(0, ...window.longTasks));
  assert.ok(worst < 400, `the page's main thread was blocked for ${worst} ms`);
  // A higher target, typed by keyboard alone (Tab from the class to the target, Enter),
  // breaks the same class to the end.
  await page.focus('#break-class');
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'break-target');
  await page.keyboard.press('Control+A');
  await page.keyboard.type('300');
  await page.keyboard.press('Enter');
  await page.waitForSelector('[data-testid="break-status"][data-state="done"]', { timeout: 60000 });
  assert.match(await status.textContent(), /^Done in .*: [\d,]+ boards of .* reach 300\.$/);
  assert.equal(await page.locator('#break-target-error').isVisible(), false);
  assert.deepEqual(page.errors, []);
});

test('a long break stops when asked', async () => {
  const page = await env.page();
  // A 4x4 class whose bound (246,330) is far above the target: hours of work, few boards.
  const cls = 'lnrsy aeiou chkmpt lnrsy / aeiou lnrsy aeiou chkmpt / chkmpt aeiou lnrsy aeiou / lnrsy chkmpt aeiou lnrsy';
  await page.goto(`${env.base}?mode=break&class=${encodeURIComponent(cls)}&target=3000`);
  await page.locator('.tree-node').first().waitFor({ timeout: 60000 });
  assert.equal(await page.getByTestId('break-status').getAttribute('data-state'), 'running');
  await page.getByTestId('break-start').click(); // Stop
  await page.waitForSelector('[data-testid="break-status"][data-state="stopped"]');
  assert.deepEqual(page.errors, []);
});

/**
 * Runs the partition `partition` on 3x3 at target 1 with `workers` workers from nothing saved,
 * and asserts that it stops in the error state saying the target is too low, keeping at most
 * the boards a run keeps, and that neither it nor its saved progress offers to go on.
 */
async function expectTooManyBoards(partition, workers) {
  const page = await env.page();
  await page.goto(`${env.base}?mode=break&partition=${encodeURIComponent(partition)}&size=3x3&target=1`);
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await page.fill('#partition-workers', String(workers));
  await page.getByTestId('partition-start').click();
  const status = page.getByTestId('partition-status');
  const start = page.getByTestId('partition-start');
  const reason = page.locator('#partition-target-error');
  for (const when of ['stopped', 'reloaded']) {
    await page.waitForSelector('[data-testid="partition-status"][data-state="error"]', { timeout: 60000 });
    const found = Number((await page.locator('[aria-labelledby="partition-title"] .break-counts div', { has: page.locator('dt', { hasText: /^boards found$/ }) }).locator('dd').textContent()).replace(/,/g, ''));
    assert.ok(found <= 10000, `${when}: ${found} boards found`);
    // An engine that stops reports the boards its last slice found before its error.
    if (workers === 1) assert.ok(found >= 1250, `${when}: ${found} boards found`);
    // Boards found before the stop are listed, and said to be only those.
    const listed = found ? ' The boards listed are those found before the run stopped.' : '';
    assert.match(await status.textContent(), /^Stopped at [\d,]+ of [\d,]+ class(es)? \(saved\): more than 10,000 boards reach the target 1\./, when);
    assert.ok((await status.textContent()).endsWith(`target 1.${listed}`), when);
    assert.equal(await reason.textContent(), 'Raise the target to run this partition: more than 10,000 boards reach the target 1, more than a run keeps.', when);
    assert.equal(await start.isDisabled(), true, when);
    assert.equal(await start.textContent(), 'Start', when);
    if (when === 'stopped') await page.reload();
  }
  // The saved progress was kept, not discarded as more than a run keeps.
  assert.equal(await page.getByTestId('partition-notice').isVisible(), false);
  assert.deepEqual(page.errors, []);
}

test('a partition run with too many boards stops and says the target is too low', async () => {
  // One class, 261,111 of whose 262,144 boards score at least 1: its worker's engine stops.
  await expectTooManyBoards('aest', 1);
});

test('a partition run whose classes each keep few boards but together too many stops and says the target is too low', async () => {
  // 102 classes of at most 512 boards each, 34,753 boards at least 1 in all (`boggle break
  // --partition 'ae st' --size 3x3 --target 1`): no worker's engine passes the page's limit, the
  // pool's count of every worker's boards does.
  await expectTooManyBoards('ae st', 2);
});

test('the example post names the best 3x3 board as its break widget lists it, and says which class count it means', async () => {
  const page = await env.page();
  await page.goto(`${env.base}embed-example/upper-bounds.html`);
  const text = (await page.locator('article').textContent()).replace(/\s+/g, ' ');
  // The widget lists boards in canonical form: the post says streaedlp is listed as deslatper.
  assert.match(text, /streaedlp, 545 points, is the best that survives \(.*deslatper.*same board/);
  // 4^9 assignments of the groups, of which the break view's 3x3 proof breaks 34,960.
  assert.match(text, /262,144 classes.*34,960/);
});
