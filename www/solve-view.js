// The solver view: type, paste, edit or roll a board and see every word, its points and its
// path. State lives in the URL (board, dims, wordlist, multiboggle): a board change adds a
// history entry, an option change replaces the current one, and back/forward re-solve.
// Engine work (parsing, solving, word lists, random boards) goes through ctx.engine; this
// module only renders and keeps the last good result on screen when input is bad.
import { BoardGrid } from './board-grid.js';
import { WordList } from './word-list.js';
import { LISTS } from './lists.js';
import { el, fieldError, copyText } from './dom.js';

/** The board shown when the URL names none. */
export const DEFAULT_BOARD = 'perslatgsineters';
/** Sizes offered as one-click buttons; every size from 2x2 to 6x6 is in the "More" menu. */
const QUICK_SIZES = ['3x3', '3x4', '4x4', '5x5'];
const ALL_SIZES = [];
for (let r = 2; r <= 6; r++) for (let c = 2; c <= 6; c++) ALL_SIZES.push(`${r}x${c}`);

/** Reads a `dims` value (`44`, `4x4`) into "RxC", or null when it is not a size from 2x2 to 6x6. */
export function readDims(text) {
  const m = /^\s*([2-6])\s*[x×,]?\s*([2-6])\s*$/i.exec(text);
  return m ? `${m[1]}x${m[2]}` : null;
}

/** Spells a path's letters out (`q` as `qu`). */
const spell = (board, path) => path.map((i) => (board[i] === 'q' ? 'qu' : board[i])).join('');
const plural = (n, one, many = `${one}s`) => `${n.toLocaleString('en')} ${n === 1 ? one : many}`;

/** Mounts the view into `root`; see app.js for `ctx`. */
export function mount(root, ctx) {
  const view = new SolveView(root, ctx);
  return { unmount: () => view.unmount(), update: (params) => view.load(params) };
}

class SolveView {
  constructor(root, { engine, params, setParams }) {
    this.engine = engine;
    this.setParams = setParams;
    this.seq = 0; // the latest solve request; older answers are dropped
    this.shown = null; // the last good result: {board, rows, cols, list, multiboggle, score, words}
    this.size = '4x4'; // the size picked in the UI
    this.list = 'enable2k';
    this.multiboggle = false;
    this.listCache = new Map(); // list name -> promise of load stats (built once per worker)
    this.files = new Map(); // uploaded list name -> bytes, to rebuild after an engine restart
    this.trace = [];
    this.pinned = null; // a word pinned from the list or the checker
    this.hovered = null;
    this.session = { typing: false, grid: false }; // edits since focus arrived (one history entry)

    this.onRestart = () => this.listCache.clear();
    engine.addEventListener?.('restart', this.onRestart);

    this.build(root);
    this.load(params);
  }

  unmount() {
    this.engine.removeEventListener?.('restart', this.onRestart);
    this.seq++;
  }

  // ---- layout -------------------------------------------------------------------------------

