// What is known of Boggle boards that the engine does not compute on the spot, so no
// `boggle defaults` value: the best boards found by size and word list (the ENABLE2K 3x3, 3x4
// and 4x4 ones proved best by the Break view's proofs) and the class the Bounds and Break views
// and their widgets open with. The views, the widgets and the Embed dialog read them here.
import { DEFAULT_LIST } from './lists.js';

/** The class shown when the URL names none: the published 5,062,500-board 3x3 class, which the published breaker's documentation works through. */
export const DEFAULT_CLASS = 'lnrsy aeiou chkmpt / chkmpt aeiou lnrsy / lnrsy aeiou bdfgjvwxz';

/**
 * A best board: row-major letters (null where none is recorded here) and its score.
 * @typedef {{board: string | null, score: number}} Best
 */

/**
 * The best boards known, by word list (its URL name) and size ("3x4"; a board of the size
 * turned a quarter, "4x3", scores the same).
 * @type {Readonly<Record<string, Readonly<Record<string, Best>>>>}
 */
export const BEST_BOARDS = Object.freeze({
  enable2k: Object.freeze({
    '3x3': { board: 'streaedlp', score: 545 },
    '3x4': { board: 'perslatesind', score: 1651 },
    '4x4': { board: 'perslatgsineters', score: 3625 },
    '5x5': { board: null, score: 10406 },
  }),
  yawl: Object.freeze({
    '3x4': { board: 'bindlatesers', score: 1959 },
    '4x4': { board: 'bestlatepirsseng', score: 4540 },
  }),
});

/**
 * The best board known of `rows x cols` for word list `list`, or null when none is recorded.
 * @param {number} rows
 * @param {number} cols
 * @param {string} [list] a word list's URL name (the default list's when left out)
 * @returns {Best | null}
 */
export function bestKnown(rows, cols, list = DEFAULT_LIST) {
  const byList = BEST_BOARDS[list];
  return byList?.[`${rows}x${cols}`] ?? byList?.[`${cols}x${rows}`] ?? null;
}
