// Readers for values that come from the URL or a form field. Each returns the value in its
// normal form or throws an Error whose message is written for the user (views show it beside
// the control), except the lenient readers at the end, which return null or a message.
import { choiceOf, either, exactCount, shown } from './format.js';
import { MAX_PATTERN, cleanPattern } from './word-match.js';
import { DEFAULT_LIST, LISTS, isShipped } from './lists.js';
import { BREAK, MAX_SIDE, MIN_SIDE, SHORTEST_WORDS } from './limits.js';

/** A side the engine takes (its sides are single digits). */
const SIDE = `[${MIN_SIDE}-${MAX_SIDE}]`;
const SIZE_RE = new RegExp(`^(${SIDE})\\s*[xX]\\s*(${SIDE})$`);
const SIZE_DIGITS_RE = new RegExp(`^(${SIDE})(${SIDE})$`);
const DIMS_RE = new RegExp(`^\\s*(${SIDE})\\s*[x×,]?\\s*(${SIDE})\\s*$`, 'i');

/**
 * One of `values` (lower-case names, read in any case: choiceOf), else `message`.
 * @param {readonly string[]} values
 * @param {string} message
 * @returns {(v: string) => string}
 */
export function oneOf(values, message) {
  return (v) => {
    const name = choiceOf(v);
    if (!values.includes(name)) throw new Error(message);
    return name;
  };
}

/**
 * A whole number from `lo` to `hi` (as a string), else `message`.
 * @param {number} lo
 * @param {number} hi
 * @param {string} message
 * @returns {(v: string) => string}
 */
export function int(lo, hi, message) {
  return (v) => {
    const n = Number(v);
    if (v === '' || !Number.isInteger(n) || n < lo || n > hi) throw new Error(message);
    return String(n);
  };
}

/**
 * A number from `lo` to `hi` (as a string), else `message`.
 * @param {number} lo
 * @param {number} hi
 * @param {string} message
 * @returns {(v: string) => string}
 */
export function num(lo, hi, message) {
  return (v) => {
    const n = Number(v);
    if (v === '' || !Number.isFinite(n) || n < lo || n > hi) throw new Error(message);
    return String(n);
  };
}

/**
 * A board size written "4x4" or "44", as "RxC".
 * @param {string} v
 */
export function readSize(v) {
  const m = SIZE_RE.exec(v) ?? SIZE_DIGITS_RE.exec(v);
  if (!m) {
    throw new Error(
      `'${shown(v)}' is not a board size: use ROWSxCOLS with ${MIN_SIDE} to ${MAX_SIDE} rows and columns, e.g. 4x4`,
    );
  }
  return `${m[1]}x${m[2]}`;
}

/**
 * A set of letters a-z (spaces and commas ignored), sorted and without repeats: the form's
 * reading of the engine's rule (`parse_letters`), at least two letters, since one makes a
 * single board.
 * @param {string} v
 */
export function readLetters(v) {
  const s = v.toLowerCase().replace(/[\s,]/g, '');
  if (!s) throw new Error('no letters allowed: give at least two letters a-z');
  const bad = /[^a-z]/.exec(s);
  if (bad) throw new Error(`'${shown(bad[0])}' is not a letter: the allowed letters must be a-z`);
  const letters = [...new Set(s)].sort().join('');
  if (letters.length < 2) throw new Error('one letter makes a single board: give at least two letters a-z');
  return letters;
}

/**
 * Reads a `dims` value (`44`, `4x4`) into "RxC", or null when it is not a size the engine takes.
 * @param {string} text
 * @returns {string | null}
 */
export function readDims(text) {
  const m = DIMS_RE.exec(text);
  return m ? `${m[1]}x${m[2]}` : null;
}

/** The greatest target score a field or link may give: the engine's, far above any board's score. */
export const MAX_TARGET = BREAK.max_target;

/** What a target score must be, in the words of every message about one. */
export const TARGET_RULE = `a whole number from 1 to ${exactCount(MAX_TARGET)}`;

/**
 * Reads a target score from the URL or a field: a whole number from 1 to MAX_TARGET, else null.
 * @param {string | null | undefined} text
 * @returns {number | null}
 */
export function readTarget(text) {
  const t = String(text ?? '').trim();
  if (!/^\d{1,15}$/.test(t)) return null;
  const n = Number(t);
  return n >= 1 && n <= MAX_TARGET ? n : null;
}

