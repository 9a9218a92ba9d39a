// The solve view's board entry: the letters box, the size picker and the random board button.
// Typing solves as you go; a run of keystrokes (or of edits until the box loses focus) makes one
// history entry.
import { el, fieldError } from '../../lib/dom.js';
import { cellsOf, rowsText, sizeText, typedQu } from '../../lib/format.js';
import { SIZES } from '../../lib/limits.js';
import { nextSizeFromLength, sizeFromLength } from '../../lib/url.js';

/** Sizes offered as one-click buttons; every size the engine takes (SIZES) is in the "More" menu. */
const QUICK_SIZES = ['3x3', '3x4', '4x4', '5x5'];

/** The solve view's letters box, size picker and random board button. */
export class BoardEntry {
  /**
   * `solve(options)` runs the view's solve ({text, size, adopt, history}) and resolves to true
   * when the board was shown; `size()` is the size on screen; `random(size)` asks the engine
   * for a board.
   * @param {{
   *   solve: (options: import('./index.js').RunOptions) => Promise<boolean>,
   *   size: () => string,
   *   random: (size: string) => Promise<string>,
   * }} parts
   */
  constructor({ solve, size, random }) {
    this.solve = solve;
    this.size = size;
    this.random = random;
    this.typing = false; // keystrokes since the box took focus (one history entry)
    this.pasted = false;
    this.build();
  }

  build() {
    this.input = el('input', {
      id: 'board-input',
      type: 'text',
      autocomplete: 'off',
      autocapitalize: 'none',
      spellcheck: false,
      enterKeyHint: 'go',
      placeholder: 'e.g. pers latg sine ters',
      'aria-describedby': 'board-help board-error board-count',
    });
    this.boardError = fieldError('board-error');
    const roll = el('button', { type: 'button', className: 'secondary roll' }, [
      el('span', { 'aria-hidden': 'true', className: 'die' }, ['⚄']),
      ' Random board',
    ]);
    roll.title = 'Roll the real Boggle dice (4×4, 5×5 and 6×6) or random letters (other sizes)';
    roll.addEventListener('click', () => this.roll());
    const boardForm = /** @type {HTMLFormElement} */ (el('form', { className: 'board-form', 'aria-label': 'Board' }, [
      el('div', { className: 'label-row' }, [
        el('label', { htmlFor: 'board-input', className: 'field-label' }, ['Board letters']),
        roll,
      ]),
      el('div', { className: 'input-row' }, [
        this.input,
        el('button', { type: 'submit', className: 'primary' }, ['Solve']),
      ]),
      el('p', { id: 'board-help', className: 'help' }, [
        'Row by row, any case; q (or qu) is the Qu cube. You can also type on the board itself: letters replace cells from the focused cell on, and typing clears a traced path.',
      ]),
      this.boardError,
      (this.count = el('p', { id: 'board-count', className: 'help board-count', hidden: true, dataset: { testid: 'board-count' } })),
      (this.quNote = el('p', { className: 'help qu-note', hidden: true, dataset: { testid: 'qu-note' } })),
    ]));
    boardForm.addEventListener('submit', (e) => {
      e.preventDefault();
      this.typed({ commit: true });
      this.typing = false;
    });
    this.input.addEventListener('input', () => {
      this.typed({ commit: this.pasted });
      this.pasted = false;
    });
    this.input.addEventListener('paste', () => (this.pasted = true));
    this.input.addEventListener('blur', () => (this.typing = false));

    this.sizeButtons = QUICK_SIZES.map((s) =>
      el('button', { type: 'button', dataset: { size: s }, 'aria-pressed': 'false' }, [sizeText(s)]),
    );
    // The menu names a size only when no button does ("More…" otherwise), so a size is never
    // shown twice, as it was where the menu wraps under the buttons on a narrow phone.
    this.sizeSelect = el('select', { id: 'size-select', 'aria-label': 'Other board sizes' }, [
      el('option', { value: '', disabled: true, hidden: true }, ['More…']),
      ...SIZES.map((s) => el('option', { value: s }, [sizeText(s)])),
    ]);
    this.sizeError = fieldError('size-error');
    const sizes = /** @type {HTMLDivElement} */ (el('div', { className: 'segmented', role: 'group', 'aria-label': 'Board size' }, this.sizeButtons));
    sizes.addEventListener('click', (e) => {
      const b = /** @type {HTMLElement | null} */ (/** @type {Element} */ (e.target).closest('[data-size]'));
      if (b) this.pickSize(b.dataset.size);
    });
    this.sizeSelect.addEventListener('change', () => this.pickSize(this.sizeSelect.value));
    const sizeRow = el('div', { className: 'size-row' }, [
      el('span', { className: 'field-label', 'aria-hidden': 'true' }, ['Size']),
      // The buttons and the menu stay together: on a phone the label gives way first.
      el('span', { className: 'size-choices' }, [sizes, this.sizeSelect]),
    ]);
    this.el = el('div', { className: 'card entry' }, [boardForm, sizeRow, this.sizeError]);
  }

