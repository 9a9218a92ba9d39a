// A small read-only board: the board widget's tray of cubes (board-grid.css) without the path
// layer or editing, for boards that change while a search runs. Cells that changed since the
// last update flash and stay marked until the next update.
import { el, loadCss, setText } from '../lib/dom.js';
import { faceText } from '../lib/format.js';

await loadCss(new URL('./board-grid.css', import.meta.url));
await loadCss(new URL('./mini-board.css', import.meta.url));

/** A small read-only board whose changed cells flash. */
export class MiniBoard {
  /**
   * `className` is added to the board's element (e.g. to size it).
   * @param {string} [className]
   */
  constructor(className = '') {
    this.cells = el('div', { className: 'board-cells' });
    this.el = el('div', { className: `board mini-board ${className}`, role: 'img' }, [this.cells]);
    this.letters = '';
  }

  /**
   * Shows `letters` (row-major, `q` = Qu) on a `rows x cols` board; nothing for an empty string.
   * @param {string} letters
   * @param {number} rows
   * @param {number} cols
   */
  set(letters, rows, cols) {
    if (!letters) return;
    if (this.cells.children.length !== rows * cols || this.rows !== rows || this.cols !== cols) {
      this.rows = rows;
      this.cols = cols;
      this.el.style.setProperty('--cols', cols);
      this.el.style.setProperty('--side', Math.max(rows, cols));
      this.cells.replaceChildren(...Array.from({ length: rows * cols }, () => el('div', { className: 'cell' }, [el('span', { className: 'face' })])));
      this.letters = '';
    }
    // Flash small edits (a mutation, a neighbour); a wholly different board just replaces.
    let changed = 0;
    for (let i = 0; i < letters.length; i++) changed += Number(this.letters[i] !== letters[i]);
    const flash = this.letters.length === letters.length && changed <= Math.max(2, letters.length / 4);
    [...this.cells.children].forEach((c, i) => {
      // Cells changed by this update keep a mark until the next one (seen without motion too).
      c.classList.toggle('changed', flash && this.letters[i] !== letters[i]);
      if (this.letters[i] === letters[i]) return;
      setText(c.firstChild, faceText(letters[i]));
      if (!flash) return;
      // A cell that flashed before flashes again under the animation's other name
      // (`flash-again`, mini-board.css): a new name starts it over, where taking the class off
      // and on again restarts it only if the page is laid out in between, a forced layout per
      // cell ten times a second.
      if (c.classList.contains('flash')) c.classList.toggle('flash-again');
      else c.classList.add('flash');
    });
    if (this.letters === letters) return;
    this.letters = letters;
    this.el.setAttribute('aria-label', `Board ${letters}`);
  }
}
