// A whole-partition run on a pool of engine workers. The classes are cut into chunks; each
// worker takes the next chunk nobody has finished or taken (in an order spread over the id range,
// so the ETA samples every kind of class), and the engine breaks it a slice of
// a class at a time, reporting the class in progress. What is finished (whole chunks, and how far
// each unfinished chunk got) and the CPU time of finished classes are kept in a plain object
// that store.js saves, so a stop or a reload loses at most the classes in progress. The whole
// partition's price comes from the engine, asked again as chunks finish (one question at a time).
import { Engine } from '../../engine.js';
import { count } from '../../lib/format.js';
import { BREAK } from '../../lib/limits.js';
import { byScore } from '../../lib/board-order.js';
import { BestBoards, TOO_MANY_BOARDS, tooManyBoards } from './parts.js';

/** Why a run stops when more boards reach `target` than the page keeps. */
export const tooManyText = (/** @type {number} */ target) => `more than ${count(BREAK.page_max_found)} boards reach the target ${target}`;

/**
 * The engine's price of a partition from chunk times (worker command `priceRun`).
 * @typedef {{ms: number, lo: number, hi: number}} Priced
 * @typedef {(runs: import('./estimate.js').Runs, total: number) => Promise<Priced | null>} Pricer
 */

/**
 * The class a worker's engine is breaking (CurrentProgress in src/wasm/breaking.rs): its id, its
 * boards settled of its total, and the time spent on it.
 * @typedef {{id: number, boards_done: number, boards_total: number, ms: number}} CurrentClass
 */

/**
 * A `breakChunk` progress report (PartitionProgress in src/wasm/breaking.rs): `next` the first
 * class not finished, the boards found since the last report, the class in progress (null
 * between classes) and the CPU time spent (`finished_ms` on finished classes).
 * @typedef {object} ChunkProgress
 * @property {boolean} done
 * @property {number} next
 * @property {import('./parts.js').BreakStats} stats
 * @property {{board: string, score: number}[]} found
 * @property {CurrentClass | null} current
 * @property {number} busy_ms
 * @property {number} finished_ms
 */

/**
 * One engine worker of a run: its engine (while running), the chunk it has taken and the class
 * it last reported.
 * @typedef {{engine: Engine | null, chunk: number | null, current: CurrentClass | null}} PoolWorker
 */

/**
 * A partition run's configuration: its word list, the partition (the engine's spelling), size and
 * target, and `missing`: where the letters no group holds are, when some are left out.
 * @typedef {{list: string, partition: string, size: string, target: number, missing?: string}} PoolConfig
 */

/** Classes, and whole chunks (from places spread over the id range), finished before an ETA is shown. */
const ETA_AFTER = 20;
const ETA_CHUNKS = 4;

/**
 * Chunk size for a partition run of `total` classes: small, so that a chunk is seconds of work and
 * the first ones finished already sample the id range.
 * @param {number} total
 */
export function chunkSize(total) {
  return Math.max(1, Math.min(16, Math.ceil(total / 8000)));
}

/**
 * The order chunks are taken in: a stride near 0.618 of the count, coprime with it, so the
 * classes finished at any time are spread over the whole id range (class ids follow the letter
 * groups, so neighbouring classes cost alike) and the CPU time per class so far is a fair
 * sample for the ETA.
 * @param {number} chunks
 */
function spreadOrder(chunks) {
  /** @type {(a: number, b: number) => number} */
  const gcd = (a, b) => (b ? gcd(b, a % b) : a);
  let stride = Math.max(1, Math.round(chunks * 0.618));
  while (gcd(stride, chunks) !== 1) stride++;
  return Array.from({ length: chunks }, (_, i) => (i * stride) % chunks);
}

