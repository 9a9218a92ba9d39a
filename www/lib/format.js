// How numbers, boards and times are written on the page, in one place for every view. Plain
// strings only, no DOM: the workers' code reads it too (lib/dom.js builds the nodes).

/**
 * Counts from this size on are written in words ("26.3 million"); below it, in full digits. Up to
 * seven digits (9,999,999: two separators) a number reads at a glance; past that a reader has to
 * count the digit groups to learn its size, and its first three figures say all that matters.
 */
export const WORDS_FROM = 10_000_000;
/** Names of the powers of a thousand from a million on; past a quintillion, powers of ten. */
const SCALES = ['million', 'billion', 'trillion', 'quadrillion', 'quintillion'];
const SUPERSCRIPT = '⁰¹²³⁴⁵⁶⁷⁸⁹';

/**
 * A count as the page's formatters take it: a number, a BigInt or a decimal string (the engine
 * sends board counts as strings: they can pass 2^53).
 * @typedef {number | bigint | string} Count
 */

/**
 * The decimal digits of a count given as a number, a BigInt or a decimal string (the engine
 * sends board counts as strings: they can pass 2^53), as [sign, digits]; null when `n` is no count.
 * @param {Count} n
 * @returns {[string, string] | null}
 */
function digitsOf(n) {
  /** @type {string} */
  let s;
  if (typeof n === 'bigint') s = n.toString();
  else if (typeof n === 'string' && /^-?\d+$/.test(n.trim())) s = n.trim();
  else {
    const x = Math.round(Number(n));
    if (!Number.isFinite(x)) return null;
    s = Number.isSafeInteger(x) ? String(x) : BigInt(x).toString();
  }
  const sign = s.startsWith('-') ? '-' : '';
  return [sign, s.replace(/^-/, '').replace(/^0+(?=\d)/, '')];
}

/**
 * A count in full, with thousands separators: 1234567 -> "1,234,567" (a number, BigInt or
 * decimal string). Written out rather than through toLocaleString, whose first call loads the
 * browser's locale data (some 15 ms on the main thread, in the way of the first score).
 * @param {Count} n
 * @returns {string}
 */
export function exactCount(n) {
  const d = digitsOf(n);
  return d ? d[0] + d[1].replace(/\B(?=(\d{3})+$)/g, ',') : String(n);
}

/**
 * The page's one way to write a count: in full below WORDS_FROM ("5,062,500"), else to three
 * figures in words ("26.3 million", "794 billion") and past the quintillions as a power of ten
 * ("8.69 × 10⁵⁰"). Takes a number, a BigInt or a decimal string. Where the exact figure
 * matters, {@link countNode} adds it for hover and screen readers.
 * @param {Count} n
 * @returns {string}
 */
export function count(n) {
  const d = digitsOf(n);
  if (!d) return String(n);
  const [sign, digits] = d;
  if (digits.length <= String(WORDS_FROM - 1).length) return exactCount(n);
  // Three significant figures, rounded half up (999.96 million becomes 1 billion).
  let e = digits.length - 1;
  let m = Number(digits.slice(0, 3)) + (digits[3] >= '5' ? 1 : 0);
  if (m === 1000) {
    m = 100;
    e += 1;
  }
  const group = Math.floor(e / 3) * 3;
  const scale = SCALES[group / 3 - 2];
  const lead = scale ? e - group + 1 : 1; // figures before the decimal point
  const fraction = String(m).slice(lead).replace(/0+$/, '');
  const mantissa = String(m).slice(0, lead) + (fraction ? `.${fraction}` : '');
  if (scale) return `${sign}${mantissa} ${scale}`;
  return `${sign}${mantissa} × 10${[...String(e)].map((c) => SUPERSCRIPT[Number(c)]).join('')}`;
}

/**
 * A value from a URL, a file or a field as it is quoted in a message: at most `max`
 * characters, with bidirectional and invisible control characters (which could make the
 * message read differently from what it says) shown as \u{...} escapes.
 * @param {unknown} value any value; it is quoted as `String(value)` writes it
 * @param {number} [max]
 * @returns {string}
 */
export function shown(value, max = 40) {
  const s = String(value).replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g, (c) => `\\u{${c.codePointAt(0).toString(16)}}`);
  return s.length > max ? `${s.slice(0, max)}… (${s.length} characters)` : s;
}

/**
 * A board size as people read it, "4 × 4" (with no-break spaces, so a line never ends inside
 * it), from a URL-style size ("4x4") or rows and columns: every view writes sizes this way (the
 * URL keeps "4x4").
 * @param {string | number} size `RxC`, or the rows when `cols` is given
 * @param {number} [cols]
 */
