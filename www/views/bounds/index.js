// The bounds view (mode=bounds): a board class (a set of letters per cell), its two upper
// bounds and why they come out as they do: its cards (layout.js: the class grid and its
// editor, the sum/union words), the per-cell splits (splits.js) and the max/no-mark tree
// (nomark-tree.js). State lives in the URL (class, target, cell, wordlist). All engine work
// goes through ctx.engine; these modules only render.
import { el, hiddenText, loadCss } from '../../lib/dom.js';
import { cellName, count, points, shown, sizeText } from '../../lib/format.js';
import { BOUNDS } from '../../lib/limits.js';
import { DEFAULT_LIST, listName } from '../../lib/lists.js';
import { readTarget, TARGET_RULE } from '../../lib/params.js';
import { readAnyListParam } from '../../lib/own-lists.js';
import { downloadMessage, isDownloadFailure } from '../../lib/failure.js';
import { LastValid } from '../../lib/share.js';
import { dropRejected } from '../../lib/url.js';
import { announce } from '../../lib/announce.js';
import { DEFAULT_CLASS, bestKnown } from '../../lib/known.js';
import { BoundsLayout, classWordItems } from './layout.js';
import { NomarkTreeCard } from './nomark-tree.js';
import { SplitsCard } from './splits.js';

/** The URL parameters this view reads besides `mode`: the shell (app.js) takes any other out of the address. */
export const URL_PARAMS = ['class', 'target', 'cell', 'wordlist'];

await loadCss(new URL('./bounds.css', import.meta.url));

/** Sum/union words listed before "show all". */
const WORDS_SHOWN = 300;

/** @typedef {import('../../engine.js').Engine} Engine */

/**
 * What the view reads of the shell's `ctx` (app.js): the engine and the URL's parameters.
 * @typedef {{engine: Engine, params: URLSearchParams}} BoundsContext
 */

/**
 * A class as the engine describes it (ClassInfo in src/wasm/bounds.rs): its text, shape,
 * each cell's letters ('.' for an empty cell) and its board count as a decimal string.
 * @typedef {object} ClassInfo
 * @property {string} class
 * @property {number} rows
 * @property {number} cols
 * @property {string[]} cells
 * @property {string} boards
 */

/**
 * A sum/union word (ClassWord in src/bounds/solver.rs): its path's cells, row-major, and the
 * letter it takes in each (`q` for Qu).
 * @typedef {{word: string, points: number, path: number[], letters: string}} ClassWord
 */

/**
 * The engine's answer to `classBounds` (`ClassBounder.details` in src/wasm/bounds.rs).
 * @typedef {ClassInfo & {
 *   max_nomark: number,
 *   sum_union: number,
 *   bound: number,
 *   start_scores: number[],
 *   words: ClassWord[],
 *   steps: number,
 * }} ClassDetails
 */

/**
 * Mounts the view into `root`; see app.js for `ctx`.
 * @param {HTMLElement} root
 * @param {BoundsContext} ctx
 */
export function mount(root, ctx) {
  const view = new BoundsView(root, ctx);
  return { unmount: () => view.unmount(), update: (/** @type {URLSearchParams} */ params) => view.load(params), share: view.share };
}


class BoundsView {
  /**
   * @param {HTMLElement} root
   * @param {BoundsContext} ctx
   */
  constructor(root, { engine, params }) {
    this.engine = engine;
    this.seq = 0; // the latest class; older answers are dropped
    /** @type {string | null} */
    this.shownText = null; // the class on screen as the URL writes it
    /** @type {ClassInfo | null} */
    this.info = null; // the class shown: {class, rows, cols, cells, boards}
    /** @type {ClassDetails | null} */
    this.result = null; // its bounds (details)
    this.selected = 0; // the selected cell: edited and used as the tree's start
    this.list = DEFAULT_LIST;
    // The URL, the Embed dialog and a reload describe the last class bounded.
    const spaced = (/** @type {string | null} */ t) => String(t ?? '').trim().replace(/\s+/g, ' ');
    this.share = new LastValid({
      noun: 'class',
      key: 'class',
      fallback: DEFAULT_CLASS,
      differs: () => spaced(this.ui.input.value) !== spaced(this.shownText),
    });
    this.build(root);
    this.load(params);
  }

