// The cover over a round's board until the player presses Start. Under it the board's cells are
// blank and out of reach (no letter of the round in the page, none in a cell's name), the clock
// shows the round's length without running, and the cover gives the rules and the Start button.
// Start uncovers the board, starts the clock and puts the focus in the word box. Meanwhile the
// engine loads the round's word list: Start pressed before it is there waits for it, and a list
// that cannot be loaded (offline, never downloaded) is said on the cover in Start's place, with
// Try again and, where the page has one, another list to play with; the clock never starts on
// a round whose words could not be judged. The Play view covers a round opened from a link or
// the menu; the play widget covers every round.
import { el } from '../../lib/dom.js';
import { announce } from '../../lib/announce.js';
import { isDownloadFailure, isEngineFailure, sentence } from '../../lib/failure.js';
import { shown } from '../../lib/format.js';

/** A round's board covered until Start. */
export class RoundCover {
  /**
   * Covers the board of `round` (a PlayRound). `onStart()` runs once a covered round has been
   * started by Start (the view keeps it in the tab and says so; the widget hides its last review).
   * `board`, when given, is what holds the clock and the board: Start brings it into view down to
   * the word box (the view, whose page scrolls), rather than the browser's scrolling to the box.
   * `otherList(list)` names a list that works now in place of `list` that failed (the view: one
   * this browser has), or null; `onList(name)` plays the round with that list instead.
   * @param {{round: import('./round.js').PlayRound, onStart?: () => void, board?: Element | null,
   *   otherList?: ((list: string) => Promise<string | null>) | null, onList?: (list: string) => void}} options
   */
  constructor({ round, onStart = () => {}, board = null, otherList = null, onList = () => {} }) {
    this.round = round;
    this.onStart = onStart;
    this.board = board;
    this.otherList = otherList;
    this.onList = onList;
    /** @type {import('./judging.js').Round | null} the round waiting under the cover */
    this.waiting = null;
    /** Whether the round's list is there (its engine check came back sound). */
    this.loaded = false;
    /** Whether Start was pressed before the list was there: the round starts once it is. */
    this.pressed = false;
    /** Whether the list could not be loaded (the cover says so in Start's place). */
    this.failed = false;
    /** @type {string | null} the list offered in place of the round's (otherList's) */
    this.other = null;
    this.title = el('p', { className: 'play-cover-title' }, ['']);
    this.intro = el('p', {}, ['Type them, or trace them across the cubes.']);
    this.rules = el('p', {}, ['']);
    this.status = el('p', { className: 'play-cover-status', dataset: { testid: 'play-cover-status' } }, ['']);
    this.button = el('button', { type: 'button', className: 'primary', dataset: { testid: 'play-start' } }, [
      el('span', { 'aria-hidden': 'true' }, ['▶ ']),
      'Start the round',
    ]);
    this.button.addEventListener('click', () => this.start());
    this.retryButton = el('button', { type: 'button', className: 'primary', hidden: true, dataset: { testid: 'play-cover-retry' } }, ['Try again']);
    this.retryButton.addEventListener('click', () => this.retry());
    this.otherButton = el('button', { type: 'button', className: 'secondary', hidden: true, dataset: { testid: 'play-cover-other' } }, ['']);
    this.otherButton.addEventListener('click', () => this.other && this.onList(this.other));
    this.el = el('div', { className: 'play-cover', hidden: true, dataset: { testid: 'play-cover' } }, [
      this.title,
      this.intro,
      this.rules,
      this.status,
      el('div', { className: 'play-cover-buttons' }, [this.button, this.retryButton, this.otherButton]),
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
   * rules in words ("2 minutes · words of 3+ letters · ENABLE2K"). The engine is asked for its
   * word list now; `failure`, the error of a check already made, is said at once.
   * @param {import('./judging.js').Round} round
   * @param {string} rules
   * @param {Error | null} [failure]
   */
  show(round, rules, failure = null) {
    this.waiting = round;
    this.round.wait(round);
    this.rules.textContent = `${rules}.`;
    this.el.hidden = false;
    // The blank cells behind the cover take no focus and are not read out (inert alone leaves
    // them in some readers' browse mode: ", row 1, column 1" sixteen times).
    this.round.grid.el.inert = true;
    this.round.grid.el.setAttribute('aria-hidden', 'true');
    this.pressed = false;
    this.loaded = false;
    if (failure) this.fail(round, failure);
    else this.render({ failed: false, status: '' });
    this.watch(round);
  }

  /** Takes the cover off without starting anything (another round, or a board to review, replaces it). */
  hide() {
    this.waiting = null;
    this.pressed = false;
    this.el.hidden = true;
    this.round.grid.el.inert = false;
    this.round.grid.el.removeAttribute('aria-hidden');
  }

  /** The focus on the cover's first button: Start, or Try again when the list could not be loaded. */
  focus() {
    (this.failed ? this.retryButton : this.button).focus({ preventScroll: true });
  }

  /**
   * Waits for the engine's check of `round`'s list (the round's `ready`), and then offers Start
   * (starting the round if Start was pressed meanwhile) or says what went wrong.
   * @param {import('./judging.js').Round} round
   */
  async watch(round) {
    const ready = this.round.ready;
    const failure = await ready;
    // Another round, or another check of this one, has come since.
    if (this.waiting !== round || this.round.ready !== ready) return;
    if (failure) {
      this.fail(round, failure);
      return;
    }
    this.loaded = true;
    const was = this.failed || this.status.textContent !== '';
    this.render({ failed: false, status: '' });
    if (this.pressed) this.start();
    else if (was) announce(`${this.listName(round)} is loaded. The board shows when you start the round.`);
  }

  /**
   * Says that `round`'s list could not be loaded (`e`), in Start's place, with Try again and
   * another list when the page has one.
   * @param {import('./judging.js').Round} round
   * @param {Error} e
   */
  async fail(round, e) {
    const why = shown(e.message, 200);
    const message = sentence(
      isEngineFailure(e) ? why : isDownloadFailure(e) ? `Could not load ${this.listName(round)}: ${why}` : `Could not get the round ready: ${why}`,
    );
    const again = this.failed && this.status.textContent === message;
    this.pressed = false;
    this.other = null;
    this.otherButton.hidden = true;
    this.render({ failed: true, status: message });
    if (!again) announce(`This round cannot start yet. ${message}`);
    const other = this.otherList ? await this.otherList(round.list).catch(/** @returns {null} */ () => null) : null;
    if (this.waiting !== round || !this.failed || !other) return;
    this.other = other;
    this.otherButton.textContent = `Play with ${this.round.listName(other)} instead`;
    this.otherButton.hidden = false;
  }

  /** Try again: the engine is asked for the round's list once more. */
  retry() {
    const round = this.waiting;
    if (!round) return;
    // Set up afresh (the round is the same: blank cells, the clock still), and checked again.
    this.round.wait(round);
    this.loaded = false;
    this.render({ failed: false, status: `Loading ${this.listName(round)}…` });
    this.watch(round);
  }

  /**
   * Shows the cover's state: Start (with `status` under the rules: the list on its way), or,
   * `failed`, the message `status` with Try again in Start's place. The focus, if it was on a
   * button going away, moves to the one taking its place.
   * @param {{failed: boolean, status: string}} state
   */
  render({ failed, status }) {
    const had = this.el.contains(document.activeElement);
    this.failed = failed;
    this.el.dataset.state = failed ? 'failed' : 'ready';
    this.title.textContent = failed ? 'This round cannot start yet' : 'Find as many words as you can';
    this.intro.hidden = failed;
    // What went wrong right under the title; the list on its way just above Start.
    if (failed) this.title.after(this.status);
    else this.rules.after(this.status);
    this.status.textContent = status;
    this.status.hidden = !status;
    this.button.hidden = failed;
    this.button.setAttribute('aria-disabled', String(this.pressed && !this.loaded));
    this.retryButton.hidden = !failed;
    if (!failed) this.otherButton.hidden = true;
    const now = document.activeElement;
    if (had && (!(now instanceof HTMLElement) || now.hidden || !this.el.contains(now))) this.focus();
  }

  /**
   * The round's list, named.
   * @param {import('./judging.js').Round} round
   */
  listName(round) {
    return this.round.listName(round.list);
  }

  /**
   * Start: the round under the cover begins, and the focus goes to the word box. Pressed before
   * its list is there, the round waits for it (and says so).
   */
  start() {
    const round = this.waiting;
    if (!round || this.failed) return;
    if (!this.loaded) {
      this.pressed = true;
      this.render({ failed: false, status: `Loading ${this.listName(round)}…` });
      return;
    }
    this.hide();
    this.round.start(round);
    if (this.board) this.round.focusInput(this.board);
    else this.round.input.focus();
    this.onStart();
  }
}
