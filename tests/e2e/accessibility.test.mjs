// An accessibility audit with axe-core (@axe-core/playwright, every frame included) of every
// view (the Play view under its cover before Start, in a round and in its review), the Embed
// dialog, the embedded widgets (the play widget in a round's review) and both example posts, in
// the light and dark themes (the dark one with the colour rules) at a desktop and a phone width,
// each after its first real result is on screen. Any violation of the WCAG 2.2 A/AA rules or
// axe's best practices fails the state's test and is printed with its rule, target and summary.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { AxeBuilder } from '@axe-core/playwright';
import { browserEnv, giveWord, widgetsReady } from './helpers.mjs';

/** The rule sets audited. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/**
 * Violations accepted, each with the reason it is not a fault: {rule, target (a RegExp on the
 * node's selector path), reason}. Empty: every state passes every rule.
 */
const EXCEPTIONS = [];

const THEMES = ['light', 'dark'];
/**
 * The rules whose outcome depends on the colour theme. The dark theme changes only colours, so
 * its states are audited with these (every rule runs in the light theme, at both widths): a
 * full audit is the slowest part of the browser tests, and the rest would repeat the light one.
 */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];
const WIDTHS = { 1280: 900, 390: 844 };

const env = browserEnv();

const digits = (page, testid) =>
  page.waitForFunction((id) => /^\d+$/.test(document.querySelector(`[data-testid=${id}]`)?.textContent ?? ''), testid, { timeout: 60_000 });

/** Starts the round waiting under its cover and waits until it is in play. */
const playing = async (page) => {
  await page.getByTestId('play-start').click({ timeout: 60_000 });
  await page.waitForFunction(() => document.querySelector('[data-testid=play-input]')?.disabled === false, null, { timeout: 60_000 });
};

/** Gives word `w` to a Play round and waits for the verdict. */
const give = giveWord;

/**
 * The page states audited: a URL and what to wait for (or do) before the audit. The solver
 * shows a 3x3 board of 85 words (3 to 6 letters): they are the same controls as a 4x4 board's
 * thousand, and axe's checks take time in proportion to the elements on the page (the solver's
 * audit took 8.3 s with a board of 267 words).
 */
/** Runs the partition of the page's URL afresh (nothing saved) on one worker until its status is `state`. */
async function runPartition(page, state) {
  await page.evaluate(() => localStorage.clear());
  await page.fill('#partition-workers', '1');
  await page.getByTestId('partition-start').click();
  await page.locator(`[data-testid="partition-status"][data-state="${state}"]`).waitFor({ timeout: 60_000 });
}

