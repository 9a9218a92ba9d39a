// The bounds view's class grid: one cube per cell holding its letters, warmer the more
// max/no-mark starts from it; a click selects a cell, whose letters the editor below toggles.
// A word's path is marked on the grid with the letter it takes in each cell.
import { el } from '../../lib/dom.js';
import { count, faceText } from '../../lib/format.js';
import { ALPHABET, PRESETS, cellName } from './examples.js';

export class ClassGrid {
  /** `onSelect(index)`: a cell was clicked. `onEdit(letters)`: new letters for the selected cell ('' empties it). */
  constructor({ onSelect, onEdit }) {
    this.onEdit = onEdit;
    this.grid = el('div', { className: 'class-grid', role: 'group', 'aria-label': 'Class cells' });
    this.grid.addEventListener('click', (e) => {
      const cell = e.target.closest('[data-index]');
      if (cell) onSelect(Number(cell.dataset.index));
    });
    this.editor = el('div', { className: 'cell-editor' });
  }

  /** Draws class `info` ({rows, cols, cells}) with each start cell's score and `selected` marked. */
  render(info, scores, selected) {
    const { rows, cols, cells } = info;
    const best = Math.max(1, ...scores);
    this.grid.style.setProperty('--cols', cols);
    this.grid.replaceChildren(
      ...cells.map((letters, i) => {
        const size = letters === '.' ? 0 : letters.length;
        return el(
          'button',
          {
            type: 'button',
            className: 'class-cell',
            dataset: { index: i, testid: 'cell' },
            'aria-pressed': String(i === selected),
            'aria-label': `${cellName(i, cols)}: ${size === 0 ? 'empty' : letters.split('').join(', ')}; max/no-mark from here ${scores[i]}`,
            title: `max/no-mark from this cell: ${scores[i]}`,
            style: `--heat: ${(scores[i] / best).toFixed(3)}`,
          },
          [
            el('span', { className: 'cell-letters' }, [size === 0 ? '·' : letters.split('').map(faceText).join(' ')]),
            el('span', { className: 'cell-pick' }),
            el('span', { className: 'cell-score' }, [count(scores[i])]),
          ],
        );
      }),
    );
    this.grid.dataset.rows = rows;
  }

  /** The letter toggles and presets for cell `selected` of class `info`. */
  renderEditor(info, selected) {
    const letters = info.cells[selected];
    const has = new Set(letters === '.' ? [] : letters.split(''));
    const toggles = ALPHABET.split('').map((l) =>
      el(
        'button',
        {
          type: 'button',
          className: 'letter-toggle',
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
      ),
    );
    const presets = PRESETS.map(([label, set]) =>
      el('button', { type: 'button', className: 'secondary preset', onclick: () => this.onEdit(set) }, [label]),
    );
    presets.push(el('button', { type: 'button', className: 'secondary preset', onclick: () => this.onEdit('') }, ['Empty']));
    this.editor.replaceChildren(
      el('p', { className: 'editor-title' }, [`Letters of the cell at ${cellName(selected, info.cols)}`]),
      el('div', { className: 'letter-toggles' }, toggles),
      el('div', { className: 'presets' }, presets),
    );
  }

  /** Marks a word's path ({path, letters}) on the grid, with the letter picked in each cell; null clears it. */
  showPath(word) {
    const cells = this.grid.querySelectorAll('.class-cell');
    for (const c of cells) {
      c.dataset.onPath = 'false';
      c.querySelector('.cell-pick').textContent = '';
    }
    if (!word) return;
    word.path.forEach((cell, k) => {
      const c = cells[cell];
      if (!c) return;
      c.dataset.onPath = 'true';
      c.querySelector('.cell-pick').textContent = `${k + 1}·${faceText(word.letters[k])}`;
    });
  }
}
