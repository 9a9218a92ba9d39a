// The board on screen: one button per cell and an SVG layer that draws a word's path (cells
// numbered in order, the start cell filled, arrows between consecutive cells). The grid is also an
// editor and a tracer: arrow keys move between cells, a typed letter replaces the focused
// cell's letter, and a click (or Enter/Space) adds the cell to a traced path.

import { loadCss } from '../lib/dom.js';
import { faceText } from '../lib/format.js';

await loadCss(new URL('./board-grid.css', import.meta.url));

const SVG = 'http://www.w3.org/2000/svg';
/** SVG user units per cell; the overlay's viewBox is cols x rows cells. */
const UNIT = 100;

/** A board grid. Create once, then `setBoard` for every board shown. */
export class BoardGrid {
  /**
   * `onEdit(index, letter)`: the user typed a letter into a cell. `onActivate(index)`: the user
   * clicked a cell or pressed Enter/Space on it. `onClear()`: Escape (drop the traced path).
   */
  constructor({ onEdit, onActivate, onClear }) {
    this.onEdit = onEdit;
    this.onActivate = onActivate;
    this.onClear = onClear;
    this.rows = 0;
    this.cols = 0;
    this.letters = '';
    this.focusIndex = 0;

    this.el = document.createElement('div');
    this.el.className = 'board';
    this.el.setAttribute('role', 'group');
    this.cellsEl = document.createElement('div');
    this.cellsEl.className = 'board-cells';
    this.svg = document.createElementNS(SVG, 'svg');
    this.svg.classList.add('board-path');
    this.svg.setAttribute('aria-hidden', 'true');
    this.svg.setAttribute('preserveAspectRatio', 'none');
    this.svg.append(arrowMarker());
    this.lines = document.createElementNS(SVG, 'g');
    this.svg.append(this.lines);
    this.el.append(this.cellsEl, this.svg);

    this.cellsEl.addEventListener('click', (e) => {
      const cell = e.target.closest('[data-index]');
      if (cell) this.onActivate(Number(cell.dataset.index));
    });
    this.cellsEl.addEventListener('keydown', (e) => this.keydown(e));
    this.cellsEl.addEventListener('focusin', (e) => {
      const cell = e.target.closest('[data-index]');
      if (cell) this.moveFocus(Number(cell.dataset.index), false);
    });
  }

  /** Shows `letters` (row-major, `q` = Qu) on a `rows x cols` grid; keeps focus if the shape is unchanged. */
  setBoard(letters, rows, cols) {
    if (rows !== this.rows || cols !== this.cols) {
      this.rows = rows;
      this.cols = cols;
      this.focusIndex = Math.min(this.focusIndex, rows * cols - 1);
      this.el.style.setProperty('--rows', rows);
      this.el.style.setProperty('--cols', cols);
      this.el.style.setProperty('--side', Math.max(rows, cols));
      this.el.setAttribute('aria-label', `Board, ${rows} rows by ${cols} columns`);
      this.svg.setAttribute('viewBox', `0 0 ${cols * UNIT} ${rows * UNIT}`);
      const cells = [];
      for (let i = 0; i < rows * cols; i++) {
        const b = document.createElement('button');
        b.type = 'button';
        b.className = 'cell';
        b.dataset.testid = 'cell';
        b.dataset.index = i;
        b.tabIndex = i === this.focusIndex ? 0 : -1;
        const face = document.createElement('span');
        face.className = 'face';
        const order = document.createElement('span');
        order.className = 'order';
        order.setAttribute('aria-hidden', 'true');
        b.append(face, order);
        cells.push(b);
      }
      this.cellsEl.replaceChildren(...cells);
      this.letters = '';
    }
    const cells = this.cellsEl.children;
    for (let i = 0; i < cells.length; i++) {
      if (this.letters[i] === letters[i]) continue;
      cells[i].firstChild.textContent = faceText(letters[i]);
      const r = Math.floor(i / cols) + 1;
      const c = (i % cols) + 1;
      cells[i].setAttribute('aria-label', `${faceText(letters[i])}, row ${r}, column ${c}`);
    }
    this.letters = letters;
    this.showPath(null);
  }

