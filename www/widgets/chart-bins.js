// How finished runs' scores spread, at fixed memory however many runs there are: a count of
// run ends per bucket of x (boards scored, as chart-buckets.js lays them out: equal widths that
// double, or 1% wide on a log axis) and per bin of score (64 equal bins from 0 that double their
// width when a score outgrows them). Once thousands of runs share a pixel column their dots
// would pile up into a smear; these counts let the chart shade each cell by how many runs ended
// there, which shows where runs end (one level, two, a spread) at any length. No DOM here.
import { LOG_STEP } from './chart-buckets.js';

/** Score bins per x bucket. */
export const BINS = 64;

/** Run ends counted per x bucket and score bin, on a linear or a logarithmic x axis. */
export class ScoreBins {
  /**
   * @param {'linear' | 'log'} scale how x values fall into buckets
   * @param {number} [capacity] linear buckets (even); 1024 gives about one per pixel column or more
   */
  constructor(scale, capacity = 1024) {
    this.scale = scale;
    this.capacity = capacity;
    /** Counts, BINS per bucket. */
    this.counts = new Uint32Array(capacity * BINS);
    /** The width of one linear bucket in x. */
    this.width = 1;
    /** The width of one score bin. */
    this.binWidth = 1;
    /** One past the highest bucket holding a count. */
    this.used = 0;
    /** Scores counted. */
    this.total = 0;
  }

  /**
   * Counts a score `v` (>= 0) at `x` (>= 0).
   * @param {number} x
   * @param {number} v
   */
  add(x, v) {
    const value = Math.max(0, v);
    while (value >= this.binWidth * BINS) this.coarsenBins();
    let k;
    if (this.scale === 'log') {
      k = Math.floor(Math.log1p(Math.max(0, x)) / LOG_STEP);
      if (k >= this.capacity) this.grow(k + 1);
    } else {
      while (x >= this.width * this.capacity) this.coarsenBuckets();
      k = Math.floor(x / this.width);
    }
    this.counts[k * BINS + Math.floor(value / this.binWidth)]++;
    if (k >= this.used) this.used = k + 1;
    this.total++;
  }

  /**
   * The x where bucket `k` starts.
   * @param {number} k
   */
  start(k) {
    return this.scale === 'log' ? Math.expm1(k * LOG_STEP) : k * this.width;
  }

  /** Merges score bins in pairs and doubles their width, in every bucket. */
  coarsenBins() {
    const c = this.counts;
    for (let o = 0; o < this.used * BINS; o += BINS) {
      for (let j = 0; j < BINS / 2; j++) c[o + j] = c[o + 2 * j] + c[o + 2 * j + 1];
      c.fill(0, o + BINS / 2, o + BINS);
    }
    this.binWidth *= 2;
  }

  /** Merges linear buckets in pairs and doubles their width: twice the x range, same memory. */
  coarsenBuckets() {
    const c = this.counts;
    const half = this.capacity / 2;
    for (let j = 0; j < half; j++) {
      for (let b = 0; b < BINS; b++) c[j * BINS + b] = c[2 * j * BINS + b] + c[(2 * j + 1) * BINS + b];
    }
    c.fill(0, half * BINS);
    this.used = Math.ceil(this.used / 2);
    this.width *= 2;
  }

  /**
   * Makes room for `n` log buckets (about 230 a decade).
   * @param {number} n
   */
  grow(n) {
    this.capacity = Math.max(n, this.capacity * 2);
    const counts = new Uint32Array(this.capacity * BINS);
    counts.set(this.counts);
    this.counts = counts;
  }

  /**
   * The counts gathered into cells `cellWidth` pixel columns wide and `height` tall in score
   * (a power of two times the bins' width, so that every bin falls in one cell), `rows` of them
   * from 0 (scores above the last row count in it), over a plot `width` columns wide: each
   * bucket goes to the cell of `column(start of bucket)`, clamped to the plot.
   * @param {number} width pixel columns
   * @param {(x: number) => number} column pixel column of an x value
   * @param {number} cellWidth pixel columns per cell
   * @param {number} height score range of a cell
   * @param {number} rows cells per column
   * @returns {Cells}
   */
  cells(width, column, cellWidth, height, rows) {
    if (!(height >= this.binWidth)) throw new Error(`cells ${height} high are finer than bins ${this.binWidth} wide`);
    const cols = Math.ceil(width / cellWidth);
    const counts = new Float64Array(cols * rows);
    for (let k = 0; k < this.used; k++) {
      const o = k * BINS;
      const c = Math.floor(Math.min(width - 1, Math.max(0, Math.floor(column(this.start(k))))) / cellWidth);
      for (let b = 0; b < BINS; b++) {
        const n = this.counts[o + b];
        if (n) counts[c * rows + Math.min(rows - 1, Math.floor((b * this.binWidth) / height))] += n;
      }
    }
    return { cols, rows, cellWidth, height, counts };
  }
}

/**
 * Run ends per cell, column by column: `counts[c * rows + r]` ended in cell column `c` (pixel
 * columns `c * cellWidth` on) with a score in [r * height, (r + 1) * height).
 * @typedef {object} Cells
 * @property {number} cols cell columns
 * @property {number} rows cells per column
 * @property {number} cellWidth pixel columns per cell
 * @property {number} height the score range of one cell
 * @property {Float64Array} counts
 */

/**
 * Adds `b`'s counts into `a` (cells of the same plot, from the same cell size and score
 * height), so several workers' runs are shaded as one.
 * @param {Cells} a
 * @param {Cells} b
 * @returns {Cells} a
 */
export function addCells(a, b) {
  if (a.cols !== b.cols || a.rows !== b.rows || a.height !== b.height) throw new Error('cells of different shapes');
  for (let i = 0; i < a.counts.length; i++) a.counts[i] += b.counts[i];
  return a;
}

/**
 * How dark to shade each cell, 0 to 1: its count taken with its neighbours within `radius` cell
 * columns (a few hundred runs rather than the few dozen of one column, so the shading shows a
 * level, not noise), as a share of the darkest cell of that window's column, weighed down
 * where the window holds few runs (a lone run is a light mark, not a block). Each column thus
 * shows where its runs ended, in a crowded stretch of a log axis as in a sparse one.
 * @param {Cells} cells
 * @param {number} [radius] cell columns either side
 * @param {number} [enough] runs a window needs for full weight
 * @returns {Float64Array} one shade per cell, in the order of `counts`
 */
export function shades(cells, radius = 2, enough = 40) {
  const { cols, rows, counts } = cells;
  const out = new Float64Array(counts.length);
  const near = new Float64Array(rows);
  for (let c = 0; c < cols; c++) {
    near.fill(0);
    let here = 0;
    for (let r = 0; r < rows; r++) here += counts[c * rows + r];
    // Only columns where runs ended are shaded.
    if (!here) continue;
    let total = 0;
    for (let k = Math.max(0, c - radius); k <= Math.min(cols - 1, c + radius); k++) {
      for (let r = 0; r < rows; r++) near[r] += counts[k * rows + r];
    }
    let most = 0;
    for (let r = 0; r < rows; r++) {
      total += near[r];
      if (near[r] > most) most = near[r];
    }
    const weight = Math.min(1, Math.sqrt(total / enough));
    for (let r = 0; r < rows; r++) if (near[r]) out[c * rows + r] = weight * Math.sqrt(near[r] / most);
  }
  return out;
}
