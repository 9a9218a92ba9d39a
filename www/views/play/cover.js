// The cover over a round's board until the player presses Start. Under it the board's cells are
// blank and out of reach (no letter of the round in the page, none in a cell's name), the clock
// shows the round's length without running, and the cover gives the rules and the Start button.
// Start uncovers the board, starts the clock and puts the focus in the word box. The Play view
// covers a round opened from a link or the menu; the play widget covers every round.
import { el } from '../../lib/dom.js';

/** A round's board covered until Start. */
export class RoundCover {
  /**
   * Covers the board of `round` (a PlayRound). `onStart()` runs once a covered round has been
   * started by Start (the view keeps it in the tab and says so; the widget hides its last review).
   * @param {{round: import('./round.js').PlayRound, onStart?: () => void}} options
   */
  constructor({ round, onStart = () => {} }) {
    this.round = round;
    this.onStart = onStart;
    /** @type {import('./round.js').Round | null} the round waiting under the cover */
    this.waiting = null;
    this.rules = el('p', {}, ['']);
    this.button = el('button', { type: 'button', className: 'primary', dataset: { testid: 'play-start' } }, [
      el('span', { 'aria-hidden': 'true' }, ['▶ ']),
      'Start the round',
    ]);
    this.button.addEventListener('click', () => this.start());
    this.el = el('div', { className: 'play-cover', hidden: true, dataset: { testid: 'play-cover' } }, [
      el('p', { className: 'play-cover-title' }, ['Find as many words as you can']),
      el('p', {}, ['Type them, or trace them across the cubes.']),
      this.rules,
      this.button,
    ]);
    /** The board with its cover: what goes where the round's board would. */
    this.tray = el('div', { className: 'play-tray' }, [round.grid.el, this.el]);
  }

  /** True while a round waits under the cover. */
  get covered() {
    return this.waiting !== null;
  }

  /**
   * Covers `round` until Start: its cells blank, its clock at its full length; `rules` are its
   * rules in words ("2 minutes · words of 3+ letters · ENABLE2K").
   * @param {import('./round.js').Round} round
   * @param {string} rules
   */
  show(round, rules) {
    this.waiting = round;
    this.round.wait(round);
    this.rules.textContent = `${rules}.`;
    this.el.hidden = false;
    // The blank cells behind the cover take no focus and are not read out.
    this.round.grid.el.inert = true;
  }

  /** Takes the cover off without starting anything (another round, or a board to review, replaces it). */
  hide() {
    this.waiting = null;
    this.el.hidden = true;
    this.round.grid.el.inert = false;
  }

  /** Start: the round under the cover begins, and the focus goes to the word box. */
  start() {
    const round = this.waiting;
    if (!round) return;
    this.hide();
    this.round.start(round);
    this.round.input.focus();
    this.onStart();
  }
}