  /** Shows `letter` in cell `index` at once (a letter typed on the grid, before the board is solved). */
  setLetter(index, letter) {
    const cell = this.cellsEl.children[index];
    if (!cell) return;
    cell.firstChild.textContent = faceText(letter);
    cell.setAttribute('aria-label', `${faceText(letter)}, row ${Math.floor(index / this.cols) + 1}, column ${(index % this.cols) + 1}`);
    this.letters = this.letters.slice(0, index) + letter + this.letters.slice(index + 1);
  }

  /**
   * Draws `path` (cell indices in order) or clears it with null. `kind` styles it: "word" for
   * a listed word, "trace" for cells the user is clicking, "miss" for a traced non-word.
   */
  showPath(path, kind = 'word') {
    const cells = this.cellsEl.children;
    for (const c of this.cellsEl.querySelectorAll('[data-on-path]')) {
      c.removeAttribute('data-on-path');
      c.classList.remove('path-start');
      c.lastChild.textContent = '';
    }
    this.lines.replaceChildren();
    this.el.dataset.pathKind = kind;
    if (!path?.length) return;
    path.forEach((index, n) => {
      const c = cells[index];
      c.dataset.onPath = 'true';
      c.lastChild.textContent = n + 1;
      if (n === 0) c.classList.add('path-start');
    });
    const centre = (i) => [((i % this.cols) + 0.5) * UNIT, (Math.floor(i / this.cols) + 0.5) * UNIT];
    for (let n = 1; n < path.length; n++) {
      const [x1, y1] = centre(path[n - 1]);
      const [x2, y2] = centre(path[n]);
      // Stop short of both centres so the letters stay readable and the arrowhead shows.
      const len = Math.hypot(x2 - x1, y2 - y1);
      const cut = (UNIT * 0.26) / len;
      const line = document.createElementNS(SVG, 'line');
      line.setAttribute('x1', x1 + (x2 - x1) * cut);
      line.setAttribute('y1', y1 + (y2 - y1) * cut);
      line.setAttribute('x2', x2 - (x2 - x1) * cut * 1.2);
      line.setAttribute('y2', y2 - (y2 - y1) * cut * 1.2);
      line.setAttribute('marker-end', 'url(#path-arrow)');
      this.lines.append(line);
    }
  }

  /** True when cells `a` and `b` touch (including diagonally). */
  adjacent(a, b) {
    const dr = Math.abs(Math.floor(a / this.cols) - Math.floor(b / this.cols));
    const dc = Math.abs((a % this.cols) - (b % this.cols));
    return a !== b && dr <= 1 && dc <= 1;
  }

  /** Makes cell `index` the one Tab reaches (roving tabindex) and optionally focuses it. */
  moveFocus(index, focus = true) {
    const cells = this.cellsEl.children;
    if (index < 0 || index >= cells.length) return;
    cells[this.focusIndex]?.setAttribute('tabindex', '-1');
    this.focusIndex = index;
    cells[index].setAttribute('tabindex', '0');
    if (focus) cells[index].focus();
  }

  keydown(e) {
    const cell = e.target.closest('[data-index]');
    if (!cell || e.ctrlKey || e.metaKey || e.altKey) return;
    const i = Number(cell.dataset.index);
    const { rows, cols } = this;
    const moves = {
      ArrowLeft: i % cols ? i - 1 : -1,
      ArrowRight: i % cols < cols - 1 ? i + 1 : -1,
      ArrowUp: i - cols,
      ArrowDown: i + cols < rows * cols ? i + cols : -1,
      Home: i - (i % cols),
      End: i - (i % cols) + cols - 1,
    };
    if (e.key in moves) {
      e.preventDefault();
      this.moveFocus(moves[e.key]);
    } else if (/^[a-z]$/i.test(e.key)) {
      e.preventDefault();
      this.onEdit(i, e.key.toLowerCase());
      this.moveFocus(Math.min(i + 1, rows * cols - 1));
    } else if (e.key === 'Backspace') {
      e.preventDefault();
      this.moveFocus(Math.max(i - 1, 0));
    } else if (e.key === 'Escape') {
      this.onClear();
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
