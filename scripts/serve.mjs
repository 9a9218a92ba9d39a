// A small static file server for the page: `node scripts/serve.mjs [PORT] [DIR]`.
// Also imported by the browser tests, which start it on a free port.
import { createServer } from 'node:http';
import { createReadStream, statSync } from 'node:fs';
import { extname, join, normalize, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.txt': 'text/plain; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
};

/** Serves `dir` on `port` (0 picks a free one); resolves to the listening server. */
export function startServer(dir, port = 0, host = '127.0.0.1') {
  const root = resolve(dir);
  const server = createServer((req, res) => {
    const url = new URL(req.url, 'http://localhost');
    let path = normalize(join(root, decodeURIComponent(url.pathname)));
    if (!path.startsWith(root)) {
      res.writeHead(403).end('forbidden');
      return;
    }
    try {
      if (statSync(path).isDirectory()) path = join(path, 'index.html');
      const size = statSync(path).size;
      res.writeHead(200, {
        'Content-Type': TYPES[extname(path)] ?? 'application/octet-stream',
        'Content-Length': size,
        'Cache-Control': 'no-cache',
        // Other sites may load the widget script (www/embed.js) as a module, which needs CORS.
        'Access-Control-Allow-Origin': '*',
      });
      createReadStream(path).pipe(res);
    } catch {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
    }
  });
  return new Promise((ok) => server.listen(port, host, () => ok(server)));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const port = Number(process.argv[2] ?? process.env.PORT ?? 8000);
  const dir = process.argv[3] ?? '.';
  const server = await startServer(dir, port, process.env.HOST ?? '127.0.0.1');
  const { address, port: p } = server.address();
  console.log(`Boggle Explorer: http://${address === '0.0.0.0' ? 'localhost' : address}:${p}/`);
}
