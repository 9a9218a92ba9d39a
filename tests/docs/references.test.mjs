// Every file the project's docs and comments name must exist: a comment that points at a design
// note, a README paragraph that names a source file, a relative link between the docs. Renaming
// or deleting a file without fixing what refers to it fails here. (Needs no build.)
//
// What counts as a reference (see `references` below):
// - a path from the repository's root, such as `src/engine/solver.rs`, `docs/design.md#boards`
//   or `www/views/` (a `#anchor` on a Markdown file must name one of its headings), or in
//   python/ also from that folder (`tests/NAME.py` there);
// - a path relative to the file that holds it: `./markdown.mjs`, `../e2e/helpers.mjs`
//   (exactly), or `e2e/helpers.mjs`, `proof/proof.test.mjs` (found from the file's folder or
//   any folder above it);
// - an upper-case Markdown name such as `README.md` or `ARCHITECTURE.md`, found the same way;
// - in Markdown, every relative link target `[text](path#anchor)`.
// Not references: web addresses, absolute paths, paths inside a larger path (`dist/www/x.js`),
// generated or installed output (pkg/, target/, dist/, node_modules/, www/vendor/, the Python
// package's python/target/ and python/.venv/, caches), placeholders in capitals
// (`tests/e2e/FILE.test.mjs`) and bare file names without a folder (`app.js`).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { headingAnchors } from './markdown.mjs';

const ROOT = resolve(fileURLToPath(new URL('../../', import.meta.url)));
/** Folders scanned, and top-level files. */
const FOLDERS = ['src', 'www', 'tests', 'benches', 'scripts', 'docs', 'deploy', 'examples', 'embed-example', 'python', 'wordlists', '.ci', '.cargo'];
const TOP_FILES = ['README.md', 'ARCHITECTURE.md', 'Makefile', 'Cargo.toml', 'index.html', 'sw.js', 'embed-example.html', 'package.json'];
/** Files of these kinds are read (plus files without an extension, such as .ci/run). */
const TEXT = /\.(rs|js|mjs|md|sh|sbatch|ya?ml|toml|html|css|json|py|pyi)$/;
/** Generated or installed, never in the repository: references into them are not checked. */
const GENERATED = ['pkg', 'target', 'dist', 'node_modules', join('www', 'vendor'), join('python', 'target'), join('python', '.venv')];
/** Caches that tools write beside the sources (Python's bytecode, pytest's, mypy's), skipped wherever they are. */
const CACHES = new Set(['__pycache__', '.pytest_cache', '.mypy_cache']);
/** First folders of a path written from the repository's root. */
const ROOTED = ['src', 'www', 'tests', 'benches', 'scripts', 'docs', 'deploy', 'examples', 'embed-example', 'python', 'wordlists', '.ci', '.cargo'];
/**
 * Folders that are projects of their own (the Python package, with its own Cargo.toml and
 * tests/): their files may also write paths from that folder, such as `tests/NAME.py`.
 */
const SUBROOTS = ['python'];
/** Extensions of files a relative path may name. */
const EXT = 'rs|js|mjs|md|css|html|sh|sbatch|ya?ml|toml|json|txt|svg|png|webmanifest|py|pyi';

const rootedRe = new RegExp(`(?<![\\w./:@$-])((?:${ROOTED.map((r) => r.replace('.', '\\.')).join('|')})/[\\w./*<>-]*)(#[\\w-]+)?`, 'g');
const relativeRe = new RegExp(`(?<![\\w./:@$~-])((?:\\.\\.?/)+[\\w.-]+(?:/[\\w.-]+)*|[\\w-]+(?:/[\\w.-]+)+)\\.(${EXT})(#[\\w-]+)?(?![\\w/-])`, 'g');
const upperMdRe = /(?<![\w./-])([A-Z][A-Z0-9_-]+\.md)(#[\w-]+)?(?![\w/-])/g;
const linkRe = /\[[^\]\n]*\]\(<?([^)\s>]+)>?(?:\s+"[^"]*")?\)/g;

