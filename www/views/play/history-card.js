// The card "Your last rounds": the rounds finished in this browser (kept by history.js), newest
// first, each its score against the board's total, its words, size and date, a link that plays
// the same round again, and Review, which shows the round's review again. Clear forgets them,
// asked first (it cannot be undone). A list that could not be read whole is said once, above the
// rounds that could.
import { el } from '../../lib/dom.js';
import { announce } from '../../lib/announce.js';
import { confirmAction } from '../../lib/confirm.js';
import { count, localDate, plural, points, pointsText, unit } from '../../lib/format.js';
import { addRound, clearHistory, loadHistory, roundSizeText } from './history.js';

/** The last rounds played in this browser, as a card: built with the rounds stored. */
export class HistoryCard {
  /**
   * `review(round)`: Review, pressed beside a round kept with its words.
   * @param {{review: (round: import('./history.js').PlayedRound) => void}} options
   */
  constructor({ review }) {
    this.review = review;
    this.list = el('ol', { className: 'play-history', dataset: { testid: 'play-history' } });
    // The note takes the focus when Clear hides itself, so the keyboard keeps its place.
    this.note = el('p', { className: 'help', tabIndex: -1, dataset: { testid: 'play-history-note' } });
    this.clearButton = el('button', { type: 'button', className: 'link-button' }, ['Clear']);
    this.clearButton.addEventListener('click', () => this.clear());
    this.el = el('section', { className: 'card play-history-card', 'aria-labelledby': 'play-history-heading' }, [
      el('div', { className: 'play-heading-row' }, [el('h2', { id: 'play-history-heading', className: 'play-heading' }, ['Your last rounds']), this.clearButton]),
      this.note,
      this.list,
    ]);
    const { rounds, dropped } = loadHistory();
    /** @type {import('./history.js').PlayedRound[]} newest first */
    this.rounds = rounds;
    this.render(
      dropped === -1
        ? 'The saved rounds could not be read and were cleared.'
        : dropped
          ? `${plural(dropped, 'saved round')} could not be read and ${unit(dropped, 'was', 'were')} dropped.`
          : '',
    );
  }

  /**
   * Keeps a round just finished, first in the list.
   * @param {import('./history.js').PlayedRound} round
   */
  add(round) {
    this.rounds = addRound(this.rounds, round);
    this.render('');
  }

  /** Clear, pressed: forgets every round once the player says yes. */
  async clear() {
    const yes = await confirmAction({
      title: 'Clear your last rounds?',
      text: `${plural(this.rounds.length, 'round')} kept in this browser will be gone for good.`,
      yes: 'Clear them',
    });
    if (!yes) return;
    clearHistory();
    this.rounds = [];
    this.render('Your rounds were cleared.');
    this.note.focus();
    announce('Rounds cleared');
  }

  /**
   * Draws the rounds, with `note` above them (none: what the card is for, while it is empty).
   * @param {string} note
   */
  render(note) {
    this.note.textContent = note || (this.rounds.length ? '' : 'Rounds you finish are kept here, in this browser only.');
    this.note.hidden = !this.note.textContent;
    this.clearButton.hidden = !this.rounds.length;
    this.list.replaceChildren(
      ...this.rounds.map((h) => {
        const date = localDate(h.at, { time: true });
        /** @type {HTMLElement[]} */
        const again = [];
        if (h.kept) {
          const button = el('button', { type: 'button', className: 'link-button', 'aria-label': `Review the round of ${date}`, dataset: { testid: 'play-history-review' } }, ['Review']);
          button.addEventListener('click', () => this.review(h));
          again.push(el('span', { className: 'help' }, [' · ']), button);
        }
        return el('li', { dataset: { testid: 'play-history-round' } }, [
          el('a', { href: `?${h.query}`, title: 'Play this round again' }, [`${points(h.score)} of ${pointsText(h.total)}`]),
          el('span', { className: 'help' }, [` · ${count(h.found)} of ${plural(h.words, 'word')} · ${roundSizeText(h)} · ${date}`]),
          ...again,
        ]);
      }),
    );
  }
}
