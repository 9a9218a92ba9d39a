// What the search view's charts plot, per worker, at fixed memory however long the search
// runs: the whole search against boards scored (linear and logarithmic buckets, see
// chart-buckets.js) with each finished run's best (also counted per score bin, chart-bins.js)
// and averages where it ended, and the current
// run against proposals within the run. Fed with the
// worker's progress reports and their samples; no DOM.
import { ScoreBins } from './chart-bins.js';
import { LinearBuckets, LogBuckets } from './chart-buckets.js';

/** The values each point of the whole search carries, in bucket channel order. */
export const CH = { current: 0, best: 1, temperature: 2, acceptance: 3 };
/** The values each point of the current run carries. */
export const RUN_CH = { current: 0, temperature: 1 };
/** The values each finished run's averages carry. */
export const MEAN_CH = { temperature: 0, acceptance: 1 };

/**
 * One chart point as the engine reports it (`samples` of a search step, see
 * src/wasm/optimize.rs); `run` and `step` say where in which run the point lies.
 * @typedef {object} SamplePoint
 * @property {number} boards boards the worker has scored
 * @property {number} current score of its current board
 * @property {number} best best score so far
 * @property {number} [temperature] annealing's temperature
 * @property {number} [acceptance] annealing's share of the last proposals accepted
 * @property {number} [run] the run the point belongs to
 * @property {number} [step] proposals taken in that run
 * @property {number} [run_best] the best score of that run so far
 * @property {number} [last_run_best] the best score of the run before it (exact; 0 in the first)
 */

/** One worker's series. */
export class WorkerSeries {
  constructor() {
    this.linear = new LinearBuckets(4);
    this.log = new LogBuckets(4);
    /** The run `run` holds (null before the first point that names one). */
    this.runId = /** @type {number | null} */ (null);
    this.run = new LinearBuckets(2, 2048);
    /** The last point, for the text summary. */
    this.latest = /** @type {SamplePoint | null} */ (null);
    /** The first point, where a logarithmic axis starts. */
    this.first = /** @type {SamplePoint | null} */ (null);
    this.pt = new Float64Array(4);
    this.runPt = new Float64Array(2);
    /** Each finished run's best score, at the boards where the run ended. */
    this.endsLinear = new LinearBuckets(1);
    this.endsLog = new LogBuckets(1);
    /** The same, counted per score bin (chart-bins.js): what a crowded chart shades. */
    this.endBinsLinear = new ScoreBins('linear');
    this.endBinsLog = new ScoreBins('log');
    /**
     * Each finished run's average temperature and share accepted over its points (which are
     * evenly spaced in boards scored), where the run ended; what a long annealing search's
     * lower panel draws once runs are too narrow to follow.
     */
    this.meansLinear = new LinearBuckets(2);
    this.meansLog = new LogBuckets(2);
    /** The sums of the run in progress: temperature, share accepted, points. */
    this.runSums = new Float64Array(3);
    this.meanPt = new Float64Array(2);
    /** Runs finished so far. */
    this.ended = 0;
    /** The run of the last point that named one, its best so far and where it stood. */
    this.lastRun = /** @type {number | null} */ (null);
    this.lastRunBest = 0;
    this.lastBoards = 0;
    /** True once the search has finished, its last run with it. */
    this.finished = false;
  }

  /** Counts the last run as finished when the whole search has (once). */
  finish() {
    if (this.finished || this.lastRun == null) return;
    this.finished = true;
    this.end(this.lastRunBest);
  }

  /**
   * Notes that the last point's run ended with `best`.
   * @param {number} best
   */
  end(best) {
    this.endsLinear.add(this.lastBoards, [best]);
    this.endsLog.add(this.lastBoards, [best]);
    this.endBinsLinear.add(this.lastBoards, best);
    this.endBinsLog.add(this.lastBoards, best);
    const [t, a, n] = this.runSums;
    if (n) {
      this.meanPt[MEAN_CH.temperature] = t / n;
      this.meanPt[MEAN_CH.acceptance] = a / n;
      this.meansLinear.add(this.lastBoards, this.meanPt);
      this.meansLog.add(this.lastBoards, this.meanPt);
    }
    this.runSums.fill(0);
    this.ended++;
  }

