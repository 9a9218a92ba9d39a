// A round in play: the board, the clock, the score, the word box with the verdict on each word
// beside it, and the words found. Words are typed (Enter adds them) or traced on the board
// (trace.js: taps or a drag; the word traced shows in the box, where Enter adds it too). Each
// word goes to the engine's worker, which judges it against the round's board, list and rules
// (src/play/), so nothing a player does waits on the main thread. When the round ends (time, or
// End round), `onEnd(found)` gets the words that counted. The Play view and the play widget both
// use it.
import { el } from '../../lib/dom.js';
import { count, plural, pointsText, shown, spell } from '../../lib/format.js';
import { announce } from '../../lib/announce.js';
import { confirmAction } from '../../lib/confirm.js';
import { RovingFocus } from '../../lib/roving.js';
import { BoardGrid } from '../../widgets/board-grid.js';
import { RoundTimer } from './timer.js';
import { BoardTrace } from './trace.js';

/** The longest text sent to be judged: anything past it is too long for any board anyway. */
const MAX_SENT = 200;

/**
 * What a round needs of the engine: its `call`. The worker's answers come untyped: each caller
 * says what its command returns (Judged, Review, the parsed board).
 * @typedef {{call: (cmd: string, args: Record<string, unknown>) => Promise<unknown>}} PlayEngine
 */

/** @typedef {import('../../widgets/word-list.js').FoundWord} FoundWord a word with its points and a path */

/**
 * The engine's verdict on one word (its `judge` command: `Verdict` in src/play/round.rs):
 * `accepted` with the word, its points and one path (row-major cell indices), or why it does
 * not count (`too-long` with the board's cells, `too-short` with the round's shortest word).
 * @typedef {{verdict: 'accepted', word: string, points: number, path: number[]}
 *   | {verdict: 'too-long', cells: number}
 *   | {verdict: 'too-short', min: number}
 *   | {verdict: 'empty' | 'not-letters' | 'not-a-word' | 'not-on-board'}} Judged
 */

/**
 * A verdict as the page shows it: the engine's with the word given (as a review's `refused`
 * entries come), or the page's own `repeat` for a word found already.
 * @typedef {(Judged & {word: string}) | {verdict: 'repeat', word: string}} Verdict
 */

/**
 * The engine's review of a player's words (its `review` command: `Review` in
 * src/play/round.rs). Words are listed best first, as the solver lists them.
 * @typedef {object} Review
 * @property {number} score the player's points
 * @property {number} total the points of every word on the board
 * @property {number} words the number of words on the board
 * @property {FoundWord[]} found the words that count, each once
 * @property {FoundWord[]} missed the words on the board the player did not give
 * @property {Verdict[]} refused the words given that do not count, in the order given
 * @property {string[]} repeated words given more than once (after the first), lower case
 * @property {number} unread words past the most a review reads, not read
 */

/**
 * What the line beside the box says about a verdict (the engine's, or "repeat" for a word found
 * already): [kind, text]. `kind` styles it: ok, miss.
 * @param {Verdict} v
 * @param {string} listName the round's word list, named
 * @returns {[string, string]}
 */
export function verdictText(v, listName) {
  const word = shown(String(v.word ?? '').toUpperCase(), 40);
  switch (v.verdict) {
    case 'accepted':
      return ['ok', `${word}: +${pointsText(v.points)}`];
    case 'repeat':
      return ['miss', `${word}: already found`];
    case 'too-short':
      return ['miss', `${word}: too short, words need ${v.min} letters or more`];
    case 'too-long':
      return ['miss', `${word}: too long, this board holds words of at most ${v.cells} cells`];
    case 'not-letters':
      return ['miss', `${word}: only the letters a–z make words`];
    case 'not-a-word':
      return ['miss', `${word}: not a word in ${listName}`];
    case 'not-on-board':
      return ['miss', `${word}: not on the board`];
    default:
      return ['miss', 'Type a word, or trace one on the board'];
  }
}

/**
 * The worker's arguments for a round's judge and review commands: its board, size and rules.
 * @param {{board: string, rows: number, cols: number, list: string, min: string | number, multiboggle: boolean}} r
 */
export function roundArgs(r) {
  return { list: r.list, board: r.board, size: `${r.rows}x${r.cols}`, min: Number(r.min), multiboggle: r.multiboggle };
}

/**
 * A round to play: its board (row-major letters, `q` for Qu) and size, its list and rules, its
 * length (`minutes`, null untimed; absent for a board shown without play, a table game's) and,
 * for a round resumed, its `deadline` (ms since the epoch).
 * @typedef {{board: string, rows: number, cols: number, list: string, min: string | number, multiboggle: boolean, minutes?: number | null, deadline?: number | null}} Round
 */

