// The bounds view's class grid: one cube per cell holding its letters, warmer the more
// max/no-mark starts from it; a click selects a cell, whose letters the editor below toggles.
// A word's path is marked on the grid with the letter it takes in each cell. It follows the
// WAI-ARIA grid pattern: one Tab stop, arrow keys, Home/End and Ctrl+Home/End move between
// cells (www/lib/grid-keys.js), Enter or Space selects the focused cell.
import { el, hiddenText } from '../../lib/dom.js';
import { cellName, count, faceText, letterSet, plural, points } from '../../lib/format.js';
import { gridMove, gridRows } from '../../lib/grid-keys.js';
import { RovingFocus } from '../../lib/roving.js';
import { ALPHABET, PRESETS } from './examples.js';

/** @typedef {import('./index.js').ClassInfo} ClassInfo */
/** @typedef {import('./index.js').ClassWord} ClassWord */

/**
 * A cell's .cell-letters element: `forms` are what it can show, the letters first, then
 * shorter counts, and `form` the one it shows; `fullSet` the hidden text that then names every
 * letter (`allLetters`).
 * @typedef {HTMLSpanElement & {forms?: Array<Array<Node | string>>, form?: number, fullSet?: HTMLSpanElement, allLetters?: string}} LettersSpan
 */

/**
 * The cell (its [data-index] element) an event happened in, if any.
 * @param {Event} e
 * @returns {HTMLElement | null}
 */
function cellOf(e) {
  return /** @type {HTMLElement | null} */ (/** @type {Element} */ (e.target).closest('[data-index]'));
}

/** The class's cells as a grid of cubes: selection, heat by max/no-mark points, a word's path. */
export class ClassGrid {
  /**
   * `onSelect(index)`: a cell was clicked. `onEdit(letters)`: new letters for the selected cell ('' empties it).
   * @param {{onSelect: (index: number) => void, onEdit: (letters: string) => void}} handlers
   */
  constructor({ onSelect, onEdit }) {
    this.onEdit = onEdit;
    /** @type {HTMLButtonElement[]} */
    this.cells = []; // the cells' buttons, row-major
    this.shape = { rows: 0, cols: 0 };
    this.focusIndex = 0; // the cell Tab reaches (roving tabindex)
    this.grid = /** @type {HTMLDivElement} */ (el('div', { className: 'class-grid', role: 'grid', 'aria-label': 'Class cells' }));
    this.grid.addEventListener('click', (e) => {
      const cell = cellOf(e);
      if (cell) onSelect(Number(cell.dataset.index));
    });
    this.grid.addEventListener('keydown', (e) => {
      const cell = cellOf(e);
      const to = cell ? gridMove(e, Number(cell.dataset.index), this.shape.rows, this.shape.cols) : null;
      if (to === null) return;
      e.preventDefault();
      this.moveFocus(to);
    });
    this.grid.addEventListener('focusin', (e) => {
      const cell = cellOf(e);
      if (cell) this.moveFocus(Number(cell.dataset.index), false);
    });
    /** What the small number in each cell is (shown under the grid once there are numbers). */
    this.caption = /** @type {HTMLParagraphElement} */ (el('p', { className: 'help class-grid-caption', hidden: true }));
    this.editor = /** @type {HTMLDivElement} */ (el('div', { className: 'cell-editor' }));
    // A cell's letters are written as long as they fit: refit when the cells change size,
    // which only a new width of the grid does (they are square; a class with more rows makes
    // the grid taller, and render() has fitted its cells already).
    /** The grid's width when its observer last saw it. */
    this.width = 0;
    new ResizeObserver((entries) => {
      const width = entries[entries.length - 1].contentRect.width;
      if (width === this.width) return;
      this.width = width;
      this.fit();
    }).observe(this.grid);
  }

