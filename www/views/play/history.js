// The last rounds played in this browser, kept in localStorage: each round's score against the
// board's total, words found against words on the board, when, the link that plays the same
// round again, and the words found, so the round can be reviewed again. What comes back from
// storage is untrusted (hand-edited, another version, a full disk): every entry is checked on
// read, one that fails is dropped and the caller is told how many, so it can say so; an
// unreadable value is dropped whole (www/lib/stored.js).
import { sizeText } from '../../lib/format.js';
import { MAX_CELLS, MIN_CELLS } from '../../lib/limits.js';
import { StoredList } from '../../lib/stored.js';
import { boardText, sizeFromLength } from '../../lib/url.js';
import { readRound } from './params.js';
import { soundWords } from './saved-round.js';

const KEY = 'boggle-explorer:play:history';
const VERSION = 1;
/** Rounds kept, newest first. */
export const MAX_ROUNDS = 20;
/** A board as kept: row-major letters, as many as a board the engine takes has cells. */
const BOARD_RE = new RegExp(`^[a-z]{${MIN_CELLS},${MAX_CELLS}}$`);

/**
 * @typedef {object} PlayedRound
 * @property {number} at when it ended (ms since the epoch)
 * @property {number} score the player's points
 * @property {number} total the points of every word on the board
 * @property {number} found words found
 * @property {number} words words on the board
 * @property {string} board the board, row-major
 * @property {string} query the link's query (`mode=play&seed=…`), without `?`
 * @property {string[]} [kept] the words found, in the order found (absent in rounds kept by
 *   earlier versions of the page, which cannot be reviewed again)
 */

/**
 * Why `e` is not a played round, or null when it is one.
 * @param {any} e an entry as stored: untrusted JSON (or a round about to be kept), checked field
 *   by field here before anything else reads it
 */
function problem(e) {
  if (!e || typeof e !== 'object') return 'not an object';
  /**
   * Whether `n` is a whole number from 0 to `max`.
   * @param {unknown} n
   * @param {number} max
   */
  const whole = (n, max) => typeof n === 'number' && Number.isInteger(n) && n >= 0 && n <= max;
  if (!whole(e.score, 1e6) || !whole(e.total, 1e6) || e.score > e.total) return 'bad score';
  if (!whole(e.found, 1e5) || !whole(e.words, 1e5) || e.found > e.words) return 'bad count';
  if (!Number.isFinite(e.at) || e.at < 0) return 'bad date';
  if (typeof e.board !== 'string' || !BOARD_RE.test(e.board)) return 'bad board';
  if (typeof e.query !== 'string' || e.query.length > 600) return 'bad link';
  const q = new URLSearchParams(e.query);
  if (q.get('mode') !== 'play' || q.has('embed')) return 'bad link';
  if (e.kept !== undefined && !soundWords(e.kept)) return 'bad words';
  return null;
}

const stored = new StoredList({
  key: KEY,
  version: VERSION,
  field: 'rounds',
  problem,
  /** @type {(entries: any[]) => PlayedRound[]} */
  tidy: (entries) =>
    entries
      .map(({ at, score, total, found, words, board, query, kept }) => ({ at, score, total, found, words, board, query, ...(kept && { kept }) }))
      .sort((a, b) => b.at - a.at)
      .slice(0, MAX_ROUNDS),
});

/** The rounds stored: `{rounds, dropped}`; `dropped` counts entries that failed their checks (-1: the whole value was unreadable). */
export function loadHistory() {
  const { entries, dropped } = stored.load();
  return { rounds: entries, dropped };
}

/**
 * Adds a finished round to `rounds` (newest first, at most MAX_ROUNDS) and saves the list;
 * returns it. An entry that fails the checks is not added.
 * @param {PlayedRound[]} rounds
 * @param {PlayedRound} round
 */
export function addRound(rounds, round) {
  if (problem(round)) return rounds;
  const next = [round, ...rounds].slice(0, MAX_ROUNDS);
  stored.save(next);
  return next;
}

/** Forgets every round. */
export function clearHistory() {
  stored.clear();
}

/**
 * A played round's size as people read it ("3 × 4"): its link's `dims` when it has one, else the
 * size the board's length gives, else its count of cells.
 * @param {PlayedRound} round
 */
export function roundSizeText(round) {
  const size = roundSize(round);
  return size ? sizeText(size) : `${round.board.length} cells`;
}

/**
 * A played round's size (`RxC`): its link's `dims` when it has one, else the size the board's
 * length gives, else null.
 * @param {PlayedRound} round
 */
function roundSize(round) {
  return readRound(new URLSearchParams(round.query)).dims ?? sizeFromLength(round.board.length);
}

/**
 * A played round's board as the engine reads it back as the same board: its rows apart where
 * two sizes have its length (3 × 4 and 4 × 3).
 * @param {PlayedRound} round
 */
export function roundBoardText(round) {
  return boardText(round.board, roundSize(round));
}
