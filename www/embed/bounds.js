// The bounds widget (`?embed=1&mode=bounds`, the <boggle-bounds> element): a board class with
// its two upper bounds, the verdict against a target and, with `panel`, one of the bounds
// view's explanations: the max/no-mark tree from a cell (`tree`), the per-cell splits
// (`splits`) or the sum/union words (`words`). It takes the bounds view's parameters (class,
// target, cell, wordlist) and reuses its class grid, tree and splits cards. A class small
// enough to bound in a moment is bounded on load; a bigger one waits for the reader's click.
import { el, ExactCount, loadCss } from '../lib/dom.js';
import { cellName, choiceOf, count, points, shown } from '../lib/format.js';
import { BOUNDS } from '../lib/limits.js';
import { DEFAULT_LIST, LISTS } from '../lib/lists.js';
import { readListParam, readTarget } from '../lib/params.js';
import { ClassGrid } from '../views/bounds/class-grid.js';
import { classWordItems } from '../views/bounds/layout.js';
import { RovingFocus } from '../lib/roving.js';
import { DEFAULT_CLASS, bestKnown } from '../lib/known.js';
import { NomarkTreeCard } from '../views/bounds/nomark-tree.js';
import { SplitsCard } from '../views/bounds/splits.js';
import { EmbedFrame } from './frame.js';
import { announce } from '../lib/announce.js';
import { failureText, isDownloadFailure } from '../lib/failure.js';

await loadCss(new URL('../views/bounds/bounds.css', import.meta.url));
await loadCss(new URL('./bounds.css', import.meta.url));

/**
 * Steps of the bound search run on load (a fraction of a second; bigger classes wait for a
 * click) and once the reader asks (the bounds view's limit: a few seconds): the engine's.
 */
const { load_steps: LOAD_STEPS, max_steps: MAX_STEPS } = BOUNDS;
/** The panels a widget can show under the numbers. */
const PANELS = ['tree', 'splits', 'words'];
/** What each panel adds to the widget's name: two widgets of one class differ by their panel. */
/** @type {Record<string, string>} */
const PANEL_LABELS = { tree: ', with its max/no-mark tree', splits: ', with its per-cell splits', words: ', with its sum/union words' };
/** Sum/union words listed in the words panel. */
const WORDS_SHOWN = 200;

/** @typedef {import('../views/bounds/index.js').ClassDetails} ClassDetails */

/** @typedef {import('./view.js').WidgetContext} WidgetContext */

/**
 * Mounts the widget into `root`; see app.js for `ctx`.
 * @param {HTMLElement} root
 * @param {WidgetContext} ctx
 */
export function mount(root, ctx) {
  const view = new BoundsWidget(root, ctx);
  return { unmount: () => view.unmount() };
}

class BoundsWidget {
  /**
   * @param {HTMLElement} root
   * @param {WidgetContext} ctx
   */
  constructor(root, { engine, params, notes = [] }) {
    this.engine = engine;
    /** The explanation panels, made when first shown. @type {SplitsCard | null} */
    this.splits = null;
    /** @type {NomarkTreeCard | null} */
    this.treeCard = null;
    this.frame = new EmbedFrame(root, params, { kind: 'bounds', label: 'Upper bounds of a Boggle board class' });
    this.read(params, notes);
    this.build();
    this.bound(LOAD_STEPS);
  }

  unmount() {
    this.gone = true;
    this.frame.unmount();
    this.splits?.cancel();
    this.treeCard?.cancel();
  }

  /**
   * The options from the URL; bad values are explained in the widget's notes.
   * @param {URLSearchParams} params
   * @param {string[]} notes
   */
  read(params, notes) {
    const { list, error } = readListParam(params.get('wordlist'));
    this.list = list;
    if (error) notes.push(error);
    this.cls = params.get('class') ?? DEFAULT_CLASS;
    const target = params.get('target');
    this.target = target === null ? null : readTarget(target);
    if (target !== null && this.target === null) notes.push(`target=“${shown(target)}” is not a whole number of points: using the best known score.`);
    const cell = params.get('cell');
    this.cell = cell !== null && /^\d{1,2}$/.test(cell) ? Number(cell) : 0;
    if (cell !== null && !/^\d{1,2}$/.test(cell)) notes.push(`cell=“${shown(cell)}” is not a cell number: starting at the first cell.`);
    const panel = params.get('panel');
    this.panel = panel !== null && PANELS.includes(choiceOf(panel)) ? choiceOf(panel) : null;
    if (panel !== null && !this.panel) notes.push(`panel=“${shown(panel)}” is not one of ${PANELS.join(', ')}: no panel.`);
    this.notes = notes;
    this.frame.setNotes(notes);
    this.frame.caption.textContent = LISTS[this.list];
    this.frame.setLabel(`Upper bounds of the class ${shown(this.cls, 80)}${PANEL_LABELS[this.panel] ?? ''}`);
    this.setLink();
  }

