// The docs' links to the page and their best-boards table, checked against the engine: a link
// whose board, class or partition the page would refuse, a proof link whose groups leave a
// letter out, or a table row whose score is not the board's, fails here.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { initSync, Dictionary, parseBoard, parseClass, partitionInfo } from '../../pkg/boggle.js';
import { pageLinks, sections, tableRows, codeNames } from '../docs/markdown.mjs';

const root = new URL('../../', import.meta.url);
const ROOT = fileURLToPath(root);
initSync({ module: readFileSync(new URL('pkg/boggle_bg.wasm', root)) });
const enable = new Dictionary(readFileSync(new URL('wordlists/enable2k.txt', root)));

test("every board, class and partition in the docs' links is one the engine accepts", () => {
  const links = pageLinks(ROOT);
  let checked = 0;
  for (const { file, href, params } of links) {
    const where = `${file}: ${href}`;
    const dims = params.get('dims') ?? undefined;
    if (params.has('board')) {
      assert.doesNotThrow(() => parseBoard(params.get('board'), dims), where);
      checked++;
    }
    if (params.has('class')) {
      assert.doesNotThrow(() => parseClass(params.get('class')), where);
      checked++;
    }
    if (params.has('partition')) {
      // The break view's partition run defaults to 3x3, as its URL parameters say.
      const info = partitionInfo(params.get('partition'), params.get('size') ?? '3x3');
      assert.equal(info.missingWhere, '', `${where}: a proof link whose groups leave letters out`);
      checked++;
    }
  }
  assert.ok(checked >= 8, `only ${checked} boards, classes and partitions found in the links`);
});

test("the README's best boards score what its table says", () => {
  const best = sections(readFileSync(new URL('README.md', root), 'utf8')).find((s) => s.title === 'Best boards');
  assert.ok(best, 'the README has a "Best boards" section');
  const rows = tableRows(best.lines);
  assert.ok(rows.length >= 4, 'one row a size, 3x3 to 5x5');
  for (const [size, board, score] of rows) {
    const [letters] = codeNames(board);
    assert.equal(enable.score(letters), Number(score), `${size} ${letters}`);
  }
});
