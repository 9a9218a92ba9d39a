// The bounds view's "If one cell were fixed" card: for each cell with several letters, the
// class bound with that cell fixed to each of its letters, as bars that fill in while the
// engine's split job streams its results. A screen reader reads each cell as a list item with
// its place and each letter's bound ("row 1, column 1: L: 5564; N: 5596 (lowest); …"), and a
// sentence after the status names the best split, which sighted readers see as the shortest bar.
import { el, hiddenText } from '../../lib/dom.js';
import { cellName, count, faceText, points } from '../../lib/format.js';

/**
 * One split (Split in src/wasm/bounds.rs): the bounds of the class with `cell` fixed to
 * `letter` (as in the class text, `q` for Qu).
 * @typedef {{cell: number, letter: string, max_nomark: number, sum_union: number, bound: number}} Split
 */

/**
 * What each step of the `splits` job reports (Progress in src/wasm/bounds.rs): the splits
 * computed in that step, and how many of `total` are done.
 * @typedef {{done: boolean, finished: number, total: number, splits: Split[]}} SplitProgress
 */

/**
 * A letter's bar in a cell's box: its fill, its figure, its row and its bound once known.
 * @typedef {{bar: HTMLDivElement, value: HTMLSpanElement, row: HTMLDivElement, bound: number | null}} SplitSlot
 */

/**
 * A cell's box; when it has several letters, `bars` by letter and `spoken`, what a screen
 * reader reads instead of the drawing (writeSpoken()).
 * @typedef {HTMLDivElement & {bars?: Map<string, SplitSlot>, spoken?: HTMLSpanElement}} SplitBox
 */

/**
 * Writes what a screen reader reads of a cell's box with several letters: its place and each
 * letter's bound so far, the cell's lowest marked ("row 1, column 2: A: 5; U: 2 (lowest)").
 * @param {SplitBox} box
 * @param {number} cell
 * @param {number} cols
 */
function writeSpoken(box, cell, cols) {
  if (!box.bars || !box.spoken) return;
  const slots = [...box.bars];
  const known = slots.filter(([, x]) => x.bound !== null).length;
  const parts = slots.map(([l, x]) => {
    const lowest = x.row.dataset.best === 'true' && known > 1 ? ' (lowest)' : '';
    return `${faceText(l)}: ${x.bound === null ? 'not computed yet' : points(x.bound)}${lowest}`;
  });
  box.spoken.textContent = `${cellName(cell, cols)}: ${parts.join('; ')}.`;
}

/** The "If one cell were fixed" card, its bars filled as the split job streams. */
export class SplitsCard {
  /** @param {import('../../engine.js').Engine} engine */
  constructor(engine) {
    this.engine = engine;
    /** @type {import('../../engine.js').Job | null} */
    this.job = null;
    this.run = 0; // the latest run; answers for older ones are dropped
    this.status = el('p', { className: 'help' });
    this.bar = el('progress', { max: 1, value: 0, hidden: true, 'aria-label': 'Single-letter fixes computed' });
    this.stopButton = el('button', { type: 'button', className: 'secondary', hidden: true }, ['Stop']);
    this.stopButton.addEventListener('click', () => this.job?.cancel());
    // The best split in words: what the shortest bar shows.
    this.best = el('p', { className: 'visually-hidden', dataset: { testid: 'split-best' } });
    this.grid = el('div', { className: 'split-grid', role: 'list', 'aria-label': 'Bounds with one cell fixed, by cell' });
    this.el = el('section', { className: 'card splits-card' }, [
      el('h2', { className: 'card-title' }, ['If one cell were fixed']),
      el('p', { className: 'help' }, [
        'For each cell with several letters: the class bound if that cell held only one of them. Short bars are good splits; branch and bound splits the cells whose bars drop most.',
      ]),
      el('div', { className: 'split-progress' }, [this.bar, this.stopButton]),
      this.status,
      this.best,
      this.grid,
    ]);
  }

  /** Stops the running job and ignores whatever it still sends (a new class, or the view left). */
  cancel() {
    this.run++;
    this.job?.cancel();
    this.job = null;
  }

