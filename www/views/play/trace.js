// Tracing a word on the board of a round in play: tap or click neighbouring cells (or press
// Enter or Space on them), then the last cell again to add the word; or drag across the cells
// with a mouse or a finger, and the word is added as the pointer lifts. A cell already on the
// path cuts the path back to it; dragging back over the cell before the last takes the last off.
// This module only follows the cells and draws their path on the grid: the round (round.js)
// spells the word, shows it in the word box and has it judged.

/** The cells of a word traced on a board grid, by taps or by a drag. */
export class BoardTrace {
  /**
   * Follows the pointer on `grid`'s cells from now on; a tap reaches it through `tap`, which
   * the grid's `onActivate` calls.
   * @param {object} o
   * @param {import('../../widgets/board-grid.js').BoardGrid} o.grid the board traced on
   * @param {() => boolean} o.active whether a word may be traced now (a round in play)
   * @param {(cells: number[]) => void} o.onChange the path so far (one cell or more) after
   *   each change, already drawn on the grid
   * @param {(cells: number[]) => void} o.onDone the path is finished: its word is to be added
   */
  constructor({ grid, active, onChange, onDone }) {
    this.grid = grid;
    this.active = active;
    this.onChange = onChange;
    this.onDone = onDone;
    /** @type {number[]} the cells traced, in order */
    this.cells = [];
    /** @type {{start: number, moved: boolean} | null} while a pointer is down on the board */
    this.drag = null;
    /** True between the end of a drag and the click the browser sends after it. */
    this.suppressClick = false;
    const cells = grid.cellsEl;
    cells.addEventListener('pointerdown', (e) => this.pointerDown(e));
    cells.addEventListener('pointermove', (e) => this.pointerMove(e));
    cells.addEventListener('pointerup', () => this.pointerUp());
    cells.addEventListener('pointercancel', () => (this.drag = null));
  }

  /**
   * Forgets the path and takes it off the grid; false when there was none (nothing drawn then).
   * @returns {boolean}
   */
  clear() {
    if (!this.cells.length) return false;
    this.cells = [];
    this.grid.showPath(null);
    return true;
  }

  /**
   * Cell `i` clicked, tapped or activated by Enter or Space: the last cell again finishes the
   * word; a cell on the path cuts it back there; a neighbour of the last extends it; any other
   * cell starts a new path.
   * @param {number} i
   */
  tap(i) {
    if (this.suppressClick) {
      this.suppressClick = false;
      return;
    }
    if (!this.active()) return;
    const t = this.cells;
    if (t.length && t.at(-1) === i) {
      this.onDone(t);
      return;
    }
    const at = t.indexOf(i);
    if (at >= 0) t.length = at + 1;
    else if (t.length && this.grid.adjacent(t.at(-1), i)) t.push(i);
    else this.cells = [i];
    this.changed();
  }

  /** Draws the path and tells the round. */
  changed() {
    this.grid.showPath(this.cells, 'trace');
    this.onChange(this.cells);
  }

  /**
   * The cell of this grid under a pointer event, or null.
   * @param {PointerEvent} e
   * @returns {number | null}
   */
  cellAt(e) {
    const hit = document.elementFromPoint(e.clientX, e.clientY);
    const cell = /** @type {HTMLElement | null} */ (hit?.closest('[data-index]') ?? null);
    return cell && this.grid.cellsEl.contains(cell) ? Number(cell.dataset.index) : null;
  }

  /** @param {PointerEvent} e */
  pointerDown(e) {
    if (!this.active() || e.button > 0) return;
    const i = this.cellAt(e);
    if (i === null) return;
    this.drag = { start: i, moved: false };
    // Touch and pen: the moves keep coming to the board, not to a scroll.
    /** @type {Element} */ (e.target).releasePointerCapture?.(e.pointerId);
  }

  /**
   * A drag becomes a path once it reaches a neighbour of the cell it started on; then each
   * neighbour it enters extends the path, and the cell before the last takes the last off.
   * @param {PointerEvent} e
   */
  pointerMove(e) {
    const d = this.drag;
    if (!d || !this.active()) return;
    const i = this.cellAt(e);
    if (i === null) return;
    if (!d.moved) {
      if (i === d.start || !this.grid.adjacent(d.start, i)) return;
      d.moved = true;
      this.cells = [d.start];
    }
    const t = this.cells;
    if (i === t.at(-1)) return;
    if (t.length > 1 && i === t.at(-2)) t.pop();
    else if (!t.includes(i) && this.grid.adjacent(t.at(-1), i)) t.push(i);
    else return;
    this.changed();
  }

  /** The end of a drag finishes its word (a press without a drag is a tap, left to `tap`). */
  pointerUp() {
    const d = this.drag;
    this.drag = null;
    if (!d?.moved || !this.active()) return;
    this.suppressClick = true;
    // The click that follows a drag comes at once; if none does, forget the flag.
    setTimeout(() => (this.suppressClick = false), 0);
    this.onDone(this.cells);
  }
}
