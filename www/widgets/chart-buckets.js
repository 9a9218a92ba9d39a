// The live chart's memory: every point of a series lands in a bucket of x values, and a bucket
// keeps, for each value the point carries, the first, last, smallest and largest value seen,
// and their sum (with the bucket's count of points, for a column's mean).
// Drawing one pixel column from its buckets' extremes shows exactly what the points did there
// (a spike, a dip, the running best), however many points came in, and the memory stays fixed:
// linear buckets double their width (merging pairs) when x outgrows them; logarithmic buckets
// are a fixed ratio wide, so there are a few thousand of them up to any board count.
// No DOM here: node tests feed it millions of points.

/** Offsets of the five figures a bucket keeps for each value. */
const FIRST = 0;
const LAST = 1;
const MIN = 2;
const MAX = 3;
const SUM = 4;
/** Figures a bucket keeps per channel. */
const SLOTS = 5;

/** Buckets of x values, each holding first/last/min/max/sum of `channels` values per point. */
class Buckets {
  /**
   * @param {number} channels values every point carries
   * @param {number} capacity buckets allocated at first
   */
  constructor(channels, capacity) {
    this.channels = channels;
    this.stride = channels * SLOTS;
    this.data = new Float64Array(capacity * this.stride);
    this.filled = new Uint8Array(capacity);
    /** Points in each bucket. */
    this.counts = new Float64Array(capacity);
    /** One past the highest bucket holding a point. */
    this.used = 0;
    /** Points added, over the series' life. */
    this.points = 0;
  }

  /**
   * Puts `values` into bucket `k`.
   * @param {number} k
   * @param {ArrayLike<number>} values one per channel
   */
  put(k, values) {
    const d = this.data;
    const o = k * this.stride;
    if (!this.filled[k]) {
      this.filled[k] = 1;
      if (k >= this.used) this.used = k + 1;
      for (let c = 0; c < this.channels; c++) {
        const v = values[c];
        d[o + c * SLOTS + FIRST] = v;
        d[o + c * SLOTS + LAST] = v;
        d[o + c * SLOTS + MIN] = v;
        d[o + c * SLOTS + MAX] = v;
        d[o + c * SLOTS + SUM] = v;
      }
    } else {
      for (let c = 0; c < this.channels; c++) {
        const v = values[c];
        const b = o + c * SLOTS;
        d[b + LAST] = v;
        if (v < d[b + MIN]) d[b + MIN] = v;
        if (v > d[b + MAX]) d[b + MAX] = v;
        d[b + SUM] += v;
      }
    }
    this.counts[k]++;
    this.points++;
  }

  /**
   * The x where bucket `k` starts.
   * @param {number} k
   * @returns {number}
   */
  start(k) {
    throw new Error(`start(${k}) is defined by each kind of bucket`);
  }

  /**
   * The extremes per pixel column of one channel: each filled bucket goes to the column
   * `column(start of bucket)` (rounded down, clamped to the chart), and the column keeps the
   * first, last, smallest and largest value of its buckets (NaN where it has none), the sum of
   * its values and how many there were (0 and 0 where it has none).
   * @param {number} channel
   * @param {number} width columns
   * @param {(x: number) => number} column pixel column of an x value
   * @returns {Columns}
   */
  columns(channel, width, column) {
    const out = {
      first: new Float64Array(width).fill(NaN),
      last: new Float64Array(width).fill(NaN),
      min: new Float64Array(width).fill(NaN),
      max: new Float64Array(width).fill(NaN),
      sum: new Float64Array(width),
      count: new Float64Array(width),
    };
    const d = this.data;
    for (let k = 0; k < this.used; k++) {
      if (!this.filled[k]) continue;
      const c = Math.min(width - 1, Math.max(0, Math.floor(column(this.start(k)))));
      const b = k * this.stride + channel * SLOTS;
      out.sum[c] += d[b + SUM];
      out.count[c] += this.counts[k];
      if (Number.isNaN(out.first[c])) {
        out.first[c] = d[b + FIRST];
        out.min[c] = d[b + MIN];
        out.max[c] = d[b + MAX];
      } else {
        if (d[b + MIN] < out.min[c]) out.min[c] = d[b + MIN];
        if (d[b + MAX] > out.max[c]) out.max[c] = d[b + MAX];
      }
      out.last[c] = d[b + LAST];
    }
    return out;
  }

  /**
   * The largest value of a channel over every point (NaN when empty).
   * @param {number} channel
   */
  max(channel) {
    return this.extreme(channel, MAX, (v, m) => v > m);
  }

  /**
   * The smallest value of a channel over every point (NaN when empty).
   * @param {number} channel
   */
  min(channel) {
    return this.extreme(channel, MIN, (v, m) => v < m);
  }