/** A round in play: board, clock, score, the word box and its verdicts. */
export class PlayRound {
  /**
   * `engine` judges words (its `call`); `onEnd(found)` runs once the round is over, with the
   * words that counted ([{word, points, path}]); `listName(list)` names a word list;
   * `onFound()` runs after each word that counts (the view keeps the round in progress).
   * @param {{engine: PlayEngine, onEnd: (found: FoundWord[]) => void, listName: (list: string) => string, onFound?: () => void}} options
   */
  constructor({ engine, onEnd, listName, onFound = () => {} }) {
    this.engine = engine;
    this.onEnd = onEnd;
    this.onFound = onFound;
    this.listName = listName;
    /** @type {Round | null} the round on the board */
    this.round = null;
    this.playing = false;
    /** @type {Map<string, FoundWord>} word -> {word, points, path}, in the order found */
    this.found = new Map();
    /** @type {Set<string>} words sent to be judged, not answered yet */
    this.pending = new Set();
    this.build();
  }

  build() {
    this.grid = new BoardGrid({
      onEdit: (i, letter) => this.typeFromGrid(letter),
      onActivate: (i) => this.tracer.tap(i),
      onClear: () => this.clearTrace(),
    });
    this.grid.cellsEl.dataset.testid = 'play-board';
    const keys = this.grid.el.querySelector(`#${this.grid.cellsEl.getAttribute('aria-describedby')}`);
    if (keys) {
      keys.textContent =
        'Arrow keys move between cells. Enter or Space adds a cell to the word traced; on its last cell again, adds the word. Escape clears it. A letter key goes to the word box.';
    }
    this.grid.el.classList.add('play-grid');
    this.tracer = new BoardTrace({
      grid: this.grid,
      active: () => this.playing,
      onChange: (cells) => this.showTrace(cells),
      onDone: (cells) => this.submit(spell(this.round.board, cells)),
    });

    this.timer = new RoundTimer({ onEnd: () => this.end() });
    this.score = el('span', { className: 'stat-value', dataset: { testid: 'play-score' } }, ['0']);
    this.count = el('span', { className: 'play-count' }, ['0 words']);
    this.stats = el('div', { className: 'play-stats' }, [
      this.timer.el,
      el('div', { className: 'play-score' }, [el('span', { className: 'stat-label' }, ['Score']), this.score, this.count]),
    ]);

    this.input = el('input', {
      id: 'play-input',
      type: 'text',
      autocomplete: 'off',
      autocapitalize: 'none',
      spellcheck: false,
      enterKeyHint: 'enter',
      placeholder: 'Type a word',
      'aria-describedby': 'play-feedback',
      dataset: { testid: 'play-input' },
      // Until a round starts (the board may still be on its way), there is nothing to play.
      disabled: true,
    });
    this.addButton = el('button', { type: 'submit', className: 'primary', disabled: true }, ['Add']);
    this.feedback = el('p', { id: 'play-feedback', className: 'play-feedback', dataset: { testid: 'play-feedback' } }, ['']);
    this.form = /** @type {HTMLFormElement} */ (el('form', { className: 'play-form', 'aria-label': 'Add a word' }, [
      el('label', { htmlFor: 'play-input', className: 'visually-hidden' }, ['Word']),
      el('div', { className: 'input-row' }, [this.input, this.addButton]),
      this.feedback,
    ]));
    this.form.addEventListener('submit', (e) => {
      e.preventDefault();
      this.submit(this.input.value);
    });
    // Typing leaves the word traced behind: the box holds what was typed.
    this.input.addEventListener('input', () => this.tracer.clear());

    this.endButton = el('button', { type: 'button', className: 'secondary', hidden: true, dataset: { testid: 'play-end' } }, ['End round']);
    this.endButton.addEventListener('click', () => this.askToEnd());
    this.foundList = /** @type {HTMLUListElement} */ (el('ul', { className: 'play-found', dataset: { testid: 'play-found' }, 'aria-label': 'Words found' }));
    this.foundList.addEventListener('pointerover', (e) => this.showFound(e));
    this.foundList.addEventListener('focusin', (e) => this.showFound(e));
    this.foundList.addEventListener('pointerleave', () => !this.playing && this.grid.showPath(null));
    // After the round, the words found are one Tab stop (arrows move through them, each showing
    // its path), as the words missed are; during it they take no focus from the word box.
    this.foundFocus = new RovingFocus(this.foundList, '[data-word]');
    this.foundHeading = el('h2', { className: 'play-heading' }, ['Words found']);
    this.foundEmpty = el('p', { className: 'muted play-found-empty' }, ['None yet.']);
    this.foundEl = el('section', { className: 'card play-found-card', 'aria-label': 'Words found' }, [
      this.foundHeading,
      this.foundEmpty,
      this.foundList,
    ]);
  }

