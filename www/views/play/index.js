// The Play view (`mode=play`): a round of Boggle against the clock on a board rolled from the
// real dice with a seed (or typed in), then the review: the score against the board's total and
// every word missed with its path. The URL holds the round (seed, dice or board, list, time,
// shortest word, multiboggle), so a link gives a friend the same board and rules; a URL without a
// seed gets a new one written into it. A round opened from a link or the menu waits under a cover
// until Start (its clock does not run while the player reads); one asked for on the page (New
// round) starts at once. The parts: the round in play (round.js with timer.js, and cover.js
// until Start), the review (review.js), the Next round card (setup.js), the review of a game
// played on a real table (table.js, which shows its board and words in a round's place), the
// last rounds kept in this browser (history.js, drawn by history-card.js, whose Review shows a
// round's review again as a table game's) and the round in progress kept in this tab, so a
// reload, Back or the menu's Play resumes it (saved-round.js).
// This module runs a round's flow from its link or New round to its review. The engine rolls
// boards, judges words and reviews lists in its worker (src/play/); these modules only render.
import { copyText, el, fieldError, loadCss } from '../../lib/dom.js';
import { count, localDate, plural, points, pointsText, shapeOf, shown, sizeText } from '../../lib/format.js';
import { DEFAULT_LIST, LISTS, listName, listUrl } from '../../lib/lists.js';
import { isOwnList } from '../../lib/own-lists.js';
import { isDownloadFailure } from '../../lib/failure.js';
import { LastValid } from '../../lib/share.js';
import { dropRejected, solverHref } from '../../lib/url.js';
import { announce } from '../../lib/announce.js';
import { HistoryCard } from './history-card.js';
import { roundBoardText } from './history.js';
import { DICE, namesRound, newSeed, readRound, roundOf, roundParams, roundQuery, rulesText, timerText } from './params.js';
import { PlayRound } from './round.js';
import { RoundCover } from './cover.js';
import { VIEW_ROUNDS } from './saved-round.js';
import { ReviewPanel } from './review.js';
import { PlaySetup } from './setup.js';
import { TableGame } from './table.js';

/** The URL parameters this view reads besides `mode`: the shell (app.js) takes any other out of the address. */
export { ROUND_PARAMS as URL_PARAMS } from './params.js';

await loadCss(new URL('./play.css', import.meta.url));

/** @typedef {import('./judging.js').Review} Review */
/** @typedef {import('./table.js').ParsedBoard} ParsedBoard */

/**
 * What the view takes of what the shell (app.js) gives it: the engine and the URL's parameters.
 * @typedef {{engine: import('./judging.js').PlayEngine, params: URLSearchParams}} ViewContext
 */

/**
 * A round asked for (`start`'s settings): the link's (readRound's), the Next round card's or the
 * round on screen's. `seed` null or absent rolls the dice with a new one; `board` null rolls the
 * dice.
 * @typedef {{seed?: string | null, dice: string, board: string | null, dims?: string | null, timer: string, min: string, wordlist: string, multiboggle: boolean}} RoundAsked
 */

/**
 * The round on screen: its settings (readRound's, or a table game's from the Next round card)
 * with its board as the engine read it.
 * @typedef {object} PlaySettings
 * @property {string | null} seed the seed the dice were rolled with (null: a board typed in)
 * @property {string} dice the dice set (`RxC`)
 * @property {string | null} board the board typed in (null: rolled)
 * @property {string | null} dims the typed board's size (`RxC`), or null
 * @property {string} timer minutes, or `off`
 * @property {string} min the shortest word, in letters
 * @property {string} wordlist
 * @property {boolean} multiboggle
 * @property {number} rows
 * @property {number} cols
 * @property {string} letters the board's letters, row-major
 * @property {boolean} table a game played on a real table, reviewed here
 */

/**
 * Mounts the view into `root`; see app.js for `ctx`.
 * @param {HTMLElement} root
 * @param {ViewContext} ctx
 */
