// The round in progress, kept in this tab's sessionStorage so a reload (or Back to the round, or
// the menu's Play) resumes it: the round's link (its URL query), its board, its deadline and the
// words accepted so far. One round is kept at a time, from its start (a round waiting under its
// cover is not kept); it is forgotten once the round is reviewed. What comes back is untrusted
// (hand-edited, another version of the page): it is checked here against the round being opened,
// and the view has the engine judge its words again before they count, so a saved round can
// neither add a word the board does not hold nor stretch its clock.
import { PLAY } from '../../lib/limits.js';
import { readStored, removeStored, writeStored } from '../../lib/stored.js';

const KEY = 'boggle-explorer:play:round';
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

/**
 * @typedef {object} SavedRound
 * @property {string} query the round's link (roundQuery), which keys it
 * @property {string} board the round's letters, row-major
 * @property {number | null} deadline when a timed round ends (ms since the epoch); null untimed
 * @property {string[]} words the words accepted so far, in the order found
 */

/**
 * Keeps `round` as the round in progress (storage full or disabled: a reload starts afresh).
 * @param {SavedRound} round
 */
export function saveRound({ query, board, deadline, words }) {
  writeStored(storage, KEY, VERSION, { query, board, deadline, words });
}

/** Forgets the round in progress (it was reviewed). */
export function forgetRound() {
  removeStored(storage, KEY);
}

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
  if (!Array.isArray(r.words) || r.words.length > MAX_SAVED_WORDS) return 'bad words';
  if (!r.words.every((/** @type {unknown} */ w) => typeof w === 'string' && /^[a-z]{1,80}$/.test(w))) return 'bad words';
  if (new Set(r.words).size !== r.words.length) return 'bad words';
  return null;
}

/**
 * The round in progress for the round opened (`query` its link, `board` its letters, `minutes`
 * its length or null untimed): `{round, note}`. `round` is null when none is kept for it;
 * `note` says why a kept one was discarded (it is then forgotten), else ''.
 * @param {{query: string, board: string, minutes: number | null}} opened
 * @returns {{round: SavedRound | null, note: string}}
 */
export function loadRound(opened, now = Date.now()) {
  const read = readStored(storage, KEY, VERSION);
  if (read.status === 'none') return { round: null, note: '' };
  const r = read.value;
  // Another round's: not this one's to resume (it is replaced when this one saves).
  if (read.status === 'ok' && typeof r.query === 'string' && r.query !== opened.query) return { round: null, note: '' };
  if (read.status === 'bad' || problem(r, opened, now) !== null) {
    forgetRound();
    return { round: null, note: DISCARDED };
  }
  return { round: { query: r.query, board: r.board, deadline: r.deadline, words: r.words }, note: '' };
}

/**
 * The link (URL query) of the round kept in this tab while it can still be played: a timed round
 * whose time is not up, or an untimed one (a round is forgotten once it ends). Null when none is
 * kept, what is kept cannot be read, or its time has run out. It is checked again, against the
 * round it opens, when that round resumes (loadRound).
 * @returns {string | null}
 */
export function playableQuery(now = Date.now()) {
  const read = readStored(storage, KEY, VERSION);
  if (read.status !== 'ok') return null;
  const { query, deadline } = read.value;
  if (typeof query !== 'string' || query.length > MAX_QUERY) return null;
  if (deadline !== null && !(Number.isFinite(deadline) && deadline > now)) return null;
  return query;
}

/** What the view says when a kept round cannot be used. */
export const DISCARDED = 'The round kept in this tab could not be read and was discarded: this round starts afresh.';