  build(root) {
    // Board entry: text input, size picker, random board.
    this.input = el('input', {
      id: 'board-input',
      type: 'text',
      autocomplete: 'off',
      autocapitalize: 'none',
      spellcheck: false,
      enterKeyHint: 'go',
      placeholder: 'e.g. pers latg sine ters',
      'aria-describedby': 'board-help board-error',
    });
    this.boardError = fieldError('board-error');
    const roll = el('button', { type: 'button', className: 'secondary roll' }, [
      el('span', { 'aria-hidden': 'true', className: 'die' }, ['⚄']),
      ' Random board',
    ]);
    roll.title = 'Roll the real Boggle dice (4×4 and 5×5) or random letters (other sizes)';
    roll.addEventListener('click', () => this.roll());
    const boardForm = el('form', { className: 'board-form', 'aria-label': 'Board' }, [
      el('div', { className: 'label-row' }, [
        el('label', { htmlFor: 'board-input', className: 'field-label' }, ['Board letters']),
        roll,
      ]),
      el('div', { className: 'input-row' }, [
        this.input,
        el('button', { type: 'submit', className: 'primary' }, ['Solve']),
      ]),
      el('p', { id: 'board-help', className: 'help' }, [
        'Row by row, any case; q is the Qu cube. You can also type on the board itself.',
      ]),
      this.boardError,
    ]);
    boardForm.addEventListener('submit', (e) => {
      e.preventDefault();
      this.typed({ commit: true });
      this.session.typing = false;
    });
    this.input.addEventListener('input', () => {
      this.typed({ commit: this.pasted });
      this.pasted = false;
    });
    this.input.addEventListener('paste', () => (this.pasted = true));
    this.input.addEventListener('blur', () => (this.session.typing = false));

    this.sizeButtons = QUICK_SIZES.map((s) =>
      el('button', { type: 'button', dataset: { size: s }, 'aria-pressed': 'false' }, [s.replace('x', '×')]),
    );
    this.sizeSelect = el(
      'select',
      { id: 'size-select', 'aria-label': 'Board size' },
      ALL_SIZES.map((s) => el('option', { value: s }, [s.replace('x', ' × ')])),
    );
    this.sizeError = fieldError('size-error');
    const sizes = el('div', { className: 'segmented', role: 'group', 'aria-label': 'Board size' }, this.sizeButtons);
    sizes.addEventListener('click', (e) => {
      const b = e.target.closest('[data-size]');
      if (b) this.pickSize(b.dataset.size);
    });
    this.sizeSelect.addEventListener('change', () => this.pickSize(this.sizeSelect.value));
    const sizeRow = el('div', { className: 'size-row' }, [
      el('span', { className: 'field-label', 'aria-hidden': 'true' }, ['Size']),
      sizes,
      this.sizeSelect,
    ]);

    // The board, totals and the word under the pointer.
    this.grid = new BoardGrid({
      onEdit: (i, letter) => this.editCell(i, letter),
      onActivate: (i) => this.traceCell(i),
      onClear: () => this.clearFocus(),
    });
    this.grid.cellsEl.addEventListener('focusout', (e) => {
      if (!this.grid.cellsEl.contains(e.relatedTarget)) this.session.grid = false;
    });
    this.score = el('span', { className: 'stat-value', dataset: { testid: 'score' } }, ['…']);
    this.count = el('span', { className: 'stat-value', dataset: { testid: 'word-count' } }, ['…']);
    this.scoreLabel = el('span', { className: 'stat-label' }, ['points']);
    this.totals = el('div', { className: 'totals', role: 'status', 'aria-live': 'polite' }, [
      el('div', { className: 'stat' }, [this.score, this.scoreLabel]),
      el('div', { className: 'stat' }, [this.count, el('span', { className: 'stat-label' }, ['words'])]),
    ]);
    this.current = el('p', { className: 'current', 'aria-live': 'polite' });
    this.clearButton = el('button', { type: 'button', className: 'link-button', hidden: true }, ['Clear']);
    this.clearButton.addEventListener('click', () => this.clearFocus());
    this.working = el('span', { className: 'working', hidden: true }, ['Solving…']);
    const boardPanel = el('div', { className: 'board-panel' }, [
      this.grid.el,
      el('div', { className: 'board-info' }, [
        this.totals,
        this.working,
        el('div', { className: 'current-row' }, [this.current, this.clearButton]),
      ]),
    ]);

    // Check a typed word.
    this.checkInput = el('input', {
      id: 'check-input',
      type: 'search',
      autocomplete: 'off',
      autocapitalize: 'none',
      spellcheck: false,
      placeholder: 'Type a word',
    });
    const checkForm = el('form', { className: 'check-form', role: 'search' }, [
      el('label', { htmlFor: 'check-input', className: 'field-label' }, ['Check a word']),
      this.checkInput,
    ]);
    checkForm.addEventListener('submit', (e) => e.preventDefault());
    this.checkInput.addEventListener('input', () => this.check());

    // Options: word list, own file, multiboggle, share.
    this.listSelect = el('select', { id: 'list-select', 'aria-describedby': 'list-stats list-error' }, [
      ...Object.entries(LISTS).map(([v, label]) => el('option', { value: v }, [label])),
      el('option', { value: '#file' }, ['Your own file…']),
    ]);
    this.listSelect.addEventListener('change', () => {
      if (this.listSelect.value === '#file') {
        this.listSelect.value = this.list;
        this.fileInput.click();
      } else {
        this.run({ text: this.shownText(), list: this.listSelect.value, history: 'replace' });
      }
    });
    this.fileInput = el('input', { type: 'file', accept: '.txt,text/plain', hidden: true, 'aria-label': 'Word list file' });
    this.fileInput.addEventListener('change', () => this.upload(this.fileInput.files[0]));
    const loadButton = el('button', { type: 'button', className: 'secondary' }, ['Load a file…']);
    loadButton.addEventListener('click', () => this.fileInput.click());
    this.listStats = el('p', { id: 'list-stats', className: 'help' });
    this.listError = fieldError('list-error');
    this.mbBox = el('input', { type: 'checkbox', id: 'multiboggle' });
    this.mbBox.addEventListener('change', () =>
      this.run({ text: this.shownText(), multiboggle: this.mbBox.checked, history: 'replace' }),
    );
    this.copyButton = el('button', { type: 'button', className: 'secondary' }, ['Copy link']);
    this.copyStatus = el('span', { className: 'help', role: 'status' });
    this.copyButton.addEventListener('click', () => this.copyLink());
    const options = el('div', { className: 'options' }, [
      el('div', { className: 'field' }, [
        el('label', { htmlFor: 'list-select', className: 'field-label' }, ['Word list']),
        el('div', { className: 'input-row' }, [this.listSelect, loadButton, this.fileInput]),
        this.listStats,
        this.listError,
      ]),
      el('div', { className: 'field check' }, [
        this.mbBox,
        el('label', { htmlFor: 'multiboggle' }, [
          'Multiboggle ',
          el('span', { className: 'help' }, ['(a word scores once for each different set of cells)']),
        ]),
      ]),
      el('div', { className: 'field share' }, [this.copyButton, this.copyStatus]),
    ]);

    this.words = new WordList({
      onHover: (w) => {
        this.hovered = w;
        this.paintFocus();
      },
      onSelect: (w) => {
        this.pinned = w;
        if (w) this.trace = [];
        this.paintFocus();
      },
    });

    const side = el('div', { className: 'solve-side' }, [
      el('div', { className: 'card entry' }, [boardForm, sizeRow, this.sizeError]),
      boardPanel,
      checkForm,
    ]);
    const main = el('div', { className: 'solve-main' }, [el('div', { className: 'card' }, [options]), this.words.el]);
    this.root = el('div', { className: 'solve' }, [side, main]);
    root.append(this.root);
  }

