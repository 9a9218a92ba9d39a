// The embeddable widget in headless Chromium: the example blog post with its three boards,
// iframe sizing from the widget's height messages, path highlighting inside a widget, a bad
// board shown as an error inside its own widget, following the host's theme, a host on another
// origin, and the solver page's Embed dialog producing snippets that work when pasted.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { browserEnv, frameHeights, hostServer } from './helpers.mjs';

const env = browserEnv();
const blog = hostServer(); // a host page on another origin
before(() => writeFileSync(join(blog.dir, 'index.html'), '<!doctype html><title>A blog</title><link rel="icon" href="data:,"><p>A blog.</p>'));

const BOARDS = [
  { selector: 'boggle-board[board="perslatgsineters"] iframe', score: '3625', words: '1045' },
  { selector: 'boggle-board[board="ligdrmanesietildsracsepes"] iframe', score: '10406', words: '2344' },
  { selector: 'iframe.widget', score: '545', words: '267' },
];

/** Opens the example post. */
async function post(options = { viewport: { width: 1280, height: 900 } }) {
  const page = await env.page(options);
  await page.goto(`${env.base}embed-example.html`);
  return page;
}

/** Scrolls the widget's iframe into view (widgets load lazily) and waits for its first result. */
async function widget(page, selector) {
  // An element creates its iframe only when it comes near the screen: scroll to it first.
  await page.locator(selector.replace(/([^>\s]) iframe$/, '$1')).scrollIntoViewIfNeeded();
  const frame = page.locator(selector);
  await frame.scrollIntoViewIfNeeded();
  const inside = frame.contentFrame();
  await inside.locator('.embed-widget[data-ready="true"]').waitFor();
  return inside;
}

const text = async (locator) => (await locator.first().textContent()).trim();

test('the example post shows each board with its known score and word count', async () => {
  const page = await post();
  assert.equal(await page.locator('h1').textContent(), 'How good can a Boggle board get?');
  for (const b of BOARDS) {
    const w = await widget(page, b.selector);
    assert.equal(await text(w.getByTestId('score')), b.score, b.selector);
    assert.equal(await text(w.getByTestId('word-count')), b.words.replace(/\B(?=(\d{3})+$)/, ','), b.selector);
    assert.equal(await w.getByTestId('word').count(), Number(b.words));
    // The widget is compact: no site header or footer, and a link to the full explorer.
    assert.equal(await w.locator('.site-header').isVisible(), false);
    const href = await w.locator('a.embed-open').getAttribute('href');
    assert.match(href, /[?&]board=[a-z]+/);
    assert.doesNotMatch(href, /embed=/);
  }
  assert.deepEqual(page.errors, []);
});

test('a widget far below the screen loads only when the reader scrolls near it', async () => {
  const page = await post({ viewport: { width: 390, height: 844 } });
  // The first board is just below the screen: it loads without scrolling; the second is far off.
  await page.locator('boggle-board[board="perslatgsineters"][data-state="ready"]').waitFor({ state: 'attached' });
  const hasFrame = () =>
    page.$eval('boggle-board[board="ligdrmanesietildsracsepes"]', (e) => Boolean(e.shadowRoot.querySelector('iframe')));
  assert.equal(await hasFrame(), false);
  const w = await widget(page, BOARDS[1].selector);
  assert.equal(await hasFrame(), true);
  assert.equal(await text(w.getByTestId('score')), '10406');
  assert.deepEqual(page.errors, []);
});

test('each element-made iframe is as tall as its content, also after the layout changes', async () => {
  const page = await post();
  const elements = BOARDS.slice(0, 2).map((b) => b.selector);
  const wide = [];
  for (const s of elements) {
    await widget(page, s);
    wide.push(await frameHeights(page, s));
  }
  // The 5x5 widget is limited to 420 pixels: its word list scrolls inside.
  assert.ok(wide[1].content <= 420, `5x5 widget is ${wide[1].content}px tall`);
  // Phone width: the words move under the board, so the content is taller; the frame follows.
  await page.setViewportSize({ width: 390, height: 844 });
  for (const [i, s] of elements.entries()) {
    await page.locator(s).scrollIntoViewIfNeeded();
    const narrow = await frameHeights(page, s);
    if (i === 0) assert.ok(narrow.content > wide[i].content + 50, `${narrow.content} vs ${wide[i].content}`);
  }
  // Hiding the word list shrinks the widget on a phone; the element reloads and resizes.
  const first = page.locator('boggle-board[board="perslatgsineters"]');
  const before = (await page.locator(elements[0]).boundingBox()).height;
  await first.evaluate((e) => e.setAttribute('words', 'hide'));
  await page.waitForFunction(
    ([h]) => {
      const f = document.querySelector('boggle-board[board="perslatgsineters"]').shadowRoot.querySelector('iframe');
      return f.getBoundingClientRect().height < h - 100;
    },
    [before],
  );
  const w = await widget(page, elements[0]);
  assert.equal(await w.getByTestId('word').count(), 0);
  assert.equal(await text(w.getByTestId('score')), '3625');
  await frameHeights(page, elements[0]);
  assert.deepEqual(page.errors, []);
});

