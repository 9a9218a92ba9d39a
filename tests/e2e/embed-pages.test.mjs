// Each kind of widget page (`?embed=1`) opened on its own, as a plain iframe loads it, in
// headless Chromium at a desktop and a phone width: one level-one heading that names what the
// widget shows (and names its card), no axe violation, and the board widget's units in the
// singular for one point and one word.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { AxeBuilder } from '@axe-core/playwright';
import { browserEnv } from './helpers.mjs';

const env = browserEnv();

/** The rule sets audited, as in accessibility.test.mjs. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/** One page of each kind of widget, with the heading it should have. */
const PAGES = [
  { url: '?embed=1&board=qaze', heading: 'Boggle board QUA ZE' },
  { url: '?embed=1&board=perslatgsineters&words=0&wordlist=yawl&multiboggle=1', heading: 'Boggle board PERS LATG SINE TERS' },
  { url: '?embed=1&mode=bounds&class=streaedlp&panel=words', heading: 'Upper bounds of the class streaedlp, with its sum/union words' },
  { url: '?embed=1&mode=search&size=3x3&seed=1', heading: 'A search for a high-scoring 3\u00a0×\u00a03 board, hill climbing from seed 1' },
  {
    url: `?embed=1&mode=break&class=${encodeURIComponent('st t rs / e ae e / d l ps')}&target=500`,
    heading: 'Branch and bound on the class st t rs / e ae e / d l ps, target 500',
  },
  { url: '?embed=1&mode=play&seed=42&timer=off', heading: 'A round of Boggle to play, 4 by 4, untimed' },
];

/** Opens widget page `url` at `width` pixels and waits for its first result. */
async function open(url, width) {
  const page = await env.page({ viewport: { width, height: 900 } });
  await page.goto(`${env.base}${url}`);
  await page.locator('.embed-widget[data-ready="true"]').waitFor({ timeout: 60_000 });
  return page;
}

for (const { url, heading } of PAGES) {
  for (const width of [1280, 390]) {
    test(`${url}, ${width} px: one heading names the widget, and axe finds no violation`, async () => {
      const page = await open(url, width);
      const headings = await page.locator('h1').allTextContents();
      assert.deepEqual(headings, [heading]);
      // The heading names the card, and the page's main landmark says the same.
      assert.equal(await page.getByRole('article', { name: heading, exact: true }).count(), 1);
      assert.equal(await page.getByRole('main', { name: heading, exact: true }).count(), 1);
      const results = await new AxeBuilder({ page }).withTags(TAGS).options({ resultTypes: ['violations'] }).analyze();
      const found = results.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`));
      assert.deepEqual(found, []);
      assert.deepEqual(page.errors, []);
    });
  }
}

test('the board widget writes one point and one word in the singular, and counts with separators', async () => {
  const one = await open('?embed=1&board=qaze', 1280);
  const stats = async (page) => (await page.locator('.embed-stats').innerText()).replace(/\s+/g, ' ').trim();
  assert.equal(await stats(one), '1 point 1 word');
  const many = await open('?embed=1&board=perslatgsineters&wordlist=yawl&multiboggle=1', 1280);
  // Multiboggle is named in the footer, beside the list; the score's unit stays one word.
  assert.equal(await stats(many), '5660 points 1,277 words');
  assert.equal((await many.locator('.embed-list').textContent()).trim(), 'YAWL · multiboggle');
  assert.deepEqual([...one.errors, ...many.errors], []);
});
