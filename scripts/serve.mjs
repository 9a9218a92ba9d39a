// The development server for the page: `node scripts/serve.mjs [PORT] [DIR]` (HOST=0.0.0.0 to
// reach it from a phone). The browser tests import `startServer` and start it on a free port.
//
// It serves only what the page needs, from an allow-list: index.html (also as `/`),
// embed-example.html, and the folders embed-example/, www/, pkg/ and wordlists/. Everything else
// (.git, Cargo.toml, src/, target/, directories, dotfiles) is 404. A path whose escapes do not
// decode, or that holds `..`, a backslash or a NUL once decoded, is 400. The path is checked
// against the allow-list after decoding, and the file it names must lie inside the served
// folder (compared with a trailing separator, after resolving symlinks). Text and wasm are
// compressed when the client accepts it, as a real host does: a precompressed sibling
// (`FILE.br`, `FILE.gz`, as `make dist` writes them) when there is one, else brotli made on
// the fly when the client takes it, else gzip (compiled word lists are entropy-coded and sent
// as they are). The page's own response names what its first view needs in a `Link` header
// (PAGE_PRELOADS), as hosts that set headers can. Every request is handled inside its own
// try/catch: a bad request gets an error status and the server keeps running. Every answer is
// `no-cache` with an ETag, so a browser revalidates and gets 304 for an unchanged file.
import { createServer } from 'node:http';
import { readFile, realpath, stat } from 'node:fs/promises';
import { extname, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { promisify } from 'node:util';

/**
 * What the page's first view needs, named in the page's own response (a `Link` header, as
 * hosts that set headers can send it) so the browser asks for it as soon as the headers
 * arrive, before the page's body is parsed: the solver's engine, the page's script and sheet.
 */
export const PAGE_PRELOADS = [
  '<pkg/boggle_solve_bg.wasm>; rel=preload; as=fetch; crossorigin',
  '<pkg/app/app.js>; rel=modulepreload',
  '<pkg/app/app.css>; rel=preload; as=style',
].join(', ');

/** On-the-fly encoders by Content-Encoding name (brotli at a fast level, as hosts use). */
const ENCODERS = {
  br: (body) =>
    promisify(brotliCompress)(body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    }),
  gzip: promisify(gzip),
};
/** Encodings by preference; each precompressed sibling ends with its extension. */
const ENCODINGS = [
  ['br', '.br'],
  ['gzip', '.gz'],
];

/** What the page needs: exact files, and folders (a trailing slash) served with everything in them. */
export const PAGE_FILES = ['index.html', 'sw.js', 'embed-example.html', 'embed-example/', 'www/', 'pkg/', 'wordlists/'];

/**
 * Content types by extension; `compress: false` marks formats that are compressed already.
 * Anything else is binary data that compresses well.
 */
const TYPES = {
  '.html': { type: 'text/html; charset=utf-8', compress: true },
  '.js': { type: 'text/javascript; charset=utf-8', compress: true },
  '.mjs': { type: 'text/javascript; charset=utf-8', compress: true },
  '.css': { type: 'text/css; charset=utf-8', compress: true },
  '.json': { type: 'application/json; charset=utf-8', compress: true },
  '.webmanifest': { type: 'application/manifest+json; charset=utf-8', compress: true },
  '.txt': { type: 'text/plain; charset=utf-8', compress: true },
  '.md': { type: 'text/markdown; charset=utf-8', compress: true },
  '.svg': { type: 'image/svg+xml', compress: true },
  '.wasm': { type: 'application/wasm', compress: true },
  // A compiled word list: entropy-coded already (src/engine/dawg.rs).
  '.dawg': { type: 'application/octet-stream', compress: false },
  '.png': { type: 'image/png', compress: false },
  '.ico': { type: 'image/x-icon', compress: false },
  '.gz': { type: 'application/gzip', compress: false },
  '.br': { type: 'application/x-brotli', compress: false },
};
const BINARY = { type: 'application/octet-stream', compress: true };

/** Thrown inside a request to answer with `status`. */
class HttpError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

