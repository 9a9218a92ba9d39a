// The progress store of a whole-partition run, kept in localStorage so a stopped run (or a
// closed tab) resumes where it was. One entry per word list, size, target and partition (the
// engine's spelling of it), so different runs never mix. An entry holds the finished chunks,
// how far each unfinished chunk got, the boards found and the time spent, with a checksum:
// anything read back is checked whole before it is used, and an entry that fails (corrupted,
// hand-edited, from another run) is dropped with a reason instead of being trusted.

import { BREAK } from '../../lib/limits.js';
import { isRuns } from './estimate.js';
import { count } from '../../lib/format.js';
import { listKey } from '../../lib/own-lists.js';

const STORE_PREFIX = 'boggle-explorer:partition:';
const VERSION = 2;

/**
 * A partition run's configuration, as its progress is keyed by: the word list, the board size,
 * the target and the partition (the engine's spelling of it).
 * @typedef {{list: string, size: string, target: number, partition: string}} RunConfig
 */

/**
 * A partition run's saved progress (PartitionPool.data() in pool.js), as `problem` checks it:
 * its number of classes, chunk size, finished chunks, classes finished in each unfinished
 * chunk, the boards found, the times spent, the classes timed, the finished chunks' times
 * (older saves have none) and whether it stopped for finding too many boards (older saves:
 * no mark).
 * @typedef {object} SavedRun
 * @property {number} total
 * @property {number} chunk
 * @property {number[]} done
 * @property {Record<string, number>} partial
 * @property {{board: string, score: number}[]} found
 * @property {number} elapsedMs
 * @property {number} cpuMs
 * @property {number} timed
 * @property {import('./estimate.js').Runs} [runs]
 * @property {boolean} [tooMany]
 */

/**
 * The storage key of a run configuration {list, size, target, partition}.
 * @param {RunConfig} c
 */
export function storeKey(c) {
  // A list of the reader's own with its file's digest: another file of its name starts afresh.
  return `${STORE_PREFIX}${listKey(c.list)}|${c.size}|${c.target}|${c.partition}`;
}

/**
 * A 64-bit FNV-1a hash of `text` as 16 hex digits (two 32-bit lanes with different seeds).
 * @param {string} text
 */
function checksum(text) {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193) >>> 0;
    b = Math.imul(b ^ c ^ (a >>> 7), 0x01000193) >>> 0;
  }
  return a.toString(16).padStart(8, '0') + b.toString(16).padStart(8, '0');
}

/** @type {(n: unknown, most?: number) => n is number} */
const isCount = (n, most = Number.MAX_SAFE_INTEGER) => Number.isInteger(n) && /** @type {number} */ (n) >= 0 && /** @type {number} */ (n) <= most;
/** @type {(n: unknown) => n is number} */
const isTime = (n) => typeof n === 'number' && Number.isFinite(n) && n >= 0;

/**
 * Why `data` cannot be the progress of run `c` (with `total` classes on `cells` cells), or null
 * when it can. Checks every field the run reads, so a run never starts from a wrong state.
 * @param {Record<string, unknown> | null} data what was read back (JSON that is an object or
 *   null), each field still to check
 * @param {RunConfig} c
 * @param {number} total
 * @param {number} cells
 * @returns {string | null}
 */
