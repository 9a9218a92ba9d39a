// What a view shares: the last state it could show. The URL, the Copy link button and the
// Embed dialog all describe that state, never input the view rejected, so a link, a reload or a
// snippet never leads to a broken page. A view commits each state it has shown (the engine
// accepted it) and reports input it could not show; while its input box holds something else,
// a note beside the box (and in the Embed dialog) says what the link and the embed show.
import { el } from './dom.js';
import { shown } from './format.js';
import { readParams, writeParams } from './url.js';

/** The last state a view showed, which the URL, the Copy link button and the Embed dialog describe. */
export class LastValid {
  /**
   * `noun` names the view's main value in the note ("board", "class") and `key` its URL
   * parameter; `fallback` is what the view shows when the URL names none; `describe(value)`
   * writes the value for the note; `differs()` tells whether the view's input holds something
   * other than the state shown (checked when the Embed dialog opens).
   * @param {{noun: string, key: string, fallback: string, describe?: (v: string) => string, differs?: () => boolean}} opts
   */
  constructor({ noun, key, fallback, describe = (v) => v, differs = () => false }) {
    this.noun = noun;
    this.key = key;
    this.fallback = fallback;
    this.describe = describe;
    this.differs = differs;
    this.query = null; // the URL query of the last valid state; null until there is one
    this.note = el('p', { className: 'help share-note', hidden: true, dataset: { testid: 'share-note' } });
  }

  /** True once the view has shown a valid state. */
  get valid() {
    return this.query !== null;
  }

  /**
   * The view shows a state it accepted: `changes` go into the URL (as writeParams takes them;
   * `push` makes a history entry) and the URL becomes the state shared. The note goes, unless
   * the input still holds something else (a cell picked beside a rejected class).
   */
  commit(changes = {}, { push = false } = {}) {
    writeParams(changes, { push });
    this.query = location.search;
    const differs = this.differs();
    if (differs) this.note.textContent = this.noteText();
    this.note.hidden = !differs;
  }

  /**
   * The view could not show what its input holds: the URL goes back to the last valid state (if
   * a URL brought the bad value) and the note says what the link and the embed show.
   */
  rejected() {
    if (this.query !== null && location.search !== this.query) {
      history.replaceState(null, '', `${location.pathname}${this.query}${location.hash}`);
    }
    this.note.textContent = this.noteText();
    this.note.hidden = false;
  }

  /** What the note says: "Link and embed show the last valid class: …". */
  noteText() {
    const value = this.params().get(this.key) ?? this.fallback;
    return `Link and embed show the last valid ${this.noun}: ${shown(this.describe(value), 120)}.`;
  }

  /** The note for the Embed dialog: its text while the input holds something else, else ''. */
  embedNote() {
    return !this.note.hidden || this.differs() ? this.noteText() : '';
  }

  /** The URL parameters of the last valid state (what the Embed dialog describes). */
  params() {
    return this.query === null ? readParams() : new URLSearchParams(this.query);
  }

  /** The address of the last valid state (what Copy link copies). */
  link() {
    const query = this.params().toString();
    return `${location.origin}${location.pathname}${query ? `?${query}` : ''}`;
  }
}
