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
import { roundArgs, verdictText } from './judging.js';
import { SCORING } from './params.js';
import { RoundTimer } from './timer.js';
import { BoardTrace } from './trace.js';

/** @typedef {import('./judging.js').PlayEngine} PlayEngine */
/** @typedef {import('./judging.js').FoundWord} FoundWord */
/** @typedef {import('./judging.js').Judged} Judged */
/** @typedef {import('./judging.js').Verdict} Verdict */
/** @typedef {import('./judging.js').Review} Review */
/** @typedef {import('./judging.js').Round} Round */

/** The longest text sent to be judged: anything past it is too long for any board anyway. */
const MAX_SENT = 200;

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
    /**
     * Whether the round's word list is there: settles once the engine has it (null) or could not
     * get it (the error). Each round set up asks anew.
     * @type {Promise<Error | null>}
     */
    this.ready = Promise.resolve(null);
    /** Withdraws the questions asked during the round (`ask`) when it ends. */
    this.asking = new AbortController();
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
    this.addButton = el('button', { type: 'submit', className: 'primary', disabled: true, dataset: { testid: 'play-add' } }, ['Add']);
    // A tap or click on Add leaves the focus in the word box: on a phone, a button taking the
    // focus puts the on-screen keyboard away, and the next word would need a tap on the box first.
    for (const type of ['pointerdown', 'mousedown']) this.addButton.addEventListener(type, (/** @type {Event} */ e) => e.preventDefault());
    this.feedback = el('p', { id: 'play-feedback', className: 'play-feedback', dataset: { testid: 'play-feedback' } }, ['']);
    this.form = /** @type {HTMLFormElement} */ (el('form', { className: 'play-form', 'aria-label': 'Add a word', hidden: true }, [
      el('label', { htmlFor: 'play-input', className: 'visually-hidden' }, ['Word']),
      el('div', { className: 'input-row' }, [this.input, this.addButton]),
      this.feedback,
    ]));
    this.form.addEventListener('submit', (e) => {
      e.preventDefault();
      this.submit(this.input.value);
      // Add pressed from the keyboard (or where a tap still focused it): the next word is typed
      // in the box, so the cursor goes back there.
      if (e.submitter === this.addButton && document.activeElement !== this.input) this.input.focus({ preventScroll: true });
    });
    // Typing leaves the word traced behind: the box holds what was typed.
    this.input.addEventListener('input', () => this.tracer.clear());
    // Escape empties the box (and forgets a word traced), as it clears the path on the board.
    this.input.addEventListener('keydown', (/** @type {KeyboardEvent} */ e) => {
      if (e.key !== 'Escape' || e.isComposing || !this.playing || !this.input.value) return;
      e.preventDefault();
      this.tracer.clear();
      this.input.value = '';
      this.say('hint', '');
      announce('Word box cleared');
    });

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
      el('p', { className: 'help play-scoring' }, [SCORING]),
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
    this.asking = new AbortController();
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
    this.foundEmpty.textContent = 'None yet.';
    this.foundEmpty.hidden = false;
    this.renderScore();
    this.say('hint', hint);
    this.input.value = '';
    this.ready = this.check(round);
  }

  /**
   * Asks the engine to get `round` ready: its word list loaded (downloaded if need be) and its
   * board solved, so that the first word is judged at once. Settles with null once it is, or
   * with the error when it cannot be (a list that is not downloaded, offline): then no word of
   * the round could be judged.
   * @param {Round} round
   * @returns {Promise<Error | null>}
   */
  check(round) {
    return this.engine.call('judge', { ...roundArgs(round), word: '' }).then(
      /** @returns {null} */ () => null,
      (/** @type {unknown} */ e) => (e instanceof Error ? e : new Error(String(e))),
    );
  }

  /**
   * Puts the cursor in the word box without the browser's own scrolling to it, which on a short
   * window (a phone with its keyboard up) takes the clock and the top of the board out of view;
   * then scrolls as little as brings `top` (what holds the clock and the board) down to the box
   * into view, or, when they cannot all fit, the top of `top` to the top of the window.
   * @param {Element} top
   */
  focusInput(top) {
    this.input.focus({ preventScroll: true });
    const first = top.getBoundingClientRect().top;
    const last = this.input.getBoundingClientRect().bottom;
    const height = window.visualViewport?.height ?? window.innerHeight;
    const by = first < 0 || last - first > height ? first : Math.max(0, last - height);
    if (by) window.scrollBy({ top: by, behavior: 'instant' });
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
    const yes = await this.ask({
      title: 'End this round now?',
      text: `You have found ${words} so far. The round cannot be taken up again once it ends.`,
      yes: 'End round',
    });
    if (yes) this.end();
  }

  /**
   * Asks `question` (confirm.js's) about the round in play. Should the round end meanwhile
   * (its time runs out, or another round replaces it), the question is withdrawn, answered no,
   * and the review takes the focus as at any end.
   * @param {{title: string, text: string, yes: string}} question
   */
  ask(question) {
    return confirmAction({ ...question, signal: this.asking.signal });
  }

  /** Ends the round (time up, End round, or the view leaving with `quiet`). */
  end({ quiet = false } = {}) {
    if (!this.playing) return;
    this.playing = false;
    this.foundEmpty.textContent = 'None.';
    this.asking.abort();
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