test('the plain iframe fills the height it is given, on a desktop and on a phone', async () => {
  const page = await post();
  const card = async (frame) => frame.locator('.embed-widget').evaluate((e) => e.getBoundingClientRect().toJSON());
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    const w = await widget(page, BOARDS[2].selector);
    const box = await page.locator(BOARDS[2].selector).boundingBox();
    assert.equal(box.height, 360);
    const c = await card(w);
    assert.ok(Math.abs(c.top) <= 1 && Math.abs(c.bottom - 360) <= 2, `${width}px: the card spans ${c.top}-${c.bottom} of 360`);
  }
  // The other widgets fill theirs too.
  const host = await env.page({ viewport: { width: 900, height: 900 } });
  await host.goto(`http://localhost:${blog.port}/`);
  const frames = [
    ['bounds', 300, 'mode=bounds&class=f%20a%20r'],
    ['search', 420, 'mode=search&size=3x3&seed=1'],
    ['break', 520, 'mode=break&class=st%20t%20rs%20e%20ae%20e%20d%20l%20ps'],
  ];
  await host.setContent(
    `<!doctype html><body>${frames
      .map(([id, h, q]) => `<iframe id="${id}" src="${env.base}?embed=1&${q}" style="width:100%;height:${h}px;border:0"></iframe>`)
      .join('')}</body>`,
  );
  for (const [id, h] of frames) {
    const w = host.locator(`#${id}`).contentFrame();
    await w.locator('.embed-widget[data-ready="true"]').waitFor();
    const c = await card(w);
    assert.ok(Math.abs(c.bottom - h) <= 2, `${id}: the card ends at ${c.bottom} of ${h}`);
  }
  assert.deepEqual(page.errors, []);
  assert.deepEqual(host.errors, []);
});

test('pointing at a word in a widget lights its path on that widget only', async () => {
  const page = await post();
  const big = await widget(page, BOARDS[1].selector);
  const small = await widget(page, BOARDS[2].selector);
  const word = small.locator('[data-testid=word][data-word="replated"]');
  await word.hover();
  const path = (await word.getAttribute('data-path')).split(',').map(Number);
  assert.equal(path.length, 8);
  const lit = async (frame) =>
    frame.locator('[data-testid=cell][data-on-path="true"]').evaluateAll((cells) =>
      cells
        .map((c) => [Number(c.querySelector('.order').textContent), Number(c.dataset.index)])
        .sort((a, b) => a[0] - b[0])
        .map(([, i]) => i),
    );
  assert.deepEqual(await lit(small), path);
  assert.match(await text(small.locator('.current')), /^REPLATED · 11 points$/);
  assert.deepEqual(await lit(big), []);

  // A click (a tap on a phone) pins the path; it stays when the pointer leaves.
  const other = big.locator('[data-testid=word]').first();
  await other.click();
  await page.mouse.move(5, 5);
  const pinned = (await other.getAttribute('data-path')).split(',').map(Number);
  assert.deepEqual(await lit(big), pinned);
  assert.deepEqual(page.errors, []);
});

test('a bad board shows its message inside its widget and the rest of the post keeps working', async () => {
  const page = await post();
  await page.evaluate(() => {
    const bad = document.createElement('boggle-board');
    bad.setAttribute('board', 'perslatgsinetrs');
    bad.id = 'bad';
    document.querySelector('article h2').before(bad);
  });
  const frame = await widget(page, '#bad iframe');
  const error = frame.getByTestId('error');
  assert.match(await text(error), /15 letters/);
  assert.equal(await frame.getByTestId('cell').count(), 0);
  assert.equal(await frame.locator('a.embed-open').isVisible(), true);
  await frameHeights(page, '#bad iframe');
  assert.ok((await page.locator('#bad iframe').boundingBox()).height < 200, 'an error widget is short');
  for (const b of BOARDS) {
    const w = await widget(page, b.selector);
    assert.equal(await text(w.getByTestId('score')), b.score);
  }
  assert.deepEqual(page.errors, []);
});