/** The engine workers of a partition run and the chunks of classes they take. */
export class PartitionPool {
  /**
   * `config` {list, partition, size, target, missing}; `total` classes; `saved` what store.js read back
   * (or null); `workers` how many; `options` the breaker's {switch, memory_mb} (or null);
   * `onChange()` after every progress report and every new price, `onError(e)` when a worker
   * fails, `onFinish()` when every class is done; `price(runs, total)` the engine's price of the
   * whole partition from chunk times (none: the run is not priced).
   * @param {{config: PoolConfig, total: number,
   *   saved: import('./store.js').SavedRun | null,
   *   workers: number, options?: {switch?: number, memory_mb?: number} | null, onChange?: () => void,
   *   onError?: (e: Error) => void, onFinish?: () => void, price?: Pricer | null}} opts
   */
  constructor({ config, total, saved, workers, options = null, onChange = () => {}, onError = () => {}, onFinish = () => {}, price = null }) {
    this.config = config;
    this.total = total;
    this.options = options;
    this.onChange = onChange;
    this.onError = onError;
    this.onFinish = onFinish;
    this.chunk = saved?.chunk ?? chunkSize(total);
    this.chunks = Math.ceil(total / this.chunk);
    this.order = spreadOrder(this.chunks);
    this.done = new Set(saved?.done ?? []);
    this.partial = new Map(Object.entries(saved?.partial ?? {}).map(([k, n]) => [Number(k), n]));
    this.found = new Map((saved?.found ?? []).map((f) => [f.board, f]));
    /** The best of them, for drawing. */
    this.best = new BestBoards();
    this.best.add([...this.found.values()]);
    this.elapsedMs = saved?.elapsedMs ?? 0;
    this.cpuMs = saved?.cpuMs ?? 0;
    this.timed = saved?.timed ?? 0;
    /**
     * The finished chunks' times, for the engine's price (older saves kept sums instead: their
     * chunks are left out of it).
     * @type {import('./estimate.js').Runs}
     */
    this.runs = saved?.runs ?? [];
    /** `price(runs, total)` asks the engine for the whole partition's CPU time; null: never. */
    this.priceWith = price;
    /** The engine's last answer, {ms, lo, hi} or null. */
    this.price = null;
    /** Whether a question is out, and whether chunks finished since it was asked. */
    this.pricing = { asked: false, again: false };
    this.reprice();
    /**
     * True once the run found more boards than the page keeps: at its target it can only stop
     * again, so it is never resumed.
     */
    this.tooMany = saved?.tooMany ?? false;
    this.running = false;
    this.workers = Array.from({ length: workers }, () => /** @type {PoolWorker} */ ({ engine: null, chunk: null, current: null }));
    /** @type {Set<number>} */
    this.inFlight = new Set();
    this.dirty = false;
  }

  /**
   * Classes in chunk `i`.
   * @param {number} i
   */
  chunkLength(i) {
    return Math.min(this.chunk, this.total - i * this.chunk);
  }

  /** Classes finished: whole chunks and the finished start of the others. */
  classesDone() {
    let n = 0;
    for (const i of this.done) n += this.chunkLength(i);
    for (const v of this.partial.values()) n += v;
    return n;
  }

  /** Wall-clock time of the run, over every session. */
  elapsed() {
    return this.elapsedMs + (this.running ? performance.now() - this.sessionStart : 0);
  }

  /** CPU milliseconds per finished class, or null until a few are timed. */
  cpuPerClass() {
    return this.timed >= ETA_AFTER && this.done.size >= ETA_CHUNKS ? this.cpuMs / this.timed : null;
  }

  /** Milliseconds left at the current pace (CPU per class shared among the workers), or null. */
  eta() {
    const per = this.cpuPerClass();
    if (per === null) return null;
    return ((this.total - this.classesDone()) * per) / this.workers.length;
  }

  /**
   * The CPU time every class of the partition takes, in ms, with a 95% interval
   * (`{ms, lo, hi}`), or null until a few chunks are timed; once every class is done, the CPU
   * time spent, with no interval left.
   * @returns {Priced | null}
   */
  estimate() {
    if (this.done.size === this.chunks) return { ms: this.cpuMs, lo: this.cpuMs, hi: this.cpuMs };
    return this.cpuPerClass() === null ? null : this.price;
  }

  /** Asks the engine for the price of the chunks finished so far, unless a question is out. */
  reprice() {
    const p = this.pricing;
    if (!this.priceWith || this.runs.length === 0) return;
    if (p.asked) {
      p.again = true;
      return;
    }
    p.asked = true;
    p.again = false;
    this.priceWith(this.runs, this.total)
      .then((price) => {
        this.price = price;
        this.onChange();
      })
      .catch(() => {}) // a price is a nicety: the run goes on without one
      .finally(() => {
        p.asked = false;
        if (p.again) this.reprice();
      });
  }

  /** What store.js saves. */
  data() {
    return {
      total: this.total,
      chunk: this.chunk,
      done: [...this.done].sort((a, b) => a - b),
      partial: Object.fromEntries([...this.partial].filter(([, n]) => n > 0)),
      found: [...this.found.values()],
      elapsedMs: this.elapsed(),
      cpuMs: this.cpuMs,
      timed: this.timed,
      runs: this.runs,
      tooMany: this.tooMany,
    };
  }