  // ---- state from the URL -------------------------------------------------------------------

  /** Applies URL parameters (first load, back/forward); reports bad ones beside their control. */
  load(params) {
    this.session = { typing: false, grid: false };
    const listParam = params.get('wordlist');
    let list = listParam ?? (this.list.startsWith('file:') ? this.list : 'enable2k');
    this.listError.show(null);
    if (listParam !== null && !Object.hasOwn(LISTS, listParam)) {
      this.listError.show(
        `There is no word list called “${listParam}”: choose ENABLE2K or YAWL, or load your own file. Using ENABLE2K.`,
      );
      list = 'enable2k';
    }
    const mb = params.get('multiboggle');
    const multiboggle = mb === '1' || mb === 'true';
    const dimsParam = params.get('dims');
    const size = dimsParam === null ? null : readDims(dimsParam);
    this.sizeError.show(
      dimsParam !== null && !size
        ? `“${dimsParam}” is not a board size: use two digits from 2 to 6, e.g. dims=44 or dims=34.`
        : null,
    );
    const board = params.get('board') ?? DEFAULT_BOARD;
    if (document.activeElement !== this.input) this.input.value = board;
    this.run({ text: board, size, list, multiboggle, history: 'none', fromUrl: true });
  }

  // ---- solving ------------------------------------------------------------------------------