  unmount() {
    this.seq++;
    this.splits.cancel();
    this.treeCard.cancel();
  }

  // ---- layout -------------------------------------------------------------------------------

  /**
   * Puts the cards in `root` (layout.js), with the splits and the max/no-mark tree below.
   * @param {HTMLElement} root
   */
  build(root) {
    this.ui = new BoundsLayout(this.share.note, {
      submit: (text) => this.submit(text, { push: true }),
      select: (i) => this.select(i),
      editCell: (letters) => this.editCell(letters),
      setTarget: (text) => this.setTarget(text),
      pickList: (list) => {
        this.share.commit({ wordlist: list });
        this.load(new URLSearchParams(location.search));
      },
      moreWords: () => {
        // The button goes once every word shows: the focus moves on to the first word it added.
        const had = this.ui.words.childElementCount;
        this.renderWords(true);
        const next = /** @type {HTMLElement | null} */ (this.ui.words.children[had]?.querySelector('.class-word') ?? null);
        if (next) next.focus();
      },
      showWord: (i) => this.ui.classGrid.showPath(i === null ? null : this.result.words[i]),
    });
    this.splits = new SplitsCard(this.engine);
    this.treeCard = new NomarkTreeCard(this.engine);
    this.ui.main.append(this.splits.el, this.treeCard.el);
    root.append(this.ui.root);
  }

  // ---- state --------------------------------------------------------------------------------

  /**
   * Reads the URL and shows its class (called on mount and on back/forward).
   * @param {URLSearchParams} params
   */
  load(params) {
    this.params = params;
    const { list, error } = readAnyListParam(params.get('wordlist'));
    this.list = list;
    this.ui.listSelect.value = this.list;
    this.ui.listError.show(error);
    const cellParam = params.get('cell');
    this.selected = cellParam !== null && /^\d{1,2}$/.test(cellParam) ? Number(cellParam) : 0;
    const cellBad = cellParam !== null && !/^\d{1,2}$/.test(cellParam);
    this.ui.cellError.show(cellBad ? `cell=“${shown(cellParam)}” is not a cell number: showing the first cell.` : null);
    const t = params.get('target');
    const targetBad = t !== null && readTarget(t) === null;
    this.ui.targetError.show(targetBad ? `target=“${shown(t)}” is not a target score: use ${TARGET_RULE}; using the default.` : null);
    dropRejected({ wordlist: error, cell: cellBad, target: targetBad });
    this.show(params.get('class') ?? DEFAULT_CLASS, { fromUrl: true });
  }

  /**
   * A class typed or picked by the user: shown (from its first cell) and, once bounded, into the URL.
   * @param {string} text
   * @param {{push: boolean}} how
   */
  submit(text, { push }) {
    this.show(text.trim(), { push, cell: 0 });
  }

  /** @param {string} text */
  setTarget(text) {
    const t = text.trim();
    if (t !== '' && readTarget(t) === null) {
      this.ui.targetError.show(`The target must be ${TARGET_RULE}.`);
      return;
    }
    this.ui.targetError.show(null);
    const target = readTarget(t);
    this.share.commit({ target: target === null || target === this.defaultTarget() ? null : String(target) });
    this.renderVerdict();
  }

  defaultTarget() {
    return this.info ? bestKnown(this.info.rows, this.info.cols)?.score ?? null : null;
  }

  /** The target in force: the URL's, else the best known score for the size (or none). */
  targetScore() {
    const t = readTarget(new URLSearchParams(location.search).get('target'));
    if (t !== null) return t;
    return this.defaultTarget();
  }

