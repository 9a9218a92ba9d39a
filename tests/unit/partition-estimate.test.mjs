// The break view's whole-partition estimate against populations whose total is known: exact
// when every class costs the same, and a 95% interval that covers the true total in about 95%
// of random samples of a long-tailed population taken as the view takes them (runs of
// chunks of neighbouring classes).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { addGroup, emptySpread, estimateTotal, isSpread, wholeCost } from '../../www/views/break/estimate.js';
import { xorshift32 } from './rng.mjs';

/** The spread and sums of groups given as [k, t] pairs. */
function summed(groups) {
  let spread = emptySpread();
  let timed = 0;
  let cpuMs = 0;
  for (const [k, t] of groups) {
    spread = addGroup(spread, k, t);
    timed += k;
    cpuMs += t;
  }
  return { spread, timed, cpuMs };
}

test('classes that all cost the same give that cost times the classes, with no spread', () => {
  const e = estimateTotal({ total: 1000, ...summed([[3, 30], [1, 10], [16, 160], [5, 50]]) });
  assert.ok(e);
  assert.ok(Math.abs(e.ms - 10_000) < 1e-6);
  assert.ok(Math.abs(e.hi - e.ms) < 1e-6 && Math.abs(e.ms - e.lo) < 1e-6);
});

test('no estimate from fewer than two groups', () => {
  assert.equal(estimateTotal({ total: 10, ...summed([]) }), null);
  assert.equal(estimateTotal({ total: 10, ...summed([[4, 100]]) }), null);
});

test('the interval never goes below the CPU already spent, and closes when every class is timed', () => {
  const groups = [[1, 1], [1, 1000], [1, 1], [1, 2]];
  const early = estimateTotal({ total: 100, ...summed(groups) });
  assert.ok(early && early.lo >= 1004 && early.hi > early.ms);
  const all = estimateTotal({ total: 4, ...summed(groups) });
  assert.ok(all && Math.abs(all.ms - 1004) < 1e-9 && Math.abs(all.hi - 1004) < 1e-9);
});

test('the 95% interval covers the true total in about 95% of samples of a long-tailed population', () => {
  const rand = xorshift32(2024);
  // 20,000 classes in runs of similar cost (like neighbouring class ids), each a log-normal.
  const classes = [];
  while (classes.length < 20_000) {
    const level = Math.exp(3 * rand());
    for (let i = 0; i < 50; i++) classes.push(level * Math.exp(1.5 * (rand() + rand() + rand() - 1.5)));
  }
  const truth = classes.reduce((a, b) => a + b, 0);
  const chunk = 8;
  const chunks = classes.length / chunk;
  const trials = 400;
  let covered = 0;
  for (let trial = 0; trial < trials; trial++) {
    // 60 random chunks (the view's sampling units: a chunk's classes are neighbours).
    const groups = [];
    for (let c = 0; c < 60; c++) {
      const start = Math.floor(rand() * chunks) * chunk;
      groups.push([chunk, classes.slice(start, start + chunk).reduce((a, b) => a + b, 0)]);
    }
    const e = estimateTotal({ total: classes.length, ...summed(groups) });
    assert.ok(e && e.lo <= e.ms && e.ms <= e.hi);
    if (e.lo <= truth && truth <= e.hi) covered++;
  }
  console.log(`covered ${covered} of ${trials}`);
  assert.ok(covered / trials > 0.85 && covered / trials < 0.99, `covered ${covered} of ${trials}`);
});

test('saved sums are checked before use', () => {
  assert.ok(isSpread({ n: 2, k: 3, t: 30, k2: 5, kt: 50, t2: 500 }));
  for (const bad of [null, 3, 'x', {}, { n: 1.5, k: 0, t: 0, k2: 0, kt: 0, t2: 0 }, { n: 1, k: 0, t: 0, k2: -1, kt: 0, t2: 0 }, { n: 1, k: 0, t: 0, k2: 0, kt: Infinity, t2: 0 }, { n: 1, k: 0, t: 0, k2: 0, kt: 0 }]) {
    assert.equal(isSpread(bad), false, JSON.stringify(bad));
  }
});

test('the written estimate keeps its interval while it has width, and says when its ends round to the estimate', () => {
  assert.equal(wholeCost(null), '…');
  assert.equal(wholeCost({ ms: 180_000, lo: 120_000, hi: 300_000 }), '3 min (95%: 2 min to 5 min)');
  // Ends that round alike are said to agree with the estimate, in its unit, not dropped: the
  // interval would otherwise vanish and come back as chunks widen and narrow it.
  assert.equal(wholeCost({ ms: 180_000, lo: 175_000, hi: 185_000 }), '3 min (to the minute, 95% sure)');
  assert.equal(wholeCost({ ms: 40_000, lo: 39_800, hi: 40_300 }), '40 s (to the second, 95% sure)');
  // A few seconds in all, as a proof of small boards takes: tenths, not "0 s".
  assert.equal(wholeCost({ ms: 320, lo: 280, hi: 410 }), '0.3 s (95%: 0.3 s to 0.4 s)');
  assert.equal(wholeCost({ ms: 320, lo: 300, hi: 340 }), '0.3 s (to the tenth of a second, 95% sure)');
  assert.equal(wholeCost({ ms: 99 * 60e3, lo: 98.7 * 60e3, hi: 99.2 * 60e3 }), '1 h 39 min (to the minute, 95% sure)');
  assert.equal(wholeCost({ ms: 1480 * 36e5, lo: 1479.6 * 36e5, hi: 1480.3 * 36e5 }), '1,480 h (to the hour, 95% sure)');
  // No spread left (every class timed): the CPU time spent, alone, whichever way the ends fell.
  assert.equal(wholeCost({ ms: 180_000, lo: 180_000, hi: 180_000 }), '3 min');
  assert.equal(wholeCost({ ms: 180_000, lo: 180_000.000_1, hi: 180_000 }), '3 min');
});
