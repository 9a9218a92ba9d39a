// Hostile strings in every URL parameter of every view and in the text boxes: nothing becomes
// markup or a script URL, no view crashes, a bad value gets a message (quoted short, with
// bidirectional overrides made visible), and the page still works afterwards.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { browserEnv } from './helpers.mjs';

const env = browserEnv();

const HOSTILE = [
  '<img src=x onerror="window.__pwned=1">',
  '"><script>window.__pwned=1</script>',
  "javascript:window.__pwned=1//",
  '\u202Eevil\u202D txt',
  'a'.repeat(10_000),
  'constructor',
  '__proto__',
  '{{7*7}} ${7*7} %00 \u0000 ../../.git/config',
];

/** Each view's URL parameters (break progress in localStorage is tested with the break view). */
const VIEWS = {
  solve: ['board', 'dims', 'wordlist', 'multiboggle', 'min', 'word', 'sort', 'filter', 'len'],
  bounds: ['class', 'target', 'cell', 'wordlist'],
  search: ['opt', 'size', 'wordlist', 'seed', 'workers', 'pool', 'order', 'expansions', 'schedule', 't0', 't_end', 'steps', 'acceptance', 'cooling', 'stall', 'restart', 'letters', 'source', 'runs', 'target'],
  break: ['class', 'target', 'partition', 'size', 'wordlist'],
  embed: ['board', 'dims', 'wordlist', 'multiboggle', 'min', 'theme', 'words', 'maxheight', 'id'],
};

/** Free-text parameters: each also gets the 10,000-character value on its own. */
const TEXT_PARAMS = ['board', 'class', 'partition', 'letters', 'wordlist', 'word', 'filter', 'id'];

/** What a view shows once it has read its parameters (a result or an error). */
const SETTLED = {
  solve: () => /^\d+$/.test(document.querySelector('[data-testid=score]')?.textContent ?? ''),
  bounds: () =>
    /^\d+$/.test(document.querySelector('[data-testid=bound-sum-union]')?.textContent ?? '') ||
    document.querySelector('[data-testid=error]') !== null,
  search: () => document.querySelector('[data-testid=anneal-start]') !== null,
  break: () =>
    document.querySelector('[data-testid=break-start]') !== null || document.querySelector('[data-testid=error]') !== null,
  embed: () =>
    /^\d+$/.test(document.querySelector('[data-testid=score]')?.textContent ?? '') ||
    document.querySelector('[data-testid=error]') !== null,
};

/** Waits for `fn` in the page; on a timeout says which case and what the page showed. */
async function settled(page, fn, what, arg = null) {
  try {
    await page.waitForFunction(fn, arg, { timeout: 20_000 });
  } catch (e) {
    const shown = (await page.locator('body').textContent()).replace(/\s+/g, ' ').slice(0, 400);
    throw new Error(`${what}: never settled (${e.message.split('\n')[0]}); errors: ${page.errors.join(' | ').slice(0, 300)}; page: ${shown}`);
  }
}

/** Checks that nothing hostile got into the page and that the messages are readable. */
/** The elements that load or run something, as a page of `query` has them with no hostile input. */
const baselines = new Map();
async function baseline(query, ready) {
  if (!baselines.has(query)) {
    const page = await env.page();
    await page.goto(`${env.base}${query}`);
    await page.waitForFunction(ready);
    baselines.set(query, await page.evaluate(() => [...document.querySelectorAll('img, script, iframe, object, embed, link, style')].map((e) => e.tagName).sort().join()));
    await page.close();
  }
  return baselines.get(query);
}

async function assertClean(page, what, { quoting = true, expected } = {}) {
  const r = await page.evaluate(() => {
    const all = [...document.querySelectorAll('*')];
    return {
      pwned: window.__pwned,
      handlers: all.filter((e) => [...e.attributes].some((a) => /^on/i.test(a.name))).map((e) => e.outerHTML.slice(0, 80)),
      scriptLinks: [...document.querySelectorAll('a[href], iframe[src]')]
        .map((e) => e.getAttribute('href') ?? e.getAttribute('src'))
        .filter((u) => /^\s*javascript:/i.test(u)),
      injected: [...document.querySelectorAll('img, script, iframe, object, embed, link, style')].map((e) => e.tagName).sort().join(),
      messages: [...document.querySelectorAll('[data-testid=error]')].map((e) => e.textContent),
    };
  });
  assert.equal(r.pwned, undefined, `${what}: a script ran`);
  assert.deepEqual(r.handlers, [], `${what}: event-handler attributes`);
  assert.deepEqual(r.scriptLinks, [], `${what}: javascript: links`);
  if (expected !== undefined) assert.equal(r.injected, expected, `${what}: markup was inserted`);
  for (const m of quoting ? r.messages : []) {
    assert.ok(m.length < 600, `${what}: a ${m.length}-character message`);
    assert.ok(!/[\u202a-\u202e\u2066-\u2069]/.test(m), `${what}: a raw bidirectional override in "${m}"`);
  }
  assert.deepEqual(page.errors, [], `${what}: uncaught errors`);
  return r;
}

