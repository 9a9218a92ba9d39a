// Bundles and minifies the page's code into PKG/app/: `node scripts/bundle.mjs [PKG]` (PKG
// defaults to pkg; it lies in the site's root folder, beside www/).
//
// Every first visit downloads the page's modules before its first score; as separate files they
// were about 20 requests and 53 KB. Bundled and minified they are a few files:
// - app.js: the shell (www/app.js) with every module it imports, the solver view among them,
//   in one file; the other views, the widget and the dialogs are chunks loaded when used,
//   which import what they share with the shell from app.js. So the shell must not wait at its
//   top level for a module it imports dynamically: that chunk waits for app.js to finish;
// - worker.js and shared-worker.js: the engine's workers, each one file with the solver's
//   wasm bindings; the full engine's bindings (pkg/boggle.js) still load only when a view asks;
// - app.css: the stylesheets of the first view (FIRST_SHEETS), one file for the first paint.
//   The other views' sheets are loaded from www/ by the views (www/lib/dom.js, loadCss).
// Source modules stay as they are: inside a bundle, `import.meta.url` still means the source
// file's address (see `sourceAddresses`), so every `new URL('./x.css', import.meta.url)` finds
// the file beside the source.
import * as esbuild from 'esbuild';
import { rollup } from 'rollup';
import { rmSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

// Two well-kept tools: Rollup lays out the page's modules (it can put everything the shell
// loads anyway into the shell's own file, which esbuild's code splitting cannot: it made nine
// chunks of the shell, fetched one round trip after it), and esbuild minifies, bundles the
// workers and the stylesheet.

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The first view's stylesheets, in cascade order, bundled into app.css (index.html links it).
 * The page's sheet loader treats them as loaded (it gets this list as BUNDLED_SHEETS).
 */
export const FIRST_SHEETS = ['www/style.css', 'www/widgets/board-grid.css', 'www/widgets/word-list.css', 'www/views/solve/solve.css'];

/** The browsers the page supports (module workers, top-level await). */
const TARGET = 'es2022';

/** `path` with forward slashes. */
const slashed = (path) => path.split(sep).join('/');

/**
 * The place on the site of a file the build reads, in the repository's layout: a file of
 * `pkg` (the folder being built) lies in pkg/.
 */
function onSite(path, pkg) {
  const inPkg = relative(pkg, path);
  return inPkg.startsWith('..') ? path : join(REPO, 'pkg', inPkg);
}

/**
 * `code` (of the file at `path`) with `import.meta.url` replaced by the address the source file
 * has on the site, computed from the bundle's own address: `placed` is where the bundle lies
 * in the repository's layout. So `new URL('./x.css', import.meta.url)` still finds the file
 * beside the source, under any base path, in a page or a worker.
 */
function withSourceAddress(code, path, placed, pkg) {
  const fromBundle = slashed(relative(placed, onSite(path, pkg)));
  return code.replaceAll('import.meta.url', `new URL(${JSON.stringify(fromBundle)}, import.meta.url).href`);
}

/**
 * Where an import of the build's output (`../pkg/…` in the sources) is read from: the same file
 * in `pkg`, the folder being built (`make dist` builds its own). Null for any other import.
 */
function builtFile(source, importerDir, pkg) {
  if (!source.includes('/pkg/')) return null;
  const inRepo = relative(join(REPO, 'pkg'), resolve(importerDir, source));
  return inRepo.startsWith('..') ? null : join(pkg, inRepo);
}

/** Every module `entry` imports statically, itself included (Rollup's module graph). */
function staticClosure(entry, getModuleInfo) {
  const seen = new Set([entry]);
  for (const id of seen) for (const dep of getModuleInfo(id)?.importedIds ?? []) seen.add(dep);
  return seen;
}

/**
 * What a dynamic import of a chunk becomes when that chunk imports other chunks: it first adds a
 * modulepreload link for each of them, so they download alongside the chunk rather than one
 * round trip after it (the browser learns of them only once the chunk has been parsed).
 */
const PRELOAD_CHUNKS = `((files, base) => { for (const f of files) { const href = new URL(f, base).href; if (!document.querySelector(\`link[href="\${href}"]\`)) document.head.append(Object.assign(document.createElement('link'), { rel: 'modulepreload', href })); } })`;

/** The page's modules (Rollup, minified by esbuild): app.js and the chunks of the other views. */
async function bundlePage(pkg, out, placed) {
  const entry = join(REPO, 'www/app.js');
  let shell = null;
  const build = await rollup({
    input: { app: entry },
    preserveEntrySignatures: false,
    onwarn: (warning, warn) => (warning.code === 'CIRCULAR_DEPENDENCY' ? undefined : warn(warning)),
    plugins: [
      {
        name: 'page',
        resolveId: (source, importer) => (importer ? builtFile(source, dirname(importer), pkg) : null),
        async transform(code, id) {
          const { code: js, map } = await esbuild.transform(withSourceAddress(code, id, placed, pkg), {
            loader: 'js',
            sourcemap: true,
            sourcefile: id,
            define: { BUNDLED_SHEETS: JSON.stringify(FIRST_SHEETS) },
          });
          return { code: js, map };
        },
        renderDynamicImport({ chunk, getTargetChunkImports }) {
          const deps = (getTargetChunkImports() ?? []).filter((d) => d.type === 'internal' && d.fileName !== chunk.fileName);
          if (!deps.length) return null;
          const files = `[${deps.map((d) => d.resolvedImportPath).join(', ')}]`; // quoted already
          return { left: `(${PRELOAD_CHUNKS}(${files}, import.meta.url), import(`, right: '))' };
        },
        async renderChunk(code) {
          const { code: js, map } = await esbuild.transform(code, { minify: true, format: 'esm', target: TARGET, sourcemap: true });
          return { code: js, map };
        },
      },
    ],
  });
  const { output } = await build.write({
    dir: out,
    format: 'es',
    sourcemap: true,
    entryFileNames: '[name].js',
    // Hex hashes: scripts/static-host.mjs recognises those names (`HASHED`) and lets hosts
    // cache the chunks for good (their content never changes under one name).
    chunkFileNames: '[name]-[hash].js',
    hashCharacters: 'hex',
    // Everything the shell imports goes in the shell's own file: one download, one round trip.
    manualChunks(id, { getModuleInfo }) {
      shell ??= staticClosure(entry, getModuleInfo);
      return shell.has(id) ? 'app' : undefined;
    },
  });
  await build.close();
  return output.filter((o) => o.type === 'chunk').map((o) => o.code.length);
}

/**
 * The engine's workers, each one file (a worker shares no chunks with the page). The full
 * engine's bindings (pkg/boggle.js, imported on demand: only the bounds, search and break
 * views need them) stay a module of their own.
 */
async function bundleWorkers(pkg, out, placed) {
  const result = await esbuild.build({
    entryPoints: { worker: join(REPO, 'www/worker.js'), 'shared-worker': join(REPO, 'www/embed/shared-worker.js') },
    bundle: true,
    format: 'esm',
    minify: true,
    target: TARGET,
    sourcemap: 'linked',
    logLevel: 'warning',
    outdir: out,
    metafile: true,
    plugins: [
      {
        name: 'worker',
        setup(b) {
          b.onResolve({ filter: /\/pkg\// }, ({ path, resolveDir, kind }) => {
            const file = builtFile(path, resolveDir, pkg);
            if (!file) return undefined;
            if (kind === 'dynamic-import' && file === join(pkg, 'boggle.js')) return { path: '../boggle.js', external: true };
            return { path: file };
          });
          b.onLoad({ filter: /\.js$/ }, async ({ path }) => {
            const code = await readFile(path, 'utf8');
            return code.includes('import.meta.url') ? { contents: withSourceAddress(code, path, placed, pkg), loader: 'js' } : undefined;
          });
        },
      },
    ],
  });
  return Object.entries(result.metafile.outputs).filter(([f]) => !f.endsWith('.map')).map(([, o]) => o.bytes);
}

/** The first view's stylesheets in one minified file, app.css. */
async function bundleSheets(out) {
  const result = await esbuild.build({
    stdin: { contents: FIRST_SHEETS.map((f) => `@import ${JSON.stringify(`./${f}`)};`).join('\n'), resolveDir: REPO, loader: 'css' },
    bundle: true,
    minify: true,
    sourcemap: 'linked',
    logLevel: 'warning',
    outfile: join(out, 'app.css'),
    metafile: true,
  });
  return Object.entries(result.metafile.outputs).filter(([f]) => !f.endsWith('.map')).map(([, o]) => o.bytes);
}

/**
 * Bundles the page into `pkg`/app, where `pkg` is the site's pkg/ folder (the repository's, or
 * the one `make dist` builds): what it imports of the build's output comes from there. Returns
 * the number of files written (source maps aside) and their bytes.
 */
export async function bundle(pkg = join(REPO, 'pkg')) {
  const out = join(pkg, 'app');
  // Where the bundles lie in the site's layout, which mirrors the repository's.
  const placed = join(REPO, 'pkg', 'app');
  rmSync(out, { recursive: true, force: true });
  const sizes = (await Promise.all([bundlePage(pkg, out, placed), bundleWorkers(pkg, out, placed), bundleSheets(out)])).flat();
  return { files: sizes.length, bytes: sizes.reduce((a, b) => a + b, 0) };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const pkg = resolve(process.argv[2] ?? join(REPO, 'pkg'));
  const { files, bytes } = await bundle(pkg);
  console.log(`bundle: ${files} files, ${(bytes / 1000).toFixed(1)} KB in ${relative(process.cwd(), join(pkg, 'app'))}/`);
}
