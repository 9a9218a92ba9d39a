// The solve view's options card: the word list (shipped, or a file of the user's, kept in this
// browser by lib/own-lists.js and offered by every view from then on) with its load statistics,
// multiboggle, and sharing: copy the link, open the Embed dialog (embed/dialog.js, loaded on
// first use) with snippets for a blog post, or play a timed round on the board in the Play view.
import { copyText, el, fieldError } from '../../lib/dom.js';
import { count, plural, rowsText, shown } from '../../lib/format.js';
import { MAX_SIDE, PLAY, SHORTEST_WORDS } from '../../lib/limits.js';
import { ABOUT, DEFAULT_LIST, LISTS, MAX_LIST_BYTES, isShipped, listName, tooBigMessage } from '../../lib/lists.js';
import { forgetOwnList, isOwnList, keepOwnList, offerLists } from '../../lib/own-lists.js';
import { announce } from '../../lib/announce.js';
import { playHref } from '../../lib/url.js';

/** @typedef {import('./index.js').ListStats} ListStats */
/** @typedef {import('./index.js').ShownBoard} ShownBoard */

/** The solve view's options card: word list, multiboggle and sharing. */
export class SolveOptions {
  /**
   * `solve(options)` re-solves with changed options ({list} or {multiboggle}); `current()` is
   * the view's {list, shown}: the list in use and the board on screen; `share` the view's
   * LastValid (www/lib/share.js), whose link Copy link copies.
   * @param {{
   *   engine: import('../../engine.js').Engine,
   *   solve: (changes: {list?: string, multiboggle?: boolean, min?: string}) => unknown,
   *   current: () => {list: string, shown: ShownBoard | null},
   *   share: import('../../lib/share.js').LastValid,
   * }} parts
   */
  constructor({ engine, solve, current, share }) {
    this.engine = engine;
    this.share = share;
    this.solve = solve;
    this.current = current;
    /** @type {Map<string, Promise<ListStats>>} */
    this.listCache = new Map(); // list name -> promise of load stats (built once per worker)
    this.build();
  }

  build() {
    // The lists only: a file is chosen with "Load a file…" beside it, since an option that opened
    // the file chooser would open it as the arrow keys passed over it.
    this.listSelect = offerLists(/** @type {HTMLSelectElement} */ (el('select', { id: 'list-select', 'aria-describedby': 'list-stats list-error' })));
    this.listSelect.addEventListener('change', () => this.solve({ list: this.listSelect.value }));
    this.fileInput = el('input', { type: 'file', accept: '.txt,text/plain', hidden: true, 'aria-label': 'Word list file' });
    this.fileInput.addEventListener('change', () => this.upload(this.fileInput.files[0]));
    const loadButton = el('button', { type: 'button', className: 'secondary' }, ['Load a file…']);
    loadButton.addEventListener('click', () => this.fileInput.click());
    // Shown while a list of the reader's own is chosen: this browser stops keeping it.
    this.forgetButton = el('button', { type: 'button', className: 'secondary', hidden: true, dataset: { testid: 'forget-list' } }, ['Forget this list']);
    this.forgetButton.addEventListener('click', () => this.forget());
    this.listStats = el('p', { id: 'list-stats', className: 'help' });
    this.listError = fieldError('list-error');
    this.mbBox = el('input', { type: 'checkbox', id: 'multiboggle', 'aria-describedby': 'multiboggle-error' });
    this.mbError = fieldError('multiboggle-error');
    this.minSelect = el('select', { id: 'min-select', 'aria-describedby': 'min-error' }, SHORTEST_WORDS.map((m) => el('option', { value: m }, [`${m} letters`])));
    this.minSelect.addEventListener('change', () => {
      this.minError.show(null);
      this.solve({ min: this.minSelect.value });
    });
    this.minError = fieldError('min-error');
    this.mbBox.addEventListener('change', () => {
      this.mbError.show(null);
      this.solve({ multiboggle: this.mbBox.checked });
    });
    this.copyButton = el('button', { type: 'button', className: 'secondary' }, ['Copy link']);
    this.copyStatus = el('span', { className: 'help' }); // said through the page's announcer
    this.copyButton.addEventListener('click', () => this.copyLink());
    this.copyWordsButton = el('button', { type: 'button', className: 'secondary', dataset: { testid: 'copy-words' } }, ['Copy words']);
    this.copyWordsButton.addEventListener('click', () => this.copyWords());
    this.playLink = el('a', { className: 'button-link', dataset: { testid: 'play-this-board' } }, ['Play this board']);
    const embedButton = el('button', { type: 'button', className: 'secondary' }, ['Embed']);
    embedButton.addEventListener('click', async () => {
      const { shown } = this.current();
      if (shown) (await import('../../embed/dialog.js')).openEmbedDialog({ ...shown, note: this.share.embedNote() });
    });
    const options = el('div', { className: 'options' }, [
      el('div', { className: 'field' }, [
        el('label', { htmlFor: 'list-select', className: 'field-label' }, ['Word list']),
        el('div', { className: 'input-row' }, [this.listSelect, loadButton, this.forgetButton, this.fileInput]),
        this.listStats,
        this.listError,
      ]),
      el('div', { className: 'field check' }, [
        this.mbBox,
        el('label', { htmlFor: 'multiboggle' }, [
          'Multiboggle ',
          el('span', { className: 'help' }, ['(a word scores once for each different set of cells)']),
        ]),
      ]),
      this.mbError,
      el('div', { className: 'field inline-field' }, [
        el('label', { htmlFor: 'min-select' }, ['Shortest word ', el('span', { className: 'help' }, ['(Big Boggle counts 4 letters and more)'])]),
        this.minSelect,
      ]),
      this.minError,
      el('div', { className: 'field share' }, [this.copyButton, this.copyWordsButton, embedButton, this.playLink, this.copyStatus]),
    ]);
    this.el = el('div', { className: 'card' }, [options]);
  }