/**
 * The relative file path a request path names, or an HttpError: 400 for a malformed path,
 * 404 for one outside the allow-list. `base` is the URL path the site is served under ("/"),
 * or a list of them (the same site under each, as two copies on one host).
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
  const under = [base].flat().find((b) => path.startsWith(b));
  if (under === undefined) throw new HttpError(404, 'not found');
  const rel = path.slice(under.length) || 'index.html';
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

/** Whether the request's Accept-Encoding takes `encoding` (and does not refuse it with q=0). */
function accepts(header, encoding) {
  return (header ?? '').split(',').some((part) => {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (name.trim() !== encoding && name.trim() !== '*') return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return !q || Number(q.slice(2)) > 0;
  });
}

/** Whether an If-None-Match header names `etag` (weak comparison, as for GET). */
function notModified(header, etag) {
  if (!header) return false;
  const bare = (tag) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag));
}

/**
 * Serves `dir` on `port` (0 picks a free one); resolves to the listening server. `base` serves
 * the site under a sub-path (e.g. "/games/boggle/", as a blog's own server would), or under each
 * of a list of them (two copies of the site on one host); `allow`
 * replaces the page's allow-list (see PAGE_FILES).
 */
export async function startServer(dir, port = 0, host = '127.0.0.1', { base = '/', allow = PAGE_FILES } = {}) {
  const root = await realpath(resolve(dir));
  // The Link header names the page's files: only for a folder that holds them (the browser
  // tests also serve other folders, such as a blog's pages, with this server).
  const preloads = await stat(resolve(root, 'pkg/boggle_solve_bg.wasm')).then(() => PAGE_PRELOADS, () => null);
  /** Compressed bodies by encoding and file, kept while the file's size and mtime are unchanged. */
  const compressed = new Map();

  /**
   * A precompressed sibling of `real` (`.br`, `.gz`) inside the folder, or null; a sibling older
   * than the file (`info`) is out of date and not used.
   */
  async function sibling(real, ext, info) {
    try {
      const path = await realpath(real + ext);
      const copy = await stat(path);
      return inside(root, path) && copy.isFile() && copy.mtimeMs >= info.mtimeMs ? path : null;
    } catch {
      return null;
    }
  }

  /** The body of `real` in the first encoding the client accepts: {body, encoding}. */
  async function encoded(real, info, acceptEncoding) {
    for (const [encoding, ext] of ENCODINGS) {
      if (!accepts(acceptEncoding, encoding)) continue;
      const ready = await sibling(real, ext, info);
      if (ready) return { body: await readFile(ready), encoding };
      const key = `${encoding}:${real}`;
      const version = `${info.size}:${info.mtimeMs}`;
      let cached = compressed.get(key);
      if (cached?.version !== version) {
        cached = { version, body: await ENCODERS[encoding](await readFile(real)) };
        compressed.set(key, cached);
      }
      return { body: cached.body, encoding };
    }
    return { body: await readFile(real), encoding: null };
  }

  async function respond(req, res) {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      throw Object.assign(new HttpError(405, 'method not allowed'), { headers: { Allow: 'GET, HEAD' } });
    }
    const rawPath = (req.url ?? '').split(/[?#]/)[0];
    const folder = [base].flat().find((b) => b !== '/' && rawPath === b.slice(0, -1));
    if (folder) {
      res.writeHead(301, { Location: folder }).end();
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
    // A widget (embed=1) starts the shared engine instead, where the browser has one.
    if (preloads && rel === 'index.html' && !/[?&]embed=1(&|$)/.test(req.url ?? '')) headers.Link = preloads;
    let body = null;
    let encoding = null;
    if (kind.compress) {
      headers.Vary = 'Accept-Encoding';
      ({ body, encoding } = await encoded(real, info, req.headers['accept-encoding']));
      if (encoding) headers['Content-Encoding'] = encoding;
    }
    // Revalidation as hosts answer it: an unchanged file (same size and time) is a bodiless 304.
    headers.ETag = `W/"${info.size.toString(36)}-${Math.floor(info.mtimeMs).toString(36)}${encoding ? `-${encoding}` : ''}"`;
    if (notModified(req.headers['if-none-match'], headers.ETag)) {
      res.writeHead(304, headers).end();
      return;
    }
    body ??= await readFile(real);
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
