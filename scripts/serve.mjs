// The development server for the page: `node scripts/serve.mjs [PORT] [DIR]` (HOST=0.0.0.0 to
// reach it from a phone). The browser tests import `startServer` and start it on a free port.
//
// It serves only what the page needs, from an allow-list: index.html (also as `/`),
// embed-example.html, favicon.ico, and the folders embed-example/, www/, pkg/ and wordlists/. Everything else
// (.git, Cargo.toml, src/, target/, directories, dotfiles) is 404. A path whose escapes do not
// decode, or that holds `..`, a backslash or a NUL once decoded, is 400. The path is checked
// against the allow-list after decoding, and the file it names must lie inside the served
// folder (compared with a trailing separator, after resolving symlinks). Text and wasm are
// gzipped when the client accepts it. Every request is handled inside its own try/catch: a bad
// request gets an error status and the server keeps running.
import { createServer } from 'node:http';
import { readFile, realpath, stat } from 'node:fs/promises';
import { extname, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzip } from 'node:zlib';
import { promisify } from 'node:util';

const gzipAsync = promisify(gzip);

/** What the page needs: exact files, and folders (a trailing slash) served with everything in them. */
export const PAGE_FILES = ['index.html', 'embed-example.html', 'embed-example/', 'favicon.ico', 'www/', 'pkg/', 'wordlists/'];

/** Content types by extension; `gzip` marks the ones worth compressing. */
const TYPES = {
  '.html': { type: 'text/html; charset=utf-8', gzip: true },
  '.js': { type: 'text/javascript; charset=utf-8', gzip: true },
  '.mjs': { type: 'text/javascript; charset=utf-8', gzip: true },
  '.css': { type: 'text/css; charset=utf-8', gzip: true },
  '.json': { type: 'application/json; charset=utf-8', gzip: true },
  '.txt': { type: 'text/plain; charset=utf-8', gzip: true },
  '.md': { type: 'text/markdown; charset=utf-8', gzip: true },
  '.svg': { type: 'image/svg+xml', gzip: true },
  '.wasm': { type: 'application/wasm', gzip: true },
  '.png': { type: 'image/png', gzip: false },
  '.ico': { type: 'image/x-icon', gzip: false },
};
const BINARY = { type: 'application/octet-stream', gzip: false };

/** Thrown inside a request to answer with `status`. */
class HttpError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

/**
 * The relative file path a request path names, or an HttpError: 400 for a malformed path,
 * 404 for one outside the allow-list. `base` is the URL path the site is served under ("/").
 */
export function requestedFile(rawPath, { base = '/', allow = PAGE_FILES } = {}) {
  if (!rawPath.startsWith('/')) throw new HttpError(400, 'bad path');
  let path;
  try {
    path = decodeURIComponent(rawPath);
  } catch {
    throw new HttpError(400, 'bad percent-escape in the path');
  }
  if (/[\\\0]/.test(path)) throw new HttpError(400, 'bad character in the path');
  const segments = path.split('/');
  if (segments.some((s) => s === '..' || s === '.')) throw new HttpError(400, 'dot segments in the path');
  if (!path.startsWith(base)) throw new HttpError(404, 'not found');
  const rel = path.slice(base.length) || 'index.html';
  // Empty segments (`//`), dotfiles and dot-folders are never part of the site.
  if (rel.split('/').some((s) => s === '' || s.startsWith('.'))) throw new HttpError(404, 'not found');
  const allowed = allow.some((entry) => (entry.endsWith('/') ? rel.startsWith(entry) : rel === entry));
  if (!allowed) throw new HttpError(404, 'not found');
  return rel;
}

/** True when `path` is `root` itself or lies inside it. */
function inside(root, path) {
  return path === root || path.startsWith(root.endsWith(sep) ? root : root + sep);
}

/** Whether the request's Accept-Encoding takes gzip (and does not refuse it with q=0). */
function acceptsGzip(header = '') {
  return header.split(',').some((part) => {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (name.trim() !== 'gzip' && name.trim() !== '*') return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return !q || Number(q.slice(2)) > 0;
  });
}

/**
 * Serves `dir` on `port` (0 picks a free one); resolves to the listening server. `base` serves
 * the site under a sub-path (e.g. "/games/boggle/", as a blog's own server would); `allow`
 * replaces the page's allow-list (see PAGE_FILES).
 */
export async function startServer(dir, port = 0, host = '127.0.0.1', { base = '/', allow = PAGE_FILES } = {}) {
  const root = await realpath(resolve(dir));
  /** Gzipped bodies by file, kept while the file's size and mtime are unchanged. */
  const gzipped = new Map();

  async function respond(req, res) {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      throw Object.assign(new HttpError(405, 'method not allowed'), { headers: { Allow: 'GET, HEAD' } });
    }
    const rawPath = (req.url ?? '').split(/[?#]/)[0];
    if (base !== '/' && rawPath === base.slice(0, -1)) {
      res.writeHead(301, { Location: base }).end();
      return;
    }
    const rel = requestedFile(rawPath, { base, allow });
    const file = resolve(root, rel);
    if (!inside(root, file)) throw new HttpError(404, 'not found');
    let real;
    let info;
    try {
      real = await realpath(file);
      info = await stat(real);
    } catch {
      throw new HttpError(404, 'not found');
    }
    // A symlink may not lead out of the served folder; a folder is never listed.
    if (!inside(root, real) || !info.isFile()) throw new HttpError(404, 'not found');

    const kind = TYPES[extname(real).toLowerCase()] ?? BINARY;
    const headers = {
      'Content-Type': kind.type,
      'Cache-Control': 'no-cache',
      'X-Content-Type-Options': 'nosniff',
      // Other sites load the widget script (www/embed.js) as a module, which needs CORS.
      'Access-Control-Allow-Origin': '*',
    };
    if (kind.gzip) headers.Vary = 'Accept-Encoding';
    let body;
    if (kind.gzip && acceptsGzip(req.headers['accept-encoding'])) {
      const key = `${info.size}:${info.mtimeMs}`;
      let cached = gzipped.get(real);
      if (cached?.key !== key) {
        cached = { key, body: await gzipAsync(await readFile(real)) };
        gzipped.set(real, cached);
      }
      body = cached.body;
      headers['Content-Encoding'] = 'gzip';
    } else {
      body = await readFile(real);
    }
    headers['Content-Length'] = body.length;
    res.writeHead(200, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  const server = createServer((req, res) => {
    respond(req, res).catch((e) => {
      const status = e instanceof HttpError ? e.status : 500;
      if (res.headersSent) {
        res.destroy();
        return;
      }
      const text = status === 500 ? 'internal error' : e.message;
      res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff', ...e.headers });
      res.end(req.method === 'HEAD' ? undefined : `${text}\n`);
    });
  });
  // A request that is not even valid HTTP: answer 400 and close that connection only.
  server.on('clientError', (e, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
    else socket.destroy();
  });
  return new Promise((ok, fail) => {
    server.once('error', fail);
    server.listen(port, host, () => ok(server));
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const port = Number(process.argv[2] ?? process.env.PORT ?? 8000);
  const dir = process.argv[3] ?? '.';
  const server = await startServer(dir, port, process.env.HOST ?? '127.0.0.1');
  const { address, port: p } = server.address();
  console.log(`Boggle Explorer: http://${address === '0.0.0.0' ? 'localhost' : address}:${p}/`);
}
