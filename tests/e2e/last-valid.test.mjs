// The URL, Copy link and the Embed dialog describe the last state a view could show (its last
// valid board or class), never input it rejected; while the input holds something else a note
// says what the link and the embed show. The same mechanism (www/lib/share.js) serves the
// solve, bounds and break views.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { browserEnv } from './helpers.mjs';

const env = browserEnv();

const STREAEDLP = 's t r / e a e / d l p';
const param = (page, name) => new URL(page.url()).searchParams.get(name);
const boundsShown = (page, sumUnion) =>
  page.waitForFunction((v) => document.querySelector('[data-testid=bound-sum-union]')?.textContent === v, sumUnion);

/** Opens the view's Embed dialog; returns the element snippet and the dialog's note. */
async function embedDialog(page) {
  await page.getByRole('button', { name: 'Embed', exact: true }).click();
  // Open again, the dialog still holds the snippets it showed last until it opens (it writes
  // them in the same task as it opens).
  await page.locator('dialog.embed-dialog[open]').waitFor();
  const snippet = await page.locator('#embed-snippet-element').inputValue();
  const iframe = await page.locator('#embed-snippet-iframe').inputValue();
  const note = await page.locator('.embed-dialog [data-testid=embed-note]').textContent();
  const preview = await page.locator('.embed-preview > *').first().evaluate((w) => w.getAttribute('board-class') ?? w.getAttribute('board'));
  await page.locator('.embed-dialog-close').click();
  return { snippet, iframe, note, preview };
}

test('bounds: a rejected class leaves the URL, the embed and a reload on the last valid one, and says so', async () => {
  const page = await env.page();
  await page.goto(`${env.base}?mode=bounds&class=${encodeURIComponent(STREAEDLP)}`);
  await boundsShown(page, '545');
  await page.locator('#class-input').fill('hello world !!');
  await page.getByRole('button', { name: 'Bound it' }).click();
  await page.locator('#class-error:not([hidden])').waitFor();
  assert.equal(param(page, 'class'), STREAEDLP);
  const note = page.getByTestId('share-note');
  assert.equal(await note.textContent(), `Link and embed show the last valid class: ${STREAEDLP}.`);
  const embed = await embedDialog(page);
  assert.match(embed.snippet, /board-class="s t r \/ e a e \/ d l p"/);
  assert.doesNotMatch(embed.snippet + embed.iframe, /hello|!!|%21/);
  assert.equal(embed.preview, STREAEDLP);
  assert.match(embed.note, /last valid class: s t r \/ e a e \/ d l p/);
  // Picking a cell changes the URL, not what the box holds: the note stays.
  await page.locator('[data-testid=cell][data-index="4"]').click();
  await page.waitForFunction(() => new URL(location.href).searchParams.get('cell') === '4');
  assert.equal(await note.isVisible(), true);
  // A reload shows the valid class, without an error.
  await page.reload();
  await boundsShown(page, '545');
  assert.equal(await page.locator('#class-error').isHidden(), true);
  assert.equal(await page.locator('#class-input').inputValue(), STREAEDLP);
  // A good class takes over the URL and the note goes.
  await page.locator('#class-input').fill('f {a,u} r / . . e / . . .');
  await page.getByRole('button', { name: 'Bound it' }).click();
  await page.waitForFunction(() => new URL(location.href).searchParams.get('class') === 'f {a,u} r / . . e / . . .');
  assert.equal(await note.isHidden(), true);
  assert.deepEqual(page.errors, []);
});

test('bounds: a bad class in the URL shows the default class, and the URL says that class', async () => {
  const page = await env.page();
  await page.goto(`${env.base}?mode=bounds&class=${encodeURIComponent('hello world !!')}`);
  await page.locator('#class-error:not([hidden])').waitFor();
  await page.waitForFunction(() => /^\d+$/.test(document.querySelector('[data-testid=bound-sum-union]')?.textContent));
  // The box still holds what the URL said, beside its message; the URL is the class shown.
  assert.equal(await page.locator('#class-input').inputValue(), 'hello world !!');
  assert.equal(param(page, 'class'), null);
  assert.equal(param(page, 'mode'), 'bounds');
  assert.match(await page.getByTestId('share-note').textContent(), /^Link and embed show the last valid class: lnrsy aeiou chkmpt/);
  assert.deepEqual(page.errors, []);
});

test('break: a rejected class is not offered by the Embed dialog, and the URL keeps the last valid class', async () => {
  const page = await env.page();
  await page.goto(`${env.base}?mode=break`);
  await page.locator('#break-class').fill('abc !!');
  await page.getByTestId('break-start').click();
  await page.locator('#break-class-error:not([hidden])').waitFor();
  assert.equal(param(page, 'class'), null);
  // The status line does not contradict or repeat the message.
  const status = page.getByTestId('break-status');
  assert.doesNotMatch(await status.textContent(), /Not started/);
  assert.notEqual(await status.getAttribute('data-state'), 'error');
  const embed = await embedDialog(page);
  assert.doesNotMatch(embed.snippet + embed.iframe, /abc|!!|%21/);
  assert.match(embed.snippet, /board-class="lnrsy aeiou chkmpt \/ chkmpt aeiou lnrsy \/ lnrsy aeiou bdfgjvwxz"/);
  assert.match(embed.note, /last valid class: lnrsy aeiou chkmpt/);
  assert.match(await page.getByTestId('share-note').textContent(), /last valid class: lnrsy aeiou chkmpt/);

  // A class that breaks becomes the URL's (and the embed's) when its break starts.
  await page.locator('#break-class').fill('st t rs / e ae e / d l ps');
  await page.getByTestId('break-start').click();
  await page.waitForFunction(() => new URL(location.href).searchParams.get('class') === 'st t rs / e ae e / d l ps');
  await page.locator('[data-testid=break-status][data-state=done]').waitFor({ timeout: 60000 });
  assert.equal(await page.getByTestId('share-note').isHidden(), true);
  const after = await embedDialog(page);
  assert.match(after.snippet, /board-class="st t rs \/ e ae e \/ d l ps"/);
  assert.equal(after.note, '');
  assert.deepEqual(page.errors, []);
});

