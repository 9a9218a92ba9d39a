// The best boards found in this browser, kept in localStorage across runs and visits: up to
// MAX_PER_SIZE per board size and word list, best first, each with when and how it was found. What comes back
// from storage is untrusted (hand-edited, another version, a full disk): every entry is checked
// and one that fails is dropped, and the caller is told how many so it can say so
// (www/lib/stored.js).
import { cellsOf } from '../../lib/format.js';
import { SIZES } from '../../lib/limits.js';
import { DEFAULT_LIST } from '../../lib/lists.js';
import { isListKey } from '../../lib/own-lists.js';
import { StoredList } from '../../lib/stored.js';
import { withCurrentMode } from '../../lib/url.js';

const KEY = 'boggle-explorer:search:best-boards';
const VERSION = 1;
/** Boards kept per size and word list. */
export const MAX_PER_SIZE = 10;

/**
 * A board kept in this browser.
 * @typedef {object} SavedBoard
 * @property {string} board the board, row-major
 * @property {string} size its size, `RxC`
 * @property {string} list the word list it was scored with
 * @property {number} score its score
 * @property {number} at when it was found (ms since the epoch)
 * @property {string} how how it was found ("annealing · seed 12")
 * @property {string} run the query (`?…`) of a search view link that repeats the run on one worker
 */

/**
 * Why `e` is not a saved board, or null when it is one.
 * @param {any} e an entry as stored: untrusted JSON (or a board about to be saved), checked
 *   field by field here before anything else reads it
 */
function problem(e) {
  if (!e || typeof e !== 'object') return 'not an object';
  if (!SIZES.includes(e.size)) return 'bad size';
  if (typeof e.board !== 'string' || e.board.length !== cellsOf(e.size) || !/^[a-z]+$/.test(e.board)) return 'bad board';
  // Boards saved before the word list was recorded were all scored with the default list.
  if (e.list !== undefined && !isListKey(e.list)) return 'bad word list';
  if (!Number.isInteger(e.score) || e.score < 0 || e.score > 1e6) return 'bad score';
  if (!Number.isFinite(e.at) || e.at < 0) return 'bad date';
  if (typeof e.how !== 'string' || e.how.length > 200) return 'bad description';
  if (typeof e.run !== 'string' || e.run.length > 1000 || !e.run.startsWith('?') || withCurrentMode(e.run).get('mode') !== 'search') {
    return 'bad link';
  }
  return null;
}

/**
 * Keeps the best MAX_PER_SIZE distinct boards of each size and list, best first (ties: earliest).
 * @param {SavedBoard[]} entries
 * @returns {SavedBoard[]}
 */
function trim(entries) {
  const sorted = [...entries].sort((a, b) => b.score - a.score || a.at - b.at);
  /** @type {Map<string, number>} boards kept so far per list and size */
  const per = new Map();
  /** @type {Set<string>} */
  const seen = new Set();
  return sorted.filter((e) => {
    const group = `${e.list}:${e.size}`;
    const k = `${group}:${e.board}`;
    if (seen.has(k)) return false;
    seen.add(k);
    const n = per.get(group) ?? 0;
    per.set(group, n + 1);
    return n < MAX_PER_SIZE;
  });
}

const stored = new StoredList({
  key: KEY,
  version: VERSION,
  field: 'boards',
  problem,
  // A run saved while the view was `mode=anneal` links to it by its current name.
  tidy: (entries) =>
    trim(entries.map(({ board, size, list = DEFAULT_LIST, score, at, how, run }) => ({ board, size, list, score, at, how, run: `?${withCurrentMode(run)}` }))),
});

/**
 * The saved boards: `{entries: [{board, size, list, score, at, how, run}], dropped}` (`run`: the query
 * of a search view link that repeats the run on one worker) where `dropped` counts
 * stored entries that failed their checks (or -1 when the whole value was unreadable); those are
 * removed from storage.
 */
export function loadSaved() {
  return stored.load();
}

/**
 * Adds `more` (each {board, size, list, score, at, how, run}) to `entries`; returns the new
 * list and saves it, or `entries` itself when none of them belongs in it.
 * @param {SavedBoard[]} entries
 * @param {SavedBoard[]} more
 */
export function addSaved(entries, more) {
  const good = more.filter((e) => !problem(e));
  const next = trim([...entries, ...good]);
  if (JSON.stringify(next) === JSON.stringify(entries)) return entries;
  stored.save(next);
  return next;
}

/** Forgets every saved board. */
export function forgetSaved() {
  stored.clear();
}
