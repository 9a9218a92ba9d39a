// The Play view's URL parameters and what each may hold. A round is reproducible from them:
// `seed` and `dice` roll the board (or `board` gives it, with `dims` when its length alone would
// give another size; without a board, a `dims` naming a dice set stands for `dice`), and
// `wordlist`, `timer`, `min` and `multiboggle` are its rules. Every value is user input: a bad
// one is named in a message (the view shows it above the board, the widget in its notes) and its
// default used; names are read in any case; nothing read here is ever inserted as HTML.
import { DEFAULT_LIST, LISTS, isShipped } from '../../lib/lists.js';
import { choiceOf, count, either, exactCount, readFlag, shapeOf, shown, sizeText } from '../../lib/format.js';
import { MAX_CELLS, MAX_SIDE, MIN_SIDE, PLAY, SHORTEST_WORDS } from '../../lib/limits.js';
import { readDims, readListParam, readMinParam } from '../../lib/params.js';
import { isOwnList, readAnyListParam } from '../../lib/own-lists.js';
import { dimsParam } from '../../lib/url.js';

/**
 * What the view calls each of the engine's dice sets beside its size (a set not named here
 * shows its size alone).
 * @type {Record<string, string>}
 */
const DICE_NAMES = { '4x4': 'classic', '5x5': 'Big Boggle', '6x6': 'Super Big' };
/**
 * The dice sets by URL value (the engine's DiceSet names, the classic set first), with their
 * names on screen.
 * @type {Record<string, string>}
 */
export const DICE = Object.fromEntries(PLAY.dice.map((d) => [d, DICE_NAMES[d] ? `${sizeText(d)} ${DICE_NAMES[d]}` : sizeText(d)]));
/**
 * Round lengths offered, in minutes as written in the URL; `off` is an untimed round.
 * @type {Readonly<Record<string, string>>}
 */
export const TIMERS = { 1: '1 minute', 2: '2 minutes', 3: '3 minutes', 5: '5 minutes', off: 'Untimed' };
/** Shortest words offered, in letters: the engine's shortest word and the two above it. */
export const MINS = SHORTEST_WORDS;
/**
 * The scoring table in words, from the engine's: "Points: 3–4 letters 1, 5 letters 2, …, 8 or
 * more 11; Qu counts as two letters." (`PLAY.points[n]` is a word of n letters', the last for
 * that many or more.)
 */
export const SCORING = (() => {
  const table = PLAY.points;
  const last = table.length - 1;
  /** @type {string[]} */
  const parts = [];
  for (let n = table.findIndex((p) => p > 0); n <= last; ) {
    let to = n;
    while (to < last - 1 && table[to + 1] === table[n]) to++;
    const letters = n === last ? `${n} or more` : to > n ? `${n}–${to} letters` : `${n} letters`;
    parts.push(`${letters} ${table[n]}`);
    n = to + 1;
  }
  return `Points: ${parts.join(', ')}; Qu counts as two letters.`;
})();
/** Each dice set's own shortest word ("4" in Big Boggle), by set name: what Play offers with it. */
export const CUSTOMARY_MIN = Object.fromEntries(PLAY.customary_min.map(([dice, min]) => [dice, String(min)]));
/** The defaults, left out of the URL: the classic dice and the engine's shortest word. */
export const DEFAULTS = { dice: PLAY.dice[0], timer: '3', min: MINS[0], wordlist: DEFAULT_LIST, multiboggle: false };
/** Seeds are whole numbers the page can hold exactly (below 2^53), written in digits. */
const SEED_RE = /^\d{1,16}$/;
/** The longest typed board read from the URL (the largest board's cells, with separators and `qu`s to spare). */
export const MAX_BOARD_TEXT = 200;

/** The most text a table review reads for the words: as many words as a review reads, of 20 letters or so. */
export const MAX_CLAIMED_TEXT = PLAY.max_claimed * 20;

/**
 * What a round given `size` ("RxC") and no board is told: only a board can be of a size that no
 * dice set has, so the round rolls `dice`.
 * @param {string} size
 * @param {string} dice
 */
function sizeNeedsBoard(size, dice) {
  const [rows, cols] = shapeOf(size);
  const sets = either(Object.keys(DICE).map((d) => sizeText(d)));
  return `A size of ${sizeText(size)} needs a board: rounds roll Boggle dice (${sets}), so this one rolls the ${DICE[dice]} dice. Give a board of ${rows * cols} letters to play on ${sizeText(size)}.`;
}

/** A fresh seed for a new round: short enough to read out, plenty of boards. */
export function newSeed() {
  return String(Math.floor(Math.random() * 1e9));
}