test('options every widget takes, and the board widget\'s words, say so when they are not understood', async () => {
  const page = await env.page();
  await page.goto(`${env.base}?embed=1&board=perslatgsineters&theme=blue&maxheight=abc&words=maybe`);
  await page.getByTestId('score').waitFor();
  assert.equal(
    await page.locator('.embed-note').textContent(),
    'theme=“blue” is not light, dark or auto: following the page. ' +
      'maxheight=“abc” is not a height from 160 to 4000 pixels: no limit. ' +
      'words=“maybe” is not 0 or 1: the words are shown.',
  );
  // Values it understands say nothing.
  await page.goto(`${env.base}?embed=1&board=perslatgsineters&theme=dark&maxheight=300&words=0`);
  await page.getByTestId('score').filter({ hasText: '3625' }).waitFor();
  assert.equal(await page.locator('.embed-note').isHidden(), true);
  // Without its words, the widget has no word to point at and gives no hint to.
  assert.equal(await page.locator('.current').isHidden(), true);
  assert.equal(await page.locator('.embed-words').count(), 0);
  // A shortest word the widget does not offer is said, and the engine's own used.
  await page.goto(`${env.base}?embed=1&board=perslatgsineters&min=9`);
  await page.getByTestId('score').filter({ hasText: '3625' }).waitFor();
  assert.equal(await page.locator('.embed-note').textContent(), 'min=“9” is not a shortest word: choose 3, 4 or 5 letters. Using 3.');
  assert.deepEqual(page.errors, []);

  // The element reads max-height and theme itself, so it tells the host page's author.
  const host = await post();
  const warnings = [];
  host.on('console', (m) => {
    if (m.type() === 'warning' && m.text().startsWith('<boggle-')) warnings.push(m.text());
  });
  await host.evaluate(() => {
    const b = document.createElement('boggle-board');
    b.setAttribute('board', 'perslatgsineters');
    b.setAttribute('theme', 'blue');
    b.setAttribute('max-height', 'tall');
    document.body.prepend(b);
  });
  await widget(host, 'boggle-board[theme="blue"] iframe');
  assert.deepEqual(warnings, ['<boggle-board>: max-height="tall" is not a height in pixels: no limit; theme="blue" is not light, dark or auto: following the page.']);
  assert.deepEqual(host.errors, []);
});

test('a widget that follows the host switches to dark and back with the host page', async () => {
  const page = await post();
  const w = await widget(page, BOARDS[0].selector);
  const theme = () => w.locator('html').evaluate((h) => h.dataset.theme);
  const surface = () => w.locator('.embed-widget').evaluate((e) => getComputedStyle(e).backgroundColor);
  assert.equal(await theme(), 'light');
  const light = await surface();
  await page.getByRole('button', { name: 'Dark' }).click();
  await w.locator('html[data-theme="dark"]').waitFor({ state: 'attached' });
  assert.notEqual(await surface(), light);
  await page.getByRole('button', { name: 'Light' }).click();
  await w.locator('html[data-theme="light"]').waitFor({ state: 'attached' });
  assert.equal(await surface(), light);

  // A dark device with a page that follows it: the widgets start dark.
  const dark = await post({ viewport: { width: 1280, height: 900 }, colorScheme: 'dark' });
  const d = await widget(dark, BOARDS[0].selector);
  assert.equal(await d.locator('html').evaluate((h) => h.dataset.theme), 'dark');
  assert.deepEqual(page.errors, []);
  assert.deepEqual(dark.errors, []);
});

test('a host on another origin gets a sized widget and its own forged messages are ignored', async () => {
  const port = blog.port;
  const page = await env.page();
  await page.goto(`http://localhost:${port}/`); // the blog's origin
  await page.setContent(`<!doctype html><title>Someone's blog</title><body style="margin:40px">
    <p>Before the board.</p>
    <script type="module" src="${env.base}www/embed.js"></script>
    <boggle-board board="streaedlp" theme="dark"></boggle-board>
    <p id="after">After the board.</p></body>`);
  const w = await widget(page, 'boggle-board iframe');
  assert.equal(await text(w.getByTestId('score')), '545');
  assert.equal(await w.locator('html').evaluate((h) => h.dataset.theme), 'dark');
  const { outer } = await frameHeights(page, 'boggle-board iframe');
  // A message from the host window itself (not the widget's iframe) must not resize it.
  await page.evaluate(
    () =>
      new Promise((handled) => {
        window.postMessage({ type: 'boggle-explorer:height', id: 'boggle-board-1', height: 5 }, '*');
        // Messages are delivered in order: once this one arrives, the first has been handled.
        window.addEventListener('message', (e) => e.data === 'after' && handled());
        window.postMessage('after', '*');
      }),
  );
  assert.equal((await page.locator('boggle-board iframe').boundingBox()).height, outer);
  assert.deepEqual(page.errors, []);
});

