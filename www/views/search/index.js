// The search view (mode=search): watch hill climbing or simulated annealing look for a
// high-scoring board. A pool of workers (one per core) runs independent seeds; the view shows
// the best board so far, a live chart, each worker's current board and the best distinct boards,
// each a link to the solver. The URL holds every setting (form.js, params.js), so a link
// reproduces the run: worker i runs seed + i.
import { Engine } from '../../engine.js';
import { el, loadCss } from '../../lib/dom.js';
import { count, countNode, exactCount } from '../../lib/format.js';
import { solverHref } from '../../lib/url.js';
import { announce, cancelAnnouncements } from '../../lib/announce.js';
import { MiniBoard } from '../../widgets/mini-board.js';
import { RunChart } from '../../widgets/run-chart.js';
import { ScoreChart } from '../../widgets/score-chart.js';
import { SearchSeries } from '../../widgets/search-series.js';
import { SearchForm } from './form.js';
import { LadderView } from './ladder.js';
import { PARAMS, engineOptions } from './params.js';
import { SavedCard } from './saved-card.js';

await loadCss(new URL('./search.css', import.meta.url));

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
      if (!view.running()) view.form.apply(params);
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
      busy: () => this.running(),
    });
    this.build(root);
    this.form.apply(ctx.params);
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
    this.scaleNote.textContent = ok ? '' : `“${String(v).slice(0, 20)}” is not a scale: showing linear (use xscale=log or linear).`;
    if (!ok) this.ctx.setParams({ xscale: null });
    this.setScale(v === 'log' ? 'log' : 'linear', false);
  }

  /** Switches the chart's x axis; `remember` writes it into the URL. */
  setScale(scale, remember = true) {
    this.chart.setScale(scale);
    for (const b of this.scaleButtons) b.setAttribute('aria-pressed', String(b.dataset.scale === scale));
    if (remember) this.ctx.setParams({ xscale: scale === 'linear' ? null : scale });
  }

  build(root) {
    this.bestBoard = new MiniBoard('search-best-grid');
    this.bestScore = el('span', { className: 'stat-value', dataset: { testid: 'search-best-score' } }, ['–']);
    this.bestLink = el('a', { className: 'search-board-link', dataset: { testid: 'search-best-board' } }, []);
    this.bestWho = el('p', { className: 'help' }, ['Press Start to begin.']);
    this.stats = {};
    const stat = (name, label) => {
      this.stats[name] = el('dd', { dataset: { testid: `search-${name}` } }, ['–']);
      return [el('dt', {}, [label]), this.stats[name]];
    };
    // Said through the page's announcer (setState), with each new best (render, throttled).
    this.statusText = el('p', { className: 'search-status', dataset: { testid: 'search-status' } }, ['Ready']);
    const best = el('section', { className: 'card search-best' }, [
      el('h2', { className: 'search-title' }, ['Best board']),
      el('div', { className: 'search-best-body' }, [
        this.bestBoard.el,
        el('div', { className: 'search-best-info' }, [
          el('div', { className: 'stat' }, [this.bestScore, el('span', { className: 'stat-label' }, ['points'])]),
          this.bestLink,
          this.bestWho,
          this.statusText,
          el('dl', { className: 'search-stats' }, [
            ...stat('elapsed', 'Time'),
            ...stat('boards', 'Boards scored'),
            ...stat('rate', 'Boards / s'),
            ...stat('acceptance', 'Accepted'),
            ...stat('runs', 'Runs'),
          ]),
        ]),
      ]),
    ]);
    this.acceptLabel = this.stats.acceptance.previousSibling;

    this.ladder = new LadderView();
    this.ladderWorker = el('select', { id: 'ladder-worker', dataset: { testid: 'ladder-worker' } });
    this.ladderWorker.addEventListener('change', () => {
      this.dirty = true;
      this.ladderShown = null;
    });
    this.ladderPick = el('div', { className: 'field search-ladder-pick' }, [el('label', { htmlFor: 'ladder-worker' }, ['Worker']), this.ladderWorker]);
    this.ladderCard = el('section', { className: 'card search-ladder-card', hidden: true }, [
      el('h2', { className: 'search-title' }, ['Tempering ladder']),
      this.ladderPick,
      this.ladder.el,
    ]);

    this.currentList = el('div', { className: 'search-current-list' });
    const current = el('section', { className: 'card search-current' }, [
      el('h2', { className: 'search-title' }, ['Current boards']),
      el('p', { className: 'help' }, ['What each worker is working on; cells that just changed flash.']),
      this.currentList,
    ]);

    this.series = new SearchSeries();
    this.chart = new ScoreChart({ series: this.series });
    this.legend = el('div', { className: 'search-legend' });
    this.scaleButtons = ['linear', 'log'].map((scale) => {
      const b = el('button', { type: 'button', className: 'secondary', dataset: { scale, testid: `chart-scale-${scale}` } }, [scale === 'log' ? 'Log' : 'Linear']);
      b.addEventListener('click', () => this.setScale(scale));
      return b;
    });
    this.scaleNote = el('p', { className: 'help search-scale-note' });
    this.chartSummary = el('p', { className: 'search-chart-summary', dataset: { testid: 'chart-summary' } });
    const chart = el('section', { className: 'card search-chart' }, [
      el('div', { className: 'search-chart-head' }, [
        (this.chartTitle = el('h2', { className: 'search-title' }, ['Score against boards scored'])),
        el('div', { className: 'segmented search-scale', role: 'group', 'aria-label': 'Boards axis' }, [el('span', { className: 'search-scale-label' }, ['Boards axis']), ...this.scaleButtons]),
      ]),
      this.scaleNote,
      this.chart.el,
      this.legend,
      this.chartSummary,
    ]);

    this.runChart = new RunChart(this.series);
    this.runCard = el('section', { className: 'card search-run', hidden: true }, [
      el('h2', { className: 'search-title' }, ['This run']),
      el('p', { className: 'help' }, [
        'Each worker’s current run: score (solid) and temperature (dashed) against the proposals taken in the run. A run starts hot, where most proposals are accepted and the score wanders, and freezes as T falls. Proposals whose board was scored recently are looked up rather than scored again, so a run takes more proposals than it scores boards.',
      ]),
      this.runChart.el,
    ]);

    this.topList = el('ol', { className: 'search-top' });
    const top = el('section', { className: 'card search-top-card' }, [
      el('h2', { className: 'search-title' }, ['Best distinct boards']),
      el('p', { className: 'help' }, ['Up to rotation and reflection, over every worker. Open one in the solver to see its words.']),
      this.topList,
    ]);

    this.savedCard = new SavedCard();

    this.root = el('div', { className: 'search' }, [
      el('div', { className: 'search-side' }, [this.form.el]),
      el('div', { className: 'search-main' }, [best, chart, this.runCard, this.ladderCard, current, top, this.savedCard.el]),
    ]);
    root.append(this.root);
    // Board links open the solver in this page (a new view, a history entry).
    this.root.addEventListener('click', (e) => {
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
    if (!s) return;
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
    const [rows, cols] = s.size.split('x').map(Number);
    this.run = { settings: s, rows, cols, started: performance.now(), pausedFor: 0, pausedAt: 0, samples: [] };
    this.workers = [];
    this.jobs = [];
    this.currentList.replaceChildren();
    this.legend.replaceChildren();
    this.chart.reset({ anneal: s.opt === 'anneal' });
    this.runCard.hidden = s.opt !== 'anneal';
    this.ladderCard.hidden = true;
    this.ladderWorker.replaceChildren(...Array.from({ length: n }, (_, i) => el('option', { value: String(i) }, [`Worker ${i + 1}`])));
    this.ladderPick.hidden = n < 2;
    this.chartTitle.textContent = s.opt === 'anneal' ? 'Score, temperature and acceptance against boards scored' : 'Score against boards scored';
    for (let i = 0; i < n; i++) {
      const options = engineOptions(s, i);
      const board = new MiniBoard('search-current-grid');
      const label = el('p', { className: 'search-current-label' }, [`Worker ${i + 1} · seed ${options.seed}`]);
      const score = el('p', { className: 'search-current-score' }, ['…']);
      this.currentList.append(el('div', { className: 'search-current-item', dataset: { worker: i + 1 } }, [label, board.el, score]));
      this.legend.append(el('span', { className: 'search-legend-item' }, [el('i', { style: `background:${this.chart.colour(i)}` }), `worker ${i + 1}`]));
      const again = new URLSearchParams(location.search);
      again.set('mode', 'search');
      again.set('seed', String(options.seed));
      again.set('workers', '1');
      const w = { index: i, seed: options.seed, board, score, progress: null, done: false, again: `?${again}` };
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
          this.form.runError.show(`Worker ${i + 1}: ${e.message}`);
          this.finished();
        },
      );
    }
    // Once every job has answered (finished, stopped or failed), nothing more will arrive: the
    // numbers on screen are final (`data-settled`, for tests and scripts).
    delete this.root.dataset.settled;
    const run = this.run;
    Promise.allSettled(this.jobs.map((j) => j.promise)).then(() => {
      if (this.run !== run) return;
      this.remember(run.settings);
      this.root.dataset.settled = 'true';
      this.dirty = true;
      this.render();
      this.sayEnd();
    });
    this.legend.append(el('span', { className: 'search-legend-key' }, ['thick: best · thin: current' + (s.opt === 'anneal' ? ' · below: temperature (dashed) and share accepted' : '')]));
    this.setState('running');
  }

  progress(w, p) {
    if (!p || !this.run) return;
    w.progress = p;
    this.chart.add(w.index, p);
    w.boardChanged = true;
    this.dirty = true;
    const t = this.run.settings.target;
    if (t !== '' && p.best_score >= Number(t) && this.state === 'running') this.stop('reached');
  }

  finished() {
    if (this.workers.every((w) => w.done) && this.running()) this.setState('done');
    this.dirty = true;
  }

  togglePause() {
    if (this.state === 'running') {
      // `data-held` once every worker has acknowledged: no step runs until resumed.
      const run = this.run;
      Promise.all(this.jobs.map((j) => j.pause())).then(() => {
        if (this.run !== run || this.state !== 'paused') return;
        this.root.dataset.held = 'true';
        this.dirty = true;
        this.render();
      });
      this.run.pausedAt = performance.now();
      this.setState('paused');
    } else if (this.state === 'paused') {
      delete this.root.dataset.held;
      for (const j of this.jobs) j.resume();
      this.run.pausedFor += performance.now() - this.run.pausedAt;
      this.setState('running');
    }
  }

  /** Stops every worker's job; `why` is the state to show ("stopped", "reached", "left"). */
  stop(why) {
    if (!this.running()) return;
    if (this.state === 'paused') this.run.pausedFor += performance.now() - this.run.pausedAt;
    delete this.root.dataset.held;
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
    this.root.dataset.state = state;
    this.dirty = true;
    this.render(true);
    // How a run ended is said once every worker has answered (sayEnd): the best is final then.
    if (state === 'running' || state === 'paused') announce(this.statusText.textContent);
  }

  /** Says how the run ended, with its best score and the worker that found it. */
  sayEnd() {
    cancelAnnouncements(SAY_BEST);
    const b = this.best;
    announce(`${this.statusText.textContent}${b ? `: best ${b.p.best_score} by worker ${b.w.index + 1}` : ''}`);
  }

  elapsed() {
    const r = this.run;
    if (!r) return 0;
    const end = r.ended ?? (this.state === 'paused' ? r.pausedAt : performance.now());
    return (end - r.started - r.pausedFor) / 1000;
  }

  // ---- Rendering ----------------------------------------------------------------------------

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
    const boards = ps.reduce((a, p) => a + p.boards, 0);
    const iterations = ps.reduce((a, p) => a + p.iterations, 0);
    const accepted = ps.reduce((a, p) => a + p.accepted, 0);

    // Rates over the last couple of seconds.
    const samples = this.run.samples;
    if (this.state === 'running') samples.push({ t: now, boards, iterations, accepted });
    while (samples.length > 2 && now - samples[0].t > 2000) samples.shift();
    const first = samples[0];
    const last = samples[samples.length - 1];
    const dt = last && first && last.t > first.t ? (last.t - first.t) / 1000 : 0;
    const rate = dt ? (last.boards - first.boards) / dt : secs ? boards / secs : 0;
    const anneal = settings.opt === 'anneal';
    // Annealing: the engine's share of each worker's last 1,000 proposals accepted, averaged.
    // Hill climbing: the share of boards scored in the last 2 s that entered a pool.
    const den = last && first ? last.boards - first.boards : 0;
    const acc = anneal
      ? ps.reduce((a, p) => a + (p.acceptance ?? 0), 0) / Math.max(1, ps.length)
      : den > 0
        ? (last.accepted - first.accepted) / den
        : accepted / Math.max(1, boards);
    this.acceptLabel.textContent = anneal ? 'Accepted, last 1,000 proposals' : 'Entered pool, last 2 s';
    this.acceptLabel.title = anneal
      ? 'Share of each worker’s last 1,000 proposed boards that were accepted, averaged over the workers'
      : 'Share of the boards scored in the last 2 s that entered a pool';

    this.stats.elapsed.textContent = `${secs.toFixed(1)} s`;
    this.stats.boards.replaceChildren(countNode(boards, 'boards'));
    this.stats.boards.title = 'Over every worker; the chart plots each worker’s own count';
    this.stats.rate.textContent = this.state === 'running' ? count(rate) : secs ? count(boards / secs) : '–';
    this.stats.acceptance.textContent = ps.length ? `${(acc * 100).toFixed(1)}%` : '–';
    this.stats.runs.textContent = ps.length ? count(ps.reduce((a, p) => a + p.run, 0)) : '–';

    // Best board over all workers.
    let best = null;
    for (const w of this.workers) {
      const p = w.progress;
      if (p?.best_board && (!best || p.best_score > best.p.best_score)) best = { p, w };
    }
    if (best) {
      this.bestBoard.set(best.p.best_board, rows, cols);
      this.bestScore.textContent = best.p.best_score;
      this.bestLink.textContent = best.p.best_board;
      this.bestLink.href = solverHref(best.p.best_board, settings.size, settings.wordlist);
      this.bestLink.dataset.board = best.p.best_board;
      this.bestLink.title = 'Open in the solver';
      this.bestWho.textContent = `found by worker ${best.w.index + 1} (seed ${best.w.seed})`;
      if (this.state === 'running' && best.p.best_score !== this.best?.p.best_score) {
        announce(`New best ${best.p.best_score} by worker ${best.w.index + 1}`, { throttle: SAY_BEST_MS, channel: SAY_BEST });
      }
    }
    this.best = best;
    this.statusText.textContent = {
      running: 'Searching…',
      paused: 'Paused',
      stopped: 'Stopped',
      reached: `Reached the target score ${settings.target}`,
      done: 'Finished: every run has ended',
      left: 'Stopped',
    }[this.state] ?? '';

    for (const w of this.workers) {
      const p = w.progress;
      if (!p || !w.boardChanged) continue;
      w.boardChanged = false;
      w.board.set(p.current_board, rows, cols);
      const extra = p.temperature != null ? ` · T ${p.temperature < 0.005 ? '≈ 0' : p.temperature.toFixed(2)}` : p.pool ? ` · pool ${p.pool[0]}–${p.pool[1]}` : '';
      w.score.textContent = `${p.current_score} now · best ${p.best_score} · run ${p.run}${extra}`;
    }

    // Top distinct boards over all workers.
    const seen = new Map();
    for (const p of ps) for (const t of p.top) if (!seen.has(t.board)) seen.set(t.board, t.score);
    const top = [...seen].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, 10);
    const key = top.map((t) => t.join(':')).join(',');
    if (key !== this.topKey) {
      this.topKey = key;
      this.topList.replaceChildren(
        ...top.map(([board, score]) =>
          el('li', { dataset: { testid: 'search-top-board' } }, [
            el('span', { className: 'search-top-score' }, [String(score)]),
            el('a', { href: solverHref(board, settings.size, settings.wordlist), dataset: { board }, title: 'Open in the solver' }, [board]),
          ]),
        ),
      );
    }
    this.chart.draw();
    if (anneal) this.runChart.draw();
    const lw = this.workers[Number(this.ladderWorker.value) || 0];
    if (lw?.progress?.replicas?.length) {
      this.ladderCard.hidden = false;
      if (this.ladderShown !== lw.progress) this.ladder.set(lw.index, lw.progress.replicas, rows, cols);
      this.ladderShown = lw.progress;
    }
    this.chartSummary.textContent = this.summary();
  }

  /** The chart in words: each worker's best and current score (and temperature). */
  summary() {
    const parts = this.workers
      .filter((w) => w.progress)
      .map((w) => {
        const p = w.progress;
        const t = p.temperature != null ? `, temperature ${p.temperature < 0.005 ? 'about 0' : p.temperature.toFixed(2)}` : '';
        return `worker ${w.index + 1}: best ${p.best_score}, now ${p.current_score}${t} after ${exactCount(p.boards)} boards`;
      });
    return parts.length ? `${parts.join('; ')}.` : '';
  }

  /** Saves each worker's best board in this browser's list when it belongs there (as a run ends). */
  remember(settings) {
    for (const w of this.workers) {
      const p = w.progress;
      if (!p?.best_board || w.savedBest === p.best_board) continue;
      w.savedBest = p.best_board;
      const how = `${settings.opt === 'anneal' ? 'annealing' : 'hill climbing'} · seed ${w.seed}`;
      this.savedCard.offer({ board: p.best_board, size: settings.size, list: settings.wordlist, score: p.best_score, at: Date.now(), how, run: w.again });
    }
  }

  unmount() {
    cancelAnimationFrame(this.tick);
    this.stop('left');
    this.run = null;
    for (const e of this.engines.slice(1)) e.terminate();
    this.engines = [this.ctx.engine];
    this.chart.destroy();
    this.runChart.destroy();
  }
}