  build() {
    this.grid = new ClassGrid({ onSelect: (i) => this.select(i), onEdit: () => {} });
    this.boards = new ExactCount('class-boards', 'embed-boards');
    const box = (/** @type {string} */ name, /** @type {string} */ testid, /** @type {string} */ help) => {
      const value = el('span', { className: 'bound-value', dataset: { testid } }, ['…']);
      const node = el('div', { className: 'bound-box' }, [el('div', { className: 'bound-name' }, [name]), value, el('p', { className: 'help' }, [help])]);
      return { node, value };
    };
    this.max = box('max/no-mark', 'bound-max-nomark', 'the best letter in each branch, every path counted');
    this.sum = box('sum/union', 'bound-sum-union', 'every word some board can spell, once');
    // Said through the page's announcer when the reader asked for the bounds (not on load:
    // a post's widgets would all speak as it loads).
    this.verdict = el('p', { className: 'verdict', dataset: { testid: 'bounds-verdict' } });
    this.compute = el('button', { type: 'button', className: 'primary', hidden: true, dataset: { testid: 'bounds-compute' } }, ['Compute the bounds']);
    this.compute.addEventListener('click', () => this.bound(MAX_STEPS));
    this.panelEl = el('div', { className: 'embed-panel' });
    this.frame.body.append(
      el('div', { className: 'embed-bounds-top' }, [
        el('div', { className: 'embed-bounds-grid' }, [this.grid.grid, this.grid.caption]),
        el('div', { className: 'embed-bounds-numbers' }, [
          el('p', { className: 'embed-boards-line' }, [this.boards.value, (this.boardsLabel = document.createTextNode(' boards in the class'))]),
          this.boards.line,
          el('div', { className: 'bound-pair' }, [this.max.node, this.sum.node]),
          this.verdict,
          this.compute,
        ]),
      ]),
      this.panelEl,
    );
  }

  /**
   * Bounds the class within `steps`; a class that needs more offers the button instead.
   * @param {number} steps
   */
  async bound(steps) {
    this.compute.disabled = true;
    this.compute.textContent = 'Computing…';
    /** @type {ClassDetails} */
    let r;
    try {
      r = await this.engine.call('classBounds', { list: this.list, cls: this.cls, maxSteps: steps });
    } catch (e) {
      if (this.gone) return;
      if (steps < MAX_STEPS && /too big to bound/.test(e.message)) {
        // Too much for a page load: say what the class is and let the reader start it.
        this.frame.body.hidden = false;
        this.compute.hidden = false;
        this.compute.disabled = false;
        this.compute.textContent = 'Compute the bounds';
        this.verdict.dataset.kind = 'none';
        this.verdict.textContent = 'This class takes a few seconds to bound.';
        await this.describe();
      } else {
        this.frame.error.show(failureText(e, 'This class cannot be bounded', (m) => shown(m, 300)), isDownloadFailure(e) ? () => this.bound(steps) : null);
        this.compute.hidden = true;
        // The promise of a bound made before the reader asked is withdrawn with the button.
        if (this.verdict.dataset.kind === 'none') this.verdict.textContent = '';
      }
      this.frame.done();
      return;
    }
    if (this.gone) return;
    this.compute.hidden = true;
    this.frame.error.show(null);
    this.show(r);
    if (steps === MAX_STEPS) announce(`Bound ${points(r.bound)}. ${this.verdict.textContent}`);
    this.frame.done();
  }

  /** The class's cells and size without its bounds (for a class bounded on request). */
  async describe() {
    try {
      const info = await this.engine.call('classInfo', { cls: this.cls });
      if (this.gone) return;
      this.grid.render(info, null, this.cell);
      this.showBoards(info.boards);
    } catch {
      // The bound request reports a bad class.
    }
  }