  /** The built list's load stats, building it (once per worker) if needed. */
  ensureList(name) {
    if (!this.listCache.has(name)) {
      const bytes = this.files.get(name);
      const p = this.engine.call('list', bytes ? { name, bytes: bytes.slice(0) } : { name });
      p.catch(() => this.listCache.delete(name));
      this.listCache.set(name, p);
    }
    return this.listCache.get(name);
  }

  /**
   * Solves `text` and shows the result. `size` "RxC" or null (from the length); `adopt`
   * decides whether a length that fits another size may switch to it. `history`: "push",
   * "replace" or "none" for the URL. Returns true when the board was shown.
   */
  async run({ text, size = null, list = this.list, multiboggle = this.multiboggle, history, adopt, fromUrl, keepInput }) {
    const seq = ++this.seq;
    const t0 = performance.now();
    const stats = this.ensureList(list);
    const solving = this.engine.call('solve', { list, board: text, size, multiboggle });
    solving.catch(() => {});
    this.busy(seq);
    try {
      this.showStats(list, await stats);
    } catch (e) {
      if (seq !== this.seq) return false;
      this.busy(null);
      this.listError.show(`Could not load ${listName(list)}: ${e.message}`);
      this.listSelect.value = this.list;
      if (!this.shown && list !== 'enable2k') return this.run({ text, size, list: 'enable2k', multiboggle, history });
      return false;
    }
    let r;
    try {
      r = await solving;
    } catch (e) {
      if (seq !== this.seq) return false;
      const other = adopt ? await this.otherSize(text) : null;
      if (other && adopt(other) && seq === this.seq) {
        return this.run({ text, size: other, list, multiboggle, history, fromUrl });
      }
      if (seq !== this.seq) return false;
      this.busy(null);
      this.boardError.show(e.message);
      if (!this.shown && fromUrl) {
        // Nothing good to keep on screen yet: show the default board beside the message.
        const ok = await this.run({ text: DEFAULT_BOARD, list, multiboggle, history: 'none', fromUrl, keepInput: true });
        if (ok) this.boardError.show(e.message);
      }
      return false;
    }
    if (seq !== this.seq) return false;
    this.busy(null);
    this.boardError.show(null);
    if (list !== this.list || !fromUrl) this.listError.show(null);
    if (!fromUrl) this.sizeError.show(null);
    this.list = list;
    this.multiboggle = multiboggle;
    this.show({ ...r, list }, { keepInput });
    if (history !== 'none') {
      this.setParams(
        {
          board: r.board,
          dims: `${r.rows}${r.cols}`,
          wordlist: list.startsWith('file:') ? null : list,
          multiboggle: multiboggle ? '1' : null,
        },
        { push: history === 'push' },
      );
    }
    this.lastMs = performance.now() - t0;
    return true;
  }

  /** The size `text` has when read from its length alone, or null. */
  async otherSize(text) {
    try {
      const p = await this.engine.call('parse', { board: text });
      return `${p.rows}x${p.cols}`;
    } catch {
      return null;
    }
  }

  /** Shows "Solving…" only if a request takes long enough to notice (first list build). */
  busy(seq) {
    clearTimeout(this.busyTimer);
    this.working.hidden = true;
    if (seq !== null) this.busyTimer = setTimeout(() => (this.working.hidden = seq !== this.seq), 150);
  }

  /** Renders a solved board; `keepInput` leaves the board input's text alone. */
  show(r, { keepInput = false } = {}) {
    const sameBoard = this.shown?.board === r.board && this.shown?.rows === r.rows;
    this.shown = r;
    this.size = `${r.rows}x${r.cols}`;
    this.grid.setBoard(r.board, r.rows, r.cols);
    this.score.textContent = String(r.score);
    this.scoreLabel.textContent = r.multiboggle ? 'points (multiboggle)' : 'points';
    this.count.textContent = String(r.words.length);
    this.words.setWords(r.words);
    if (!keepInput && document.activeElement !== this.input) this.input.value = rowsText(r.board, r.cols);
    for (const b of this.sizeButtons) b.setAttribute('aria-pressed', String(b.dataset.size === this.size));
    this.sizeSelect.value = this.size;
    this.listSelect.value = r.list;
    this.mbBox.checked = r.multiboggle;
    if (!sameBoard) {
      this.trace = [];
      this.pinned = null;
      this.hovered = null;
    } else {
      this.pinned = this.pinned && this.words.get(this.pinned.word);
    }
    if (this.checkInput.value) this.check();
    else this.paintFocus();
  }