  /** Starts every worker; resolves when the run is finished, stopped or failed. */
  async run() {
    this.running = true;
    this.sessionStart = performance.now();
    this.next = 0;
    for (const w of this.workers) w.engine = new Engine({ preload: [this.config.list] });
    /** @type {object} a token of this session: a stop or a new run replaces it */
    const session = (this.session = {});
    await Promise.all(this.workers.map((w) => this.work(w, session)));
    if (this.session !== session || !this.running) return;
    if (this.done.size === this.chunks) {
      this.stop();
      this.onFinish();
    }
  }

  /**
   * One worker's loop: take the next chunk, break it, record it.
   * @param {PoolWorker} w
   * @param {object} session
   */
  async work(w, session) {
    const c = this.config;
    while (this.session === session) {
      const taken = (/** @type {number} */ i) => this.done.has(i) || this.inFlight.has(i);
      while (this.next < this.chunks && taken(this.order[this.next])) this.next++;
      if (this.next >= this.chunks) return;
      const index = this.order[this.next++];
      const start = index * this.chunk;
      const from = start + (this.partial.get(index) ?? 0);
      const to = start + this.chunkLength(index);
      this.inFlight.add(index);
      w.chunk = index;
      const mark = { next: from, finishedMs: 0 };
      const job = w.engine.request(
        'breakChunk',
        { list: c.list, partition: c.partition, size: c.size, target: c.target, from, to, options: this.options },
        { onProgress: (/** @type {ChunkProgress} */ p) => this.session === session && this.progress(w, index, mark, p) },
      );
      /** @type {ChunkProgress | {cancelled: true, value: unknown}} */
      let p;
      try {
        p = await job.promise;
      } catch (e) {
        if (this.session !== session) return;
        this.inFlight.delete(index);
        this.tooMany = tooManyBoards(e);
        this.stop();
        this.onError(e);
        return;
      }
      if (this.session !== session || /** @type {{cancelled?: boolean}} */ (p)?.cancelled) return;
      this.progress(w, index, mark, /** @type {ChunkProgress} */ (p));
      if (mark.next > from) {
        this.runs.push([mark.next - from, mark.finishedMs]);
        this.reprice();
      }
      this.inFlight.delete(index);
      this.partial.delete(index);
      this.done.add(index);
      w.chunk = null;
      w.current = null;
      this.dirty = true;
      this.onChange();
    }
  }

  /**
   * Records a progress report of chunk `index` (`mark`: what the last report of it said).
   * @param {PoolWorker} w
   * @param {number} index
   * @param {{next: number, finishedMs: number}} mark
   * @param {ChunkProgress} p
   */
  progress(w, index, mark, p) {
    w.current = p.current;
    if (p.next > mark.next) {
      this.timed += p.next - mark.next;
      this.cpuMs += p.finished_ms - mark.finishedMs;
      mark.next = p.next;
      mark.finishedMs = p.finished_ms;
      const n = p.next - index * this.chunk;
      if (n < this.chunkLength(index)) this.partial.set(index, n);
      this.dirty = true;
    }
    // The page keeps at most BREAK.page_max_found boards (the best of a report that passes it).
    // Each worker's engine stops past that limit; together they can pass it too, and the run
    // stops the same way.
    const added = p.found
      .filter((f) => !this.found.has(f.board))
      .map((f) => ({ board: f.board, score: f.score }))
      .sort(byScore);
    const kept = added.slice(0, Math.max(0, BREAK.page_max_found - this.found.size));
    for (const f of kept) this.found.set(f.board, f);
    if (kept.length) {
      this.best.add(kept);
      this.dirty = true;
    }
    this.onChange();
    if (kept.length < added.length && this.running) {
      this.tooMany = true;
      this.stop();
      // In the engine's words, as when a worker's engine passes the limit.
      const error = new Error(`${tooManyText(this.config.target)}: raise the target`);
      error.name = TOO_MANY_BOARDS;
      this.onError(error);
    }
  }

  /** Stops every worker at once (terminated, so a class in progress does not hold them). */
  stop() {
    if (!this.running) return;
    this.elapsedMs = this.elapsed();
    this.running = false;
    this.session = null;
    for (const w of this.workers) {
      w.engine?.terminate();
      w.engine = null;
      w.current = null;
      w.chunk = null;
    }
    this.inFlight.clear();
    this.dirty = true;
  }
}