const STATES = {
  solve: {
    url: '?board=catsonmat',
    ready: async (page) => {
      await digits(page, 'score');
      await digits(page, 'word-count');
      await page.locator('[data-testid=word-list]:not([aria-busy])').waitFor();
      // A picked word: its path is drawn (numbered cells, the start filled) and described.
      await page.getByTestId('word').first().focus();
      await page.keyboard.press('Enter');
      await page.locator('[data-testid=word][aria-pressed="true"]').waitFor();
    },
  },
  'solve, its word list failing to download': {
    url: '?board=catsonmat',
    // The message with its Try again, and the dashes that stand for numbers that never came.
    setup: (page) => page.context().route('**/pkg/enable2k.dawg', (route) => route.fulfill({ status: 503, body: 'busy' })),
    ready: (page) => page.locator('#list-error').getByRole('button', { name: 'Try again' }).waitFor(),
  },
  'solve, with a list of the reader\'s own': {
    url: '?board=catsonmat',
    ready: async (page) => {
      await digits(page, 'score');
      // Loaded from a file: its statistics, and Forget this list beside the menu.
      await page.locator('input[type=file]').setInputFiles({ name: 'mine.txt', mimeType: 'text/plain', buffer: Buffer.from('cat\ncats\nmat\nsat\n') });
      await page.getByTestId('forget-list').waitFor();
      await page.locator('#list-stats').filter({ hasText: /^mine\.txt: 4 words/ }).waitFor();
    },
  },
  bounds: {
    url: '?mode=bounds',
    ready: async (page) => {
      await digits(page, 'bound-sum-union');
      await page.waitForFunction(() => !/Drawing…/.test(document.querySelector('.tree-card').textContent), null, { timeout: 60_000 });
      await page.waitForFunction(() => /All \d+ single-letter fixes/.test(document.querySelector('.splits-card').textContent), null, { timeout: 120_000 });
      // A sum/union word in focus: its path is marked on the class grid.
      await page.locator('.class-word').first().focus();
      await page.locator('.class-cell[data-on-path="true"]').first().waitFor();
    },
  },
  search: {
    url: '?mode=search&size=3x3&seed=5&workers=2',
    ready: async (page) => {
      await page.getByTestId('anneal-start').click();
      await page.waitForFunction(() => Number(document.querySelector('[data-testid=anneal-best-score]')?.textContent) > 0);
      await page.getByTestId('search-stop').click();
      await page.locator('.search[data-settled="true"]').waitFor();
    },
  },
  break: {
    url: `?mode=break&class=${encodeURIComponent('st t rs / e ae e / d l ps')}&target=400`,
    ready: async (page) => {
      await page.locator('[data-testid="break-status"][data-state="done"]').waitFor({ timeout: 60_000 });
    },
  },
  'break, asking before it forgets a run': {
    url: '?mode=break&size=2x2',
    ready: async (page) => {
      // A finished 2x2 run, whose progress is kept; then the question is asked.
      await runPartition(page, 'done');
      await page.getByRole('button', { name: 'Forget progress' }).click();
      await page.locator('dialog.confirm-dialog[open]').waitFor();
    },
  },
  'break, stopped for too many boards': {
    url: `?mode=break&class=${encodeURIComponent('lnrsy aeiou chkmpt chkmpt aeiou lnrsy lnrsy aeiou bdfgjvwxz')}&target=150`,
    ready: async (page) => {
      await page.locator('[data-testid="break-status"][data-state="error"]').waitFor({ timeout: 60_000 });
    },
  },
  'break, a partition run stopped for too many boards, and a bad number of workers': {
    url: '?mode=break&partition=aest&size=3x3&target=1',
    ready: async (page) => {
      // Start off with the reason beside the target, and the workers' own message.
      await runPartition(page, 'error');
      await page.fill('#partition-workers', '0');
      await page.press('#partition-workers', 'Tab');
      await page.locator('#partition-workers-error:not([hidden])').waitFor();
    },
  },
  'play, a round under its cover': {
    url: '?mode=play&seed=42&timer=2',
    ready: async (page) => {
      await page.getByTestId('play-start').waitFor({ timeout: 60_000 });
    },
  },
  'play, a round in progress': {
    url: '?mode=play&seed=42&timer=off',
    ready: async (page) => {
      await playing(page);
      await give(page, 'demote');
      await give(page, 'qzxv');
      // Two cells traced: the path drawn in the tracing colours.
      await page.locator('[data-testid=play-board] [data-index="0"]').click();
      await page.locator('[data-testid=play-board] [data-index="1"]').click();
      await page.locator('[data-testid=play-board] [data-on-path="true"]').nth(1).waitFor();
    },
  },
  'play, the review': {
    url: '?mode=play&seed=42&timer=off',
    ready: async (page) => {
      await playing(page);
      await give(page, 'demote');
      await page.getByTestId('play-end').click();
      await page.getByTestId('confirm-yes').click();
      await page.locator('[data-testid=play-missed] [data-testid=word-list]:not([aria-busy])').waitFor();
      await page.locator('[data-testid=play-history-round]').first().waitFor();
      // A missed word in focus: its path is drawn on the board. The mouse, left on End round,
      // is moved off the list first (the list under a still mouse would take the hover).
      await page.mouse.move(0, 0);
      await page.locator('[data-testid=play-missed] [data-word]').first().focus();
      await page.locator('[data-testid=play-board] [data-on-path="true"]').first().waitFor();
    },
  },
  'play widget, a round and its review': {
    url: 'embed-example.html',
    ready: async (page) => {
      await page.setContent(`<!doctype html><html lang="en"><head><meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1"><title>Play widget</title>
        <script type="module" src="www/embed.js"></script></head>
        <body><main><h1>Try this board</h1><boggle-play seed="42" timer="off"></boggle-play></main></body></html>`);
      await widgetsReady(page, 'boggle-play');
      const frame = page.locator('boggle-play iframe').contentFrame();
      await frame.getByTestId('play-start').click();
      await frame.getByTestId('play-input').fill('demote');
      await frame.getByTestId('play-input').press('Enter');
      await frame.locator('[data-testid=play-found] [data-word]').first().waitFor();
      await frame.getByTestId('play-end').click();
      await frame.getByTestId('confirm-yes').click();
      await frame.locator('[data-testid=play-missed] [data-testid=word-list]:not([aria-busy])').waitFor();
    },
  },
  'embed dialog': {
    url: '?board=catsonmat',
    ready: async (page) => {
      await digits(page, 'score');
      await page.getByRole('button', { name: 'Embed' }).click();
      await page.locator('dialog.embed-dialog[open]').waitFor();
      await widgetsReady(page, '.embed-preview boggle-board');
    },
  },
  'example post': {
    url: 'embed-example.html',
    // Every widget of the post, the play widget's covered board and Start button among them.
    ready: (page) => widgetsReady(page, 'boggle-board, boggle-play, iframe.widget'),
    // Left out, with reason: the word lists of the 4x4 and 5x5 boards (some 1,000 and 2,000
    // word buttons) are the same component as the plain iframe's list of 267 words further down
    // the post, audited in the same state. The 4x4 board's list alone took 6.4 of the 15.5 s
    // the contrast rule took on this post.
    exclude: [
      [['boggle-board[board="perslatgsineters"]', 'iframe'], '.word-groups'],
      [['boggle-board[board="ligdrmanesietildsracsepes"]', 'iframe'], '.word-groups'],
    ],
  },
  'example post: upper bounds': {
    url: 'embed-example/upper-bounds.html',
    ready: (page) => widgetsReady(page, 'boggle-bounds, boggle-break, boggle-search, iframe.widget'),
  },
  'break and search widgets, run': {
    url: 'embed-example.html',
    ready: async (page) => {
      // A host page of its own, on the explorer's origin, with the two widgets a reader starts.
      await page.setContent(`<!doctype html><html lang="en"><head><meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1"><title>Widgets</title>
        <script type="module" src="www/embed.js"></script></head>
        <body><main><h1>Widgets</h1>
        <boggle-search size="3x3" seed="1" target="545"></boggle-search>
        <boggle-break board-class="st t rs / e ae e / d l ps" target="500"></boggle-break>
        </main></body></html>`);
      await widgetsReady(page, 'boggle-search, boggle-break');
      const search = page.locator('boggle-search iframe').contentFrame();
      const brk = page.locator('boggle-break iframe').contentFrame();
      // The lower widget first, and done before the upper one starts: a starting search grows
      // its frame, and a click aimed at the break widget while it moves down can miss it.
      await brk.getByTestId('break-start').click();
      await brk.locator('[data-testid="break-status"][data-state="done"]').waitFor({ timeout: 60_000 });
      await search.getByTestId('anneal-start').click();
      await search.locator('[data-testid="search-status"][data-state="reached"]').waitFor({ timeout: 120_000 });
    },
  },
};

