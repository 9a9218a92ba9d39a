// The bounds view's cards: the class form, the cell grid with its editor, the target and word
// list, the examples, the two bounds with the verdict, and the sum/union words. Builds the
// elements once; the view (index.js) fills them and adds the splits and tree cards.
import { el, ExactCount, fieldError } from '../../lib/dom.js';
import { offerLists } from '../../lib/own-lists.js';
import { MAX_TARGET } from '../../lib/params.js';
import { RovingFocus } from '../../lib/roving.js';
import { ClassGrid } from './class-grid.js';
import { EXAMPLES } from './examples.js';

/**
 * What the cards ask of the view.
 * @typedef {object} BoundsActions
 * @property {(text: string) => void} submit a class typed or picked, to show from its first cell
 * @property {(index: number) => void} select a cell picked on the grid
 * @property {(letters: string) => void} editCell new letters for the selected cell
 * @property {(text: string) => void} setTarget a target typed
 * @property {(list: string) => void} pickList a word list picked
 * @property {() => void} moreWords every sum/union word asked for
 * @property {(index: number | null) => void} showWord a word pointed at (its path drawn), or none
 */

/**
 * The sum/union words as list items, each a button (Tab stop none: the list's RovingFocus gives
 * it one) whose `data-i` is its index in `words`; the Bounds view and widget both draw them.
 * @param {{word: string, points: number}[]} words
 * @returns {HTMLElement[]}
 */
export function classWordItems(words) {
  return words.map((w, i) =>
    el('li', {}, [
      el('button', { type: 'button', className: 'class-word', tabIndex: -1, dataset: { i } }, [
        el('span', {}, [w.word]),
        el('span', { className: 'word-points' }, [String(w.points)]),
      ]),
    ]),
  );
}

