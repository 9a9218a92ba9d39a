// The board on screen: one button per cell and an SVG layer that draws a word's path (cells
// numbered in order, the start cell filled, arrows between consecutive cells). The grid is also an
// editor and a tracer, and follows the WAI-ARIA grid pattern: one Tab stop (the focused cell),
// arrow keys, Home/End and Ctrl+Home/End move between cells (www/lib/grid-keys.js), a typed
// letter replaces the focused cell's letter, and a click (or Enter/Space) adds the cell to a
// traced path, which Escape clears.

import { loadCss } from '../lib/dom.js';
import { cellName, faceText } from '../lib/format.js';
import { gridMove, gridRows } from '../lib/grid-keys.js';

await loadCss(new URL('./board-grid.css', import.meta.url));

const SVG = 'http://www.w3.org/2000/svg';
/** SVG user units per cell; the overlay's viewBox is cols x rows cells. */
const UNIT = 100;
/** Grids made so far: each grid's key help gets an id of its own. */
let grids = 0;

/** A board grid. Create once, then `setBoard` for every board shown. */
export class BoardGrid {
  /**
   * `onEdit(index, letter)`: the user typed a letter into a cell. `onActivate(index)`: the user
   * clicked a cell or pressed Enter/Space on it. `onClear()`: Escape (drop the traced path).
   * `readOnly`: a board that is only looked at (the embedded board): no editing, no tracing.
   * @param {{
   *   onEdit: (index: number, letter: string) => void,
   *   onActivate: (index: number) => void,
   *   onClear: () => void,
   *   readOnly?: boolean,
   * }} options
   */
  constructor({ onEdit, onActivate, onClear, readOnly = false }) {
    this.onEdit = onEdit;
    this.onActivate = onActivate;
    this.onClear = onClear;
    this.readOnly = readOnly;
    this.rows = 0;
    this.cols = 0;
    this.letters = '';
    this.focusIndex = 0;
    /** @type {HTMLButtonElement[]} */
    this.cells = []; // the cells' buttons, row-major
    /** @type {number[]} */
    this.path = []; // the path drawn, cell indices in order
    /** @type {string | null} */
    this.label = null; // the grid's name when set (else its size)

    this.el = document.createElement('div');
    this.el.className = 'board';
    this.cellsEl = document.createElement('div');
    this.cellsEl.className = 'board-cells';
    this.cellsEl.setAttribute('role', 'grid');
    if (readOnly) this.cellsEl.setAttribute('aria-readonly', 'true');
    // What the keys do, said with the grid's name when it takes focus.
    const keys = document.createElement('span');
    keys.className = 'visually-hidden';
    keys.id = `board-keys-${++grids}`;
    keys.textContent = readOnly
      ? 'Arrow keys move between cells.'
      : 'Arrow keys move between cells. Enter or Space adds a cell to the traced path, Escape clears it. A letter key changes the cell.';
    this.cellsEl.setAttribute('aria-describedby', keys.id);
    this.svg = document.createElementNS(SVG, 'svg');
    this.svg.classList.add('board-path');
    this.svg.setAttribute('aria-hidden', 'true');
    this.svg.setAttribute('preserveAspectRatio', 'none');
    this.svg.append(arrowMarker());
    this.lines = document.createElementNS(SVG, 'g');
    this.svg.append(this.lines);
    this.el.append(this.cellsEl, this.svg, keys);

    this.cellsEl.addEventListener('click', (e) => {
      const cell = /** @type {HTMLElement | null} */ (/** @type {Element} */ (e.target).closest('[data-index]'));
      if (cell) this.onActivate(Number(cell.dataset.index));
    });
    this.cellsEl.addEventListener('keydown', (e) => this.keydown(e));
    this.cellsEl.addEventListener('focusin', (e) => {
      const cell = /** @type {HTMLElement | null} */ (/** @type {Element} */ (e.target).closest('[data-index]'));
      if (cell) this.moveFocus(Number(cell.dataset.index), false);
    });
  }

