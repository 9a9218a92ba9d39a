// One search on a pool of engine workers, one per core asked for: worker i runs the optimizer
// with the settings' seed + i (params.js), so a link reproduces the run. The run keeps each
// worker's last report, merges their best boards as the reports arrive (the first worker to
// report a score keeps the credit for it), pauses, resumes and stops the workers together, stops
// them once one reaches the target, and times itself without its pauses. It draws nothing: the
// view (index.js) paints what it holds as it says what changed.
import { Engine } from '../../engine.js';
import { shapeOf } from '../../lib/format.js';
import { bestAfter } from './figures.js';
import { engineOptions } from './params.js';

/**
 * One worker's share of a run.
 * @typedef {object} SearchWorker
 * @property {number} index from 0
 * @property {number} seed the seed it runs
 * @property {import('./figures.js').Report | null} progress its last report (none yet: null)
 * @property {number} foundAt when its best board was first reported (ms since the epoch)
 * @property {boolean} done its job has answered (finished, stopped or failed)
 * @property {boolean} failed its job failed
 */

/**
 * Where a run is: `running` and `paused` while its workers have it; then how it ended:
 * `stopped` (Stop), `reached` (a worker reached the target), `done` (every run ended),
 * `failed` (every worker failed) or `left` (the view went away).
 * @typedef {'running' | 'paused' | 'stopped' | 'reached' | 'done' | 'failed' | 'left'} RunState
 */

/**
 * Whether `state` is a run still in the workers' hands.
 * @param {string} state
 */
export const isRunning = (state) => state === 'running' || state === 'paused';

/**
 * The view's engine clients: its own (the first, which it keeps) and one more for each further
 * worker a run asks for, kept from run to run and ended with the view.
 */
export class EnginePool {
  /** @param {Engine} first the view's engine client */
  constructor(first) {
    /** @type {Engine[]} */
    this.engines = [first];
  }

  /**
   * The first `n` engines, started as needed.
   * @param {number} n
   */
  take(n) {
    while (this.engines.length < n) this.engines.push(new Engine());
    return this.engines.slice(0, n);
  }

  /** Ends every engine but the view's own. */
  close() {
    for (const e of this.engines.slice(1)) e.terminate();
    this.engines.length = 1;
  }
}

/** A search running on the pool's workers, from Start to its end. */
export class SearchRun {
  /**
   * Starts `settings` (the form's: `workers`, `size`, `wordlist`, `opt`, `target`, …) on the
   * pool's first `settings.workers` engines. The callbacks run only while the run is attached
   * (see `detach`), never from within the constructor.
   * @param {object} o
   * @param {EnginePool} o.pool
   * @param {Record<string, any>} o.settings
   * @param {(w: SearchWorker, p: import('./figures.js').Report, finishedRun: boolean) => void} o.onProgress
   *   worker `w` reported `p` (`finishedRun`: one of its runs has finished since its last report)
   * @param {(w: SearchWorker, e: Error & {param?: string}) => void} o.onError worker `w` failed
   *   (while the run had not been stopped)
   * @param {(state: RunState) => void} o.onState the run's state changed
   * @param {() => void} o.onHeld every worker has acknowledged a pause: no step runs until resumed
   * @param {() => void} o.onSettled every job has answered: nothing more will arrive
   */
  constructor({ pool, settings, onProgress, onError, onState, onHeld, onSettled }) {
    this.settings = settings;
    const [rows, cols] = shapeOf(settings.size);
    /** The boards' shape. */
    this.rows = rows;
    this.cols = cols;
    this.on = { progress: onProgress, error: onError, state: onState, held: onHeld };
    /** @type {RunState} */
    this.state = 'running';
    this.attached = true;
    this.started = performance.now();
    this.pausedFor = 0;
    this.pausedAt = 0;
    /** @type {number | null} when the run ended (performance.now()) */
    this.ended = null;
    /** @type {{p: import('./figures.js').Report, w: SearchWorker} | null} the best report over every worker */
    this.best = null;
    /** The latest `foundAt` given, so that each is later than the one before. */
    this.foundAt = 0;
    const n = Number(settings.workers);
    const engines = pool.take(n);
    /** @type {SearchWorker[]} */
    this.workers = [];
    /** @type {import('../../engine.js').Job[]} */
    this.jobs = [];
    for (let i = 0; i < n; i++) {
      const options = engineOptions(settings, i);
      /** @type {SearchWorker} */
      const w = { index: i, seed: options.seed, progress: null, foundAt: 0, done: false, failed: false };
      this.workers.push(w);
      const job = engines[i].request('search', { list: settings.wordlist, optimizer: settings.opt, options }, { onProgress: (p) => this.progress(w, p) });
      this.jobs.push(job);
      job.promise.then(
        (r) => {
          if (!this.attached) return;
          // A stopped job answers with its last report.
          this.progress(w, r?.cancelled ? r.value : r);
          w.done = true;
          this.finished();
        },
        (e) => {
          if (!this.attached || this.state === 'stopped' || this.state === 'left') return;
          w.done = true;
          w.failed = true;
          this.on.error(w, e);
          this.finished();
        },
      );
    }
    Promise.allSettled(this.jobs.map((j) => j.promise)).then(() => {
      if (this.attached) onSettled();
    });
  }

