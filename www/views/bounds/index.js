// The bounds view (mode=bounds): a board class (a set of letters per cell), its two upper
// bounds and why they come out as they do: the class grid and its editor (class-grid.js), the
// sum/union words, the per-cell splits (splits.js) and the max/no-mark tree (nomark-tree.js).
// State lives in the URL (class, target, cell, wordlist). All engine work goes through
// ctx.engine; these modules only render.
import { el, fieldError, loadCss } from '../../lib/dom.js';
import { cellName, count, countNode, shown } from '../../lib/format.js';
import { BOUNDS } from '../../lib/limits.js';
import { DEFAULT_LIST, LISTS } from '../../lib/lists.js';
import { readListParam } from '../../lib/params.js';
import { LastValid } from '../../lib/share.js';
import { announce } from '../../lib/announce.js';
import { ClassGrid } from './class-grid.js';
import { BEST_KNOWN, DEFAULT_CLASS, EXAMPLES } from './examples.js';
import { NomarkTreeCard } from './nomark-tree.js';
import { SplitsCard } from './splits.js';

await loadCss(new URL('./bounds.css', import.meta.url));

/** Sum/union words listed before "show all". */
const WORDS_SHOWN = 300;

/** Mounts the view into `root`; see app.js for `ctx`. */
export function mount(root, ctx) {
  const view = new BoundsView(root, ctx);
  return { unmount: () => view.unmount(), update: (params) => view.load(params), share: view.share };
}