  /**
   * Draws class `info` ({rows, cols, cells}) with `selected` marked and, when `scores` is given,
   * each start cell's max/no-mark score (null: the class is not bounded yet).
   * @param {ClassInfo} info
   * @param {number[] | null} scores
   * @param {number} selected
   */
  render(info, scores, selected) {
    const { rows, cols, cells } = info;
    const best = Math.max(1, ...(scores ?? []));
    // Redrawn after a pick made with the keys: the focus stays on its cell.
    const hadFocus = this.grid.contains(document.activeElement);
    if (!hadFocus) this.focusIndex = selected;
    this.focusIndex = Math.max(0, Math.min(this.focusIndex, cells.length - 1));
    this.shape = { rows, cols };
    this.grid.style.setProperty('--cols', String(cols));
    this.cells = cells.map((letters, i) => {
      const size = letters === '.' ? 0 : letters.length;
      const all = size === 0 ? 'empty' : letters.split('').map(faceText).join(', ');
      const text = size === 0 ? '·' : letterSet(letters);
      // "not A E I O U": the "not" on a line of its own.
      const full = text.startsWith('not ') ? [el('span', { className: 'cell-not' }, ['not']), text.slice(4)] : [text];
      // Drawn as fitLetters tries it first, the letters at the smallest size: fitting a new
      // class then lays the page out once fewer.
      const shown = /** @type {LettersSpan} */ (el('span', { className: 'cell-letters', style: `font-size: ${MIN_PX}px`, dataset: { form: 'letters' }, ...(size === 0 ? { 'aria-hidden': 'true' } : {}) }, full));
      shown.form = 0;
      // Shorter forms for a cell too small for the letters: "13 letters", then "13".
      shown.forms = size > 1 ? [full, [plural(size, 'letter')], [String(size)]] : [full];
      // The cell is named by what it shows, so that speech input finds it by what is seen, with
      // hidden words around it: where it is, every letter when only their count fits (set by
      // fitLetters), and what the small number is.
      shown.fullSet = hiddenText(size === 0 ? 'empty' : '');
      shown.allLetters = all;
      return /** @type {HTMLButtonElement} */ (el(
        'button',
        {
          type: 'button',
          role: 'gridcell',
          className: 'class-cell',
          tabIndex: i === this.focusIndex ? 0 : -1,
          dataset: { index: i, testid: 'cell' },
          'aria-selected': String(i === selected),
          title: `${all}${scores ? `\nmax/no-mark from this cell: ${points(scores[i])}` : ''}`,
          style: `--heat: ${scores ? (scores[i] / best).toFixed(3) : 0}`,
        },
        [
          hiddenText(`${cellName(i, cols)}: `),
          shown,
          shown.fullSet,
          el('span', { className: 'cell-pick' }),
          ...(scores ? [hiddenText('; max/no-mark from here '), el('span', { className: 'cell-score' }, [points(scores[i])])] : []),
        ],
      ));
    });
    this.grid.replaceChildren(...gridRows(this.cells, rows, cols, 'class-row'));
    if (hadFocus) this.cells[this.focusIndex].focus();
    this.grid.dataset.rows = String(rows);
    this.caption.hidden = !scores;
    if (scores) {
      const total = scores.reduce((a, b) => a + b, 0);
      this.caption.textContent = `Small numbers: the max/no-mark points of the words that start in each cell (they add up to ${points(total)}).`;
    }
    this.fit();
  }

  /**
   * Makes cell `index` the one Tab reaches and, with `focus`, focuses it.
   * @param {number} index
   */
  moveFocus(index, focus = true) {
    const cell = this.cells[index];
    if (!cell) return;
    this.cells[this.focusIndex]?.setAttribute('tabindex', '-1');
    this.focusIndex = index;
    cell.setAttribute('tabindex', '0');
    if (focus) cell.focus();
  }

  /** Writes every cell's letters as large as they fit (see fitLetters). */
  fit() {
    fitLetters([.../** @type {NodeListOf<LettersSpan>} */ (this.grid.querySelectorAll('.cell-letters'))]);
  }

  /**
   * The letter toggles and presets for cell `selected` of class `info`.
   * @param {ClassInfo} info
   * @param {number} selected
   */
  renderEditor(info, selected) {
    const letters = info.cells[selected];
    const has = new Set(letters === '.' ? [] : letters.split(''));
    // Redrawn after each edit: the focus stays on the toggle or preset that made it.
    const active = /** @type {HTMLElement | null} */ (document.activeElement);
    const focused = active && this.editor.contains(active) ? active.dataset.key : undefined;
    const toggles = ALPHABET.split('').map((l) =>
      /** @type {HTMLButtonElement} */ (el(
        'button',
        {
          type: 'button',
          className: 'letter-toggle',
          dataset: { key: l },
          tabIndex: -1,
          'aria-pressed': String(has.has(l)),
          'aria-label': `${faceText(l)} ${has.has(l) ? 'in' : 'not in'} this cell`,
          onclick: () => {
            const next = new Set(has);
            if (next.has(l)) next.delete(l);
            else next.add(l);
            this.onEdit([...next].sort().join(''));
          },
        },
        [faceText(l)],
      )),
    );
    const presets = [...PRESETS, ['Empty', '']].map(([label, set]) =>
      /** @type {HTMLButtonElement} */ (el('button', { type: 'button', className: 'secondary preset', dataset: { key: label }, onclick: () => this.onEdit(set) }, [label])),
    );
    // The letters are one Tab stop (arrow keys, Home and End move among them), the presets one each.
    const toggleList = el('div', { className: 'letter-toggles', role: 'group', 'aria-label': 'Letters' }, toggles);
    new RovingFocus(toggleList, '.letter-toggle').first(toggles.find((b) => b.dataset.key === focused) ?? null);
    this.editor.replaceChildren(
      el('p', { className: 'editor-title' }, [`Letters of the cell at ${cellName(selected, info.cols)}`]),
      toggleList,
      el('div', { className: 'presets' }, presets),
    );
    if (focused !== undefined) [...toggles, ...presets].find((b) => b.dataset.key === focused)?.focus();
  }

