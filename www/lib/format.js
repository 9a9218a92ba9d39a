// How numbers, boards and times are written on the page, in one place for every view.

/**
 * A whole number (or BigInt) with thousands separators: 1234567 -> "1,234,567". Written out
 * rather than through toLocaleString, whose first call loads the browser's locale data (some
 * 15 ms on the main thread, in the way of the first score).
 */
export function count(n) {
  const digits = String(typeof n === 'bigint' ? n : Math.round(Number(n)));
  return /^-?\d+$/.test(digits) ? digits.replace(/\B(?=(\d{3})+$)/g, ',') : digits;
}

/**
 * A value from a URL, a file or a field as it is quoted in a message: at most `max`
 * characters, with bidirectional and invisible control characters (which could make the
 * message read differently from what it says) shown as \u{...} escapes.
 */
export function shown(value, max = 40) {
  const s = String(value).replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g, (c) => `\\u{${c.codePointAt(0).toString(16)}}`);
  return s.length > max ? `${s.slice(0, max)}… (${s.length} characters)` : s;
}

/** Reads a yes/no URL value (`1`, `true`, `0`, `false`); null for anything else. */
export function readFlag(value) {
  const flags = { 1: true, true: true, 0: false, false: false };
  return Object.hasOwn(flags, value) ? flags[value] : null;
}

/** "1 word", "2 words", "1,045 words". */
export function plural(n, one, many = `${one}s`) {
  return `${count(n)} ${n === 1 ? one : many}`;
}

/** How a board letter is shown: the Qu face as "Qu", others upper case. */
export function faceText(letter) {
  return letter === 'q' ? 'Qu' : letter.toUpperCase();
}

/** A board string split into its rows, e.g. "pers latg sine ters". */
export function rowsText(board, cols) {
  return board.match(new RegExp(`.{1,${cols}}`, 'g')).join(' ');
}

/** A duration for people: "42 s", "3 min 5 s", "2 h 10 min". */
export function duration(ms) {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} min ${s % 60} s`;
  return `${Math.floor(m / 60)} h ${m % 60} min`;
}

/** A short duration with a tenth of a second below 10 s ("0.4 s", "7.5 s"), else as `duration`. */
export function seconds(ms) {
  return ms < 10000 ? `${(Math.max(0, ms) / 1000).toFixed(1)} s` : duration(ms);
}

/** A message as a sentence start: "could not ..." -> "Could not ...". */
export function capitalized(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
