// A partition search in the wasm build, stepped a slice at a time: a step with a tiny budget
// returns inside a class, and the totals after every class equal the native CLI's.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { initSync, BreakRun, Dictionary, PartitionRun, partitionInfo } from '../../pkg/boggle.js';
import defaults from '../../pkg/defaults.js';

const root = new URL('../../', import.meta.url);
initSync({ module: readFileSync(new URL('pkg/boggle_bg.wasm', root)) });
const lex = new Dictionary(readFileSync(new URL('wordlists/enable2k.txt', root)));
const BOGGLE = new URL('target/release/boggle', root).pathname;

const PARTITION = 'aeijou bcdfgmpqvwxz hklnrsty, corner:aeiosuy bcdfghjklmnpqrtvwxz';
const SIZE = '2x3';
// Low enough that some classes take more than one slice of work.
const TARGET = 80;

/** The CLI's boards ("SCORE BOARD", sorted) and its statistics (stderr). */
function cli() {
  const r = spawnSync(
    BOGGLE,
    ['break', '--partition', PARTITION, '--size', SIZE, '--target', String(TARGET), '--threads', '1', '--quiet'],
    { encoding: 'utf8' },
  );
  assert.equal(r.status, 0, r.stderr);
  // A 2x3 board prints with its rows apart (cas/ret), the shape no length of 6 gives alone.
  const boards = r.stdout.trim().split('\n').filter(Boolean).map((l) => l.replace('\t', ' ').replaceAll('/', '')).sort();
  return { boards, stats: r.stderr };
}

test('a step with a tiny budget returns inside a class; the totals equal the CLI', () => {
  const info = partitionInfo(PARTITION, SIZE);
  assert.equal(info.partition, PARTITION);
  const run = new PartitionRun(lex, PARTITION, SIZE, TARGET, undefined);
  assert.equal(run.classes, info.classes);
  run.setRange(0, run.classes);
  const found = new Map();
  let inside = 0;
  let steps = 0;
  let p;
  do {
    // Every step settles at least a slice, so the run ends well within this bound.
    assert.ok(steps < 1_000_000, 'the partition run did not end');
    p = run.step(0);
    steps++;
    for (const f of p.found) found.set(f.board, f.score);
    if (p.current) {
      // A zero budget still makes progress, one slice at a time; a class left unfinished is
      // reported with its share of boards settled.
      assert.equal(p.done, false);
      assert.equal(p.current.id, p.next);
      assert.ok(p.current.boards_done < p.current.boards_total);
      if (p.current.boards_done > 0 || p.current.ms > 0) inside++;
    }
  } while (!p.done);
  assert.equal(p.next, info.classes);
  assert.equal(p.current, null);
  assert.ok(steps > info.classes, `${steps} steps for ${info.classes} classes`);
  assert.ok(inside > 0, 'some step returned inside a class');
  assert.ok(p.finished_ms <= p.busy_ms + 1e-6);
  const boards = [...found].map(([b, s]) => `${s} ${b}`).sort();
  const expect = cli();
  assert.equal(expect.boards.length, 368);
  assert.deepEqual(boards, expect.boards);
  // The statistics line, its counts grouped by commas: "N classes done in T s: F found, V classes visited, E eliminated, S split, B boards scored, ..."
  const line = expect.stats;
  const m = line.match(/([\d,]+) found, ([\d,]+) classes visited, ([\d,]+) eliminated, ([\d,]+) split, ([\d,]+) boards scored/);
  assert.ok(m, line);
  // The CLI's "found" counts distinct boards (canonical form, as the page lists them); the
  // engine's raw count also counts a board once per way a class holds it, so it is at least that.
  const s = p.stats;
  assert.deepEqual(
    [found.size, s.classes, s.eliminated, s.split, s.boards_scored],
    m.slice(1).map((n) => Number(n.replaceAll(',', ''))),
  );
  assert.ok(s.found >= found.size, `${s.found} raw finds for ${found.size} boards`);
  run.free();
});

test('breaker options: the page reads the engine’s defaults and limits; bad ones are refused with a message', () => {
  const d = defaults.break;
  assert.equal(typeof d.switch, 'number');
  assert.ok(d.memory_mb >= d.min_memory_mb);
  // The defaults the page shows are the engine's: given explicitly, they change nothing.
  const given = new PartitionRun(lex, PARTITION, SIZE, TARGET, { switch: d.switch, memory_mb: d.min_memory_mb });
  given.free();
  // Any subset may be given; the rest take the defaults.
  const run = new PartitionRun(lex, PARTITION, SIZE, TARGET, { switch: 0 });
  run.setRange(3, 5);
  let p;
  let steps = 0;
  do {
    assert.ok(steps++ < 10_000, 'two classes did not end');
    p = run.step(50);
  } while (!p.done);
  assert.equal(p.next, 5);
  run.free();
  // Refused options are named BadOption, so the page tells them apart without reading the text.
  assert.throws(() => new PartitionRun(lex, PARTITION, SIZE, TARGET, { memory_mb: d.min_memory_mb - 1 }), {
    name: 'BadOption',
    message: new RegExp(`at least ${d.min_memory_mb} MiB`),
  });
  assert.throws(() => new PartitionRun(lex, PARTITION, SIZE, TARGET, { switch: 'x' }), { name: 'BadOption', message: /bad option/ });
  // A target is refused outside 1 to the engine's greatest, with the range, live or by partition.
  for (const target of [0, d.max_target + 1]) {
    const rule = target ? /the target must be at most 999,999/ : /the target must be at least 1/;
    assert.throws(() => new PartitionRun(lex, PARTITION, SIZE, target, null), { message: rule });
    assert.throws(() => new BreakRun(lex, 'a b c d', '2x2', target), { message: rule });
  }
  assert.equal(d.max_target, 999_999);
  // Other refusals keep the plain name.
  assert.throws(() => new PartitionRun(lex, 'aeiou, aeiou', SIZE, TARGET, null), (e) => e instanceof Error && e.name === 'Error');
});

test('a search past the boards the page keeps stops with an error named TooManyBoards, live or by partition', () => {
  // Every cell of a 3x3 class takes the letters of "aeinrst": far more than 10,000 boards score 1.
  // Either way, the boards found before the stop are reported first (the page shows the best
  // of them): at least an eighth of the 10,000 kept once symmetric ones are folded.
  const live = new BreakRun(lex, 'aeinrst '.repeat(9).trim(), '3x3', 1);
  let reported = new Set();
  const stepped = () => {
    for (let i = 0; i < 100_000; i++) {
      const p = live.step(50);
      for (const b of p.found) reported.add(b.canonical);
      if (p.done) return;
    }
  };
  assert.throws(stepped, { name: 'TooManyBoards', message: /more than 10,000 boards reach the target 1: raise the target/ });
  assert.ok(reported.size >= 1250, `${reported.size} boards reported before the stop`);
  live.free();
  const run = new PartitionRun(lex, 'aeinrst', '3x3', 1, null);
  run.setRange(0, 1);
  reported = new Set();
  const partition = () => {
    for (let i = 0; i < 100_000; i++) {
      const p = run.step(50);
      for (const b of p.found) reported.add(b.board);
      if (p.done) return;
    }
  };
  assert.throws(partition, { name: 'TooManyBoards', message: /raise the target/ });
  assert.ok(reported.size >= 1250, `${reported.size} boards reported before the stop`);
  run.free();
});
