// The solve view's board panel: the board (editable, traceable), the score and word count, the
// line that describes the word or path in focus, and the "Check a word" box. What is drawn on
// the board: the word under the pointer beats a path being traced, which beats a pinned word.
import { el, hiddenText } from '../../lib/dom.js';
import { listName } from '../../lib/lists.js';
import { count, plural, points, pointsText, spell, unit } from '../../lib/format.js';
import { announce } from '../../lib/announce.js';
import { pathText } from '../../lib/path-text.js';
import { PLAY } from '../../lib/limits.js';
import { BoardGrid } from '../../widgets/board-grid.js';

/** @typedef {import('../../widgets/word-list.js').FoundWord} FoundWord */
/** @typedef {import('./index.js').BoardHead} BoardHead */
/** @typedef {import('./index.js').Solved} Solved */

/** The solve view's board, its score and word count, the focus line and the word check. */
export class BoardPanel {
  /**
   * `words` is the view's word list (found words and the pinned one); `edit(board, {push})`
   * solves the board as edited on the grid (push: start a new history entry); `list()` names
   * the list in use; `check(list, board, size, word)` asks the engine whether a list has a word
   * and which cells spell it on the board: `{inList, path, decided}` (the worker's `check`);
   * `onCheck()` is told each time the word in Check a word changes.
   * @param {{
   *   words: import('../../widgets/word-list.js').WordList,
   *   edit: (board: string, how: {push: boolean}) => void,
   *   list: () => string,
   *   check: (list: string, board: string, size: string, word: string) => Promise<import('./index.js').CheckResult>,
   *   onCheck: () => void,
   * }} parts
   */
  constructor({ words, edit, list, check, onCheck }) {
    this.words = words;
    this.edit = edit;
    this.list = list;
    this.check = check;
    this.onCheck = onCheck;
    /** @type {Solved | null} */
    this.shown = null; // the board on screen: {board, rows, cols, ...}
    /** @type {number[]} */
    this.trace = [];
    /** @type {FoundWord | null} */
    this.pinned = null; // a word pinned from the list or the checker
    /** @type {FoundWord | null} */
    this.hovered = null;
    this.editing = false; // cell edits since the grid took focus (one history entry)
    /** @type {string | null} */
    this.pending = null; // the board as typed on the grid, ahead of the engine's answer
    this.build();
  }

  build() {
    this.grid = new BoardGrid({
      onEdit: (i, letter) => this.type(i, letter),
      onActivate: (i) => this.traceCell(i),
      onClear: () => this.clearFocus(),
    });
    this.grid.cellsEl.addEventListener('focusout', (e) => {
      if (!this.grid.cellsEl.contains(/** @type {Node | null} */ (e.relatedTarget))) this.editing = false;
    });
    this.score = el('span', { className: 'stat-value', dataset: { testid: 'score' } }, ['…']);
    this.count = el('span', { className: 'stat-value', dataset: { testid: 'word-count' } }, ['…']);
    this.scoreLabel = el('span', { className: 'stat-label' }, ['points']);
    this.countLabel = el('span', { className: 'stat-label' }, ['words']);
    // Multiboggle scoring is named on a line of its own under both totals, so that the score's
    // label stays one word and the two totals keep their line.
    this.scoring = el('p', { className: 'scoring', hidden: true, dataset: { testid: 'scoring' } }, [
      el('span', { className: 'scoring-badge' }, ['multiboggle']),
    ]);
    // The totals and the line under the board are said through the page's announcer (a new
    // board's score, a traced word, a picked word's path), not as live regions of their own.
    this.totals = el('div', { className: 'totals' }, [
      el('div', { className: 'stat' }, [this.score, this.scoreLabel]),
      el('div', { className: 'stat' }, [this.count, this.countLabel]),
      this.scoring,
    ]);
    this.current = el('p', { className: 'current', dataset: { testid: 'current' } });
    this.clearButton = el('button', { type: 'button', className: 'link-button', hidden: true }, ['Clear']);
    this.clearButton.addEventListener('click', () => this.clearFocus());
    this.working = el('span', { className: 'working', hidden: true }, ['Solving…']);
    this.el = el('div', { className: 'board-panel' }, [
      this.grid.el,
      el('div', { className: 'board-info' }, [
        this.totals,
        this.working,
        el('div', { className: 'current-row' }, [this.current, this.clearButton]),
      ]),
    ]);

    this.checkInput = el('input', {
      id: 'check-input',
      type: 'search',
      autocomplete: 'off',
      autocapitalize: 'none',
      spellcheck: false,
      placeholder: 'Type a word',
    });
    this.checkForm = /** @type {HTMLFormElement} */ (el('form', { className: 'check-form', role: 'search' }, [
      el('label', { htmlFor: 'check-input', className: 'field-label' }, ['Check a word']),
      this.checkInput,
    ]));
    this.checkForm.addEventListener('submit', (e) => e.preventDefault());
    // Typed letters are said at most once a second, the latest verdict: not one per keystroke.
    this.checkInput.addEventListener('input', () => {
      this.checkTyped({ throttle: 1000 });
      this.onCheck();
    });
  }

