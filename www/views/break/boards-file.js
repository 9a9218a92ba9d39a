// A partition run's boards as a file: every board found (the lists show only the best 500), in
// the CLI's format, offered by a button beside the "Boards found" heading.
import { el } from '../../lib/dom.js';
import { count } from '../../lib/format.js';

/** @typedef {import('./pool.js').PartitionPool} PartitionPool */

/**
 * Boards found as `boggle break` prints them: one `SCORE<TAB>BOARD` line each, best first and
 * then alphabetical, so a file saved from the page compares line for line with the CLI's output.
 * @param {Iterable<{board: string, score: number}>} found
 */
export function boardsText(found) {
  const sorted = [...found].sort((a, b) => b.score - a.score || (a.board < b.board ? -1 : a.board > b.board ? 1 : 0));
  return sorted.map((f) => `${f.score}\t${f.board}\n`).join('');
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

/** The button that saves a run's boards, with the line that says what the file holds. */
export class BoardsDownload {
  constructor() {
    this.button = el('button', { type: 'button', className: 'secondary', hidden: true, 'aria-describedby': 'partition-download-help', dataset: { testid: 'partition-download' } }, ['Download the boards']);
    this.button.addEventListener('click', () => this.save());
    this.help = el('p', { id: 'partition-download-help', className: 'help download-help', hidden: true }, [
      'A text file of every board found, not only those listed: one SCORE, tab, BOARD line each, best first, as boggle break prints them.',
    ]);
    /** @type {PartitionPool | null} */
    this.pool = null;
  }

  /**
   * Offers the boards of `pool` while it has any (null: nothing to offer).
   * @param {PartitionPool | null} pool
   */
  show(pool) {
    this.pool = pool;
    const found = pool?.found.size ?? 0;
    this.button.hidden = this.help.hidden = !found;
    this.button.textContent = found === 1 ? 'Download the board' : `Download all ${count(found)} boards`;
  }

  /** Saves every board the run shown has found as a text file (boardsText). */
  save() {
    const pool = this.pool;
    if (!pool?.found.size) return;
    const url = URL.createObjectURL(new Blob([boardsText(pool.found.values())], { type: 'text/plain' }));
    el('a', { href: url, download: boardsFileName(pool, pool.config) }).click();
    // The download has its own copy once started; the URL is let go on the next task.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}
