// What both halves of the break view show: a progress bar, a status line, counts, and the list
// of boards found, each a link to the solver.
import { countNode, el, replaceKeepingFocus } from '../../lib/dom.js';
import { solverHref } from '../../lib/url.js';
import { TARGET_RULE } from '../../lib/params.js';
import { count, exactCount, plural, points, seconds, shapeOf, shown, sizeText, unit } from '../../lib/format.js';
import { announce } from '../../lib/announce.js';
import { byScore } from '../../lib/board-order.js';
import { bestKnown } from '../../lib/known.js';
import { PROOFS } from '../../lib/limits.js';
import { DEFAULT_LIST } from '../../lib/lists.js';

/**
 * A breaker's counts (BreakStats in src/breaking/mod.rs).
 * @typedef {object} BreakStats
 * @property {number} classes classes visited
 * @property {number} bound_evals
 * @property {number} eliminated
 * @property {number} split
 * @property {number} boards_eliminated
 * @property {number} boards_scored
 * @property {number} found
 * @property {number} depth
 * @property {number} max_depth
 * @property {number} pending
 * @property {number} root_bound
 * @property {number} peak_bytes
 */

/**
 * The class a live break breaks (Info in src/wasm/breaking.rs): its shape, each cell's
 * letters, its board count (a decimal string) and the target.
 * @typedef {{rows: number, cols: number, cells: string[], boards: string, target: number}} BreakInfo
 */

/**
 * A board a live break found (FoundBoard in src/wasm/breaking.rs): as found, and in canonical form.
 * @typedef {{score: number, board: string, canonical: string}} FoundBoard
 */

/**
 * A progress report of the engine's `break` job (BreakProgress in src/wasm/breaking.rs): the
 * tree nodes visited and boards found since the last report (the first report also carries
 * `info`, the worker's addition), the nodes left out of the trace, and the share of the class's
 * boards settled.
 * @typedef {object} BreakProgress
 * @property {boolean} done
 * @property {BreakStats} stats
 * @property {number} boards_done
 * @property {number} boards_total
 * @property {import('../../widgets/break-tree.js').TreeNode[]} nodes
 * @property {number} untraced
 * @property {FoundBoard[]} found
 * @property {boolean} [fast] the fast breaker does the break (its `stats` count from its start)
 * @property {BreakInfo} [info]
 */

/**
 * A board in a list of boards found: `found` is the board as found, when the list shows it in
 * another (canonical) form.
 * @typedef {{board: string, score: number, found?: string}} ListedBoard
 */

/** @typedef {HTMLElement & {parts?: Array<Node | string>}} StatusLine a status line, with what it says (setStatus) */

/**
 * Text with its ends trimmed and every run of spaces made one: how the view compares a class or
 * a partition as typed with the one it shares.
 * @param {string | null | undefined} text
 */
export function spaced(text) {
  return String(text ?? '').trim().replace(/\s+/g, ' ');
}

/**
 * The best board known of a proof's size for its word list as the notes write it,
 * "streaedlp (545)".
 * @param {{size: string, list: string}} proof
 */
function best({ size, list }) {
  const [rows, cols] = shapeOf(size);
  const b = bestKnown(rows, cols, list);
  return b ? `${b.board} (${b.score})` : '';
}

/**
 * What each named proof's button says, by the engine's name for it, and the note under it from
 * the proof (its number of classes is the engine's). The search itself (letter groups, size,
 * target, word list) comes from the engine, as `boggle break --proof NAME` runs it.
 * @type {Record<string, {label: string, note: (proof: {classes: number, size: string, list: string}) => string}>}
 */
