// The search view (mode=search): watch hill climbing or simulated annealing look for a
// high-scoring board. A pool of workers (one per core) runs independent seeds; the view shows
// the best board so far, a live chart, each worker's current board and the best distinct boards,
// each a link to the solver. The URL holds every setting (form.js, params.js), so a link
// reproduces the run: worker i runs seed + i.
import { Engine } from '../../engine.js';
import { boardRows, countNode, el, loadCss } from '../../lib/dom.js';
import { count, percent, shapeOf } from '../../lib/format.js';
import { isDownloadFailure, sentence } from '../../lib/failure.js';
import { dropRejected, solverHref } from '../../lib/url.js';
import { announce, cancelAnnouncements } from '../../lib/announce.js';
import { MiniBoard } from '../../widgets/mini-board.js';
import { acceptanceLabel, bestAfter, chartInWords, failuresText, keepSample, rates, runsAtBest, temperatureText, topBoards, totals } from './figures.js';
import { SearchForm } from './form.js';
import { IDLE_STATUS, SearchLayout } from './layout.js';
import { chartKey } from '../../widgets/score-chart.js';
import { PARAMS, engineOptions } from './params.js';

await loadCss(new URL('./search.css', import.meta.url));

/** The URL parameters this view reads besides `mode`: the shell (app.js) takes any other out of the address. */
export const URL_PARAMS = ['xscale', ...Object.keys(PARAMS)];

/** The least time between two redraws of the view while a search runs (see render). */
const RUN_REDRAW_MS = 100;
/** A new best score is said aloud at most this often while a search runs (its own channel). */
const SAY_BEST_MS = 5000;
const SAY_BEST = 'search-best';

/** Mounts the view into `root`; see app.js for `ctx`. */
export function mount(root, ctx) {
  const view = new SearchView(root, ctx);
  return {
    unmount: () => view.unmount(),
    update: (params) => {
      if (!view.running()) dropRejected(view.form.apply(params));
    },
  };
}

class SearchView {
  constructor(root, ctx) {
    this.ctx = ctx;
    this.engines = [ctx.engine];
    this.jobs = [];
    this.workers = [];
    this.state = 'idle';
    this.form = new SearchForm({
      onStart: () => this.start(),
      onPause: () => this.togglePause(),
      onStop: () => this.stop('stopped'),
      // Before any run the figures are blank: the share accepted is named for the optimizer
      // chosen. Once a run has figures, they and their names are that run's.
      onOpt: (opt) => {
        if (!this.run) this.nameAcceptance(opt);
      },
      busy: () => this.running(),
    });
    this.build(root);
    dropRejected(this.form.apply(ctx.params));
    this.readScale(ctx.params);
    this.frame = () => {
      this.tick = requestAnimationFrame(this.frame);
      this.render();
    };
    this.tick = requestAnimationFrame(this.frame);
  }

  /** The chart's x scale from the URL (`xscale=log`; linear when absent). */
  readScale(params) {
    const v = params.get('xscale');
    const ok = v === null || v === 'linear' || v === 'log';
    this.ui.scaleNote.textContent = ok ? '' : `“${String(v).slice(0, 20)}” is not a scale: showing linear (use xscale=log or linear).`;
    dropRejected({ xscale: !ok });
    this.setScale(v === 'log' ? 'log' : 'linear', false);
  }

  /** Switches the chart's x axis; `remember` writes it into the URL. */
  setScale(scale, remember = true) {
    this.ui.chart.setScale(scale);
    for (const b of this.ui.scaleButtons) b.setAttribute('aria-pressed', String(b.dataset.scale === scale));
    if (remember) this.ctx.setParams({ xscale: scale === 'linear' ? null : scale });
  }

