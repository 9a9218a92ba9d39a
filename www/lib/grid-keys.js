// The keys that move focus in a grid of cells (the WAI-ARIA grid pattern), for the boards of the
// solve view and of the embedded board and the bounds view's class grid: arrows move one cell
// (and stop at the edges), Home and End go to the ends of the row, Ctrl+Home and Ctrl+End (or
// Cmd on a Mac) to the first and last cells.

/**
 * The cell that key event `e` moves to from cell `index` of a `rows x cols` grid (row-major), or
 * null when the key is not a move. At an edge a move stays on `index`.
 * @param {KeyboardEvent} e
 * @param {number} index
 * @param {number} rows
 * @param {number} cols
 * @returns {number | null}
 */
export function gridMove(e, index, rows, cols) {
  const last = rows * cols - 1;
  const row = index - (index % cols);
  const ctrl = e.ctrlKey || e.metaKey;
  if (e.altKey || e.shiftKey) return null;
  if (ctrl) return /** @type {Record<string, number>} */ ({ Home: 0, End: last })[e.key] ?? null;
  switch (e.key) {
    case 'ArrowLeft':
      return index % cols ? index - 1 : index;
    case 'ArrowRight':
      return index % cols < cols - 1 ? index + 1 : index;
    case 'ArrowUp':
      return index >= cols ? index - cols : index;
    case 'ArrowDown':
      return index + cols <= last ? index + cols : index;
    case 'Home':
      return row;
    case 'End':
      return row + cols - 1;
    default:
      return null;
  }
}

/**
 * Groups `cells` (row-major) into `rows` elements of the grid pattern's role "row", each a div
 * of class `className`; the rows take no room (CSS display: contents), so the cells stay the
 * items of the grid's CSS grid.
 * @param {Array<Node | string>} cells
 * @param {number} rows
 * @param {number} cols
 * @param {string} className
 * @returns {HTMLDivElement[]}
 */
export function gridRows(cells, rows, cols, className) {
  return Array.from({ length: rows }, (_, r) => {
    const row = document.createElement('div');
    row.className = className;
    row.setAttribute('role', 'row');
    row.append(...cells.slice(r * cols, (r + 1) * cols));
    return row;
  });
}