test('hostile strings in every URL parameter of every view', { timeout: 600_000 }, async () => {
  let loads = 0;
  for (const [view, names] of Object.entries(VIEWS)) {
    for (const bad of HOSTILE) {
      // Every parameter at once; a long value one parameter at a time (the server refuses a
      // request line over 16 KB, as Node's does).
      const sets = bad.length > 1000 ? names.filter((n) => TEXT_PARAMS.includes(n)).map((n) => [n]) : [names];
      for (const set of sets) {
        const q = new URLSearchParams(view === 'embed' ? { embed: '1' } : { mode: view });
        for (const n of set) q.set(n, bad);
        const page = await env.page();
        const res = await page.goto(`${env.base}?${q}`);
        assert.equal(res.status(), 200);
        const what = `${view} with ${set.join(', ')} = ${JSON.stringify(bad.slice(0, 30))}`;
        if (process.env.HOSTILE_TRACE) process.stderr.write(`${what}\n`);
        await settled(page, SETTLED[view], what);
        const expected = await baseline(view === 'embed' ? '?embed=1' : `?mode=${view}`, SETTLED[view]);
        const r = await assertClean(page, what, { expected });
        if (set.length > 1) assert.ok(r.messages.length > 0, `${what}: no message`);
        await page.close();
        loads++;
      }
    }
  }
  // The view name itself.
  for (const bad of HOSTILE) {
    const page = await env.page();
    await page.goto(`${env.base}?${new URLSearchParams({ mode: bad })}`);
    await page.waitForFunction(SETTLED.solve);
    const expected = await baseline('', SETTLED.solve);
    const r = await assertClean(page, `mode ${JSON.stringify(bad.slice(0, 30))}`, { expected });
    assert.ok(r.messages.some((m) => /no view called/.test(m)), r.messages.join(' | '));
    assert.equal(await page.locator('[data-testid=score]').first().textContent(), '3625');
    await page.close();
    loads++;
  }
  const perParam = Object.values(VIEWS).reduce((a, n) => a + n.filter((p) => TEXT_PARAMS.includes(p)).length, 0);
  assert.equal(loads, Object.keys(VIEWS).length * (HOSTILE.length - 1) + perParam + HOSTILE.length);
});