  showStats(list, s) {
    const skipped = s.bad_chars + s.too_short + s.q_without_u;
    let text = `${listName(list)}: ${plural(s.words, 'word')}`;
    if (skipped) text += `, ${plural(skipped, 'line')} skipped`;
    const why = [];
    if (s.bad_chars) why.push(`${s.bad_chars.toLocaleString('en')} with characters other than a–z`);
    if (s.too_short) why.push(`${s.too_short.toLocaleString('en')} shorter than 3 letters`);
    if (s.q_without_u) why.push(`${s.q_without_u.toLocaleString('en')} with q not followed by u`);
    if (why.length) text += ` (${why.join(', ')})`;
    if (s.duplicates) text += `, ${plural(s.duplicates, 'duplicate')} ignored`;
    if (s.bad_examples?.length) text += `. Skipped, e.g.: ${s.bad_examples.slice(0, 3).map((w) => `“${w}”`).join(', ')}`;
    this.listStats.textContent = `${text}.`;
  }

  /** The text that re-solves what is on screen (for option changes). */
  shownText() {
    return this.shown?.board ?? this.input.value;
  }

  // ---- user actions -------------------------------------------------------------------------

  /** The board input changed (or was submitted). */
  typed({ commit }) {
    const text = this.input.value;
    const picked = this.size;
    const cells = (s) => s.split('x').reduce((a, b) => a * b, 1);
    // While typing, switch size only once the letters overflow the picked size; on Enter or
    // paste, any standard length picks its size.
    const adopt = commit ? () => true : (other) => cells(other) > cells(picked);
    const history = this.session.typing ? 'replace' : 'push';
    this.run({ text, size: picked, adopt, history }).then((ok) => {
      if (ok && document.activeElement === this.input) this.session.typing = true;
    });
  }

  pickSize(size) {
    this.sizeError.show(null);
    const letters = this.input.value.replace(/[^a-z]/gi, '');
    const cells = size.split('x').reduce((a, b) => a * b, 1);
    // Keep typed letters that fit the new size (e.g. 12 letters as 3x4 or 4x3); else roll one.
    if (letters.length === cells) this.run({ text: letters, size, history: 'push' });
    else this.roll(size);
  }

  async roll(size = this.size) {
    try {
      const board = await this.engine.call('random', { size });
      this.input.value = board;
      await this.run({ text: board, size, history: 'push' });
    } catch (e) {
      this.boardError.show(`Could not roll a board: ${e.message}`);
    }
  }

  editCell(index, letter) {
    const r = this.shown;
    if (!r) return;
    const board = r.board.slice(0, index) + letter + r.board.slice(index + 1);
    const history = this.session.grid ? 'replace' : 'push';
    this.session.grid = true;
    this.run({ text: board, size: `${r.rows}x${r.cols}`, history });
  }

  traceCell(index) {
    const t = this.trace;
    const at = t.indexOf(index);
    if (at === t.length - 1 && at >= 0) t.pop();
    else if (at >= 0) t.length = at + 1;
    else if (t.length && this.grid.adjacent(t.at(-1), index)) t.push(index);
    else this.trace = [index];
    if (this.pinned) this.words.select(null);
    this.checkInput.value = '';
    this.paintFocus();
  }

  clearFocus() {
    this.trace = [];
    this.checkInput.value = '';
    if (this.pinned) this.words.select(null);
    this.paintFocus();
  }