function problem(data, c, total, cells) {
  if (!data || typeof data !== 'object') return 'not an object';
  if (!isCount(data.total)) return 'bad count of classes';
  if (data.total !== total) return `it is for ${count(data.total)} classes, this run has ${count(total)}`;
  if (!isCount(data.chunk, total) || data.chunk < 1) return 'bad chunk size';
  const chunks = Math.ceil(total / data.chunk);
  // (checked above: a count from 1 to `total`)
  const chunk = /** @type {number} */ (data.chunk);
  const len = (/** @type {number} */ i) => Math.min(chunk, total - i * chunk);
  if (!Array.isArray(data.done) || !data.done.every((i) => isCount(i, chunks - 1))) return 'bad finished chunks';
  const done = new Set(data.done);
  if (done.size !== data.done.length) return 'a chunk is listed twice';
  if (!data.partial || typeof data.partial !== 'object' || Array.isArray(data.partial)) return 'bad partial chunks';
  for (const [k, n] of Object.entries(data.partial)) {
    const i = Number(k);
    if (String(i) !== k || !isCount(i, chunks - 1) || done.has(i) || !isCount(n, len(i) - 1)) {
      return 'bad partial chunks';
    }
  }
  if (!Array.isArray(data.found)) return 'bad list of boards';
  if (data.found.length > BREAK.page_max_found) return `it lists ${count(data.found.length)} boards, more than a run keeps`;
  const boards = new Set();
  for (const f of data.found) {
    if (!f || typeof f.board !== 'string' || f.board.length !== cells || !/^[a-z]+$/.test(f.board)) return 'a bad board';
    if (!isCount(f.score) || f.score < c.target) return `a board (${f.board}) below the target`;
    if (boards.has(f.board)) return `a board (${f.board}) listed twice`;
    boards.add(f.board);
  }
  if (!isTime(data.elapsedMs) || !isTime(data.cpuMs)) return 'bad times';
  if (!isCount(data.timed, total)) return 'bad count of timed classes';
  // Older saves have no chunk times (or sums of them); the price starts from the next chunks.
  if (data.runs !== undefined && !isRuns(data.runs, data.chunk, chunks)) return 'bad chunk times';
  // Older saves have no mark: such a run resumes, and is marked if it passes the limit again.
  if (data.tooMany !== undefined && typeof data.tooMany !== 'boolean') return 'bad mark of too many boards';
  return null;
}

/**
 * What is saved for configuration `c` (a partition run of `total` classes on `cells` cells):
 * `{data}` with `data` = {total, chunk, done: [chunk index], partial: {chunk index: classes
 * finished in it}, found: [{board, score}], elapsedMs, cpuMs, timed, runs ([classes, ms] of each finished chunk), tooMany (true when the
 * run stopped because more boards reach the target than the page keeps)}; `{discarded: reason}` when
 * an entry was there but failed its checks (it is removed); or null when nothing is saved.
 * @param {RunConfig} c
 * @param {number} total
 * @param {number} cells
 * @returns {{data: SavedRun, discarded?: undefined} | {discarded: string, data?: undefined} | null}
 */
export function loadProgress(c, total, cells) {
  const key = storeKey(c);
  let text;
  try {
    text = localStorage.getItem(key);
  } catch {
    return null; // storage disabled: nothing to resume
  }
  if (text === null) return null;
  let reason;
  try {
    const entry = JSON.parse(text);
    if (entry?.v !== VERSION) reason = 'unknown format';
    else if (typeof entry.data !== 'object' || entry.sum !== checksum(key + JSON.stringify(entry.data))) {
      reason = 'its checksum does not match';
    } else reason = problem(entry.data, c, total, cells);
    if (!reason) return { data: entry.data };
  } catch {
    reason = 'not valid JSON';
  }
  forgetProgress(c);
  return { discarded: reason };
}

/**
 * Saves `data` for configuration `c`; a full or disabled storage only means the run cannot resume.
 * @param {RunConfig} c
 * @param {SavedRun} data
 */
export function saveProgress(c, data) {
  const key = storeKey(c);
  try {
    localStorage.setItem(key, JSON.stringify({ v: VERSION, sum: checksum(key + JSON.stringify(data)), data }));
  } catch {
    // Storage full or disabled: the run goes on, it just cannot resume after a reload.
  }
}

/**
 * Drops what is saved for configuration `c`.
 * @param {RunConfig} c
 */
export function forgetProgress(c) {
  try {
    localStorage.removeItem(storeKey(c));
  } catch {
    // nothing saved
  }
}