const PROOF_TEXT = {
  '3x3': {
    label: `${sizeText('3x3')} proof`,
    note: (p) => `${exactCount(p.classes)} classes, minutes on a laptop; the best ${sizeText('3x3')} board, ${best(p)}, is listed as deslatper: the same board, turned.`,
  },
  '3x4': {
    label: `${sizeText('3x4')} proof`,
    note: (p) =>
      `${exactCount(p.classes)} classes, hours of CPU time; the best ${sizeText('3x4')} board, ${best(p)}, is listed as dnisetalsrep (the same board, turned), and 33 boards reach 1500.`,
  },
  '3x4-any-corner': {
    label: `${sizeText('3x4')} proof, any corner letter`,
    note: (p) =>
      `${exactCount(p.classes)} classes: the same search as the published ${sizeText('3x4')} proof with any letter on the corners, so each class holds 16 of its classes. It finds the same 33 boards in 0.6 to 1.3 CPU hours natively, depending on the machine (about half the published groups’ time), with up to twice the memory a worker.`,
  },
  '4x4': {
    label: `${sizeText('4x4')} proof`,
    note: (p) =>
      `${exactCount(p.classes)} classes and 1,000 to 2,100 CPU hours natively, depending on the machine, up to a gigabyte a worker: a job for a cluster of machines with the command-line tool. A few chunks here price it in this browser. The best ${sizeText('4x4')} board is ${best(p)}.`,
  },
  '4x4-any-corner': {
    label: `${sizeText('4x4')} proof, any corner letter`,
    note: (p) =>
      `${exactCount(p.classes)} classes, each holding 16 classes of the published ${sizeText('4x4')} proof: the same boards in about 930 to 1,300 CPU hours natively, about half the published groups’ time, with up to a gigabyte a worker. Still a job for a cluster of machines with the command-line tool; a few chunks here price it in this browser.`,
  },
  '3x4-yawl': {
    label: `YAWL ${sizeText('3x4')} proof`,
    note: (p) =>
      `The ${sizeText('3x4')} proof with any corner letter for the YAWL word list: ${exactCount(p.classes)} classes, about 1.75 CPU hours natively, up to 600 MB a worker. It lists 9 boards at 1900 or more; the best is ${best(p)}.`,
  },
  '4x4-yawl': {
    label: `YAWL ${sizeText('4x4')} proof`,
    note: (p) =>
      `The proof that would settle YAWL’s best 4x4 board, which nobody has proved: the best known is ${best(p)}. ${exactCount(p.classes)} classes at 4500, about 1,480 CPU hours natively, up to 900 MB a worker: a job for a cluster of machines with the command-line tool; a few chunks here price it in this browser.`,
  },
};

/**
 * The engine's named proofs (`boggle defaults`), each one click away: `id` (the engine's name)
 * names its button (`data-preset`) for tests and scripts. A proof without words of its own here
 * is labelled with its name, and its note gives its number of classes.
 * @type {{ id: string, label: string, partition: string, size: string, target: number, list: string, note: string }[]}
 */
export const PRESETS = PROOFS.map((p) => {
  const text = PROOF_TEXT[p.name];
  return {
    id: p.name,
    partition: p.partition,
    size: p.size,
    target: p.target,
    list: p.list,
    label: text?.label ?? `${p.name} proof`,
    note: text ? text.note(p) : `${exactCount(p.classes)} classes.`,
  };
});

/** The partition run's search when the URL names none: the first proof (the published 3x3 one). */
export const DEFAULT_PARTITION = PRESETS[0].partition;
/** The partition run's board size when the URL names none: the first proof's. */
export const DEFAULT_SIZE = PRESETS[0].size;
/** Its target, which is the live class's default target too (the default class is a 3x3 one). */
export const DEFAULT_TARGET = PRESETS[0].target;

/**
 * What both halves say of a URL `target` that is not a target score; each then uses the default.
 * @param {string} text
 */
export function badTargetNote(text) {
  return `target=“${shown(text)}” is not a target score: use ${TARGET_RULE}; using ${DEFAULT_TARGET}.`;
}

/**
 * What every list of boards found says about the form its boards are in: a board and its
 * rotations and reflections are one board, listed once in the engine's canonical form.
 */
export const CANONICAL_NOTE =
  'Each board is listed once, in canonical form: of its rotations and reflections, the first in alphabetical order (the same board may sit turned in the class).';

/** Boards drawn in a found list (best first); the rest are counted. */
export const SHOWN_BOARDS = 500;
/** While a class is broken, its list of boards found is redrawn at most this often. */
const LIST_MS = 500;

/**
 * A break card's progress parts as its own fields (the live break, the partition run and
 * the break widget extend it): the bar, status line, counts, found-boards list and its notes.
 */
export class ProgressCard {
  /**
   * @param {string} testid names the status (`${testid}-status`) and the list
   * @param {string} listClass the found-boards list's class
   * @param {string} emptyNote what the list's note says before any board is found
   * @param {string} [barName] the progress bar's accessible name ("Boards settled")
   */
  constructor(testid, listClass, emptyNote, barName) {
    const parts = progressParts(testid, listClass, emptyNote);
    if (barName) parts.bar.setAttribute('aria-label', barName);
    this.bar = parts.bar;
    this.status = parts.status;
    this.counts = parts.counts;
    this.survivorList = parts.survivorList;
    this.survivorNote = parts.survivorNote;
    this.formNote = parts.formNote;
  }