export function mount(root, ctx) {
  const view = new PlayView(root, ctx);
  return { unmount: () => view.unmount(), update: (/** @type {URLSearchParams} */ params) => view.load(params), share: view.share };
}

/**
 * The solver's link for a round's board, list and scoring ("Explore this board").
 * @param {{board: string, rows: number, cols: number, wordlist?: string | null, multiboggle?: boolean}} round
 */
export function exploreHref({ board, rows, cols, wordlist, multiboggle }) {
  const q = new URLSearchParams(solverHref(board, `${rows}x${cols}`, wordlist || undefined).slice(1));
  if (multiboggle) q.set('multiboggle', '1');
  return `?${q}`;
}

/**
 * What Copy link says once the round's link is copied: a round with a list of the reader's own
 * names it, and others open the same board with the default list.
 * @param {string | undefined} wordlist the round's list
 */
export function linkCopied(wordlist) {
  if (!isOwnList(wordlist)) return 'Link copied';
  return `Link copied: it names your own list “${listName(String(wordlist))}”, which stays in this browser; others play the same board with ${LISTS[DEFAULT_LIST]}.`;
}

/**
 * What "Copy my result" copies: the score and the link, no word of the board.
 * @param {{board: string | null, rows: number, cols: number, dice: string, timer: string}} s the round's settings
 * @param {Review} r its review
 * @param {string} link
 */
export function resultText(s, r, link) {
  const what = s.board ? `a ${sizeText(s.rows, s.cols)} board` : DICE[s.dice];
  const time = timerText(s.timer);
  return `Boggle, ${what}, ${time}: I scored ${points(r.score)} of ${pointsText(r.total)} and found ${count(r.found.length)} of ${plural(r.words, 'word')}. Play the same board: ${link}`;
}

class PlayView {
  /**
   * @param {HTMLElement} root
   * @param {ViewContext} ctx
   */
  constructor(root, { engine, params }) {
    this.engine = engine;
    this.seq = 0;
    /** @type {PlaySettings | null} the round on screen: readRound's fields with its board, rows, cols */
    this.settings = null;
    /** @type {Review | null} the last review */
    this.result = null;
    this.share = new LastValid({ noun: 'round', key: 'seed', fallback: '' });
    this.build(root);
    this.load(params);
  }

  unmount() {
    this.seq++;
    this.round.unmount();
  }

