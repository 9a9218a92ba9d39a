// The break view's whole-partition estimate as the page keeps and words it: the chunk times it
// saves are checked before use, and the engine's price is written with its interval. (The price
// itself, and how often its interval holds the truth, is tested with the engine.)
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isRuns, wholeCost } from '../../www/views/break/estimate.js';
import { seconds } from '../../www/lib/format.js';

test('saved chunk times are checked before use', () => {
  assert.ok(isRuns([], 5, 10));
  assert.ok(isRuns([[5, 30.5], [1, 0], [3, 12]], 5, 10));
  const bad = [null, 3, 'x', {}, [[0, 1]], [[6, 1]], [[1.5, 1]], [[1, -1]], [[1, Infinity]], [[1, '2']], [[1]], [[1, 2, 3]], [null], Array(11).fill([1, 1])];
  for (const runs of bad) assert.equal(isRuns(runs, 5, 10), false, JSON.stringify(runs));
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
  // No spread left (every class timed): the CPU time spent, alone, whichever way the ends fell,
  // written as the CPU time summed over the workers beside it is (format.js `seconds`), not
  // rounded to a unit as an estimate is.
  assert.equal(wholeCost({ ms: 318_000, lo: 318_000, hi: 318_000 }), seconds(318_000));
  assert.equal(wholeCost({ ms: 318_000, lo: 318_000, hi: 318_000 }), '5 min 18 s');
  assert.equal(wholeCost({ ms: 180_000, lo: 180_000.000_1, hi: 180_000 }), seconds(180_000));
});
