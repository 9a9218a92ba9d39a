// The solve view: type, paste, edit or roll a board and see every word, its points and its
// path. State lives in the URL (board, dims, wordlist, multiboggle, min, the word pointed at, and
// how the words are sorted and filtered): a board change adds a history entry, any other change
// replaces the current one, and back/forward re-solve.
// Engine work (parsing, solving, word lists, random boards) goes through ctx.engine; these
// modules only render and keep the last good result on screen when input is bad. The parts:
// the board entry (entry.js), the board with its totals and word checker (board-panel.js), the
// options (options.js) and the word list (widgets/word-list.js).
import { el, fieldError, loadCss } from '../../lib/dom.js';
import { DEFAULT_LIST, LISTS, listName } from '../../lib/lists.js';
import { MAX_SIDE, MIN_SIDE, SHORTEST_WORDS } from '../../lib/limits.js';
import { readDims, readMinParam, readWordsView, sortParam } from '../../lib/params.js';
import { readAnyListParam } from '../../lib/own-lists.js';
import { readFlag, rowsText, shown } from '../../lib/format.js';
import { downloadMessage, isDownloadFailure, isEngineFailure } from '../../lib/failure.js';
import { LastValid } from '../../lib/share.js';
import { DEFAULT_BOARD, dimsParam, dropRejected } from '../../lib/url.js';
import { WordList } from '../../widgets/word-list.js';
import { BoardPanel } from './board-panel.js';
import { BoardEntry } from './entry.js';
import { SolveOptions } from './options.js';

await loadCss(new URL('./solve.css', import.meta.url));

/** The URL parameters this view reads besides `mode`: the shell (app.js) takes any other out of the address. */
export const URL_PARAMS = ['board', 'dims', 'wordlist', 'multiboggle', 'min', 'word', 'sort', 'filter', 'len'];

/** The most characters of a `word=` the view reads (no board spells a longer word). */
const MAX_WORD_PARAM = 64;

/** @typedef {import('../../engine.js').Engine} Engine */
/** @typedef {import('../../widgets/word-list.js').FoundWord} FoundWord */

/**
 * What the view reads of the shell's `ctx` (app.js): the engine and the URL's parameters.
 * @typedef {{engine: Engine, params: URLSearchParams}} SolveContext
 */

/**
 * A board and its score, ahead of its words (Summary in src/wasm/dictionary.rs: the `head`
 * progress of the worker's `solve`).
 * @typedef {{board: string, rows: number, cols: number, score: number, multiboggle: boolean, min: number}} BoardHead
 */

/**
 * The engine's answer to `solve` (Solved in src/wasm/dictionary.rs): the board, its score and
 * every word with its points and path.
 * @typedef {BoardHead & {words: FoundWord[]}} Solved
 */

/** @typedef {Solved & {list: string}} ShownBoard a solved board on screen, with the list it was solved with */

/**
 * A word list's load statistics, the engine's answer to `list` (LoadStats in
 * src/engine/dictionary/reading.rs).
 * @typedef {object} ListStats
 * @property {number} lines
 * @property {number} words
 * @property {number} blank
 * @property {number} bad_chars
 * @property {number} too_short
 * @property {number} q_without_u
 * @property {number} too_long
 * @property {number} duplicates
 * @property {string[]} bad_examples
 * @property {string[]} notes
 */

/**
 * The engine's answer to `check` (Traced in src/wasm/dictionary.rs, with `inList`): the cells
 * that spell the word on the board (null when none do), `decided` false when the engine gave
 * up looking, and whether the list has the word.
 * @typedef {{path: number[] | null, decided: boolean, inList: boolean}} CheckResult
 */

/**
 * What `run` is asked to solve (see SolveView.run).
 * @typedef {{text: string, size?: string | null, list?: string, multiboggle?: boolean, min?: string, history: string,
 *   adopt?: (size: string) => boolean, fromUrl?: boolean, keepInput?: boolean}} RunOptions
 */

/**
 * Mounts the view into `root`; see app.js for `ctx`.
 * @param {HTMLElement} root
 * @param {SolveContext} ctx
 */
export function mount(root, ctx) {
  const view = new SolveView(root, ctx);
  return { unmount: () => view.unmount(), update: (/** @type {URLSearchParams} */ params) => view.load(params), share: view.share };
}