  /** @param {HTMLElement} root */
  build(root) {
    this.round = new PlayRound({ engine: this.engine, onEnd: (found) => this.finish(found), onFound: () => this.keep(), listName });
    // The words missed in a card of their own, after the player's words (below).
    this.review = new ReviewPanel({ round: this.round, apart: true });
    this.setup = new PlaySetup({ start: (s) => this.newRound(s) });
    this.info = el('p', { className: 'help play-info', dataset: { testid: 'play-round' } });
    this.error = fieldError('play-error');
    // What the link asked for that could not be used, and what was played instead: first in the
    // view, where a phone shows it before the board (the Next round card is far below).
    this.linkErrors = el('div', { className: 'play-link-errors', dataset: { testid: 'play-link-errors' } });
    /** @type {string[]} the messages it holds */
    this.linkMessages = [];

    this.copyLink = el('button', { type: 'button', className: 'secondary' }, ['Copy link']);
    this.copyLink.addEventListener('click', () => this.copy(this.share.link(), linkCopied(this.settings.wordlist)));
    this.copyResult = el('button', { type: 'button', className: 'secondary', dataset: { testid: 'play-copy-result' } }, ['Copy my result']);
    this.copyResult.addEventListener('click', () => this.result && this.copy(resultText(this.settings, this.result, this.share.link()), 'Result copied'));
    this.explore = el('a', { className: 'button-link', dataset: { testid: 'play-explore' } }, ['Explore this board']);
    this.again = el('button', { type: 'button', className: 'primary' }, ['New round']);
    this.again.addEventListener('click', () => this.start({ ...this.settings, board: null, seed: null }, { push: true }));
    this.copyStatus = el('span', { className: 'help' });
    this.review.actions.append(this.again, this.copyLink, this.copyResult, this.explore, this.copyStatus);

    this.history = new HistoryCard({ review: (h) => this.reopen(h) });

    const r = this.round;
    this.boardPanel = el('div', { className: 'play-board-panel' });
    this.cover = new RoundCover({
      round: this.round,
      onStart: () => this.started(),
      board: this.boardPanel,
      otherList: (list) => this.otherList(list),
      // The same board with a list this browser has, started at once as New round's is.
      onList: (list) => this.start({ ...this.settings, wordlist: list }, { push: true }),
    });
    this.boardPanel.append(r.stats, this.cover.tray);
    this.table = new TableGame({
      engine: this.engine,
      round: this.round,
      boardPanel: this.boardPanel,
      rules: () => this.setup.settings(),
      begin: () => {
        const seq = ++this.seq;
        return () => seq === this.seq;
      },
      onBoard: (board, rules, push, past) => this.tableBoard(board, rules, push, past),
      onReview: (review, past) => {
        this.showReview(review, past ? `Your ${past}` : 'Your game on the table');
        this.review.heading.focus();
      },
      onError: (message) => this.error.show(message),
    });
    const side = el('div', { className: 'play-side' }, [
      this.linkErrors,
      this.table.note,
      this.boardPanel,
      r.form,
      el('div', { className: 'play-controls' }, [r.endButton, this.info]),
      this.error,
    ]);
    // In the review, the player's own words come before the (often long) list of words missed.
    const main = el('div', { className: 'play-main' }, [this.review.el, r.foundEl, this.review.missedEl, this.setup.el, this.table.form.el, this.history.el]);
    root.append(el('div', { className: 'play' }, [side, main]));
  }

  /**
   * Applies URL parameters (first load, back/forward, the menu's Play). A URL that names no
   * round (the menu's bare `?mode=play`) returns to the round in progress in this tab while it
   * can still be played, rather than rolling a new one.
   * @param {URLSearchParams} params
   */
  load(params) {
    const s = (!namesRound(params) && this.keptRound()) || readRound(params);
    this.showLinkErrors(Object.values(s.errors));
    this.setup.boardError.show(null);
    if (s.table) {
      // A game on the table has no seed, and its board belongs to the table's form.
      dropRejected({ seed: params.has('seed') });
      this.setup.show({ ...s, board: null });
      this.cover.hide();
      this.round.end({ quiet: true });
      this.table.open(s.board);
      return;
    }
    this.setup.show(s, { covered: true });
    this.start(s, { push: false });
  }

  /**
   * The settings (readRound's) of the round kept in this tab while it can still be played, or
   * null. Its link comes from storage: one that is not a sound round's is passed over.
   */
  keptRound() {
    const query = VIEW_ROUNDS.playableQuery();
    if (query === null) return null;
    const s = readRound(new URLSearchParams(query));
    return !s.table && (s.seed !== null || s.board !== null) && !Object.keys(s.errors).length ? s : null;
  }