  /**
   * Fills the progress bar to `fraction`, and gives it `text` as what a screen reader says of
   * its value ("41.0% (14,300 of 34,960 classes)"); without text, the bare percentage.
   * @param {number} fraction
   * @param {string | null} [text]
   */
  setBar(fraction, text = null) {
    this.bar.value = fraction;
    if (text) this.bar.setAttribute('aria-valuetext', text);
    else this.bar.removeAttribute('aria-valuetext');
  }

  /**
   * Shows a class break's progress report `p` in the status line, `ms` after it began: the
   * share of the class's boards settled, or once done how many reach the target (said aloud
   * too). `results` is the card's LiveResults, already given `p`.
   * @param {{done: boolean, boards_done: number, boards_total: number}} p
   * @param {LiveResults} results
   * @param {number} ms
   */
  showBreakProgress(p, results, ms) {
    const { info, found } = results;
    const boards = info ? countNode(info.boards, 'boards') : '?';
    if (p.done) {
      const reach = `${unit(found.count, 'reaches', 'reach')} ${info ? points(info.target) : '?'}`;
      setStatus(this.status, 'done', [`Done in ${seconds(ms)}: ${plural(found.count, 'board')} of `, boards, ` ${reach}.`]);
      announce(`Break finished: ${plural(found.count, 'board')} of ${info ? count(info.boards) : '?'} ${reach}`);
      if (!found.count) this.survivorNote.textContent = 'No board of this class reaches the target.';
      else this.survivorNote.hidden = true;
    } else {
      const fraction = p.boards_total > 0 ? p.boards_done / p.boards_total : 1;
      setStatus(this.status, 'running', [`Breaking: ${(fraction * 100).toFixed(1)}% of `, boards, ` boards settled, ${seconds(ms)}.`]);
      if (found.count) this.survivorNote.hidden = true;
    }
  }
}

/**
 * The progress bar, status line, counts and found-boards list; `testid` names the status
 * (`${testid}-status`) and the list (`${testid}-survivors`).
 * @param {string} testid
 * @param {string} listClass
 * @param {string} emptyNote
 */
function progressParts(testid, listClass, emptyNote) {
  // Not a live region: it changes with every progress report. Its owner says the start, the
  // end and any error through the page's announcer.
  const status = el('p', { className: 'break-status' }, ['Not started.']);
  status.dataset.testid = `${testid}-status`;
  status.dataset.state = 'idle';
  const survivorList = el('ol', { className: listClass });
  survivorList.dataset.testid = `${testid}-survivors`;
  return {
    bar: el('progress', { max: 1, value: 0, className: 'break-bar' }),
    status,
    counts: el('dl', { className: 'break-counts' }),
    survivorList,
    survivorNote: el('p', { className: 'muted small' }, [emptyNote]),
    formNote: el('p', { className: 'muted small canonical-note' }, [CANONICAL_NOTE]),
  };
}

/**
 * Sets status line `status` to `state` (its data-state) and `parts`: a string, or strings and
 * nodes (a board count from countNode keeps its exact figure for screen readers).
 * @param {StatusLine} status
 * @param {string} state
 * @param {string | Array<Node | string>} parts
 */
export function setStatus(status, state, parts) {
  status.parts = [].concat(parts);
  status.dataset.state = state;
  status.replaceChildren(...status.parts);
}

/** The engine's name for the error of a search that found more boards than it keeps. */
export const TOO_MANY_BOARDS = 'TooManyBoards';

/** The engine's name for the error of breaker options it refused. */
export const BAD_OPTION = 'BadOption';

/** True for the error of a search that found more boards than it keeps: the target is too low. */
export const tooManyBoards = (/** @type {Error} */ e) => e.name === TOO_MANY_BOARDS;

/**
 * Marks a running status line as stopped, keeping what it said: "…; stopped."
 * @param {StatusLine} status
 */
export function stopStatus(status) {
  const parts = [...(status.parts ?? [status.textContent])];
  const last = parts.length - 1;
  if (typeof parts[last] === 'string') parts[last] = parts[last].replace(/\.$/, '');
  setStatus(status, 'stopped', [...parts, '; stopped.']);
}

/**
 * The counts' rows from [name, value] pairs.
 * @param {[string, string][]} pairs
 */
export function countRows(pairs) {
  return pairs.map(([k, v]) => el('div', {}, [el('dt', {}, [k]), el('dd', {}, [v])]));
}

