// The board widget (`?embed=1&board=...`, the <boggle-board> element): the board, its score,
// the word list with path highlighting. It reuses the solver page's board grid and word list
// and takes the solver's parameters (board, dims, wordlist, multiboggle, min) plus words=0.
import { el, loadCss } from '../lib/dom.js';
import { count, points, pointsText, readFlag, rowsText, shown, unit } from '../lib/format.js';
import { LISTS } from '../lib/lists.js';
import { SHORTEST_WORDS } from '../lib/limits.js';
import { readDims, readListParam, readMinParam } from '../lib/params.js';
import { DEFAULT_BOARD } from '../lib/url.js';
import { announce } from '../lib/announce.js';
import { pathText } from '../lib/path-text.js';
import { BoardGrid } from '../widgets/board-grid.js';
import { WordList } from '../widgets/word-list.js';
import { EmbedFrame } from './frame.js';
import { explorerQuery, isOff, isOnOrOff } from './url.js';
import { failureText, isDownloadFailure } from '../lib/failure.js';

await loadCss(new URL('./board.css', import.meta.url));

/** What to do with the words, in the words of the device (pointer or touch). */
const HINT = matchMedia('(hover: none)').matches ? 'Tap a word to see its path' : 'Point at or focus a word to see its path';

/** @typedef {import('../widgets/word-list.js').FoundWord} FoundWord */

/**
 * The engine's answer to `solve`: the board as it read it, its shape, score and words.
 * @typedef {{board: string, rows: number, cols: number, score: number, words: FoundWord[]}} Solved
 */

/** @typedef {import('./view.js').WidgetContext} WidgetContext */

/**
 * Mounts the widget into `root`; see app.js for `ctx`.
 * @param {HTMLElement} root
 * @param {WidgetContext} ctx
 */
export function mount(root, ctx) {
  const view = new BoardWidget(root, ctx);
  return { unmount: () => view.unmount() };
}

class BoardWidget {
  /**
   * @param {HTMLElement} root
   * @param {WidgetContext} ctx
   */
  constructor(root, { engine, params, notes = [] }) {
    this.engine = engine;
    this.notes = notes;
    /** The word under the pointer, and the one picked from the list. @type {FoundWord | null} */
    this.hovered = null;
    /** @type {FoundWord | null} */
    this.pinned = null;
    const showWords = !isOff(params.get('words'));
    this.frame = new EmbedFrame(root, params, { kind: 'board', label: `Boggle board ${shown(params.get('board') ?? DEFAULT_BOARD, 40)}` });
    this.build(showWords);
    this.load(params);
  }

  unmount() {
    this.frame.unmount();
    this.gone = true;
  }

  /** @param {boolean} showWords */
  build(showWords) {
    this.grid = new BoardGrid({ onEdit: () => {}, onActivate: () => {}, onClear: () => this.words.select(null), readOnly: true });
    // Under the board, the word picked from the list, or how to pick one: nothing without a list.
    this.current = el('p', { className: 'current', hidden: !showWords });
    this.score = el('span', { className: 'embed-score', dataset: { testid: 'score' } }, ['…']);
    this.count = el('span', { dataset: { testid: 'word-count' } }, ['…']);
    this.scoreLabel = el('span', { className: 'embed-score-label' }, ['points']);
    this.countLabel = el('span', {}, ['words']);
    // Not a live region: a post's widgets would all speak as the post loads. Multiboggle scoring
    // is named in the footer, beside the list.
    this.stats = el('div', { className: 'embed-stats' }, [
      el('span', { className: 'embed-score-line' }, [this.score, ' ', this.scoreLabel]),
      el('span', { className: 'embed-count' }, [this.count, ' ', this.countLabel]),
    ]);
    this.words = new WordList({
      onHover: (w) => {
        this.hovered = w;
        this.paint();
      },
      onSelect: (w) => {
        this.pinned = w;
        this.paint();
        // A word picked from the list: its path, in words, for who cannot see it drawn.
        if (w) announce(`${w.word.toUpperCase()}, ${pointsText(w.points)}: ${pathText(this.board.board, w.path, this.board.cols)}`);
      },
    });
    this.frame.body.append(
      el('div', { className: 'embed-board' }, [this.grid.el, this.current]),
      this.stats,
      ...(showWords ? [el('div', { className: 'embed-words' }, [this.words.el])] : []),
    );
    if (!showWords) this.frame.widget.classList.add('no-words');
  }