  /**
   * Starts a round with settings `s` (readRound's fields): the typed board, or the dice rolled
   * with `s.seed` (a new seed when null). `push` (a round asked for on the page: New round) adds
   * a history entry for it and starts its clock at once, once its word list is there (else the
   * cover says why it cannot start); a round opened from its link (`push` false) resumes where
   * this tab left it, or else waits under the cover for Start.
   * @param {RoundAsked} s
   * @param {{push: boolean}} how
   */
  async start(s, { push }) {
    const seq = ++this.seq;
    this.error.show(null);
    this.table.showNote(false);
    // The first board of a visit waits for the engine to load: say so rather than show nothing.
    if (!this.settings) this.info.textContent = s.board ? 'Reading your board…' : 'Rolling the board…';
    /** @type {ParsedBoard} */
    let board;
    /** @type {string | null} */
    let seed = null;
    try {
      if (s.board) {
        board = /** @type {ParsedBoard} */ (await this.engine.call('parse', { board: s.board, size: s.dims ?? null }));
      } else {
        seed = s.seed ?? newSeed();
        const letters = /** @type {string} */ (await this.engine.call('random', { size: s.dice, dice: true, seed: Number(seed) }));
        const [rows, cols] = shapeOf(s.dice);
        board = { board: letters, rows, cols };
      }
    } catch (e) {
      if (seq !== this.seq) return;
      if (isDownloadFailure(e)) {
        // Not the board's fault: Try again asks for the same round once more.
        this.error.show(e.message, () => this.start(s, { push }));
        if (!this.settings) this.info.textContent = '';
      } else if (s.board) {
        if (push) {
          this.setup.boardError.show(`This board cannot be played. ${shown(e.message, 200)}`);
        } else {
          // A link's board: said above the board, with what is played instead.
          const instead = this.settings ? 'The round on screen stays.' : `Playing a board rolled on the ${DICE[s.dice]} dice instead.`;
          this.showLinkErrors([...this.linkMessages, `The board in the link cannot be played (${shown(e.message, 200)}). ${instead}`]);
        }
        this.share.rejected();
        if (!this.settings) this.start({ ...s, board: null, seed: null }, { push: false });
      } else {
        this.error.show(`Could not roll a board: ${shown(e.message, 200)}`);
        if (!this.settings) this.info.textContent = '';
      }
      return;
    }
    if (seq !== this.seq) return;
    const round = roundOf(s, board);
    // A round asked for on the page starts its clock only once its word list is there (in a
    // moment when the engine has it): offline, a list never downloaded could judge no word.
    const failure = push ? await this.round.check(round) : null;
    if (seq !== this.seq) return;
    if (push) {
      // A round asked for on the page replaces the link's: what was wrong with the link is past.
      this.setup.boardError.show(null);
      this.showLinkErrors([]);
    }
    const dims = s.board ? `${board.rows}x${board.cols}` : null;
    // A typed board's dice (for the next round, its card's and the review's) are the set of its
    // size when there is one; a link to it names no dice.
    const dice = dims && Object.hasOwn(DICE, dims) ? dims : s.dice;
    this.settings = { ...s, seed, dice, board: s.board ? board.board : null, dims, rows: board.rows, cols: board.cols, letters: board.board, table: false };
    this.share.commit({ ...roundParams(this.settings), table: null }, { push });
    this.setup.show(this.settings, { covered: !push });
    this.review.hide();
    this.result = null;
    this.info.textContent = `${this.describe()} · ${rulesText(this.settings, listName)}`;
    // A round opened from its link (a reload, Back) resumes where this tab left it; the round
    // on screen, if any, is over (its words must not be kept as this one's meanwhile).
    if (!push) this.round.end({ quiet: true });
    const resumed = push ? null : await this.resume(round);
    if (seq !== this.seq) return;
    const size = `${board.rows} by ${board.cols} board, ${timerText(s.timer)}`;
    if (failure) {
      // Asked for on the page, and its list cannot be loaded: the cover says so, with Try again
      // and a list this browser has, in view (on a phone New round is far below the board).
      // A round it replaces mid-round was given up (New round asked first): not kept either.
      VIEW_ROUNDS.forget();
      this.cover.show(round, rulesText(this.settings, listName), failure);
      this.cover.focus();
      this.boardPanel.scrollIntoView({ block: 'nearest' });
      return;
    }
    if (!push && !resumed) {
      // Opened fresh from a link or the menu: the board stays covered and the clock still until
      // the player presses Start, and nothing is kept in the tab before then.
      this.cover.show(round, rulesText(this.settings, listName));
      announce(`Round ready: ${size}. The board shows when you start the round.`);
      return;
    }
    this.cover.hide();
    this.setup.reveal();
    this.round.start({ ...round, deadline: resumed?.deadline ?? null }, resumed?.found ?? []);
    this.keep();
    if (!this.round.playing) return; // a resumed round whose time had run out: its review follows
    if (resumed) {
      const left = round.minutes ? `, ${this.round.timer.value.textContent} left` : '';
      this.round.say('hint', `Round resumed: ${plural(resumed.found.length, 'word')} found so far${left}.`);
      announce(`Round resumed: ${plural(resumed.found.length, 'word')} found${left}`);
      // Ready to type again, the page left where it was (a reload keeps its scroll).
      this.round.input.focus({ preventScroll: true });
    } else {
      announce(`New round: ${size}`);
      // Ready to type, with the clock and the board in view (on a phone New round is far below them).
      this.round.focusInput(this.boardPanel);
    }
  }

