// "Played on a real table?": type the board in front of you and the words you wrote down, and
// get the same review as a round played here (what you missed, what does not count and why).
import { el, fieldError } from '../../lib/dom.js';
import { count } from '../../lib/format.js';
import { MAX_CLAIMED_TEXT } from './params.js';

/** The "Played on a real table?" form: a board and a word list typed in, reviewed like a round. */
export class TableForm {
  /** `review(boardText, words)` reviews the typed board and words. */
  constructor({ review }) {
    this.review = review;
    this.boardInput = el('input', {
      id: 'table-board',
      type: 'text',
      autocomplete: 'off',
      autocapitalize: 'none',
      spellcheck: false,
      placeholder: 'e.g. pers latg sine ters',
      'aria-describedby': 'table-board-error',
      dataset: { testid: 'table-board' },
    });
    this.boardError = fieldError('table-board-error');
    this.words = el('textarea', {
      id: 'table-words',
      rows: 4,
      autocomplete: 'off',
      autocapitalize: 'none',
      spellcheck: false,
      placeholder: 'Your words, separated by spaces, commas or new lines',
      'aria-describedby': 'table-words-error',
      dataset: { testid: 'table-words' },
    });
    this.wordsError = fieldError('table-words-error');
    this.form = el('form', { className: 'play-table' }, [
      el('div', { className: 'field' }, [el('label', { htmlFor: 'table-board', className: 'field-label' }, ['The board']), this.boardInput, this.boardError]),
      el('div', { className: 'field' }, [el('label', { htmlFor: 'table-words', className: 'field-label' }, ['The words you found']), this.words, this.wordsError]),
      el('div', { className: 'play-actions' }, [el('button', { type: 'submit', className: 'primary', dataset: { testid: 'table-review' } }, ['Review my game'])]),
    ]);
    this.form.addEventListener('submit', (e) => {
      e.preventDefault();
      this.submit();
    });
    this.el = el('details', { className: 'card play-table-card' }, [
      el('summary', { className: 'play-heading' }, ['Played on a real table? Review your game']),
      el('p', { className: 'help' }, ['Type the board in front of you and the words you wrote down: see what you missed and which words do not count.']),
      this.form,
    ]);
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

  /** Opens the form with `board` in it (a link to a table review). */
  open(board) {
    this.el.open = true;
    if (board !== null && document.activeElement !== this.boardInput) this.boardInput.value = board;
  }
}
