// `make dist` is a site any static host can serve: built into a temporary folder and served
// from there, under a sub-path (as on a blog's own server), it loads the explorer and the
// example post with working widgets, and requests nothing that is missing.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { open } from './helpers.mjs';

const repo = fileURLToPath(new URL('../../', import.meta.url));
let site; // the folder served as the host's root; dist goes in site/games/boggle
let env;
before(async () => {
  site = mkdtempSync(join(tmpdir(), 'boggle-site-'));
  try {
    execFileSync('make', ['--no-print-directory', 'dist', `DIST=${join(site, 'games', 'boggle')}`], {
      cwd: repo,
      stdio: 'pipe',
    });
  } catch (e) {
    throw new Error(`make dist failed:\n${e.stdout}\n${e.stderr}`);
  }
  // Served as a blog's own server would: the site under a sub-path, nothing else reachable.
  env = await open(join(site, 'games', 'boggle'), { base: '/games/boggle/' });
});
after(async () => {
  await env?.close();
  rmSync(site, { recursive: true, force: true });
});

/** A page that records every failed request in `page.missing`. */
async function page(options) {
  const p = await env.page(options);
  p.missing = [];
  p.on('response', (r) => {
    if (r.status() >= 400) p.missing.push(`${r.status()} ${r.url()}`);
  });
  return p;
}

test('dist holds the page, the widget, the engine, the word lists and the example post', () => {
  const dist = join(site, 'games', 'boggle');
  for (const f of ['index.html', 'embed-example.html', 'embed-example/upper-bounds.html', 'embed-example/blog.css', 'www/embed.js', 'www/embed/element.js', 'www/embed/view.js', 'pkg/boggle_bg.wasm', 'pkg/enable2k.trie', 'pkg/yawl.trie', 'wordlists/enable2k.txt', 'wordlists/yawl.txt']) {
    assert.ok(existsSync(join(dist, f)), `dist/${f} is missing`);
  }
});

test('the shipped engine carries no test hooks', () => {
  const js = readFileSync(join(site, 'games', 'boggle', 'pkg', 'boggle.js'), 'utf8');
  assert.ok(!js.includes('crashForTest'), 'dist/pkg/boggle.js exports crashForTest');
  assert.ok(js.includes('takePanicMessage'), 'dist/pkg/boggle.js is the engine');
});

test('the explorer served from dist solves the default board', async () => {
  const p = await page();
  await p.goto(`${env.base}games/boggle/`);
  await p.waitForFunction(() => document.querySelector('[data-testid=score]')?.textContent === '3625');
  assert.deepEqual(p.missing, []);
  assert.deepEqual(p.errors, []);
});

test('the example post served from dist shows its widgets', async () => {
  const p = await page({ viewport: { width: 1280, height: 900 } });
  await p.goto(`${env.base}games/boggle/embed-example.html`);
  for (const [selector, score] of [
    ['boggle-board[board="perslatgsineters"] iframe', '3625'],
    ['boggle-board[board="ligdrmanesietildsracsepes"] iframe', '10406'],
    ['iframe.widget', '545'],
  ]) {
    await p.locator(selector.replace(/ iframe$/, '')).scrollIntoViewIfNeeded();
    const frame = p.locator(selector);
    await frame.scrollIntoViewIfNeeded();
    const inside = frame.contentFrame();
    await inside.locator('.embed-widget[data-ready="true"]').waitFor();
    assert.equal((await inside.getByTestId('score').textContent()).trim(), score);
    // The "open" link leads to the explorer inside dist, not the host's root.
    const href = await inside.locator('a.embed-open').evaluate((a) => a.href);
    assert.ok(href.startsWith(`${env.base}games/boggle/?board=`), href);
  }
  assert.deepEqual(p.missing, []);
  assert.deepEqual(p.errors, []);
});
