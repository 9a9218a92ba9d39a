// Painting a search run (run.js) into the view's cards (layout.js): the figures (time, boards
// scored, the rate, the share accepted, runs and how many reached the best), the best board and
// the worker that found it, the status line, each worker's current board, the best distinct
// boards, the charts, the tempering ladder and the charts in words. It reads the run and changes
// nothing in it; while the run goes on it redraws at most every RUN_REDRAW_MS, or less often
// where a redraw holds the main thread longer (see `gap`), otherwise only when something changed.
import { el, setBoardRows, setCount, setText } from '../../lib/dom.js';
import { count, percent } from '../../lib/format.js';
import { solverHref } from '../../lib/url.js';
import { announce } from '../../lib/announce.js';
import { MiniBoard } from '../../widgets/mini-board.js';
import { chartKey } from '../../widgets/score-chart.js';
import { RATE_WINDOW_MS, acceptanceLabel, chartInWords, keepSample, rates, runsAtBest, temperatureText, topBoards, totals } from './figures.js';
import { IDLE_STATUS } from './layout.js';

/** The least time between two redraws of the view while a search runs (see `paint`). */
const RUN_REDRAW_MS = 100;
/**
 * The most of the main thread the redraws of a running search may take: on a slow phone a
 * redraw (the script, then the browser's style, layout and paint) can hold the main thread
 * 100 ms, and ten of them a second left it no time for a tap on Pause. The redraws are spaced
 * to take this share of it at most.
 */
const REDRAW_SHARE = 0.25;
/** The longest time between two redraws while a search runs, however slow they are. */
const RUN_REDRAW_MAX_MS = 1000;
/** A new best score is said aloud at most this often while a search runs (its own channel). */
const SAY_BEST_MS = 5000;
/** The channel new best scores are said on: the view cancels it when it says how a run ended. */
export const SAY_BEST = 'search-best';

/**
 * The status line for a run in `state` (index.js's: `idle` before the first run) whose
 * target is `target`.
 * @param {string} state
 * @param {string | number} target
 */
function statusText(state, target) {
  return (
    {
      idle: IDLE_STATUS,
      running: 'Searching…',
      paused: 'Paused',
      stopped: 'Stopped',
      reached: `Reached the target score ${target}`,
      done: 'Finished: every run has ended',
      failed: 'The search could not run: the message in the settings says why',
      left: 'Stopped',
    }[state] ?? ''
  );
}

/**
 * Makes `link` open `board` in the solver with the run's size and word list, showing its rows;
 * a link that already does is left as it is.
 * @param {HTMLAnchorElement} link
 * @param {string} board
 * @param {Record<string, string>} settings the run's
 * @param {number} cols
 */
function showBoardLink(link, board, settings, cols) {
  const href = solverHref(board, settings.size, settings.wordlist);
  if (link.dataset.board === board && link.getAttribute('href') === href) return;
  setBoardRows(link, board, cols);
  link.href = href;
  link.dataset.board = board;
  // In a new tab: the search on this page goes on, and its boards stay (in place, Back would
  // find the view empty).
  link.target = '_blank';
  link.rel = 'noopener';
  link.title = 'Open in the solver, in a new tab';
}

/** Paints a run into the search view's cards. */
export class RunPainter {
  /** @param {import('./layout.js').SearchLayout} ui the cards */
  constructor(ui) {
    this.ui = ui;
    /**
     * Each worker's card in the run painted: its current board, its caption, and whether a
     * report came since it was drawn.
     * @type {{board: MiniBoard, score: HTMLElement, changed: boolean}[]}
     */
    this.cards = [];
    /** @type {import('./figures.js').Sample[]} the last seconds' totals, for the rates */
    this.samples = [];
    /** Something changed since the last paint. */
    this.dirty = false;
    this.drawnAt = 0;
    /** How long a redraw holds the main thread, as measured lately (ms, 0 before the first). */
    this.redrawMs = 0;
    /** @type {number | null} the best score last painted (a new one is said aloud) */
    this.shownBest = null;
    /** @type {string | null} the best distinct boards last painted */
    this.topKey = null;
    /** @type {object | null} the report whose ladder was last painted */
    this.ladderShown = null;
  }

  /**
   * Names the share accepted as optimizer `opt` counts it (figures.js).
   * @param {string} opt
   */
  nameAcceptance(opt) {
    const { label, title } = acceptanceLabel(opt);
    setText(this.ui.acceptLabel, label);
    if (this.ui.acceptLabel.title !== title) this.ui.acceptLabel.title = title;
  }

