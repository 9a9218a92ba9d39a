// The round in progress, kept in this tab's sessionStorage so a reload (or Back to the round, or
// the menu's Play) resumes it: the round's link (its URL query), its board, its deadline and the
// words accepted so far. A round is kept from its start (a round waiting under its cover is not
// kept) and forgotten once it is reviewed. Each place a round is played keeps its own: the Play
// view one round at a time (VIEW_ROUNDS), each play widget of a page its own (widgetRounds), so
// that two widgets on one post never share a round. What comes back is untrusted (hand-edited,
// another version of the page): it is checked here against the round being opened, and the
// engine judges its words again before they count (resume), so a saved round can neither add a
// word the board does not hold nor stretch its clock.
import { shown } from '../../lib/format.js';
import { PLAY } from '../../lib/limits.js';
import { readStored, removeStored, writeStored } from '../../lib/stored.js';
import { roundArgs } from './judging.js';

const VIEW_KEY = 'boggle-explorer:play:round';
/** Each play widget's key starts so, followed by the widget's id and the round it was given. */
const WIDGET_KEY = 'boggle-explorer:play:widget:';
const VERSION = 1;
/**
 * Words read back at most: as many as the engine's review of a round reads (its `MAX_CLAIMED`),
 * more than any board holds.
 */
export const MAX_SAVED_WORDS = PLAY.max_claimed;
/** The longest link read back (a typed 6 × 6 board with every rule is some 150 characters). */
const MAX_QUERY = 1000;
/** Clock drift allowed between a deadline saved and the round's length. */
const SLACK_MS = 5000;

const storage = () => sessionStorage;

/** @typedef {import('./judging.js').PlayEngine} PlayEngine */
/** @typedef {import('./judging.js').FoundWord} FoundWord */
/** @typedef {import('./judging.js').Review} Review */

/**
 * @typedef {object} SavedRound
 * @property {string} query the round's link (roundQuery): a kept round resumes only the round of that link
 * @property {string} board the round's letters, row-major
 * @property {number | null} deadline when a timed round ends (ms since the epoch); null untimed
 * @property {string[]} words the words accepted so far, in the order found
 */

/**
 * Why `r` is not a saved round of the round `{query, board, minutes}` opened, or null.
 * @param {any} r the round as stored: untrusted JSON, checked field by field here before
 *   anything else reads it
 * @param {{board: string, minutes: number | null}} opened
 * @param {number} now ms since the epoch
 */
function problem(r, { board, minutes }, now) {
  if (typeof r.query !== 'string') return 'bad link';
  if (typeof r.board !== 'string' || r.board !== board) return 'another board';
  if (minutes === null ? r.deadline !== null : !Number.isFinite(r.deadline) || r.deadline > now + minutes * 60_000 + SLACK_MS) {
    return 'bad deadline';
  }
  if (!soundWords(r.words)) return 'bad words';
  return null;
}

/**
 * Whether `words`, read back from storage, is a round's words as kept: an array of at most
 * MAX_SAVED_WORDS distinct words of letters.
 * @param {unknown} words untrusted JSON
 * @returns {words is string[]}
 */
export function soundWords(words) {
  if (!Array.isArray(words) || words.length > MAX_SAVED_WORDS) return false;
  if (!words.every((/** @type {unknown} */ w) => typeof w === 'string' && /^[a-z]{1,80}$/.test(w))) return false;
  return new Set(words).size === words.length;
}

/** What the view and the widget say when a kept round cannot be used. */
export const DISCARDED = 'The round kept in this tab could not be read and was discarded: this round starts afresh.';

/** One place in this tab where a round in progress is kept, under its own storage key. */
export class RoundSlot {
  /** @param {string} key */
  constructor(key) {
    this.key = key;
  }

  /**
   * Keeps `round` as the round in progress (storage full or disabled: a reload starts afresh).
   * @param {SavedRound} round
   */
  save({ query, board, deadline, words }) {
    writeStored(storage, this.key, VERSION, { query, board, deadline, words });
  }