/** One line per violating node: rule, impact, target and axe's summary of what to fix. */
function describe(violations) {
  return violations.flatMap((v) =>
    v.nodes.map((n) => `${v.id} (${v.impact}): ${n.target.map((t) => [].concat(t).join(' >>> ')).join(' | ')}\n    ${v.help}\n    ${n.failureSummary.replace(/\n/g, '\n    ')}`),
  );
}

/** The violations of `results` not covered by an exception. */
function unexpected(results) {
  return results.violations
    .map((v) => ({
      ...v,
      nodes: v.nodes.filter((n) => !EXCEPTIONS.some((e) => e.rule === v.id && e.target.test(n.target.flat().join(' ')))),
    }))
    .filter((v) => v.nodes.length);
}

for (const [name, state] of Object.entries(STATES)) {
  for (const theme of THEMES) {
    for (const [width, height] of Object.entries(WIDTHS)) {
      test(`${name}, ${theme}, ${width} px: no axe violation`, async () => {
        const page = await env.page({ colorScheme: theme, viewport: { width: Number(width), height } });
        await state.setup?.(page);
        await page.goto(`${env.base}${state.url}`);
        await state.ready(page);
        const axe = (theme === 'dark' ? new AxeBuilder({ page }).withRules(COLOUR_RULES) : new AxeBuilder({ page }).withTags(TAGS))
          // Only violations are read: axe then keeps one node per passing rule instead of
          // every node, which took about a fifth of each audit's time.
          .options({ resultTypes: ['violations'] })
          // One axe.run from the top frame, which reaches the (same-origin) widget frames
          // itself, rather than a partial run per frame merged in a blank page: the same
          // results node for node on the example post, in about a third of the time.
          .setLegacyMode(true);
        for (const part of state.exclude ?? []) axe.exclude(part);
        // That run does not enter frames of other origins: every frame must be the page's own.
        const foreign = page.frames().map((f) => f.url()).filter((u) => !u.startsWith(env.base) && !/^about:(blank|srcdoc)$/.test(u));
        assert.deepEqual(foreign, [], 'frames axe would leave out');
        const results = await axe.analyze();
        const found = unexpected(results);
        const lines = describe(found);
        const nodes = found.reduce((a, v) => a + v.nodes.length, 0);
        console.log(`axe: ${name}, ${theme}, ${width} px: ${nodes} violating nodes${nodes ? ` (${found.map((v) => `${v.id} ${v.nodes.length}`).join(', ')})` : ''}`);
        assert.equal(nodes, 0, `${nodes} violating nodes:\n${lines.join('\n')}`);
        // The browser's own line for a download a state refuses on purpose is no error of the page's.
        assert.deepEqual(page.errors.filter((e) => !(state.setup && /^Failed to load resource/.test(e))), []);
        await page.context().close();
      });
    }
  }
}