  /**
   * Marks a word's path ({path, letters}) on the grid, with the letter picked in each cell; null clears it.
   * @param {ClassWord | null} word
   */
  showPath(word) {
    const cells = [.../** @type {NodeListOf<HTMLElement>} */ (this.grid.querySelectorAll('.class-cell'))];
    const before = cells.map((c) => c.dataset.onPath === 'true');
    for (const c of cells) {
      c.dataset.onPath = 'false';
      c.querySelector('.cell-pick').textContent = '';
    }
    word?.path.forEach((cell, k) => {
      const c = cells[cell];
      if (!c) return;
      c.dataset.onPath = 'true';
      c.querySelector('.cell-pick').textContent = `${k + 1}·${faceText(word.letters[k])}`;
    });
    // A badge takes a line of its cell: the letters of each cell that gained or lost one refit
    // in what is left (only those: each fit reads the layout a few times).
    fitLetters(cells.filter((c, i) => (c.dataset.onPath === 'true') !== before[i]).map((c) => /** @type {LettersSpan} */ (c.querySelector('.cell-letters'))));
  }
}

/** The smallest and largest type for a cell's letters, in pixels. */
const MIN_PX = 9;
const MAX_PX = 32;

/**
 * Writes each cell's letters (`spans`, .cell-letters elements with `forms`: the letters, then
 * shorter counts) in the first form that fits the cell at MIN_PX or more, at the largest size
 * that fits (at most 2/5 of the cell's width). Each try sets a size and reads whether the text
 * spills, and a binary search keeps that to a few tries; the cells make each try together, every
 * write and then every read, so that the page is laid out once a try, not once a try in each
 * cell (a class of 16 cells took over a hundred layouts of the whole view).
 * @param {LettersSpan[]} spans
 */
function fitLetters(spans) {
  const spills = (/** @type {HTMLElement} */ s) => s.scrollHeight > s.clientHeight + 0.5 || s.scrollWidth > s.clientWidth + 0.5;
  // Cells not laid out yet (no width) wait for the grid's ResizeObserver to call again.
  const cells = spans
    .map((s) => ({ s, forms: s.forms ?? [], width: s.clientWidth, form: 0, lo: MIN_PX, hi: MIN_PX }))
    .filter((c) => c.width && c.forms.length);
  // The form: each cell shows its letters at the smallest size; those that spill and have a
  // shorter form try it, together, until each fits or has nothing shorter left.
  for (let trying = cells; trying.length; ) {
    for (const c of trying) showForm(c.s, c.form);
    trying = trying.filter((c) => spills(c.s) && c.form + 1 < c.forms.length);
    for (const c of trying) c.form++;
  }
  // The size: a binary search in every cell at once; lo fits (or nothing shorter is left).
  for (const c of cells) c.hi = Math.max(MIN_PX, Math.min(MAX_PX, Math.floor(c.width * 0.4)));
  for (let trying = cells.filter((c) => c.lo < c.hi); trying.length; trying = trying.filter((c) => c.lo < c.hi)) {
    const mids = trying.map((c) => Math.ceil((c.lo + c.hi) / 2));
    trying.forEach((c, i) => (c.s.style.fontSize = `${mids[i]}px`));
    trying.forEach((c, i) => {
      if (spills(c.s)) c.hi = mids[i] - 1;
      else c.lo = mids[i];
    });
  }
  for (const c of cells) c.s.style.fontSize = `${c.lo}px`;
}

/**
 * Puts form `k` of a cell's letters in `letters` (see fitLetters) at the smallest size; a count
 * names every letter in hidden text.
 * @param {LettersSpan} letters
 * @param {number} k
 */
function showForm(letters, k) {
  const forms = letters.forms ?? [];
  if (letters.form !== k) {
    letters.form = k;
    letters.replaceChildren(...forms[k]);
    if (letters.fullSet && forms.length > 1) letters.fullSet.textContent = k === 0 ? '' : `: ${letters.allLetters}`;
  }
  const form = k === 0 ? 'letters' : 'count';
  // Each written only when it changes: a cell drawn as it is asked for is not laid out again.
  if (letters.dataset.form !== form) letters.dataset.form = form;
  if (letters.style.fontSize !== `${MIN_PX}px`) letters.style.fontSize = `${MIN_PX}px`;
}