test('the Embed dialog gives snippets for the board on screen, and both work when pasted', async () => {
  const page = await env.page({ viewport: { width: 1280, height: 900 } });
  await page.goto(`${env.base}?board=perslatesind&wordlist=yawl&multiboggle=1&min=4`);
  await page.waitForFunction(() => /^\d+$/.test(document.querySelector('[data-testid=score]')?.textContent ?? ''));
  const expected = (await page.getByTestId('score').first().textContent()).trim();
  await page.getByRole('button', { name: 'Embed' }).click();
  const element = page.locator('#embed-snippet-element');
  const iframe = page.locator('#embed-snippet-iframe');
  await page.waitForFunction(() => document.querySelector('#embed-snippet-element')?.value);
  const elementSnippet = await element.inputValue();
  const iframeSnippet = await iframe.inputValue();
  assert.match(elementSnippet, /<script type="module" src="http:\/\/[^"]+\/www\/embed\.js"><\/script>/);
  assert.match(elementSnippet, /<boggle-board board="perslatesind" size="3x4" wordlist="yawl" multiboggle min="4">/);
  assert.match(iframeSnippet, /\?embed=1&amp;board=perslatesind&amp;dims=34&amp;wordlist=yawl&amp;multiboggle=1&amp;min=4/);
  // The dialog's preview is the widget itself.
  const preview = await widget(page, '.embed-preview boggle-board iframe');
  assert.equal(await text(preview.getByTestId('score')), expected);
  // Hiding the word list changes both snippets.
  await page.getByLabel('Show the word list').uncheck();
  assert.match(await element.inputValue(), /words="hide"/);
  assert.match(await iframe.inputValue(), /&amp;words=0/);
  await page.keyboard.press('Escape');
  assert.equal(await page.locator('dialog.embed-dialog').isVisible(), false);

  // Pasted into another site's page, each snippet shows the same board and score.
  const host = await env.page();
  await host.goto(`http://localhost:${blog.port}/`);
  await host.setContent(`<!doctype html><body><h1>Post</h1>${elementSnippet}<p>Text</p>${iframeSnippet}</body>`);
  for (const s of ['boggle-board iframe', 'body > iframe']) {
    const w = await widget(host, s);
    assert.equal(await text(w.getByTestId('score')), expected, s);
    assert.match(await text(w.locator('.embed-footer')), /YAWL · multiboggle · words of 4\+ letters/);
    // Its link opens the explorer with the same rules.
    assert.equal(await w.locator('.embed-footer a').evaluate((a) => new URL(a.href).searchParams.get('min')), '4');
  }
  assert.deepEqual(page.errors, []);
  assert.deepEqual(host.errors, []);
});

