// The search widget (`?embed=1&mode=search`, the <boggle-search> element): a compact hill
// climbing or annealing run that the reader starts, with the live chart, the best board so far
// and the seed it came from, so a post can say "press Play: seed 7 finds 3625". It takes the
// search view's parameters (views/search/params.js reads and checks them) and runs one worker
// (seed as given) on the page's shared engine, for at most TIME_LIMIT_MS.
import { el, loadCss } from '../lib/dom.js';
import { count, duration, points, seconds, shapeOf, sizeText, unit } from '../lib/format.js';
import { DEFAULT_LIST, listName } from '../lib/lists.js';
import { solverHref } from '../lib/url.js';
import { announce, cancelAnnouncements } from '../lib/announce.js';
import { PARAMS, engineOptions, randomSeed } from '../views/search/params.js';
import { MiniBoard } from '../widgets/mini-board.js';
import { ScoreChart, chartKey } from '../widgets/score-chart.js';
import { EmbedFrame, readParam } from './frame.js';

await loadCss(new URL('./search.css', import.meta.url));

/** A run stops itself after this long: a widget left running in a background tab ends. */
const TIME_LIMIT_MS = 120_000;
/** A new best score is said aloud at most this often while a run is on. */
const SAY_BEST_MS = 5000;
/** How often the numbers and chart are redrawn while a run is on. */
const DRAW_MS = 150;

/** @typedef {import('../views/search/params.js').Settings} Settings */
/** @typedef {import('../views/search/params.js').ParamName} ParamName */

/**
 * A progress report of the engine's `search` job (src/wasm/optimize.rs), as far as the widget
 * reads it: what the chart takes, and the best board.
 * @typedef {Parameters<import('../widgets/score-chart.js').ScoreChart['add']>[1] & {best_board: string}} SearchProgress
 */

/**
 * The run on screen: its board shape, start (performance.now()), last report and the best
 * score last said aloud.
 * @typedef {{rows: number, cols: number, began: number, progress: SearchProgress | null, said?: number}} SearchRun
 */

/** @typedef {'stopped' | 'reached' | 'limit'} StopReason why a run was stopped */
/** @typedef {StopReason | 'done' | 'error'} RunEnd how a run ended */

/** @typedef {import('./view.js').WidgetContext} WidgetContext */

/**
 * Mounts the widget into `root`; see app.js for `ctx`.
 * @param {HTMLElement} root
 * @param {WidgetContext} ctx
 */
export function mount(root, ctx) {
  const view = new SearchWidget(root, ctx);
  return { unmount: () => view.unmount() };
}

class SearchWidget {
  /**
   * @param {HTMLElement} root
   * @param {WidgetContext} ctx
   */
  constructor(root, { engine, params, notes = [] }) {
    this.engine = engine;
    this.frame = new EmbedFrame(root, params, { kind: 'search', label: 'A search for a high-scoring Boggle board' });
    this.settings = this.read(params, notes);
    const s = this.settings;
    this.frame.setLabel(`A search for a high-scoring ${sizeText(s.size)} board, ${s.opt === 'anneal' ? 'annealing' : 'hill climbing'}${s.seed === '' ? '' : ` from seed ${s.seed}`}`);
    this.build();
    this.setLink();
    this.frame.done();
  }

  unmount() {
    this.gone = true;
    this.stop('stopped');
    this.chart.destroy();
    this.frame.unmount();
  }

  /**
   * The run's settings from the URL (the search view's readers); bad values become notes.
   * @param {URLSearchParams} params
   * @param {string[]} notes
   * @returns {Settings}
   */
  read(params, notes) {
    /** @type {Settings} */
    const s = {};
    for (const [name, p] of Object.entries(PARAMS)) {
      if (name === 'workers') continue; // one worker: the seed runs as given
      s[/** @type {ParamName} */ (name)] = readParam(params, name, p.read, p.def ?? '', notes);
    }
    this.frame.setNotes(notes);
    return s;
  }

  build() {
    const s = this.settings;
    this.board = new MiniBoard('embed-search-board');
    this.score = el('span', { className: 'embed-score', dataset: { testid: 'anneal-best-score' } }, ['–']);
    this.scoreLabel = el('span', { className: 'embed-score-label' }, ['points']);
    this.boardLink = el('a', { className: 'embed-search-link', dataset: { testid: 'anneal-best-board' } });
    this.seedLine = el('p', { className: 'embed-search-seed', dataset: { testid: 'search-seed' } });
    // Not a live region: it changes several times a second while a run is on. What changes is
    // said through the page's announcer: the run's start and end, and each new best (throttled).
    this.status = el('p', { className: 'embed-search-status', dataset: { testid: 'search-status', state: 'idle' } });
    this.play = el('button', { type: 'button', className: 'primary', dataset: { testid: 'anneal-start' } }, ['▶ Play']);
    this.play.addEventListener('click', () => (this.job ? this.stop('stopped') : this.start()));
    this.chart = new ScoreChart();
    const what = s.opt === 'anneal' ? 'Annealing' : 'Hill climbing';
    const list = s.wordlist === DEFAULT_LIST ? '' : ` · ${listName(s.wordlist)}`;
    this.frame.caption.textContent = `${what} · ${sizeText(s.size)}${list}${s.seed === '' ? '' : ` · seed ${s.seed}`}`;
    this.seedLine.textContent = s.seed === '' ? 'A random seed is picked when you press Play.' : `Seed ${s.seed}: the same seed finds the same boards.`;
    this.status.textContent = `Press Play to start ${what.toLowerCase()}.`;
    this.frame.body.hidden = false;
    this.frame.body.append(
      el('div', { className: 'embed-search-best' }, [
        this.board.el,
        el('div', { className: 'embed-search-info' }, [
          el('div', {}, [this.score, ' ', this.scoreLabel]),
          this.boardLink,
          this.seedLine,
          this.status,
          el('div', {}, [this.play]),
        ]),
      ]),
      this.chart.el,
      el('p', { className: 'embed-search-key' }, [chartKey(s.opt === 'anneal')]),
    );
    // An empty board until the first result: the tray shows the size.
    const [rows, cols] = shapeOf(s.size);
    this.board.set('·'.repeat(rows * cols), rows, cols);
  }

