// "Played on a real table?": type the board in front of you and the words you wrote down, and
// get the same review as a round played here (what you missed, what does not count and why).
// The form (TableForm) and the game it reviews (TableGame): the engine reads the board, the
// board shows in the round's place without a clock, and the engine reviews the words against it
// under the Next round card's rules. A link to a table game (`table=1`) names its board only: the
// board shows, and the form waits for the words, unless this tab reviewed words on that board
// (kept in sessionStorage), which are reviewed again: a reload keeps the review on screen.
import { el, fieldError } from '../../lib/dom.js';
import { count, shown } from '../../lib/format.js';
import { PLAY } from '../../lib/limits.js';
import { readStored, removeStored, writeStored } from '../../lib/stored.js';
import { dropRejected } from '../../lib/url.js';
import { MAX_CLAIMED_TEXT } from './params.js';

/**
 * The last table game reviewed in this tab (sessionStorage): its board (the engine's letters),
 * the words reviewed and, for a round played here, its name. A reload of the game's link, which
 * names its board only, reviews those words again rather than wait for them.
 */
const KEPT_KEY = 'boggle-explorer:play:table';
const KEPT_VERSION = 1;
const storage = () => sessionStorage;

/**
 * @typedef {object} KeptGame
 * @property {string} board
 * @property {string[]} words
 * @property {string | null} past
 */

/**
 * The game kept in this tab for `board`: `{game, note}`; `game` null when none is kept for it,
 * `note` says why a kept one was dropped (it is then forgotten), else ''. What comes back is
 * untrusted, checked here; the engine judges the words again.
 * @param {string} board
 * @returns {{game: KeptGame | null, note: string}}
 */
function keptGame(board) {
  const read = readStored(storage, KEPT_KEY, KEPT_VERSION);
  if (read.status === 'none') return { game: null, note: '' };
  const g = read.value;
  if (read.status === 'ok' && typeof g.board === 'string' && g.board !== board) return { game: null, note: '' };
  const sound =
    read.status === 'ok' &&
    Array.isArray(g.words) &&
    g.words.length <= PLAY.max_claimed &&
    g.words.every((/** @type {unknown} */ w) => typeof w === 'string' && w.length > 0 && w.length <= 80) &&
    g.words.join(' ').length <= MAX_CLAIMED_TEXT &&
    (g.past === null || (typeof g.past === 'string' && g.past.length <= 100));
  if (!sound) {
    removeStored(storage, KEPT_KEY);
    return { game: null, note: 'The words kept in this tab for this board could not be read and were dropped: type them again.' };
  }
  return { game: { board, words: g.words, past: g.past }, note: '' };
}

/** The "Played on a real table?" form: a board and a word list typed in, reviewed like a round. */
export class TableForm {
  /**
   * `review(boardText, words)` reviews the typed board and words.
   * @param {{review: (boardText: string, words: string[]) => void}} options
   */
  constructor({ review }) {
    this.review = review;
    this.boardInput = /** @type {HTMLInputElement} */ (el('input', {
      id: 'table-board',
      type: 'text',
      autocomplete: 'off',
      autocapitalize: 'none',
      spellcheck: false,
      placeholder: 'e.g. pers latg sine ters',
      'aria-describedby': 'table-board-error',
      dataset: { testid: 'table-board' },
    }));
    this.boardError = fieldError('table-board-error');
    this.words = /** @type {HTMLTextAreaElement} */ (el('textarea', {
      id: 'table-words',
      rows: 4,
      autocomplete: 'off',
      autocapitalize: 'none',
      spellcheck: false,
      placeholder: 'Your words, separated by spaces, commas or new lines',
      'aria-describedby': 'table-words-error',
      dataset: { testid: 'table-words' },
    }));
    this.wordsError = fieldError('table-words-error');
    this.form = /** @type {HTMLFormElement} */ (el('form', { className: 'play-table' }, [
      el('div', { className: 'field' }, [el('label', { htmlFor: 'table-board', className: 'field-label' }, ['The board']), this.boardInput, this.boardError]),
      el('div', { className: 'field' }, [el('label', { htmlFor: 'table-words', className: 'field-label' }, ['The words you found']), this.words, this.wordsError]),
      el('div', { className: 'play-actions' }, [el('button', { type: 'submit', className: 'primary', dataset: { testid: 'table-review' } }, ['Review my game'])]),
    ]));
    this.form.addEventListener('submit', (e) => {
      e.preventDefault();
      this.submit();
    });
    this.el = /** @type {HTMLDetailsElement} */ (el('details', { className: 'card play-table-card' }, [
      el('summary', { className: 'play-heading' }, ['Played on a real table? Review your game']),
      el('p', { className: 'help' }, ['Type the board in front of you and the words you wrote down: see what you missed and which words do not count.']),
      this.form,
    ]));
  }

  submit() {
    const text = this.words.value;
    this.wordsError.show(null);
    this.boardError.show(null);
    if (text.length > MAX_CLAIMED_TEXT) {
      this.wordsError.show(`That is ${count(text.length)} characters of words: a review reads at most ${count(MAX_CLAIMED_TEXT)}.`);
      return;
    }
    const words = text.split(/[\s,;]+/).filter(Boolean);
    if (!words.length) {
      this.wordsError.show('Type the words you found first.');
      return;
    }
    this.review(this.boardInput.value, words);
  }

