// The break view: branch and bound, live. The top half breaks one class against a target and
// draws the search tree as it grows (each node a class with its bound: eliminated, split or a
// board scored). The bottom half runs a whole letter-partition search (every class of e.g.
// 3x3 boards) on a pool of engine workers, with progress, an ETA and the boards found; finished
// chunks and boards are kept in localStorage, so a stopped search resumes where it was.
// State in the URL: class, target, partition, size. All engine work goes through engine.js.
import { Engine } from './engine.js';
import { el, fieldError } from './dom.js';

/** The class broken when the URL names none: the published 5,062,500-board class. */
export const DEFAULT_CLASS = 'lnrsy aeiou chkmpt chkmpt aeiou lnrsy lnrsy aeiou bdfgjvwxz';
/** The published 3x3 partition: each cell takes one of the four groups. */
export const DEFAULT_PARTITION = 'bdfgjqvwxz aeiou lnrsy chkmpt';
export const DEFAULT_SIZE = '3x3';
export const DEFAULT_TARGET = 500;
/** Tree nodes kept for drawing; the rest of a big search is counted, not drawn. */
const TRACE_LIMIT = 3000;
/** Children shown at once under a node before a "show more" button. */
const CHILDREN_SHOWN = 60;
const STORE_PREFIX = 'boggle-explorer:search:';

const fmt = (n) => Math.round(n).toLocaleString('en');
const plural = (n, one, many = `${one}s`) => `${fmt(n)} ${n === 1 ? one : many}`;