  /**
   * The value in slot `slot` (MIN or MAX) of every filled bucket that `beats` all the others.
   * @param {number} channel
   * @param {number} slot
   * @param {(v: number, m: number) => boolean} beats
   */
  extreme(channel, slot, beats) {
    let m = NaN;
    for (let k = 0; k < this.used; k++) {
      if (!this.filled[k]) continue;
      const v = this.data[k * this.stride + channel * SLOTS + slot];
      if (Number.isNaN(m) || beats(v, m)) m = v;
    }
    return m;
  }

  /**
   * The last value of a channel (NaN when empty).
   * @param {number} channel
   */
  last(channel) {
    for (let k = this.used - 1; k >= 0; k--) {
      if (this.filled[k]) return this.data[k * this.stride + channel * SLOTS + LAST];
    }
    return NaN;
  }
}

/**
 * @typedef {object} Columns
 * @property {Float64Array} first the first value in each pixel column (NaN: no point there)
 * @property {Float64Array} last the last value in each column
 * @property {Float64Array} min the smallest value in each column
 * @property {Float64Array} max the largest value in each column
 * @property {Float64Array} sum the sum of the values in each column (0: no point there)
 * @property {Float64Array} count how many values each column holds
 */

/** Buckets of equal width over [0, width x capacity); the width doubles as x grows. */
export class LinearBuckets extends Buckets {
  /**
   * @param {number} channels values every point carries
   * @param {number} [capacity] buckets (even); 4096 gives two or more per pixel column
   */
  constructor(channels, capacity = 4096) {
    super(channels, capacity);
    this.capacity = capacity;
    /** The width of one bucket in x. */
    this.width = 1;
  }

  /**
   * Adds a point at `x` (>= 0).
   * @param {number} x
   * @param {ArrayLike<number>} values
   */
  add(x, values) {
    while (x >= this.width * this.capacity) this.coarsen();
    this.put(Math.floor(x / this.width), values);
  }

  /** @param {number} k */
  start(k) {
    return k * this.width;
  }

  /** The bucket a point at `x` is in now. @param {number} x */
  bucketOf(x) {
    return Math.floor(x / this.width);
  }

  /** Merges buckets in pairs and doubles their width: same x range twice over, same memory. */
  coarsen() {
    const d = this.data;
    const s = this.stride;
    const half = this.capacity / 2;
    for (let j = 0; j < half; j++) {
      const a = 2 * j;
      const b = a + 1;
      const fa = this.filled[a];
      const fb = this.filled[b];
      const o = j * s;
      if (fa) d.copyWithin(o, a * s, a * s + s);
      else if (fb) d.copyWithin(o, b * s, b * s + s);
      if (fa && fb) {
        for (let c = 0; c < this.channels; c++) {
          const t = o + c * SLOTS;
          const u = b * s + c * SLOTS;
          d[t + LAST] = d[u + LAST];
          if (d[u + MIN] < d[t + MIN]) d[t + MIN] = d[u + MIN];
          if (d[u + MAX] > d[t + MAX]) d[t + MAX] = d[u + MAX];
          d[t + SUM] += d[u + SUM];
        }
      }
      this.filled[j] = fa | fb;
      this.counts[j] = this.counts[a] + this.counts[b];
    }
    this.filled.fill(0, half);
    this.counts.fill(0, half);
    this.used = Math.ceil(this.used / 2);
    this.width *= 2;
  }
}

/** log(ratio) of consecutive logarithmic buckets: 1% apart, about 230 buckets a decade. */
export const LOG_STEP = Math.log(1.01);

/** Buckets 1% wide in 1 + x, for a logarithmic axis: fine at the start, coarse in the long run. */
export class LogBuckets extends Buckets {
  /** @param {number} channels values every point carries */
  constructor(channels) {
    super(channels, 1024);
  }

  /**
   * Adds a point at `x` (>= 0).
   * @param {number} x
   * @param {ArrayLike<number>} values
   */
  add(x, values) {
    const k = this.bucketOf(x);
    if (k >= this.filled.length) this.grow(k + 1);
    this.put(k, values);
  }

  /** The bucket a point at `x` is in. @param {number} x */
  bucketOf(x) {
    return Math.floor(Math.log1p(Math.max(0, x)) / LOG_STEP);
  }

  /** @param {number} k */
  start(k) {
    return Math.expm1(k * LOG_STEP);
  }

  /** Makes room for `n` buckets (at most about 3,700 up to 2^53). @param {number} n */
  grow(n) {
    const cap = Math.max(n, this.filled.length * 2);
    const data = new Float64Array(cap * this.stride);
    data.set(this.data);
    const filled = new Uint8Array(cap);
    filled.set(this.filled);
    const counts = new Float64Array(cap);
    counts.set(this.counts);
    this.data = data;
    this.filled = filled;
    this.counts = counts;
  }
}
