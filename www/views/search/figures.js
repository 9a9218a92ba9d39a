// The search view's figures, worked out from the workers' latest reports: totals, the rates
// over the last couple of seconds, the best board, the best distinct boards and the chart in
// words, and what failed. Pure functions, no DOM, so the rules can be tested on their own
// (tests/unit).
import { sentence } from '../../lib/failure.js';
import { count, plural } from '../../lib/format.js';
import { byScore } from '../../lib/board-order.js';

/** How far back the rates look, in milliseconds. */
export const RATE_WINDOW_MS = 2000;
/** How many distinct boards the view lists. */
export const TOP_BOARDS = 10;

/**
 * A worker's latest progress report, as the engine sends it (`Progress` in
 * src/optimize/progress.rs, through src/wasm/optimize.rs's `step`); only the fields the view
 * reads.
 * @typedef {object} Report
 * @property {number} boards boards the worker has scored
 * @property {number} iterations proposals it has made (hill climbing: rounds)
 * @property {number} accepted proposals accepted (hill climbing: boards that entered a pool)
 * @property {number} run the run it is in, from 1
 * @property {number} [finished_runs] runs finished (the last too once the search has finished)
 * @property {number} [runs_at_best] of those, the runs whose best reached `best_score`
 * @property {number} best_score
 * @property {string} [best_board]
 * @property {string} current_board the board it is on now
 * @property {number} current_score
 * @property {number | null} [temperature]
 * @property {[number, number] | null} [pool] hill climbing: the lowest and highest score in its pool
 * @property {import('./ladder.js').Rung[] | null} [replicas] tempering: its ladder, coldest first
 * @property {{score: number, board: string}[]} top its best distinct boards
 */

/**
 * The totals over the workers at one moment, kept for the rates.
 * @typedef {{t: number, boards: number, iterations: number, accepted: number}} Sample
 */

/**
 * The totals over every worker's report at time `t` (milliseconds).
 * @param {Report[]} reports
 * @param {number} t
 * @returns {Sample}
 */
export function totals(reports, t) {
  let boards = 0;
  let iterations = 0;
  let accepted = 0;
  for (const p of reports) {
    boards += p.boards;
    iterations += p.iterations;
    accepted += p.accepted;
  }
  return { t, boards, iterations, accepted };
}

/**
 * Keeps `now` in the window of samples the rates read (while the search runs) and drops the
 * samples older than RATE_WINDOW_MS, always keeping two. Changes `samples` in place.
 * @param {Sample[]} samples
 * @param {Sample} now
 * @param {boolean} running
 */
export function keepSample(samples, now, running) {
  if (running) samples.push(now);
  while (samples.length > 2 && now.t - samples[0].t > RATE_WINDOW_MS) samples.shift();
}

/**
 * Boards scored a second and the share accepted, over the window of samples when it spans
 * any time, else over the whole search (`secs` long, `sum` its totals). Annealing's share is
 * of the proposals made (the engine's counts, every worker's together), hill climbing's of the
 * boards scored that entered a pool. Not the engine's share of each worker's last 1,000
 * proposals: a worker makes that many in a few milliseconds, so it says only where in its run
 * the worker happened to be (nearly always the cold end, where hardly anything is accepted).
 * @param {Sample[]} samples
 * @param {Sample} sum
 * @param {number} secs
 * @param {boolean} anneal
 * @returns {{rate: number, accepted: number}}
 */
export function rates(samples, sum, secs, anneal) {
  const first = samples[0];
  const last = samples[samples.length - 1];
  const dt = last && first && last.t > first.t ? (last.t - first.t) / 1000 : 0;
  const rate = dt ? (last.boards - first.boards) / dt : secs ? sum.boards / secs : 0;
  // A proposal whose board was scored recently is looked up, not scored: annealing counts
  // proposals, hill climbing boards.
  const of = anneal ? 'iterations' : 'boards';
  const made = last && first ? last[of] - first[of] : 0;
  const accepted = made > 0 ? (last.accepted - first.accepted) / made : sum.accepted / Math.max(1, sum[of]);
  return { rate, accepted };
}

/**
 * The share accepted's name beside its figure and its longer description, for optimizer `opt`
 * (see [rates]): what annealing accepts is proposals, what hill climbing takes is boards into
 * its pool.
 * @param {string} opt `anneal` or `hillclimb`
 * @returns {{label: string, title: string}}
 */