  /** @param {ClassDetails} r the class's bounds */
  show(r) {
    this.info = r;
    this.result = r;
    this.frame.body.hidden = false;
    if (this.cell >= r.cells.length) {
      this.frame.setNotes([
        ...this.notes,
        `cell=“${this.cell}” is past the class's ${r.cells.length} cells (cell=0 to cell=${r.cells.length - 1}): starting at ${cellName(0, r.cols)}.`,
      ]);
      this.cell = 0;
    }
    this.grid.render(r, r.start_scores, this.cell);
    this.showBoards(r.boards);
    this.max.value.textContent = String(r.max_nomark);
    this.sum.value.textContent = String(r.sum_union);
    this.max.node.dataset.tighter = String(r.max_nomark <= r.sum_union);
    this.sum.node.dataset.tighter = String(r.max_nomark > r.sum_union);
    const target = this.target ?? bestKnown(r.rows, r.cols)?.score ?? null;
    const which = r.max_nomark <= r.sum_union ? 'max/no-mark' : 'sum/union';
    if (target === null) {
      this.verdict.dataset.kind = 'none';
      this.verdict.textContent = `Every board in this class scores at most ${points(r.bound)} (the ${which} bound).`;
    } else if (r.bound < target) {
      this.verdict.dataset.kind = 'eliminated';
      this.verdict.textContent = `Eliminated: the bound ${points(r.bound)} is below the target ${points(target)}.`;
    } else {
      this.verdict.dataset.kind = 'open';
      this.verdict.textContent = `Not eliminated: the bound ${points(r.bound)} reaches the target ${points(target)}.`;
    }
    this.frame.caption.textContent = `${LISTS[this.list]}${target === null ? '' : ` · target ${points(target)}`}`;
    this.setLink(r.class);
    this.showPanel();
  }

  /**
   * Writes the class's board count (a decimal string) and the words after it.
   * @param {string} boards
   */
  showBoards(boards) {
    this.boards.show(boards);
    this.boardsLabel.data = boards === '1' ? ' board in the class' : ' boards in the class';
  }

  /** The optional panel under the numbers. */
  showPanel() {
    if (this.panel === 'tree') {
      this.treeCard ??= new NomarkTreeCard(this.engine);
      this.panelEl.replaceChildren(this.treeCard.el);
      this.treeCard.draw(this.info, this.cell, this.list);
    } else if (this.panel === 'splits') {
      this.splits ??= new SplitsCard(this.engine);
      // The splits take a moment for a big class: they start when the reader asks.
      const start = el('button', { type: 'button', className: 'secondary', dataset: { testid: 'bounds-splits-start' } }, ['Compute the splits']);
      start.addEventListener('click', () => {
        start.remove();
        this.splits.start(this.info, this.result.bound, this.list);
      });
      this.panelEl.replaceChildren(this.splits.el);
      this.splits.status.replaceChildren(start);
    } else if (this.panel === 'words') {
      this.panelEl.replaceChildren(this.wordsPanel());
    }
  }

  /** The sum/union words, best first; pointing at one marks its path on the class grid. */
  wordsPanel() {
    const words = this.result.words;
    const list = el('ul', { className: 'class-words' }, classWordItems(words.slice(0, WORDS_SHOWN)));
    // One Tab stop for the words, as in the Bounds view; arrow keys move between them.
    new RovingFocus(list, '.class-word').first();
    const hover = (/** @type {Event} */ e) => {
      const b = /** @type {HTMLElement | null} */ (/** @type {Element} */ (e.target).closest('[data-i]'));
      this.grid.showPath(b ? words[Number(b.dataset.i)] : null);
    };
    list.addEventListener('mouseover', hover);
    list.addEventListener('focusin', hover);
    list.addEventListener('mouseleave', () => this.grid.showPath(null));
    list.addEventListener('focusout', () => this.grid.showPath(null));
    const more = words.length > WORDS_SHOWN ? `; the best ${WORDS_SHOWN} are listed` : '';
    return el('section', { className: 'card words-card' }, [
      el('h2', { className: 'card-title' }, [`sum/union words (${count(words.length)})`]),
      el('p', { className: 'help' }, [words.length ? `Point at or focus a word to see one path${more}.` : 'No board in this class spells any word.']),
      list,
    ]);
  }

  /**
   * Picks the cell the tree starts from.
   * @param {number} i
   */
  select(i) {
    this.cell = i;
    if (!this.info) return;
    this.grid.render(this.info, this.result.start_scores, i);
    this.setLink(this.info.class);
    if (this.panel === 'tree') this.treeCard.draw(this.info, i, this.list);
  }

  /**
   * The bounds view with the same class, target, cell and list.
   * @param {string} [cls]
   */
  setLink(cls = this.cls) {
    const q = new URLSearchParams({ mode: 'bounds', class: cls });
    if (this.target !== null) q.set('target', String(this.target));
    if (this.cell) q.set('cell', String(this.cell));
    if (this.list !== DEFAULT_LIST) q.set('wordlist', this.list);
    this.frame.setLink(q);
  }
}