function duration(ms) {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} min ${s % 60} s`;
  return `${Math.floor(m / 60)} h ${m % 60} min`;
}

/** Reads a target from the URL or a field: a whole number from 1 up, else null. */
function readTarget(text) {
  const t = String(text ?? '').trim();
  if (!/^\d{1,6}$/.test(t)) return null;
  const n = Number(t);
  return n >= 1 ? n : null;
}

/** Cell positions' names for a grid (centre / edge / corner), for labels. */
function cellName(index, rows, cols) {
  const r = Math.floor(index / cols);
  const c = index % cols;
  const edgeR = r === 0 || r === rows - 1;
  const edgeC = c === 0 || c === cols - 1;
  const kind = edgeR && edgeC ? 'corner' : edgeR || edgeC ? 'edge' : 'centre';
  return `cell ${index + 1} (row ${r + 1}, col ${c + 1}, ${kind})`;
}

/** A link to the solver view for a board. */
/**
 * The progress bar, status line, counts and found-boards list both halves of the view show;
 * `testid` names the status (`${testid}-status`) and the list (`${testid}-survivors`).
 */
function progressParts(testid, listClass, emptyNote) {
  const status = el('p', { className: 'break-status', role: 'status' }, ['Not started.']);
  status.dataset.testid = `${testid}-status`;
  status.dataset.state = 'idle';
  const survivorList = el('ol', { className: listClass });
  survivorList.dataset.testid = `${testid}-survivors`;
  return {
    bar: el('progress', { max: 1, value: 0, className: 'break-bar' }),
    status,
    counts: el('dl', { className: 'break-counts' }),
    survivorList,
    survivorNote: el('p', { className: 'muted small' }, [emptyNote]),
  };
}

function boardLink(board, score, testid) {
  const a = el('a', { href: `?board=${encodeURIComponent(board)}`, className: 'survivor' }, [
    el('span', { className: 'survivor-score' }, [String(score)]),
    el('span', { className: 'survivor-board' }, [board]),
  ]);
  a.dataset.testid = testid;
  a.dataset.board = board;
  a.dataset.score = String(score);
  return el('li', {}, [a]);
}

/** Mounts the view into `root`; see app.js for `ctx`. */
export function mount(root, ctx) {
  ensureStyles();
  const live = new LiveBreak(ctx);
  const search = new WholeSearch(ctx);
  root.append(
    el('div', { className: 'break-view' }, [
      el('header', { className: 'break-intro' }, [
        el('h2', {}, ['Branch and bound']),
        el('p', { className: 'muted' }, [
          'A class is eliminated when its upper bound is below the target. Otherwise one cell is ' +
            'split (centre first, then edges, then corners) and each part is broken in turn; the ' +
            'single boards that remain are scored exactly.',
        ]),
      ]),
      live.node,
      search.node,
    ]),
  );
  live.load(ctx.params, { auto: true });
  search.load(ctx.params);
  return {
    unmount() {
      live.stop();
      search.stop({ keep: true });
    },
    update(params) {
      live.load(params, { auto: true });
      search.load(params);
    },
  };
}

function ensureStyles() {
  if (document.querySelector('link[data-view-css="break"]')) return;
  const link = el('link', { rel: 'stylesheet', href: new URL('./break-view.css', import.meta.url).href });
  link.dataset.viewCss = 'break';
  document.head.append(link);
}

// ---- Breaking one class, with its tree --------------------------------------------------------

class LiveBreak {
  constructor({ engine, setParams }) {
    this.engine = engine;
    this.setParams = setParams;
    this.job = null;
    this.seq = 0;
    this.build();
  }

  build() {
    this.classInput = el('input', {
      id: 'break-class',
      type: 'text',
      autocomplete: 'off',
      autocapitalize: 'none',
      spellcheck: false,
      'aria-describedby': 'break-class-help break-class-error',
    });
    this.classError = fieldError('break-class-error');
    this.targetInput = el('input', {
      id: 'break-target',
      type: 'number',
      min: '1',
      step: '1',
      inputMode: 'numeric',
      'aria-describedby': 'break-target-error',
    });
    this.targetError = fieldError('break-target-error');
    this.startButton = el('button', { type: 'submit', className: 'primary' }, ['Break']);
    this.startButton.dataset.testid = 'break-start';
    const form = el('form', { className: 'break-form' }, [
      el('div', { className: 'break-field grow' }, [
        el('label', { className: 'field-label', htmlFor: 'break-class' }, ['Class']),
        this.classInput,
        el('p', { id: 'break-class-help', className: 'help' }, [
          'One letter set per cell, row by row: "lnrsy aeiou chkmpt …", {a,e,i}, b-d.',
        ]),
        this.classError,
      ]),
      el('div', { className: 'break-field target' }, [
        el('label', { className: 'field-label', htmlFor: 'break-target' }, ['Target score']),
        this.targetInput,
        this.targetError,
      ]),
      el('div', { className: 'break-field action' }, [this.startButton]),
    ]);
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      if (this.job) this.stop();
      else this.startFromForm();
    });

    Object.assign(this, progressParts('break', 'survivor-list', 'Boards that reach the target appear here.'));
    this.tree = el('ul', { className: 'break-tree', role: 'tree', 'aria-label': 'Search tree' });
    this.treeNote = el('p', { className: 'muted small' });

    this.node = el('section', { className: 'card break-card', 'aria-labelledby': 'break-live-title' }, [
      el('h3', { id: 'break-live-title' }, ['Break a class']),
      form,
      el('div', { className: 'break-progress' }, [this.bar, this.status, this.counts]),
      el('div', { className: 'break-results' }, [
        el('div', { className: 'break-tree-panel' }, [
          el('h4', {}, ['Search tree']),
          el('p', { className: 'legend small' }, [
            el('span', { className: 'badge eliminated' }, ['eliminated']),
            ' bound below the target · ',
            el('span', { className: 'badge split' }, ['split']),
            ' bound reaches it, a cell is split · ',
            el('span', { className: 'badge reached' }, ['board']),
            ' scored exactly',
          ]),
          this.tree,
          this.treeNote,
        ]),
        el('div', { className: 'break-survivor-panel' }, [
          el('h4', {}, ['Boards at or above the target']),
          this.survivorNote,
          this.survivorList,
        ]),
      ]),
    ]);
  }

  /** Shows the URL's class and target; starts breaking when the URL names a class. */
  load(params, { auto = false } = {}) {
    const cls = params.get('class');
    const target = params.get('target');
    const same = cls === this.loaded?.cls && target === this.loaded?.target;
    this.loaded = { cls, target };
    this.classInput.value = cls ?? DEFAULT_CLASS;
    this.targetInput.value = target ?? String(DEFAULT_TARGET);
    if (target !== null && readTarget(target) === null) {
      this.targetError.show(`"${target}" is not a target score: use a whole number from 1 up`);
      return;
    }
    this.targetError.show(null);
    if (auto && cls !== null && !same) this.start(cls, readTarget(target) ?? DEFAULT_TARGET);
  }

  startFromForm() {
    const target = readTarget(this.targetInput.value);
    if (target === null) {
      this.targetError.show('The target must be a whole number from 1 up.');
      this.targetInput.focus();
      return;
    }
    this.targetError.show(null);
    const cls = this.classInput.value.trim() || DEFAULT_CLASS;
    this.loaded = { cls, target: String(target) };
    this.setParams({ class: cls, target: target === DEFAULT_TARGET ? null : target }, { push: true });
    this.start(cls, target);
  }

  stop() {
    this.seq++;
    this.job?.cancel();
    if (this.job) this.setState('stopped', `${this.status.textContent.replace(/\.$/, '')}; stopped.`);
    this.job = null;
    this.startButton.textContent = 'Break';
  }

  setState(state, text) {
    this.status.dataset.state = state;
    this.status.textContent = text;
  }

  start(cls, target) {
    this.stop();
    const seq = ++this.seq;
    this.classError.show(null);
    this.reset();
    this.setState('running', 'Starting…');
    this.startButton.textContent = 'Stop';
    const began = performance.now();
    this.job = this.engine.request(
      'break',
      { cls, target, traceLimit: TRACE_LIMIT },
      { onProgress: (p) => seq === this.seq && this.progress(p, began) },
    );
    this.job.promise.then(
      (p) => {
        if (seq !== this.seq || p?.cancelled) return;
        this.progress(p, began);
        this.job = null;
        this.startButton.textContent = 'Break';
      },
      (e) => {
        if (seq !== this.seq) return;
        this.job = null;
        this.startButton.textContent = 'Break';
        this.setState('error', 'Not started.');
        this.classError.show(e.message);
      },
    );
  }

  reset() {
    this.nodes = new Map(); // id -> {node, children: [], row?, list?}
    this.info = null;
    this.found = [];
    this.tree.replaceChildren();
    this.survivorList.replaceChildren();
    this.survivorNote.hidden = false;
    this.survivorNote.textContent = 'Boards that reach the target appear here.';
    this.treeNote.textContent = '';
    this.bar.value = 0;
    this.counts.replaceChildren();
  }

  progress(p, began) {
    if (p.info) this.info = p.info;
    for (const n of p.nodes) this.addNode(n);
    if (p.found.length) {
      this.found.push(...p.found);
      this.found.sort((a, b) => b.score - a.score || (a.board < b.board ? -1 : 1));
      this.survivorList.replaceChildren(...this.found.map((s) => boardLink(s.board, s.score, 'break-survivor')));
    }
    const s = p.stats;
    const ms = performance.now() - began;
    const fraction = p.boards_total > 0 ? p.boards_done / p.boards_total : 1;
    this.bar.value = p.done ? 1 : fraction;
    const speed = ms > 0 ? (s.classes / ms) * 1000 : 0;
    this.counts.replaceChildren(
      ...[
        ['classes visited', fmt(s.classes)],
        ['eliminated', fmt(s.eliminated)],
        ['split', fmt(s.split)],
        ['boards scored', fmt(s.boards_scored)],
        ['depth', `${s.depth} (max ${s.max_depth})`],
        ['speed', `${fmt(speed)} classes/s`],
      ].map(([k, v]) => el('div', {}, [el('dt', {}, [k]), el('dd', {}, [v])])),
    );
    const boards = this.info ? BigInt(this.info.boards).toLocaleString('en') : '?';
    if (p.done) {
      this.setState(
        'done',
        `Done in ${duration(ms)}: ${plural(this.found.length, 'board')} of ${boards} reach ${this.info?.target}.`,
      );
      if (!this.found.length) this.survivorNote.textContent = 'No board of this class reaches the target.';
      else this.survivorNote.hidden = true;
    } else {
      this.setState('running', `Breaking: ${(fraction * 100).toFixed(1)}% of ${boards} boards settled, ${duration(ms)}.`);
      if (this.found.length) this.survivorNote.hidden = true;
    }
    if (p.untraced > 0) {
      this.treeNote.textContent = `The first ${fmt(TRACE_LIMIT)} classes and the top levels are drawn; ${fmt(p.untraced)} more were visited.`;
    }
  }

  // The tree: nodes arrive parent first. A node's row is drawn when its parent is expanded.
  addNode(n) {
    const entry = { node: n, children: [], row: null, list: null, expanded: n.depth < 2 };
    this.nodes.set(n.id, entry);
    if (n.parent === null || n.parent === undefined) {
      this.tree.append(this.row(entry));
      return;
    }
    const parent = this.nodes.get(n.parent);
    if (!parent) return;
    parent.children.push(entry);
    if (parent.row) this.updateToggle(parent);
    if (parent.expanded && parent.list && parent.list.childElementCount < CHILDREN_SHOWN) {
      parent.list.append(this.row(entry));
    } else if (parent.expanded && parent.list) {
      this.updateMore(parent);
    }
  }

  row(entry) {
    const n = entry.node;
    const { rows, cols } = this.info ?? { rows: 3, cols: 3 };
    const kind = n.outcome.kind === 'board' ? (n.outcome.reached ? 'reached' : 'below') : n.outcome.kind;
    const bound = n.bounds ? Math.min(n.bounds.max_nomark, n.bounds.sum_union) : null;
    const split = n.outcome.kind === 'split' ? n.outcome.cell : null;
    const li = el('li', { role: 'treeitem', className: `tree-node ${kind}` });
    li.dataset.kind = kind;
    const toggle = el('button', { type: 'button', className: 'tree-toggle', 'aria-label': 'Show parts' });
    toggle.addEventListener('click', () => this.setExpanded(entry, !entry.expanded));
    const label =
      n.cell === null || n.cell === undefined
        ? 'Whole class'
        : `${cellName(n.cell, rows, cols).split(' (')[0]} = ${n.cells[n.cell] === 'q' ? 'qu' : n.cells[n.cell]}`;
    const detail =
      n.outcome.kind === 'split'
        ? `split ${cellName(split, rows, cols).split(' (')[0]} into ${n.outcome.parts}`
        : n.outcome.kind === 'board'
          ? `${n.cells.join('')}: ${n.outcome.score} points`
          : 'eliminated';
    const boundText = bound === null ? '' : `bound ${fmt(bound)}`;
    const title = n.bounds
      ? `${n.cells.join(' ')}\nmax/no-mark ${fmt(n.bounds.max_nomark)}, sum/union ${fmt(n.bounds.sum_union)}`
      : n.cells.join(' ');
    const line = el('div', { className: 'tree-line', title }, [
      toggle,
      miniGrid(n.cells, rows, cols, n.cell, split),
      el('span', { className: 'tree-label' }, [label]),
      el('span', { className: 'tree-bound' }, [boundText]),
      el('span', { className: `badge ${kind}` }, [detail]),
    ]);
    li.append(line);
    entry.row = li;
    entry.toggle = toggle;
    entry.list = null;
    this.updateToggle(entry);
    if (entry.expanded) this.setExpanded(entry, true);
    return li;
  }

  updateToggle(entry) {
    const has = entry.children.length > 0 || entry.node.outcome.kind === 'split';
    entry.toggle.hidden = !has;
    entry.toggle.textContent = entry.expanded ? '▾' : '▸';
    entry.toggle.setAttribute('aria-expanded', String(entry.expanded));
    entry.row.setAttribute('aria-expanded', has ? String(entry.expanded) : 'false');
  }

  setExpanded(entry, expanded) {
    entry.expanded = expanded;
    if (expanded && !entry.list) {
      entry.list = el('ul', { role: 'group' });
      entry.row.append(entry.list);
      entry.list.append(...entry.children.slice(0, CHILDREN_SHOWN).map((c) => this.row(c)));
      this.updateMore(entry);
    }
    if (entry.list) entry.list.hidden = !expanded;
    this.updateToggle(entry);
  }

  updateMore(entry) {
    const hidden = entry.children.length - entry.list.childElementCount + (entry.more ? 1 : 0);
    if (hidden <= 0) return;
    if (!entry.more) {
      entry.more = el('button', { type: 'button', className: 'link-button tree-more' });
      entry.more.addEventListener('click', () => {
        entry.more.remove();
        entry.more = null;
        const shown = entry.list.childElementCount;
        entry.list.append(...entry.children.slice(shown).map((c) => this.row(c)));
      });
      entry.list.after(entry.more);
    }
    entry.more.textContent = `Show ${plural(hidden, 'more part')}`;
  }
}

/** A tiny picture of the grid: the cell that differs from the parent and the split cell. */
function miniGrid(cells, rows, cols, changed, split) {
  const g = el('span', { className: 'mini-grid', 'aria-hidden': 'true' });
  g.style.gridTemplateColumns = `repeat(${cols}, 1fr)`;
  for (let i = 0; i < rows * cols; i++) {
    const c = el('span', {});
    if (cells[i]?.length === 1) c.className = 'fixed';
    if (i === changed) c.className = 'changed';
    if (i === split) c.className = 'split';
    g.append(c);
  }
  return g;
}

// ---- The whole search, on a pool of workers -------------------------------------------------

class WholeSearch {
  constructor({ setParams }) {
    this.setParams = setParams;
    this.pool = [];
    this.running = false;
    this.state = null; // {key, config, total, chunk, chunks, done: Set, found: Map, elapsedMs}
    this.build();
  }

  build() {
    this.partitionInput = el('input', {
      id: 'search-partition',
      type: 'text',
      autocomplete: 'off',
      autocapitalize: 'none',
      spellcheck: false,
      'aria-describedby': 'search-partition-help search-partition-error',
    });
    this.partitionError = fieldError('search-partition-error');
    this.sizeSelect = el(
      'select',
      { id: 'search-size' },
      ['2x2', '2x3', '3x2', '3x3', '3x4', '4x3'].map((s) => el('option', { value: s }, [s])),
    );
    this.targetInput = el('input', { id: 'search-target', type: 'number', min: '1', step: '1', inputMode: 'numeric' });
    this.targetError = fieldError('search-target-error');
    const cores = navigator.hardwareConcurrency || 2;
    this.workersInput = el('input', { id: 'search-workers', type: 'number', min: '1', max: '64', step: '1', value: String(cores) });
    this.startButton = el('button', { type: 'submit', className: 'primary' }, ['Start']);
    this.startButton.dataset.testid = 'search-start';
    this.stopButton = el('button', { type: 'button', className: 'secondary', disabled: true }, ['Stop']);
    this.stopButton.dataset.testid = 'search-stop';
    this.resetButton = el('button', { type: 'button', className: 'secondary' }, ['Forget progress']);
    this.resetButton.dataset.testid = 'search-reset';
    const form = el('form', { className: 'break-form' }, [
      el('div', { className: 'break-field grow' }, [
        el('label', { className: 'field-label', htmlFor: 'search-partition' }, ['Letter groups']),
        this.partitionInput,
        el('p', { id: 'search-partition-help', className: 'help' }, [
          'Each cell takes one group; every assignment is one class (4 groups on 3x3: 262,144, ' +
            'of which 34,960 are not rotations or reflections of another).',
        ]),
        this.partitionError,
      ]),
      el('div', { className: 'break-field' }, [
        el('label', { className: 'field-label', htmlFor: 'search-size' }, ['Size']),
        this.sizeSelect,
      ]),
      el('div', { className: 'break-field target' }, [
        el('label', { className: 'field-label', htmlFor: 'search-target' }, ['Target score']),
        this.targetInput,
        this.targetError,
      ]),
      el('div', { className: 'break-field workers' }, [
        el('label', { className: 'field-label', htmlFor: 'search-workers' }, ['Workers']),
        this.workersInput,
      ]),
      el('div', { className: 'break-field action buttons' }, [this.startButton, this.stopButton, this.resetButton]),
    ]);
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      this.start();
    });
    this.stopButton.addEventListener('click', () => this.stop());
    this.resetButton.addEventListener('click', () => this.forget());
    for (const input of [this.partitionInput, this.sizeSelect, this.targetInput]) {
      input.addEventListener('change', () => this.showSaved());
    }

    Object.assign(this, progressParts('search', 'survivor-list columns', 'Boards appear here as they are found.'));
    this.node = el('section', { className: 'card break-card', 'aria-labelledby': 'search-title' }, [
      el('h3', { id: 'search-title' }, ['Search every class']),
      el('p', { className: 'muted' }, [
        'Break every class of a letter partition and list every board at or above the target ' +
          '(in canonical form). The published 3x3 search finds streaedlp, 545 points, as the best. ' +
          'Work is shared among workers; finished chunks are saved in this browser, so you can stop and resume later.',
      ]),
      form,
      el('div', { className: 'break-progress' }, [this.bar, this.status, this.counts]),
      el('h4', {}, ['Boards found']),
      this.survivorNote,
      this.survivorList,
    ]);
  }

  load(params) {
    this.partitionInput.value = params.get('partition') ?? DEFAULT_PARTITION;
    const size = params.get('size') ?? DEFAULT_SIZE;
    if ([...this.sizeSelect.options].some((o) => o.value === size)) this.sizeSelect.value = size;
    else this.sizeSelect.value = DEFAULT_SIZE;
    const target = params.get('target');
    this.targetInput.value = readTarget(target) ?? DEFAULT_TARGET;
    if (!this.running) this.showSaved();
  }

  config() {
    return {
      partition: this.partitionInput.value.trim().replace(/\s+/g, ' ') || DEFAULT_PARTITION,
      size: this.sizeSelect.value,
      target: readTarget(this.targetInput.value),
      list: 'enable2k',
    };
  }

  storeKey(c) {
    return `${STORE_PREFIX}${c.list}|${c.size}|${c.target}|${c.partition}`;
  }

  saved(c) {
    try {
      return JSON.parse(localStorage.getItem(this.storeKey(c)) ?? 'null');
    } catch {
      return null;
    }
  }

  save() {
    const s = this.state;
    const data = {
      total: s.total,
      chunk: s.chunk,
      done: [...s.done],
      found: [...s.found.values()],
      elapsedMs: s.elapsedMs + (this.running ? performance.now() - s.sessionStart : 0),
    };
    try {
      localStorage.setItem(s.key, JSON.stringify(data));
    } catch {
      // Storage full or disabled: the search goes on, it just cannot resume after a reload.
    }
  }

  /** Shows what is saved for the configuration in the form (nothing running). */
  showSaved() {
    const c = this.config();
    if (!c.target) return;
    const saved = this.saved(c);
    this.survivorList.replaceChildren();
    this.counts.replaceChildren();
    this.bar.value = 0;
    if (!saved) {
      this.setStatus('idle', 'Not started.');
      this.startButton.textContent = 'Start';
      this.survivorNote.hidden = false;
      return;
    }
    const doneClasses = saved.done.reduce((n, i) => n + Math.min(saved.chunk, saved.total - i * saved.chunk), 0);
    this.showFound(saved.found);
    this.bar.value = doneClasses / saved.total;
    const finished = doneClasses >= saved.total;
    this.startButton.textContent = finished ? 'Start' : 'Resume';
    this.setStatus(
      finished ? 'done' : 'stopped',
      finished
        ? `Done (saved): ${plural(saved.found.length, 'board')} reach ${c.target}, in ${duration(saved.elapsedMs)} of work.`
        : `Stopped at ${fmt(doneClasses)} of ${fmt(saved.total)} classes (saved); press Resume to go on.`,
      { done: doneClasses, total: saved.total },
    );
  }

  setStatus(state, text, { done, total } = {}) {
    this.status.dataset.state = state;
    this.status.textContent = text;
    if (done !== undefined) {
      this.status.dataset.done = String(done);
      this.status.dataset.total = String(total);
    }
  }

  showFound(found) {
    const list = [...found].sort((a, b) => b.score - a.score || (a.board < b.board ? -1 : 1));
    this.survivorList.replaceChildren(...list.map((s) => boardLink(s.board, s.score, 'search-survivor')));
    this.survivorNote.hidden = list.length > 0;
  }

  async start() {
    if (this.running) return;
    const c = this.config();
    this.partitionError.show(null);
    this.targetError.show(null);
    if (!c.target) {
      this.targetError.show('The target must be a whole number from 1 up.');
      return;
    }
    this.setParams({
      partition: c.partition === DEFAULT_PARTITION ? null : c.partition,
      size: c.size === DEFAULT_SIZE ? null : c.size,
      target: c.target === DEFAULT_TARGET ? null : c.target,
    });
    const workers = Math.max(1, Math.min(64, Math.floor(Number(this.workersInput.value)) || 1));
    this.running = true;
    this.startButton.disabled = true;
    this.stopButton.disabled = false;
    this.resetButton.disabled = true;
    this.setStatus('running', 'Starting the workers…');
    const pool = Array.from({ length: workers }, () => new Engine({ preload: [c.list] }));
    this.pool = pool;
    let info;
    try {
      info = await pool[0].call('partitionInfo', { partition: c.partition, size: c.size });
    } catch (e) {
      this.partitionError.show(e.message);
      this.stop({ keep: true, quiet: true });
      this.setStatus('error', 'Not started.');
      return;
    }
    if (this.pool !== pool) return;
    const key = this.storeKey(c);
    const saved = this.saved(c);
    const chunk = saved?.chunk ?? Math.max(1, Math.min(64, Math.ceil(info.classes / 400)));
    this.state = {
      key,
      config: c,
      total: info.classes,
      chunk,
      chunks: Math.ceil(info.classes / chunk),
      done: new Set(saved && saved.total === info.classes ? saved.done : []),
      found: new Map((saved?.found ?? []).map((s) => [s.board, s])),
      elapsedMs: saved?.elapsedMs ?? 0,
      sessionStart: performance.now(),
      sessionClasses: 0,
      inFlight: new Map(), // chunk index -> classes finished in it so far
      next: 0,
    };
    this.showFound(this.state.found.values());
    this.tick();
    this.timer = setInterval(() => this.tick(), 500);
    await Promise.all(pool.map((engine) => this.work(engine, pool)));
    if (this.pool !== pool) return;
    this.finish();
  }

  /** One worker's loop: take the next unfinished chunk, break it, record it. */
  async work(engine, pool) {
    const s = this.state;
    const c = s.config;
    while (this.pool === pool) {
      while (s.next < s.chunks && (s.done.has(s.next) || s.inFlight.has(s.next))) s.next++;
      if (s.next >= s.chunks) return;
      const index = s.next++;
      const from = index * s.chunk;
      const to = Math.min(s.total, from + s.chunk);
      s.inFlight.set(index, 0);
      const job = engine.request(
        'breakChunk',
        { list: c.list, partition: c.partition, size: c.size, target: c.target, from, to },
        { onProgress: (p) => this.pool === pool && this.chunkProgress(index, from, p) },
      );
      let p;
      try {
        p = await job.promise;
      } catch (e) {
        if (this.pool !== pool) return;
        s.inFlight.delete(index);
        this.fail(e);
        return;
      }
      if (this.pool !== pool || p?.cancelled) return;
      this.chunkProgress(index, from, p);
      s.inFlight.delete(index);
      s.done.add(index);
      this.save();
      this.tick();
    }
  }

  chunkProgress(index, from, p) {
    const s = this.state;
    const before = s.inFlight.get(index) ?? 0;
    const now = p.next - from;
    s.sessionClasses += now - before;
    s.inFlight.set(index, now);
    let added = false;
    for (const f of p.found) {
      if (!s.found.has(f.board)) {
        s.found.set(f.board, f);
        added = true;
      }
    }
    if (added) {
      this.showFound(s.found.values());
      this.save();
    }
  }

  classesDone() {
    const s = this.state;
    let n = 0;
    for (const i of s.done) n += Math.min(s.chunk, s.total - i * s.chunk);
    for (const v of s.inFlight.values()) n += v;
    return n;
  }

  tick() {
    const s = this.state;
    if (!s || !this.running) return;
    const done = this.classesDone();
    const ms = performance.now() - s.sessionStart;
    const rate = ms > 0 ? (s.sessionClasses / ms) * 1000 : 0;
    const left = s.total - done;
    const eta = rate > 0 && s.sessionClasses >= 4 ? duration((left / rate) * 1000) : 'estimating…';
    this.bar.value = done / s.total;
    this.setStatus(
      'running',
      `Searching: ${fmt(done)} of ${fmt(s.total)} classes (${((done / s.total) * 100).toFixed(1)}%), about ${eta} left.`,
      { done, total: s.total },
    );
    this.counts.replaceChildren(
      ...[
        ['workers', String(this.pool.length)],
        ['speed', `${rate.toFixed(1)} classes/s`],
        ['time', duration(s.elapsedMs + ms)],
        ['boards found', fmt(s.found.size)],
      ].map(([k, v]) => el('div', {}, [el('dt', {}, [k]), el('dd', {}, [v])])),
    );
  }

  finish() {
    const s = this.state;
    const ms = s.elapsedMs + performance.now() - s.sessionStart;
    this.stop({ keep: true, quiet: true });
    s.elapsedMs = ms;
    this.save();
    this.bar.value = 1;
    this.setStatus(
      'done',
      `Done: ${fmt(s.total)} classes in ${duration(ms)}; ${plural(s.found.size, 'board')} reach ${s.config.target}.`,
      { done: s.total, total: s.total },
    );
    this.startButton.textContent = 'Start';
  }

  fail(e) {
    this.stop({ keep: true, quiet: true });
    this.partitionError.show(e.message);
    this.setStatus('error', `Stopped by an error: ${e.message}`);
  }

  /** Stops the workers. Finished chunks stay saved (`keep`), so the search can resume. */
  stop({ keep = true, quiet = false } = {}) {
    if (!this.running) return;
    clearInterval(this.timer);
    const s = this.state;
    if (s) {
      s.elapsedMs += performance.now() - s.sessionStart;
      s.sessionStart = performance.now();
    }
    this.running = false;
    if (s && keep) this.save();
    for (const engine of this.pool) engine.terminate();
    this.pool = [];
    this.startButton.disabled = false;
    this.stopButton.disabled = true;
    this.resetButton.disabled = false;
    if (!quiet && s) {
      const done = s.done.size ? [...s.done].reduce((n, i) => n + Math.min(s.chunk, s.total - i * s.chunk), 0) : 0;
      this.startButton.textContent = 'Resume';
      this.bar.value = done / s.total;
      this.setStatus('stopped', `Stopped at ${fmt(done)} of ${fmt(s.total)} classes; press Resume to go on.`, {
        done,
        total: s.total,
      });
    }
  }

  /** Drops the saved progress of the configuration in the form. */
  forget() {
    if (this.running) return;
    try {
      localStorage.removeItem(this.storeKey(this.config()));
    } catch {
      // nothing saved
    }
    this.state = null;
    this.showSaved();
  }
}
