// The search view's tempering ladder: one worker's rungs from hottest to coldest, each with its
// board, temperature, score and share of proposals accepted, and between neighbouring rungs
// how often they traded boards. Hot rungs wander; a good board found there moves down the
// ladder by trades until the coldest rung polishes it. Renders what the engine reports
// (`replicas` in a search's progress, coldest first); nothing when tempering is off.
import { el, setText } from '../../lib/dom.js';
import { count, percent, pointsText } from '../../lib/format.js';
import { MiniBoard } from '../../widgets/mini-board.js';

/**
 * One rung as the engine reports it (`Replica` in src/optimize/progress.rs).
 * @typedef {object} Rung
 * @property {number} temperature
 * @property {number} score
 * @property {string} board
 * @property {number} acceptance share of the rung's last 1,000 proposals accepted
 * @property {number} swaps_tried trades tried with the next hotter rung
 * @property {number} swaps_accepted trades made with it
 */

/**
 * One worker's tempering ladder as a list of rungs, hottest first, with a caption: built empty,
 * filled by `set` with each report (the rungs' elements are kept while their count stays).
 */
export class LadderView {
  constructor() {
    this.rungs = el('ol', { className: 'search-ladder', dataset: { testid: 'ladder' } });
    this.caption = el('p', { className: 'help' });
    this.el = el('div', { className: 'search-ladder-body' }, [this.caption, this.rungs]);
    /** @type {{board: MiniBoard, text: HTMLElement, trade: HTMLElement}[]} */
    this.items = [];
  }

  /**
   * Shows worker `worker`'s ladder (`replicas`, coldest first) on `rows x cols` boards.
   * @param {number} worker from 0
   * @param {Rung[]} replicas
   * @param {number} rows
   * @param {number} cols
   */
  set(worker, replicas, rows, cols) {
    const hotFirst = [...replicas].reverse();
    if (this.items.length !== hotFirst.length) {
      this.items = hotFirst.map(() => ({
        board: new MiniBoard('search-ladder-grid'),
        text: el('p', { className: 'search-ladder-text' }),
        trade: el('p', { className: 'search-ladder-trade' }),
      }));
      this.rungs.replaceChildren(...this.items.map((it) => el('li', { className: 'search-ladder-rung' }, [it.board.el, it.text, it.trade])));
    }
    setText(this.caption, `Worker ${worker + 1}: ${hotFirst.length} copies of the search at fixed temperatures, hottest first. Neighbours trade boards when the colder one gains by it (or by the Metropolis rule), so a good board found while hot moves down to be polished cold.`);
    hotFirst.forEach((r, i) => {
      const it = this.items[i];
      it.board.set(r.board, rows, cols);
      setText(it.text, `T ${r.temperature < 0.01 ? r.temperature.toPrecision(1) : r.temperature.toFixed(2)} · ${pointsText(r.score)} · ${(r.acceptance * 100).toFixed(1)}% accepted`);
      // Each rung but the hottest trades with the one before it (the next hotter).
      setText(it.trade, i === 0 ? '' : `↔ hotter: ${count(r.swaps_accepted)} of ${count(r.swaps_tried)} trades (${percent(r.swaps_tried ? r.swaps_accepted / r.swaps_tried : 0)})`);
    });
  }
}
