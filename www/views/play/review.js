// The review at the end of a round (or of a game played on the table): the score against the
// board's total, the words found against the words on the board, the words missed ranked by
// points (the solver's word list: point at, focus or tap one to see its path on the board) and
// the words given that did not count, each with why. A missed word picked from the list has
// its path drawn on the round's board and said in words, for who cannot see it drawn. The view
// shows the words missed in a card of their own, after the player's own words (a long list of
// missed words would push those far down a phone's page); the widget keeps them in the review.
import { el } from '../../lib/dom.js';
import { count, exactCount, plural, points, pointsText, shown } from '../../lib/format.js';
import { PLAY } from '../../lib/limits.js';
import { announce } from '../../lib/announce.js';
import { pathText } from '../../lib/path-text.js';
import { WordList } from '../../widgets/word-list.js';
import { verdictText } from './judging.js';

/** @typedef {import('../../widgets/word-list.js').FoundWord} FoundWord */

/** A finished round's review: score, words found and missed, and the words that did not count. */
export class ReviewPanel {
  /**
   * `round` is the PlayRound whose board shows a missed word's path. `apart`: the words missed
   * are a card of their own, `missedEl`, for the caller to place (shown and hidden with the review).
   * @param {{round: import('./round.js').PlayRound, apart?: boolean}} options
   */
  constructor({ round, apart = false }) {
    /**
     * Draws word `w`'s path on the board (null: none).
     * @param {FoundWord | null} w
     */
    this.showPath = (w) => round.grid.showPath(w?.path ?? null, 'word');
    /**
     * Says word `w`'s path in words.
     * @param {FoundWord} w
     */
    this.sayPath = (w) => announce(`${w.word.toUpperCase()}, ${pointsText(w.points)}: ${pathText(round.round.board, w.path, round.round.cols)}`);
    /** @type {FoundWord | null} the missed word chosen, whose path stays drawn */
    this.pinned = null;
    this.summary = el('p', { className: 'play-summary' });
    this.detail = el('p', { className: 'help play-detail' });
    this.missed = new WordList({
      onHover: (w) => this.showPath(w ?? this.pinned),
      onSelect: (w) => {
        this.pinned = w;
        this.showPath(w);
        if (w) this.sayPath(w);
      },
    });
    this.missed.setLabel('Words missed');
    this.missed.el.dataset.testid = 'play-missed';
    this.refusedHeading = el('h3', { className: 'play-subheading' }, ['Not counted']);
    this.refused = el('ul', { className: 'play-refused', dataset: { testid: 'play-refused' } });
    this.refusedBox = el('div', { hidden: true }, [this.refusedHeading, this.refused]);
    this.actions = el('div', { className: 'play-actions' });
    this.heading = el('h2', { className: 'play-heading', tabIndex: -1 }, ['Round over']);
    const missedTitle = 'Words missed, best first';
    this.el = el('section', { className: 'card play-review', hidden: true, dataset: { testid: 'play-review' }, 'aria-labelledby': 'play-review-heading' }, [
      this.heading,
      this.summary,
      this.detail,
      this.actions,
      this.refusedBox,
    ]);
    this.heading.id = 'play-review-heading';
    /** @type {HTMLElement | null} the card of the words missed, when `apart` */
    this.missedEl = null;
    if (apart) {
      this.missedEl = el('section', { className: 'card play-missed-card', hidden: true, 'aria-labelledby': 'play-missed-heading' }, [
        el('h2', { id: 'play-missed-heading', className: 'play-heading' }, [missedTitle]),
        this.missed.el,
      ]);
    } else {
      this.el.append(el('h3', { className: 'play-subheading' }, [missedTitle]), this.missed.el);
    }
  }

  /**
   * Shows review `r` (the engine's: {score, total, words, found, missed, refused, repeated,
   * unread}) and says its result; `title` heads it, `listName` names the list for the refusals.
   * @param {import('./judging.js').Review} r
   * @param {{title?: string, listName: string}} how
   */
  show(r, { title = 'Round over', listName }) {
    this.pinned = null;
    this.heading.textContent = title;
    // Said once, here, for the view and the widget alike: the round's end and its result.
    announce(`${title}: ${points(r.score)} of ${pointsText(r.total)}, ${count(r.found.length)} of ${plural(r.words, 'word')} found`);
    this.summary.replaceChildren(
      el('strong', { dataset: { testid: 'play-result' } }, [`${points(r.score)} of ${pointsText(r.total)}`]),
      ' ',
      el('span', { className: 'play-summary-words' }, [`${count(r.found.length)} of ${plural(r.words, 'word')} found`]),
    );
    const share = r.total ? (100 * r.score) / r.total : 0;
    // Whole percents, but a score that is not nothing never reads as 0%, nor short of all as 100%.
    const percent = share > 0 && share < 0.5 ? 'less than 1' : share < 100 && share >= 99.5 ? 'more than 99' : String(Math.round(share));
    const notes = [`That is ${percent}% of the board's points.`];
    if (r.repeated.length) notes.push(`Given twice: ${r.repeated.slice(0, 10).map((w) => shown(w, 20)).join(', ')}${r.repeated.length > 10 ? ', …' : ''}.`);
    if (r.unread) notes.push(`${plural(r.unread, 'word')} past the first ${exactCount(PLAY.max_claimed)} were not read.`);
    this.detail.textContent = notes.join(' ');
    this.refused.replaceChildren(
      ...r.refused.map((x) => el('li', { dataset: { word: x.word, verdict: x.verdict } }, [verdictText(x, listName)[1]])),
    );
    this.refusedBox.hidden = !r.refused.length;
    this.refusedHeading.textContent = `Not counted (${count(r.refused.length)})`;
    this.missed.setWords(r.missed);
    this.el.hidden = false;
    if (this.missedEl) this.missedEl.hidden = false;
  }

  hide() {
    this.el.hidden = true;
    if (this.missedEl) this.missedEl.hidden = true;
    this.pinned = null;
  }
}