  /**
   * Shows a solved board: its rows in the box (unless the user is typing there or `keepInput`) and its size.
   * @param {{board: string, rows: number, cols: number}} r
   * @param {{keepInput?: boolean}} [how]
   */
  showBoard(r, { keepInput = false } = {}) {
    if (!keepInput && document.activeElement !== this.input) this.input.value = rowsText(r.board, r.cols);
    this.count.hidden = true;
    this.markSize(`${r.rows}x${r.cols}`);
  }

  /**
   * Marks `size` ("RxC") as the one picked, in the quick buttons and the menu.
   * @param {string} size
   */
  markSize(size) {
    for (const b of this.sizeButtons) b.setAttribute('aria-pressed', String(b.dataset.size === size));
    this.sizeSelect.value = QUICK_SIZES.includes(size) ? '' : size;
  }

  /**
   * Says what became of a "qu" in `text`, the text solved as board `board` (see typedQu).
   * @param {string} text
   * @param {string} board
   */
  explainQu(text, board) {
    const qu = typedQu(text, board);
    this.quNote.hidden = !qu;
    this.quNote.textContent =
      qu === 'one'
        ? 'The typed “qu” is one Qu cube: that is how the letters fit the board.'
        : qu === 'two'
          ? 'Every letter is a cube here, so “qu” here is a Qu cube, then a U cube (Boggle has no Q cube).'
          : '';
  }

  /**
   * The board box changed (or was submitted).
   * @param {{commit: boolean}} how
   */
  typed({ commit }) {
    const text = this.input.value;
    const picked = this.size();
    // While typing, a board on its way is counted, not called wrong: fewer letters than the
    // size holds (Enter still solves what is typed, at its own size when its length has one),
    // or more, in a length no size has but a longer board does (17 letters on the way to 20,
    // a 4x5 board). Enter says what is wrong with it.
    const letters = text.replace(/\s/g, '');
    const typing = !commit && /^[a-z]*$/i.test(letters);
    const short = typing && letters.length < cellsOf(picked);
    const over = typing && letters.length > cellsOf(picked) && !sizeFromLength(letters.length);
    const next = over ? nextSizeFromLength(letters.length) : null;
    this.count.hidden = !short && !next;
    if (short || next) {
      this.boardError.show(null);
      this.count.textContent = next
        ? `${letters.length} letters: ${next.cells} make a ${sizeText(next.size)} board.`
        : `${letters.length} of ${cellsOf(picked)} letters for ${sizeText(picked)}; Enter solves what is typed.`;
      return;
    }
    // While typing, switch size only once the letters overflow the picked size; on Enter or
    // paste, any standard length picks its size.
    const adopt = commit ? () => true : (/** @type {string} */ other) => cellsOf(other) > cellsOf(picked);
    const history = this.typing ? 'replace' : 'push';
    this.solve({ text, size: picked, adopt, history }).then((ok) => {
      // Enter ends the run of keystrokes: the next board typed gets its own entry.
      if (ok && !commit && document.activeElement === this.input) this.typing = true;
    });
  }

  /** @param {string} size */
  pickSize(size) {
    this.sizeError.show(null);
    const letters = this.input.value.replace(/[^a-z]/gi, '').toLowerCase();
    // Keep typed letters that fit the new size (e.g. 12 letters as 3x4 or 4x3, a typed "qu"
    // as one Qu cube when the length needs it); else roll one.
    const fits = letters.length === cellsOf(size) || letters.replace(/qu/g, 'q').length === cellsOf(size);
    if (fits) this.solve({ text: letters, size, history: 'push' });
    else this.roll(size);
  }

  async roll(size = this.size()) {
    try {
      const board = await this.random(size);
      this.input.value = board;
      await this.solve({ text: board, size, history: 'push' });
    } catch (e) {
      this.boardError.show(`Could not roll a board: ${e.message}`);
    }
  }
}
