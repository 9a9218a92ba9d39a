// The "Best boards found in this browser" card of the search view: the boards kept across
// visits (saved.js), each with a link to the solver and one to run its search again, and a
// button to forget them.
import { confirmAction } from '../../lib/confirm.js';
import { boardRows, el } from '../../lib/dom.js';
import { count, localDate, plural, shapeOf, sizeText, unit } from '../../lib/format.js';
import { DEFAULT_LIST, listName } from '../../lib/lists.js';
import { listOfKey } from '../../lib/own-lists.js';
import { solverHref } from '../../lib/url.js';
import { MAX_PER_SIZE, addSaved, forgetSaved, loadSaved } from './saved.js';

/** The card, filled from this browser's saved boards. */
export class SavedCard {
  constructor() {
    this.list = el('ol', { className: 'search-top search-saved', dataset: { testid: 'saved-boards' } });
    // The note takes the focus when Forget them hides itself, so the keyboard keeps its place.
    this.note = el('p', { className: 'help search-saved-note', tabIndex: -1, dataset: { testid: 'saved-note' } });
    const forget = (this.forget = el('button', { type: 'button', className: 'secondary' }, ['Forget them']));
    forget.addEventListener('click', async () => {
      if (!this.saved.length) return;
      const yes = await confirmAction({
        title: 'Forget the saved boards?',
        text: `${this.saved.length === 1 ? 'The board' : `The ${count(this.saved.length)} boards`} kept in this browser will be gone for good.`,
        yes: 'Forget them',
      });
      if (!yes) return;
      forgetSaved();
      this.saved = [];
      this.note.textContent = 'The saved boards were forgotten.';
      this.render();
      this.note.focus();
    });
    this.el = el('section', { className: 'card search-top-card' }, [
      el('h2', { className: 'search-title' }, ['Best boards found in this browser']),
      el('p', { className: 'help' }, [`Kept here across visits, the best ${MAX_PER_SIZE} of each size and word list. “Run again” repeats the run that found a board, on one worker.`]),
      this.note,
      this.list,
      el('div', { className: 'search-buttons search-saved-buttons' }, [forget]),
    ]);
    /** @type {string | undefined} what the list shows, to skip redrawing the same list */
    this.shown = undefined;
    const { entries, dropped } = loadSaved();
    this.saved = entries;
    if (dropped) {
      this.note.textContent =
        dropped < 0
          ? 'The saved list of best boards could not be read and was cleared.'
          : `${plural(dropped, 'saved board')} could not be read and ${unit(dropped, 'was', 'were')} removed.`;
    }
    this.render();
  }

  /**
   * Keeps the boards of `entries` (a worker's best distinct boards) that belong among the saved ones.
   * @param {Parameters<typeof addSaved>[1]} entries
   */
  offer(entries) {
    const next = addSaved(this.saved, entries);
    if (next === this.saved) return;
    this.saved = next;
    this.render();
  }

  /** Draws the list (when it changed). */
  render() {
    // Everything an entry shows: an earlier find of the same board replaces the entry with the
    // one that found it first, its date and its seed.
    const key = JSON.stringify(this.saved.map((e) => [e.list, e.size, e.board, e.score, e.at, e.how, e.run]));
    if (key === this.shown) return;
    this.shown = key;
    this.forget.hidden = !this.saved.length;
    this.list.replaceChildren(
      ...this.saved.map((e) =>
        el('li', { dataset: { testid: 'saved-board' } }, [
          el('span', { className: 'search-top-score' }, [String(e.score)]),
          el('span', { className: 'search-saved-item' }, [
            el('a', { href: solverHref(e.board, e.size, listOfKey(e.list)), dataset: { board: e.board }, title: 'Open in the solver' }, boardRows(e.board, shapeOf(e.size)[1])),
            el('span', { className: 'search-saved-how' }, [
              // No break before the link: "· run again" stays together.
              `${sizeText(e.size)}${e.list === DEFAULT_LIST ? '' : ` · ${listName(listOfKey(e.list))}`} · ${e.how} · `,
              // A date breaks at its hyphens: it keeps to one line.
              el('span', { className: 'nowrap' }, [localDate(e.at)]),
              '\u00a0·\u00a0',
              el('a', { href: e.run, className: 'search-saved-again', 'aria-label': `Run again: ${e.board}` }, ['run again']),
            ]),
          ]),
        ]),
      ),
    );
  }
}
