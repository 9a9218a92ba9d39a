// Class bounds from the wasm build: the published values, the native CLI's answers, the
// split job and readable errors.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { initSync, Dictionary, ClassBounder, SplitJob, parseClass } from '../../pkg/boggle.js';

const root = new URL('../../', import.meta.url);
initSync({ module: readFileSync(new URL('pkg/boggle_bg.wasm', root)) });
const lex = new Dictionary(readFileSync(new URL('wordlists/enable2k.txt', root)));
const bounder = new ClassBounder(lex);

test('published values and exact board counts', () => {
  const r = bounder.details('lnrsy aeiou chkmpt chkmpt aeiou lnrsy lnrsy aeiou bdfgjvwxz', undefined, 1e9);
  assert.deepEqual([r.max_nomark, r.sum_union, r.bound, r.boards, r.rows, r.cols], [9359, 106383, 9359, '5062500', 3, 3]);
  assert.equal(r.words.length, 24401);
  assert.equal(r.start_scores.reduce((a, b) => a + b, 0), 9359);
  const big = parseClass(Array(36).fill('*').join(' '));
  assert.equal(big.boards, '869041521632724682610610260053736824323722262347776');
  assert.equal(big.boards_short, undefined); // the page writes counts for people (www/lib/format.js)
});

test('the same bounds as the native CLI', () => {
  for (const cls of ['{a,e,i,o,u} {a,e,i,o,u} r {b,c,d,f,g,h} a t d e {r,s,t,v}', 'ab cd ef gh / st ae io rn / lt se ed py']) {
    const native = JSON.parse(execFileSync(new URL('target/release/boggle', root).pathname, ['bound', '--json', cls]).toString());
    const r = bounder.details(cls, undefined, 1e9);
    assert.deepEqual([r.max_nomark, r.sum_union, r.bound, r.boards], [native.max_nomark, native.sum_union, native.bound, native.boards], cls);
  }
});

test('the split job covers every letter of every multi-letter cell', () => {
  const job = new SplitJob(lex, 'f {a,u} r / z . e / z y .');
  const splits = [];
  // Each step works for up to a second; a job that never ends fails here instead of hanging.
  for (let steps = 0, done = false; !done; steps++) {
    assert.ok(steps < 100, 'the split job did not finish in 100 steps');
    const p = job.step(1000);
    splits.push(...p.splits);
    done = p.done;
  }
  assert.deepEqual(splits.map((s) => `${s.cell}${s.letter}:${s.max_nomark}/${s.sum_union}`), ['1a:8/8', '1u:5/5']);
});

test('bad classes and huge searches throw readable errors', () => {
  assert.throws(() => parseClass('a b {c,d e f g h i'), /the 3rd cell: '\{' is never closed/);
  assert.throws(() => bounder.details(Array(16).fill('*').join(' '), undefined, 1e6), /too big to bound/);
  assert.throws(() => bounder.nomarkTree('a b c d', undefined, 7, 100), /cell 7 is not on the board/);
});
