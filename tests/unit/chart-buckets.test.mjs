// The live chart's buckets against the points they summarise: ten million points of a search
// that climbs, falls back and restarts, and per pixel column the drawn envelope must equal the
// true one (the running best exactly, the current score's extremes exactly).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { LinearBuckets, LogBuckets } from '../../www/widgets/chart-buckets.js';
import { xorshift32 } from './rng.mjs';

const POINTS = 10_000_000;

/** A seeded series like an annealing run's: current wanders and restarts, best is its running max. */
function series(n, seed) {
  const rand = xorshift32(seed);
  const current = new Int32Array(n);
  const best = new Int32Array(n);
  let c = 0;
  let b = 0;
  for (let i = 0; i < n; i++) {
    if (rand() < 1e-5) c = Math.floor(rand() * 200); // a restart
    c = Math.max(0, c + Math.floor(rand() * 21) - 10 + (rand() < 0.001 ? 300 : 0));
    b = Math.max(b, c);
    current[i] = c;
    best[i] = b;
  }
  return { current, best };
}

/** The envelope of channel values per column straight from the points. */
function expected(n, values, col, width) {
  const min = new Float64Array(width).fill(NaN);
  const max = new Float64Array(width).fill(NaN);
  for (let i = 0; i < n; i++) {
    const c = col(i);
    const v = values[i];
    if (!(v >= min[c])) min[c] = v;
    if (!(v <= max[c])) max[c] = v;
  }
  return { min, max };
}

test('linear buckets keep the exact envelope of ten million points at every pixel column', () => {
  const { current, best } = series(POINTS, 7);
  const b = new LinearBuckets(2);
  const bytes = b.data.byteLength;
  const pt = new Float64Array(2);
  for (let i = 0; i < POINTS; i++) {
    pt[0] = current[i];
    pt[1] = best[i];
    b.add(i, pt);
  }
  assert.equal(b.points, POINTS);
  assert.equal(b.data.byteLength, bytes, 'memory stays what it was for the first point');
  for (const width of [1000, 333, 1280]) {
    const xMax = POINTS;
    const column = (x) => (x / xMax) * width;
    const col = (i) => Math.min(width - 1, Math.floor(column(b.start(b.bucketOf(i)))));
    const drawnBest = b.columns(1, width, column);
    const drawnCurrent = b.columns(0, width, column);
    const want = expected(POINTS, best, col, width);
    const wantCurrent = expected(POINTS, current, col, width);
    let lastIndex = new Int32Array(width).fill(-1);
    for (let i = 0; i < POINTS; i++) lastIndex[col(i)] = i;
    let filled = 0;
    for (let c = 0; c < width; c++) {
      if (Number.isNaN(want.max[c])) {
        assert.ok(Number.isNaN(drawnBest.max[c]), `column ${c} holds no point`);
        continue;
      }
      filled++;
      assert.equal(drawnBest.max[c], want.max[c], `best, column ${c} of ${width}`);
      assert.equal(drawnBest.min[c], want.min[c], `best's low end, column ${c} of ${width}`);
      // The drawn best at a column's end is the true running best there.
      assert.equal(drawnBest.last[c], best[lastIndex[c]], `running best at column ${c}`);
      assert.equal(drawnCurrent.min[c], wantCurrent.min[c], `current min, column ${c}`);
      assert.equal(drawnCurrent.max[c], wantCurrent.max[c], `current max, column ${c}`);
    }
    // Buckets are finer than pixels: every column gets points.
    assert.equal(filled, width);
  }
  assert.equal(b.max(1), best[POINTS - 1]);
  assert.equal(b.min(0), current.reduce((m, v) => Math.min(m, v)));
  assert.equal(b.min(1), best[0]);
  assert.equal(b.last(0), current[POINTS - 1]);
});

test('logarithmic buckets keep the exact envelope on a log axis, and stay few', () => {
  const n = 2_000_000;
  const { current, best } = series(n, 11);
  const b = new LogBuckets(2);
  const pt = new Float64Array(2);
  for (let i = 0; i < n; i++) {
    pt[0] = current[i];
    pt[1] = best[i];
    b.add(i, pt);
  }
  assert.ok(b.filled.length <= 2048, `${b.filled.length} buckets for two million points`);
  const width = 800;
  const top = Math.log10(1 + n);
  const column = (x) => (Math.log10(1 + x) / top) * width;
  const col = (i) => Math.min(width - 1, Math.max(0, Math.floor(column(b.start(b.bucketOf(i))))));
  const drawn = b.columns(1, width, column);
  const drawnCurrent = b.columns(0, width, column);
  const want = expected(n, best, col, width);
  const wantCurrent = expected(n, current, col, width);
  for (let c = 0; c < width; c++) {
    if (Number.isNaN(want.max[c])) continue;
    assert.equal(drawn.max[c], want.max[c], `best, column ${c}`);
    assert.equal(drawnCurrent.min[c], wantCurrent.min[c], `current min, column ${c}`);
    assert.equal(drawnCurrent.max[c], wantCurrent.max[c], `current max, column ${c}`);
  }
});

test('a bucket merge keeps first and last in order and skips empty buckets', () => {
  const b = new LinearBuckets(1, 4);
  b.add(0, [5]);
  b.add(3, [1]);
  b.add(3, [9]);
  b.add(9, [2]); // width 1 -> 4: buckets [0,4) [4,8) [8,12)
  assert.equal(b.width, 4);
  const cols = b.columns(0, 4, (x) => x / 4);
  assert.deepEqual([...cols.first.slice(0, 3)], [5, NaN, 2]);
  assert.deepEqual([...cols.last.slice(0, 3)], [9, NaN, 2]);
  assert.deepEqual([...cols.min.slice(0, 3)], [1, NaN, 2]);
  assert.deepEqual([...cols.max.slice(0, 3)], [9, NaN, 2]);
});

test('each column sums its values and counts them, through merges, so a column has a mean', () => {
  const rand = xorshift32(5);
  const b = new LinearBuckets(1, 8);
  const n = 5000;
  const xs = [];
  const vs = [];
  for (let i = 0; i < n; i++) {
    xs.push(Math.floor(rand() * 10_000));
    vs.push(Math.floor(rand() * 100));
    b.add(xs[i], [vs[i]]);
  }
  // 8 buckets over 10,000 boards: they doubled to 2,048 wide; one column per bucket.
  assert.equal(b.width, 2048);
  const cols = b.columns(0, 8, (x) => x / 2048);
  const sum = new Float64Array(8);
  const count = new Float64Array(8);
  for (let i = 0; i < n; i++) {
    sum[Math.floor(xs[i] / 2048)] += vs[i];
    count[Math.floor(xs[i] / 2048)]++;
  }
  assert.deepEqual([...cols.sum], [...sum]);
  assert.deepEqual([...cols.count], [...count]);
  assert.equal(count.reduce((a, c) => a + c), n);
});