class SolveView {
  /**
   * @param {HTMLElement} root
   * @param {SolveContext} ctx
   */
  constructor(root, { engine, params }) {
    this.engine = engine;
    this.seq = 0; // the latest solve request; older answers are dropped
    /** @type {ShownBoard | null} */
    this.shown = null; // the last good result: {board, rows, cols, list, multiboggle, score, words}
    this.size = '4x4'; // the size picked in the UI
    this.list = DEFAULT_LIST;
    this.multiboggle = false;
    /** The shortest word counted, in letters (a string, as the menu and the URL hold it). */
    this.min = SHORTEST_WORDS[0];
    // The URL, Copy link and the Embed dialog describe the last board solved.
    this.share = new LastValid({
      noun: 'board',
      key: 'board',
      fallback: DEFAULT_BOARD,
      describe: (board) => (board === this.shown?.board ? rowsText(board, this.shown.cols) : board),
    });

    this.build(root);
    this.entry.markSize(this.size);
    this.onRestart = () => this.options.forgetLists();
    engine.addEventListener?.('restart', this.onRestart);
    this.load(params);
  }

  unmount() {
    this.engine.removeEventListener?.('restart', this.onRestart);
    this.seq++;
  }

  /** @param {HTMLElement} root */
  build(root) {
    this.entry = new BoardEntry({
      solve: (o) => this.run(o),
      size: () => this.size,
      random: (size) => this.engine.call('random', { size }),
    });
    this.words = new WordList({
      onHover: (w) => this.panel.hover(w),
      onSelect: (w, say) => {
        this.panel.pin(w, say);
        this.syncWord();
      },
      onView: () => this.syncView(),
    });
    // What a link asked of the word list's order, filter or length that could not be used.
    this.viewError = fieldError('words-view-error');
    this.words.setBusy(true); // until the first board's words arrive
    this.panel = new BoardPanel({
      words: this.words,
      edit: (board, { push }) => this.editBoard(board, push),
      list: () => this.list,
      check: (list, board, size, word) => this.engine.call('check', { list, board, size, word }),
      onCheck: () => this.syncWord(),
    });
    this.options = new SolveOptions({
      engine: this.engine,
      share: this.share,
      solve: (changes) => this.run({ text: this.shownText(), size: this.shownSize(), history: 'replace', ...changes }),
      current: () => ({ list: this.list, shown: this.shown }),
    });
    this.entry.boardError.after(this.share.note);
    const side = el('div', { className: 'solve-side sticky-side' }, [this.entry.el, this.panel.el, this.panel.checkForm]);
    const main = el('div', { className: 'solve-main' }, [this.options.el, this.viewError, this.words.el]);
    this.root = el('div', { className: 'solve' }, [side, main]);
    root.append(this.root);
  }

  // ---- state from the URL -------------------------------------------------------------------

  /**
   * Applies URL parameters (first load, back/forward); reports bad ones beside their control.
   * @param {URLSearchParams} params
   */
  load(params) {
    this.entry.typing = false;
    this.panel.editing = false;
    const listParam = params.get('wordlist');
    const read = readAnyListParam(listParam, `choose ${Object.values(LISTS).join(' or ')}, or load your own file`);
    this.options.listError.show(read.error);
    // The list the link names, as the page writes it; without one, a list loaded from a file stays.
    const list = listParam !== null ? read.list : this.list.startsWith('file:') ? this.list : DEFAULT_LIST;
    const mb = params.get('multiboggle');
    const multiboggle = readFlag(mb ?? '0') ?? false;
    this.options.mbError.show(mb !== null && readFlag(mb) === null ? `multiboggle=“${shown(mb)}” is not 1 or 0: it is off.` : null);
    const dimsText = params.get('dims');
    const size = dimsText === null ? null : readDims(dimsText);
    this.entry.sizeError.show(
      dimsText !== null && !size
        ? `“${shown(dimsText)}” is not a board size: use two digits from ${MIN_SIDE} to ${MAX_SIDE}, e.g. dims=44 or dims=34.`
        : null,
    );
    const { min, error: minError } = readMinParam(params.get('min'));
    this.options.minError.show(minError);
    const words = readWordsView({ sort: params.get('sort'), filter: params.get('filter'), len: params.get('len') });
    this.viewError.show(words.errors.join(' ') || null);
    this.words.setView(words.view);
    dropRejected({ wordlist: read.error, multiboggle: mb !== null && readFlag(mb) === null, dims: dimsText !== null && !size, min: minError, ...words.rejected });
    const board = params.get('board') ?? DEFAULT_BOARD;
    // Back and forward set the box too, even with the cursor in it: it names the board shown.
    this.entry.input.value = board;
    // The word the link points at goes in Check a word, which pins its path once the board is
    // shown, or says why it has none.
    this.panel.checkInput.value = (params.get('word') ?? '').slice(0, MAX_WORD_PARAM);
    this.run({ text: board, size, list, multiboggle, min, history: 'none', fromUrl: true });
  }

