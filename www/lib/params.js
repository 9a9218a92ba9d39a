// Readers for values that come from the URL or a form field. Each returns the value in its
// normal form or throws an Error whose message is written for the user (views show it beside
// the control), except the two lenient readers at the end, which return null.
import { shown } from './format.js';

/** One of `values`, else `message`. */
export function oneOf(values, message) {
  return (v) => {
    if (!values.includes(v)) throw new Error(message);
    return v;
  };
}

/** A whole number from `lo` to `hi` (as a string), else `message`. */
export function int(lo, hi, message) {
  return (v) => {
    const n = Number(v);
    if (v === '' || !Number.isInteger(n) || n < lo || n > hi) throw new Error(message);
    return String(n);
  };
}

/** A number from `lo` to `hi` (as a string), else `message`. */
export function num(lo, hi, message) {
  return (v) => {
    const n = Number(v);
    if (v === '' || !Number.isFinite(n) || n < lo || n > hi) throw new Error(message);
    return String(n);
  };
}

/** A board size written "4x4" or "44", as "RxC". */
export function readSize(v) {
  const m = /^([2-6])\s*[xX]\s*([2-6])$/.exec(v) ?? /^([2-6])([2-6])$/.exec(v);
  if (!m) throw new Error(`'${shown(v)}' is not a board size: use ROWSxCOLS with 2 to 6 rows and columns, e.g. 4x4`);
  return `${m[1]}x${m[2]}`;
}

/** A set of letters a-z (spaces and commas ignored), sorted and without repeats. */
export function readLetters(v) {
  const s = v.toLowerCase().replace(/[\s,]/g, '');
  if (!s) throw new Error('no letters allowed: give at least one letter a-z');
  const bad = /[^a-z]/.exec(s);
  if (bad) throw new Error(`'${shown(bad[0])}' is not a letter: the allowed letters must be a-z`);
  return [...new Set(s)].sort().join('');
}

/** Reads a `dims` value (`44`, `4x4`) into "RxC", or null when it is not a size from 2x2 to 6x6. */
export function readDims(text) {
  const m = /^\s*([2-6])\s*[x×,]?\s*([2-6])\s*$/i.exec(text);
  return m ? `${m[1]}x${m[2]}` : null;
}

/** Reads a target score from the URL or a field: a whole number from 1 up, else null. */
export function readTarget(text) {
  const t = String(text ?? '').trim();
  if (!/^\d{1,6}$/.test(t)) return null;
  const n = Number(t);
  return n >= 1 ? n : null;
}