export function acceptanceLabel(opt) {
  const secs = RATE_WINDOW_MS / 1000;
  return opt === 'anneal'
    ? { label: `Accepted, last ${secs} s`, title: `Share of the proposals made in the last ${secs} s that were accepted, over every worker (with tempering, every rung’s)` }
    : { label: `Entered pool, last ${secs} s`, title: `Share of the boards scored in the last ${secs} s that entered a pool, over every worker` };
}

/**
 * The best board so far once worker `w` has sent report `p`: the report's best board when it
 * scores more than `best` (or there is none yet), else `best` as it was. Reports are taken in
 * the order they arrive, so the credit stays with the worker that reported a score first: a
 * later worker reaching the same score (often the same board) does not take it over.
 * @template W
 * @param {{p: Report, w: W} | null} best the best before this report
 * @param {W} w
 * @param {Report} p
 * @returns {{p: Report, w: W} | null}
 */
export function bestAfter(best, w, p) {
  return p.best_board && (!best || p.best_score > best.p.best_score) ? { p, w } : best;
}

/**
 * The finished runs over every worker and how many of them reached the best score any worker
 * has: a worker whose own best is lower has no run at that score.
 * @param {Report[]} reports
 * @returns {{finished: number, reached: number}}
 */
export function runsAtBest(reports) {
  const best = Math.max(0, ...reports.map((p) => p.best_score));
  let finished = 0;
  let reached = 0;
  for (const p of reports) {
    finished += p.finished_runs ?? 0;
    if (p.best_score === best) reached += p.runs_at_best ?? 0;
  }
  return { finished, reached };
}

/**
 * The best distinct boards over every worker, highest score first and then alphabetically,
 * at most `n` of them, as [board, score] pairs.
 * @param {Report[]} reports
 * @param {number} [n]
 * @returns {[string, number][]}
 */
export function topBoards(reports, n = TOP_BOARDS) {
  /** @type {Map<string, number>} */
  const seen = new Map();
  for (const p of reports) for (const t of p.top) if (!seen.has(t.board)) seen.set(t.board, t.score);
  return [...seen].map(([board, score]) => ({ board, score })).sort(byScore).slice(0, n).map((t) => [t.board, t.score]);
}

/**
 * A temperature as the view shows it: two decimals, or "≈ 0" (`zero`) once it has frozen.
 * @param {number} t
 * @param {string} zero
 */
export function temperatureText(t, zero) {
  return t < 0.005 ? zero : t.toFixed(2);
}

/**
 * The chart in words: each worker's best score and how many of its finished runs reached it
 * (or that the run in progress found it, when none did), its current score (and temperature).
 * @param {{index: number, progress: Report | null}[]} workers
 */
export function chartInWords(workers) {
  const parts = workers
    .filter((w) => w.progress)
    .map((w) => {
      const p = w.progress;
      const at = p.runs_at_best ?? 0;
      const runs = !p.finished_runs
        ? ''
        : at
          ? ` (reached by ${count(at)} of ${plural(p.finished_runs, 'finished run')})`
          : ` (found by the run in progress, after ${plural(p.finished_runs, 'finished run')})`;
      const t = p.temperature != null ? `, temperature ${temperatureText(p.temperature, 'about 0')}` : '';
      return `worker ${w.index + 1}: best ${p.best_score}${runs}, now ${p.current_score}${t} after ${count(p.boards)} boards`;
    });
  return parts.length ? `${parts.join('; ')}.` : '';
}

/**
 * What to say of the workers that failed, `failures` ([worker index, message] in the order they
 * came) out of `workers`: one sentence when every worker failed alike (a setting the engine
 * refused is no one worker's fault), else each message once with the workers it came from
 * ("Workers 1 and 3: …").
 * @param {[number, string][]} failures
 * @param {number} workers
 */
export function failuresText(failures, workers) {
  /** @type {Map<string, number[]>} */
  const by = new Map();
  for (const [i, message] of failures) by.set(message, [...(by.get(message) ?? []), i + 1]);
  if (by.size === 1 && failures.length === workers && workers > 0) return sentence(failures[0][1]);
  return [...by]
    .map(([message, ws]) => {
      const names = ws.length > 1 ? `Workers ${ws.slice(0, -1).join(', ')} and ${ws.at(-1)}` : `Worker ${ws[0]}`;
      return `${names}: ${sentence(message)}`;
    })
    .join(' ');
}
