// The play widget (`?embed=1&mode=play`, the <boggle-play> element): a round of the Play view
// for a blog post that says "try this board". It takes the Play view's parameters (seed, dice,
// board, timer, min, wordlist, multiboggle) and shows the same round, clock, word box and
// review (www/views/play/); the round starts when the reader presses Start, so a widget further
// down a post does not run its clock unseen. Without a seed or board it rolls a new board.
import { el, loadCss } from '../lib/dom.js';
import { listName } from '../lib/lists.js';
import { shapeOf, shown, sizeText } from '../lib/format.js';
import { DICE, newSeed, readRound, roundOf, roundQuery, rulesText, timerText } from '../views/play/params.js';
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
    /** The round's settings (readRound's) and, once rolled, its letters. */
    this.settings = { ...s, seed: s.board ? null : s.seed ?? newSeed(), table: false, letters: '' };
    this.build();
    this.load();
  }

  unmount() {
    this.gone = true;
    this.round.unmount();
    this.frame.unmount();
  }

  build() {
    this.round = new PlayRound({ engine: this.engine, onEnd: (/** @type {FoundWord[]} */ found) => this.finish(found), listName });
    this.review = new ReviewPanel({ round: this.round });
    this.cover = new RoundCover({ round: this.round, onStart: () => this.review.hide() });
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
    // The board stays covered until the round starts: no looking before the clock runs.
    this.cover.show(roundOf(s, board), rulesText(s, listName));
    this.frame.body.hidden = false;
    this.frame.done();
  }

  /** @param {FoundWord[]} found the words that counted */
  async finish(found) {
    let r;
    try {
      r = await this.round.call('review', found.map((w) => w.word));
    } catch (e) {
      if (!this.gone) this.frame.error.show(`Could not review the round: ${shown(e.message, 200)}`);
      return;
    }
    if (this.gone) return;
    this.review.show(r, { title: 'Round over', listName: listName(this.settings.wordlist) });
    this.review.heading.focus();
  }
}
