// docs/url-parameters.md against the code: every URL parameter the page reads is documented,
// under the view that reads it, and the doc lists no parameter the code does not read; the
// widget elements' attributes match www/embed/url.js. (Needs no build.)
//
// What the code reads: every `params.get('name')` (also `query.get`, `readParams().get`,
// `new URLSearchParams(...).get`, `.has`, `.getAll`) in www/ and index.html, and the keys of
// an `export const PARAMS = {...}` table, or the `PARAM_ENTRIES` it is typed from (the search
// view reads those by name in a loop).
// What the doc documents: the first column of every table whose header starts with
// "parameter", in the section of its view (a heading holding `mode=NAME`), the page-wide
// section (a heading starting "Every view") or the widgets' section (a heading holding `embed=1`).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { codeNames, pageLinks, sections, tableRows } from './markdown.mjs';

const ROOT = resolve(fileURLToPath(new URL('../../', import.meta.url)));
const DOC = join(ROOT, 'docs', 'url-parameters.md');
const WWW = join(ROOT, 'www');

const getRe = /(?:\bparams|\bquery|\bsearchParams|readParams\(\)|URLSearchParams\([^()]*\))\.(?:get|has|getAll)\(\s*'([^']+)'\s*\)/g;

/** The page's script files under `dir` (www/vendor/, where the build would copy libraries from npm, left out). */
function scripts(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (path === join(WWW, 'vendor')) continue;
    if (statSync(path).isDirectory()) out.push(...scripts(path));
    else if (name.endsWith('.js')) out.push(path);
  }
  return out;
}