  // ---- solving ------------------------------------------------------------------------------

  /**
   * Solves `text` and shows the result. `size` "RxC" or null (from the length); `adopt`
   * decides whether a length that fits another size may switch to it. `history`: "push",
   * "replace" or "none" for the URL. Returns true when the board was shown.
   * @param {RunOptions} opts
   * @returns {Promise<boolean>}
   */
  async run({ text, size = null, list = this.list, multiboggle = this.multiboggle, min = this.min, history, adopt, fromUrl, keepInput }) {
    const seq = ++this.seq;
    const t0 = performance.now();
    const stats = this.options.ensureList(list);
    // The first board's score paints as soon as the engine has it, before its words arrive.
    const head = !this.shown;
    const onProgress = (/** @type {BoardHead} */ h) => seq === this.seq && !this.shown && this.showHead(h, { keepInput });
    const solving = this.engine.request('solve', { list, board: text, size, multiboggle, min: Number(min), head }, { onProgress }).promise;
    solving.catch(() => {});
    // Until the list is built, what is awaited is the list (a download on a slow network).
    this.busy(seq, `Loading ${listName(list)}…`);
    stats.then(
      () => seq === this.seq && (this.panel.working.textContent = 'Solving…'),
      () => {},
    );
    try {
      this.options.showStats(list, await stats);
    } catch (e) {
      if (seq !== this.seq) return false;
      this.busy(null);
      // What shows next is written into the address: a link's list that could not load is not
      // what the page shows, and Try again puts it back once it does.
      const written = history === 'none' ? 'replace' : history;
      const again = () => this.run({ text, size, list, multiboggle, min, history: written, adopt, fromUrl, keepInput });
      this.options.listError.show(
        downloadMessage(e, listName(list)),
        isDownloadFailure(e) ? again : null,
      );
      this.options.listSelect.value = this.list;
      if (!this.shown && list !== DEFAULT_LIST && !isEngineFailure(e)) {
        // Show the board with the default list; the message (and its Try again) stays.
        return this.run({ text, size, list: DEFAULT_LIST, multiboggle, min, history: written, fromUrl: true });
      }
      if (!this.shown) {
        this.words.setBusy(false); // no words are coming
        this.panel.unavailable();
      }
      return false;
    }
    /** @type {Solved} */
    let r;
    try {
      r = await solving;
    } catch (e) {
      if (seq !== this.seq) return false;
      const other = adopt ? await this.otherSize(text) : null;
      if (other && adopt(other) && seq === this.seq) {
        return this.run({ text, size: other, list, multiboggle, min, history, fromUrl });
      }
      if (seq !== this.seq) return false;
      this.busy(null);
      this.entry.boardError.show(e.message);
      if (!this.shown && fromUrl) {
        // Nothing good to keep on screen yet: show the default board beside the message (and
        // in the URL).
        const ok = await this.run({ text: DEFAULT_BOARD, list, multiboggle, min, history: 'replace', fromUrl, keepInput: true });
        if (!ok) return false;
        this.entry.boardError.show(e.message);
      }
      if (!this.shown) this.words.setBusy(false);
      this.share.rejected();
      return false;
    }
    if (seq !== this.seq) return false;
    // The address first, before anything on the page changes: the browser lays the page out to
    // note where it is scrolled to in each history entry, which after the writes below laid
    // out the whole new board and its first words again.
    if (history === 'none') {
      this.share.commit();
    } else {
      this.share.commit(
        {
          // The default board is left out, as every default is (the address of a first visit).
          board: r.board === DEFAULT_BOARD ? null : r.board,
          // Only when the board's length alone would give another size.
          dims: dimsParam(r.board.length, `${r.rows}x${r.cols}`),
          // A list of the reader's own too: a reload here finds it kept (Copy link leaves it out).
          wordlist: list,
          multiboggle: multiboggle ? '1' : null,
          min: min === SHORTEST_WORDS[0] ? null : min,
        },
        { push: history === 'push' },
      );
    }
    this.busy(null);
    this.entry.boardError.show(null);
    if (list !== this.list || !fromUrl) this.options.listError.show(null);
    if (!fromUrl) this.entry.sizeError.show(null);
    this.list = list;
    this.multiboggle = multiboggle;
    this.min = min;
    this.show({ ...r, list }, { keepInput });
    this.syncWord();
    this.syncView();
    if (!keepInput) this.entry.explainQu(text, r.board);
    this.lastMs = performance.now() - t0;
    return true;
  }