  /**
   * Clears the cards for `run` (just started) and gives each of its workers a card (its current
   * board and a caption) and a key in the chart's legend.
   * @param {import('./run.js').SearchRun} run
   */
  reset(run) {
    const s = run.settings;
    const anneal = s.opt === 'anneal';
    const n = run.workers.length;
    this.samples = [];
    this.shownBest = null;
    this.ui.currentList.replaceChildren();
    this.ui.legend.replaceChildren();
    this.ui.chart.reset({ anneal });
    this.ui.runCard.hidden = !anneal;
    this.ui.ladderCard.hidden = true;
    this.ui.ladderWorker.replaceChildren(...Array.from({ length: n }, (_, i) => el('option', { value: String(i) }, [`Worker ${i + 1}`])));
    this.ui.ladderPick.hidden = n < 2;
    this.ui.chartTitle.textContent = anneal ? 'Score, temperature and acceptance against boards scored' : 'Score against boards scored';
    this.cards = run.workers.map((w) => {
      const board = new MiniBoard('search-current-grid');
      const label = el('p', { className: 'search-current-label' }, [`Worker ${w.index + 1} · seed ${w.seed}`]);
      const score = el('p', { className: 'search-current-score' }, ['…']);
      this.ui.currentList.append(el('div', { className: 'search-current-item', dataset: { worker: w.index + 1 } }, [label, board.el, score]));
      this.ui.legend.append(el('span', { className: 'search-legend-item' }, [el('i', { style: `background:${this.ui.chart.colour(w.index)}` }), `worker ${w.index + 1}`]));
      return { board, score, changed: false };
    });
    this.ui.legend.append(el('span', { className: 'search-legend-key' }, [chartKey(anneal)]));
  }

  /**
   * Worker `w` reported `p`: the chart takes it now, its card at the next paint.
   * @param {import('./run.js').SearchWorker} w
   * @param {import('./figures.js').Report} p
   */
  report(w, p) {
    this.ui.chart.add(w.index, p);
    this.cards[w.index].changed = true;
    this.dirty = true;
  }

  /** Another worker's ladder was chosen: it is painted next. */
  ladderPicked() {
    this.dirty = true;
    this.ladderShown = null;
  }

  /**
   * The time between two redraws while a search runs: RUN_REDRAW_MS, or long enough that the
   * redraws take no more than REDRAW_SHARE of the main thread, up to RUN_REDRAW_MAX_MS.
   */
  gap() {
    return Math.min(RUN_REDRAW_MAX_MS, Math.max(RUN_REDRAW_MS, this.redrawMs / REDRAW_SHARE));
  }

  /**
   * A redraw held the main thread `ms` (with the browser's work on its frame): the estimate
   * follows it, smoothed over the last few.
   * @param {number} ms
   */
  measured(ms) {
    this.redrawMs = this.redrawMs ? 0.7 * this.redrawMs + 0.3 * ms : ms;
  }

