// The search view's cards: the best board and the run's figures, the chart, annealing's
// current run, the tempering ladder, each worker's current board, the best distinct boards and
// the boards this browser saved. Builds the elements once; the view (index.js) fills them.
import { el } from '../../lib/dom.js';
import { MiniBoard } from '../../widgets/mini-board.js';
import { RunChart } from '../../widgets/run-chart.js';
import { ScoreChart } from '../../widgets/score-chart.js';
import { SearchSeries } from '../../widgets/search-series.js';
import { LadderView } from './ladder.js';
import { SavedCard } from './saved-card.js';

/** The view's elements, beside the settings form `formEl`. */
/** The status line before a run (and after the view is reset). */
export const IDLE_STATUS = 'Press Start to begin.';

/** The search view's cards, built once for the view to fill. */
export class SearchLayout {
  /**
   * @param {HTMLElement} formEl
   * @param {{scale: (scale: 'linear' | 'log') => void, ladderPick: () => void}} on what a press of a
   *   scale button and a choice of the ladder's worker do
   */
  constructor(formEl, on) {
    this.bestBoard = new MiniBoard('search-best-grid');
    this.bestScore = el('span', { className: 'stat-value', dataset: { testid: 'anneal-best-score' } }, ['–']);
    this.bestLink = el('a', { className: 'search-board-link', dataset: { testid: 'anneal-best-board' } }, []);
    this.bestWho = el('p', { className: 'help', dataset: { testid: 'search-best-who' } }, ['No board yet.']);
    /** @type {Record<string, HTMLElement>} each figure's value, by name (elapsed, boards, rate, acceptance, runs, reached) */
    this.stats = {};
    /**
     * A figure's term and its value (kept in `stats` under `name`).
     * @param {string} name
     * @param {string} label
     */
    const stat = (name, label) => {
      this.stats[name] = el('dd', { dataset: { testid: `search-${name}` } }, ['–']);
      return [el('dt', {}, [label]), this.stats[name]];
    };
    // The view says it through the page's announcer as the state changes, and each new best.
    this.statusText = el('p', { className: 'search-status', dataset: { testid: 'search-status' } }, [IDLE_STATUS]);
    /** The best board's card, which a run fills first. */
    this.best = el('section', { className: 'card search-best' }, [
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
            ...stat('reached', 'Finished runs at the best'),
          ]),
        ]),
      ]),
    ]);
    this.stats.boards.title = 'Over every worker; the chart plots each worker’s own count';
    this.stats.reached.title = 'Finished runs, over every worker, whose best reached the best score above';
    /** The term of the share accepted (its `dt`), which each optimizer names its own way. */
    this.acceptLabel = /** @type {HTMLElement} */ (this.stats.acceptance.previousSibling);
    /** The term of the rate, which says over what time it is (paint.js). */
    this.rateLabel = /** @type {HTMLElement} */ (this.stats.rate.previousSibling);

    this.ladder = new LadderView();
    this.ladderWorker = el('select', { id: 'ladder-worker', dataset: { testid: 'ladder-worker' } });
    this.ladderWorker.addEventListener('change', () => on.ladderPick());
    this.ladderPick = el('div', { className: 'field search-ladder-pick' }, [el('label', { className: 'field-label', htmlFor: 'ladder-worker' }, ['Worker']), this.ladderWorker]);
    this.ladderCard = el('section', { className: 'card search-ladder-card', hidden: true }, [
      el('h2', { className: 'search-title' }, ['Tempering ladder']),
      this.ladderPick,
      this.ladder.el,
    ]);

    this.currentList = el('div', { className: 'search-current-list' });
    const current = card('search-current', 'Current boards', 'What each worker is working on; cells that just changed flash.', this.currentList);

    this.series = new SearchSeries();
    this.chart = new ScoreChart({ series: this.series });
    this.legend = el('div', { className: 'search-legend' });
    this.scaleButtons = /** @type {const} */ (['linear', 'log']).map((scale) => {
      const b = el('button', { type: 'button', className: 'secondary', dataset: { scale, testid: `chart-scale-${scale}` } }, [scale === 'log' ? 'Log' : 'Linear']);
      b.addEventListener('click', () => on.scale(scale));
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
    this.runCard = card(
      'search-run',
      'This run',
      'Each worker’s current run: score (solid) and temperature (dashed) against the proposals taken in the run. A run starts hot, where most proposals are accepted and the score wanders, and freezes as T falls. Proposals whose board was scored recently are looked up rather than scored again, so a run takes more proposals than it scores boards.',
      this.runChart.el,
    );
    this.runCard.hidden = true;

    this.topList = el('ol', { className: 'search-top' });
    const top = card('search-top-card', 'Best distinct boards', 'Up to rotation and reflection, over every worker. Each opens in the solver in a new tab, to see its words while the search goes on.', this.topList);

    this.savedCard = new SavedCard();

    this.root = el('div', { className: 'search' }, [
      el('div', { className: 'search-side sticky-side' }, [formEl]),
      el('div', { className: 'search-main' }, [this.best, chart, this.runCard, this.ladderCard, current, top, this.savedCard.el]),
    ]);
  }
}

/**
 * A card of the search view with a line of help under its title.
 * @param {string} className the card's own class, beside `card`
 * @param {string} title
 * @param {string} help
 * @param {HTMLElement} body what the card shows under its help
 * @returns {HTMLElement}
 */
function card(className, title, help, body) {
  return el('section', { className: `card ${className}` }, [el('h2', { className: 'search-title' }, [title]), el('p', { className: 'help' }, [help]), body]);
}