/** Every file scanned, as absolute paths. */
function scannedFiles() {
  const out = TOP_FILES.map((f) => join(ROOT, f)).filter((f) => existsSync(f));
  const walk = (dir) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (generated(path) || CACHES.has(name)) continue;
      if (statSync(path).isDirectory()) walk(path);
      else if (TEXT.test(name) || !name.includes('.')) out.push(path);
    }
  };
  for (const f of FOLDERS) if (existsSync(join(ROOT, f))) walk(join(ROOT, f));
  return out;
}

/** True for an absolute path inside generated output. */
function generated(path) {
  const rel = relative(ROOT, path);
  return GENERATED.some((g) => rel === g || rel.startsWith(g + sep));
}

/**
 * True when a path is a placeholder or pattern rather than a file: `FILE.test.mjs`, `<view>`,
 * `x.rs` (a one-letter name).
 */
function placeholder(path) {
  return /[<>]|\b[A-Z]{3,}\b|(^|\/)\w\.\w+$/.test(path.replace(/\b[A-Z][A-Z0-9_-]+\.md\b/g, ''));
}

/**
 * The comments of a source file, other text blanked (line numbers kept): `//` line comments
 * (not the `//` of a web address) and `/* ... *\/` blocks in Rust, JavaScript and CSS, `<!-- -->`
 * in HTML, `#` comments in shell, YAML, TOML and Makefiles. Strings in code are fixtures and
 * module specifiers, which their own tools check; Markdown is read whole.
 */