  /** Whether the workers still have the run (running or paused). */
  get running() {
    return isRunning(this.state);
  }

  /**
   * Nothing more of this run reaches the view (a new run replaces it, or the view goes): its
   * callbacks are not called again.
   */
  detach() {
    this.attached = false;
  }

  /**
   * Worker `w` reported `p`: its best board is dated when first reported, the run's best is
   * merged, and a report that reaches the target stops the run.
   * @param {SearchWorker} w
   * @param {import('./figures.js').Report | null | undefined} p
   */
  progress(w, p) {
    if (!p || !this.attached) return;
    const finishedRun = (p.finished_runs ?? 0) > (w.progress?.finished_runs ?? 0);
    // When the run first saw each worker's best board: the saved list keeps the earliest of
    // equal boards, and so credits the worker the best board panel credits. Strictly rising,
    // so that two reports within a millisecond keep their order.
    if (p.best_board && p.best_board !== w.progress?.best_board) w.foundAt = this.foundAt = Math.max(Date.now(), this.foundAt + 1);
    w.progress = p;
    // Merged as reports arrive, so the first worker to report a score keeps the credit for it.
    this.best = bestAfter(this.best, w, p);
    this.on.progress(w, p, finishedRun);
    const t = this.settings.target;
    if (t !== '' && p.best_score >= Number(t) && this.state === 'running') this.stop('reached');
  }

  /** A worker's job has answered: once every one has, the run is done (or failed). */
  finished() {
    if (this.workers.every((w) => w.done) && this.running) this.setState(this.workers.every((w) => w.failed) ? 'failed' : 'done');
  }

  /** Pauses every worker (`onHeld` once all have acknowledged). */
  pause() {
    if (this.state !== 'running') return;
    Promise.all(this.jobs.map((j) => j.pause())).then(() => {
      if (this.attached && this.state === 'paused') this.on.held();
    });
    this.pausedAt = performance.now();
    this.setState('paused');
  }

  /** Resumes every worker after `pause`. */
  resume() {
    if (this.state !== 'paused') return;
    for (const j of this.jobs) j.resume();
    this.pausedFor += performance.now() - this.pausedAt;
    this.setState('running');
  }

  /**
   * Stops every worker's job; `why` is the state it ends in.
   * @param {'stopped' | 'reached' | 'left'} why
   */
  stop(why) {
    if (!this.running) return;
    if (this.state === 'paused') this.pausedFor += performance.now() - this.pausedAt;
    for (const j of this.jobs) j.cancel();
    this.setState(why);
  }

  /** @param {RunState} state */
  setState(state) {
    if (this.ended === null && !isRunning(state)) this.ended = performance.now();
    this.state = state;
    if (this.attached) this.on.state(state);
  }

  /** Seconds the run has run, without its pauses. */
  elapsed() {
    const end = this.ended ?? (this.state === 'paused' ? this.pausedAt : performance.now());
    return (end - this.started - this.pausedFor) / 1000;
  }
}