/**
 * The best SHOWN_BOARDS of the boards found so far, and how many were found: what a list
 * draws, kept without sorting every board found each time more arrive.
 */
export class BestBoards {
  constructor() {
    /** @type {ListedBoard[]} */
    this.list = [];
    this.count = 0;
    /** Set when the list changed; whoever draws it clears it. */
    this.changed = true;
  }

  /**
   * Adds boards ({board, score}, and `found`: the board as found when that differs) not added before.
   * @param {ListedBoard[]} found
   */
  add(found) {
    if (!found.length) return;
    this.count += found.length;
    this.changed = true;
    const full = this.list.length >= SHOWN_BOARDS;
    const worst = this.list[this.list.length - 1];
    const better = full ? found.filter((f) => byScore(f, worst) < 0) : found;
    if (better.length) this.list = this.list.concat(better).sort(byScore).slice(0, SHOWN_BOARDS);
  }
}

/**
 * The boards of `best` (a BestBoards) as list items linking to the solver for boards of
 * `size` scored with `wordlist`, then an item saying how many more were found.
 * @param {BestBoards} best
 * @param {string} size
 * @param {string} testid
 * @returns {HTMLLIElement[]}
 */
export function survivorItems(best, size, testid, wordlist = DEFAULT_LIST) {
  const items = best.list.map(({ board, score, found }) => {
    const a = el('a', { href: solverHref(board, size, wordlist), className: 'survivor' }, [
      el('span', { className: 'survivor-score' }, [String(score)]),
      el('span', { className: 'survivor-board' }, [board]),
    ]);
    a.dataset.testid = testid;
    a.dataset.board = board;
    a.dataset.score = String(score);
    a.title = 'Open in the solver';
    if (found && found !== board) {
      a.title = `Open in the solver. Found as ${found}: the same board, rotated or reflected.`;
      a.dataset.found = found;
    }
    return el('li', {}, [a]);
  });
  const more = best.count - best.list.length;
  if (more > 0) {
    items.push(el('li', { className: 'muted small survivor-more' }, [`… and ${count(more)} more with lower scores (not listed)`]));
  }
  return items;
}

/**
 * What a live break draws as its progress arrives: the tree nodes (into `tree`, a BreakTree)
 * and the boards found (into `list`, redrawn at most every LIST_MS and on the last report).
 * `info` is the class being broken once its first report has come; `found` its BestBoards.
 */
export class LiveResults {
  /**
   * @param {import('../../widgets/break-tree.js').BreakTree} tree
   * @param {HTMLElement} list
   */
  constructor(tree, list) {
    this.tree = tree;
    this.list = list;
    this.reset();
  }

  /** Empties the tree and the list for a new run with `wordlist` (the list its boards link with). */
  reset(wordlist = DEFAULT_LIST) {
    this.wordlist = wordlist;
    /** @type {BreakInfo | null} */
    this.info = null;
    this.found = new BestBoards();
    /** @type {Set<string>} */
    this.seen = new Set(); // canonical forms listed: a board found in two orientations is one
    /**
     * Every board reported, by the board as found (the CLI's form), for the download.
     * @type {Map<string, {board: string, score: number}>}
     */
    this.all = new Map();
    this.listDrawn = 0;
    this.tree.reset();
    this.list.replaceChildren();
  }

  /**
   * Adds progress report `p` of the engine's break job.
   * @param {BreakProgress} p
   */
  add(p) {
    if (p.info) {
      this.info = p.info;
      this.tree.setShape(p.info.rows, p.info.cols);
    }
    for (const n of p.nodes) this.tree.add(n);
    for (const f of p.found) this.all.set(f.board, { board: f.board, score: f.score });
    // Listed in canonical form (the engine's), as every list of boards found is.
    const fresh = p.found
      .map((f) => ({ board: f.canonical ?? f.board, score: f.score, found: f.board }))
      .filter((f) => !this.seen.has(f.board) && this.seen.add(f.board));
    this.found.add(fresh);
    if (p.done || performance.now() - this.listDrawn >= LIST_MS) this.flush();
  }

  /** Draws the boards found that the list does not show yet (a stopped run's last ones too). */
  flush() {
    if (!this.found.changed) return;
    const size = this.info ? `${this.info.rows}x${this.info.cols}` : '';
    replaceKeepingFocus(this.list, survivorItems(this.found, size, 'break-survivor', this.wordlist), 'board');
    this.found.changed = false;
    this.listDrawn = performance.now();
  }
}
