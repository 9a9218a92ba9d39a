// Writes PKG/release.js, which the service worker (sw.js) imports: the release's version, its
// app shell and a hash of each of its files. `node scripts/release.mjs SITE [PKG]` (PKG defaults
// to SITE/pkg).
//
// The version is a hash of everything the site serves (index.html, sw.js, embed-example.html,
// www/, embed-example/, wordlists/, PKG/), so any change to a file, word lists included, makes a new version
// and the service worker replaces its cache. The shell, precached when the service worker installs, is the page, its
// bundled scripts (PKG/app/), styles and images and the engine (PKG's .js and .wasm); www's
// script sources (bundled into PKG/app/) and word lists are left out (whatever
// their names or format) and cached when a visitor first uses them. The file hashes let the
// service worker check that every file it keeps is this release's copy.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Extensions of the files in www/ and PKG/ that make up the app shell. */
const SHELL_EXTENSIONS = /\.(html|js|mjs|css|svg|png|webmanifest|wasm)$/;
/** The file this script writes (left out of its own hash and shell). */
const OUTPUT = 'release.js';

/** Every file under `dir`, as paths relative to `site` with forward slashes, sorted. */
function filesUnder(site, dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && !e.name.startsWith('.'))
    .map((e) => relative(site, join(e.parentPath ?? e.path, e.name)).split(sep).join('/'))
    .sort();
}

/** The first 16 hex digits of the SHA-256 of `bytes` (what sw.js computes to compare). */
export function fileHash(bytes) {
  return createHash('sha256').update(bytes).digest('hex').slice(0, 16);
}

/** `{version, shell, files}` of the site in `site` whose engine and lists are in `pkg`. */
export function describeRelease(site, pkg = join(site, 'pkg')) {
  const pkgRel = relative(site, pkg).split(sep).join('/');
  const served = [
    ...['index.html', 'sw.js', 'embed-example.html'].filter((f) => existsSync(join(site, f))),
    ...filesUnder(site, join(site, 'www')),
    ...filesUnder(site, join(site, 'embed-example')),
    ...filesUnder(site, join(site, 'wordlists')),
    ...filesUnder(site, pkg).filter((f) => f !== `${pkgRel}/${OUTPUT}`),
  ];
  const hash = createHash('sha256');
  const files = {};
  for (const f of served) {
    const bytes = readFileSync(join(site, f));
    files[f] = fileHash(bytes);
    hash.update(`${f}\0${files[f]}\0`);
  }
  const inShellFolder = (f) => f.startsWith('www/') || f.startsWith(`${pkgRel}/`);
  // The page runs www's scripts as the build bundles them (PKG/app/, scripts/bundle.mjs); only
  // the widget script other sites load by its address (www/embed.js) runs from source.
  const bundledSource = (f) => f.startsWith('www/') && /\.m?js$/.test(f);
  const shell = served.filter(
    (f) => f === 'index.html' || (inShellFolder(f) && SHELL_EXTENSIONS.test(f) && !f.endsWith('.d.ts') && !bundledSource(f)),
  );
  return { version: hash.digest('hex').slice(0, 16), shell, files };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const site = process.argv[2] ?? '.';
  const pkg = process.argv[3] ?? join(site, 'pkg');
  const release = describeRelease(site, pkg);
  writeFileSync(
    join(pkg, OUTPUT),
    `// Written by scripts/release.mjs: this release's version, app shell and file hashes (see sw.js).\n` +
      `self.RELEASE = ${JSON.stringify(release, null, 1)};\n`,
  );
  console.log(`release ${release.version}: ${release.shell.length} shell files`);
}
