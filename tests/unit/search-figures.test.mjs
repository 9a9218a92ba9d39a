// The search view's figures from the workers' reports: rates over the last two seconds, the
// share accepted as each optimizer counts it, the best worker, the best distinct boards and
// the chart in words.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  RATE_WINDOW_MS,
  acceptanceLabel,
  bestAfter,
  chartInWords,
  failuresText,
  keepSample,
  rates,
  runsAtBest,
  temperatureText,
  topBoards,
  totals,
} from '../../www/views/search/figures.js';
import { MEAN_CH, SearchSeries } from '../../www/widgets/search-series.js';

/** A report with the given fields over quiet defaults. */
function report(fields) {
  return { boards: 0, iterations: 0, accepted: 0, run: 1, best_score: 0, current_score: 0, top: [], ...fields };
}

test('totals add every worker’s counts', () => {
  const s = totals([report({ boards: 10, iterations: 30, accepted: 4 }), report({ boards: 5, iterations: 7, accepted: 1 })], 123);
  assert.deepEqual(s, { t: 123, boards: 15, iterations: 37, accepted: 5 });
});

test('the window keeps two seconds of samples, and at least two', () => {
  const samples = [];
  for (let t = 0; t <= 5000; t += 500) keepSample(samples, { t, boards: t, iterations: t, accepted: 0 }, true);
  assert.deepEqual(
    samples.map((s) => s.t),
    [3000, 3500, 4000, 4500, 5000],
  );
  // Paused: nothing is added, and old samples still leave, down to two.
  keepSample(samples, { t: 9000, boards: 5000, iterations: 5000, accepted: 0 }, false);
  assert.deepEqual(
    samples.map((s) => s.t),
    [4500, 5000],
  );
  assert.ok(samples.every((s) => 5000 - s.t <= RATE_WINDOW_MS));
});

test('the rate is the window’s boards over its seconds, else the whole search’s', () => {
  const window = [
    { t: 1000, boards: 100, iterations: 100, accepted: 10 },
    { t: 3000, boards: 900, iterations: 900, accepted: 50 },
  ];
  const sum = window[1];
  const climb = rates(window, sum, 3, false);
  assert.equal(climb.rate, 400);
  assert.equal(climb.accepted, 40 / 800);
  // One sample spans no time: the whole search's figures.
  const alone = rates([window[1]], sum, 3, false);
  assert.equal(alone.rate, 300);
  assert.equal(alone.accepted, 50 / 900);
  assert.deepEqual(rates([], { t: 0, boards: 0, iterations: 0, accepted: 0 }, 0, false), { rate: 0, accepted: 0 });
});

test('annealing’s share accepted is of the proposals the workers made in the window, every worker together', () => {
  // Proposals outnumber boards scored (a board scored recently is looked up): the share is of
  // proposals. Each worker's own share of its last 1,000 proposals plays no part.
  const window = [
    { t: 1000, boards: 1000, iterations: 4000, accepted: 100 },
    { t: 3000, boards: 81000, iterations: 304000, accepted: 1300 },
  ];
  const { rate, accepted } = rates(window, window[1], 3, true);
  assert.equal(rate, 40000);
  assert.equal(accepted, 1200 / 300000);
  // Without a window that spans time: the whole search's share.
  assert.equal(rates([window[1]], window[1], 3, true).accepted, 1300 / 304000);
  assert.equal(acceptanceLabel('anneal').label, 'Accepted, last 2 s');
  assert.equal(acceptanceLabel('hillclimb').label, 'Entered pool, last 2 s');
});