  /** Puts the cards in `root` (layout.js) and sends board links to the solver in this page. */
  build(root) {
    this.ui = new SearchLayout(this.form.el, {
      scale: (scale) => this.setScale(scale),
      ladderPick: () => {
        this.dirty = true;
        this.ladderShown = null;
      },
    });
    root.append(this.ui.root);
    // Board links open the solver in this page (a new view, a history entry).
    this.ui.root.addEventListener('click', (e) => {
      const a = e.target.closest('a[data-board]');
      if (!a || e.ctrlKey || e.metaKey || e.shiftKey || e.button !== 0) return;
      e.preventDefault();
      const q = new URLSearchParams(a.getAttribute('href').slice(1));
      this.ctx.navigate(Object.fromEntries(q));
    });
  }

  // ---- Running ------------------------------------------------------------------------------

  running() {
    return this.state === 'running' || this.state === 'paused';
  }

  start() {
    if (this.running()) return;
    const s = this.form.read();
    if (!s) {
      // Start stays where it was and the message may open below the fold: the keyboard goes
      // to the first field to mend, as in the break view.
      this.form.focusFirstError();
      return;
    }
    this.form.runError.show(null);
    // The URL now reproduces this run (defaults are left out).
    const changes = {};
    for (const [name, p] of Object.entries(PARAMS)) {
      const v = s[name];
      changes[name] = v === undefined || v === p.def ? null : v;
    }
    changes.seed = s.seed;
    this.ctx.setParams(changes);

    const n = Number(s.workers);
    while (this.engines.length < n) this.engines.push(new Engine());
    const [rows, cols] = shapeOf(s.size);
    this.run = { settings: s, rows, cols, started: performance.now(), pausedFor: 0, pausedAt: 0, samples: [], best: null, shownBest: null, foundAt: 0, failures: [], refused: false };
    this.workers = [];
    this.jobs = [];
    this.ui.currentList.replaceChildren();
    this.ui.legend.replaceChildren();
    this.ui.chart.reset({ anneal: s.opt === 'anneal' });
    this.ui.runCard.hidden = s.opt !== 'anneal';
    this.ui.ladderCard.hidden = true;
    this.ui.ladderWorker.replaceChildren(...Array.from({ length: n }, (_, i) => el('option', { value: String(i) }, [`Worker ${i + 1}`])));
    this.ui.ladderPick.hidden = n < 2;
    this.ui.chartTitle.textContent = s.opt === 'anneal' ? 'Score, temperature and acceptance against boards scored' : 'Score against boards scored';
    for (let i = 0; i < n; i++) {
      const options = engineOptions(s, i);
      const board = new MiniBoard('search-current-grid');
      const label = el('p', { className: 'search-current-label' }, [`Worker ${i + 1} · seed ${options.seed}`]);
      const score = el('p', { className: 'search-current-score' }, ['…']);
      this.ui.currentList.append(el('div', { className: 'search-current-item', dataset: { worker: i + 1 } }, [label, board.el, score]));
      this.ui.legend.append(el('span', { className: 'search-legend-item' }, [el('i', { style: `background:${this.ui.chart.colour(i)}` }), `worker ${i + 1}`]));
      const again = new URLSearchParams(location.search);
      again.set('mode', 'search');
      again.set('seed', String(options.seed));
      again.set('workers', '1');
      const w = { index: i, seed: options.seed, board, score, progress: null, foundAt: 0, done: false, failed: false, again: `?${again}` };
      this.workers.push(w);
      const job = this.engines[i].request('search', { list: s.wordlist, optimizer: s.opt, options }, { onProgress: (p) => this.progress(w, p) });
      this.jobs.push(job);
      const run = this.run;
      job.promise.then(
        (r) => {
          if (this.run !== run) return;
          if (r?.cancelled) {
            if (r.value) this.progress(w, r.value);
          } else {
            this.progress(w, r);
          }
          w.done = true;
          this.finished();
        },
        (e) => {
          if (this.run !== run || this.state === 'stopped' || this.state === 'left') return;
          w.done = true;
          w.failed = true;
          // A download that failed fails every worker alike: one message, and Start tries again.
          if (isDownloadFailure(e)) this.form.runError.show(`${sentence(e.message)} Press Start to try again.`);
          else if (e.param && this.form.errors[e.param]) {
            // A setting that does not go with the others is said beside the field to change,
            // once: every worker refuses it alike, and an alert set again is read again. Like a
            // bad value, it leaves the URL, so a shared link holds only settings that run.
            if (!run.refused) {
              run.refused = true;
              this.form.errors[e.param].show(e.message);
              this.form.revealErrors();
              dropRejected({ [e.param]: true });
            }
          } else {
            run.failures.push([i, e.message]);
            this.form.runError.show(failuresText(run.failures, this.workers.length));
          }
          this.finished();
        },
      );
    }
    // Once every job has answered (finished, stopped or failed), nothing more will arrive: the
    // numbers on screen are final (`data-settled`, for tests and scripts).
    delete this.ui.root.dataset.settled;
    const run = this.run;
    Promise.allSettled(this.jobs.map((j) => j.promise)).then(() => {
      if (this.run !== run) return;
      this.remember(run.settings);
      this.ui.root.dataset.settled = 'true';
      this.dirty = true;
      this.render();
      this.sayEnd();
    });
    this.ui.legend.append(el('span', { className: 'search-legend-key' }, [chartKey(s.opt === 'anneal')]));
    this.setState('running');
  }

