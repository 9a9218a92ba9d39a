// The search view's settings as URL parameters: each with its default (left out of the URL)
// and a reader that returns the value or throws a message for the user. `only` limits a
// parameter to one optimizer. Defaults and limits come from the engine (pkg/defaults.js, which
// the build writes with `boggle defaults --module`); the page only adds its own (workers,
// and `runs` 0: keep going until stopped). `when` limits a parameter to the values of another
// setting (an annealing schedule or restart, a hill-climbing order) that use it: the engine's
// tables, `only_with` in pkg/defaults.js.
import { choiceOf, exactCount } from '../../lib/format.js';
import { int, MAX_TARGET, noSuchList, num, oneOf, readLetters, readSize, TARGET_RULE } from '../../lib/params.js';
import { MAX_WORKERS, OPTIMIZE } from '../../lib/limits.js';
import { DEFAULT_LIST, isShipped, LISTS } from '../../lib/lists.js';
import { isOwnList, notKept, ownListNames } from '../../lib/own-lists.js';

const {
  anneal: A,
  hillclimb: H,
  max_pool: MAX_POOL,
  max_steps: MAX_STEPS,
  max_replicas: MAX_REPLICAS,
  max_perturb: MAX_PERTURB,
  temperatures: TEMPERATURES,
  only_with: ONLY_WITH,
} = OPTIMIZE;

/** The settings whose value decides which other fields apply (`when`). */
export const DECIDING = /** @type {(keyof typeof ONLY_WITH)[]} */ (Object.keys(ONLY_WITH));

/**
 * The starting and final temperatures a schedule uses on a board of `size` when the fields are
 * left empty (the engine's, which grow with the board), or null for a size the engine does not
 * take. With `t0` (the starting temperature typed), the final one the engine then uses: `t0`
 * times the schedule's own ratio of the two (AnnealOptions::temperatures), to three figures.
 * @param {string} size `RxC`
 * @param {string} schedule
 * @param {number | null} [t0]
 * @returns {[number, number] | null}
 */
export function defaultTemperatures(size, schedule, t0 = null) {
  const own = /** @type {[number, number] | undefined} */ (/** @type {Readonly<Record<string, Readonly<Record<string, number[]>> | undefined>>} */ (TEMPERATURES)[size]?.[schedule]);
  if (!own) return null;
  if (t0 === null || !Number.isFinite(t0) || t0 < 0) return own;
  return [own[0], Number(((t0 * own[1]) / own[0]).toPrecision(3))];
}

/**
 * A reader that also takes an empty value (the engine's default).
 * @param {(v: string) => string} read
 * @returns {(v: string) => string}
 */
const optional = (read) => (v) => (v === '' ? '' : read(v));

/** Board sizes offered. */
export const SIZES = ['2x2', '3x3', '3x4', '4x4', '4x5', '5x5', '5x6', '6x6'];
const MAX_SEED = 2 ** 53 - 1;
/** Annealing schedules: URL name and label. */
export const SCHEDULES = [
  ['tempering', 'Parallel tempering'],
  ['geometric', 'Geometric'],
  ['adaptive', 'Adaptive'],
  ['published', 'Published'],
];

/**
 * What each schedule does, shown under its field.
 * @type {Readonly<Record<string, string>>}
 */
export const SCHEDULE_HELP = {
  tempering: 'walks at fixed temperatures from the coldest to T₀ trade boards',
  geometric: 'T falls from T₀ to the final temperature over each run',
  adaptive: 'T follows a share of accepted proposals falling to 0',
  published: 'the 2009 schedule: cold after about 150 steps',
};
/**
 * What an empty "Letters allowed" means for each optimizer (the engine's default alphabets).
 * @type {Readonly<Record<string, string>>}
 */
export const DEFAULT_LETTERS = {
  hillclimb: `the list's ${OPTIMIZE.common_letters} most common`,
  anneal: 'a–z',
};

/** Workers started by default: one per core. */
export const CORES = Math.max(1, Math.min(16, navigator.hardwareConcurrency || 2));

/**
 * One search setting: its default (`def`, left out of the URL; null for the seed, which has
 * none: a run without one picks a random seed), its reader (the value in its normal form, or
 * throws the message for the user), and where it applies: the optimizer (`only`), and (`when`)
 * the values of the settings it depends on that use it, by setting.
 * @typedef {object} Param
 * @property {string | null} def
 * @property {(v: string) => string} read
 * @property {'hillclimb' | 'anneal'} [only]
 * @property {Readonly<Partial<Record<keyof typeof ONLY_WITH, readonly string[]>>>} [when]
 */


/**
 * The options of one worker's search as the engine reads them (src/wasm/optimize.rs, over the
 * optimizer's own option struct): numbers for the numeric settings, strings for the others.
 * @typedef {{size: string, seed: number, letters?: string, source: string, runs: number, target: number | undefined, top: number} & Record<string, string | number | undefined>} EngineOptions
 */

/**
 * A shipped list's name (in any case: choiceOf) or a list of the reader's own that this browser
 * keeps, else the message the other views give for another.
 * @param {string} v
 */
function readList(v) {
  if (isOwnList(v)) {
    if (!ownListNames().includes(v)) throw new Error(notKept(v));
    return v;
  }
  if (!isShipped(choiceOf(v))) throw new Error(`${noSuchList(v)}: choose ${Object.values(LISTS).join(' or ')}`);
  return choiceOf(v);
}