test('the best board stays with the worker that reported its score first', () => {
  const a = { name: 'a' };
  const b = { name: 'b' };
  // No board yet: nothing to credit.
  assert.equal(bestAfter(null, a, report({ best_score: 9 })), null);
  let best = bestAfter(null, a, report({ best_score: 50, best_board: 'abcd' }));
  assert.equal(best?.w, a);
  best = bestAfter(best, b, report({ best_score: 70, best_board: 'efgh' }));
  assert.equal(best?.w, b);
  // A later report of the same score, from another worker or with another board, takes nothing.
  const first = best;
  best = bestAfter(best, a, report({ best_score: 70, best_board: 'efgh' }));
  best = bestAfter(best, b, report({ best_score: 70, best_board: 'ijkl' }));
  assert.equal(best, first);
  assert.equal(best?.p.best_board, 'efgh');
  // A lower best (a worker behind the others) takes nothing either; a higher one does.
  assert.equal(bestAfter(best, a, report({ best_score: 60, best_board: 'mnop' })), first);
  assert.equal(bestAfter(best, a, report({ best_score: 71, best_board: 'qrst' }))?.w, a);
});

test('distinct boards: each once, best first, ties alphabetical, at most n', () => {
  const ps = [
    report({ top: [{ score: 5, board: 'b' }, { score: 9, board: 'z' }] }),
    report({ top: [{ score: 9, board: 'y' }, { score: 5, board: 'b' }, { score: 1, board: 'q' }] }),
  ];
  assert.deepEqual(topBoards(ps), [
    ['y', 9],
    ['z', 9],
    ['b', 5],
    ['q', 1],
  ]);
  assert.deepEqual(topBoards(ps, 2), [
    ['y', 9],
    ['z', 9],
  ]);
});

test('the chart in words names every reporting worker, with counts in full', () => {
  const workers = [
    { index: 0, progress: report({ best_score: 3625, current_score: 3400, boards: 12345678, temperature: 0.001 }) },
    { index: 1, progress: null },
    { index: 2, progress: report({ best_score: 100, current_score: 90, boards: 7 }) },
  ];
  assert.equal(
    chartInWords(workers),
    'worker 1: best 3625, now 3400, temperature about 0 after 12.3 million boards; worker 3: best 100, now 90 after 7 boards.',
  );
  assert.equal(chartInWords([{ index: 0, progress: null }]), '');
  // With finished runs: how many of them reached the worker's best.
  workers[0].progress = report({ best_score: 3625, current_score: 3400, boards: 12345678, finished_runs: 2, runs_at_best: 1 });
  workers[2].progress = report({ best_score: 100, current_score: 90, boards: 7, finished_runs: 1, runs_at_best: 1 });
  assert.equal(
    chartInWords(workers),
    'worker 1: best 3625 (reached by 1 of 2 finished runs), now 3400 after 12.3 million boards; worker 3: best 100 (reached by 1 of 1 finished run), now 90 after 7 boards.',
  );
  // A best no finished run reached was found by the run still going.
  workers[2].progress = report({ best_score: 120, current_score: 120, boards: 9, finished_runs: 1, runs_at_best: 0 });
  assert.match(chartInWords(workers), /worker 3: best 120 \(found by the run in progress, after 1 finished run\), now 120 after 9 boards\.$/);
  assert.equal(temperatureText(1.234, '≈ 0'), '1.23');
  assert.equal(temperatureText(0.004, '≈ 0'), '≈ 0');
});

test('the series marks where each run ended with its exact best, also when a report begins the next run', () => {
  const series = new SearchSeries();
  const at = (run, boards, current, runBest, lastRunBest) => ({ run, step: 1, boards, current, best: 500, run_best: runBest, last_run_best: lastRunBest });
  // Run 1 peaks at 480 between samples; run 2's first sample names it exactly.
  series.add(0, { boards: 200, current_score: 300, best_score: 500, run: 2, step: 1, samples: [at(1, 100, 400, 450, 0), at(2, 200, 300, 300, 480)] });
  // A report (no run best) begins run 3: run 2's end is the best its points showed.
  series.add(0, { boards: 300, current_score: 200, best_score: 500, run: 3, step: 1, samples: [at(2, 250, 350, 390, 480)] });
  const w = series.workers[0];
  assert.equal(w.ended, 2);
  const cols = w.endsLinear.columns(0, 4, (x) => Math.floor(x / 100));
  assert.deepEqual([...cols.max], [NaN, 480, 390, NaN]);
  // The next sample of run 3 ends nothing more.
  series.add(0, { boards: 400, current_score: 210, best_score: 500, run: 3, step: 2, samples: [at(3, 400, 210, 260, 390)] });
  assert.equal(w.ended, 2);
  // The search's end finishes its last run, once.
  for (let i = 0; i < 2; i++) series.add(0, { boards: 400, current_score: 210, best_score: 500, run: 3, step: 2, done: true, samples: [at(3, 400, 210, 270, 390)] });
  assert.equal(w.ended, 3);
  assert.deepEqual([...w.endsLinear.columns(0, 5, (x) => Math.floor(x / 100)).max], [NaN, 480, 390, NaN, 270]);
});

