// Optimizer runs in the wasm build: the page's options read into the engine's own option
// types, the same boards as the native CLI from the same seed, and the defaults the page can ask for.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { initSync, Dictionary, Search, optimizerDefaults } from '../../pkg/boggle.js';

const root = new URL('../../', import.meta.url);
initSync({ module: readFileSync(new URL('pkg/boggle_bg.wasm', root)) });
const lex = new Dictionary(readFileSync(new URL('wordlists/enable2k.txt', root)));

/** Steps a run to its end (a second a step); one that never ends fails instead of hanging. */
function finish(optimizer, options) {
  const run = new Search(lex, optimizer, options);
  for (let steps = 0; steps < 600; steps++) {
    const p = run.step(1000);
    if (p.done) return p;
  }
  throw new Error(`the ${optimizer} run did not finish in 600 steps`);
}

function native(args) {
  const out = execFileSync(new URL('target/release/boggle', root).pathname, [...args, '-q']).toString();
  return out.trim().split('\n').pop().split('\t');
}

test('the engine gives its defaults and limits', () => {
  const d = optimizerDefaults();
  assert.deepEqual([d.anneal.schedule, d.anneal.t0, d.anneal.steps, d.anneal.restart], ['geometric', null, 100000, 'random']);
  assert.deepEqual([d.anneal.cooling, d.anneal.stall, d.anneal.t_end], [0.05, 2000, null]);
  assert.deepEqual([d.temperatures['4x4'].published, d.temperatures['4x4'].geometric, d.temperatures['5x5'].tempering], [[100, 1], [100, 30], [195, 59]]);
  assert.deepEqual([d.hillclimb.pool, d.hillclimb.order], [250, 'best']);
  assert.deepEqual([d.hillclimb.rows, d.hillclimb.cols, d.hillclimb.source, d.hillclimb.top], [4, 4, 'uniform', 10]);
  // No letters named: each optimizer's own alphabet (annealing every letter, hill climbing the
  // list's most common ones).
  assert.deepEqual([d.anneal.letters, d.hillclimb.letters, d.common_letters], [null, null, 20]);
  assert.deepEqual([d.max_pool, d.max_top, d.min_side, d.max_side], [100000, 1000, 2, 6]);
});

test('the same seed gives the same best board as the native CLI', () => {
  for (const [optimizer, options, args] of [
    ['hillclimb', { size: '3x3', seed: 5, runs: 2, pool: 60, order: 'rounds' }, ['--pool', '60', '--order', 'rounds']],
    ['anneal', { size: '3x3', seed: 3, runs: 2, schedule: 'published', t0: 50, cooling: 0.1, stall: 500, source: 'dice' }, ['--schedule', 'published', '--t0', '50', '--cooling', '0.1', '--stall', '500', '--source', 'dice']],
    ['anneal', { size: '3x3', seed: 4, runs: 2, steps: 3000, t_end: 0.5, restart: 'random' }, ['--steps', '3000', '--t-end', '0.5', '--restart', 'random']],
    ['anneal', { size: '3x3', seed: 4, runs: 2, schedule: 'adaptive', steps: 2000, acceptance: 0.2 }, ['--schedule', 'adaptive', '--steps', '2000', '--acceptance', '0.2']],
  ]) {
    const p = finish(optimizer, options);
    const [score, board] = native([optimizer, '--size', '3x3', '--seed', String(options.seed), '--runs', '2', ...args]);
    assert.deepEqual([String(p.best_score), p.best_board], [score, board], optimizer);
    assert.equal(p.run, 2);
  }
});

test('bad options are readable errors', () => {
  assert.throws(() => new Search(lex, 'hillclimb', { source: 'fancy' }), /bad option: unknown variant `fancy`, expected `uniform` or `dice`/);
  assert.throws(() => new Search(lex, 'hillclimb', { seed: 1.5 }), /the seed must be a whole number/);
  assert.throws(() => new Search(lex, 'hillclimb', { pool: 0 }), /the pool size must be 1 to 100,000/);
  assert.throws(() => new Search(lex, 'walk', {}), /unknown optimizer 'walk'/);
});

test('a refused option names itself as param, and options that do not go together the one to change', () => {
  const refusal = (options) => {
    try {
      new Search(lex, 'anneal', { size: '3x3', ...options }).free();
    } catch (e) {
      return { message: e.message, param: e.param };
    }
    return null;
  };
  assert.deepEqual(refusal({ t0: 20, t_end: 50 }), {
    message: 'geometric: the final temperature (t_end, 50) must be at most the starting one (t0, 20): the schedule cools',
    param: 't_end',
  });
  assert.equal(refusal({ schedule: 'tempering', t0: 20, t_end: 50 })?.param, 't_end');
  assert.deepEqual(refusal({ steps: 0 }), { message: 'the steps per run must be 1 to 1,000,000,000', param: 'steps' });
  assert.deepEqual(refusal({ restart: 'perturb', perturb: 99 }), { message: 'the changes of a perturbed restart must be 1 to 64', param: 'perturb' });
  // A refusal about no one option names none.
  const letters = refusal({ letters: '1' });
  assert.match(letters.message, /not a letter/);
  assert.equal(letters.param, undefined);
  assert.equal(refusal({ t0: 20, t_end: 5 }), null);
});

test("a step's record has the fields its doc lists, and every field the search view's Report type reads", () => {
  const keys = new Set();
  for (const [optimizer, options] of [['hillclimb', { size: '3x3', seed: 1 }], ['anneal', { size: '3x3', seed: 1, schedule: 'tempering' }]]) {
    const p = new Search(lex, optimizer, options).step(50);
    for (const k of Object.keys(p)) keys.add(k);
    for (const t of p.top) assert.deepEqual(Object.keys(t).sort(), ['board', 'score']);
  }
  // The doc comment of `step` in src/wasm/optimize.rs names the record's fields in braces.
  const rust = readFileSync(new URL('src/wasm/optimize.rs', root), 'utf8');
  const listed = rust.match(/`\{(optimizer,[^`]*?)\}`, where/)[1].replace(/\n\s*\/\/\/\s*/g, ' ');
  const documented = listed.replace(/: \[\{[^}]*\}\]/g, '').split(',').map((f) => f.trim());
  assert.deepEqual(documented.sort(), [...keys].sort());
  // The view's type is written by hand: a field it reads that the engine renamed would be
  // undefined at run time, with the type check none the wiser.
  const figures = readFileSync(new URL('www/views/search/figures.js', root), 'utf8');
  const report = figures.match(/@typedef \{object\} Report\n([\s\S]*?)\*\//)[1];
  const read = [...report.matchAll(/@property \{[^}]*\} \[?(\w+)/g)].map((m) => m[1]);
  assert.ok(read.length >= 10, `the Report type's fields: ${read}`);
  for (const field of read) assert.ok(keys.has(field), `the view reads ${field}, which the engine's record lacks`);
});