/** The URL parameters one file reads. */
export function readsOf(text) {
  const names = new Set([...text.matchAll(getRe)].map((m) => m[1]));
  // The table itself, or the typed entries it is made from (`const PARAM_ENTRIES = ... ({`).
  const table = /(?:export const PARAMS = \{|const PARAM_ENTRIES = [^\n]*\(\{)\n([\s\S]*?)\n\}\)?;/.exec(text);
  if (table) for (const m of table[1].matchAll(/^ {2}(\w+): \{/gm)) names.add(m[1]);
  return names;
}

/** The parameters read by the files under `path` (a file or a folder). */
function readsUnder(path) {
  const files = statSync(path).isDirectory() ? scripts(path) : [path];
  const names = new Set();
  for (const f of files) for (const n of readsOf(readFileSync(f, 'utf8'))) names.add(n);
  return names;
}

/** The views' folders by `mode`, from the shell's table of views (www/app.js). */
function viewFolders() {
  const app = readFileSync(join(WWW, 'app.js'), 'utf8');
  const block = /const VIEWS = \{([\s\S]*?)\n\};/.exec(app)[1];
  const aliases = Object.fromEntries([...app.matchAll(/import \* as (\w+) from '\.\/views\/(\w+)\/index\.js'/g)].map((m) => [m[1], m[2]]));
  const out = {};
  for (const m of block.matchAll(/^\s*(\w+):.*?(?:import\('\.\/views\/(\w+)\/index\.js'\)|\b(\w+)\s*,?\s*$)/gm)) {
    const folder = m[2] ?? aliases[m[3]];
    if (folder) out[m[1]] = join(WWW, 'views', folder);
  }
  return out;
}

/** The doc's parameter tables: {page: Set, widgets: Set, views: {mode: Set}, all: Set}. */
function documented() {
  const doc = { page: new Set(), widgets: new Set(), views: {}, all: new Set() };
  let into = null;
  for (const s of sections(readFileSync(DOC, 'utf8'))) {
    const mode = /`mode=(\w+)`/.exec(s.title)?.[1];
    if (s.level <= 2) {
      into = /^Every view/i.test(s.title) ? doc.page : /`embed=1`/.test(s.title) ? doc.widgets : mode ? (doc.views[mode] = new Set()) : null;
    }
    if (!into) continue;
    // Only tables headed "parameter | ...": the first column names the parameters.
    const tables = [];
    let current = null;
    for (const entry of s.lines) {
      if (!entry[1].trim().startsWith('|')) current = null;
      else if (!current) tables.push((current = [entry]));
      else current.push(entry);
    }
    for (const t of tables) {
      if (!/^\|\s*parameter\b/i.test(t[0][1].trim())) continue;
      for (const row of tableRows(t)) for (const n of codeNames(row[0])) into.add(n), doc.all.add(n);
    }
  }
  return doc;
}

const minus = (a, b) => [...a].filter((x) => !b.has(x)).sort();

test('every parameter the page reads is documented, and every documented parameter is read', () => {
  const reads = new Set([...readsUnder(WWW), ...readsOf(readFileSync(join(ROOT, 'index.html'), 'utf8'))]);
  const doc = documented();
  assert.ok(reads.size >= 20, `only ${reads.size} parameters found in the code: the scan is broken`);
  assert.deepEqual(minus(reads, doc.all), [], 'read by the code but missing from docs/url-parameters.md');
  assert.deepEqual(minus(doc.all, reads), [], 'in docs/url-parameters.md but read nowhere in the code');
});

test("each view's section lists exactly the parameters its folder reads", () => {
  const doc = documented();
  const folders = viewFolders();
  const pageWide = doc.page;
  assert.ok(pageWide.has('mode'), 'the page-wide section ("Every view") documents mode');
  for (const dir of readdirSync(join(WWW, 'views'))) {
    assert.ok(Object.values(folders).includes(join(WWW, 'views', dir)), `www/views/${dir}/ is no view of app.js's VIEWS`);
  }
  for (const [mode, folder] of Object.entries(folders)) {
    const section = doc.views[mode];
    assert.ok(section, `docs/url-parameters.md has no section with \`mode=${mode}\` in its heading`);
    const reads = readsUnder(folder);
    const where = relative(ROOT, folder);
    assert.deepEqual(minus(reads, new Set([...section, ...pageWide])), [], `read in ${where}/ but not in the mode=${mode} section`);
    assert.deepEqual(minus(section, reads), [], `in the mode=${mode} section but not read in ${where}/`);
  }
});

test("the widgets' section lists exactly the parameters only widgets read", () => {
  const doc = documented();
  const elsewhere = new Set([...doc.page, ...Object.values(doc.views).flatMap((s) => [...s])]);
  const own = minus(readsUnder(join(WWW, 'embed')), elsewhere);
  assert.ok(own.includes('maxheight'), 'the scan finds maxheight in www/embed/');
  assert.deepEqual([...doc.widgets].sort(), own);
});

test('the widget elements and their attributes are those of www/embed/url.js', async () => {
  const { WIDGETS } = await import(pathToFileURL(join(WWW, 'embed', 'url.js')).href);
  const section = sections(readFileSync(DOC, 'utf8')).find((s) => /^Element attributes/i.test(s.title));
  assert.ok(section, 'docs/url-parameters.md has an "Element attributes" section');
  const rows = Object.fromEntries(tableRows(section.lines).map((r) => [codeNames(r[0])[0], r]));
  for (const { tag, mode, attrs } of Object.values(WIDGETS)) {
    const row = rows[`<${tag}>`];
    assert.ok(row, `no row for <${tag}>`);
    assert.deepEqual(codeNames(row[1]).sort(), [...Object.keys(attrs), 'max-height', 'theme'].sort(), `<${tag}>'s attributes`);
    assert.deepEqual(codeNames(row[2]).filter((n) => n.startsWith('mode=')), mode ? [`mode=${mode}`] : [], `<${tag}>'s mode`);
  }
  assert.equal(Object.keys(rows).length, Object.keys(WIDGETS).length, 'one row per element, no more');
});

test("every link to the page in the docs names only parameters of its view", () => {
  const doc = documented();
  const links = pageLinks(ROOT);
  assert.ok(links.length >= 10, `only ${links.length} links to the page found: the scan is broken`);
  for (const { file, href, params } of links) {
    // The page opens the solver when mode is missing or unknown, and a widget with embed=1.
    const mode = params.get('mode') ?? 'solve';
    assert.ok(doc.views[mode], `${file}: ${href} opens mode=${mode}, which no view has`);
    const known = new Set([...doc.page, ...doc.views[mode], ...(params.get('embed') === '1' ? doc.widgets : [])]);
    assert.deepEqual(minus(new Set(params.keys()), known), [], `${file}: ${href} names parameters mode=${mode} does not read`);
  }
});
