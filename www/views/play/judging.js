// The engine's judging of a round, as the page words it: what the worker answers for a word
// (`judge`) and for a round's words (`review`), both from src/play/round.rs, the line shown beside
// the word box for each verdict, and a round's arguments to those commands. The round in play,
// its review and the Play view all read them here.
import { pointsText, shown } from '../../lib/format.js';

/**
 * What a round needs of the engine: its `call`. The worker's answers come untyped: each caller
 * says what its command returns (Judged, Review, the parsed board).
 * @typedef {{call: (cmd: string, args: Record<string, unknown>) => Promise<unknown>}} PlayEngine
 */

/** @typedef {import('../../widgets/word-list.js').FoundWord} FoundWord a word with its points and a path */

/**
 * The engine's verdict on one word (its `judge` command: `Verdict` in src/play/round.rs):
 * `accepted` with the word, its points and one path (row-major cell indices), or why it does
 * not count (`too-long` with the board's cells, `too-short` with the round's shortest word).
 * @typedef {{verdict: 'accepted', word: string, points: number, path: number[]}
 *   | {verdict: 'too-long', cells: number}
 *   | {verdict: 'too-short', min: number}
 *   | {verdict: 'empty' | 'not-letters' | 'not-a-word' | 'not-on-board'}} Judged
 */

/**
 * A verdict as the page shows it: the engine's with the word given (as a review's `refused`
 * entries come), or the page's own `repeat` for a word found already.
 * @typedef {(Judged & {word: string}) | {verdict: 'repeat', word: string}} Verdict
 */

/**
 * The engine's review of a player's words (its `review` command: `Review` in
 * src/play/round.rs). Words are listed best first, as the solver lists them.
 * @typedef {object} Review
 * @property {number} score the player's points
 * @property {number} total the points of every word on the board
 * @property {number} words the number of words on the board
 * @property {FoundWord[]} found the words that count, each once
 * @property {FoundWord[]} missed the words on the board the player did not give
 * @property {Verdict[]} refused the words given that do not count, in the order given
 * @property {string[]} repeated words given more than once (after the first), lower case
 * @property {number} unread words past the most a review reads, not read
 */

/**
 * What the line beside the box says about a verdict (the engine's, or "repeat" for a word found
 * already): [kind, text]. `kind` styles it: ok, miss.
 * @param {Verdict} v
 * @param {string} listName the round's word list, named
 * @returns {[string, string]}
 */
export function verdictText(v, listName) {
  const word = shown(String(v.word ?? '').toUpperCase(), 40);
  switch (v.verdict) {
    case 'accepted':
      return ['ok', `${word}: +${pointsText(v.points)}`];
    case 'repeat':
      return ['miss', `${word}: already found`];
    case 'too-short':
      return ['miss', `${word}: too short, words need ${v.min} letters or more`];
    case 'too-long':
      return ['miss', `${word}: too long, this board holds words of at most ${v.cells} cells`];
    case 'not-letters':
      return ['miss', `${word}: only the letters a–z make words`];
    case 'not-a-word':
      return ['miss', `${word}: not a word in ${listName}`];
    case 'not-on-board':
      return ['miss', `${word}: not on the board, though a word in ${listName}`];
    default:
      return ['miss', 'Type a word, or trace one on the board'];
  }
}

/**
 * The worker's arguments for a round's judge and review commands: its board, size and rules.
 * @param {{board: string, rows: number, cols: number, list: string, min: string | number, multiboggle: boolean}} r
 */
export function roundArgs(r) {
  return { list: r.list, board: r.board, size: `${r.rows}x${r.cols}`, min: Number(r.min), multiboggle: r.multiboggle };
}

/**
 * A round to play: its board (row-major letters, `q` for Qu) and size, its list and rules, its
 * length (`minutes`, null untimed; absent for a board shown without play, a table game's) and,
 * for a round resumed, its `deadline` (ms since the epoch).
 * @typedef {{board: string, rows: number, cols: number, list: string, min: string | number, multiboggle: boolean, minutes?: number | null, deadline?: number | null}} Round
 */