  /**
   * Redraws what changed, at most once a frame: boards and charts as soon as a worker reports,
   * the figures (time, rates) every tenth of a second while the search runs.
   * @param {import('./run.js').SearchRun | null} run the run on screen (none: nothing to paint)
   * @param {string} state the view's state: the run's, `idle` before the first
   * @param {boolean} [force] paint now, even within the gap (a change of state: Pause
   *   must say so at once)
   */
  paint(run, state, force = false) {
    if (!run) return;
    const now = performance.now();
    // While a search runs, one redraw every RUN_REDRAW_MS, or less often on a device where it
    // costs more (`gap`; the clock moves even when no report came; each redraw paints three
    // charts, two boards and the figures, and the workers report about twenty times a second);
    // otherwise, and on a change of state, only when something changed.
    const due = now - this.drawnAt >= this.gap();
    if (state === 'running' && !force ? !due : !this.dirty) return;
    this.drawnAt = now;
    this.dirty = false;
    // A timer set now runs in a task after this frame's, which also styles, lays out and paints
    // what this redraw changed: the time until then is what the redraw cost.
    setTimeout(() => this.measured(performance.now() - now), 0);
    const { rows, cols, settings, workers } = run;
    const ps = workers.map((w) => w.progress).filter(Boolean);
    const secs = run.elapsed();
    const sum = totals(ps, now);
    keepSample(this.samples, sum, state === 'running');
    const anneal = settings.opt === 'anneal';
    const { rate, accepted: acc } = rates(this.samples, sum, secs, anneal);
    // The charts first, while the page's style is as the last frame left it: a canvas's
    // text needs the style of the page, which after the writes below the browser would work
    // out again (with the boards' container queries, a layout too) inside the draw.
    this.ui.chart.draw();
    if (anneal) this.ui.runChart.draw();
    this.nameAcceptance(settings.opt);

    // Each figure, board and line below is written only where it changed, in place (setText):
    // the view redraws ten times a second, and every change makes the browser style and lay out
    // what it touched again.
    const stats = this.ui.stats;
    setText(stats.elapsed, `${secs.toFixed(1)} s`);
    setCount(stats.boards, sum.boards, 'boards');
    // Running, the last seconds' pace; paused or over, the run's average, and said so.
    setText(this.ui.rateLabel, state === 'running' ? `Boards / s, last ${RATE_WINDOW_MS / 1000} s` : 'Boards / s, on average');
    setText(stats.rate, state === 'running' ? count(rate) : secs ? count(sum.boards / secs) : '–');
    // Two decimals below 10%: annealing accepts well under 1% of its proposals once a run cools.
    // Paused or over, the last seconds held no work, so there is no share to show.
    setText(stats.acceptance, ps.length && state === 'running' ? percent(acc) : '–');
    setText(stats.runs, ps.length ? count(ps.reduce((a, p) => a + p.run, 0)) : '–');
    const { finished, reached } = runsAtBest(ps);
    setText(stats.reached, finished ? `${count(reached)} of ${count(finished)}` : '–');

    // Best board over all workers (merged as the reports came, run.js).
    const best = run.best;
    if (best) {
      this.ui.bestBoard.set(best.p.best_board, rows, cols);
      setText(this.ui.bestScore, String(best.p.best_score));
      showBoardLink(this.ui.bestLink, best.p.best_board, settings, cols);
      setText(this.ui.bestWho, `found by worker ${best.w.index + 1} (seed ${best.w.seed})`);
      if (state === 'running' && best.p.best_score !== this.shownBest) {
        announce(`New best ${best.p.best_score} by worker ${best.w.index + 1}`, { throttle: SAY_BEST_MS, channel: SAY_BEST });
      }
      this.shownBest = best.p.best_score;
    }
    setText(this.ui.statusText, statusText(state, settings.target));

    for (const w of workers) {
      const p = w.progress;
      const card = this.cards[w.index];
      if (!p || !card.changed) continue;
      card.changed = false;
      card.board.set(p.current_board, rows, cols);
      const parts = [`${p.current_score} now`, `best ${p.best_score}`, `run ${p.run}`];
      if (p.temperature != null) parts.push(`T ${temperatureText(p.temperature, '≈ 0')}`);
      else if (p.pool) parts.push(`pool ${p.pool[0]}–${p.pool[1]}`);
      // A narrow caption wraps between its parts, never inside one or before a dot.
      setText(card.score, parts.map((s) => s.replaceAll(' ', '\u00a0')).join('\u00a0· '));
    }

    // Top distinct boards over all workers: each place keeps its item, whose score and board
    // change in place.
    const top = topBoards(ps);
    const key = top.map((t) => t.join(':')).join(',');
    if (key !== this.topKey) {
      this.topKey = key;
      const list = this.ui.topList;
      while (list.children.length > top.length) list.lastElementChild?.remove();
      top.forEach(([board, score], i) => {
        let item = list.children[i];
        if (!item) {
          item = el('li', { dataset: { testid: 'search-top-board' } }, [
            el('span', { className: 'search-top-score' }),
            el('a'),
          ]);
          list.append(item);
        }
        const [place, link] = /** @type {[HTMLElement, HTMLAnchorElement]} */ ([...item.children]);
        setText(place, String(score));
        showBoardLink(link, board, settings, cols);
      });
    }
    const lw = workers[Number(this.ui.ladderWorker.value) || 0];
    if (lw?.progress?.replicas?.length) {
      this.ui.ladderCard.hidden = false;
      if (this.ladderShown !== lw.progress) this.ui.ladder.set(lw.index, lw.progress.replicas, rows, cols);
      this.ladderShown = lw.progress;
    }
    setText(this.ui.chartSummary, chartInWords(workers));
  }
}