test('the series keeps each finished run’s average temperature and share accepted where the run ended', () => {
  const series = new SearchSeries();
  const at = (run, boards, temperature, acceptance) => ({ run, step: 1, boards, current: 10, best: 10, run_best: 10, last_run_best: 0, temperature, acceptance });
  // Run 1 cools from 40 to 10 as its acceptance falls; run 2 begins at 40 again.
  series.add(0, { boards: 300, current_score: 10, best_score: 10, run: 2, step: 1, samples: [at(1, 100, 40, 0.9), at(1, 200, 20, 0.3), at(1, 290, 10, 0.0), at(2, 300, 40, 0.8)] });
  const w = series.workers[0];
  const cols = (ch) => [...w.meansLinear.columns(ch, 4, (x) => Math.floor(x / 100)).max];
  // Run 1's average, at the boards where its last point lay; run 2 has not ended.
  assert.deepEqual(cols(MEAN_CH.temperature), [NaN, NaN, (40 + 20 + 10) / 3, NaN]);
  assert.deepEqual(cols(MEAN_CH.acceptance), [NaN, NaN, (0.9 + 0.3) / 3, NaN]);
  // The search's end finishes run 2, with its own points only.
  series.add(0, { boards: 390, current_score: 10, best_score: 10, run: 2, step: 2, done: true, samples: [at(2, 390, 20, 0.2)] });
  assert.deepEqual(cols(MEAN_CH.temperature), [NaN, NaN, (40 + 20 + 10) / 3, 30]);
  assert.ok(Math.abs(cols(MEAN_CH.acceptance)[3] - 0.5) < 1e-12);
  assert.equal(w.meansLog.points, 2);
});

test('runs at the best count only the workers whose best is the best over all', () => {
  const ps = [
    report({ best_score: 3625, finished_runs: 10, runs_at_best: 3 }),
    report({ best_score: 3603, finished_runs: 8, runs_at_best: 5 }),
    report({ best_score: 3625, finished_runs: 2, runs_at_best: 1 }),
  ];
  assert.deepEqual(runsAtBest(ps), { finished: 20, reached: 4 });
  assert.deepEqual(runsAtBest([report({ best_score: 90 })]), { finished: 0, reached: 0 });
  assert.deepEqual(runsAtBest([]), { finished: 0, reached: 0 });
});

test('a failure every worker shares is said once, as a sentence; others name their workers', () => {
  const refused = 'geometric: the final temperature (t_end, 50) must be at most the starting one (t0, 20)';
  assert.equal(failuresText([[1, refused]], 2), 'Worker 2: Geometric: the final temperature (t_end, 50) must be at most the starting one (t0, 20).');
  assert.equal(failuresText([[1, refused], [0, refused]], 2), 'Geometric: the final temperature (t_end, 50) must be at most the starting one (t0, 20).');
  assert.equal(failuresText([[0, 'out of memory'], [2, 'out of memory']], 3), 'Workers 1 and 3: Out of memory.');
  assert.equal(failuresText([[0, 'no memory left'], [1, 'the list broke'], [2, 'no memory left']], 3), 'Workers 1 and 3: No memory left. Worker 2: The list broke.');
});