  /**
   * Opens the form with `board` in it (a link to a table review).
   * @param {string | null} board
   */
  open(board) {
    this.el.open = true;
    if (board !== null && document.activeElement !== this.boardInput) this.boardInput.value = board;
  }
}

/**
 * A board as the engine reads it (its `parse` command: src/wasm/dictionary.rs's `parseBoard`,
 * which also gives the board's canonical form, unread here).
 * @typedef {{board: string, rows: number, cols: number}} ParsedBoard
 */
/**
 * The Next round card's settings (setup.js), whose list, shortest word and multiboggle a table
 * game is reviewed under (the rest of the card goes into the game's link).
 * @typedef {import('./setup.js').SetupSettings} Rules
 */

/**
 * A game played on a real table: the form, the note that stands in the board's place until a
 * board is typed, and the game's review, shown on the round's board and in the view's review.
 */
export class TableGame {
  /**
   * @param {object} o
   * @param {import('./judging.js').PlayEngine} o.engine reads the board
   * @param {import('./round.js').PlayRound} o.round shows the board and the words found, and
   *   has the words reviewed
   * @param {HTMLElement} o.boardPanel the round's board, which the note stands in for
   * @param {() => Rules} o.rules the rules the game is reviewed under (the Next round card's)
   * @param {() => () => boolean} o.begin starts one of the view's requests: the function it
   *   returns says whether that request is still the latest (none has started since)
   * @param {(board: ParsedBoard, rules: Rules, push: boolean, past: string | null) => void} o.onBoard
   *   the game's board is read: the view makes it its own (`push`: typed in the form, a new
   *   history entry; false: the link's; `past`: review's)
   * @param {(review: import('./judging.js').Review, past: string | null) => void} o.onReview
   *   the engine's review of the words (its `review` command), to show (`past`: review's)
   * @param {(message: string) => void} o.onError the words could not be reviewed
   */
  constructor({ engine, round, boardPanel, rules, begin, onBoard, onReview, onError }) {
    this.engine = engine;
    this.round = round;
    this.boardPanel = boardPanel;
    this.rules = rules;
    this.begin = begin;
    this.onBoard = onBoard;
    this.onReview = onReview;
    this.onError = onError;
    this.form = new TableForm({ review: (board, words) => this.review(board, words) });
    // Before its board is typed, a table game has nothing to show but where to type it.
    this.note = el('p', { className: 'card play-table-note', hidden: true, dataset: { testid: 'play-table-note' } }, [
      'The board of your table game shows here once you type it, with the words you wrote down, in the review form: then you see the words you missed.',
    ]);
  }

  /**
   * Shows, in the round's board's place, where to type a table game's board (`true`), or the
   * board (`false`). The round's controls go while the note shows.
   * @param {boolean} visible
   */
  showNote(visible) {
    this.boardPanel.hidden = visible;
    this.note.hidden = !visible;
    if (visible) this.round.showControls(false);
  }

  /**
   * A link to a table game: the form opens with `board` (the link's, or null), and the note
   * stands in for the board until it is read.
   * @param {string | null} board
   */
  open(board) {
    this.form.open(board);
    this.showNote(true);
    if (board) this.review(board, null);
  }

  /**
   * Reviews a game played on a real table: board `text` and the `words` written down (null: the
   * link's board, only shown). A board the engine cannot read is said in the form. `past` names
   * a round played here and reviewed again ("the round of 7 Dec, 23:40"), null for a table game.
   * @param {string} text
   * @param {string[] | null} words
   * @param {string | null} [past]
   */
  async review(text, words, past = null) {
    const current = this.begin();
    const rules = this.rules();
    /** @type {ParsedBoard} */
    let board;
    try {
      board = /** @type {ParsedBoard} */ (await this.engine.call('parse', { board: text }));
    } catch (e) {
      if (!current()) return;
      this.form.boardError.show(`This board cannot be read: ${shown(e.message, 200)}`);
      // A board the link brought stays in the form to mend, not in the address.
      if (words === null) dropRejected({ board: true, dims: true });
      return;
    }
    if (!current()) return;
    const fromLink = words === null;
    if (fromLink) {
      // The link names the board only: the words this tab reviewed on it, if any, come back.
      const { game, note } = keptGame(board.board);
      if (note) this.form.wordsError.show(note);
      if (game) {
        ({ words, past } = game);
        this.form.words.value = words.join(' ');
      }
    }
    this.showNote(false);
    this.onBoard(board, rules, !fromLink, past);
    this.round.showBoard({ ...board, list: rules.wordlist, min: rules.min, multiboggle: rules.multiboggle });
    if (!words) return;
    let r;
    try {
      r = await this.round.call('review', words);
    } catch (e) {
      if (current()) this.onError(`Could not review the game: ${shown(e.message, 200)}`);
      return;
    }
    if (!current()) return;
    writeStored(storage, KEPT_KEY, KEPT_VERSION, { board: board.board, words, past });
    this.round.listFound(r.found);
    this.onReview(r, past);
  }
}