  start() {
    const s = this.settings;
    if (s.seed === '') s.seed = String(randomSeed());
    const [rows, cols] = shapeOf(s.size);
    /** @type {SearchRun} */
    this.run = { rows, cols, began: performance.now(), progress: null };
    this.chart.reset({ anneal: s.opt === 'anneal' });
    this.seedLine.textContent = `Seed ${s.seed}: the same seed finds the same boards.`;
    this.setLink();
    const run = this.run;
    this.job = this.engine.request('search', { list: s.wordlist, optimizer: s.opt, options: engineOptions(s, 0) }, { onProgress: (p) => this.progress(run, p) });
    this.job.promise.then(
      (r) => {
        if (this.run !== run) return;
        this.progress(run, r?.cancelled ? r.value : r);
        const t = this.settings.target;
        const reached = t !== '' && run.progress?.best_score >= Number(t);
        this.finish(reached ? 'reached' : r?.cancelled ? this.stopped ?? 'stopped' : 'done');
      },
      (e) => {
        if (this.run !== run) return;
        this.frame.error.show(`The search stopped: ${e.message}`);
        this.finish('error');
      },
    );
    /** Why the run was stopped, once it was. @type {StopReason | null} */
    this.stopped = null;
    this.limit = setTimeout(() => this.stop('limit'), TIME_LIMIT_MS);
    this.drawing = setInterval(() => this.draw(), DRAW_MS);
    this.play.textContent = '■ Stop';
    this.setState('running', 'Searching…');
  }

  /**
   * Stops the run; `why` ("stopped", "reached", "limit") is said once the worker answers.
   * @param {StopReason} why
   */
  stop(why) {
    if (!this.job) return;
    this.stopped = why;
    this.job.cancel();
  }

  /**
   * @param {SearchRun} run the run the report is of (a report of an older run is dropped)
   * @param {SearchProgress | null | undefined} p
   */
  progress(run, p) {
    if (!p || this.run !== run) return;
    run.progress = p;
    this.chart.add(0, p);
    const t = this.settings.target;
    if (t !== '' && p.best_score >= Number(t)) this.stop('reached');
  }

  /** @param {RunEnd} why */
  finish(why) {
    clearTimeout(this.limit);
    clearInterval(this.drawing);
    this.job = null;
    this.play.textContent = '▶ Play again';
    this.draw();
    const secs = seconds(performance.now() - this.run.began);
    const text = {
      done: `Finished: every run ended (${secs}).`,
      reached: `Reached the target ${points(Number(this.settings.target))} in ${secs}.`,
      limit: `Stopped at the time limit (${duration(TIME_LIMIT_MS)}).`,
      stopped: `Stopped after ${secs}.`,
      error: 'Stopped.',
    }[why];
    this.setState(why, text);
  }

  /**
   * @param {string} state the status line's data-state
   * @param {string} text
   */
  setState(state, text) {
    this.status.dataset.state = state;
    this.status.textContent = text;
    if (state !== 'running') cancelAnnouncements('search-best');
    announce(text);
  }

  draw() {
    const p = this.run?.progress;
    if (!p) return;
    const { rows, cols } = this.run;
    if (p.best_board) {
      this.board.set(p.best_board, rows, cols);
      this.score.textContent = points(p.best_score);
      this.scoreLabel.textContent = unit(p.best_score, 'point');
      this.boardLink.textContent = p.best_board;
      this.boardLink.href = solverHref(p.best_board, this.settings.size, this.settings.wordlist);
      this.boardLink.title = 'See its words in Boggle Explorer';
      if (this.job && p.best_score !== this.run.said) {
        this.run.said = p.best_score;
        announce(`New best ${p.best_score}`, { throttle: SAY_BEST_MS, channel: 'search-best' });
      }
    }
    if (this.job) this.status.textContent = `Searching: ${count(p.boards)} boards scored, run ${p.run}.`;
    this.chart.draw();
  }

  /** The search view with the same settings, one worker: pressing Start there repeats this run. */
  setLink() {
    const q = new URLSearchParams({ mode: 'search' });
    for (const [name, p] of Object.entries(PARAMS)) {
      const v = this.settings[/** @type {ParamName} */ (name)];
      if (v !== undefined && v !== '' && v !== p.def && !(p.only && p.only !== this.settings.opt)) q.set(name, v);
    }
    q.set('workers', '1');
    this.frame.setLink(q);
  }
}