/**
 * `text` as a seed (its digits), or null when it is not one.
 * @param {string | null | undefined} text
 */
export function readSeed(text) {
  const t = String(text ?? '').trim();
  return SEED_RE.test(t) && Number(t) <= Number.MAX_SAFE_INTEGER ? String(Number(t)) : null;
}

/**
 * A round's settings as its link gives them (readRound).
 * @typedef {object} RoundSettings
 * @property {string | null} seed the seed to roll the dice with (null: none in the link, or a board given)
 * @property {string} dice the dice set (`RxC`)
 * @property {string | null} board the board typed in the link (null: roll the dice)
 * @property {string | null} dims the typed board's size (`RxC`; null: read it from its length)
 * @property {string} timer the round's length in minutes, or `off`
 * @property {string} min the shortest word, in letters
 * @property {string} wordlist
 * @property {boolean} multiboggle
 * @property {boolean} table the board is one played on a real table, to review
 * @property {Record<string, string>} errors the message about each control's bad value, by its name
 */

/**
 * Reads a round's settings from URL parameters: `{seed, dice, board, dims, timer, min,
 * wordlist, multiboggle, table, errors}` (`dims`: the typed board's size, "RxC", or null to read
 * it from the length; `table`: the board is one played on a real table, to review), where
 * `errors` maps a control's name (`seed`, `dice`, `board`, `dims`, `timer`, `min`, `wordlist`,
 * `multiboggle`) to the message about its bad value. `seed` is null when the URL has none (a
 * new round picks one) or gives a board. Without a board, a `dims` that names a dice set rolls
 * those dice when `dice` is not given; any other size is said, since only a board can give it.
 * @param {URLSearchParams} params
 * @returns {RoundSettings}
 */
export function readRound(params) {
  /** @type {Record<string, string>} */
  const errors = {};
  /**
   * The value `v` of control `name` (read in any case: choiceOf) when `ok` takes it, else its
   * default (with `message(v)` kept in `errors` when the link gave a bad one).
   * @param {'dice' | 'timer' | 'min' | 'wordlist'} name
   * @param {string | null} v
   * @param {(v: string) => boolean} ok
   * @param {(v: string) => string | null} message
   * @returns {string}
   */
  const pick = (name, v, ok, message) => {
    if (v === null) return DEFAULTS[name];
    if (ok(choiceOf(v))) return choiceOf(v);
    errors[name] = message(v);
    return DEFAULTS[name];
  };
  const diceText = params.get('dice');
  let dice = pick('dice', diceText, (v) => Object.hasOwn(DICE, v), (v) => `dice=“${shown(v)}” is not a dice set: choose ${either(Object.keys(DICE))}. Rolling the ${DICE[DEFAULTS.dice]} dice.`);
  const timer = pick('timer', params.get('timer'), (v) => Object.hasOwn(TIMERS, v), (v) => `timer=“${shown(v)}” is not a round length: choose 1, 2, 3, 5 (minutes) or off. Using 3 minutes.`);
  const min = pick('min', params.get('min'), (v) => MINS.includes(v), (v) => readMinParam(v).error ?? '');
  // A list of the reader's own, kept in this browser, is taken as it is written (its file's name).
  const listText = params.get('wordlist');
  const own = isOwnList(listText) ? readAnyListParam(listText) : null;
  if (own?.error) errors.wordlist = own.error;
  const wordlist = own ? own.list : pick('wordlist', listText, isShipped, (v) => readListParam(v, `choose ${either(Object.values(LISTS))}`).error);
  const mb = params.get('multiboggle');
  const multiboggle = mb === null ? false : readFlag(mb) ?? false;
  if (mb !== null && readFlag(mb) === null) errors.multiboggle = `multiboggle=“${shown(mb)}” is not 1 or 0: it is off.`;
  let board = params.get('board');
  if (board !== null && (board.length > MAX_BOARD_TEXT || !board.trim())) {
    errors.board = board.trim()
      ? `The board in the link has ${count(board.length)} characters: a board has at most ${MAX_CELLS} letters. Rolling one instead.`
      : 'The board in the link is empty: rolling one instead.';
    board = null;
  }
  // The size of a typed board. Without a board a size can only be the dice's.
  const dimsText = params.get('dims');
  const size = dimsText === null ? null : readDims(dimsText.slice(0, 20));
  const dims = board === null ? null : size;
  if (board !== null && dimsText !== null && size === null) {
    errors.board ??= `dims=“${shown(dimsText)}” is not a board size: use two digits from ${MIN_SIDE} to ${MAX_SIDE}, e.g. dims=43. Reading the size from the board's length.`;
  } else if (board === null && dimsText !== null) {
    if (size === null) errors.dims = `dims=“${shown(dimsText)}” is not a board size: rolling the ${DICE[dice]} dice.`;
    else if (Object.hasOwn(DICE, size) && diceText === null) dice = size;
    else if (Object.hasOwn(DICE, size) && size !== dice) errors.dims = `A size of ${sizeText(size)} without a board does not change the dice: rolling the ${DICE[dice]} dice.`;
    else if (!Object.hasOwn(DICE, size)) errors.dims = sizeNeedsBoard(size, dice);
  }
  const seedText = params.get('seed');
  let seed = seedText === null ? null : readSeed(seedText);
  if (seedText !== null && seed === null) {
    // A new board is rolled in its place, so a link or post meant to give everyone one round
    // gives each reader another: said plainly, with what to write instead.
    errors.seed = `seed=“${shown(seedText)}” is not a seed, so each reader gets a different board: write a whole number (0 to ${exactCount(Number.MAX_SAFE_INTEGER)}), such as 2025, to give everyone the same board.`;
  }
  if (board !== null) seed = null;
  const t = params.get('table');
  const table = t !== null && readFlag(t) === true;
  if (t !== null && readFlag(t) === null) errors.board = `table=“${shown(t)}” is not 1 or 0: playing a round.`;
  return { seed, dice, board, dims, timer, min, wordlist, multiboggle, table, errors };
}

