// `make dist` is a site any static host can serve: built into a temporary folder and served
// from there, under a sub-path (as on a blog's own server), it loads the explorer and the
// example post with working widgets, and requests nothing that is missing. Its precompressed
// copies match their files, its _headers never lets a host cache the page or the service worker
// for good, and its service worker makes the page work offline under the sub-path too.
import { test, before, after, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { explained, open, serviceWorkerWarm, setOffline } from './helpers.mjs';

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
// Each test's pages close when it ends, so that none goes on working beside the next test.
afterEach(() => env.closePages());

/** A page that records every failed request in `page.missing`. */
async function page(options) {
  const p = await env.page(options);
  p.missing = [];
  p.on('response', (r) => {
    if (r.status() >= 400) p.missing.push(`${r.status()} ${r.url()}`);
  });
  return p;
}

test('dist holds the page, the widget, the engine, the word lists and the example post, and not what no page asks for', () => {
  const dist = join(site, 'games', 'boggle');
  for (const f of ['index.html', 'sw.js', 'pkg/release.js', 'www/manifest.webmanifest', '_headers', 'embed-example.html', 'embed-example/upper-bounds.html', 'embed-example/blog.css', 'www/embed.js', 'www/embed/element.js', 'www/embed/view.js', 'pkg/boggle_bg.wasm', 'pkg/boggle_solve_bg.wasm', 'pkg/enable2k.dawg', 'pkg/yawl.dawg']) {
    assert.ok(existsSync(join(dist, f)), `dist/${f} is missing`);
  }
  // The lists as text (the page downloads them compiled) and the engine's type declarations.
  for (const f of ['wordlists', 'pkg/boggle.d.ts']) assert.ok(!existsSync(join(dist, f)), `dist/${f} is there`);
});

test('the shipped engine carries no benchmark fixtures', () => {
  for (const name of ['boggle', 'boggle_solve']) {
    const js = readFileSync(join(site, 'games', 'boggle', 'pkg', `${name}.js`), 'utf8');
    assert.doesNotMatch(js, /\bbench\(/, `dist/pkg/${name}.js has the bench methods`);
    assert.ok(js.includes('takePanicMessage'), `dist/pkg/${name}.js is the engine`);
  }
  // The solver's module, which every visit starts with, leaves the other views' bindings out.
  const solver = readFileSync(join(site, 'games', 'boggle', 'pkg', 'boggle_solve.js'), 'utf8');
  assert.ok(solver.includes('class Dictionary') && !solver.includes('ClassBounder'), 'boggle_solve.js has only the solver');
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

test('dist holds precompressed copies equal to their files, and cache headers for static hosts', () => {
  const dist = join(site, 'games', 'boggle');
  const files = readdirSync(dist, { recursive: true }).filter((f) => /\.(js|css|html|wasm|dawg|svg)$/.test(f));
  let copies = 0;
  for (const f of files) {
    const body = readFileSync(join(dist, f));
    for (const [ext, unpack] of [['.br', brotliDecompressSync], ['.gz', gunzipSync]]) {
      if (!existsSync(join(dist, f + ext))) continue;
      copies++;
      assert.deepEqual(unpack(readFileSync(join(dist, f + ext))), body, `${f}${ext}`);
    }
  }
  for (const f of ['index.html', 'pkg/boggle_bg.wasm', 'www/app.js', 'sw.js']) {
    assert.ok(existsSync(join(dist, `${f}.br`)) && existsSync(join(dist, `${f}.gz`)), `${f} has no precompressed copies`);
  }
  assert.ok(!existsSync(join(dist, 'www/icons/icon-192.png.gz')), 'a PNG is not compressed again');
  assert.ok(!existsSync(join(dist, 'pkg/enable2k.dawg.br')), 'a compiled list (entropy-coded) is not compressed again');
  assert.ok(copies > 40, `${copies} copies`);
  // Each file's rule follows its path line; the page, the service worker and its release file
  // are revalidated on every use.
  const headers = readFileSync(join(dist, '_headers'), 'utf8');
  for (const path of ['/', '/index.html', '/sw.js', '/pkg/release.js', '/pkg/boggle_bg.wasm']) {
    const rule = headers.split(/\n(?=\/)/).find((block) => block.split('\n')[0] === path);
    assert.ok(rule, `_headers has no rule for ${path}`);
    assert.match(rule, /Cache-Control: no-cache/, path);
    assert.doesNotMatch(rule, /immutable/, path);
  }
  assert.match(headers, /\/www\/embed\.js\n {2}Cache-Control: no-cache\n {2}Access-Control-Allow-Origin: \*/);
  assert.match(headers, /\/index\.html\n {2}Cache-Control: no-cache\n {2}Link: <pkg\/boggle_solve_bg\.wasm>; rel=preload/);
  // The other views' chunks are named by their content's hash: hosts may keep them for good.
  const chunk = readdirSync(join(dist, 'pkg', 'app')).find((f) => /^bounds-[0-9a-f]{8}\.js$/.test(f));
  assert.ok(chunk, 'no hashed chunk of the bounds view');
  assert.match(headers, new RegExp(`/pkg/app/${chunk}\\n {2}Cache-Control: public, max-age=31536000, immutable`));
});

test('the explorer served from dist works offline after a first visit, precompressed files and all', async () => {
  const p = await page({ serviceWorkers: 'allow' });
  const encodings = new Map();
  p.on('response', async (r) => encodings.set(new URL(r.url()).pathname, (await r.allHeaders())['content-encoding']));
  await p.goto(`${env.base}games/boggle/`);
  await p.waitForFunction(() => document.querySelector('[data-testid=score]')?.textContent === '3625');
  // The server sent the precompressed brotli copies (the first view needs the solver's module).
  assert.equal(encodings.get('/games/boggle/pkg/boggle_solve_bg.wasm'), 'br');
  await serviceWorkerWarm(p, `${env.base}games/boggle/pkg/enable2k.dawg`);
  assert.equal(await p.evaluate(() => navigator.serviceWorker.controller.scriptURL), `${env.base}games/boggle/sw.js`);
  await setOffline(p.context(), true);
  await explained(p, async () => {
    await p.goto(`${env.base}games/boggle/?board=streaedlp`);
    await p.waitForFunction(() => document.querySelector('[data-testid=score]')?.textContent === '545');
  });
  await p.getByTestId('offline-status').filter({ hasText: 'ENABLE2K is available' }).waitFor();
});
