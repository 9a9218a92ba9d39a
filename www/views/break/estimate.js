// The CPU time a whole partition will take, as the page writes it. The engine prices it
// (`priceRun`: the CPU per class of the finished chunks times the partition's classes, with the
// studentized-bootstrap 95% interval that `boggle break --sample` uses, a chunk of neighbouring
// classes being one unit); this module keeps the chunks' times that it prices and words the answer.
import { count, duration, seconds } from '../../lib/format.js';

/**
 * The finished chunks' times, each `[classes, ms]`, in the order they finished.
 * @typedef {[number, number][]} Runs
 */

/**
 * True when `runs` are chunk times a run of chunks of at most `chunk` classes could have kept,
 * at most `chunks` of them (saved state is user input).
 * @param {unknown} runs
 * @param {number} chunk
 * @param {number} chunks
 * @returns {runs is Runs}
 */
export function isRuns(runs, chunk, chunks) {
  if (!Array.isArray(runs) || runs.length > chunks) return false;
  return runs.every(
    (r) =>
      Array.isArray(r) &&
      r.length === 2 &&
      Number.isInteger(r[0]) &&
      r[0] >= 1 &&
      r[0] <= chunk &&
      typeof r[1] === 'number' &&
      Number.isFinite(r[1]) &&
      r[1] >= 0,
  );
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
  // Spent, it is a measure, written as the CPU time summed over workers is.
  if (isSpent(e)) return seconds(e.ms);
  const whole = rounded(e.ms);
  const [lo, hi] = [rounded(e.lo), rounded(e.hi)];
  return lo.text === hi.text ? `${whole.text} (to the ${whole.unit}, 95% sure)` : `${whole.text} (95%: ${lo.text} to ${hi.text})`;
}
