// The play widget (`?embed=1&mode=play`, the <boggle-play> element): a round of the Play view
// for a blog post that says "try this board". It takes the Play view's parameters (seed, dice,
// board, timer, min, wordlist, multiboggle) and shows the same round, clock, word box and
// review (www/views/play/); the round starts when the reader presses Start, so a widget further
// down a post does not run its clock unseen. Without a seed or board it rolls a new board. A
// round in progress is kept in the tab as the Play view keeps its own (saved-round.js), one per
// widget: a reload brings it back with its words and the time left.
import { el, loadCss } from '../lib/dom.js';
import { listName } from '../lib/lists.js';
import { plural, shapeOf, shown, sizeText } from '../lib/format.js';
import { DICE, newSeed, readRound, roundOf, roundQuery, rulesText, timerText } from '../views/play/params.js';
import { widgetRounds } from '../views/play/saved-round.js';
import { PlayRound } from '../views/play/round.js';
import { RoundCover } from '../views/play/cover.js';
import { ReviewPanel } from '../views/play/review.js';
import { EmbedFrame } from './frame.js';
import { failureText, isDownloadFailure } from '../lib/failure.js';

await loadCss(new URL('../views/play/play.css', import.meta.url));
await loadCss(new URL('./play.css', import.meta.url));

/** @typedef {import('../widgets/word-list.js').FoundWord} FoundWord */

/** @typedef {import('./view.js').WidgetContext} WidgetContext */

/**
 * Mounts the widget into `root`; see app.js for `ctx`.
 * @param {HTMLElement} root
 * @param {WidgetContext} ctx
 */
export function mount(root, ctx) {
  const view = new PlayWidget(root, ctx);
  return { unmount: () => view.unmount() };
}

class PlayWidget {
  /**
   * @param {HTMLElement} root
   * @param {WidgetContext} ctx
   */
  constructor(root, { engine, params, notes = [] }) {
    this.engine = engine;
    this.frame = new EmbedFrame(root, params, { kind: 'play', label: 'A round of Boggle to play' });
    const s = readRound(params);
    const bad = Object.values(s.errors);
    this.frame.setNotes([...notes, ...bad]);
    /** Where this widget keeps its round in progress: by its place and the round it was given. */
    this.slot = widgetRounds(this.frame.place, roundQuery(s));
    /** The round's settings (readRound's) and, once rolled, its letters. */
    this.settings = { ...s, seed: s.board ? null : s.seed ?? this.keptSeed() ?? newSeed(), table: false, letters: '' };
    this.build();
    this.load();
  }

  /**
   * The seed of the round this widget kept, given no seed of its own (it rolled one), while that
   * round can still be played; else null. Its link comes from storage: one that is not a sound
   * round's is passed over.
   */
  keptSeed() {
    const query = this.slot.playableQuery();
    if (query === null) return null;
    const kept = readRound(new URLSearchParams(query));
    return kept.board === null && !Object.keys(kept.errors).length ? kept.seed : null;
  }

  unmount() {
    this.gone = true;
    this.round.unmount();
    this.frame.unmount();
  }

  build() {
    this.round = new PlayRound({
      engine: this.engine,
      onEnd: (/** @type {FoundWord[]} */ found) => this.finish(found),
      onFound: () => this.keep(),
      listName,
    });
    this.review = new ReviewPanel({ round: this.round });
    this.cover = new RoundCover({
      round: this.round,
      onStart: () => {
        this.review.hide();
        this.keep();
      },
    });
    const r = this.round;
    this.frame.body.append(
      el('div', { className: 'embed-play' }, [
        el('div', { className: 'embed-play-board' }, [r.stats, this.cover.tray, r.form, el('div', { className: 'play-controls' }, [r.endButton])]),
        el('div', { className: 'embed-play-side' }, [this.review.el, r.foundEl]),
      ]),
    );
  }

  async load() {
    const s = this.settings;
    // The Play view with the same values, from the start: a board it cannot play is said there
    // in full, beside what it plays instead.
    this.frame.setLink(roundQuery(s));
    let board;
    try {
      if (s.board) board = await this.engine.call('parse', { board: s.board, size: s.dims ?? null });
      else {
        const [rows, cols] = shapeOf(s.dice);
        board = { board: await this.engine.call('random', { size: s.dice, dice: true, seed: Number(s.seed) }), rows, cols };
      }
    } catch (e) {
      if (this.gone) return;
      this.frame.error.show(failureText(e, 'This board cannot be played', (m) => shown(m, 200)), isDownloadFailure(e) ? () => this.load() : null);
      this.frame.done();
      return;
    }
    if (this.gone) return;
    this.settings.letters = board.board;
    this.frame.setLink(roundQuery(s.board ? { ...s, board: board.board, dims: `${board.rows}x${board.cols}` } : s));
    this.frame.caption.textContent = s.board ? `Board ${sizeText(board.rows, board.cols)}` : `${DICE[s.dice]} · seed ${s.seed}`;
    this.frame.setLabel(`A round of Boggle to play, ${board.rows} by ${board.cols}, ${timerText(s.timer)}`);
    const round = roundOf(s, board);
    // A round this widget kept in the tab resumes, its words judged again.
    const { kept, note } = await this.slot.resume(this.engine, round, roundQuery(s));
    if (this.gone) return;
    if (note) this.frame.error.show(note);
    this.frame.body.hidden = false;
    if (kept) {
      this.round.start({ ...round, deadline: kept.deadline }, kept.found);
      this.keep();
      // Said while it is still in play (one whose time ran out meanwhile has ended: its review follows).
      if (this.round.playing) {
        const left = round.minutes ? `, ${this.round.timer.value.textContent} left` : '';
        this.round.say('hint', `Round resumed: ${plural(kept.found.length, 'word')} found so far${left}.`);
      }
    } else {
      // The board stays covered until the round starts: no looking before the clock runs.
      this.cover.show(round, rulesText(s, listName));
    }
    this.frame.done();
  }

  /** Keeps the round in progress in the tab (its link, board, deadline and words found). */
  keep() {
    const s = this.settings;
    if (!this.round.playing || !s.letters) return;
    this.slot.save({ query: roundQuery(s), board: s.letters, deadline: this.round.timer.deadline, words: [...this.round.found.keys()] });
  }

  /** @param {FoundWord[]} found the words that counted */
  async finish(found) {
    this.slot.forget();
    let r;
    try {
      r = await this.round.call('review', found.map((w) => w.word));
    } catch (e) {
      if (!this.gone) this.frame.error.show(`Could not review the round: ${shown(e.message, 200)}`);
      return;
    }
    if (this.gone) return;
    this.review.show(r, { title: 'Round over', listName: listName(this.settings.wordlist) });
    // The review takes the focus from a reader in the widget, never from the host's page (a round
    // whose time ran out while the reader was elsewhere in the post, or before a reload).
    if (document.hasFocus()) this.review.heading.focus();
  }
}