  /**
   * A letter typed on the grid: it replaces cell `i` at once, and every letter typed before the
   * engine answers stays (the board solved is the board as typed). A traced path or a pinned
   * word no longer describes the board, so typing drops it first.
   * @param {number} i
   * @param {string} letter
   */
  type(i, letter) {
    if (!this.shown) return;
    const push = !this.editing;
    this.editing = true;
    this.trace = [];
    this.checkInput.value = '';
    if (this.pinned) this.words.select(null);
    const board = this.pending ?? this.shown.board;
    this.pending = board.slice(0, i) + letter + board.slice(i + 1);
    this.grid.setLetter(i, letter);
    this.paint();
    this.edit(this.pending, { push });
  }

  /**
   * Shows solved board `r` (its words are already in the word list); `sameBoard` keeps the focus.
   * @param {Solved} r
   * @param {boolean} sameBoard
   */
  show(r, sameBoard) {
    this.shown = r;
    this.pending = null;
    this.showHead(r);
    this.count.textContent = count(r.words.length);
    this.countLabel.textContent = unit(r.words.length, 'word');
    announce(`${pointsText(r.score, r.multiboggle ? 'point (multiboggle)' : 'point', r.multiboggle ? 'points (multiboggle)' : 'points')}, ${plural(r.words.length, 'word')}`);
    if (!sameBoard) {
      this.trace = [];
      this.pinned = null;
      this.hovered = null;
    } else {
      this.pinned = this.pinned && this.words.get(this.pinned.word);
    }
    // The new score is what is said: the checked word is redrawn for the new board, quietly.
    if (this.checkInput.value) this.checkTyped({ quiet: true });
    else this.paint();
  }

  /**
   * Shows a board and its score before its words are in (the word count stays as it was).
   * @param {BoardHead} h
   */
  showHead(h) {
    this.grid.el.hidden = false;
    this.grid.setBoard(h.board, h.rows, h.cols);
    this.score.textContent = points(h.score);
    this.scoreLabel.textContent = unit(h.score, 'point');
    this.scoring.hidden = !h.multiboggle;
  }

  /** Nothing could be solved yet (the engine or the list failed to download): no board, dashes for the totals. */
  unavailable() {
    this.grid.el.hidden = true;
    this.score.textContent = '–';
    this.count.textContent = '–';
    // On a phone the message is a scroll away: say where it is.
    this.working.textContent = 'Nothing to show yet: the message under Word list says why.';
    this.working.hidden = false;
  }

  /**
   * A word pointed at in the list (null: none).
   * @param {FoundWord | null} w
   */
  hover(w) {
    this.hovered = w;
    this.paint();
  }

  /**
   * A word pinned from the list or the checker (null unpins), said as `say` says (the
   * checker's at most once a second); pinning drops a traced path.
   * @param {FoundWord | null} w
   * @param {import('../../widgets/word-list.js').Say} [say]
   */
  pin(w, say = {}) {
    this.pinned = w;
    if (w) this.trace = [];
    this.paint();
    if (w && say) this.announceLine(say);
  }

  /** @param {number} index */
  traceCell(index) {
    const t = this.trace;
    const at = t.indexOf(index);
    if (at === t.length - 1 && at >= 0) t.pop();
    else if (at >= 0) t.length = at + 1;
    else if (t.length && this.grid.adjacent(t.at(-1), index)) t.push(index);
    else this.trace = [index];
    if (this.pinned) this.words.select(null);
    this.checkInput.value = '';
    this.paint();
    if (this.trace.length) this.announceLine();
    else announce('Path cleared');
  }

  clearFocus() {
    const had = this.trace.length || this.pinned;
    this.trace = [];
    this.checkInput.value = '';
    if (this.pinned) this.words.select(null);
    this.paint();
    if (had) announce('Path cleared');
  }

