// What the worker can be asked, by command name: one-shot commands (`commands`, answered with
// one result) and step-wise jobs (`jobs`, stepped by jobs.js with progress between steps). Each
// entry only calls the engine: the views decide what to ask. A request's `list` names the word
// list to use (the default list when left out).
import { PLAY } from '../lib/limits.js';
import { api } from './engine.js';
import { addUploadedList, builtListNames, defaultList, withBounder, withList } from './lists.js';
import { Shared } from './shared.js';

/**
 * One-shot commands: each returns the result to send back (`progress(value)` sends a part first).
 * @type {Record<string, (request: any, progress: (value: any) => void) => Promise<any>>}
 */
export const commands = {
  /** Builds a list (from `bytes` for an uploaded file) and returns its load statistics. */
  async list({ name, bytes }) {
    if (bytes) addUploadedList(name, bytes);
    return withList(name, (dict) => dict.stats());
  },
  /**
   * *Check a word* for a word that is not among a board's words: `{inList, path, decided}`,
   * whether list `list` has `word` (spelled out, `qu` in full) and the cells that spell it on
   * `board` anyway (null when none do; `decided` false when the engine gave up looking).
   */
  async check({ list, board, size, word }) {
    const traced = api.traceWord(String(board), size || undefined, String(word));
    return withList(list, (dict) => ({ ...traced, inList: dict.contains(String(word)) }));
  },
  /**
   * Solves a board: its words, paths and score, counting words of `min` letters or more (the
   * engine's shortest word without it). With `head`, the board and its score alone come first
   * as progress (a fraction of the work), for the page to paint before the words.
   */
  async solve({ list, board, size, multiboggle = false, min = undefined, head = false }, progress) {
    const shortest = min === undefined ? undefined : Number(min);
    return withList(list, (dict) => {
      if (head) progress(dict.summary(board, size || undefined, multiboggle, shortest));
      return dict.solve(board, size || undefined, multiboggle, shortest);
    });
  },
  /**
   * The Play view: the verdict on `word` for `board` under a round's rules (`min` letters,
   * `multiboggle`); the list keeps the round's words, so only a new board or rule solves. The
   * engine takes the shortest word as a number: without `min` it gets its own shortest word.
   */
  async judge({ list, board, size, word, min = PLAY.min_word_letters, multiboggle = false }) {
    return withList(list, (dict) => dict.judge(String(board), size || undefined, String(word), min, Boolean(multiboggle)));
  },
  /** The Play view: the review of a player's `words` (an array of strings) for a round (`min` as judge's). */
  async review({ list, board, size, words = [], min = PLAY.min_word_letters, multiboggle = false }) {
    const given = Array.isArray(words) ? words.map(String) : [];
    return withList(list, (dict) => dict.review(String(board), size || undefined, given, min, Boolean(multiboggle)));
  },
  async parse({ board, size }) {
    return api.parseBoard(board, size || undefined);
  },
  /**
   * A random board of `size` ("RxC", which the engine needs: by default the size of its first
   * dice set, the classic one) from the real dice (`dice`) or uniform letters, rolled from `seed`.
   */
  async random({ size = PLAY.dice[0], dice = true, seed = Math.random() * 2 ** 52 }) {
    return api.randomBoard(size, dice, seed);
  },
  /** Names of the lists built in this worker, or held to build again (they work offline). */
  async builtLists() {
    return builtListNames();
  },
  /** The engine's wasm memory in bytes (the soak tests watch it stay flat). */
  async memory() {
    return api.wasmMemoryBytes();
  },
  /** A deliberate engine panic: the fault tests check the page reports it and recovers. */
  async crash() {
    api.crashForTest();
  },
  /**
   * Whether an optimizer run (the search job's `optimizer` and `options`) would start, without
   * running it: null, or the engine's refusal, whose `param` names the setting to change. The
   * search view asks it before Start and for a link's settings as it opens.
   */
  async checkSearch({ list, optimizer, options }) {
    return withList(list, (dict) => {
      new api.Search(dict, optimizer, options ?? {}).free();
      return null;
    });
  },
  /** The size of a partition run: {classes, assignments, groups, missing, missingWhere, partition}. */
  async partitionInfo({ partition, size }) {
    return api.partitionInfo(String(partition), String(size));
  },
  /**
   * The CPU time of every class of a partition run of `total` classes from its finished chunks'
   * times (`runs`, each [classes, ms]): {ms, lo, hi} with a 95% interval, or null.
   */
  async priceRun({ runs, total }) {
    const given = Array.isArray(runs) ? runs : [];
    const classes = Uint32Array.from(given, (r) => Number(r?.[0]) || 0);
    const ms = Float64Array.from(given, (r) => Number(r?.[1]));
    return api.priceRun(classes, ms, Math.max(0, Math.trunc(Number(total) || 0)));
  },
  // Board classes and bounds (the bounds view).
  async classInfo({ cls, size }) {
    return api.parseClass(cls, size || undefined);
  },
  // Left out, `maxSteps`, `limit` and `traceLimit` take the engine's limits (pkg/defaults.js).
  async classBounds({ list, cls, size, maxSteps }) {
    return withBounder(list, (b) => b.details(cls, size || undefined, maxSteps));
  },
  async nomarkTree({ list, cls, size, start, limit }) {
    return withBounder(list, (b) => b.nomarkTree(cls, size || undefined, start, limit));
  },
};