  /**
   * Shows the options of solved board `r` ({board, rows, cols, list, multiboggle}).
   * @param {ShownBoard} r
   */
  show(r) {
    this.listSelect.value = r.list;
    this.forgetButton.hidden = !isOwnList(r.list);
    this.mbBox.checked = r.multiboggle;
    this.minSelect.value = String(r.min);
    // Play offers the lists this browser keeps, the reader's own among them.
    this.playLink.href = playHref(r.board, `${r.rows}x${r.cols}`, { wordlist: r.list, multiboggle: r.multiboggle, min: r.min });
    this.playLink.title = 'A timed round on this board';
  }

  /** Forgets the list of the reader's own in use, and solves with the default list. */
  async forget() {
    const { list } = this.current();
    if (!isOwnList(list)) return;
    await forgetOwnList(list);
    this.listCache.delete(list);
    // The button hides itself with the list: the keyboard stays on the menu, now on the default.
    this.listSelect.focus();
    this.solve({ list: DEFAULT_LIST });
    this.say(`“${listName(list)}” is no longer kept in this browser.`);
  }

  /**
   * The built list's load stats, building it (once per worker) if needed.
   * @param {string} name
   * @returns {Promise<ListStats>}
   */
  ensureList(name) {
    if (!this.listCache.has(name)) {
      const p = isOwnList(name) ? this.engine.ownList(name) : this.engine.call('list', { name });
      p.catch(() => this.listCache.delete(name));
      this.listCache.set(name, p);
    }
    return this.listCache.get(name);
  }

  /** The engine restarted: every list is built again on next use. */
  forgetLists() {
    this.listCache.clear();
  }