  /**
   * Looks up the word typed in the checker: a word of the board (its path shown), letters the
   * board spells that are not a word (traced as if clicked), or neither, and then whether the
   * list has it at all. What it finds is said (at most once per `throttle` ms), unless `quiet`.
   * @param {{throttle?: number, quiet?: boolean}} [how]
   */
  async checkTyped({ throttle = 0, quiet = false } = {}) {
    /** @type {import('../../widgets/word-list.js').Say} */
    const say = quiet ? false : { throttle, channel: 'check-word' };
    const tell = () => say && this.announceLine(say);
    const typed = this.checkInput.value.trim().toLowerCase();
    this.trace = [];
    if (!typed) {
      if (this.pinned) this.words.select(null);
      this.paint();
      return;
    }
    if (!/^[a-z]+$/.test(typed)) {
      if (this.pinned) this.words.select(null);
      this.say('miss', 'Only the letters a–z can be checked.');
      tell();
      return;
    }
    const found = this.words.get(typed);
    if (found) {
      // Pinned as a click pins it, but said as the checker says things.
      this.words.select(typed, { scroll: true, say });
      return;
    }
    if (this.pinned) this.words.select(null);
    this.paint();
    const min = this.shown?.min ?? PLAY.min_word_letters;
    if (typed.length < min) {
      // Said too, so that the announcer never repeats a verdict on letters since deleted.
      this.say('miss', `${typed.toUpperCase()}: words have at least ${min} letters${min > PLAY.min_word_letters ? ' here' : ''}.`);
      tell();
      return;
    }
    const list = this.list();
    const r = this.shown;
    if (!r) return;
    let checked;
    try {
      checked = await this.check(list, r.board, `${r.rows}x${r.cols}`, typed);
    } catch {
      return;
    }
    if (this.checkInput.value.trim().toLowerCase() !== typed || this.shown !== r) return;
    if (checked.path) {
      // Traced but not a word here: shown and said as a trace made by clicking is.
      this.trace = checked.path;
      this.paint();
      tell();
      return;
    }
    // A word of the list that the board spelled would be among its words, so only letters
    // outside the list can be left undecided (the engine gives up tracing on a board of
    // repeated letters); those are said to be no word, and nothing is said of the board.
    const name = listName(list);
    if (checked.inList) this.say('miss', `${typed.toUpperCase()} is not on this board`, `, but it is in ${name}.`);
    else if (checked.decided) this.say('miss', `${typed.toUpperCase()} is not on this board`, ` and not in ${name}.`);
    else this.say('miss', `${typed.toUpperCase()} is not in ${name}.`);
    tell();
  }

  /** Draws the word or trace in focus and describes it: hover beats trace beats pinned. */
  paint() {
    const r = this.shown;
    this.clearButton.hidden = !(this.trace.length || this.pinned || this.checkInput.value);
    if (!r) return;
    const w = this.hovered ?? (this.trace.length ? null : this.pinned);
    if (w) {
      this.grid.showPath(w.path, 'word');
      this.say('word', w.word.toUpperCase(), ` · ${pointsText(w.points)}`);
      // The drawn path in words, for screen readers (said when a word is picked).
      this.current.append(hiddenText(`: ${pathText(r.board, w.path, r.cols)}`));
      return;
    }
    if (this.trace.length) {
      const word = spell(r.board, this.trace);
      const hit = this.words.get(word);
      this.grid.showPath(this.trace, hit ? 'word' : 'trace');
      if (hit) this.say('hit', word.toUpperCase(), ` is a word · ${pointsText(hit.points)}`);
      else if (word.length < 3) this.say('trace', word.toUpperCase(), ' · keep clicking neighbouring cells');
      else this.say('trace', word.toUpperCase(), ` is not in ${listName(this.list())}`);
      return;
    }
    this.grid.showPath(null);
    if (!this.checkInput.value) this.say('hint', 'Point at or tap a word to see its path, or click cells to trace one.');
    else this.say('hint', '');
  }

  /** Says the line under the board aloud (its dots as pauses). */
  /** @param {{throttle?: number, channel?: string}} [how] passed to announce */
  announceLine(how = {}) {
    announce(this.current.textContent.replace(/\s·\s/g, ', '), how);
  }

  /**
   * Sets the line under the board: a word in bold, then plain text.
   * @param {'word' | 'hit' | 'trace' | 'miss' | 'hint'} kind
   * @param {string} strong
   */
  say(kind, strong, rest = '') {
    this.current.dataset.kind = kind;
    if (!rest) {
      this.current.replaceChildren(strong);
    } else {
      this.current.replaceChildren(el('strong', {}, [strong]), rest);
    }
  }
}
