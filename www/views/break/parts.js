// What both halves of the break view show: a progress bar, a status line, counts, and the list
// of boards found, each a link to the solver.
import { el } from '../../lib/dom.js';
import { solverHref } from '../../lib/url.js';

/** The class broken when the URL names none: the published 5,062,500-board class. */
export const DEFAULT_CLASS = 'lnrsy aeiou chkmpt chkmpt aeiou lnrsy lnrsy aeiou bdfgjvwxz';
/** The published 3x3 partition: each cell takes one of the four groups. */
export const DEFAULT_PARTITION = 'bdfgjqvwxz aeiou lnrsy chkmpt';
export const DEFAULT_SIZE = '3x3';
export const DEFAULT_TARGET = 500;

/**
 * The progress bar, status line, counts and found-boards list; `testid` names the status
 * (`${testid}-status`) and the list (`${testid}-survivors`).
 */
export function progressParts(testid, listClass, emptyNote) {
  const status = el('p', { className: 'break-status', role: 'status' }, ['Not started.']);
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
  };
}

/** The counts' rows from [name, value] pairs. */
export function countRows(pairs) {
  return pairs.map(([k, v]) => el('div', {}, [el('dt', {}, [k]), el('dd', {}, [v])]));
}

/** Found boards ({board, score}), best first, as list items linking to the solver. */
export function survivorItems(found, size, testid) {
  const list = [...found].sort((a, b) => b.score - a.score || (a.board < b.board ? -1 : 1));
  return list.map(({ board, score }) => {
    const a = el('a', { href: solverHref(board, size), className: 'survivor' }, [
      el('span', { className: 'survivor-score' }, [String(score)]),
      el('span', { className: 'survivor-board' }, [board]),
    ]);
    a.dataset.testid = testid;
    a.dataset.board = board;
    a.dataset.score = String(score);
    return el('li', {}, [a]);
  });
}
