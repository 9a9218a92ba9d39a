// The bounds view: a board class (a set of letters per cell), its two upper bounds and why
// they come out as they do. State lives in the URL (class, target, cell, wordlist). All engine
// work (parsing, bounds, the search tree, the per-cell split job) goes through ctx.engine;
// this module only renders.
import { el, fieldError } from './dom.js';
import { LISTS } from './lists.js';

/** The class shown when the URL names none: the one from the published posts' README. */
export const DEFAULT_CLASS = 'lnrsy aeiou chkmpt / chkmpt aeiou lnrsy / lnrsy aeiou bdfgjvwxz';
/** Best known scores by size (ENABLE2K): the default target, i.e. what a class must beat. */
export const BEST_KNOWN = { '3x3': 545, '3x4': 1651, '4x3': 1651, '4x4': 3625, '5x5': 10406 };
/** Searches longer than this many steps are refused (a few seconds in the worker). */
const MAX_STEPS = 5e7;
/** The search tree is drawn only up to this many scoring nodes. */
const TREE_LIMIT = 400;
/** Sum/union words listed before "show all". */
const WORDS_SHOWN = 300;

const CONSONANTS = '{b-d,f-h,j-n,p-t,v-z}';
/** One-click examples: [label, class, what it shows]. */
const EXAMPLES = [
  ['The README class', DEFAULT_CLASS, '5 million boards; max/no-mark is 11x tighter'],
  ['600 boards', '{a,e,i,o,u} {a,e,i,o,u} r / {b,c,d,f,g,h} a t / d e {r,s,t,v}', 'the first published example'],
  [
    'Vowels and consonants',
    `aeiou ${CONSONANTS} aeiou / ${CONSONANTS} aeiou ${CONSONANTS} / aeiou ${CONSONANTS} aeiou`,
    '607,753,125 boards',
  ],
  ['f {a,u} r', 'f {a,u} r / . . e / . . .', 'the a beats the u'],
  ['… with z and y', 'f {a,u} r / z . e / z y .', 'now the u wins'],
  ['{b,d} a {b,d}', '{b,d} a {b,d} / a {b,d} a / {b,d} a {b,d}', 'max/no-mark far worse than sum/union'],
  ['All consonants', Array(3).fill(Array(3).fill(CONSONANTS).join(' ')).join(' / '), 'bound 208'],
];
/** Letter groups offered when editing a cell. */
const PRESETS = [
  ['Vowels', 'aeiou'],
  ['lnrsy', 'lnrsy'],
  ['chkmpt', 'chkmpt'],
  ['bdfgjvwxz', 'bdfgjqvwxz'],
  ['All', 'abcdefghijklmnopqrstuvwxyz'],
];
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz';

const fmt = (n) => Number(n).toLocaleString('en');
const upper = (l) => (l === 'q' ? 'Qu' : l.toUpperCase());
const cellName = (i, cols) => `row ${Math.floor(i / cols) + 1}, column ${(i % cols) + 1}`;

let cssAdded = false;
function addCss() {
  if (cssAdded) return;
  cssAdded = true;
  document.head.append(el('link', { rel: 'stylesheet', href: new URL('./bounds-view.css', import.meta.url).href }));
}

/** Mounts the view into `root`; see app.js for `ctx`. */
export function mount(root, ctx) {
  addCss();
  const view = new BoundsView(root, ctx);
  return { unmount: () => view.unmount(), update: (params) => view.load(params) };
}

class BoundsView {
  constructor(root, { engine, params, setParams }) {
    this.engine = engine;
    this.setParams = setParams;
    this.seq = 0; // the latest class; older answers are dropped
    this.info = null; // the class shown: {class, rows, cols, cells, boards, boards_short}
    this.result = null; // its bounds (details)
    this.selected = 0; // the selected cell: edited and used as the tree's start
    this.split = null; // the running split job
    this.list = 'enable2k';
    this.build(root);
    this.load(params);
  }