  /**
   * Starts the split job for class `info` ({class, rows, cols, cells}) whose bound is `bound`, on `list`.
   * @param {import('./index.js').ClassInfo} info
   * @param {number} bound
   * @param {string} list
   */
  start(info, bound, list) {
    this.cancel();
    const run = this.run;
    const { rows, cols, cells } = info;
    const base = bound || 1;
    const boxes = cells.map((letters, i) => {
      const box = /** @type {SplitBox} */ (el('div', { className: 'split-cell', role: 'listitem', dataset: { index: i } }));
      if (letters.length > 1 && letters !== '.') {
        // The drawing is read as one sentence (writeSpoken()): a row's parts, read one by one, would
        // run together.
        box.spoken = hiddenText('');
        box.append(box.spoken, el('div', { className: 'split-title', 'aria-hidden': 'true' }, [cellName(i, cols)]));
        box.bars = new Map();
        for (const l of letters) {
          const bar = /** @type {HTMLDivElement} */ (el('div', { className: 'split-fill' }));
          const value = /** @type {HTMLSpanElement} */ (el('span', { className: 'split-value' }, ['…']));
          const row = /** @type {HTMLDivElement} */ (el('div', { className: 'split-row', 'aria-hidden': 'true' }, [
            el('span', { className: 'split-letter' }, [faceText(l)]),
            el('div', { className: 'split-track' }, [bar]),
            value,
          ]));
          box.append(row);
          box.bars.set(l, { bar, value, row, bound: null });
        }
        writeSpoken(box, i, cols);
      } else {
        box.classList.add('fixed');
        // Its place is said, not shown: the box sits where the cell does.
        const what = letters === '.' ? ['empty', hiddenText(' (no letter: nothing to fix)')] : [`${faceText(letters)} (fixed)`];
        box.append(el('div', { className: 'split-title' }, [hiddenText(`${cellName(i, cols)}: `), ...what]));
      }
      return box;
    });
    this.best.textContent = '';
    this.grid.style.setProperty('--cols', cols);
    this.grid.dataset.rows = rows;
    this.grid.replaceChildren(...boxes);
    const apply = (/** @type {SplitProgress | null | undefined} */ p) => {
      if (run !== this.run) return;
      for (const s of p?.splits ?? []) {
        const slot = boxes[s.cell].bars?.get(s.letter);
        if (!slot) continue;
        const frac = Math.min(1, s.bound / base);
        slot.bar.style.width = `${(frac * 100).toFixed(1)}%`;
        slot.bar.style.setProperty('--frac', frac.toFixed(3));
        slot.value.textContent = points(s.bound);
        slot.row.title = `${faceText(s.letter)}: max/no-mark ${points(s.max_nomark)}, sum/union ${points(s.sum_union)}`;
        slot.bound = s.bound;
        // The letter whose fix lowers the bound most is the cell's best split.
        const slots = [...boxes[s.cell].bars.values()];
        const best = Math.min(...slots.map((x) => x.bound ?? Infinity));
        for (const x of slots) x.row.dataset.best = String(x.bound === best);
        writeSpoken(boxes[s.cell], s.cell, cols);
      }
      if (p?.splits?.length) this.sayBest(boxes, cols, Boolean(p.done));
      if (p?.total !== undefined) {
        this.bar.max = Math.max(1, p.total);
        this.bar.value = p.finished;
        this.bar.setAttribute('aria-valuetext', `${count(p.finished)} of ${count(p.total)}`);
        if (p.done) this.sayBest(boxes, cols, true);
        this.status.textContent = p.done
          ? `All ${count(p.total)} single-letter fixes computed.`
          : `Computing ${count(p.finished)} of ${count(p.total)}…`;
      }
    };
    if (!cells.some((l) => l.length > 1 && l !== '.')) {
      this.status.textContent = 'Every cell holds at most one letter: nothing to split.';
      this.bar.hidden = this.stopButton.hidden = true;
      return;
    }
    this.bar.hidden = this.stopButton.hidden = false;
    this.bar.value = 0;
    this.bar.removeAttribute('aria-valuetext');
    this.status.textContent = 'Computing…';
    this.job = this.engine.request('splits', { list, cls: info.class }, { onProgress: apply });
    this.job.promise.then(
      (/** @type {SplitProgress | {cancelled: true, value: null}} */ r) => {
        if (run !== this.run) return;
        this.bar.hidden = this.stopButton.hidden = true;
        if (/** @type {{cancelled?: boolean}} */ (r)?.cancelled) this.status.textContent = 'Stopped.';
        else apply(/** @type {SplitProgress} */ (r));
      },
      (e) => {
        if (run !== this.run) return;
        this.bar.hidden = this.stopButton.hidden = true;
        this.status.textContent = `Could not compute the splits: ${e.message}`;
      },
    );
  }

  /**
   * Names the best split in words: the cell and letter whose fix gives the lowest bound, the
   * shortest bar (`done`: every fix is in, else the best so far).
   * @param {SplitBox[]} boxes
   * @param {number} cols
   * @param {boolean} done
   */
  sayBest(boxes, cols, done) {
    /** @type {{cell: number, letter: string, bound: number} | null} */
    let best = null;
    boxes.forEach((box, cell) => {
      for (const [letter, slot] of box.bars ?? []) {
        if (slot.bound !== null && (!best || slot.bound < best.bound)) best = { cell, letter, bound: slot.bound };
      }
    });
    this.best.textContent = best
      ? `Best split${done ? '' : ' so far'}: ${cellName(best.cell, cols)} = ${faceText(best.letter)}, bound ${points(best.bound)}.`
      : '';
  }
}