  /**
   * Parses and bounds `text`, then starts the explanations. Once it is bounded the class is the
   * one shared: `fromUrl` (the URL holds it already), else written into the URL (`push`: a new
   * history entry; `cell` a cell to select, e.g. 0 for a new class). A class the engine rejects
   * leaves the last one on screen and in the URL; with nothing on screen yet, the default class
   * is shown beside the message (`fallback`).
   * @param {string} text
   * @param {{push?: boolean, fromUrl?: boolean, cell?: number | null, fallback?: boolean}} [how]
   * @returns {Promise<void>}
   */
  async show(text, { push = false, fromUrl = false, cell = null, fallback = false } = {}) {
    const seq = ++this.seq;
    this.splits.cancel();
    if (document.activeElement !== this.ui.input && !fallback) this.ui.input.value = text;
    this.ui.working.textContent = 'Computing the bounds…';
    /** @type {ClassDetails} */
    let r;
    try {
      r = await this.engine.call('classBounds', { list: this.list, cls: text, maxSteps: BOUNDS.max_steps });
    } catch (e) {
      if (seq !== this.seq) return;
      if (isDownloadFailure(e)) {
        // Not the class's fault: nothing falls back, and Try again bounds it once more.
        this.ui.classError.show(downloadMessage(e, listName(this.list)), () => this.show(text, { push, fromUrl, cell, fallback }));
        this.ui.working.textContent = '';
        if (!this.result) this.ui.unavailable();
        return;
      }
      this.ui.classError.show(e.message);
      if (!this.result && !fallback) {
        await this.show(DEFAULT_CLASS, { cell: 0, fallback: true });
        return;
      }
      this.ui.working.textContent = this.result ? 'Showing the last class that could be bounded.' : '';
      this.share.rejected();
      return;
    }
    if (seq !== this.seq) return;
    if (!fallback) this.ui.classError.show(null);
    if (cell !== null) this.selected = cell;
    this.shownText = text;
    if (fallback) {
      this.share.commit({ class: null, cell: null });
      this.share.rejected();
    } else if (fromUrl) {
      this.share.commit();
    } else {
      this.share.commit(cell === null ? { class: text } : { class: text, cell: null }, { push });
    }
    this.info = r;
    this.result = r;
    this.ui.classGrid.grid.hidden = false;
    if (this.selected >= r.cells.length) {
      this.ui.cellError.show(
        `cell=“${this.selected}” is past the class's ${r.cells.length} cells (cell=0 to cell=${r.cells.length - 1}): showing the cell at ${cellName(0, r.cols)}.`,
      );
      this.selected = 0;
      this.share.commit({ cell: null });
    }
    this.ui.working.textContent = `The search took ${count(r.steps)} steps.`;
    this.renderCells();
    this.renderSummary();
    this.renderWords(false);
    this.treeCard.draw(this.info, this.selected, this.list);
    this.splits.start(this.info, this.result.bound, this.list);
  }

  /**
   * Selects a cell: its editor opens and the tree starts there.
   * @param {number} index
   */
  select(index) {
    this.selected = index;
    this.ui.cellError.show(null);
    this.share.commit({ cell: index === 0 ? null : index });
    this.renderCells();
    this.treeCard.draw(this.info, this.selected, this.list);
  }

  /**
   * Applies a new letter set to the selected cell (a new class, a new history entry).
   * @param {string} letters
   */
  editCell(letters) {
    const cells = this.info.cells.slice();
    cells[this.selected] = letters === '' ? '.' : letters;
    const rows = [];
    for (let r = 0; r < this.info.rows; r++) rows.push(cells.slice(r * this.info.cols, (r + 1) * this.info.cols).join(' '));
    this.show(rows.join(' / '), { push: true });
  }

  // ---- rendering ----------------------------------------------------------------------------

  renderCells() {
    this.ui.classGrid.render(this.info, this.result.start_scores, this.selected);
    this.ui.classGrid.renderEditor(this.info, this.selected);
  }

