// What the "Break every class" card says of a partition run: its status line in each state,
// its figures, and the line of each worker's class in progress. partition.js draws them.
import { el } from '../../lib/dom.js';
import { brief, count, duration, percent, plural, points, pointsText, seconds, sizeText, unit } from '../../lib/format.js';
import { listName } from '../../lib/lists.js';
import { isSpent, wholeCost } from './estimate.js';
import { tooManyText } from './pool.js';

/** @typedef {import('./pool.js').PartitionPool} PartitionPool */

/**
 * The status of `pool` run with config `c`: `state` (running, done, error or stopped), its line,
 * and for a run stopped for finding too many boards, what to say beside the target. A finished
 * run whose groups hold every letter says what it proved.
 * @param {PartitionPool} pool
 * @param {{target: number, size: string, list: string, missing?: string}} c
 * @returns {{state: string, text: string, targetNote?: string}}
 */
export function runStatus(pool, c) {
  const done = pool.classesDone();
  const total = pool.total;
  const at = `${count(done)} of ${plural(total, 'class', 'classes')}`;
  if (pool.running) {
    // The time left is wall-clock time on this page's workers, unlike the CPU times among the
    // figures (runFigures), which are summed over them.
    const eta = pool.eta();
    const workers = `this page’s ${plural(pool.workers.length, 'worker')}`;
    const left = eta === null ? 'estimating the time left…' : `about ${duration(eta)} of wall-clock time left with ${workers}, at the pace so far.`;
    return { state: 'running', text: `Breaking: ${at} (${percent(done / total)}), ${left}` };
  }
  if (done >= total) {
    const reach = `${plural(pool.found.size, 'board')} ${unit(pool.found.size, 'reaches', 'reach')} ${points(c.target)}`;
    const broken = total === 1 ? 'the class' : `all ${count(total)} classes`;
    // Start is off: there is nothing left to break.
    const again = ' Forget progress to run it again.';
    if (c.missing) return { state: 'done', text: `Done (saved): ${broken} broken; ${reach} among those with no ${c.missing}.${again}` };
    return { state: 'done', text: `Done (saved): ${broken} broken. ${proved(pool, c)}${again}` };
  }
  if (pool.tooMany) {
    // The boards past the limit were not kept (nor those of the slice a worker's engine
    // stopped in): say why fewer show.
    const listed = pool.found.size ? ' The boards listed are those found before the run stopped.' : '';
    return {
      state: 'error',
      text: `Stopped at ${at} (saved): ${tooManyText(c.target)}.${listed}`,
      targetNote: `Raise the target to run this partition: ${tooManyText(c.target)}, more than a run keeps.`,
    };
  }
  const next = resumable(pool) ? 'press Resume to go on' : 'no class had finished, so Start begins afresh';
  return { state: 'stopped', text: `Stopped at ${at} (saved); ${next}.` };
}

/**
 * What a finished run over every board of its size proved, in words: "Proved: exactly 42 3 × 3
 * boards score 500 or more with ENABLE2K (up to rotation and reflection); the best is deslatper,
 * 545 points." (the best in canonical form, as listed).
 * @param {PartitionPool} pool
 * @param {{target: number, size: string, list: string}} c
 */
export function proved(pool, c) {
  const boards = `${sizeText(c.size)} board`;
  const at = `${points(c.target)} or more with ${listName(c.list)}`;
  const found = [...pool.found.values()];
  if (!found.length) return `Proved: no ${boards} scores ${at}.`;
  const best = found.reduce((a, b) => (b.score > a.score || (b.score === a.score && b.board < a.board) ? b : a));
  const many = found.length === 1 ? `one ${boards} scores` : `exactly ${count(found.length)} ${boards}s score`;
  return `Proved: ${many} ${at} (up to rotation and reflection); the best is ${best.board}, ${pointsText(best.score)}.`;
}

/**
 * The figures of `pool` run with config `c`, as [name, value] rows. Each time says which it is:
 * wall-clock time (on this page), or CPU time summed over the workers, which runs faster than
 * the clock by about the number of workers.
 * @param {PartitionPool} pool
 * @param {{list: string}} c
 * @returns {[string, string][]}
 */
export function runFigures(pool, c) {
  const per = pool.cpuPerClass();
  const whole = pool.estimate();
  return [
    ['word list', listName(c.list)],
    ...(pool.running ? /** @type {[string, string][]} */ ([['workers', String(pool.workers.length)]]) : []),
    ['wall-clock time', seconds(pool.elapsed())],
    ['CPU time, summed over workers', seconds(pool.cpuMs)],
    ['CPU time per class', per === null ? '…' : brief(per)],
    [`CPU time for every class, summed over workers${isSpent(whole) ? '' : ' (estimate)'}`, wholeCost(whole)],
    ['boards found', count(pool.found.size)],
  ];
}

/**
 * One worker's class in progress: its id and how much of it is settled.
 * @param {import('./pool.js').CurrentClass} cur
 * @param {number} i the worker's index
 */
export function workerLine(cur, i) {
  const fraction = cur.boards_total > 0 ? Math.min(1, cur.boards_done / cur.boards_total) : 0;
  const li = el('li', {}, [
    el('span', { className: 'muted' }, [`worker ${i + 1}`]),
    el('span', {}, [`class ${count(cur.id)}`]),
    el('progress', {
      max: 1,
      value: fraction,
      className: 'break-bar small-bar',
      'aria-label': `Worker ${i + 1}: boards settled in class ${count(cur.id)}`,
      'aria-valuetext': percent(fraction),
    }),
    el('span', { className: 'muted' }, [`${percent(fraction)} of its boards settled, ${duration(cur.ms)}`]),
  ]);
  li.dataset.testid = 'partition-current';
  li.dataset.class = String(cur.id);
  li.dataset.fraction = fraction.toFixed(4);
  return li;
}

/**
 * Whether `pool` can go on where it stopped: some classes are done and some are left, and it did
 * not stop for finding more boards than a run keeps (it would only stop again).
 * @param {PartitionPool | null} pool
 */
export function resumable(pool) {
  const done = pool?.classesDone() ?? 0;
  return done > 0 && done < (pool?.total ?? 0) && !pool?.tooMany;
}