export function commentText(file, text) {
  if (file.endsWith('.md')) return text;
  const hash = !/\.(rs|m?js|css|html|json)$/.test(file);
  let block = false;
  return text
    .split('\n')
    .map((line) => {
      if (hash) {
        const m = /(^|\s)#(?!!)/.exec(line);
        return m ? line.slice(m.index) : '';
      }
      let out = '';
      let rest = line;
      while (rest) {
        if (block) {
          const end = rest.search(/\*\/|-->/);
          if (end < 0) return out + rest;
          out += rest.slice(0, end);
          rest = rest.slice(end + 2);
          block = false;
          continue;
        }
        const m = /(?<![:\\'"`])\/\/|\/\*|<!--/.exec(rest);
        if (!m) return out;
        if (m[0] === '//') return out + rest.slice(m.index);
        block = true;
        rest = rest.slice(m.index + m[0].length);
      }
      return out;
    })
    .join('\n');
}

/** Whether `path` (absolute, may hold `*`) names at least one existing file or folder. */
function exists(path) {
  if (!path.includes('*')) return existsSync(path);
  const dir = dirname(path);
  const pattern = new RegExp(`^${path.slice(dir.length + 1).replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`);
  return existsSync(dir) && readdirSync(dir).some((n) => pattern.test(n));
}

/**
 * The references of one file: [{line, text, candidates, anchor}], where `candidates` are the
 * absolute paths the reference may mean (it is good when one exists).
 */
export function references(file, text) {
  const dir = dirname(file);
  const ancestors = [];
  for (let d = dir; ; d = dirname(d)) {
    ancestors.push(d);
    if (d === ROOT || !d.startsWith(ROOT)) break;
  }
  const roots = [ROOT, ...SUBROOTS.map((r) => join(ROOT, r)).filter((r) => dir === r || dir.startsWith(r + sep))];
  const found = [];
  const lines = text.split('\n');
  lines.forEach((line, i) => {
    const add = (ref, candidates, anchor) => found.push({ line: i + 1, text: ref, candidates, anchor: anchor?.slice(1) });
    const taken = [];
    for (const m of line.matchAll(rootedRe)) {
      const path = m[1].replace(/[.:,;]+$/, '');
      taken.push([m.index, m.index + m[0].length]);
      if (!path || placeholder(path)) continue;
      add(path, roots.map((r) => join(r, path)), m[2]);
    }
    const inRooted = (at) => taken.some(([a, b]) => at >= a && at < b);
    for (const m of line.matchAll(relativeRe)) {
      if (inRooted(m.index)) continue;
      const path = `${m[1]}.${m[2]}`;
      const first = path.split('/')[0];
      // A web address without its scheme (example.org/x.js) is not a file of ours.
      if (first !== '.' && first !== '..' && first.includes('.')) continue;
      if (placeholder(path)) continue;
      const candidates = path.startsWith('.') ? [resolve(dir, path)] : ancestors.map((d) => join(d, path));
      add(path, candidates, m[3]);
    }
    for (const m of line.matchAll(upperMdRe)) {
      if (inRooted(m.index)) continue;
      add(m[1], ancestors.map((d) => join(d, m[1])), m[2]);
    }
    if (file.endsWith('.md')) {
      for (const m of line.matchAll(linkRe)) {
        const target = m[1];
        if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('?') || target.startsWith('//')) continue;
        const [path, anchor] = target.split('#');
        add(target, [path ? resolve(dir, decodeURIComponent(path)) : file], anchor === undefined ? undefined : `#${anchor}`);
      }
    }
  });
  return found;
}

/** What is wrong with one reference, or null: a missing file, or an anchor its file lacks. */
function problem(ref) {
  const candidates = ref.candidates.filter((c) => !generated(c));
  if (candidates.length < ref.candidates.length) return null; // into generated output
  const hit = candidates.find(exists);
  if (!hit) return `names ${ref.text}, which does not exist`;
  if (ref.anchor && hit.endsWith('.md') && statSync(hit).isFile()) {
    const anchors = headingAnchors(readFileSync(hit, 'utf8'));
    if (!anchors.has(ref.anchor)) return `names ${ref.text}, but ${relative(ROOT, hit)} has no heading #${ref.anchor}`;
  }
  return null;
}

test('every file a doc or comment names exists, and every #anchor names a heading', () => {
  const problems = [];
  let checked = 0;
  for (const file of scannedFiles()) {
    for (const ref of references(file, commentText(file, readFileSync(file, 'utf8')))) {
      checked++;
      const p = problem(ref);
      if (p) problems.push(`${relative(ROOT, file)}:${ref.line}: ${p}`);
    }
  }
  assert.deepEqual(problems, [], `${problems.length} references to files that do not exist:\n${problems.join('\n')}`);
  assert.ok(checked > 200, `only ${checked} references found: the scan is broken`);
});

test('the reference scan finds paths and leaves web addresses and identifiers alone', () => {
  const file = join(ROOT, 'src', 'engine', 'solver.rs');
  const text = [
    '//! See DESIGN.md section 3, docs/design.md#boards and `solver/paths.rs`; ../sw.js.',
    '// https://example.org/boggle/www/embed.js, dist/www/app.js, crate::engine::dawg, pkg/app/app.js',
    '// tests/e2e/FILE.test.mjs, www/views/<view>/, example.org/x.js, a.b, www/views/',
  ].join('\n');
  const refs = references(file, text).map((r) => [r.line, r.text, r.anchor]);
  assert.deepEqual(refs, [
    [1, 'docs/design.md', 'boards'],
    [1, 'solver/paths.rs', undefined],
    [1, '../sw.js', undefined],
    [1, 'DESIGN.md', undefined],
    [2, 'dist/www/app.js', undefined],
    [2, 'pkg/app/app.js', undefined],
    [3, 'www/views/', undefined],
  ]);
  // Generated output is found but never reported missing.
  assert.deepEqual(references(file, text).filter((r) => r.line === 2).map(problem), [null, null]);
  const missing = references(file, '// DESIGN.md').map(problem);
  assert.match(missing[0], /DESIGN\.md, which does not exist/);
  const md = join(ROOT, 'docs', 'x.md');
  const links = references(md, 'See [the design](design.md#no-such-heading), [a site](https://example.org/a.md) and [a view](?mode=bounds).');
  assert.deepEqual(links.map((r) => r.text), ['design.md#no-such-heading']);
  assert.match(problem(links[0]), /has no heading #no-such-heading/);
});