  renderSummary() {
    const r = this.result;
    this.ui.boards.show(r.boards);
    this.ui.boardsLabel.textContent = r.boards === '1' ? 'board in the class' : 'boards in the class';
    this.ui.maxNomark.textContent = String(r.max_nomark);
    this.ui.sumUnion.textContent = String(r.sum_union);
    const maxWins = r.max_nomark <= r.sum_union;
    this.ui.maxBox.dataset.tighter = String(maxWins);
    this.ui.sumBox.dataset.tighter = String(!maxWins);
    for (const box of [this.ui.maxBox, this.ui.sumBox]) {
      box.querySelector('.tighter-badge')?.remove();
      if (box.dataset.tighter === 'true') box.firstChild.append(el('span', { className: 'tighter-badge' }, [hiddenText('(the '), 'tighter', hiddenText(' bound)')]));
    }
    this.renderVerdict();
  }

  renderVerdict() {
    if (!this.result) return;
    const def = this.defaultTarget();
    this.ui.target.placeholder = def === null ? 'none' : String(def);
    const urlTarget = new URLSearchParams(location.search).get('target');
    if (document.activeElement !== this.ui.target) this.ui.target.value = String(readTarget(urlTarget) ?? '');
    this.ui.targetHelp.textContent =
      def === null
        ? `No best score is on record for ${sizeText(this.info.rows, this.info.cols)}: type a target to test the class against it.`
        : `Default: ${points(def)}, the best known ${sizeText(this.info.rows, this.info.cols)} score. A class whose bound is below the target holds no board that reaches it.`;
    const target = this.targetScore();
    const bound = this.result.bound;
    const which = this.result.max_nomark <= this.result.sum_union ? 'max/no-mark' : 'sum/union';
    const link = new URLSearchParams({ mode: 'break', class: this.info.class });
    if (target !== null) link.set('target', String(target));
    if (this.list !== DEFAULT_LIST) link.set('wordlist', this.list);
    this.ui.breakLink.href = `?${link}`;
    // A class with an empty cell (the engine writes it as '.') has no link: a break could only
    // settle it by its bound, which the verdict below already does.
    this.ui.breakLink.hidden = target === null || this.info.cells.includes('.');
    if (target === null) {
      this.ui.verdict.dataset.kind = 'none';
      this.ui.verdict.textContent = `Every board in this class scores at most ${points(bound)} (the ${which} bound).`;
    } else if (bound < target) {
      this.ui.verdict.dataset.kind = 'eliminated';
      this.ui.verdict.textContent = `Eliminated: the bound ${points(bound)} is below the target ${points(target)}, so no board here can reach it.`;
    } else {
      this.ui.verdict.dataset.kind = 'open';
      // A class of one board has no cell left to split: only its exact score can say more.
      const next = this.result.boards === '1' ? 'It is a single board: solve it for its exact score.' : 'Split a cell to tighten it.';
      this.ui.verdict.textContent = `Not eliminated: the bound ${points(bound)} reaches the target ${points(target)}. ${next}`;
    }
    const against = target === null ? '' : bound < target ? `: eliminated (target ${points(target)})` : `: not eliminated (target ${points(target)})`;
    announce(`Bound ${points(bound)}${against}`);
  }

  /** @param {boolean} all */
  renderWords(all) {
    const words = this.result.words;
    const shown = all ? words : words.slice(0, WORDS_SHOWN);
    this.ui.wordsTitle.textContent = `sum/union words (${count(words.length)})`;
    this.ui.wordsNote.textContent = words.length
      ? 'Point at, tap or focus a word to see one path, with the letter it takes in each cell.'
      : 'No board in this class spells any word: both bounds are 0.';
    this.ui.words.replaceChildren(...classWordItems(shown));
    delete this.ui.words.dataset.pending;
    this.ui.wordFocus.first();
    this.ui.moreWords.hidden = shown.length === words.length;
    this.ui.moreWords.textContent = `Show all ${count(words.length)} words`;
  }
}