test('solve: Copy link and Embed give the last board shown while the box holds a bad one', async () => {
  const page = await env.page();
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto(`${env.base}?board=streaedlp`);
  await page.getByTestId('score').filter({ hasText: /^545$/ }).waitFor();
  await page.locator('#board-input').fill('str eae dl!');
  await page.locator('#board-error:not([hidden])').waitFor();
  assert.equal(param(page, 'board'), 'streaedlp');
  assert.equal(await page.getByTestId('share-note').textContent(), 'Link and embed show the last valid board: str eae dlp.');
  await page.getByRole('button', { name: 'Copy link' }).click();
  // On screen beside the button (the page's live region says it too).
  await page.locator('#view').getByText('Link copied').waitFor();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  assert.equal(new URL(copied).searchParams.get('board'), 'streaedlp');
  const embed = await embedDialog(page);
  assert.match(embed.snippet, /board="streaedlp"/);
  assert.match(embed.note, /last valid board: str eae dlp/);
  assert.deepEqual(page.errors, []);
});

test('solve: a bad board in the URL shows the default board, and the URL is the default one', async () => {
  const page = await env.page();
  await page.goto(`${env.base}?board=${encodeURIComponent('abc!')}&multiboggle=1`);
  await page.locator('#board-error:not([hidden])').waitFor();
  await page.getByTestId('score').filter({ hasText: /^\d+$/ }).waitFor();
  // The default board, like every default, is left out of the address.
  await page.waitForFunction(() => !new URLSearchParams(location.search).has('board'));
  assert.equal(param(page, 'multiboggle'), '1');
  assert.match(await page.getByTestId('share-note').textContent(), /last valid board: pers latg sine ters/);
  assert.deepEqual(page.errors, []);
});

test('a URL value a view cannot use is explained beside its control and leaves the address; the rest stays', async () => {
  const cases = [
    // [view and parameters, the rejected parameter, a good parameter that stays, the message's start]
    ['mode=solve&board=streaedlp&dims=99&multiboggle=1', 'dims', 'multiboggle', '“99” is not a board size'],
    ['mode=solve&board=streaedlp&wordlist=foo', 'wordlist', 'board', 'There is no word list called “foo”'],
    [`mode=bounds&class=${encodeURIComponent(STREAEDLP)}&target=abc`, 'target', 'class', 'target=“abc” is not a target score'],
    [`mode=bounds&class=${encodeURIComponent(STREAEDLP)}&target=0`, 'target', 'class', 'target=“0” is not a target score: use a whole number from 1 to 999,999'],
    [`mode=bounds&class=${encodeURIComponent(STREAEDLP)}&cell=x`, 'cell', 'class', 'cell=“x” is not a cell number'],
    [`mode=bounds&class=${encodeURIComponent(STREAEDLP)}&cell=40`, 'cell', 'class', 'cell=“40” is past the class'],
    ['mode=search&size=9x9&seed=7', 'size', 'seed', '\'9x9\' is not a board size'],
    ['mode=search&opt=anneal&steps=-1', 'steps', 'opt', 'the steps per run must be'],
    ['mode=break&size=9x9&target=600', 'size', 'target', 'size=“9x9” is not a size'],
    ['mode=break&partition=!!&target=600', 'partition', 'target', "group 1: '!' is not a letter"],
    ['mode=break&target=abc&size=3x3', 'target', 'size', 'target=“abc” is not a target score'],
    ['mode=nope&board=streaedlp', 'mode', 'board', 'There is no view called “nope”'],
  ];
  for (const [query, bad, good, message] of cases) {
    const page = await env.page();
    await page.goto(`${env.base}?${query}`);
    const shown = page.locator('.field-error:not([hidden])', { hasText: message });
    await shown.first().waitFor();
    await page.waitForFunction((name) => !new URLSearchParams(location.search).has(name), bad);
    assert.equal(param(page, good), new URLSearchParams(query).get(good), `${query}: ${good} stays`);
    await page.context().close();
  }
});

test('every view keeps only the parameters it reads in its address', { timeout: 120_000 }, async () => {
  // A misspelt parameter and another view's: each view takes both out and keeps its own.
  const cases = [
    ['bounds', '?mode=bounds&colour=red&board=abcd&target=600', 'mode=bounds&target=600'],
    ['break', '?mode=break&colour=red&seed=3&size=3x4', 'mode=break&size=3x4'],
    ['search', '?mode=search&colour=red&board=abcd&opt=anneal&xscale=log', 'mode=search&opt=anneal&xscale=log'],
    ['play', '?mode=play&colour=red&class=abc&seed=2025&timer=off', 'mode=play&seed=2025&timer=off'],
  ];
  for (const [view, query, kept] of cases) {
    const page = await env.page();
    await page.goto(`${env.base}${query}`);
    await page.waitForFunction((want) => location.search === `?${want}`, kept);
    assert.deepEqual(page.errors, [], view);
    await page.close();
  }
});