/** The URL parameters that say which round to play, or that a board is one played on a table. */
export const ROUND_PARAMS = ['seed', 'dice', 'board', 'dims', 'timer', 'min', 'wordlist', 'multiboggle', 'table'];

/**
 * True when `params` name a round (its board or any of its rules) or a table review; false for a
 * bare `?mode=play`, the menu's link.
 * @param {URLSearchParams} params
 */
export function namesRound(params) {
  return ROUND_PARAMS.some((name) => params.has(name));
}

/**
 * The URL parameters of a round (defaults left out; `mode=play` included): what a link, the
 * history and the embed carry. `board` (the engine's letters, one a cell) with its `dims`
 * ("RxC", written only when the length alone gives another size) replaces `seed` and `dice`.
 * @param {{seed?: string | null, dice?: string, board?: string | null, dims?: string | null, timer?: string, min?: string, wordlist?: string, multiboggle?: boolean}} round
 */
export function roundParams({ seed = null, dice = DEFAULTS.dice, board = null, dims = null, timer = DEFAULTS.timer, min = DEFAULTS.min, wordlist = DEFAULTS.wordlist, multiboggle = false }) {
  return {
    mode: 'play',
    seed: board ? null : seed,
    dice: board || dice === DEFAULTS.dice ? null : dice,
    board: board || null,
    dims: board ? dimsParam(board.length, dims) : null,
    timer: timer === DEFAULTS.timer ? null : timer,
    min: min === DEFAULTS.min ? null : min,
    wordlist: wordlist === DEFAULTS.wordlist ? null : wordlist,
    multiboggle: multiboggle ? '1' : null,
  };
}

/**
 * `roundParams` as a query string (`mode=play&seed=…`), without empty values.
 * @param {Parameters<typeof roundParams>[0]} round
 */
export function roundQuery(round) {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(roundParams(round))) if (v !== null) q.set(k, v);
  return q.toString();
}

/**
 * A round's length in words: "3 minutes", or "untimed" for `timer` "off".
 * @param {string} timer
 */
export function timerText(timer) {
  return timer === 'off' ? 'untimed' : TIMERS[timer];
}

/**
 * The round that settings `s` (readRound's) make of `board` ({board, rows, cols}, the engine's):
 * what the view and the widget start, cover and keep.
 * @param {{timer: string, wordlist: string, min: string | number, multiboggle: boolean}} s
 * @param {{board: string, rows: number, cols: number}} board
 * @returns {import('./judging.js').Round}
 */
export function roundOf(s, board) {
  const minutes = s.timer === 'off' ? null : Number(s.timer);
  return { board: board.board, rows: board.rows, cols: board.cols, list: s.wordlist, min: s.min, multiboggle: s.multiboggle, minutes };
}

/**
 * A round's rules in a few words: "3 minutes · words of 4+ letters · YAWL · multiboggle".
 * @param {{timer: string, min: string | number, wordlist: string, multiboggle: boolean}} rules
 * @param {(list: string) => string} listName names a word list
 */
export function rulesText({ timer, min, wordlist, multiboggle }, listName) {
  const parts = [timerText(timer), `words of ${min}+ letters`, listName(wordlist)];
  if (multiboggle) parts.push('multiboggle');
  return parts.join(' · ');
}