export function sizeText(size, cols) {
  const [rows, columns] = cols === undefined ? String(size).split('x') : [size, cols];
  return `${rows}\u00a0×\u00a0${columns}`;
}

/**
 * The rows and columns of a URL-style size "RxC" ("4x5" -> [4, 5]).
 * @param {string} size
 * @returns {[number, number]}
 */
export function shapeOf(size) {
  const [rows, cols] = String(size).split('x').map(Number);
  return [rows, cols];
}

/**
 * The cells of a board of URL-style size "RxC" ("4x5" -> 20).
 * @param {string} size
 */
export function cellsOf(size) {
  const [rows, cols] = shapeOf(size);
  return rows * cols;
}

/**
 * A value chosen from a fixed set of names (a dice set, a round's length, a word list, an
 * optimizer, a theme) as the page compares and writes it: in lower case, without the spaces
 * around it. Every reader of such a value reads it through this, so a link or an attribute
 * typed as `timer=OFF` or `dice=4X4` means `timer=off` and `dice=4x4`, and is written so.
 * @param {string} value
 */
export function choiceOf(value) {
  return value.trim().toLowerCase();
}

/**
 * Reads a yes/no URL value (`1`, `true`, `0`, `false`, in any case); null for anything else.
 * @param {string} value
 * @returns {boolean | null}
 */
export function readFlag(value) {
  /** @type {Record<string, boolean>} */
  const flags = { 1: true, true: true, 0: false, false: false };
  const v = choiceOf(value);
  return Object.hasOwn(flags, v) ? flags[v] : null;
}

/**
 * `items` as a choice in words: "a, b or c".
 * @param {string[]} items
 */
export function either(items) {
  return items.length > 1 ? `${items.slice(0, -1).join(', ')} or ${items.at(-1)}` : items.join('');
}

/**
 * "1 word", "2 words", "1,045 words".
 * @param {Count} n
 * @param {string} one
 * @param {string} [many]
 */
export function plural(n, one, many = `${one}s`) {
  return `${count(n)} ${unit(n, one, many)}`;
}

/**
 * A score, bound or target in plain digits ("3625"), as the score display, the search view and
 * the CLI write points, so that one figure reads the same on every line of the page. Points stay
 * in six or seven digits, which read at a glance without separators; counts of boards, words,
 * classes or steps go through `count`.
 * @param {number} n
 */
export function points(n) {
  return String(Math.round(Number(n)));
}

/**
 * A number of points with its unit: "1 point", "3625 points" (`points`, not `count`).
 * @param {number} n
 * @param {string} [one]
 * @param {string} [many]
 */
export function pointsText(n, one = 'point', many = `${one}s`) {
  return `${points(n)} ${unit(n, one, many)}`;
}

/**
 * The unit alone for a count `n`: "point" for 1, "points" otherwise (what `plural` writes after the number).
 * @param {Count} n
 * @param {string} one
 * @param {string} [many]
 */
export function unit(n, one, many = `${one}s`) {
  return n === 1 ? one : many;
}

/**
 * How a message names the cell at `index` (row-major, from 0) of a grid `cols` wide: "row 2,
 * column 3". The one way the page names a cell, as the engine does (src/engine/board.rs).
 * @param {number} index
 * @param {number} cols
 */
export function cellName(index, cols) {
  return `row ${Math.floor(index / cols) + 1}, column ${(index % cols) + 1}`;
}

/**
 * How a board letter is shown: the Qu face as "Qu", others upper case.
 * @param {string} letter
 */
export function faceText(letter) {
  return letter === 'q' ? 'Qu' : letter.toUpperCase();
}

/**
 * A board letter as it is spelled in a word: the Qu face as "qu", others as they are.
 * @param {string} letter
 */
export function spelled(letter) {
  return letter === 'q' ? 'qu' : letter;
}

/**
 * The word a path spells on `board` (row-major, `q` = Qu): "quit" for Qu, I, T.
 * @param {string} board
 * @param {readonly number[]} path cell indices
 */
export function spell(board, path) {
  return path.map((i) => spelled(board[i])).join('');
}

/**
 * A cell's set of letters written short, for a cell of a class: runs of three or more letters
 * as ranges ("B–D F–H J–N P–T V–Z"), or the letters it lacks when that is shorter ("not A E I O
 * U"); all 26 are "A–Z". `letters` is the engine's cell text (sorted, `q` for Qu).
 * @param {string} letters
 */