/** The view's elements; `shareNote` is the share helper's note, shown under the class. */
export class BoundsLayout {
  /**
   * @param {HTMLElement} shareNote
   * @param {BoundsActions} on
   */
  constructor(shareNote, on) {
    this.input = /** @type {HTMLTextAreaElement} */ (el('textarea', {
      id: 'class-input',
      rows: 3,
      spellcheck: false,
      autocomplete: 'off',
      autocapitalize: 'none',
      'aria-describedby': 'class-help class-error',
    }));
    this.classError = fieldError('class-error');
    const apply = el('button', { type: 'submit', className: 'primary' }, ['Bound it']);
    const code = (/** @type {string} */ text) => el('code', {}, [text]);
    const form = /** @type {HTMLFormElement} */ (el('form', { className: 'class-form' }, [
      el('label', { className: 'field-label', htmlFor: 'class-input' }, ['Board class']),
      this.input,
      el('p', { id: 'class-help', className: 'help' }, [
        'One letter set per cell, rows split by /: ',
        code('lnrsy'),
        ', ',
        code('{a,e,i}'),
        ', ranges ',
        code('b-d'),
        ', ',
        code('.'),
        ' for an empty cell, ',
        code('q'),
        ' for Qu. A plain board such as ',
        code('streaedlp'),
        ' works too.',
      ]),
      this.classError,
      shareNote,
      el('div', { className: 'input-row class-actions' }, [apply]),
    ]));
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      on.submit(this.input.value);
    });
    this.input.addEventListener('keydown', (e) => {
      if (e.key === 'Enter' && !e.shiftKey) {
        e.preventDefault();
        form.requestSubmit();
      }
    });

    // The class grid: click a cell to edit its letters (and to draw its search tree).
    this.classGrid = new ClassGrid({ onSelect: on.select, onEdit: on.editCell });

    this.target = el('input', { id: 'target-input', type: 'number', min: 1, max: MAX_TARGET, step: 1, inputMode: 'numeric' });
    this.targetError = fieldError('target-error');
    this.target.addEventListener('change', () => on.setTarget(this.target.value));
    this.listSelect = /** @type {HTMLSelectElement} */ (el('select', { id: 'bounds-list' }));
    offerLists(this.listSelect);
    this.listSelect.addEventListener('change', () => on.pickList(this.listSelect.value));
    this.targetHelp = el('p', { className: 'help', id: 'target-help' }, []);
    this.listError = fieldError('bounds-list-error');
    this.cellError = fieldError('cell-error');

    // An example picked with a pointer (a tap far down a phone's page) brings its numbers into
    // view; picked by keyboard, the focus stays on the example and the new bound is said.
    const pick = (/** @type {MouseEvent} */ e, /** @type {string} */ cls) => {
      on.submit(cls);
      const at = summary.getBoundingClientRect();
      if (e.detail > 0 && (at.bottom < 0 || at.top > innerHeight)) summary.scrollIntoView({ block: 'start' });
    };
    const examples = el(
      'ul',
      { className: 'examples' },
      EXAMPLES.map(([label, cls, note]) =>
        el('li', {}, [
          el('button', { type: 'button', className: 'link-button', onclick: (/** @type {MouseEvent} */ e) => pick(e, cls) }, [
            label,
          ]),
          el('span', { className: 'muted' }, [` — ${note}`]),
        ]),
      ),
    );

    const side = el('div', { className: 'bounds-side' }, [
      el('section', { className: 'card class-card' }, [form]),
      el('section', { className: 'card grid-card' }, [
        el('h2', { className: 'card-title' }, ['Cells']),
        el('p', { className: 'help' }, ['Click a cell to change its letters and to see its search tree.']),
        this.classGrid.grid,
        this.classGrid.caption,
        this.cellError,
        this.classGrid.editor,
      ]),
      el('section', { className: 'card target-card' }, [
        el('div', { className: 'target-row' }, [
          el('div', { className: 'field' }, [el('label', { className: 'field-label', htmlFor: 'target-input' }, ['Target score']), this.target]),
          el('div', { className: 'field' }, [el('label', { className: 'field-label', htmlFor: 'bounds-list' }, ['Word list']), this.listSelect]),
        ]),
        this.targetHelp,
        this.targetError,
        this.listError,
      ]),
      el('section', { className: 'card examples-card' }, [el('h2', { className: 'card-title' }, ['Examples']), examples]),
    ]);

    // The numbers.
    this.boards = new ExactCount('class-boards', 'stat-value');
    this.maxNomark = el('span', { className: 'bound-value', dataset: { testid: 'bound-max-nomark' } }, ['…']);
    this.sumUnion = el('span', { className: 'bound-value', dataset: { testid: 'bound-sum-union' } }, ['…']);
    this.maxBox = el('div', { className: 'bound-box' }, [
      el('div', { className: 'bound-name' }, [el('span', { className: 'nowrap' }, ['max/no-mark'])]),
      this.maxNomark,
      el('p', { className: 'help' }, [
        'Search from every cell. Where a cell has several letters, keep only the best one for that branch; add up the directions; count a word every time a path spells it. Choices are made afresh in each branch, so it can mix boards.',
      ]),
    ]);
    this.sumBox = el('div', { className: 'bound-box' }, [
      el('div', { className: 'bound-name' }, [el('span', { className: 'nowrap' }, ['sum/union'])]),
      this.sumUnion,
      el('p', { className: 'help' }, [
        'Every word that some board of the class can spell, each counted once: the score of one imaginary board holding all of them.',
      ]),
    ]);
    // The view says it through the page's announcer when it changes.
    this.verdict = el('p', { className: 'verdict' });
    // Branch and bound on this class, in the break view.
    this.breakLink = el('a', { className: 'break-link', hidden: true, dataset: { testid: 'break-link' } }, ['Break this class']);
    this.working = el('p', { className: 'working' });
    const summary = el('section', { className: 'card summary' }, [
      el('div', {}, [
        el('div', { className: 'boards-row' }, [this.boards.value, (this.boardsLabel = el('span', { className: 'stat-label' }, ['boards in the class']))]),
        this.boards.line,
      ]),
      el('div', { className: 'bound-pair' }, [this.maxBox, this.sumBox]),
      this.verdict,
      // The link to break the class on the left, how long the search was on the right.
      el('div', { className: 'summary-foot' }, [this.breakLink, this.working]),
    ]);

    // Sum/union words.
    this.wordsTitle = el('h2', { className: 'card-title' }, ['sum/union words']);
    this.wordsNote = el('p', { className: 'help' });
    this.words = /** @type {HTMLUListElement} */ (el('ul', { className: 'class-words', dataset: { pending: '' } }));
    this.moreWords = el('button', { type: 'button', className: 'link-button', hidden: true });
    this.moreWords.addEventListener('click', on.moreWords);
    const hover = (/** @type {Event} */ e) => {
      const b = /** @type {HTMLElement | null} */ (/** @type {Element} */ (e.target).closest('[data-i]'));
      if (b) on.showWord(Number(b.dataset.i));
    };
    // One Tab stop for the words, however many are shown; arrow keys move between them.
    this.wordFocus = new RovingFocus(this.words, '.class-word');
    this.words.addEventListener('mouseover', hover);
    this.words.addEventListener('focusin', hover);
    this.words.addEventListener('mouseleave', () => on.showWord(null));
    this.words.addEventListener('focusout', () => on.showWord(null));
    const words = el('section', { className: 'card words-card' }, [this.wordsTitle, this.wordsNote, this.words, this.moreWords]);

    this.main = el('div', { className: 'bounds-main' }, [summary, words]);
    this.root = el('div', { className: 'bounds' }, [side, this.main]);
  }

  /** Nothing could be bounded yet (the engine or the list failed to download): no cells, dashes for the numbers. */
  unavailable() {
    this.classGrid.grid.hidden = true;
    delete this.words.dataset.pending;
    for (const value of [this.boards, this.maxNomark, this.sumUnion]) value.textContent = '–';
  }
}