  /**
   * Reads the options and solves the board; a bad option is explained inside the widget.
   * @param {URLSearchParams} params
   */
  async load(params) {
    const notes = [...this.notes];
    const { list, error } = readListParam(params.get('wordlist'));
    if (error) notes.push(error);
    const mb = params.get('multiboggle');
    const multiboggle = readFlag(mb ?? '0') ?? false;
    if (mb !== null && readFlag(mb) === null) notes.push(`multiboggle=“${shown(mb)}” is not 1 or 0: it is off.`);
    const dims = params.get('dims');
    const size = dims === null ? null : readDims(dims);
    if (dims !== null && !size) notes.push(`“${shown(dims)}” is not a board size: the size follows from the letters.`);
    const words = params.get('words');
    if (words !== null && !isOnOrOff(words)) notes.push(`words=“${shown(words)}” is not 0 or 1: the words are shown.`);
    const { min, error: minError } = readMinParam(params.get('min'));
    if (minError) notes.push(minError);
    const board = params.get('board') ?? DEFAULT_BOARD;
    this.setLink({ board, dims: size ? size.replace('x', '') : null, list, multiboggle, min });
    const longer = min !== SHORTEST_WORDS[0] ? ` · words of ${min}+ letters` : '';
    this.frame.caption.textContent = `${LISTS[list]}${multiboggle ? ' · multiboggle' : ''}${longer}`;
    this.frame.setNotes(notes);

    /** @type {Solved} */
    let r;
    try {
      r = await this.engine.call('solve', { list, board, size, multiboggle, min: Number(min) });
    } catch (e) {
      if (this.gone) return;
      this.frame.error.show(failureText(e, 'This board cannot be shown'), isDownloadFailure(e) ? () => this.load(params) : null);
      this.frame.done();
      return;
    }
    if (this.gone) return;
    this.frame.body.hidden = false;
    this.grid.setBoard(r.board, r.rows, r.cols);
    this.board = r;
    const rows = rowsText(r.board, r.cols).toUpperCase();
    this.grid.setLabel(`Board ${rows}`);
    this.frame.setLabel(`Boggle board ${rows}`);
    this.words.setLabel(`Words on the board ${rows}`);
    this.score.textContent = points(r.score);
    this.scoreLabel.textContent = unit(r.score, 'point');
    this.count.textContent = count(r.words.length);
    this.countLabel.textContent = unit(r.words.length, 'word');
    this.words.setWords(r.words);
    this.setLink({ board: r.board, dims: `${r.rows}${r.cols}`, list, multiboggle, min });
    this.paint();
    this.frame.done();
  }

  /**
   * Points the "open" link at the solver with the same board and options.
   * @param {{board: string, dims: string | null, list: string, multiboggle: boolean, min: string}} shown
   */
  setLink({ board, dims, list, multiboggle, min }) {
    this.frame.setLink(explorerQuery({ board, dims, wordlist: list, multiboggle, min }));
  }

  /** Draws the word under the pointer, else the pinned one, and describes it under the board. */
  paint() {
    const w = this.hovered ?? this.pinned;
    this.grid.showPath(w?.path ?? null, 'word');
    this.current.dataset.kind = w ? 'word' : 'hint';
    if (w) this.current.replaceChildren(el('strong', {}, [w.word.toUpperCase()]), ` · ${pointsText(w.points)}`);
    else this.current.replaceChildren(this.words.words.length ? HINT : '');
  }
}