  /** Looks up the word typed in the checker: on the board (path shown) or in the list at all. */
  async check() {
    const typed = this.checkInput.value.trim().toLowerCase();
    this.trace = [];
    if (!typed) {
      if (this.pinned) this.words.select(null);
      this.paintFocus();
      return;
    }
    if (!/^[a-z]+$/.test(typed)) {
      if (this.pinned) this.words.select(null);
      this.say('miss', 'Only the letters a–z can be checked.');
      return;
    }
    const found = this.words.get(typed);
    if (found) {
      this.words.select(typed, { scroll: true });
      return;
    }
    if (this.pinned) this.words.select(null);
    this.paintFocus();
    if (typed.length < 3) return;
    const list = this.list;
    let inList;
    try {
      inList = await this.engine.call('contains', { list, word: typed });
    } catch {
      return;
    }
    if (this.checkInput.value.trim().toLowerCase() !== typed) return;
    this.say(
      'miss',
      `${typed.toUpperCase()} is not on this board`,
      inList ? `, but it is in ${listName(list)}.` : ` and not in ${listName(list)}.`,
    );
  }

  /** Draws the word or trace in focus and describes it: hover beats trace beats pinned. */
  paintFocus() {
    const r = this.shown;
    this.clearButton.hidden = !(this.trace.length || this.pinned || this.checkInput.value);
    if (!r) return;
    const w = this.hovered ?? (this.trace.length ? null : this.pinned);
    if (w) {
      this.grid.showPath(w.path, 'word');
      this.say('word', w.word.toUpperCase(), ` · ${plural(w.points, 'point')}`);
      return;
    }
    if (this.trace.length) {
      const word = spell(r.board, this.trace);
      const hit = this.words.get(word);
      this.grid.showPath(this.trace, hit ? 'word' : 'trace');
      if (hit) this.say('hit', word.toUpperCase(), ` is a word · ${plural(hit.points, 'point')}`);
      else if (word.length < 3) this.say('trace', word.toUpperCase(), ' · keep clicking neighbouring cells');
      else this.say('trace', word.toUpperCase(), ` is not in ${listName(this.list)}`);
      return;
    }
    this.grid.showPath(null);
    if (!this.checkInput.value) this.say('hint', 'Point at or tap a word to see its path, or click cells to trace one.');
    else this.say('hint', '');
  }

  /** Sets the line under the board: a word in bold, then plain text. */
  say(kind, strong, rest = '') {
    this.current.dataset.kind = kind;
    if (!rest) {
      this.current.replaceChildren(strong);
    } else {
      this.current.replaceChildren(el('strong', {}, [strong]), rest);
    }
  }

  async upload(file) {
    this.fileInput.value = '';
    if (!file) return;
    const name = `file:${file.name}`;
    let bytes;
    try {
      bytes = await file.arrayBuffer();
    } catch (e) {
      this.listError.show(`Could not read “${file.name}”: ${e.message}`);
      return;
    }
    try {
      const stats = await this.engine.call('list', { name, bytes: bytes.slice(0) });
      this.files.set(name, bytes);
      this.listCache.set(name, Promise.resolve(stats));
    } catch (e) {
      this.listError.show(`Could not use “${file.name}”: ${e.message}`);
      return;
    }
    if (![...this.listSelect.options].some((o) => o.value === name)) {
      this.listSelect.insertBefore(el('option', { value: name }, [file.name]), this.listSelect.lastChild);
    }
    this.listError.show(null);
    this.run({ text: this.shownText(), list: name, history: 'replace' });
  }

  async copyLink() {
    const ok = await copyText(location.href);
    this.copyStatus.textContent = ok
      ? this.list.startsWith('file:')
        ? 'Link copied (it uses ENABLE2K: your own list stays on this device).'
        : 'Link copied.'
      : 'Copy the address from the address bar.';
    clearTimeout(this.copyTimer);
    this.copyTimer = setTimeout(() => (this.copyStatus.textContent = ''), 4000);
  }
}

/** A list's display name. */
function listName(name) {
  return LISTS[name] ?? name.replace(/^file:/, '');
}

/** A board string split into its rows, e.g. "pers latg sine ters". */
function rowsText(board, cols) {
  return board.match(new RegExp(`.{1,${cols}}`, 'g')).join(' ');
}

