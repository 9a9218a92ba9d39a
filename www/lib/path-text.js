// A word's path on the board in words, for readers who cannot see the drawn path: the first
// letter's row and column, then each next letter and the way it lies from the one before
// ("R at row 1, column 3, then E to the left, P to the left, L below, …").
import { cellName, faceText } from './format.js';

/**
 * The way from one cell to a neighbour, by [row step, column step].
 * @type {Readonly<Record<string, string>>}
 */
const WAYS = {
  '-1,-1': 'up and left',
  '-1,0': 'above',
  '-1,1': 'up and right',
  '0,-1': 'to the left',
  '0,1': 'to the right',
  '1,-1': 'down and left',
  '1,0': 'below',
  '1,1': 'down and right',
};

/**
 * The path `path` (cell indices in order) on a board of `letters` (row-major, `q` = Qu) with
 * `cols` columns, as a sentence. Cells that are not neighbours (never on a real path) are
 * named by their row and column.
 * @param {string} letters
 * @param {readonly number[]} path
 * @param {number} cols
 */
export function pathText(letters, path, cols) {
  return path
    .map((cell, n) => {
      const face = faceText(letters[cell]);
      if (n === 0) return `${face} at ${cellName(cell, cols)}`;
      const prev = path[n - 1];
      const way = WAYS[`${Math.floor(cell / cols) - Math.floor(prev / cols)},${(cell % cols) - (prev % cols)}`];
      return `${n === 1 ? 'then ' : ''}${face} ${way ?? `at ${cellName(cell, cols)}`}`;
    })
    .join(', ');
}