  progress(w, p) {
    if (!p || !this.run) return;
    const finished = (p.finished_runs ?? 0) > (w.progress?.finished_runs ?? 0);
    // When this view first saw each worker's best board: the saved list keeps the earliest of
    // equal boards, and so credits the worker the best board panel credits. Strictly rising,
    // so that two reports within a millisecond keep their order.
    if (p.best_board && p.best_board !== w.progress?.best_board) w.foundAt = this.run.foundAt = Math.max(Date.now(), this.run.foundAt + 1);
    w.progress = p;
    // Merged as reports arrive, so the first worker to report a score keeps the credit for it.
    this.run.best = bestAfter(this.run.best, w, p);
    if (finished) this.remember(this.run.settings, w);
    this.ui.chart.add(w.index, p);
    w.boardChanged = true;
    this.dirty = true;
    const t = this.run.settings.target;
    if (t !== '' && p.best_score >= Number(t) && this.state === 'running') this.stop('reached');
  }

  finished() {
    if (this.workers.every((w) => w.done) && this.running()) this.setState(this.workers.every((w) => w.failed) ? 'failed' : 'done');
    this.dirty = true;
  }

  togglePause() {
    if (this.state === 'running') {
      // `data-held` once every worker has acknowledged: no step runs until resumed.
      const run = this.run;
      Promise.all(this.jobs.map((j) => j.pause())).then(() => {
        if (this.run !== run || this.state !== 'paused') return;
        this.ui.root.dataset.held = 'true';
        this.dirty = true;
        this.render();
      });
      this.run.pausedAt = performance.now();
      this.setState('paused');
    } else if (this.state === 'paused') {
      delete this.ui.root.dataset.held;
      for (const j of this.jobs) j.resume();
      this.run.pausedFor += performance.now() - this.run.pausedAt;
      this.setState('running');
    }
  }

  /** Stops every worker's job; `why` is the state to show ("stopped", "reached", "left"). */
  stop(why) {
    if (!this.running()) return;
    if (this.state === 'paused') this.run.pausedFor += performance.now() - this.run.pausedAt;
    delete this.ui.root.dataset.held;
    for (const j of this.jobs) j.cancel();
    this.setState(why);
  }

  setState(state) {
    if (this.run && !this.run.ended && !['running', 'paused'].includes(state)) {
      this.run.ended = performance.now();
      this.remember(this.run.settings);
    }
    this.state = state;
    this.form.setState(state);
    this.ui.root.dataset.state = state;
    this.dirty = true;
    this.render(true);
    // How a run ended is said once every worker has answered (sayEnd): the best is final then.
    if (state === 'running' || state === 'paused') announce(this.ui.statusText.textContent);
  }