test('every view has an Embed dialog whose snippets show what is on screen when pasted', async () => {
  const views = [
    {
      url: `?mode=bounds&class=${encodeURIComponent('{a,e,i,o,u} {a,e,i,o,u} r {b,c,d,f,g,h} a t d e {r,s,t,v}')}&target=1000`,
      tag: 'boggle-bounds',
      element: /<boggle-bounds board-class="\{a,e,i,o,u\} \{a,e,i,o,u\} r \{b,c,d,f,g,h\} a t d e \{r,s,t,v\}" target="1000">/,
      check: async (w) => {
        assert.equal(await text(w.getByTestId('bound-max-nomark')), '1307');
        assert.equal(await text(w.getByTestId('bound-sum-union')), '2880');
        assert.match(await text(w.getByTestId('bounds-verdict')), /reaches the target 1000/);
      },
    },
    {
      url: '?mode=search&opt=anneal&size=3x3&seed=12&schedule=tempering&replicas=4',
      tag: 'boggle-search',
      element: /<boggle-search opt="anneal" size="3x3" seed="12" schedule="tempering" replicas="4">/,
      check: async (w) => {
        assert.match(await text(w.getByTestId('search-seed')), /^Seed 12:/);
        // The run the widget would start is the one on screen, schedule and all.
        const q = new URLSearchParams(await w.locator(':root').evaluate(() => location.search));
        assert.deepEqual([q.get('schedule'), q.get('replicas')], ['tempering', '4']);
      },
    },
    {
      url: `?mode=break&class=${encodeURIComponent('st t rs / e ae e / d l ps')}&target=540`,
      tag: 'boggle-break',
      element: /<boggle-break board-class="st t rs \/ e ae e \/ d l ps" target="540">/,
      check: async (w) => assert.match(await text(w.getByTestId('break-status')), /target 540\.$/),
    },
  ];
  for (const v of views) {
    const page = await env.page({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${env.base}${v.url}`);
    await page.getByRole('button', { name: 'Embed' }).click();
    await page.waitForFunction(() => document.querySelector('#embed-snippet-element')?.value);
    const elementSnippet = await page.locator('#embed-snippet-element').inputValue();
    const iframeSnippet = await page.locator('#embed-snippet-iframe').inputValue();
    assert.match(elementSnippet, v.element);
    assert.match(iframeSnippet, /\?embed=1&amp;mode=/);
    await v.check(await widget(page, `.embed-preview ${v.tag} iframe`));
    const host = await env.page();
    await host.goto(`http://localhost:${blog.port}/`);
    await host.setContent(`<!doctype html><body><h1>Post</h1>${elementSnippet}<p>Text</p>${iframeSnippet}</body>`);
    for (const s of [`${v.tag} iframe`, 'body > iframe']) await v.check(await widget(host, s));
    assert.deepEqual(page.errors, []);
    assert.deepEqual(host.errors, []);
    await page.context().close();
    await host.context().close();
  }
});

test('the search element and the Embed dialog pass on every search setting but workers', async () => {
  // www/embed/url.js runs on other sites and may not import the search view's settings, so
  // its list is checked against them here.
  const page = await env.page();
  await page.goto(`${env.base}?mode=search`);
  const [attrs, params] = await page.evaluate(async () => {
    const { WIDGETS } = await import('/www/embed/url.js');
    const { PARAMS } = await import('/www/views/search/params.js');
    return [Object.values(WIDGETS.search.attrs).sort(), Object.keys(PARAMS).sort()];
  });
  assert.deepEqual(attrs, params.filter((p) => p !== 'workers'));
});

test('the second post explains the bounds with live widgets, and its break and search run when asked', async () => {
  const page = await env.page({ viewport: { width: 1100, height: 900 } });
  await page.goto(`${env.base}embed-example/upper-bounds.html`);
  assert.equal(await page.locator('h1').textContent(), 'Upper bounds on Boggle boards');
  const expected = [
    ['1307', '2880'],
    ['6', '7'],
    ['6', '7'],
    ['9359', '106383'],
    ['132', '9'],
  ];
  const bounds = page.locator('boggle-bounds');
  assert.equal(await bounds.count(), expected.length);
  for (const [i, [max, sum]] of expected.entries()) {
    await bounds.nth(i).scrollIntoViewIfNeeded();
    const w = bounds.nth(i).locator('iframe').contentFrame();
    await w.locator('.embed-widget[data-ready="true"]').waitFor();
    assert.equal(await text(w.getByTestId('bound-max-nomark')), max, `widget ${i}`);
    assert.equal(await text(w.getByTestId('bound-sum-union')), sum, `widget ${i}`);
  }
  const plain = await widget(page, 'iframe.widget');
  assert.equal(await text(plain.getByTestId('bound-max-nomark')), '15692');
  assert.equal(await text(plain.getByTestId('bound-sum-union')), '195944');
  const brk = await widget(page, 'boggle-break iframe');
  await brk.getByTestId('break-start').click();
  await brk.locator('[data-testid="break-status"][data-state="done"]').waitFor({ timeout: 60000 });
  assert.equal(await brk.getByTestId('break-survivor').count(), 6);
  assert.equal(await brk.getByTestId('break-survivor').first().getAttribute('data-score'), '545');
  const search = await widget(page, 'boggle-search iframe');
  await search.getByTestId('anneal-start').click();
  await search.locator('[data-testid="search-status"][data-state="reached"]').waitFor({ timeout: 120000 });
  assert.equal(await text(search.getByTestId('anneal-best-score')), '545');
  // The posts link to each other.
  await page.getByRole('link', { name: /How good can a Boggle board get/ }).click();
  await page.waitForURL(/embed-example\.html$/);
  assert.equal(await page.locator('h1').textContent(), 'How good can a Boggle board get?');
  assert.deepEqual(page.errors, []);
});