  /**
   * Notes where the run of the last point ended, once a point of a later run arrives: its exact
   * best when the point names it (`last_run_best`), else the best its points showed.
   * @param {SamplePoint} s
   */
  track(s) {
    if (s.run == null) return;
    if (this.lastRun != null && s.run > this.lastRun) {
      this.end(s.run === this.lastRun + 1 && s.last_run_best != null ? s.last_run_best : this.lastRunBest);
      this.lastRunBest = 0;
    }
    this.lastRun = s.run;
    this.lastRunBest = Math.max(this.lastRunBest, s.run_best ?? s.current);
    this.lastBoards = s.boards;
  }

  /** @param {SamplePoint} s */
  add(s) {
    const pt = this.pt;
    pt[CH.current] = s.current;
    pt[CH.best] = s.best;
    pt[CH.temperature] = s.temperature ?? 0;
    pt[CH.acceptance] = s.acceptance ?? 0;
    this.linear.add(s.boards, pt);
    this.log.add(s.boards, pt);
    // The point counts towards its run's averages once the run before has ended (track).
    this.track(s);
    if (s.run != null) {
      this.runSums[0] += pt[CH.temperature];
      this.runSums[1] += pt[CH.acceptance];
      this.runSums[2]++;
    }
    if (s.run != null && s.step != null) {
      if (s.run !== this.runId) {
        this.runId = s.run;
        this.run = new LinearBuckets(2, 2048);
      }
      this.runPt[RUN_CH.current] = s.current;
      this.runPt[RUN_CH.temperature] = s.temperature ?? 0;
      this.run.add(s.step, this.runPt);
    }
    this.latest = s;
    this.first ??= s;
  }
}

/** Every worker's series of one search. */
export class SearchSeries {
  constructor() {
    /** @type {WorkerSeries[]} */
    this.workers = [];
    /** Bumped on every change, so charts redraw only when something is new. */
    this.version = 0;
  }

  /** Forgets every point (a new search). */
  reset() {
    this.workers = [];
    this.version++;
  }

  /**
   * Adds a progress report of worker `i`: its detailed `samples`, then the report's own figures.
   * @param {number} i
   * @param {{samples?: SamplePoint[], done?: boolean, boards: number, current_score: number, best_score: number, temperature?: number | null, acceptance?: number | null, run?: number, step?: number}} p
   */
  add(i, p) {
    const w = (this.workers[i] ??= new WorkerSeries());
    for (const s of p.samples ?? []) w.add(s);
    // The report's own figures come last, for a report that brings no samples.
    const last = w.latest;
    if (!last || last.boards !== p.boards || last.best !== p.best_score || last.current !== p.current_score) {
      w.add({
        boards: p.boards,
        current: p.current_score,
        best: p.best_score,
        temperature: p.temperature ?? 0,
        acceptance: p.acceptance ?? 0,
        run: p.run,
        step: p.step,
      });
    }
    if (p.done) w.finish();
    this.version++;
  }

  /**
   * The lowest and highest temperature of any worker's points so far, `[min, max]` (`[NaN, NaN]`
   * before any): both charts scale their temperature axis to it, so they agree, and the current
   * run's chart does not rescale each time a run starts hot.
   * @returns {[number, number]}
   */
  temperatureRange() {
    let min = NaN;
    let max = NaN;
    for (const w of this.workers) {
      if (!w) continue;
      const lo = w.linear.min(CH.temperature);
      const hi = w.linear.max(CH.temperature);
      if (!(lo >= min)) min = lo;
      if (!(hi <= max)) max = hi;
    }
    return [min, max];
  }

  /** The largest board count of any worker. */
  maxBoards() {
    let m = 0;
    for (const w of this.workers) if (w?.latest) m = Math.max(m, w.latest.boards);
    return m;
  }

  /** The smallest board count of any worker's first point (0 before any point). */
  minBoards() {
    let m = Infinity;
    for (const w of this.workers) if (w?.first) m = Math.min(m, w.first.boards);
    return Number.isFinite(m) ? m : 0;
  }
}
