// The engine compiled to wasm must give exactly the native engine's answers.
// Runs in node against pkg/ (wasm-bindgen --target web output) and the native CLI.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { initSync, Dictionary, randomBoard, parseBoard, listLimits } from '../../pkg/boggle.js';
import { MAX_LIST_BYTES, tooBigMessage } from '../../www/lib/lists.js';

const root = new URL('../../', import.meta.url);
initSync({ module: readFileSync(new URL('pkg/boggle_bg.wasm', root)) });
const enable = new Dictionary(readFileSync(new URL('wordlists/enable2k.txt', root)));

test('known ENABLE2K scores', () => {
  assert.equal(enable.words, 173402);
  const best = enable.solve('perslatgsineters', undefined, false);
  assert.equal(best.score, 3625);
  assert.equal(best.words.length, 1045);
  assert.equal(enable.solve('perslatgsineters', '4x4', true).score, 4732);
  assert.equal(enable.score('streaedlp'), 545);
  assert.equal(enable.score('ligdrmanesietildsracsepes'), 10406);
  assert.equal(enable.score('perslatesind'), 1651);
});

test('a summary is the solved board without its words, for any size and scoring', () => {
  for (let i = 0; i < 300; i++) {
    const size = ['3x3', '3x4', '4x4', '5x5'][i % 4];
    const b = randomBoard(size, true, 1000 + i);
    for (const mb of [false, true]) {
      for (const min of [undefined, 4, 5]) {
        const { words, ...head } = enable.solve(b, size, mb, min);
        assert.deepEqual(enable.summary(b, size, mb, min), head, `${b} multiboggle ${mb} min ${min}`);
      }
    }
  }
  assert.deepEqual(enable.summary('perslatgsineters', undefined, false), {
    board: 'perslatgsineters', rows: 4, cols: 4, score: 3625, multiboggle: false, min: 3,
  });
  assert.throws(() => enable.summary('perslatgsinetes', '4x4', false), /15 letters: a 4x4 board needs 16/);
});

test('a longer shortest word leaves the shorter words out of the words and the score, in both scorings', () => {
  for (let i = 0; i < 100; i++) {
    const size = ['4x4', '5x5'][i % 2];
    const b = randomBoard(size, true, 5000 + i);
    const all = enable.solve(b, size, false);
    for (const min of [4, 5]) {
      const kept = all.words.filter((w) => w.word.length >= min);
      const r = enable.solve(b, size, false, min);
      assert.deepEqual(r.words, kept, `${b} min ${min}`);
      assert.equal(r.score, kept.reduce((s, w) => s + w.points, 0));
      assert.equal(r.min, min);
      // Multiboggle counts a word once per set of cells, so never less than standard scoring.
      assert.ok(enable.solve(b, size, true, min).score >= r.score, `${b} multiboggle min ${min}`);
    }
  }
  // The best known 5x5 board, as Big Boggle counts it: each 3-letter word's point comes off.
  const full = enable.solve('ligdrmanesietildsracsepes', undefined, false);
  const threes = full.words.filter((w) => w.word.length === 3).length;
  assert.equal(full.score, 10406);
  assert.equal(enable.solve('ligdrmanesietildsracsepes', undefined, false, 4).score, 10406 - threes);
  assert.throws(() => enable.solve('perslatgsineters', undefined, false, 2), /the shortest word must be 3 to 8 letters/);
  assert.throws(() => enable.summary('perslatgsineters', undefined, false, 9), /the shortest word must be 3 to 8 letters/);
});

test('YAWL keeps the documented number of words', () => {
  const yawl = new Dictionary(readFileSync(new URL('wordlists/yawl.txt', root)));
  assert.equal(yawl.words, 263904);
});

test('random boards of every size score as natively', () => {
  const sizes = ['2x2', '2x3', '3x3', '3x4', '4x4', '4x5', '5x5', '5x6', '6x6'];
  const boards = [];
  for (let i = 0; i < 3000; i++) boards.push(randomBoard(sizes[i % sizes.length], i % 2 === 0, i));
  const input = boards.map((b, i) => b).join('\n');
  const sizesArg = boards.map((_, i) => sizes[i % sizes.length]);
  // Score each size group natively with an explicit --size (2x3 and 5x6 have no default).
  for (const size of sizes) {
    const group = boards.filter((_, i) => sizesArg[i] === size);
    const out = execFileSync(new URL('target/release/boggle', root).pathname, ['score', '--size', size], {
      input: group.join('\n') + '\n',
    }).toString().trim().split('\n');
    assert.equal(out.length, group.length);
    // A board of a shape its length does not give (2x3, 5x6) prints its rows apart, so that
    // it reads back as the same board.
    const [rows, cols] = size.split('x').map(Number);
    const apart = ['2x3', '5x6'].includes(size);
    group.forEach((b, i) => {
      const printed = apart ? Array.from({ length: rows }, (_, r) => b.slice(r * cols, (r + 1) * cols)).join('/') : b;
      assert.equal(out[i], `${printed}\t${enable.score(b, size)}`, `board ${b}`);
    });
  }
});