  /** Says how the run ended, with its best score and the worker that found it. */
  sayEnd() {
    cancelAnnouncements(SAY_BEST);
    const b = this.run?.best;
    announce(`${this.ui.statusText.textContent}${b ? `: best ${b.p.best_score} by worker ${b.w.index + 1}` : ''}`);
  }

  elapsed() {
    const r = this.run;
    if (!r) return 0;
    const end = r.ended ?? (this.state === 'paused' ? r.pausedAt : performance.now());
    return (end - r.started - r.pausedFor) / 1000;
  }

  // ---- Rendering ----------------------------------------------------------------------------

  /** Names the share accepted as optimizer `opt` counts it (figures.js). */
  nameAcceptance(opt) {
    const { label, title } = acceptanceLabel(opt);
    this.ui.acceptLabel.textContent = label;
    this.ui.acceptLabel.title = title;
  }

  /**
   * Redraws what changed, at most once a frame: boards and charts as soon as a worker reports,
   * the figures (time, rates) every tenth of a second while the search runs.
   */
  render(force = false) {
    if (!this.run) return;
    const now = performance.now();
    // While a search runs, one redraw every RUN_REDRAW_MS (the clock moves even when no
    // report came; each redraw paints three charts, two boards and the figures, and the workers
    // report about twenty times a second); otherwise, and on a change of state (`force`: Pause
    // must say so at once), only when something changed.
    const due = now - (this.drawnAt ?? 0) >= RUN_REDRAW_MS;
    if (this.state === 'running' && !force ? !due : !this.dirty) return;
    this.drawnAt = now;
    this.dirty = false;
    const { rows, cols, settings } = this.run;
    const ps = this.workers.map((w) => w.progress).filter(Boolean);
    const secs = this.elapsed();
    const sum = totals(ps, now);
    keepSample(this.run.samples, sum, this.state === 'running');
    const anneal = settings.opt === 'anneal';
    const { rate, accepted: acc } = rates(this.run.samples, sum, secs, anneal);
    this.nameAcceptance(settings.opt);

    this.ui.stats.elapsed.textContent = `${secs.toFixed(1)} s`;
    this.ui.stats.boards.replaceChildren(countNode(sum.boards, 'boards'));
    this.ui.stats.boards.title = 'Over every worker; the chart plots each worker’s own count';
    this.ui.stats.rate.textContent = this.state === 'running' ? count(rate) : secs ? count(sum.boards / secs) : '–';
    // Two decimals below 10%: annealing accepts well under 1% of its proposals once a run cools.
    // Paused or over, the last seconds held no work, so there is no share to show.
    this.ui.stats.acceptance.textContent = ps.length && this.state === 'running' ? percent(acc) : '–';
    this.ui.stats.runs.textContent = ps.length ? count(ps.reduce((a, p) => a + p.run, 0)) : '–';
    const { finished, reached } = runsAtBest(ps);
    this.ui.stats.reached.textContent = finished ? `${count(reached)} of ${count(finished)}` : '–';
    this.ui.stats.reached.title = 'Finished runs, over every worker, whose best reached the best score above';

    // Best board over all workers (merged as the reports came, see progress).
    const best = this.run.best;
    if (best) {
      this.ui.bestBoard.set(best.p.best_board, rows, cols);
      this.ui.bestScore.textContent = String(best.p.best_score);
      this.ui.bestLink.replaceChildren(...boardRows(best.p.best_board, cols));
      this.ui.bestLink.href = solverHref(best.p.best_board, settings.size, settings.wordlist);
      this.ui.bestLink.dataset.board = best.p.best_board;
      this.ui.bestLink.title = 'Open in the solver';
      this.ui.bestWho.textContent = `found by worker ${best.w.index + 1} (seed ${best.w.seed})`;
      if (this.state === 'running' && best.p.best_score !== this.run.shownBest) {
        announce(`New best ${best.p.best_score} by worker ${best.w.index + 1}`, { throttle: SAY_BEST_MS, channel: SAY_BEST });
      }
      this.run.shownBest = best.p.best_score;
    }
    this.ui.statusText.textContent = {
      idle: IDLE_STATUS,
      running: 'Searching…',
      paused: 'Paused',
      stopped: 'Stopped',
      reached: `Reached the target score ${settings.target}`,
      done: 'Finished: every run has ended',
      failed: 'The search could not run: the message under Start says why',
      left: 'Stopped',
    }[this.state] ?? '';

    for (const w of this.workers) {
      const p = w.progress;
      if (!p || !w.boardChanged) continue;
      w.boardChanged = false;
      w.board.set(p.current_board, rows, cols);
      const parts = [`${p.current_score} now`, `best ${p.best_score}`, `run ${p.run}`];
      if (p.temperature != null) parts.push(`T ${temperatureText(p.temperature, '≈ 0')}`);
      else if (p.pool) parts.push(`pool ${p.pool[0]}–${p.pool[1]}`);
      // A narrow caption wraps between its parts, never inside one or before a dot.
      w.score.textContent = parts.map((s) => s.replaceAll(' ', '\u00a0')).join('\u00a0· ');
    }

    // Top distinct boards over all workers.
    const top = topBoards(ps);
    const key = top.map((t) => t.join(':')).join(',');
    if (key !== this.topKey) {
      this.topKey = key;
      this.ui.topList.replaceChildren(
        ...top.map(([board, score]) =>
          el('li', { dataset: { testid: 'search-top-board' } }, [
            el('span', { className: 'search-top-score' }, [String(score)]),
            el('a', { href: solverHref(board, settings.size, settings.wordlist), dataset: { board }, title: 'Open in the solver' }, boardRows(board, cols)),
          ]),
        ),
      );
    }
    this.ui.chart.draw();
    if (anneal) this.ui.runChart.draw();
    const lw = this.workers[Number(this.ui.ladderWorker.value) || 0];
    if (lw?.progress?.replicas?.length) {
      this.ui.ladderCard.hidden = false;
      if (this.ladderShown !== lw.progress) this.ui.ladder.set(lw.index, lw.progress.replicas, rows, cols);
      this.ladderShown = lw.progress;
    }
    this.ui.chartSummary.textContent = chartInWords(this.workers);
  }

  /**
   * Saves each worker's best distinct boards (or only worker `only`'s: the best of every run
   * so far, as the engine keeps them) in this browser's list where they belong: as each of its
   * runs finishes and as the search ends, so a closed tab loses at most the run in progress.
   */
  remember(settings, only = null) {
    for (const w of only ? [only] : this.workers) {
      const p = w.progress;
      const top = p?.top ?? [];
      const key = top.map((t) => t.board).join();
      if (!top.length || w.savedTop === key) continue;
      w.savedTop = key;
      const how = `${settings.opt === 'anneal' ? 'annealing' : 'hill climbing'} · seed ${w.seed}`;
      // The best board is dated when this view first saw it; the others when they are saved.
      const now = Date.now();
      const entries = top.map((t) => ({ board: t.board, size: settings.size, list: settings.wordlist, score: t.score, at: t.board === p.best_board ? w.foundAt : now, how, run: w.again }));
      this.ui.savedCard.offer(entries);
    }
  }

  unmount() {
    cancelAnimationFrame(this.tick);
    this.stop('left');
    this.run = null;
    for (const e of this.engines.slice(1)) e.terminate();
    this.engines = [this.ctx.engine];
    this.ui.chart.destroy();
    this.ui.runChart.destroy();
  }
}