test('each bad URL parameter gets its own message beside its control', { timeout: 120_000 }, async () => {
  const cases = [
    ['?multiboggle=maybe', '#multiboggle-error', /multiboggle=“maybe” is not 1 or 0/],
    ['?min=%E2%80%AE9', '#min-error', /^min=“\\u\{202e\}9” is not a shortest word: choose 3, 4 or 5 letters/],
    ['?wordlist=%E2%80%AEevil', '#list-error', /no word list called “\\u\{202e\}evil”/],
    [`?dims=${'9'.repeat(500)}`, '#size-error, [id$=size-error]', /is not a board size/],
    ['?mode=bounds&cell=two', '#cell-error', /cell=“two” is not a cell number/],
    ['?mode=bounds&cell=99', '#cell-error', /cell=“99” is past the class's 9 cells/],
    ['?mode=bounds&wordlist=x', '#bounds-list-error', /no word list called “x”/],
    ['?mode=break&wordlist=x', '#break-list-error', /no word list called “x”: using ENABLE2K/],
    ['?mode=search&wordlist=x', '#search-wordlist-error', /^There is no word list called “x”: choose ENABLE2K or YAWL \(from the link; using enable2k\)\.$/],
    ['?mode=search&pool=999999999', '#search-pool-error', /^The pool size must be a whole number from 1 to 100,000/],
    // A target past any board's score is refused by every view, in the same words.
    ['?mode=search&target=1000000', '#search-target-error', /^The target must be a whole number from 1 to 999,999 \(from the link/],
    ['?mode=bounds&target=1000000', '#target-error', /^target=“1000000” is not a target score: use a whole number from 1 to 999,999/],
    ['?mode=nope', '#mode-error', /no view called “nope”/],
    [`?mode=break&target=${'7x'.repeat(3000)}`, '#break-target-error', /^target=“(7x){20}… \(6000 characters\)” is not a target score/],
    ['?mode=break&target=%E2%80%AE500', '#partition-target-error', /target=“\\u\{202e\}500” is not a target score: .* using 500\./],
    ['?mode=break&size=9x9', '#partition-size-error', /size=“9x9” is not a size a partition run offers \(2x2, .*\): using 3x3\./],
    ['?mode=break&size=%3Cb%3E', '#partition-size-error', /size=“<b>” is not a size/],
    // Every letter its own group on 4x4: 26^16 ways, refused at once, the count written out.
    [`?mode=break&size=4x4&partition=${'abcdefghijklmnopqrstuvwxyz'.split('').join('+')}`, '#partition-groups-error', /^43,608,742,899,428,874,059,776 ways to give the 16 cells their groups, too many to search \(at most 16,777,216\)/],
    ['?mode=break&size=3x3&partition=aeiou+bcd%2C+corner%3A', '#partition-groups-error', /^'corner:' has no groups after it/],
    // No groups at all is said, not run as the default partition.
    ['?mode=break&size=3x3&partition=+', '#partition-groups-error', /^Type the letter groups, or pick one of the proofs above\.$/],
  ];
  for (const [query, selector, re] of cases) {
    const page = await env.page();
    await page.goto(`${env.base}${query}`);
    const message = page.locator(selector).first();
    await message.waitFor();
    assert.match(await message.textContent(), re, query);
    assert.ok((await message.textContent()).length < 300, query);
    if (query.includes('mode=search&pool')) {
      // A screen reader reads the message with the field it is about.
      const ids = (await page.locator('#search-pool').getAttribute('aria-describedby'))?.split(' ');
      assert.ok(ids?.includes('search-pool-error'), `${query}: ${ids}`);
    }
    await assertClean(page, query);
    await page.close();
  }
});

test('hostile strings typed into every text box', { timeout: 300_000 }, async () => {
  const answered = () => document.querySelector('[data-testid=error]');
  const checked = (bad) => {
    const t = document.querySelector('.current')?.textContent ?? '';
    const word = bad.trim().toLowerCase();
    return /^[a-z]+$/.test(word) ? t.startsWith(`${word.toUpperCase().slice(0, 20)}`) && /not on this board/.test(t) : /Only the letters/.test(t);
  };
  const started = () => document.querySelector('[data-testid=error]') || document.querySelector('.search[data-state=running]');
  // Each box, and what shows that it answered a submission (a message, or a result).
  const boxes = [
    ['', '#board-input', answered],
    ['', '#check-input', checked],
    ['?mode=bounds', '#class-input', answered],
    ['?mode=search', '#search-letters', started],
  ];
  let typed = 0;
  for (const [query, selector, done] of boxes) {
    const page = await env.page();
    await page.goto(`${env.base}${query}`);
    const box = page.locator(selector);
    await box.waitFor({ state: 'attached' });
    for (const bad of HOSTILE) {
      if (!(await box.isVisible())) await page.getByText('More options').click();
      await box.fill(bad);
      await box.press('Enter');
      const what = `${selector} ← ${JSON.stringify(bad.slice(0, 30))}`;
      if (process.env.HOSTILE_TRACE) process.stderr.write(`${new Date().toISOString()} ${what}\n`);
      await settled(page, done, what, bad);
      const ready = { '': SETTLED.solve, '?mode=bounds': SETTLED.bounds, '?mode=search': SETTLED.search }[query];
      await assertClean(page, what, { expected: await baseline(query, ready) });
      // A valid value started a search: stop it before the next one.
      const stop = page.getByTestId('search-stop');
      if ((await stop.count()) && (await stop.isEnabled())) {
        await stop.click();
        await page.locator('.search[data-settled]').waitFor({ state: 'attached' });
      }
      await page.evaluate(() => {
        for (const e of document.querySelectorAll('[data-testid=error]')) e.removeAttribute('data-testid');
        document.querySelector('.search')?.removeAttribute('data-settled');
        document.querySelector('.current')?.replaceChildren();
      });
      typed++;
    }
    await page.close();
  }
  assert.equal(typed, boxes.length * HOSTILE.length);
  // The solver still solves after all that.
  const page = await env.page();
  await page.goto(env.base);
  await page.locator('#board-input').fill('streaedlp');
  await page.locator('#board-input').press('Enter');
  await page.waitForFunction(() => document.querySelector('[data-testid=score]')?.textContent === '545');
});