export function letterSet(letters) {
  const has = new Set(letters);
  const items = (/** @type {(i: number) => boolean} */ inSet) => {
    const out = [];
    for (let i = 0; i < 26; ) {
      if (!inSet(i)) {
        i++;
        continue;
      }
      let j = i;
      while (j + 1 < 26 && inSet(j + 1)) j++;
      const face = (/** @type {number} */ k) => faceText(String.fromCharCode(97 + k));
      // Word joiners keep a range on one line ("V–X", never "V–" then "X").
      if (j - i >= 2) out.push(`${face(i)}\u2060–\u2060${face(j)}`);
      else for (let k = i; k <= j; k++) out.push(face(k));
      i = j + 1;
    }
    return out.join(' ');
  };
  const present = items((/** @type {number} */ i) => has.has(String.fromCharCode(97 + i)));
  const missing = items((/** @type {number} */ i) => !has.has(String.fromCharCode(97 + i)));
  return missing && `not ${missing}`.length < present.length ? `not ${missing}` : present;
}

/**
 * A row-major board string's rows of `cols` letters (the whole board as one row when `cols` is
 * not above 0): how every view and file splits a board into its rows.
 * @param {string} board
 * @param {number} cols
 * @returns {string[]}
 */
export function boardRowsOf(board, cols) {
  const step = cols > 0 ? cols : board.length;
  const rows = [];
  for (let i = 0; i < board.length; i += step) rows.push(board.slice(i, i + step));
  return rows;
}

/**
 * A board string as it is typed, row by row: "pers latg sine ters". Each Qu cube is written
 * "qu", so the text shows one letter group per cube ("quu it" is Qu, U, I, T) and reads back
 * as the same board (the engine takes a typed "qu" as one cube when the length needs it).
 * @param {string} board
 * @param {number} cols
 */
export function rowsText(board, cols) {
  return boardRowsOf(board, cols)
    .map((row) => [...row].map(spelled).join(''))
    .join(' ');
}

/**
 * What became of a "qu" typed in `text` on board `board` (the engine's form, `q` = Qu), for a
 * note: "one" when each typed "qu" became one Qu cube, "two" when a typed "qu" is a Qu cube then
 * a U cube, null when nothing typed was "qu".
 * @param {string} text
 * @param {string} board
 * @returns {'one' | 'two' | null}
 */
export function typedQu(text, board) {
  const letters = String(text).toLowerCase().replace(/[^a-z]/g, '');
  if (!letters.includes('qu')) return null;
  return letters.length > board.length ? 'one' : 'two';
}

/**
 * A duration for people: "42 s", "3 min 5 s", "2 h 10 min".
 * @param {number} ms
 */
export function duration(ms) {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} min ${s % 60} s`;
  return `${Math.floor(m / 60)} h ${m % 60} min`;
}

/**
 * A moment as the page writes dates, in the reader's own time zone: "2026-12-03", with the
 * time "2026-12-03 14:01".
 * @param {number} ms
 * @param {{time?: boolean}} [options]
 */
export function localDate(ms, { time = false } = {}) {
  const d = new Date(ms);
  const two = (/** @type {number} */ n) => String(n).padStart(2, '0');
  const day = `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}`;
  return time ? `${day} ${two(d.getHours())}:${two(d.getMinutes())}` : day;
}

/**
 * A share from 0 to 1 as a percentage, with two decimals below 10% so a small share is not "0%".
 * @param {number} x
 */
export function percent(x) {
  return `${(x * 100).toFixed(x < 0.1 ? 2 : 1)}%`;
}

/**
 * A short duration with a tenth of a second below 10 s ("0.4 s", "7.5 s"), else as `duration`.
 * @param {number} ms
 */
export function seconds(ms) {
  return ms < 10000 ? `${(Math.max(0, ms) / 1000).toFixed(1)} s` : duration(ms);
}

/**
 * A duration that may be a few milliseconds, such as a class's CPU time: two figures of
 * milliseconds below a second ("4.9 ms", "450 ms"), else as `seconds`. Fixed decimals of a second
 * would write a 5 ms class as "0.00 s".
 * @param {number} ms
 */
export function brief(ms) {
  const t = Math.max(0, ms);
  return t < 995 ? `${+t.toPrecision(2)} ms` : seconds(t);
}

/**
 * A message as a sentence start: "could not ..." -> "Could not ...".
 * @param {string} text
 */
export function capitalized(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