  /**
   * New round, pressed in its card (or Enter in its board box): a round still in play would be
   * lost, so it is asked about first, as End round is.
   * @param {import('./setup.js').SetupSettings} s
   */
  async newRound(s) {
    if (!(await this.mayLeave('Start a new round?', 'once a new one starts', 'New round'))) return;
    this.start({ ...s, seed: null }, { push: true });
  }

  /**
   * Whether the round on screen may be left for another: at once when it is not in play, else
   * once the player says yes to `title` (the round cannot be taken up again `when`; `yes` the
   * answer's button). Withdrawn if the round ends while asking: its review then takes the focus.
   * @param {string} title
   * @param {string} when
   * @param {string} yes
   */
  async mayLeave(title, when, yes) {
    if (!this.round.playing) return true;
    const text = `You have found ${plural(this.round.found.size, 'word')} so far. This round cannot be taken up again ${when}.`;
    return Boolean(await this.round.ask({ title, text, yes }));
  }

  /**
   * Shows `messages` about the link's values (readRound's, or a board the engine refused) above
   * the board, one line each; none hides them.
   * @param {string[]} messages
   */
  showLinkErrors(messages) {
    this.linkMessages = messages;
    this.linkErrors.replaceChildren(
      ...messages.map((m, i) => {
        const line = fieldError(`play-link-error-${i}`);
        line.show(m);
        return line;
      }),
    );
  }

  /**
   * A shipped list other than `failed` for the cover to offer when `failed` cannot be loaded:
   * one that works without the network (the engine has built it, or the service worker keeps
   * it), else, online, the first other one; null when there is none.
   * @param {string} failed
   * @returns {Promise<string | null>}
   */
  async otherList(failed) {
    const others = Object.keys(LISTS).filter((name) => name !== failed);
    const built = /** @type {string[]} */ (await this.engine.call('builtLists', {}).catch(/** @returns {string[]} */ () => []));
    for (const name of others) {
      if (built.includes(name)) return name;
      if (await globalThis.caches?.match(String(listUrl(name))).catch(/** @returns {undefined} */ () => undefined)) return name;
    }
    return navigator.onLine ? others[0] ?? null : null;
  }

  /** The round under the cover has started (Start): it is kept in the tab from now on. */
  started() {
    this.setup.reveal();
    this.keep();
    const s = this.settings;
    announce(`Round started: ${s.rows} by ${s.cols} board, ${timerText(s.timer)}`);
  }

  /**
   * The round this tab kept for `round` (the one just opened), its words judged again by the
   * engine: `{deadline, found}`, or null when none is kept or what is kept is not sound (then
   * discarded with a message).
   * @param {import('./judging.js').Round} round
   * @returns {Promise<{deadline: number | null, found: import('./judging.js').FoundWord[]} | null>}
   */
  async resume(round) {
    const { kept, note } = await VIEW_ROUNDS.resume(this.engine, round, roundQuery(this.settings));
    if (note) this.error.show(note);
    return kept;
  }

  /** Keeps the round in progress in this tab (its link, board, deadline and words found). */
  keep() {
    const s = this.settings;
    if (!this.round.playing || !s || s.table) return;
    VIEW_ROUNDS.save({ query: roundQuery(s), board: s.letters, deadline: this.round.timer.deadline, words: [...this.round.found.keys()] });
  }

