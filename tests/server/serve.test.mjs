// The development server (scripts/serve.mjs) against hostile requests: path traversal in every
// spelling, malformed escapes, directory listings, files outside the allow-list, a symlink out
// of the site and broken HTTP all get 400 or 404, and the server keeps answering. It also sends
// the right content types and gzips text when asked to.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { connect } from 'node:net';
import { mkdtempSync, mkdirSync, readFileSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { startServer } from '../../scripts/serve.mjs';

const repo = fileURLToPath(new URL('../../', import.meta.url));
const SECRET = 'the secret next door';

/**
 * A site shaped like the repository: what the page needs, what it must not serve, and a folder
 * beside it whose name starts with the site's own (the case a prefix check without a separator
 * lets through).
 */
let parent;
let site;
before(() => {
  parent = mkdtempSync(join(tmpdir(), 'serve-test-'));
  site = join(parent, 'site');
  const files = {
    'index.html': '<!doctype html><title>Boggle Explorer</title>',
    'embed-example.html': '<!doctype html><title>A post</title>',
    'www/app.js': `export const answer = 42;\n${'// padding so that gzip pays\n'.repeat(50)}`,
    'www/style.css': 'body { margin: 0 }\n',
    'www/favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
    'www/sub/inner.js': 'export {};\n',
    'pkg/boggle_bg.wasm': Buffer.from([0, 97, 115, 109, 1, 0, 0, 0]),
    'pkg/boggle_solve_bg.wasm': Buffer.from([0, 97, 115, 109, 1, 0, 0, 0]),
    'pkg/enable2k.dawg': Buffer.alloc(64, 7),
    'wordlists/enable2k.txt': 'aah\naahed\n',
    '.git/config': '[core]\n',
    '.env': 'TOKEN=1\n',
    'www/.hidden': 'hidden\n',
    'Cargo.toml': '[package]\n',
    'src/lib.rs': '//! engine\n',
    'target/release/boggle': 'binary',
    'www/icon.png': Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'),
    'www/pre.js': `export const pre = 1;\n${'// padding\n'.repeat(40)}`,
    'www/leak.js': `export const leak = 0;\n${'// padding\n'.repeat(40)}`,
  };
  for (const [path, body] of Object.entries(files)) {
    mkdirSync(join(site, path, '..'), { recursive: true });
    writeFileSync(join(site, path), body);
  }
  writeFileSync(join(site, 'www/pre.js.br'), brotliCompressSync(readFileSync(join(site, 'www/pre.js'))));
  writeFileSync(join(site, 'www/pre.js.gz'), gzipSync(readFileSync(join(site, 'www/pre.js'))));
  mkdirSync(join(parent, 'site-secret'));
  writeFileSync(join(parent, 'site-secret', 'secret.txt'), SECRET);
  writeFileSync(join(parent, 'secret.txt'), SECRET);
  symlinkSync(join(parent, 'site-secret', 'secret.txt'), join(site, 'www', 'escape.txt'));
  symlinkSync(join(parent, 'site-secret'), join(site, 'pkg', 'escape'));
  writeFileSync(join(parent, 'site-secret', 'leak.js.gz'), gzipSync(SECRET));
  symlinkSync(join(parent, 'site-secret', 'leak.js.gz'), join(site, 'www', 'leak.js.gz'));
});
after(() => rmSync(parent, { recursive: true, force: true }));

let server;
let port;
before(async () => {
  server = await startServer(site, 0);
  port = server.address().port;
});
after(() => new Promise((ok) => server.close(ok)));

/** One request with the path sent exactly as given (no URL normalisation on the way). */
function get(path, { method = 'GET', headers = {}, to = port } = {}) {
  return new Promise((ok, fail) => {
    const req = request({ host: '127.0.0.1', port: to, path, method, headers, agent: false }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => ok({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', fail);
    req.end();
  });
}

/** Raw bytes over a socket, for requests no HTTP client would send; resolves to the reply. */
function raw(text) {
  return new Promise((ok, fail) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(text));
    let reply = '';
    socket.on('data', (d) => (reply += d));
    socket.on('end', () => ok(reply));
    socket.on('error', fail);
  });
}

const HOSTILE = [
  // Traversal, plain and encoded.
  ['/../secret.txt', 400],
  ['/www/../../secret.txt', 400],
  ['/www/../Cargo.toml', 400],
  ['/%2e%2e/secret.txt', 400],
  ['/%2E%2E/%2E%2E/etc/passwd', 400],
  ['/www/%2e%2e/%2e%2e/secret.txt', 400],
  ['/.%2e/secret.txt', 400],
  ['/..%2fsite-secret/secret.txt', 400],
  ['/..%2Fsite-secret%2Fsecret.txt', 400],
  ['/www%2f..%2f..%2fsecret.txt', 400],
  ['/%2fetc%2fpasswd', 404],
  ['/www/./app.js', 400],
  // Backslashes, plain and encoded.
  ['/..\\secret.txt', 400],
  ['/www\\..\\..\\secret.txt', 400],
  ['/www/..%5c..%5csecret.txt', 400],
  ['/%5c..%5csecret.txt', 400],
  // Malformed escapes and a NUL.
  ['/%E0%A4%A', 400],
  ['/%', 400],
  ['/www/%zz.js', 400],
  ['/%C0%AE%C0%AE/secret.txt', 400],
  ['/index.html%00.js', 400],
  // Directory listings.
  ['/www/', 404],
  ['/www', 404],
  ['/www/sub/', 404],
  ['/pkg/', 404],
  ['//', 404],
  ['/www//app.js', 404],
  // Outside the allow-list.
  ['/.git/config', 404],
  ['/.git/', 404],
  ['/.env', 404],
  ['/www/.hidden', 404],
  ['/Cargo.toml', 404],
  ['/src/lib.rs', 404],
  ['/target/release/boggle', 404],
  ['/index.html/', 404],
  ['/nothing.html', 404],
  // Symlinks that lead out of the site.
  ['/www/escape.txt', 404],
  ['/pkg/escape/secret.txt', 404],
];

test('hostile paths are refused with 400 or 404, never the file, and the server keeps answering', async () => {
  for (const [path, status] of HOSTILE) {
    const r = await get(path);
    assert.equal(r.status, status, `${path}: ${r.status}`);
    assert.ok(!r.body.toString().includes(SECRET), `${path} leaked the secret`);
    assert.ok(!/app\.js|style\.css|inner\.js/.test(r.body.toString()), `${path} listed a folder`);
  }
  const home = await get('/');
  assert.equal(home.status, 200);
  assert.equal(home.body.toString(), readFileSync(join(site, 'index.html'), 'utf8'));
});

test('requests that are not valid HTTP get 400 and the server keeps answering', async () => {
  assert.match(await raw('NONSENSE\r\n\r\n'), /^HTTP\/1\.1 400/);
  assert.match(await raw('GET /\x01 HTTP/1.1\r\nHost: x\r\n\r\n'), /^HTTP\/1\.1 400/);
  assert.match(await raw('GET http://127.0.0.1/index.html HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'), /^HTTP\/1\.1 400/);
  assert.equal((await get('/')).status, 200);
});

test("the page's response names what its first view needs in a Link header; a widget's does not", async () => {
  for (const path of ['/', '/index.html', '/?board=abcd']) {
    const link = (await get(path)).headers.link ?? '';
    assert.match(link, /<pkg\/boggle_solve_bg\.wasm>; rel=preload; as=fetch; crossorigin/, path);
    assert.match(link, /<pkg\/app\/app\.js>; rel=modulepreload/, path);
  }
  assert.equal((await get('/?embed=1')).headers.link, undefined, 'a widget starts the shared engine instead');
  assert.equal((await get('/www/app.js')).headers.link, undefined);
  // Another folder's index.html (a blog's page, in the browser tests) names nothing.
  const other = mkdtempSync(join(tmpdir(), 'serve-other-'));
  writeFileSync(join(other, 'index.html'), '<!doctype html><title>A blog</title>');
  const server = await startServer(other, 0);
  const res = await fetch(`http://127.0.0.1:${server.address().port}/`);
  assert.equal(res.status, 200);
  assert.equal(res.headers.get('link'), null);
  await new Promise((ok) => server.close(ok));
  rmSync(other, { recursive: true, force: true });
});

test('only GET and HEAD are answered; HEAD sends the headers without the body', async () => {
  const post = await get('/index.html', { method: 'POST' });
  assert.equal(post.status, 405);
  assert.equal(post.headers.allow, 'GET, HEAD');
  const head = await get('/www/app.js', { method: 'HEAD' });
  assert.equal(head.status, 200);
  assert.equal(head.body.length, 0);
  assert.equal(Number(head.headers['content-length']), readFileSync(join(site, 'www/app.js')).length);
});

test('what the page needs is served with the right content type', async () => {
  const expect = {
    '/': 'text/html; charset=utf-8',
    '/index.html': 'text/html; charset=utf-8',
    '/embed-example.html': 'text/html; charset=utf-8',
    '/www/app.js': 'text/javascript; charset=utf-8',
    '/www/sub/inner.js': 'text/javascript; charset=utf-8',
    '/www/style.css': 'text/css; charset=utf-8',
    '/www/favicon.svg': 'image/svg+xml',
    '/pkg/boggle_bg.wasm': 'application/wasm',
    '/pkg/enable2k.dawg': 'application/octet-stream',
    '/www/icon.png': 'image/png',
    '/wordlists/enable2k.txt': 'text/plain; charset=utf-8',
    '/index.html?board=abc': 'text/html; charset=utf-8',
  };
  for (const [path, type] of Object.entries(expect)) {
    const r = await get(path);
    assert.equal(r.status, 200, path);
    assert.equal(r.headers['content-type'], type, path);
    assert.equal(r.headers['x-content-type-options'], 'nosniff', path);
    assert.equal(r.headers['content-encoding'], undefined, `${path} is compressed without being asked`);
  }
  const wasm = await get('/pkg/boggle_bg.wasm');
  assert.deepEqual([...wasm.body], [...readFileSync(join(site, 'pkg/boggle_bg.wasm'))]);
});

test('text is compressed when the client accepts it: brotli first, else gzip, and only then', async () => {
  const file = readFileSync(join(site, 'www/app.js'));
  const zipped = await get('/www/app.js', { headers: { 'Accept-Encoding': 'gzip, deflate' } });
  assert.equal(zipped.status, 200);
  assert.equal(zipped.headers['content-encoding'], 'gzip');
  assert.equal(zipped.headers.vary, 'Accept-Encoding');
  assert.equal(Number(zipped.headers['content-length']), zipped.body.length);
  assert.ok(zipped.body.length < file.length, 'the gzipped body is smaller');
  assert.deepEqual(gunzipSync(zipped.body), file);
  // Asked again, the same bytes (from the cache) come back.
  const again = await get('/www/app.js', { headers: { 'Accept-Encoding': 'gzip' } });
  assert.deepEqual(again.body, zipped.body);

  const br = await get('/www/app.js', { headers: { 'Accept-Encoding': 'gzip, deflate, br, zstd' } });
  assert.equal(br.headers['content-encoding'], 'br');
  assert.deepEqual(brotliDecompressSync(br.body), file);
  const notBr = await get('/www/app.js', { headers: { 'Accept-Encoding': 'br;q=0, gzip' } });
  assert.equal(notBr.headers['content-encoding'], 'gzip');

  const refused = await get('/www/app.js', { headers: { 'Accept-Encoding': 'gzip;q=0, identity' } });
  assert.equal(refused.headers['content-encoding'], undefined);
  assert.deepEqual(refused.body, file);
  // A compiled word list is entropy-coded and a PNG is compressed: both are sent as they are.
  const list = await get('/pkg/enable2k.dawg', { headers: { 'Accept-Encoding': 'gzip, br' } });
  assert.equal(list.headers['content-encoding'], undefined, 'a compiled list is sent as is');
  assert.deepEqual(list.body, readFileSync(join(site, 'pkg/enable2k.dawg')));
  const png = await get('/www/icon.png', { headers: { 'Accept-Encoding': 'gzip, br' } });
  assert.equal(png.status, 200);
  assert.equal(png.headers['content-encoding'], undefined, 'a PNG is sent as is');
});

test('an unchanged file is revalidated with 304 and no body; a changed one is sent again', async () => {
  const first = await get('/www/style.css', { headers: { 'Accept-Encoding': 'gzip' } });
  assert.equal(first.headers['cache-control'], 'no-cache');
  const etag = first.headers.etag;
  assert.match(etag, /^W\/"/);
  const again = await get('/www/style.css', { headers: { 'Accept-Encoding': 'gzip', 'If-None-Match': etag } });
  assert.equal(again.status, 304);
  assert.equal(again.body.length, 0);
  // Another encoding is another representation.
  const plain = await get('/www/style.css', { headers: { 'If-None-Match': etag } });
  assert.equal(plain.status, 200);
  assert.notEqual(plain.headers.etag, etag);
  writeFileSync(join(site, 'www/style.css'), 'body { margin: 1px }\n');
  const changed = await get('/www/style.css', { headers: { 'Accept-Encoding': 'gzip', 'If-None-Match': etag } });
  assert.equal(changed.status, 200);
  assert.equal(gunzipSync(changed.body).toString(), 'body { margin: 1px }\n');
  assert.equal((await get('/www/nothing.css', { headers: { 'If-None-Match': '*' } })).status, 404);
});

test('precompressed copies (FILE.br, FILE.gz) are sent when the client takes them', async () => {
  const plain = readFileSync(join(site, 'www/pre.js'));
  const br = await get('/www/pre.js', { headers: { 'Accept-Encoding': 'gzip, br' } });
  assert.equal(br.headers['content-encoding'], 'br');
  assert.equal(br.headers['content-type'], 'text/javascript; charset=utf-8');
  assert.deepEqual(br.body, readFileSync(join(site, 'www/pre.js.br')));
  const gz = await get('/www/pre.js', { headers: { 'Accept-Encoding': 'gzip' } });
  assert.deepEqual(gz.body, readFileSync(join(site, 'www/pre.js.gz')));
  assert.deepEqual(gunzipSync(gz.body), plain);
  const none = await get('/www/pre.js');
  assert.deepEqual(none.body, plain);
  // A sibling that is a symlink out of the site is ignored (compressed on the fly instead).
  const out = await get('/www/leak.js', { headers: { 'Accept-Encoding': 'gzip' } });
  assert.equal(out.status, 200);
  assert.ok(!gunzipSync(out.body).toString().includes(SECRET));
});

test('a precompressed copy older than its file is out of date and not sent', async () => {
  writeFileSync(join(site, 'www/stale.js'), 'export const v = 1;\n');
  writeFileSync(join(site, 'www/stale.js.br'), brotliCompressSync('export const v = 1;\n'));
  const past = new Date(Date.now() - 60_000);
  utimesSync(join(site, 'www/stale.js.br'), past, past);
  writeFileSync(join(site, 'www/stale.js'), 'export const v = 2;\n'); // rebuilt after its copy
  const r = await get('/www/stale.js', { headers: { 'Accept-Encoding': 'br' } });
  assert.equal(r.headers['content-encoding'], 'br');
  assert.equal(brotliDecompressSync(r.body).toString(), 'export const v = 2;\n');
});

test('the repository itself: the page is served, its secrets and sources are not', async () => {
  const own = await startServer(repo, 0);
  const to = own.address().port;
  try {
    for (const [path, status] of [
      ['/.git/config', 404],
      ['/.git/HEAD', 404],
      ['/Cargo.toml', 404],
      ['/Makefile', 404],
      ['/src/lib.rs', 404],
      ['/scripts/serve.mjs', 404],
      ['/node_modules/playwright-core/package.json', 404],
      ['/..%2fmain/Cargo.toml', 400],
      ['/%E0%A4%A', 400],
    ]) {
      assert.equal((await get(path, { to })).status, status, path);
    }
    const home = await get('/', { to });
    assert.equal(home.status, 200);
    assert.match(home.body.toString(), /<title>Boggle Explorer<\/title>/);
    const app = await get('/www/app.js', { to });
    assert.equal(app.status, 200);
    assert.equal(app.headers['content-type'], 'text/javascript; charset=utf-8');
  } finally {
    await new Promise((ok) => own.close(ok));
  }
});

test('a site served under a sub-path answers there and nowhere else', async () => {
  const sub = await startServer(site, 0, '127.0.0.1', { base: '/games/boggle/' });
  const to = sub.address().port;
  try {
    assert.equal((await get('/games/boggle/', { to })).status, 200);
    assert.equal((await get('/games/boggle/www/app.js', { to })).status, 200);
    const bare = await get('/games/boggle', { to });
    assert.equal(bare.status, 301);
    assert.equal(bare.headers.location, '/games/boggle/');
    assert.equal((await get('/index.html', { to })).status, 404);
    assert.equal((await get('/games/boggle/../boggle/index.html', { to })).status, 400);
    assert.equal((await get('/games/boggle/Cargo.toml', { to })).status, 404);
  } finally {
    await new Promise((ok) => sub.close(ok));
  }
});
