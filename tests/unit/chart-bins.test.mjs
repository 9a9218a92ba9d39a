// What a crowded search chart draws instead of thousands of runs' own lines and dots: run ends
// counted per x bucket and score bin (exactly, through every merge of buckets and of bins),
// shades that show where runs ended without turning one stray run into a block, means over a
// few columns, and drawing whose cost does not grow with the number of runs.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { BINS, ScoreBins, addCells, shades } from '../../www/widgets/chart-bins.js';
import { shadeCells, windowMeans } from '../../www/widgets/chart-crowd.js';
import { xorshift32 } from './rng.mjs';

/** `n` run ends of a long search: x climbing with gaps, scores around two levels and a few outliers. */
function runEnds(n, seed) {
  const rand = xorshift32(seed);
  const ends = [];
  let x = 0;
  for (let i = 0; i < n; i++) {
    x += 500 + Math.floor(rand() * 5000);
    const v = rand() < 0.02 ? Math.floor(rand() * 4000) : (rand() < 0.6 ? 3400 : 2000) + Math.floor(rand() * 200);
    ends.push([x, v]);
  }
  return ends;
}

/** The cells each end falls in, straight from the ends and the final bucket and bin widths. */
function expectedCells(bins, ends, width, column, cellWidth, height, rows) {
  const cols = Math.ceil(width / cellWidth);
  const counts = new Float64Array(cols * rows);
  for (const [x, v] of ends) {
    const k = bins.scale === 'log' ? Math.floor(Math.log1p(x) / Math.log(1.01)) : Math.floor(x / bins.width);
    const c = Math.floor(Math.min(width - 1, Math.max(0, Math.floor(column(bins.start(k))))) / cellWidth);
    const bin = Math.floor(v / bins.binWidth);
    counts[c * rows + Math.min(rows - 1, Math.floor((bin * bins.binWidth) / height))]++;
  }
  return counts;
}

for (const scale of /** @type {const} */ (['linear', 'log'])) {
  test(`${scale} score bins count every run end in its cell, through merges of buckets and bins`, () => {
    const ends = runEnds(200_000, scale === 'log' ? 3 : 4);
    const bins = new ScoreBins(scale);
    // Small scores first, so the bins double as the scores grow.
    bins.add(0, 10);
    for (const [x, v] of ends) bins.add(x, v);
    ends.push([0, 10]);
    assert.equal(bins.total, ends.length);
    // 4,000 outgrows 64 bins of 1 to 32: six doublings, bins 64 wide.
    assert.equal(bins.binWidth, 64);
    if (scale === 'linear') assert.ok(bins.width > 1 && bins.counts.length === 1024 * BINS, `${bins.width}`);
    else assert.ok(bins.capacity <= 2048, `${bins.capacity} log buckets`);
    const maxX = ends.reduce((m, [x]) => Math.max(m, x), 0);
    const width = 700;
    const column = scale === 'log' ? (x) => (Math.log10(1 + x) / Math.log10(1 + maxX)) * width : (x) => (x / maxX) * width;
    for (const [height, rows] of [[64, 64], [128, 32], [256, 16]]) {
      const cells = bins.cells(width, column, 3, height, rows);
      assert.deepEqual([...cells.counts], [...expectedCells(bins, ends, width, column, 3, height, rows)], `cells ${height} high`);
      assert.equal(cells.counts.reduce((a, n) => a + n), ends.length);
    }
    // Cells finer than the bins cannot be told apart.
    assert.throws(() => bins.cells(width, column, 3, 32, 128));
  });
}

test('workers’ cells add up; cells of different shapes do not', () => {
  const a = new ScoreBins('linear');
  const b = new ScoreBins('linear');
  a.add(10, 100);
  b.add(10, 100);
  b.add(990, 3000);
  const column = (x) => x / 10;
  const sum = addCells(a.cells(100, column, 2, 64, 64), b.cells(100, column, 2, 64, 64));
  assert.equal(sum.counts[0 * 64 + 1], 2);
  assert.equal(sum.counts[49 * 64 + 46], 1);
  assert.equal(sum.counts.reduce((x, n) => x + n), 3);
  assert.throws(() => addCells(a.cells(100, column, 2, 64, 64), b.cells(100, column, 2, 128, 32)));
});

test('shading shows where runs ended: the common level darkest, a lone run light, empty columns bare', () => {
  const rows = 10;
  const cols = 20;
  const counts = new Float64Array(cols * rows);
  // Columns 0-9: 30 runs each, 25 at row 7 and 5 at row 3; column 15: one stray run at row 1.
  for (let c = 0; c < 10; c++) {
    counts[c * rows + 7] = 25;
    counts[c * rows + 3] = 5;
  }
  counts[15 * rows + 1] = 1;
  const s = shades({ cols, rows, cellWidth: 3, height: 100, counts });
  for (let c = 0; c < 10; c++) {
    assert.equal(s[c * rows + 7], 1, `column ${c}: most runs ended here`);
    assert.ok(s[c * rows + 3] > 0.3 && s[c * rows + 3] < 0.6, `column ${c}: a fifth as many: ${s[c * rows + 3]}`);
    assert.equal(s[c * rows + 5], 0);
  }
  // Column 11 is next to runs but holds none: not shaded.
  for (let r = 0; r < rows; r++) assert.equal(s[11 * rows + r], 0);
  // A lone run, with no runs near it, is a faint mark rather than a full block.
  assert.ok(s[15 * rows + 1] > 0 && s[15 * rows + 1] < 0.25, String(s[15 * rows + 1]));
});

test('shading costs a few fills however many runs there are', () => {
  const rows = 64;
  const cols = 300;
  const counts = new Float64Array(cols * rows);
  const rand = xorshift32(9);
  for (let i = 0; i < counts.length; i++) counts[i] = rand() < 0.5 ? Math.floor(rand() * 1000) : 0;
  const cells = { cols, rows, cellWidth: 3, height: 64, counts };
  const calls = { rect: 0, fill: 0 };
  const g = /** @type {any} */ ({ globalAlpha: 1, beginPath() {}, rect: () => calls.rect++, fill: () => calls.fill++ });
  const shade = shades(cells);
  shadeCells(g, cells, shade, 0, (v) => 200 - v / 20, 0.55, 6);
  assert.ok(calls.fill <= 6, `${calls.fill} fills`);
  // One rectangle per shaded cell, at most one per cell of the plot.
  assert.equal(calls.rect, shade.filter((s) => s > 0).length);
  assert.ok(calls.rect <= cols * rows);
  assert.equal(g.globalAlpha, 1);
});

test('a mean over a few columns is their sum over their count, and only where a column holds values', () => {
  const rand = xorshift32(2);
  const n = 200;
  const sum = new Float64Array(n);
  const count = new Float64Array(n);
  for (let c = 0; c < n; c++) {
    if (rand() < 0.3) continue;
    count[c] = 1 + Math.floor(rand() * 5);
    sum[c] = count[c] * rand();
  }
  const nan = new Float64Array(n).fill(NaN);
  const means = windowMeans({ first: nan, last: nan, min: nan, max: nan, sum, count }, 4);
  for (let c = 0; c < n; c++) {
    if (!count[c]) {
      assert.ok(Number.isNaN(means[c]), `column ${c} holds no value`);
      continue;
    }
    let s = 0;
    let k = 0;
    for (let j = Math.max(0, c - 4); j <= Math.min(n - 1, c + 4); j++) {
      s += sum[j];
      k += count[j];
    }
    assert.ok(Math.abs(means[c] - s / k) < 1e-9, `column ${c}`);
  }
});