  /**
   * Starts `round` ({board, rows, cols, list, min, multiboggle, minutes, deadline}; `minutes`
   * null for an untimed round). The words found so far are forgotten. A round resumed has its
   * `deadline` (ms since the epoch) and the words it had found (`found`, [{word, points,
   * path}] as judged again); if its deadline has passed it ends at once.
   * @param {Round} round
   * @param {FoundWord[]} [found]
   */
  start(round, found = []) {
    this.playing = true;
    this.setUp(round, round.board, 'Type a word, or trace one on the board.');
    this.showControls(true);
    for (const w of found) this.add(w, { quiet: true });
    this.timer.start(round.minutes, round.deadline ?? null);
  }

  /**
   * What starting and waiting share: `round` with the cells showing `letters`, no words found,
   * the hint `hint`; the worker solves the round now, so the first word is judged at once.
   * @param {Round} round
   * @param {string} letters
   * @param {string} hint
   */
  setUp(round, letters, hint) {
    this.round = round;
    this.timer.el.hidden = false;
    this.found.clear();
    this.pending.clear();
    this.tracer.clear();
    this.grid.setBoard(letters, round.rows, round.cols);
    this.grid.setLabel(`Board, ${round.rows} rows by ${round.cols} columns`);
    this.foundList.replaceChildren();
    this.foundEmpty.hidden = false;
    this.renderScore();
    this.say('hint', hint);
    this.input.value = '';
    this.call('judge', '').catch(() => {});
  }

  /**
   * Sets `round` up to wait for its start (the board under the cover): blank cells, its length
   * on the clock, no words found, nothing to type into. The worker solves the board meanwhile, so
   * the first word is judged at once.
   * @param {Round} round
   */
  wait(round) {
    this.end({ quiet: true });
    this.setUp(round, ' '.repeat(round.rows * round.cols), '');
    this.showControls(false);
    this.timer.preview(round.minutes);
  }

  /**
   * Shows `round`'s board without playing (the review of a game played on the table, which
   * this page did not time: no clock).
   * @param {Round} round
   */
  showBoard(round) {
    this.round = round;
    this.playing = false;
    this.timer.stop();
    this.timer.el.hidden = true;
    this.grid.setBoard(round.board, round.rows, round.cols);
    this.showControls(false);
  }

  /**
   * Turns the round's controls on or off: the word box, Add and End round work only while a
   * round is in play (they start off, before the first board arrives).
   * @param {boolean} playing
   */
  showControls(playing) {
    this.input.disabled = !playing;
    this.addButton.disabled = !playing;
    this.form.hidden = !playing;
    this.endButton.hidden = !playing;
    this.grid.el.dataset.playing = String(playing);
  }

  /**
   * End round, pressed: a round cannot be taken up again once it ends, so a stray click or tap
   * (the button sits under the word box) is asked about first.
   */
  async askToEnd() {
    const words = plural(this.found.size, 'word');
    const yes = await confirmAction({
      title: 'End this round now?',
      text: `You have found ${words} so far. The round cannot be taken up again once it ends.`,
      yes: 'End round',
    });
    if (yes) this.end();
  }

  /** Ends the round (time up, End round, or the view leaving with `quiet`). */
  end({ quiet = false } = {}) {
    if (!this.playing) return;
    this.playing = false;
    this.timer.stop();
    this.showControls(false);
    this.tracer.clear();
    this.grid.showPath(null);
    this.foundFocus.first();
    if (quiet) return;
    // The review says the round is over, with its result, once it is drawn.
    this.onEnd([...this.found.values()]);
  }

  points() {
    let sum = 0;
    for (const w of this.found.values()) sum += w.points;
    return sum;
  }

  /**
   * @overload
   * @param {'judge'} cmd
   * @param {string} what
   * @returns {Promise<Judged>}
   */
  /**
   * @overload
   * @param {'review'} cmd
   * @param {string[]} what
   * @returns {Promise<Review>}
   */
  /**
   * Sends a judge or review request for the round: `word` (judge) or `words` (review).
   * @param {'judge' | 'review'} cmd
   * @param {string | string[]} what
   * @returns {Promise<unknown>}
   */
  call(cmd, what) {
    const args = roundArgs(this.round);
    return this.engine.call(cmd, cmd === 'judge' ? { ...args, word: what } : { ...args, words: what });
  }