  unmount() {
    this.seq++;
    this.split?.cancel();
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
    const form = el('form', { className: 'class-form' }, [
      el('label', { className: 'field-label', htmlFor: 'class-input' }, ['Board class']),
      this.input,
      el('p', { id: 'class-help', className: 'help' }, [
        'One letter set per cell, rows split by /: ',
        el('code', {}, ['lnrsy']),
        ', ',
        el('code', {}, ['{a,e,i}']),
        ', ranges ',
        el('code', {}, ['b-d']),
        ', ',
        el('code', {}, ['.']),
        ' for an empty cell, ',
        el('code', {}, ['q']),
        ' for Qu. A plain board such as ',
        el('code', {}, ['streaedlp']),
        ' works too.',
      ]),
      this.classError,
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
    this.grid = el('div', { className: 'class-grid', role: 'group', 'aria-label': 'Class cells' });
    this.grid.addEventListener('click', (e) => {
      const cell = e.target.closest('[data-index]');
      if (cell) this.select(Number(cell.dataset.index));
    });
    this.editor = el('div', { className: 'cell-editor' });

    this.target = el('input', { id: 'target-input', type: 'number', min: 0, step: 1, inputMode: 'numeric' });
    this.targetError = fieldError('target-error');
    this.target.addEventListener('change', () => this.setTarget(this.target.value));
    const listSelect = el(
      'select',
      { id: 'bounds-list', 'aria-label': 'Word list' },
      Object.entries(LISTS).map(([v, t]) => el('option', { value: v }, [t])),
    );
    this.listSelect = listSelect;
    listSelect.addEventListener('change', () => {
      this.setParams({ wordlist: listSelect.value });
      this.load(new URLSearchParams(location.search));
    });

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
        this.grid,
        this.editor,
      ]),
      el('section', { className: 'card target-card' }, [
        el('div', { className: 'target-row' }, [
          el('label', { className: 'field-label', htmlFor: 'target-input' }, ['Target score']),
          this.target,
          listSelect,
        ]),
        el('p', { className: 'help', id: 'target-help' }, []),
        this.targetError,
      ]),
      el('section', { className: 'card examples-card' }, [el('h2', { className: 'card-title' }, ['Examples']), examples]),
    ]);
    this.targetHelp = side.querySelector('#target-help');

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
    this.verdict = el('p', { className: 'verdict', role: 'status' });
    // Branch and bound on this class, in the break view.
    this.breakLink = el('a', { className: 'break-link', hidden: true, dataset: { testid: 'break-link' } }, ['Break this class']);
    this.working = el('p', { className: 'working' });
    const summary = el('section', { className: 'card summary' }, [
      el('div', { className: 'boards-row' }, [this.boards, el('span', { className: 'stat-label' }, ['boards in the class'])]),
      el('div', { className: 'bound-pair' }, [this.maxBox, this.sumBox]),
      this.verdict,
      this.breakLink,
      this.working,
    ]);

    // Per-cell splits.
    this.splitStatus = el('p', { className: 'help' });
    this.splitBar = el('progress', { max: 1, value: 0, hidden: true });
    this.splitCancel = el('button', { type: 'button', className: 'secondary', hidden: true }, ['Stop']);
    this.splitCancel.addEventListener('click', () => this.split?.cancel());
    this.splitGrid = el('div', { className: 'split-grid' });
    const splits = el('section', { className: 'card splits-card' }, [
      el('h2', { className: 'card-title' }, ['If one cell were fixed']),
      el('p', { className: 'help' }, [
        'For each cell with several letters: the class bound if that cell held only one of them. Short bars are good splits; branch and bound splits the cells whose bars drop most.',
      ]),
      el('div', { className: 'split-progress' }, [this.splitBar, this.splitCancel]),
      this.splitStatus,
      this.splitGrid,
    ]);

    // The search tree.
    this.treeTitle = el('h2', { className: 'card-title' }, ['max/no-mark search tree']);
    this.treeNote = el('p', { className: 'help' });
    this.tree = el('div', { className: 'nomark-tree' });
    const tree = el('section', { className: 'card tree-card' }, [
      this.treeTitle,
      el('p', { className: 'help' }, [
        'Dashed boxes are choices: every letter is tried and only the best is kept (highlighted; the others are dimmed). Other branches are directions, and their scores add up.',
      ]),
      this.treeNote,
      this.tree,
    ]);

    // Sum/union words.
    this.wordsTitle = el('h2', { className: 'card-title' }, ['sum/union words']);
    this.wordsNote = el('p', { className: 'help' });
    this.words = el('ul', { className: 'class-words' });
    this.moreWords = el('button', { type: 'button', className: 'link-button', hidden: true });
    this.moreWords.addEventListener('click', () => this.renderWords(true));
    this.words.addEventListener('mouseover', (e) => this.hoverWord(e));
    this.words.addEventListener('focusin', (e) => this.hoverWord(e));
    this.words.addEventListener('mouseleave', () => this.showPath(null));
    this.words.addEventListener('focusout', () => this.showPath(null));
    const words = el('section', { className: 'card words-card' }, [this.wordsTitle, this.wordsNote, this.words, this.moreWords]);

    const main = el('div', { className: 'bounds-main' }, [summary, words, splits, tree]);
    root.append(el('div', { className: 'bounds' }, [side, main]));
  }

  // ---- state --------------------------------------------------------------------------------

  /** Reads the URL and shows its class (called on mount and on back/forward). */
  load(params) {
    this.params = params;
    const list = params.get('wordlist') ?? 'enable2k';
    this.list = Object.hasOwn(LISTS, list) ? list : 'enable2k';
    this.listSelect.value = this.list;
    const cell = Number(params.get('cell') ?? 0);
    this.selected = Number.isInteger(cell) && cell >= 0 ? cell : 0;
    this.show(params.get('class') ?? DEFAULT_CLASS);
  }

  /** A class typed or picked by the user: into the URL, then shown. */
  submit(text, { push }) {
    this.setParams({ class: text.trim(), cell: null }, { push });
    this.selected = 0;
    this.show(text.trim());
  }

  setTarget(text) {
    const t = text.trim();
    if (t !== '' && !/^\d+$/.test(t)) {
      this.targetError.show('The target is a whole number of points, e.g. 3625.');
      return;
    }
    this.targetError.show(null);
    this.setParams({ target: t === '' || Number(t) === this.defaultTarget() ? null : t });
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

  /** Parses and bounds `text`, then starts the explanations. */
  async show(text) {
    const seq = ++this.seq;
    this.split?.cancel();
    this.split = null;
    if (document.activeElement !== this.input) this.input.value = text;
    this.working.textContent = 'Computing the bounds…';
    let r;
    try {
      r = await this.engine.call('classBounds', { list: this.list, cls: text, maxSteps: MAX_STEPS });
    } catch (e) {
      if (seq !== this.seq) return;
      this.classError.show(e.message);
      this.working.textContent = this.result ? 'Showing the last class that could be bounded.' : '';
      return;
    }
    if (seq !== this.seq) return;
    this.classError.show(null);
    this.info = r;
    this.result = r;
    if (this.selected >= r.cells.length) this.selected = 0;
    this.working.textContent = `The search took ${fmt(r.steps)} steps.`;
    const t = new URLSearchParams(location.search).get('target');
    this.targetError.show(t !== null && !/^\d+$/.test(t.trim()) ? `The target '${t}' is not a whole number; using the default.` : null);
    this.renderGrid();
    this.renderEditor();
    this.renderSummary();
    this.renderWords(false);
    this.renderTree(seq);
    this.runSplits(seq);
  }

  /** Selects a cell: its editor opens and the tree starts there. */
  select(index) {
    this.selected = index;
    this.setParams({ cell: index === 0 ? null : index });
    this.renderGrid();
    this.renderEditor();
    this.renderTree(this.seq);
  }

  /** Applies a new letter set to the selected cell (a new class, a new history entry). */
  editCell(letters) {
    const cells = this.info.cells.slice();
    cells[this.selected] = letters === '' ? '.' : letters;
    const rows = [];
    for (let r = 0; r < this.info.rows; r++) rows.push(cells.slice(r * this.info.cols, (r + 1) * this.info.cols).join(' '));
    const text = rows.join(' / ');
    this.setParams({ class: text }, { push: true });
    this.show(text);
  }

  // ---- rendering ----------------------------------------------------------------------------

  renderGrid() {
    const { rows, cols, cells } = this.info;
    const scores = this.result.start_scores;
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
            'aria-pressed': String(i === this.selected),
            'aria-label': `${cellName(i, cols)}: ${size === 0 ? 'empty' : letters.split('').join(', ')}; max/no-mark from here ${scores[i]}`,
            title: `max/no-mark from this cell: ${scores[i]}`,
            style: `--heat: ${(scores[i] / best).toFixed(3)}`,
          },
          [
            el('span', { className: 'cell-letters' }, [size === 0 ? '·' : letters.split('').map(upper).join(' ')]),
            el('span', { className: 'cell-pick' }),
            el('span', { className: 'cell-score' }, [fmt(scores[i])]),
          ],
        );
      }),
    );
    this.grid.dataset.rows = rows;
  }

  renderEditor() {
    const letters = this.info.cells[this.selected];
    const has = new Set(letters === '.' ? [] : letters.split(''));
    const toggles = ALPHABET.split('').map((l) =>
      el(
        'button',
        {
          type: 'button',
          className: 'letter-toggle',
          'aria-pressed': String(has.has(l)),
          'aria-label': `${upper(l)} ${has.has(l) ? 'in' : 'not in'} this cell`,
          onclick: () => {
            const next = new Set(has);
            if (next.has(l)) next.delete(l);
            else next.add(l);
            this.editCell([...next].sort().join(''));
          },
        },
        [upper(l)],
      ),
    );
    const presets = PRESETS.map(([label, set]) =>
      el('button', { type: 'button', className: 'secondary preset', onclick: () => this.editCell(set) }, [label]),
    );
    presets.push(el('button', { type: 'button', className: 'secondary preset', onclick: () => this.editCell('') }, ['Empty']));
    this.editor.replaceChildren(
      el('p', { className: 'editor-title' }, [`Letters of the cell at ${cellName(this.selected, this.info.cols)}`]),
      el('div', { className: 'letter-toggles' }, toggles),
      el('div', { className: 'presets' }, presets),
    );
  }

  renderSummary() {
    const r = this.result;
    this.boards.textContent = r.boards_short;
    this.boards.dataset.value = r.boards;
    this.boards.title = `${BigInt(r.boards).toLocaleString('en')} boards`;
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
        : `Default: ${fmt(def)}, the best known ${this.info.rows}x${this.info.cols} score. A class whose bound is below the target holds no board that reaches it.`;
    const target = this.targetScore();
    const bound = this.result.bound;
    const which = this.result.max_nomark <= this.result.sum_union ? 'max/no-mark' : 'sum/union';
    const link = new URLSearchParams({ mode: 'break', class: this.info.class });
    if (target !== null) link.set('target', String(target));
    this.breakLink.href = `?${link}`;
    this.breakLink.hidden = target === null;
    if (target === null) {
      this.verdict.dataset.kind = 'none';
      this.verdict.textContent = `Every board in this class scores at most ${fmt(bound)} (the ${which} bound).`;
    } else if (bound < target) {
      this.verdict.dataset.kind = 'eliminated';
      this.verdict.textContent = `Eliminated: the bound ${fmt(bound)} is below the target ${fmt(target)}, so no board here can reach it.`;
    } else {
      this.verdict.dataset.kind = 'open';
      this.verdict.textContent = `Not eliminated: the bound ${fmt(bound)} is at least the target ${fmt(target)}. Split a cell to tighten it.`;
    }
  }

  renderWords(all) {
    const words = this.result.words;
    const shown = all ? words : words.slice(0, WORDS_SHOWN);
    this.wordsTitle.textContent = `sum/union words (${fmt(words.length)})`;
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
    this.moreWords.textContent = `Show all ${fmt(words.length)} words`;
  }

  hoverWord(e) {
    const b = e.target.closest('[data-i]');
    if (b) this.showPath(this.result.words[Number(b.dataset.i)]);
  }

  /** Marks a word's path on the grid, with the letter picked in each cell. */
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
      c.querySelector('.cell-pick').textContent = `${k + 1}·${upper(word.letters[k])}`;
    });
  }

  async renderTree(seq) {
    const start = this.selected;
    this.treeTitle.textContent = `max/no-mark search tree from the cell at ${cellName(start, this.info.cols)}`;
    this.tree.replaceChildren();
    this.treeNote.textContent = 'Drawing…';
    let t;
    try {
      t = await this.engine.call('nomarkTree', { list: this.list, cls: this.info.class, start, limit: TREE_LIMIT });
    } catch (e) {
      if (seq !== this.seq || start !== this.selected) return;
      const why = e.message.charAt(0).toUpperCase() + e.message.slice(1);
      this.treeNote.textContent = `${why}. The small examples (f {a,u} r and the b/d class) show it best.`;
      return;
    }
    if (seq !== this.seq || start !== this.selected) return;
    if (!t.root.options.length) {
      this.treeNote.textContent = 'No word starts in this cell, so it adds 0.';
      return;
    }
    this.treeNote.textContent = `This cell adds ${fmt(t.root.score)} to max/no-mark.${
      t.hidden ? ` ${fmt(t.hidden)} branches that reach no word are left out.` : ''
    }`;
    this.tree.append(el('ul', { className: 'tree-root' }, [this.choiceItem(t.root)]));
  }

  /** A choice node: a dashed box of options when there is a real choice, else its one option. */
  choiceItem(choice) {
    if (choice.options.length === 1) return this.goItem(choice.options[0], false);
    const letters = choice.options.map((o) => upper(o.letter)).join(', ');
    return el('li', { className: 'tree-choice' }, [
      el('div', { className: 'tree-label choice-label' }, [
        `choose at ${cellName(choice.cell, this.info.cols)}: best of ${letters} = `,
        el('strong', {}, [fmt(choice.score)]),
      ]),
      el('ul', {}, choice.options.map((o) => this.goItem(o, true))),
    ]);
  }

  /** A go node: the prefix, its word points and the sum over directions. */
  goItem(go, inChoice) {
    const label = el('div', { className: 'tree-label' }, [
      el('span', { className: 'tree-prefix' }, [go.prefix.toUpperCase()]),
      go.points ? el('span', { className: 'tree-word' }, [`word +${go.points}`]) : '',
      el('span', { className: 'tree-score' }, [go.children.length ? `Σ ${fmt(go.score)}` : `${fmt(go.score)}`]),
    ]);
    const li = el('li', { className: 'tree-go', dataset: { chosen: String(!inChoice || go.chosen) } }, [label]);
    if (inChoice) li.dataset.option = go.chosen ? 'chosen' : 'dropped';
    if (go.children.length) li.append(el('ul', {}, go.children.map((c) => this.choiceItem(c))));
    return li;
  }

  /** Starts the per-cell split job for the class shown; bars fill in as results stream. */
  runSplits(seq) {
    const { rows, cols, cells } = this.info;
    const base = this.result.bound || 1;
    const boxes = cells.map((letters, i) => {
      const box = el('div', { className: 'split-cell', dataset: { index: i } });
      if (letters.length > 1 && letters !== '.') {
        box.append(el('div', { className: 'split-title' }, [`${Math.floor(i / cols) + 1},${(i % cols) + 1}`]));
        box.bars = new Map();
        for (const l of letters) {
          const bar = el('div', { className: 'split-fill' });
          const value = el('span', { className: 'split-value' }, ['…']);
          const row = el('div', { className: 'split-row' }, [
            el('span', { className: 'split-letter' }, [upper(l)]),
            el('div', { className: 'split-track' }, [bar]),
            value,
          ]);
          box.append(row);
          box.bars.set(l, { bar, value, row, bound: null });
        }
      } else {
        box.classList.add('fixed');
        box.append(el('div', { className: 'split-title' }, [letters === '.' ? 'empty' : `${upper(letters)} (fixed)`]));
      }
      return box;
    });
    this.splitGrid.style.setProperty('--cols', cols);
    this.splitGrid.dataset.rows = rows;
    this.splitGrid.replaceChildren(...boxes);
    const apply = (p) => {
      for (const s of p?.splits ?? []) {
        const slot = boxes[s.cell].bars?.get(s.letter);
        if (!slot) continue;
        const frac = Math.min(1, s.bound / base);
        slot.bar.style.width = `${(frac * 100).toFixed(1)}%`;
        slot.bar.style.setProperty('--frac', frac.toFixed(3));
        slot.value.textContent = fmt(s.bound);
        slot.row.title = `${upper(s.letter)}: max/no-mark ${fmt(s.max_nomark)}, sum/union ${fmt(s.sum_union)}`;
        slot.bound = s.bound;
        // The letter whose fix lowers the bound most is the cell's best split.
        const slots = [...boxes[s.cell].bars.values()];
        const best = Math.min(...slots.map((x) => x.bound ?? Infinity));
        for (const x of slots) x.row.dataset.best = String(x.bound === best);
      }
      if (p?.total !== undefined) {
        this.splitBar.max = Math.max(1, p.total);
        this.splitBar.value = p.finished;
        this.splitStatus.textContent = p.done
          ? `All ${fmt(p.total)} single-letter fixes computed.`
          : `Computing ${fmt(p.finished)} of ${fmt(p.total)}…`;
      }
    };
    if (!cells.some((l) => l.length > 1 && l !== '.')) {
      this.splitStatus.textContent = 'Every cell holds at most one letter: nothing to split.';
      this.splitBar.hidden = this.splitCancel.hidden = true;
      return;
    }
    this.splitBar.hidden = this.splitCancel.hidden = false;
    this.splitBar.value = 0;
    this.splitStatus.textContent = 'Computing…';
    const job = this.engine.request('splits', { list: this.list, cls: this.info.class }, { onProgress: apply });
    this.split = job;
    job.promise.then(
      (r) => {
        if (seq !== this.seq) return;
        this.splitBar.hidden = this.splitCancel.hidden = true;
        if (r?.cancelled) this.splitStatus.textContent = 'Stopped.';
        else apply(r);
      },
      (e) => {
        if (seq !== this.seq) return;
        this.splitBar.hidden = this.splitCancel.hidden = true;
        this.splitStatus.textContent = `Could not compute the splits: ${e.message}`;
      },
    );
  }
}