  /**
   * Shows `letters` (row-major, `q` = Qu) on a `rows x cols` grid; keeps focus if the shape is unchanged.
   * @param {string} letters
   * @param {number} rows
   * @param {number} cols
   */
  setBoard(letters, rows, cols) {
    if (rows !== this.rows || cols !== this.cols) {
      this.rows = rows;
      this.cols = cols;
      this.focusIndex = Math.min(this.focusIndex, rows * cols - 1);
      this.el.style.setProperty('--rows', String(rows));
      this.el.style.setProperty('--cols', String(cols));
      this.el.style.setProperty('--side', String(Math.max(rows, cols)));
      this.cellsEl.setAttribute('aria-label', this.label ?? `Board, ${rows} rows by ${cols} columns`);
      this.svg.setAttribute('viewBox', `0 0 ${cols * UNIT} ${rows * UNIT}`);
      const cells = [];
      for (let i = 0; i < rows * cols; i++) {
        const b = document.createElement('button');
        b.type = 'button';
        b.setAttribute('role', 'gridcell');
        b.className = 'cell';
        b.dataset.testid = 'cell';
        b.dataset.index = String(i);
        b.tabIndex = i === this.focusIndex ? 0 : -1;
        const face = document.createElement('span');
        face.className = 'face';
        const order = document.createElement('span');
        order.className = 'order';
        order.setAttribute('aria-hidden', 'true');
        // The space keeps the letter and its number on the path apart in the cell's text ("C 1",
        // not "C1"), as its name says them; the grid cell lays out no box for it.
        b.append(face, ' ', order);
        cells.push(b);
      }
      this.cells = cells;
      this.cellsEl.replaceChildren(...gridRows(cells, rows, cols, 'board-row'));
      this.letters = '';
    }
    const old = this.letters;
    this.letters = letters;
    this.cells.forEach((cell, i) => {
      if (old[i] === letters[i]) return;
      cell.firstChild.textContent = faceText(letters[i]);
      this.nameCell(i);
    });
    this.showPath(null);
  }

  /**
   * Names the grid for screen readers (e.g. "Board PERS LATG SINE TERS"); its size otherwise.
   * @param {string} label
   */
  setLabel(label) {
    this.label = label;
    this.cellsEl.setAttribute('aria-label', label);
  }

  /**
   * Names cell `i`: its letter and, on the path drawn, its place there, then its row and column
   * ("E 2 of 3 on the path, row 2, column 1"). The name begins with what the cell shows (the
   * letter, then its number on the path), so speech input reaches it by what is seen.
   * @param {number} i
   */
  nameCell(i) {
    const at = this.path.indexOf(i);
    const on = at < 0 ? '' : ` ${at + 1} of ${this.path.length} on the path`;
    this.cells[i].setAttribute('aria-label', `${faceText(this.letters[i])}${on}, ${cellName(i, this.cols)}`);
  }

  /**
   * Shows `letter` in cell `index` at once (a letter typed on the grid, before the board is solved).
   * @param {number} index
   * @param {string} letter
   */
  setLetter(index, letter) {
    const cell = this.cells[index];
    if (!cell) return;
    cell.firstChild.textContent = faceText(letter);
    this.letters = this.letters.slice(0, index) + letter + this.letters.slice(index + 1);
    this.nameCell(index);
  }