/** The settings' entries, whose names ParamName lists. */
const PARAM_ENTRIES = /** @satisfies {Record<string, Param>} */ ({
  opt: { def: 'hillclimb', read: oneOf(['hillclimb', 'anneal'], 'the optimizer must be hillclimb or anneal') },
  size: { def: `${H.rows}x${H.cols}`, read: readSize },
  wordlist: { def: DEFAULT_LIST, read: readList },
  seed: { def: /** @type {string | null} */ (null), read: int(0, MAX_SEED, `the seed must be a whole number from 0 to ${exactCount(MAX_SEED)}`) },
  workers: { def: String(CORES), read: int(1, MAX_WORKERS, `workers must be a whole number from 1 to ${MAX_WORKERS}`) },
  pool: { def: String(H.pool), only: 'hillclimb', read: int(1, MAX_POOL, `the pool size must be a whole number from 1 to ${exactCount(MAX_POOL)}`) },
  order: { def: H.order, only: 'hillclimb', read: oneOf(['best', 'rounds'], 'the order must be best or rounds') },
  expansions: { def: String(H.expansions), only: 'hillclimb', when: { order: ONLY_WITH.order.expansions }, read: int(0, 1e9, 'the expansions per run must be a whole number (0: no limit)') },
  schedule: { def: A.schedule, only: 'anneal', read: oneOf(SCHEDULES.map((s) => s[0]), `the schedule must be ${SCHEDULES.map((s) => s[0]).join(', ')}`) },
  t0: { def: '', only: 'anneal', read: optional(num(0, 1e9, 'the starting temperature must be a number from 0 to 10^9')) },
  replicas: { def: String(A.replicas), only: 'anneal', when: { schedule: ONLY_WITH.schedule.replicas }, read: int(2, MAX_REPLICAS, `the replicas must be a whole number from 2 to ${MAX_REPLICAS}`) },
  t_end: { def: '', only: 'anneal', when: { schedule: ONLY_WITH.schedule.t_end }, read: optional(num(1e-6, 1e9, 'the final temperature must be a number above 0')) },
  steps: { def: String(A.steps), only: 'anneal', read: int(1, MAX_STEPS, `the steps per run must be a whole number from 1 to ${exactCount(MAX_STEPS)}`) },
  acceptance: { def: String(A.acceptance), only: 'anneal', when: { schedule: ONLY_WITH.schedule.acceptance }, read: num(0, 1, 'the starting acceptance must be a number from 0 to 1') },
  cooling: { def: String(A.cooling), only: 'anneal', when: { schedule: ONLY_WITH.schedule.cooling }, read: num(0, 100, 'the cooling rate must be a number from 0 to 100') },
  stall: { def: String(A.stall), only: 'anneal', when: { schedule: ONLY_WITH.schedule.stall }, read: int(1, 1e9, 'the stall limit must be a whole number of at least 1') },
  restart: { def: A.restart, only: 'anneal', read: oneOf(['random', 'best', 'perturb'], 'restart must be random, best or perturb') },
  perturb: { def: String(A.perturb), only: 'anneal', when: { restart: ONLY_WITH.restart.perturb }, read: int(1, MAX_PERTURB, `the changes must be a whole number from 1 to ${exactCount(MAX_PERTURB)}`) },
  letters: { def: '', read: optional(readLetters) },
  source: { def: H.source, read: oneOf(['uniform', 'dice'], 'the letter source must be uniform or dice') },
  runs: { def: '0', read: int(0, 1e9, 'runs must be a whole number (0 keeps restarting)') },
  target: { def: '', read: optional(int(1, MAX_TARGET, `the target must be ${TARGET_RULE}`)) },
});

/** @typedef {keyof typeof PARAM_ENTRIES} ParamName a search setting's URL name */

/**
 * Every search setting by its URL name: default, reader and the optimizer it belongs to.
 * @type {Readonly<Record<string, Param>>}
 */
export const PARAMS = PARAM_ENTRIES;

/**
 * A search's settings by parameter name, as the readers give them (strings); the form's hold
 * only the parameters that apply to the optimizer, schedule and restart chosen.
 * @typedef {Partial<Record<ParamName, string>>} Settings
 */

/** A fresh seed for a run whose link names none. */
export const randomSeed = () => Math.floor(Math.random() * 1e9);

/**
 * The engine's options for worker `i`'s run (seed + i) from the view's settings.
 * @param {Settings} s
 * @param {number} i
 */
export function engineOptions(s, i) {
  /** @type {EngineOptions} */
  const options = {
    size: s.size,
    seed: Number(s.seed) + i,
    // Left empty: the optimizer's own alphabet (the engine's default).
    ...(s.letters ? { letters: s.letters } : {}),
    source: s.source,
    runs: Number(s.runs),
    target: s.target === '' ? undefined : Number(s.target),
    top: 20,
  };
  if (s.opt === 'anneal') {
    for (const k of /** @type {const} */ (['t0', 't_end', 'steps', 'acceptance', 'cooling', 'stall', 'replicas', 'perturb'])) if (s[k] !== undefined && s[k] !== '') options[k] = Number(s[k]);
    Object.assign(options, { schedule: s.schedule, restart: s.restart });
  }
  else {
    Object.assign(options, { pool: Number(s.pool), order: s.order });
    // Only the orders that use it have the field (ORDER_ONLY).
    if (s.expansions !== undefined) options.expansions = Number(s.expansions);
  }
  return options;
}
