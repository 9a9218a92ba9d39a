// Small readers of the project's Markdown docs, shared by the doc tests.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** A heading's anchor as GitHub writes it: lower case, punctuation dropped, spaces as hyphens. */
export function slug(heading) {
  return heading
    .trim()
    .toLowerCase()
    .replace(/<[^>]+>/g, '')
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** Lines of `text` outside fenced code blocks, as [lineNumber, line]. */
function proseLines(text) {
  const out = [];
  let fenced = false;
  text.split('\n').forEach((line, i) => {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    else if (!fenced) out.push([i + 1, line]);
  });
  return out;
}

/** The anchors of every heading in `text` (a repeated heading gets `-1`, `-2`, ... as on GitHub). */
export function headingAnchors(text) {
  const seen = new Map();
  const anchors = new Set();
  for (const [, line] of proseLines(text)) {
    const m = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!m) continue;
    const base = slug(m[1]);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n ? `${base}-${n}` : base);
  }
  return anchors;
}

/**
 * The document's sections: [{level, title, lines: [[number, line]]}], each holding the lines up
 * to the next heading of any level (text before the first heading is left out).
 */
export function sections(text) {
  const out = [];
  for (const [n, line] of proseLines(text)) {
    const m = /^(#{1,6})\s+(.*?)\s*$/.exec(line);
    if (m) out.push({ level: m[1].length, title: m[2], lines: [] });
    else out.at(-1)?.lines.push([n, line]);
  }
  return out;
}

/**
 * The rows of the Markdown tables in `lines` (header and separator rows left out), each as its
 * cells' text.
 */
export function tableRows(lines) {
  const rows = [];
  let header = true;
  for (const [, line] of lines) {
    if (!line.trim().startsWith('|')) {
      header = true;
      continue;
    }
    const cells = line.trim().replace(/^\||\|$/g, '').split(/(?<!\\)\|/).map((c) => c.trim());
    if (cells.every((c) => /^:?-{3,}:?$/.test(c))) continue;
    if (header) {
      header = false;
      continue;
    }
    rows.push(cells);
  }
  return rows;
}

/** The names written in backticks in a table cell: "`t0`, `t_end`" gives ["t0", "t_end"]. */
export function codeNames(cell) {
  return [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]);
}

/** The Markdown files a visitor reads: the front page, the code map, docs/ and the Python guide. */
export function readerDocs(root) {
  const docs = readdirSync(join(root, 'docs')).filter((f) => f.endsWith('.md')).map((f) => join('docs', f));
  return ['README.md', 'ARCHITECTURE.md', join('python', 'README.md'), ...docs];
}

/**
 * Every link to the page served by `make serve` in those files: [{file, href, params}], with
 * `params` the link's query read as the page reads it.
 */
export function pageLinks(root) {
  const out = [];
  for (const file of readerDocs(root)) {
    const text = readFileSync(join(root, file), 'utf8');
    for (const m of text.matchAll(/\]\((http:\/\/localhost:8000\/[^)\s]*)\)/g)) {
      out.push({ file, href: m[1], params: new URL(m[1]).searchParams });
    }
  }
  return out;
}