  /**
   * The size `text` has when read from its length alone, or null.
   * @param {string} text
   * @returns {Promise<string | null>}
   */
  async otherSize(text) {
    try {
      const p = await this.engine.call('parse', { board: text });
      return `${p.rows}x${p.cols}`;
    } catch {
      return null;
    }
  }

  /**
   * Shows what the request `seq` waits for (`text`, "Solving…" unless said) only if it takes
   * long enough to notice (a list to download and build); null hides it.
   * @param {number | null} seq
   * @param {string} [text]
   */
  busy(seq, text = 'Solving…') {
    const working = this.panel.working;
    clearTimeout(this.busyTimer);
    working.hidden = true;
    working.textContent = text;
    if (seq !== null) this.busyTimer = setTimeout(() => (working.hidden = seq !== this.seq), 150);
  }

  /**
   * Renders a solved board; `keepInput` leaves the board input's text alone.
   * @param {ShownBoard} r
   * @param {{keepInput?: boolean}} [how]
   */
  show(r, { keepInput = false } = {}) {
    const sameBoard = this.shown?.board === r.board && this.shown?.rows === r.rows;
    // The first result paints its board and score before its word list is drawn.
    this.words.setWords(r.words, { afterPaint: !this.shown });
    this.shown = r;
    this.size = `${r.rows}x${r.cols}`;
    this.entry.showBoard(r, { keepInput });
    this.options.show(r);
    this.panel.show(r, sameBoard);
  }

  /**
   * Paints a board and its score (`{board, rows, cols, score, multiboggle}`) ahead of its words.
   * @param {BoardHead} h
   * @param {{keepInput?: boolean}} [how]
   */
  showHead(h, { keepInput = false } = {}) {
    this.entry.showBoard(h, { keepInput });
    this.panel.showHead(h);
  }

  /**
   * Keeps the address's `word` the word the board shows: the one pinned (clicked or checked),
   * else the one in Check a word (a word not on the board, whose verdict is worth sharing).
   * Anything but letters is left out.
   */
  syncWord() {
    if (!this.shown) return;
    const typed = this.panel.checkInput.value.trim().toLowerCase();
    const word = this.words.selected ?? (/^[a-z]+$/.test(typed) ? typed : null);
    if (new URLSearchParams(location.search).get('word') !== word) this.share.commit({ word });
  }

  /**
   * Keeps the address's `sort`, `filter` and `len` what the word list shows (a length no word of
   * the board has is let go by the list, and so leaves the address).
   */
  syncView() {
    if (!this.shown) return;
    const { sort, filter, length } = this.words.view();
    const changes = {
      sort: sortParam(sort),
      filter: filter || null,
      len: length === null ? null : String(length),
    };
    const now = new URLSearchParams(location.search);
    if (Object.entries(changes).some(([k, v]) => now.get(k) !== v)) this.share.commit(changes);
  }

  /** The text that re-solves what is on screen (for option changes). */
  shownText() {
    return this.shown?.board ?? this.entry.input.value;
  }

  /**
   * The size of the board on screen ("RxC"), so an option change re-solves a 4x3 board as 4x3
   * and not as the 3x4 its length gives; null before a board is shown.
   * @returns {string | null}
   */
  shownSize() {
    return this.shown ? `${this.shown.rows}x${this.shown.cols}` : null;
  }

  /**
   * The board as typed on the grid: solve it, in one history entry per editing run.
   * @param {string} board
   * @param {boolean} push
   */
  editBoard(board, push) {
    const r = this.shown;
    if (!r) return;
    this.run({ text: board, size: `${r.rows}x${r.cols}`, history: push ? 'push' : 'replace' });
  }
}
