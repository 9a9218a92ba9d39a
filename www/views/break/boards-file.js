// The boards a break found, as a file: every one (the lists show only the best 500), in the
// CLI's format, offered by a button beside the heading of each half's list of boards.
import { el } from '../../lib/dom.js';
import { count } from '../../lib/format.js';
import { byScore } from '../../lib/board-order.js';
import { boardText } from '../../lib/url.js';

/** @typedef {import('./pool.js').PartitionPool} PartitionPool */

/**
 * Boards of `size` found as `boggle break` prints them: one `SCORE<TAB>BOARD` line each, best
 * first and then alphabetical, each board as the CLI writes it (boardText), so a file saved
 * from the page compares line for line with the CLI's output.
 * @param {Iterable<{board: string, score: number}>} found
 * @param {string | null} size
 */
export function boardsText(found, size) {
  return [...found].sort(byScore).map((f) => `${f.score}\t${boardText(f.board, size)}\n`).join('');
}

/**
 * The name a run's boards are saved under: size, target and list (a shipped list's URL name),
 * and `-so-far` until every class is broken, so a partial list is not mistaken for a proof's.
 * @param {PartitionPool} pool
 * @param {{size: string, target: number, list: string}} c
 */
export function boardsFileName(pool, c) {
  return `boards-${c.size}-${c.target}-${c.list}${pool.classesDone() >= pool.total ? '' : '-so-far'}.txt`;
}

/**
 * The file name of the boards one class broke to `target` with `list`: `-so-far` until the
 * break is done.
 * @param {number} target
 * @param {string} list
 * @param {boolean} done
 */
export function classFileName(target, list, done) {
  return `boards-class-${target}-${list}${done ? '' : '-so-far'}.txt`;
}

/**
 * What a download offers: the boards (a function, as an iterator is read once), how many, and
 * the file's name.
 * @typedef {{boards: () => Iterable<{board: string, score: number}>, size: string | null, count: number, name: string}} Offer
 */

/** The button that saves the boards found, with the line that says what the file holds. */
export class BoardsDownload {
  /** @param {string} prefix the half's id and test id prefix (`partition`, `break`) */
  constructor(prefix) {
    const help = `${prefix}-download-help`;
    this.button = el('button', { type: 'button', className: 'secondary', hidden: true, 'aria-describedby': help, dataset: { testid: `${prefix}-download` } }, ['Download the boards']);
    this.button.addEventListener('click', () => this.save());
    this.help = el('p', { id: help, className: 'help download-help', hidden: true }, [
      'A text file of every board found, not only those listed: a line for each, its score, a tab and the board, best first (as the command-line tool ',
      el('code', {}, ['boggle break']),
      ' prints them).',
    ]);
    /** @type {Offer | null} */
    this.offer = null;
  }

  /**
   * Offers `offer`'s boards while there are any (null: nothing to offer).
   * @param {Offer | null} offer
   */
  show(offer) {
    this.offer = offer;
    const found = offer?.count ?? 0;
    this.button.hidden = this.help.hidden = !found;
    this.button.textContent = found === 1 ? 'Download the board' : `Download all ${count(found)} boards`;
  }

  /** Saves every board offered as a text file (boardsText). */
  save() {
    const offer = this.offer;
    if (!offer?.count) return;
    const url = URL.createObjectURL(new Blob([boardsText(offer.boards(), offer.size)], { type: 'text/plain' }));
    el('a', { href: url, download: offer.name }).click();
    // The download has its own copy once started; the URL is let go on the next task.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}