  /**
   * Shows list `list`'s load stats under the menu: a list that ships with the page by its word
   * count alone (the lines its source had that no board can use are no concern of the reader's);
   * a file of the reader's with the lines skipped and why, since they are the reader's to mend.
   * @param {string} list
   * @param {ListStats} s
   */
  showStats(list, s) {
    if (isShipped(list)) {
      // Club players look for their tournament list here: it is theirs to load.
      this.listStats.textContent = `${listName(list)}: ${plural(s.words, 'word')}, ${ABOUT[list]}. Tournament lists (NWL, Collins) are not free to share: load yours as a file, one word a line.`;
      return;
    }
    const skipped = s.bad_chars + s.too_short + s.q_without_u + (s.too_long ?? 0);
    let text = `${listName(list)}: ${plural(s.words, 'word')}`;
    if (skipped) text += `, ${plural(skipped, 'line')} skipped`;
    const why = [];
    if (s.bad_chars) why.push(`${count(s.bad_chars)} with characters other than a–z`);
    if (s.too_short) why.push(`${count(s.too_short)} shorter than ${PLAY.min_word_letters} letters`);
    if (s.q_without_u) why.push(`${count(s.q_without_u)} with q not followed by u`);
    if (s.too_long) why.push(`${count(s.too_long)} longer than any ${MAX_SIDE}x${MAX_SIDE} board can spell`);
    if (why.length) text += ` (${why.join(', ')})`;
    if (s.duplicates) text += `, ${plural(s.duplicates, 'duplicate')} ignored`;
    // The engine cuts each example to 40 characters; shown() makes control characters visible
    // so that a line from the file cannot reorder the sentence around it.
    if (s.bad_examples?.length) text += `. Skipped, e.g.: ${s.bad_examples.slice(0, 3).map((w) => `“${shown(w, 80)}”`).join(', ')}`;
    if (s.notes?.length) text += `. ${s.notes.slice(0, 3).map((n) => n[0].toUpperCase() + n.slice(1)).join('. ')}`;
    this.listStats.textContent = `${text}.`;
  }

  /** @param {File | undefined} file */
  async upload(file) {
    this.fileInput.value = '';
    if (!file) return;
    const name = `file:${file.name}`;
    if (file.size > MAX_LIST_BYTES) {
      this.listError.show(`Could not use “${listName(name)}”: ${tooBigMessage(file.size)}`);
      return;
    }
    let bytes;
    try {
      bytes = await file.arrayBuffer();
    } catch (e) {
      this.listError.show(`Could not read “${listName(name)}”: ${e.message}`);
      return;
    }
    try {
      const stats = await this.engine.call('list', { name, bytes: bytes.slice(0) });
      this.listCache.set(name, Promise.resolve(stats));
    } catch (e) {
      this.listError.show(`Could not use “${listName(name)}”: ${e.message}`);
      return;
    }
    await keepOwnList(name, bytes);
    this.listError.show(null);
    this.solve({ list: name });
  }

  async copyLink() {
    // A list of the reader's own stays in this browser: the link others open uses the default.
    const own = isOwnList(this.current().list);
    const link = new URL(this.share.link());
    if (own) link.searchParams.delete('wordlist');
    const ok = await copyText(link.href);
    this.say(ok ? (own ? `Link copied (it uses ${LISTS[DEFAULT_LIST]}: your own list stays in this browser).` : 'Link copied.') : 'Copy the address from the address bar.');
  }

  /** Copies the board's words as text: a line naming the board, then a word and its points a line. */
  async copyWords() {
    const { shown } = this.current();
    if (!shown) return;
    const ok = await copyText(wordsText(shown));
    this.say(ok ? `${plural(shown.words.length, 'word')} copied.` : 'Could not copy the words: this browser does not allow it here.');
  }

  /**
   * Says `text` beside the buttons for a few seconds, and to screen readers.
   * @param {string} text
   */
  say(text) {
    this.copyStatus.textContent = text;
    announce(text);
    clearTimeout(this.copyTimer);
    this.copyTimer = setTimeout(() => (this.copyStatus.textContent = ''), 4000);
  }
}

/**
 * A solved board's words as text to paste: a line naming the board, its list and its score
 * ("PERS LATG SINE TERS · ENABLE2K · 3625 points, 1045 words"), then one word and its points a
 * line, separated by a tab (a spreadsheet takes them as two columns), in the engine's order.
 * @param {ShownBoard} shown
 */
export function wordsText(shown) {
  const head = `${rowsText(shown.board, shown.cols).toUpperCase()} · ${listName(shown.list)}${shown.multiboggle ? ' · multiboggle' : ''} · ${plural(shown.score, 'point')}, ${plural(shown.words.length, 'word')}`;
  return [head, ...shown.words.map((w) => `${w.word}\t${w.points}`)].join('\n') + '\n';
}