  /**
   * Draws `path` (cell indices in order) or clears it with null. `kind` styles it: "word" for
   * a listed word, "trace" for cells the user is clicking, "miss" for a traced non-word.
   * @param {readonly number[] | null} path
   * @param {'word' | 'trace' | 'miss'} [kind]
   */
  showPath(path, kind = 'word') {
    const cells = this.cells;
    const was = this.path;
    this.path = path?.length ? path.filter((i) => cells[i]) : [];
    for (const c of this.cellsEl.querySelectorAll('[data-on-path]')) {
      c.removeAttribute('data-on-path');
      c.classList.remove('path-start');
      c.lastChild.textContent = '';
    }
    for (const i of new Set([...was, ...this.path])) if (cells[i]) this.nameCell(i);
    this.lines.replaceChildren();
    this.el.dataset.pathKind = kind;
    if (!this.path.length) return;
    path = this.path;
    path.forEach((index, n) => {
      const c = cells[index];
      c.dataset.onPath = 'true';
      c.lastChild.textContent = String(n + 1);
      if (n === 0) c.classList.add('path-start');
    });
    const centre = (/** @type {number} */ i) => [((i % this.cols) + 0.5) * UNIT, (Math.floor(i / this.cols) + 0.5) * UNIT];
    for (let n = 1; n < path.length; n++) {
      const [x1, y1] = centre(path[n - 1]);
      const [x2, y2] = centre(path[n]);
      // Stop short of both centres so the letters stay readable and the arrowhead shows.
      const len = Math.hypot(x2 - x1, y2 - y1);
      const cut = (UNIT * 0.26) / len;
      const line = document.createElementNS(SVG, 'line');
      line.setAttribute('x1', String(x1 + (x2 - x1) * cut));
      line.setAttribute('y1', String(y1 + (y2 - y1) * cut));
      line.setAttribute('x2', String(x2 - (x2 - x1) * cut * 1.2));
      line.setAttribute('y2', String(y2 - (y2 - y1) * cut * 1.2));
      line.setAttribute('marker-end', 'url(#path-arrow)');
      this.lines.append(line);
    }
  }

  /**
   * True when cells `a` and `b` touch (including diagonally).
   * @param {number} a
   * @param {number} b
   */
  adjacent(a, b) {
    const dr = Math.abs(Math.floor(a / this.cols) - Math.floor(b / this.cols));
    const dc = Math.abs((a % this.cols) - (b % this.cols));
    return a !== b && dr <= 1 && dc <= 1;
  }

  /**
   * Makes cell `index` the one Tab reaches (roving tabindex) and optionally focuses it.
   * @param {number} index
   * @param {boolean} [focus]
   */
  moveFocus(index, focus = true) {
    const cells = this.cells;
    if (index < 0 || index >= cells.length) return;
    cells[this.focusIndex]?.setAttribute('tabindex', '-1');
    this.focusIndex = index;
    cells[index].setAttribute('tabindex', '0');
    if (focus) cells[index].focus();
  }

  /** @param {KeyboardEvent} e */
  keydown(e) {
    const cell = /** @type {HTMLElement | null} */ (/** @type {Element} */ (e.target).closest('[data-index]'));
    if (!cell) return;
    const i = Number(cell.dataset.index);
    const { rows, cols } = this;
    const to = gridMove(e, i, rows, cols);
    if (to !== null) {
      e.preventDefault();
      this.moveFocus(to);
      return;
    }
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.key === 'Escape') {
      this.onClear();
    } else if (this.readOnly) {
      // Only looked at: no letters typed, no path traced.
      if (e.key === 'Enter' || e.key === ' ') e.preventDefault();
    } else if (/^[a-z]$/i.test(e.key)) {
      e.preventDefault();
      this.onEdit(i, e.key.toLowerCase());
      this.moveFocus(Math.min(i + 1, rows * cols - 1));
    } else if (e.key === 'Backspace') {
      e.preventDefault();
      this.moveFocus(Math.max(i - 1, 0));
    }
  }
}

/** The arrowhead drawn at the end of each path segment. */
function arrowMarker() {
  const defs = document.createElementNS(SVG, 'defs');
  const marker = document.createElementNS(SVG, 'marker');
  marker.id = 'path-arrow';
  for (const [k, v] of Object.entries({
    viewBox: '0 0 10 10',
    refX: '6',
    refY: '5',
    markerWidth: '2.8',
    markerHeight: '2.8',
    orient: 'auto-start-reverse',
  })) {
    marker.setAttribute(k, v);
  }
  const head = document.createElementNS(SVG, 'path');
  head.setAttribute('d', 'M 0 0 L 10 5 L 0 10 z');
  head.classList.add('path-arrowhead');
  marker.append(head);
  defs.append(marker);
  return defs;
}