class BoundsView {
  constructor(root, { engine, params }) {
    this.engine = engine;
    this.seq = 0; // the latest class; older answers are dropped
    this.shownText = null; // the class on screen as the URL writes it
    this.info = null; // the class shown: {class, rows, cols, cells, boards}
    this.result = null; // its bounds (details)
    this.selected = 0; // the selected cell: edited and used as the tree's start
    this.list = DEFAULT_LIST;
    // The URL, the Embed dialog and a reload describe the last class bounded.
    const spaced = (t) => String(t ?? '').trim().replace(/\s+/g, ' ');
    this.share = new LastValid({
      noun: 'class',
      key: 'class',
      fallback: DEFAULT_CLASS,
      differs: () => spaced(this.input.value) !== spaced(this.shownText),
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

  build(root) {
    this.input = el('textarea', {
      id: 'class-input',
      rows: 3,
      spellcheck: false,
      autocomplete: 'off',
      autocapitalize: 'none',
      'aria-describedby': 'class-help class-error',
    });
    this.classError = fieldError('class-error');
    const apply = el('button', { type: 'submit', className: 'primary' }, ['Bound it']);
    const code = (text) => el('code', {}, [text]);
    const form = el('form', { className: 'class-form' }, [
      el('label', { className: 'field-label', htmlFor: 'class-input' }, ['Board class']),
      this.input,
      el('p', { id: 'class-help', className: 'help' }, [
        'One letter set per cell, rows split by /: ',
        code('lnrsy'),
        ', ',
        code('{a,e,i}'),
        ', ranges ',
        code('b-d'),
        ', ',
        code('.'),
        ' for an empty cell, ',
        code('q'),
        ' for Qu. A plain board such as ',
        code('streaedlp'),
        ' works too.',
      ]),
      this.classError,
      this.share.note,
      el('div', { className: 'input-row class-actions' }, [apply]),
    ]);
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      this.submit(this.input.value, { push: true });
    });
    this.input.addEventListener('keydown', (e) => {
      if (e.key === 'Enter' && !e.shiftKey) {
        e.preventDefault();
        form.requestSubmit();
      }
    });

    // The class grid: click a cell to edit its letters (and to draw its search tree).
    this.classGrid = new ClassGrid({ onSelect: (i) => this.select(i), onEdit: (letters) => this.editCell(letters) });

    this.target = el('input', { id: 'target-input', type: 'number', min: 0, step: 1, inputMode: 'numeric' });
    this.targetError = fieldError('target-error');
    this.target.addEventListener('change', () => this.setTarget(this.target.value));
    this.listSelect = el(
      'select',
      { id: 'bounds-list', 'aria-label': 'Word list' },
      Object.entries(LISTS).map(([v, t]) => el('option', { value: v }, [t])),
    );
    this.listSelect.addEventListener('change', () => {
      this.share.commit({ wordlist: this.listSelect.value });
      this.load(new URLSearchParams(location.search));
    });
    this.targetHelp = el('p', { className: 'help', id: 'target-help' }, []);
    this.listError = fieldError('bounds-list-error');
    this.cellError = fieldError('cell-error');

    const examples = el(
      'ul',
      { className: 'examples' },
      EXAMPLES.map(([label, cls, note]) =>
        el('li', {}, [
          el('button', { type: 'button', className: 'link-button', onclick: () => this.submit(cls, { push: true }) }, [
            label,
          ]),
          el('span', { className: 'muted' }, [` — ${note}`]),
        ]),
      ),
    );

    const side = el('div', { className: 'bounds-side' }, [
      el('section', { className: 'card class-card' }, [form]),
      el('section', { className: 'card grid-card' }, [
        el('h2', { className: 'card-title' }, ['Cells']),
        el('p', { className: 'help' }, ['Click a cell to change its letters and to see its search tree.']),
        this.classGrid.grid,
        this.classGrid.caption,
        this.cellError,
        this.classGrid.editor,
      ]),
      el('section', { className: 'card target-card' }, [
        el('div', { className: 'target-row' }, [
          el('label', { className: 'field-label', htmlFor: 'target-input' }, ['Target score']),
          this.target,
          this.listSelect,
        ]),
        this.targetHelp,
        this.targetError,
        this.listError,
      ]),
      el('section', { className: 'card examples-card' }, [el('h2', { className: 'card-title' }, ['Examples']), examples]),
    ]);

    // The numbers.
    this.boards = el('span', { className: 'stat-value', dataset: { testid: 'class-boards' } }, ['…']);
    this.maxNomark = el('span', { className: 'bound-value', dataset: { testid: 'bound-max-nomark' } }, ['…']);
    this.sumUnion = el('span', { className: 'bound-value', dataset: { testid: 'bound-sum-union' } }, ['…']);
    this.maxBox = el('div', { className: 'bound-box' }, [
      el('div', { className: 'bound-name' }, [el('span', { className: 'nowrap' }, ['max/no-mark'])]),
      this.maxNomark,
      el('p', { className: 'help' }, [
        'Search from every cell. Where a cell has several letters, keep only the best one for that branch; add up the directions; count a word every time a path spells it. Choices are made afresh in each branch, so it can mix boards.',
      ]),
    ]);
    this.sumBox = el('div', { className: 'bound-box' }, [
      el('div', { className: 'bound-name' }, [el('span', { className: 'nowrap' }, ['sum/union'])]),
      this.sumUnion,
      el('p', { className: 'help' }, [
        'Every word that some board of the class can spell, each counted once: the score of one imaginary board holding all of them.',
      ]),
    ]);
    // Said through the page's announcer when it changes (renderVerdict).
    this.verdict = el('p', { className: 'verdict' });
    // Branch and bound on this class, in the break view.
    this.breakLink = el('a', { className: 'break-link', hidden: true, dataset: { testid: 'break-link' } }, ['Break this class']);
    this.working = el('p', { className: 'working' });
    const summary = el('section', { className: 'card summary' }, [
      el('div', { className: 'boards-row' }, [this.boards, (this.boardsLabel = el('span', { className: 'stat-label' }, ['boards in the class']))]),
      el('div', { className: 'bound-pair' }, [this.maxBox, this.sumBox]),
      this.verdict,
      this.breakLink,
      this.working,
    ]);

    this.splits = new SplitsCard(this.engine);
    this.treeCard = new NomarkTreeCard(this.engine);

    // Sum/union words.
    this.wordsTitle = el('h2', { className: 'card-title' }, ['sum/union words']);
    this.wordsNote = el('p', { className: 'help' });
    this.words = el('ul', { className: 'class-words' });
    this.moreWords = el('button', { type: 'button', className: 'link-button', hidden: true });
    this.moreWords.addEventListener('click', () => this.renderWords(true));
    const hover = (e) => {
      const b = e.target.closest('[data-i]');
      if (b) this.classGrid.showPath(this.result.words[Number(b.dataset.i)]);
    };
    this.words.addEventListener('mouseover', hover);
    this.words.addEventListener('focusin', hover);
    this.words.addEventListener('mouseleave', () => this.classGrid.showPath(null));
    this.words.addEventListener('focusout', () => this.classGrid.showPath(null));
    const words = el('section', { className: 'card words-card' }, [this.wordsTitle, this.wordsNote, this.words, this.moreWords]);

    const main = el('div', { className: 'bounds-main' }, [summary, words, this.splits.el, this.treeCard.el]);
    root.append(el('div', { className: 'bounds' }, [side, main]));
  }

  // ---- state --------------------------------------------------------------------------------

  /** Reads the URL and shows its class (called on mount and on back/forward). */
  load(params) {
    this.params = params;
    const { list, error } = readListParam(params.get('wordlist'));
    this.list = list;
    this.listSelect.value = this.list;
    this.listError.show(error);
    const cellParam = params.get('cell');
    this.selected = cellParam !== null && /^\d{1,2}$/.test(cellParam) ? Number(cellParam) : 0;
    const cellBad = cellParam !== null && !/^\d{1,2}$/.test(cellParam);
    this.cellError.show(cellBad ? `cell=“${shown(cellParam)}” is not a cell number: showing the first cell.` : null);
    this.show(params.get('class') ?? DEFAULT_CLASS, { fromUrl: true });
  }

  /** A class typed or picked by the user: shown (from its first cell) and, once bounded, into the URL. */
  submit(text, { push }) {
    this.show(text.trim(), { push, cell: 0 });
  }

  setTarget(text) {
    const t = text.trim();
    if (t !== '' && !/^\d+$/.test(t)) {
      this.targetError.show('The target is a whole number of points, e.g. 3625.');
      return;
    }
    this.targetError.show(null);
    this.share.commit({ target: t === '' || Number(t) === this.defaultTarget() ? null : t });
    this.renderVerdict();
  }

  defaultTarget() {
    return this.info ? BEST_KNOWN[`${this.info.rows}x${this.info.cols}`] ?? null : null;
  }

  /** The target in force: the URL's, else the best known score for the size (or none). */
  targetScore() {
    const t = new URLSearchParams(location.search).get('target');
    if (t !== null && /^\d+$/.test(t.trim())) return Number(t);
    return this.defaultTarget();
  }

  /**
   * Parses and bounds `text`, then starts the explanations. Once it is bounded the class is the
   * one shared: `fromUrl` (the URL holds it already), else written into the URL (`push`: a new
   * history entry; `cell` a cell to select, e.g. 0 for a new class). A class the engine rejects
   * leaves the last one on screen and in the URL; with nothing on screen yet, the default class
   * is shown beside the message (`fallback`).
   */
  async show(text, { push = false, fromUrl = false, cell = null, fallback = false } = {}) {
    const seq = ++this.seq;
    this.splits.cancel();
    if (document.activeElement !== this.input && !fallback) this.input.value = text;
    this.working.textContent = 'Computing the bounds…';
    let r;
    try {
      r = await this.engine.call('classBounds', { list: this.list, cls: text, maxSteps: BOUNDS.max_steps });
    } catch (e) {
      if (seq !== this.seq) return;
      this.classError.show(e.message);
      if (!this.result && !fallback) {
        await this.show(DEFAULT_CLASS, { cell: 0, fallback: true });
        return;
      }
      this.working.textContent = this.result ? 'Showing the last class that could be bounded.' : '';
      this.share.rejected();
      return;
    }
    if (seq !== this.seq) return;
    if (!fallback) this.classError.show(null);
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
    if (this.selected >= r.cells.length) {
      this.cellError.show(
        `cell=“${this.selected}” is past the class's ${r.cells.length} cells (cell=0 to cell=${r.cells.length - 1}): showing the cell at ${cellName(0, r.cols)}.`,
      );
      this.selected = 0;
    }
    this.working.textContent = `The search took ${count(r.steps)} steps.`;
    const t = new URLSearchParams(location.search).get('target');
    this.targetError.show(t !== null && !/^\d+$/.test(t.trim()) ? `The target '${shown(t)}' is not a whole number; using the default.` : null);
    this.renderCells();
    this.renderSummary();
    this.renderWords(false);
    this.treeCard.draw(this.info, this.selected, this.list);
    this.splits.start(this.info, this.result.bound, this.list);
  }

  /** Selects a cell: its editor opens and the tree starts there. */
  select(index) {
    this.selected = index;
    this.cellError.show(null);
    this.share.commit({ cell: index === 0 ? null : index });
    this.renderCells();
    this.treeCard.draw(this.info, this.selected, this.list);
  }

  /** Applies a new letter set to the selected cell (a new class, a new history entry). */
  editCell(letters) {
    const cells = this.info.cells.slice();
    cells[this.selected] = letters === '' ? '.' : letters;
    const rows = [];
    for (let r = 0; r < this.info.rows; r++) rows.push(cells.slice(r * this.info.cols, (r + 1) * this.info.cols).join(' '));
    this.show(rows.join(' / '), { push: true });
  }

  // ---- rendering ----------------------------------------------------------------------------

  renderCells() {
    this.classGrid.render(this.info, this.result.start_scores, this.selected);
    this.classGrid.renderEditor(this.info, this.selected);
  }

  renderSummary() {
    const r = this.result;
    this.boards.replaceChildren(countNode(r.boards, 'boards'));
    this.boards.dataset.value = r.boards;
    this.boardsLabel.textContent = r.boards === '1' ? 'board in the class' : 'boards in the class';
    this.maxNomark.textContent = String(r.max_nomark);
    this.sumUnion.textContent = String(r.sum_union);
    const maxWins = r.max_nomark <= r.sum_union;
    this.maxBox.dataset.tighter = String(maxWins);
    this.sumBox.dataset.tighter = String(!maxWins);
    for (const box of [this.maxBox, this.sumBox]) {
      box.querySelector('.tighter-badge')?.remove();
      if (box.dataset.tighter === 'true') box.firstChild.append(el('span', { className: 'tighter-badge' }, ['tighter']));
    }
    this.renderVerdict();
  }

  renderVerdict() {
    if (!this.result) return;
    const def = this.defaultTarget();
    this.target.placeholder = def === null ? 'none' : String(def);
    const urlTarget = new URLSearchParams(location.search).get('target');
    if (document.activeElement !== this.target) this.target.value = urlTarget !== null && /^\d+$/.test(urlTarget) ? urlTarget : '';
    this.targetHelp.textContent =
      def === null
        ? `No best score is on record for ${this.info.rows}x${this.info.cols}: type a target to test the class against it.`
        : `Default: ${count(def)}, the best known ${this.info.rows}x${this.info.cols} score. A class whose bound is below the target holds no board that reaches it.`;
    const target = this.targetScore();
    const bound = this.result.bound;
    const which = this.result.max_nomark <= this.result.sum_union ? 'max/no-mark' : 'sum/union';
    const link = new URLSearchParams({ mode: 'break', class: this.info.class });
    if (target !== null) link.set('target', String(target));
    if (this.list !== DEFAULT_LIST) link.set('wordlist', this.list);
    this.breakLink.href = `?${link}`;
    this.breakLink.hidden = target === null;
    if (target === null) {
      this.verdict.dataset.kind = 'none';
      this.verdict.textContent = `Every board in this class scores at most ${count(bound)} (the ${which} bound).`;
    } else if (bound < target) {
      this.verdict.dataset.kind = 'eliminated';
      this.verdict.textContent = `Eliminated: the bound ${count(bound)} is below the target ${count(target)}, so no board here can reach it.`;
    } else {
      this.verdict.dataset.kind = 'open';
      this.verdict.textContent = `Not eliminated: the bound ${count(bound)} is at least the target ${count(target)}. Split a cell to tighten it.`;
    }
    const against = target === null ? '' : bound < target ? `: eliminated (target ${count(target)})` : `: not eliminated (target ${count(target)})`;
    announce(`Bound ${count(bound)}${against}`);
  }

  renderWords(all) {
    const words = this.result.words;
    const shown = all ? words : words.slice(0, WORDS_SHOWN);
    this.wordsTitle.textContent = `sum/union words (${count(words.length)})`;
    this.wordsNote.textContent = words.length
      ? 'Hover or focus a word to see one path, with the letter it takes in each cell.'
      : 'No board in this class spells any word: both bounds are 0.';
    this.words.replaceChildren(
      ...shown.map((w, i) =>
        el('li', {}, [
          el('button', { type: 'button', className: 'class-word', dataset: { i } }, [
            el('span', {}, [w.word]),
            el('span', { className: 'word-points' }, [String(w.points)]),
          ]),
        ]),
      ),
    );
    this.moreWords.hidden = shown.length === words.length;
    this.moreWords.textContent = `Show all ${count(words.length)} words`;
  }
}
