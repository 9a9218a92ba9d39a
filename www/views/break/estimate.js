// The CPU time a whole partition will take, estimated from the classes finished so far: the
// ratio estimator (CPU per class = CPU spent / classes timed, times the partition's classes)
// with a 95% interval from the spread of the finished chunks around that ratio. A chunk (k
// classes that took t ms) is the sampling unit, not a class: its classes are neighbours, which
// cost alike, and the chunks are taken from all over the id range.
import { count, duration, seconds } from '../../lib/format.js';

/**
 * Running sums over the finished chunks: how many, and the sums of k, t, k^2, k t and t^2.
 * @typedef {{n: number, k: number, t: number, k2: number, kt: number, t2: number}} Spread
 */

/** @returns {Spread} */
export function emptySpread() {
  return { n: 0, k: 0, t: 0, k2: 0, kt: 0, t2: 0 };
}

/**
 * `spread` with one more finished chunk of `k` classes that took `t` ms.
 * @param {Spread} spread
 * @param {number} k
 * @param {number} t
 * @returns {Spread}
 */
export function addGroup(spread, k, t) {
  return {
    n: spread.n + 1,
    k: spread.k + k,
    t: spread.t + t,
    k2: spread.k2 + k * k,
    kt: spread.kt + k * t,
    t2: spread.t2 + t * t,
  };
}

/**
 * True when `s` is a Spread that sums could have made (saved state is user input).
 * @param {unknown} s
 * @returns {s is Spread}
 */
export function isSpread(s) {
  if (!s || typeof s !== 'object') return false;
  const r = /** @type {Record<string, unknown>} */ (s);
  const ok = (/** @type {unknown} */ v) => typeof v === 'number' && Number.isFinite(v) && v >= 0;
  return Number.isInteger(r.n) && ['n', 'k', 't', 'k2', 'kt', 't2'].every((f) => ok(r[f]));
}

/** The normal distribution's 97.5% point: a 95% interval is the estimate +- this many errors. */
const Z95 = 1.96;

/**
 * The whole partition's CPU time in ms, `{ms, lo, hi}` (lo and hi a 95% interval, lo never
 * below the CPU already spent), from `timed` of `total` classes that took `cpuMs`, and the
 * finished chunks summed in `spread`; null with fewer than two chunks.
 * @param {{total: number, timed: number, cpuMs: number, spread: Spread}} args
 * @returns {{ms: number, lo: number, hi: number} | null}
 */
export function estimateTotal({ total, timed, cpuMs, spread }) {
  const { n, k, k2, kt, t2 } = spread;
  if (n < 2 || timed <= 0 || k <= 0) return null;
  const per = cpuMs / timed;
  // Squared residuals of the chunks around the ratio, sum (t - per k)^2, expanded.
  const residuals = Math.max(0, t2 - 2 * per * kt + per * per * k2);
  const meanK = k / n;
  // The ratio's variance, with the finite-population correction for the classes left.
  const variance = (residuals / (n * (n - 1) * meanK * meanK)) * Math.max(0, 1 - timed / total);
  const ms = per * total;
  const half = Z95 * Math.sqrt(variance) * total;
  return { ms, lo: Math.max(cpuMs, ms - half), hi: ms + half };
}

/**
 * An estimated CPU time, rounded as an estimate deserves ("0.3 s", "40 s", "12 min",
 * "1 h 39 min", "1,480 h"), and the unit it is rounded to.
 * @param {number} ms
 * @returns {{text: string, unit: string}}
 */
function rounded(ms) {
  const min = Math.round(ms / 60e3);
  if (ms < 10_000) return { text: seconds(ms), unit: 'tenth of a second' };
  if (min < 2) return { text: duration(ms), unit: 'second' };
  if (min < 60) return { text: `${min} min`, unit: 'minute' };
  if (min < 600) return { text: `${Math.floor(min / 60)} h ${min % 60} min`, unit: 'minute' };
  return { text: `${count(Math.round(ms / 36e5))} h`, unit: 'hour' };
}

/**
 * True when an estimate has no spread left: every class is timed, so it is the CPU time spent.
 * @param {{lo: number, hi: number} | null} e
 */
export const isSpent = (e) => e !== null && e.hi <= e.lo;

/**
 * The whole partition's estimated CPU time with its 95% interval, or '…' before there is one.
 * The interval is written whenever it has width, so it does not come and go as the run goes on:
 * when both its ends round to the estimate's own text, it says the estimate holds to that unit
 * ("4 min (to the minute, 95% sure)"). Only an estimate with no spread left (every class timed) is
 * written alone: it is the CPU time spent.
 * @param {{ms: number, lo: number, hi: number} | null} e
 */
export function wholeCost(e) {
  if (e === null) return '…';
  const whole = rounded(e.ms);
  if (isSpent(e)) return whole.text;
  const [lo, hi] = [rounded(e.lo), rounded(e.hi)];
  return lo.text === hi.text ? `${whole.text} (to the ${whole.unit}, 95% sure)` : `${whole.text} (95%: ${lo.text} to ${hi.text})`;
}