test('bad boards throw readable errors', () => {
  assert.throws(() => enable.solve('perslatgsinetes', '4x4', false), /15 letters: a 4x4 board needs 16/);
  assert.throws(() => parseBoard('ab<script>', undefined), /'<' is not a letter/);
  assert.throws(() => new Dictionary(new TextEncoder().encode('12\n\n')), /no playable words/);
});

test('word lists: overlong words are skipped with a note, limits are the page\'s', () => {
  const lex = new Dictionary(new TextEncoder().encode(`${'a'.repeat(300)}\ncat\n`));
  assert.equal(lex.words, 1);
  const s = lex.stats();
  assert.equal(s.too_long, 1);
  assert.deepEqual(s.notes, ['line 1: 300 letters, longer than any 6x6 board can spell: skipped']);
  const limits = listLimits();
  assert.deepEqual(limits, { bytes: MAX_LIST_BYTES, lines: 2000000, letters: 72 });
  const big = new Uint8Array(MAX_LIST_BYTES + 1).fill(97);
  assert.throws(() => new Dictionary(big), (e) => e.message === tooBigMessage(big.length));
  assert.throws(() => new Dictionary(new Uint8Array(limits.lines + 1).fill(10)), /more than the limit of 2,000,000 lines/);
});

test('the compiled lists the page downloads load to the same dictionaries', () => {
  const compiled = new Dictionary(readFileSync(new URL('pkg/enable2k.dawg', root)));
  assert.equal(compiled.words, 173402);
  assert.deepEqual(compiled.stats(), enable.stats());
  for (const b of ['perslatgsineters', 'streaedlp', 'ligdrmanesietildsracsepes', 'qitxesxxx']) {
    assert.equal(compiled.score(b), enable.score(b), b);
  }
  const yawl = new Dictionary(readFileSync(new URL('pkg/yawl.dawg', root)));
  assert.equal(yawl.words, 263904);
  const damaged = readFileSync(new URL('pkg/enable2k.dawg', root)).subarray(0, 5000);
  assert.throws(() => new Dictionary(damaged), /compiled word list is damaged/);
});

test("the solver's module, which the page starts with, solves the same as the full engine", async () => {
  const solver = await import('../../pkg/boggle_solve.js');
  solver.initSync({ module: readFileSync(new URL('pkg/boggle_solve_bg.wasm', root)) });
  const lex = new solver.Dictionary(readFileSync(new URL('pkg/enable2k.dawg', root)));
  assert.equal(lex.words, 173402);
  for (const b of ['perslatgsineters', 'streaedlp', 'ligdrmanesietildsracsepes', 'perslatesind']) {
    assert.deepEqual(lex.solve(b, undefined, false), enable.solve(b, undefined, false), b);
  }
  assert.equal(lex.solve('perslatgsineters', '4x4', true).score, 4732);
  assert.deepEqual(solver.parseBoard('pers latg sine ters'), parseBoard('pers latg sine ters'));
  // So is the text reader: a text list needs the full engine (the page's worker switches).
  assert.throws(() => new solver.Dictionary(Buffer.from('tea\nteas\neat\n')), /compiled word lists only/);
  // The worker asks the engine which uploads those are, from their first bytes.
  assert.equal(solver.isCompiledList(readFileSync(new URL('pkg/enable2k.dawg', root)).subarray(0, 8)), true);
  assert.equal(solver.isCompiledList(Buffer.from('BOGDAWG1')), true, 'another version is refused with its own message');
  assert.equal(solver.isCompiledList(Buffer.from('tea\nteas')), false);
  // The other views' bindings are left out of it.
  for (const name of ['ClassBounder', 'Search', 'BreakRun', 'PartitionRun', 'SplitJob', 'parseClass']) {
    assert.equal(solver[name], undefined, name);
  }
  lex.free();
});