  /** Forgets the round in progress (it was reviewed, or given up). */
  forget() {
    removeStored(storage, this.key);
  }

  /**
   * The round in progress for the round opened (`query` its link, `board` its letters, `minutes`
   * its length or null untimed): `{round, note}`. `round` is null when none is kept for it;
   * `note` says why a kept one was discarded (it is then forgotten), else ''.
   * @param {{query: string, board: string, minutes: number | null}} opened
   * @returns {{round: SavedRound | null, note: string}}
   */
  load(opened, now = Date.now()) {
    const read = readStored(storage, this.key, VERSION);
    if (read.status === 'none') return { round: null, note: '' };
    const r = read.value;
    // Another round's: not this one's to resume (it is replaced when this one saves).
    if (read.status === 'ok' && typeof r.query === 'string' && r.query !== opened.query) return { round: null, note: '' };
    if (read.status === 'bad' || problem(r, opened, now) !== null) {
      this.forget();
      return { round: null, note: DISCARDED };
    }
    return { round: { query: r.query, board: r.board, deadline: r.deadline, words: r.words }, note: '' };
  }

  /**
   * The link (URL query) of the round kept here while it can still be played: a timed round
   * whose time is not up, or an untimed one (a round is forgotten once it ends). Null when none
   * is kept, what is kept cannot be read, or its time has run out. It is checked again, against
   * the round it opens, when that round resumes (load).
   * @returns {string | null}
   */
  playableQuery(now = Date.now()) {
    const read = readStored(storage, this.key, VERSION);
    if (read.status !== 'ok') return null;
    const { query, deadline } = read.value;
    if (typeof query !== 'string' || query.length > MAX_QUERY) return null;
    if (deadline !== null && !(Number.isFinite(deadline) && deadline > now)) return null;
    return query;
  }

  /**
   * The round kept here for `round` (the one just opened, whose link is `query`), its words
   * judged again by `engine`: `{kept, note}`. `kept` is `{deadline, found}`, or null when none
   * is kept or what is kept is not sound; `note` says why a kept round was discarded, else ''.
   * @param {PlayEngine} engine
   * @param {import('./judging.js').Round} round
   * @param {string} query
   * @returns {Promise<{kept: {deadline: number | null, found: FoundWord[]} | null, note: string}>}
   */
  async resume(engine, round, query) {
    const { round: kept, note } = this.load({ query, board: round.board, minutes: round.minutes });
    if (!kept) return { kept: null, note };
    if (!kept.words.length) return { kept: { deadline: kept.deadline, found: [] }, note: '' };
    /** @type {Review} */
    let r;
    try {
      r = /** @type {Review} */ (await engine.call('review', { ...roundArgs(round), words: kept.words }));
    } catch (e) {
      return { kept: null, note: `The round kept in this tab could not be checked (${shown(e.message, 200)}): this round starts afresh.` };
    }
    // Every word kept must still count: anything else is not this round's.
    if (r.found.length !== kept.words.length) {
      this.forget();
      return { kept: null, note: DISCARDED };
    }
    return { kept: { deadline: kept.deadline, found: r.found }, note: '' };
  }
}

/** Where the Play view keeps its round: one at a time, whatever its link. */
export const VIEW_ROUNDS = new RoundSlot(VIEW_KEY);

/**
 * Where a play widget keeps its round: one slot per widget (`id`, its place on the page: the
 * element's id, which numbers the widgets of a page in order, or a plain iframe's place among the
 * page's frames) and per round it was given (`asked`,
 * the round's link before a seed is picked), so two widgets on one post keep a round each, and
 * a widget without a seed finds the board it rolled.
 * @param {string} id
 * @param {string} asked
 */
export function widgetRounds(id, asked) {
  return new RoundSlot(`${WIDGET_KEY}${id}:${asked}`);
}