/**
 * A step-wise job as jobs.js runs it: `step(budgetMs)` returns `{done, ...progress}`;
 * `snapshot()` is the progress a cancelled job answers with; `free()` releases its wasm memory.
 * @typedef {{step: (ms: number) => any, snapshot?: () => any, free?: () => void}} Job
 */

/** This worker's share of a partition run, kept between chunks (its class list is made once). */
/** @type {{key: string, held: Shared} | null} */
let partitionRun = null; // { key, held: Shared PartitionRun }

/**
 * Step-wise jobs: each starts from its request and returns a Job.
 * @type {Record<string, (request: any) => Promise<Job>>}
 */
export const jobs = {
  /** The per-cell split view: bounds with each multi-letter cell fixed to each letter. */
  async splits({ list, cls, size }) {
    const job = await withList(list, (dict) => new api.SplitJob(dict, cls, size || undefined));
    return {
      step: (ms) => job.step(ms),
      snapshot: () => null,
      free: () => job.free(), // the sweep's scratch space is a few MB of wasm memory
    };
  },
  /**
   * An optimizer run (the search view): `optimizer` is "anneal" or "hillclimb", `options` as
   * the engine's optimizer run takes them ({size, seed, letters, source, runs, target, t0,
   * cooling, stall, pool, order, ...}).
   */
  async search({ list, optimizer, options }) {
    const run = await withList(list, (dict) => new api.Search(dict, optimizer, options ?? {}));
    return {
      step: (ms) => run.step(ms),
      snapshot: () => run.progress(),
      free: () => run.free(),
    };
  },
  /**
   * Breaks one class live. Each progress value carries the tree nodes visited and boards
   * found since the last one; the first also carries `info` (the class and its board count).
   */
  async break({ list, cls, size, target, traceLimit }) {
    const run = await withList(list, (dict) => new api.BreakRun(dict, String(cls), size || undefined, target, traceLimit));
    let info = run.info();
    return {
      step(ms) {
        const p = run.step(ms);
        if (info) [p.info, info] = [info, null];
        return p;
      },
      free: () => run.free(),
    };
  },
  /**
   * Breaks classes from..to of a partition run, a slice of a class per step, with the
   * breaker's `options` ({switch, memory_mb}; defaults from the engine). Progress: {done, next,
   * stats, found, current, busy_ms, finished_ms}.
   */
  async breakChunk({ list, partition, size, target, from, to, options }) {
    const key = JSON.stringify([list ?? defaultList(), partition, size, target, options ?? null]);
    if (partitionRun?.key !== key) {
      const run = await withList(
        list,
        (dict) => new api.PartitionRun(dict, String(partition), String(size), target, options ?? undefined),
      );
      partitionRun?.held.retire(); // freed once a chunk still running on it ends
      partitionRun = { key, held: new Shared(run, (r) => r.free()) };
    }
    const { held } = partitionRun;
    held.users++;
    const run = held.value;
    run.setRange(from, to);
    return {
      step: (ms) => run.step(ms),
      free: () => {
        held.users--;
        held.release();
      },
    };
  },
};