  /**
   * Judges `text` and, when it counts, adds it to the words found.
   * @param {string} text
   */
  async submit(text) {
    if (!this.playing) return;
    const typed = String(text).trim().toLowerCase().slice(0, MAX_SENT);
    this.input.value = '';
    this.clearTrace({ quiet: true });
    if (!typed) {
      this.say('miss', 'Type a word, or trace one on the board');
      return;
    }
    if (this.found.has(typed) || this.pending.has(typed)) {
      this.verdict({ verdict: 'repeat', word: typed });
      return;
    }
    this.pending.add(typed);
    /** @type {Verdict} */
    let v;
    try {
      v = { word: typed, ...(await this.call('judge', typed)) };
    } catch (e) {
      this.say('miss', `Could not check ${shown(typed.toUpperCase(), 40)}: ${shown(e.message, 200)}`);
      return;
    } finally {
      this.pending.delete(typed);
    }
    // A word typed before the time ran out still counts when its verdict comes after.
    if (v.verdict === 'accepted') {
      if (this.found.has(v.word)) v = { verdict: 'repeat', word: v.word };
      else this.add(v);
    }
    if (this.playing || v.verdict === 'accepted') this.verdict(v);
  }

  /**
   * Shows and says the verdict on a word.
   * @param {Verdict} v
   */
  verdict(v) {
    const [kind, text] = verdictText(v, this.listName(this.round.list));
    this.feedback.dataset.verdict = v.verdict;
    this.say(kind, text);
    announce(text);
  }

  /**
   * Puts `text` on the line beside the box, styled as `kind` (hint, ok, miss).
   * @param {string} kind
   * @param {string} text
   */
  say(kind, text) {
    this.feedback.dataset.kind = kind;
    this.feedback.textContent = text;
  }

  /**
   * Adds a word that counts to the words found (`quiet`: a resumed round's, not a new one).
   * @param {FoundWord} w
   */
  add(w, { quiet = false } = {}) {
    this.found.set(w.word, { word: w.word, points: w.points, path: w.path });
    const li = el('li', { dataset: { word: w.word, points: String(w.points) }, tabIndex: -1 }, [
      el('span', { className: 'word-text' }, [w.word]),
      el('span', { className: 'word-points' }, [String(w.points)]),
    ]);
    li.setAttribute('aria-label', `${w.word}, ${pointsText(w.points)}`);
    this.foundList.prepend(li);
    this.foundEmpty.hidden = true;
    this.renderScore();
    if (!quiet) this.onFound();
  }

  /**
   * Shows `found` ([{word, points, path}], as the engine reviewed them) as the words found, in
   * place of any before: a table game's words, on a board shown without play.
   * @param {FoundWord[]} found
   */
  listFound(found) {
    this.found.clear();
    this.foundList.replaceChildren();
    this.foundEmpty.hidden = false;
    for (const w of found) this.add(w, { quiet: true });
    this.renderScore();
  }

  renderScore() {
    this.score.textContent = String(this.points());
    this.count.textContent = plural(this.found.size, 'word');
    this.foundHeading.textContent = `Words found (${count(this.found.size)})`;
  }

  /**
   * A found word pointed at or focused (after the round): its path on the board.
   * @param {Event} e
   */
  showFound(e) {
    if (this.playing) return;
    const li = /** @type {HTMLElement | null} */ (/** @type {Element} */ (e.target).closest('[data-word]'));
    const w = li && this.found.get(li.dataset.word);
    if (w) this.grid.showPath(w.path, 'word');
  }

  // ---- the word traced on the board (trace.js) ---------------------------------------------

  /**
   * A letter typed while a cell has focus goes to the word box.
   * @param {string} letter
   */
  typeFromGrid(letter) {
    if (!this.playing) return;
    this.clearTrace({ quiet: true });
    this.input.value += letter;
    // After the grid has moved its own focus on.
    queueMicrotask(() => this.input.focus());
  }

  /**
   * The word traced so far (`cells`, drawn on the board already) in the box, with what to do next.
   * @param {number[]} cells
   */
  showTrace(cells) {
    const word = spell(this.round.board, cells);
    this.input.value = word;
    this.say('hint', `${word.toUpperCase()}: ${cells.length > 1 ? 'tap the last letter again or press Enter to add it' : 'tap a neighbouring cell'}`);
  }

  /** Forgets the word traced (Escape on the board; `quiet`: a word added or typed, nothing to say). */
  clearTrace({ quiet = false } = {}) {
    if (!this.tracer.clear()) return;
    if (!quiet) {
      this.input.value = '';
      this.say('hint', '');
      announce('Path cleared');
    }
  }

  unmount() {
    this.end({ quiet: true });
    this.timer.stop();
  }
}
