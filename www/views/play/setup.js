// The Play view's "Next round" card: the dice (or a board typed in, with its message line), the
// round's length, the shortest word, the word list (the shipped ones and those of the reader's
// own that this browser keeps, loaded in Solve) and multiboggle. Pressing New round starts a
// round with a new seed; the controls start as the round on screen's settings, and the dice are
// off while a board is typed in (that board is played, not the dice). What a link asked for that
// could not be used is said above the board (index.js), not here, far down a phone's page.
import { el, fieldError } from '../../lib/dom.js';
import { MAX_CELLS, MIN_CELLS } from '../../lib/limits.js';
import { offerLists } from '../../lib/own-lists.js';
import { CUSTOMARY_MIN, DICE, DEFAULTS, MINS, TIMERS } from './params.js';

/**
 * What the Next round card holds: a round to start (`board` null to roll the dice with a new
 * seed; `dims` null to read a typed board's size from its length).
 * @typedef {object} SetupSettings
 * @property {string} dice the dice set (`RxC`)
 * @property {string | null} board
 * @property {string | null} dims
 * @property {string} timer minutes, or `off`
 * @property {string} min the shortest word, in letters
 * @property {string} wordlist
 * @property {boolean} multiboggle
 */

/**
 * A labelled select.
 * @param {string} id
 * @param {string} label
 * @param {readonly (readonly string[])[]} options each option's value and text
 */
function selectField(id, label, options) {
  const select = /** @type {HTMLSelectElement} */ (el('select', { id }, options.map(([v, text]) => el('option', { value: v }, [text]))));
  const field = el('div', { className: 'field' }, [el('label', { htmlFor: id, className: 'field-label' }, [label]), select]);
  return { select, field };
}

/** The "Next round" card: dice or a typed board, time, shortest word, list and multiboggle. */
export class PlaySetup {
  /**
   * `start(settings)` starts a new round with `{dice, board, dims, timer, min, wordlist,
   * multiboggle}` (`board` null to roll the dice with a new seed; `dims` null to read its size from its length).
   * @param {{start: (settings: SetupSettings) => void}} options
   */
  constructor({ start }) {
    this.startRound = start;
    /** @type {string | null} the round's board as shown in the box, and its size ("RxC") */
    this.shownBoard = null;
    /** @type {string | null} */
    this.shownDims = null;
    this.dice = selectField('play-dice', 'Dice', Object.entries(DICE));
    this.timer = selectField('play-timer-select', 'Time', Object.entries(TIMERS).map(([v, t]) => [v, t]));
    this.min = selectField('play-min', 'Shortest word', MINS.map((m) => [m, `${m} letters`]));
    this.list = selectField('play-list', 'Word list', []);
    offerLists(this.list.select);
    this.mb = /** @type {HTMLInputElement} */ (el('input', { type: 'checkbox', id: 'play-multiboggle' }));
    this.boardInput = /** @type {HTMLInputElement} */ (el('input', {
      id: 'play-board-input',
      type: 'text',
      autocomplete: 'off',
      autocapitalize: 'none',
      spellcheck: false,
      placeholder: 'optional, e.g. pers latg sine ters',
      'aria-describedby': 'play-board-help play-board-error',
    }));
    this.boardInput.addEventListener('input', () => this.syncDice());
    /** @type {string} the dice the shortest word last followed */
    this.minDice = DEFAULTS.dice;
    // The shortest word follows the dice to their own rules (4 letters in Big Boggle), unless
    // another was chosen.
    this.dice.select.addEventListener('change', () => {
      if (this.min.select.value === CUSTOMARY_MIN[this.minDice]) this.min.select.value = CUSTOMARY_MIN[this.dice.select.value] ?? this.min.select.value;
      this.minDice = this.dice.select.value;
    });
    this.boardError = fieldError('play-board-error');
    this.form = /** @type {HTMLFormElement} */ (el('form', { className: 'play-setup', 'aria-labelledby': 'play-setup-heading' }, [
      el('div', { className: 'play-setup-fields' }, [this.dice.field, this.timer.field, this.min.field, this.list.field]),
      el('div', { className: 'field check' }, [
        this.mb,
        el('label', { htmlFor: 'play-multiboggle' }, ['Multiboggle ', el('span', { className: 'help' }, ['(a word scores once for each different set of cells)'])]),
      ]),
      el('div', { className: 'field' }, [
        el('label', { htmlFor: 'play-board-input', className: 'field-label' }, ['Or play a board of your own']),
        this.boardInput,
        el('p', { id: 'play-board-help', className: 'help' }, [`Row by row, ${MIN_CELLS} to ${MAX_CELLS} letters; q (or qu) is the Qu cube. Leave empty to roll the dice.`]),
        this.boardError,
      ]),
      el('div', { className: 'play-actions' }, [el('button', { type: 'submit', className: 'primary', dataset: { testid: 'play-new' } }, ['New round'])]),
    ]));
    this.form.addEventListener('submit', (e) => {
      e.preventDefault();
      this.startRound(this.settings());
    });
    this.el = el('section', { className: 'card play-setup-card', 'aria-labelledby': 'play-setup-heading' }, [
      el('h2', { id: 'play-setup-heading', className: 'play-heading' }, ['Next round']),
      this.form,
    ]);
  }

  /**
   * What the controls hold (a board typed in keeps the size of the round's board while it is the same).
   * @returns {SetupSettings}
   */
  settings() {
    const board = this.boardInput.value.trim();
    return {
      dice: this.dice.select.value,
      board: board || null,
      dims: board && board === this.shownBoard ? this.shownDims : null,
      timer: this.timer.select.value,
      min: this.min.select.value,
      wordlist: this.list.select.value,
      multiboggle: this.mb.checked,
    };
  }

  /**
   * Puts a round's settings in the controls (typed board only when the round has one). A round
   * still `covered` keeps its typed board out of the box until {@link reveal}: the letters
   * would give the board away before its clock runs.
   * @param {{dice: string, board: string | null, dims?: string | null, timer: string, min: string, wordlist: string, multiboggle: boolean}} round
   * @param {{covered?: boolean}} [how]
   */
  show({ dice, board, dims = null, timer, min, wordlist, multiboggle }, { covered = false } = {}) {
    this.shownBoard = board ?? null;
    this.shownDims = dims;
    this.dice.select.value = dice;
    this.minDice = dice;
    this.timer.select.value = timer;
    this.min.select.value = min;
    this.list.select.value = wordlist;
    this.mb.checked = multiboggle;
    if (document.activeElement !== this.boardInput) this.boardInput.value = covered ? '' : board ?? '';
    this.syncDice();
  }

  /** The round's board is in view: its typed board goes in the box (unless something was typed there). */
  reveal() {
    if (this.shownBoard && !this.boardInput.value && document.activeElement !== this.boardInput) this.boardInput.value = this.shownBoard;
    this.syncDice();
  }

  /** The dice are off while the box holds a board: New round plays that board, not the dice. */
  syncDice() {
    this.dice.select.disabled = this.boardInput.value.trim() !== '';
  }
}