/**
 * Reads a `min` URL parameter (null when absent), the shortest word counted: one of
 * SHORTEST_WORDS, or the engine's own with the message every view and widget gives.
 * @param {string | null} value
 * @returns {{min: string, error: string | null}}
 */
export function readMinParam(value) {
  if (value === null) return { min: SHORTEST_WORDS[0], error: null };
  if (SHORTEST_WORDS.includes(value.trim())) return { min: value.trim(), error: null };
  return { min: SHORTEST_WORDS[0], error: `min=“${shown(value)}” is not a shortest word: choose ${either(SHORTEST_WORDS)} letters. Using ${SHORTEST_WORDS[0]}.` };
}

/** The word list's orders as a link names them (`sort=`), by the list's own names for them. */
const SORT_PARAMS = { points: 'points', length: 'length', az: 'alpha' };

/**
 * The `sort` a link writes for the word list's order `order` (a name of its own): null for
 * points, the default, left out.
 * @param {string} order
 */
export function sortParam(order) {
  return order === 'points' ? null : Object.keys(SORT_PARAMS).find((name) => SORT_PARAMS[/** @type {keyof SORT_PARAMS} */ (name)] === order) ?? null;
}

/**
 * Reads how a link shows a board's words: `sort` (points, length or az), `filter` (a word
 * filter, www/lib/word-match.js) and `len` (the length shown, 9 for 9 or more). Each value that
 * cannot be used is let go with a message, and a filter cut to what it reads is said; `rejected`
 * names the values let go, to take out of the address.
 * @param {{sort: string | null, filter: string | null, len: string | null}} values the link's (null: absent)
 * @returns {{view: {sort: string, filter: string, length: number | null}, errors: string[], rejected: {sort: boolean, len: boolean}}}
 */
export function readWordsView({ sort, filter, len }) {
  const errors = [];
  const order = sort === null ? 'points' : SORT_PARAMS[/** @type {keyof SORT_PARAMS} */ (sort.trim().toLowerCase())];
  if (!order) errors.push(`sort=“${shown(sort)}” is not an order of the words: use ${either(Object.keys(SORT_PARAMS))}. Sorting by points.`);
  const pattern = filter === null ? '' : cleanPattern(filter);
  // Capitals and a run of * read as they mean; anything else left out is said.
  const cut = filter !== null && pattern !== filter.toLowerCase().replace(/\*+/g, '*');
  if (cut) {
    errors.push(
      pattern
        ? `filter=“${shown(filter)}” holds more than a filter reads (letters, * and ?, at most ${MAX_PATTERN}): filtering by “${pattern}”.`
        : `filter=“${shown(filter)}” holds nothing a filter reads (letters, * and ?): every word is shown.`,
    );
  }
  const n = len === null ? null : /^\s*\d{1,2}\s*$/.test(len) ? Number(len) : NaN;
  const lengthOk = n === null || (n >= 1 && n <= 9);
  if (!lengthOk) errors.push(`len=“${shown(len ?? '')}” is not a word length: use 1 to 8, or 9 for 9 letters or more. Every length is shown.`);
  return {
    view: { sort: order ?? 'points', filter: pattern, length: lengthOk ? n : null },
    errors,
    rejected: { sort: !order, len: !lengthOk },
  };
}

/**
 * Reads a `wordlist` URL parameter (null when absent): the shipped list it names (in any case:
 * choiceOf), or the default with the message every view and widget gives for a name that is
 * not shipped; `hint` goes between the name and "Using …" (e.g. what else the view offers).
 * @param {string | null} value
 * @param {string} [hint]
 * @returns {{list: string, error: string | null}}
 */
export function readListParam(value, hint = '') {
  if (value === null) return { list: DEFAULT_LIST, error: null };
  if (isShipped(choiceOf(value))) return { list: choiceOf(value), error: null };
  const choices = hint ? `: ${hint}. Using` : ': using';
  return { list: DEFAULT_LIST, error: `${noSuchList(value)}${choices} ${LISTS[DEFAULT_LIST]}.` };
}

/**
 * The words every view starts its message with for a `wordlist` that names no shipped list.
 * @param {string} value
 */
export function noSuchList(value) {
  return `There is no word list called “${shown(value)}”`;
}