  /** The round's board in words: its dice and seed, or "your board". */
  describe() {
    const s = this.settings;
    return s.board ? `Your board, ${sizeText(s.rows, s.cols)}` : `${DICE[s.dice]} dice, seed ${s.seed}`;
  }

  /**
   * Review, pressed beside a past round (Your last rounds): its board and the words found in it
   * are reviewed again, as a game on the table is, under its rules (which the Next round card
   * takes, to play one like it). The words stay in the table's form to add to. A round in play
   * is asked about first, as New round asks.
   * @param {import('./history.js').PlayedRound} h
   */
  async reopen(h) {
    if (!(await this.mayLeave('Leave this round?', 'once you review another', 'Review the past round'))) return;
    VIEW_ROUNDS.forget();
    const s = readRound(new URLSearchParams(h.query));
    this.showLinkErrors([]);
    this.error.show(null);
    this.setup.boardError.show(null);
    this.setup.show({ ...s, board: null });
    this.cover.hide();
    this.round.end({ quiet: true });
    const board = roundBoardText(h);
    const words = h.kept ?? [];
    this.table.form.open(board);
    this.table.form.words.value = words.join(' ');
    this.table.review(board, words, `round of ${localDate(h.at, { time: true })}`);
  }

  /**
   * The round is over with the words `found`: review it, keep it in the history.
   * @param {import('./judging.js').FoundWord[]} found
   */
  async finish(found) {
    const seq = this.seq;
    VIEW_ROUNDS.forget();
    /** @type {Review} */
    let r;
    try {
      r = await this.round.call('review', found.map((w) => w.word));
    } catch (e) {
      if (seq === this.seq) this.error.show(`Could not review the round: ${shown(e.message, 200)}`);
      return;
    }
    if (seq !== this.seq) return;
    this.showReview(r, 'Round over');
    const s = this.settings;
    this.history.add({
      at: Date.now(),
      score: r.score,
      total: r.total,
      found: r.found.length,
      words: r.words,
      board: s.letters,
      query: roundQuery(s),
      kept: found.map((w) => w.word),
    });
    this.review.heading.focus();
  }

  /**
   * Shows review `r` of the round on screen under `title`.
   * @param {Review} r
   * @param {string} title
   */
  showReview(r, title) {
    this.result = r;
    this.explore.setAttribute('href', exploreHref({ ...this.settings, board: this.settings.letters }));
    this.copyResult.hidden = this.settings.table;
    this.review.show(r, { title, listName: listName(this.settings.wordlist) });
  }

  /**
   * A table game's board, read by the engine (table.js), becomes the view's: the round on
   * screen is over, and the link, Explore this board and the line under the board name the game
   * with `rules`, the Next round card's. `push`: typed in the form, a new history entry.
   * @param {{board: string, rows: number, cols: number}} board
   * @param {import('./table.js').Rules} rules
   * @param {boolean} push
   * @param {string | null} past a round played here and reviewed again ("round of …"), or null
   */
  tableBoard(board, rules, push, past) {
    this.cover.hide();
    this.round.end({ quiet: true });
    this.settings = { ...rules, seed: null, board: board.board, dims: `${board.rows}x${board.cols}`, letters: board.board, rows: board.rows, cols: board.cols, table: true };
    this.share.commit({ ...roundParams(this.settings), table: '1' }, { push });
    const what = past ? `Your ${past}, reviewed again` : 'A game played on the table';
    this.info.textContent = `${what}, ${sizeText(board.rows, board.cols)} · ${rulesText({ ...this.settings, timer: 'off' }, listName).replace(/^untimed · /, '')}`;
    this.review.hide();
  }

  /**
   * Copies `text`, saying `done` beside the buttons once it is copied.
   * @param {string} text
   * @param {string} done
   */
  async copy(text, done) {
    const ok = await copyText(text);
    this.copyStatus.textContent = ok ? done : 'Could not copy: select and copy the address instead.';
    announce(this.copyStatus.textContent);
  }
}
