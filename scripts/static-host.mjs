// What a static host needs beside the site `make dist` writes: `node scripts/static-host.mjs DIR`
// adds a precompressed `FILE.br` (brotli, best quality) and `FILE.gz` (gzip -9) beside every
// file worth compressing (`--compress FILE...`: beside those files only), for hosts that serve
// them as they are (nginx's brotli_static and gzip_static; scripts/serve.mjs), and `_headers`,
// the cache rules of Netlify and Cloudflare Pages. Compression runs on libuv's thread pool, so the files are compressed in parallel.
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { join, relative, sep } from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { PAGE_PRELOADS } from './serve.mjs';

/** Formats that are compressed already (a compiled word list is entropy-coded); everything else (text, wasm) is compressed. */
const COMPRESSED = /\.(png|ico|jpe?g|gif|webp|gz|br|zip|dawg)$/i;
/** A copy is kept only when it saves at least this share of the file. */
const MIN_SAVING = 0.05;
/**
 * File names that carry a content hash (`name.0123abcd.js`, `name-0123abcd.wasm`): they never
 * change, so hosts may cache them for good. Every other file is revalidated on each use (the
 * service worker keeps repeat visits off the network).
 */
export const HASHED = /[.-][0-9a-f]{8,}\.[a-z0-9]+$/;

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Writes FILE.br and FILE.gz beside every compressible file under `dir`; returns their sizes. */
export async function precompress(dir) {
  const files = readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && !COMPRESSED.test(e.name) && e.name !== '_headers')
    .map((e) => join(e.parentPath ?? e.path, e.name));
  const sizes = await Promise.all(files.map(compressFile));
  return sizes.map((s) => ({ ...s, file: relative(dir, s.file).split(sep).join('/') }));
}

/**
 * Writes `file`.br (brotli, best quality) and `file`.gz (gzip -9) when each saves enough;
 * returns {file, bytes, br, gz}.
 */
export async function compressFile(file) {
  const body = readFileSync(file);
  const [br, gzipped] = await Promise.all([
    brotli(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_LGWIN]: constants.BROTLI_MAX_WINDOW_BITS,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
    gz(body, { level: 9 }),
  ]);
  const worth = (c) => c.length <= body.length * (1 - MIN_SAVING);
  for (const [copy, ext] of [[br, '.br'], [gzipped, '.gz']]) {
    if (worth(copy)) writeFileSync(`${file}${ext}`, copy);
    else rmSync(`${file}${ext}`, { force: true }); // an older copy would no longer match
  }
  return { file, bytes: body.length, br: br.length, gz: gzipped.length };
}

/** The `_headers` file of the site in `dir`: each file's cache rule, CORS for the widget. */
export function headersFile(dir) {
  const files = readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && !/\.(br|gz)$/.test(e.name) && e.name !== '_headers')
    .map((e) => relative(dir, join(e.parentPath ?? e.path, e.name)).split(sep).join('/'))
    .sort();
  const lines = [
    '# Written by `make dist` (scripts/static-host.mjs): headers for Netlify and Cloudflare Pages.',
    '# Files are revalidated on every use (the service worker serves repeat visits from its own',
    '# versioned cache); files whose names carry a content hash never change.',
    '/*',
    '  X-Content-Type-Options: nosniff',
    '/',
    '  Cache-Control: no-cache',
    `  Link: ${PAGE_PRELOADS}`,
  ];
  for (const f of files) {
    lines.push(`/${f}`, HASHED.test(f) ? '  Cache-Control: public, max-age=31536000, immutable' : '  Cache-Control: no-cache');
    // The page names what its first view needs, so the browser asks for it with the headers.
    if (f === 'index.html') lines.push(`  Link: ${PAGE_PRELOADS}`);
    if (f.endsWith('.wasm')) lines.push('  Content-Type: application/wasm');
    if (f.endsWith('.webmanifest')) lines.push('  Content-Type: application/manifest+json');
    // Other sites load the widget as a module script, which needs CORS.
    if (f === 'www/embed.js' || f.startsWith('www/embed/')) lines.push('  Access-Control-Allow-Origin: *');
  }
  return `${lines.join('\n')}\n`;
}

if (process.argv[1] === fileURLToPath(import.meta.url) && process.argv[2] === '--compress') {
  // `--compress FILE...`: only the copies of these files (the build's largest: the word lists
  // and the engine, so the dev server sends them as a host serving `make dist` does).
  await Promise.all(process.argv.slice(3).map(compressFile));
} else if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dir = process.argv[2] ?? 'dist';
  const sizes = await precompress(dir);
  writeFileSync(join(dir, '_headers'), headersFile(dir));
  const kb = (n) => `${(n / 1024).toFixed(0)} KB`;
  for (const s of sizes.filter((s) => s.bytes > 100_000)) {
    console.log(`${s.file}: ${kb(s.bytes)}, brotli ${kb(s.br)}, gzip ${kb(s.gz)}`);
  }
  console.log(`${dir}/: ${sizes.length} files precompressed, _headers written`);
}
