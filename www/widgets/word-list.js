// The found words: a words-by-length summary, sort and filter controls, and one focusable
// button per word (grouped under headings when sorted by points or length). Rendering builds
// plain DOM nodes, a screenful at once and the rest in slices a frame apart, so that the
// thousands of words of a 5x5 board never hold the main thread long; hover, focus and click are
// handled by delegation on the list, not per word.
import { hiddenText, loadCss } from '../lib/dom.js';
import { cleanPattern, wordMatcher } from '../lib/word-match.js';
import { count, plural, pointsText, unit } from '../lib/format.js';
import { announce } from '../lib/announce.js';
import { RovingFocus } from '../lib/roving.js';

await loadCss(new URL('./word-list.css', import.meta.url));

/**
 * A found word as the engine lists it: the word, its points and its path (cell indices in order).
 * @typedef {{word: string, points: number, path: number[]}} FoundWord
 */
/**
 * How a pinned word is said: announce's options, or false for not at all.
 * @typedef {{throttle?: number, channel?: string} | false} Say
 */

/**
 * The orders the list can show, by the sort's name (the `sort` its buttons set). Points is the
 * order the engine lists words in (most points, then A–Z), kept as given.
 * @type {Readonly<Record<string, ((a: FoundWord, b: FoundWord) => number) | null>>}
 */
const SORTS = {
  points: null,
  length: (a, b) => b.word.length - a.word.length || cmp(a.word, b.word),
  alpha: (a, b) => cmp(a.word, b.word),
};
const SORT_LABELS = { points: 'Points', length: 'Length', alpha: 'A–Z' };
const cmp = (/** @type {string} */ a, /** @type {string} */ b) => (a < b ? -1 : a > b ? 1 : 0);
/** Word lists made so far: each list's heading gets an id of its own. */
let lists = 0;
/** The words a redraw builds at once (see WordList.render): more than a screen shows. */
const FIRST_WORDS = 150;
/** How long each later slice of a redraw builds words for, in ms, a frame after another. */
const SLICE_MS = 8;

/**
 * A redraw of the list under way (see WordList.render): the words it shows in order, how it
 * groups them, the index of the next word to build, and the group heading and list the words
 * built last went in.
 * @typedef {{shown: FoundWord[], groupOf: (w: FoundWord) => string, next: number, ul: HTMLUListElement | null, heading: string | null}} Building
 */

/** The word list panel. */
export class WordList {
  /**
   * `onHover(word | null)`: a word is pointed at or focused (null when none is).
   * `onSelect(word | null, say)`: a word was clicked/tapped to pin its path (null unpins);
   * `say` is how its pinning is said (announce's options), false for not at all.
   * `onView()`: the reader changed the order, the filter or the length shown (see `view`).
   * @param {{onHover: (word: FoundWord | null) => void, onSelect: (word: FoundWord | null, say: Say) => void, onView?: () => void}} handlers
   */
  constructor({ onHover, onSelect, onView = () => {} }) {
    this.onHover = onHover;
    this.onSelect = onSelect;
    this.onView = onView;
    /** @type {FoundWord[]} */
    this.words = [];
    /** @type {Map<string, FoundWord>} */
    this.byWord = new Map();
    /** The order shown: a key of SORTS. */
    this.sort = 'points';
    /** @type {((word: string) => boolean) | null} the filter typed, as a test (www/lib/word-match.js), or null */
    this.matches = null;
    /** @type {number | null} */
    this.length = null; // length filter from the summary, or null
    /** @type {string | null} */
    this.selected = null;
    /** @type {Building | null} the redraw still building words, if any */
    this.building = null;

    // The list's heading names its region and heads the group headings (h3) under it; the
    // counts, sort and filter say the rest on screen, so it is for screen readers only.
    this.title = document.createElement('h2');
    this.title.className = 'visually-hidden';
    this.title.id = `word-list-title-${++lists}`;
    this.title.textContent = 'Words found';
    this.el = document.createElement('section');
    this.el.className = 'words';
    this.el.setAttribute('aria-labelledby', this.title.id);

    this.summary = document.createElement('div');
    this.summary.className = 'length-summary';
    this.summary.setAttribute('role', 'group');
    this.summary.setAttribute('aria-label', 'Words by length (press to show only that length)');

    const tools = document.createElement('div');
    tools.className = 'words-tools';
    const sortGroup = document.createElement('div');
    sortGroup.className = 'segmented';
    sortGroup.setAttribute('role', 'group');
    sortGroup.setAttribute('aria-label', 'Sort words by');
    this.sortButtons = Object.entries(SORT_LABELS).map(([key, label]) => {
      const b = document.createElement('button');
      b.type = 'button';
      b.textContent = label;
      b.dataset.sort = key;
      b.setAttribute('aria-pressed', String(key === this.sort));
      b.addEventListener('click', () => {
        this.setSort(key);
        this.onView();
      });
      sortGroup.append(b);
      return b;
    });
    const sortLabel = document.createElement('span');
    sortLabel.className = 'tools-label';
    sortLabel.textContent = 'Sort';
    sortLabel.setAttribute('aria-hidden', 'true');
    this.filterInput = document.createElement('input');
    this.filterInput.type = 'search';
    this.filterInput.placeholder = 'Filter words: ing, re*, ?a?e';
    this.filterInput.setAttribute('aria-label', 'Filter words: letters a word contains, or a whole word with * for any letters and ? for one');
    this.filterInput.autocomplete = 'off';
    this.filterInput.spellcheck = false;
    this.filterInput.addEventListener('input', () => {
      this.matches = wordMatcher(this.filterInput.value);
      this.render();
      this.sayShown();
      this.onView();
    });
    tools.append(sortLabel, sortGroup, this.filterInput);

    this.shown = document.createElement('p');
    this.shown.className = 'words-shown';

    this.list = document.createElement('div');
    this.list.className = 'word-groups';
    this.list.dataset.testid = 'word-list';
    this.list.setAttribute('role', 'group');
    this.list.setAttribute('aria-label', 'Words: arrow keys move between them, Enter shows and reads a word’s path');
    /** The word button an event happened in (or null). */
    const wordOf = (/** @type {Event} */ e) => /** @type {HTMLElement | null} */ (/** @type {Element} */ (e.target).closest('[data-word]'));
    this.list.addEventListener('pointerover', (e) => {
      if (e.pointerType === 'mouse') this.hover(wordOf(e));
    });
    this.list.addEventListener('pointerleave', (e) => {
      if (e.pointerType === 'mouse') this.hover(null);
    });
    this.list.addEventListener('focusin', (e) => this.hover(wordOf(e)));
    // One Tab stop for the whole list; the arrow keys move between words as they are laid out
    // (Left and Right along the row, Up and Down to the row above and below), PageUp and
    // PageDown by about what is in view, Home and End to the first and last word.
    this.roving = new RovingFocus(this.list, '[data-word]');
    // A key moves through every word: the words a redraw has still to build are built first
    // (this runs before the roving focus's own listener, in the capture phase).
    this.list.addEventListener('keydown', () => this.finish(), { capture: true });
    this.list.addEventListener('focusout', (e) => {
      if (!this.list.contains(/** @type {Node | null} */ (e.relatedTarget))) this.hover(null);
    });
    this.list.addEventListener('click', (e) => {
      const b = wordOf(e);
      if (b) this.select(this.selected === b.dataset.word ? null : b.dataset.word);
    });

    this.el.append(this.title, this.summary, tools, this.shown, this.list);
  }

  /**
   * Renames the list (its heading and region), e.g. "Words on the board PERS LATG SINE TERS".
   * @param {string} label
   */
  setLabel(label) {
    this.title.textContent = label;
  }

  /**
   * Shows a new set of words ({word, points, path}); keeps sort and filter. With `afterPaint`
   * the words are known at once (`get`) but drawn only once the next frame has been painted, so
   * a first visit sees the board and its score before a thousand words are laid out.
   * @param {FoundWord[]} words in the engine's order (most points, then A–Z), which Points keeps
   * @param {{afterPaint?: boolean}} [options]
   */
  setWords(words, { afterPaint = false } = {}) {
    this.words = words;
    this.byWord = new Map(words.map((w) => [w.word, w]));
    if (this.selected && !this.byWord.has(this.selected)) this.selected = null;
    const drawing = (this.drawing = {}); // a newer set of words cancels a pending draw
    const draw = () => {
      if (this.drawing !== drawing) return;
      this.setBusy(false);
      this.renderSummary();
      this.render();
    };
    if (afterPaint) {
      this.setBusy(true);
      requestAnimationFrame(() => setTimeout(draw, 0));
    } else draw();
  }

  /**
   * Marks the list as waiting for its words (`on`), e.g. while a first board is solved.
   * @param {boolean} on
   */
  setBusy(on) {
    if (on) this.list.setAttribute('aria-busy', 'true');
    else this.list.removeAttribute('aria-busy');
  }

  /**
   * The found word `word` (spelled out), or undefined.
   * @param {string} word
   * @returns {FoundWord | undefined}
   */
  get(word) {
    return this.byWord.get(word);
  }

  /**
   * Pins `word` (or nothing) and reports it; used for clicks and for words checked elsewhere,
   * which say it their own way (`say`, passed on to `onSelect`).
   * @param {string | null} word
   * @param {{scroll?: boolean, say?: Say}} [options]
   */
  select(word, { scroll = false, say = {} } = {}) {
    this.finish();
    this.selected = word;
    for (const b of this.list.querySelectorAll('[aria-pressed="true"]')) b.setAttribute('aria-pressed', 'false');
    const b = word ? this.button(word) : null;
    b?.setAttribute('aria-pressed', 'true');
    if (scroll) b?.scrollIntoView({ block: 'nearest' });
    this.onSelect(word ? this.byWord.get(word) : null, say);
  }

  /**
   * The button of `word`, or null when it is not drawn (filtered out).
   * @param {string} word
   * @returns {HTMLElement | null}
   */
  button(word) {
    this.finish();
    return this.list.querySelector(`[data-word="${CSS.escape(word)}"]`);
  }

  /**
   * Reports the word of `button` (null: none) as pointed at, when it changed.
   * @param {HTMLElement | null} button
   */
  hover(button) {
    const word = button?.dataset.word;
    if (word === this.hovered) return;
    /** @type {string | undefined} the word last reported as pointed at */
    this.hovered = word;
    this.onHover(word ? this.byWord.get(word) : null);
  }

  /**
   * What the list shows of its words: its order (a key of SORTS), the filter as it reads it
   * (cleanPattern's, '' for none) and the length shown (9: 9 or more; null: every length).
   * @returns {{sort: string, filter: string, length: number | null}}
   */
  view() {
    return { sort: this.sort, filter: cleanPattern(this.filterInput.value), length: this.length };
  }

  /**
   * Shows the words as `v` says (a link's view): an order of SORTS, a filter and a length; a
   * length no word has is let go once the words are there.
   * @param {{sort: string, filter: string, length: number | null}} v
   */
  setView({ sort, filter, length }) {
    this.filterInput.value = filter;
    this.matches = wordMatcher(filter);
    this.length = length;
    this.sort = Object.hasOwn(SORTS, sort) ? sort : 'points';
    for (const b of this.sortButtons) b.setAttribute('aria-pressed', String(b.dataset.sort === this.sort));
    // Before the first words, what is set waits for them (the list stays marked busy).
    if (!this.words.length) return;
    this.renderSummary();
    this.render();
  }

  /**
   * Shows the words in order `key` (a key of SORTS).
   * @param {string} key
   */
  setSort(key) {
    this.sort = key;
    for (const b of this.sortButtons) b.setAttribute('aria-pressed', String(b.dataset.sort === key));
    this.render();
  }

  renderSummary() {
    /** @type {Map<number, {words: number, points: number}>} */
    const byLength = new Map();
    for (const w of this.words) {
      const n = Math.min(w.word.length, 9);
      const s = byLength.get(n) ?? { words: 0, points: 0 };
      s.words += 1;
      s.points += w.points;
      byLength.set(n, s);
    }
    if (this.length !== null && !byLength.has(this.length)) {
      // A length the board has no word of (a link's, or the last board's) is let go.
      this.length = null;
      this.onView();
    }
    const chips = [...byLength.keys()]
      .sort((a, b) => a - b)
      .map((n) => {
        const s = byLength.get(n);
        const b = document.createElement('button');
        b.type = 'button';
        b.className = 'length-chip';
        b.setAttribute('aria-pressed', String(this.length === n));
        const label = document.createElement('span');
        label.className = 'chip-len';
        label.textContent = n === 9 ? '9+' : String(n);
        const words = document.createElement('span');
        words.className = 'chip-count';
        words.textContent = count(s.words);
        b.append(label, ' ', words);
        // Named by what it shows first ("6" and "4"), then in words: "6: 4 words of 6 letters,
        // 12 points". What a speech-input user reads on the chip is the start of its name (WCAG
        // 2.5.3, label in name).
        // The tooltip says the same, so it is not read again as a description.
        const name = `${label.textContent}: ${plural(s.words, 'word')} of ${n === 9 ? '9 or more' : n} letters, ${pointsText(s.points)}`;
        b.setAttribute('aria-label', name);
        b.title = name;
        b.addEventListener('click', () => {
          this.length = this.length === n ? null : n;
          for (const c of this.summary.querySelectorAll('.length-chip')) c.setAttribute('aria-pressed', 'false');
          b.setAttribute('aria-pressed', String(this.length === n));
          this.render();
          this.sayShown();
          this.onView();
        });
        return b;
      });
    // The chips' caption: each shows a length and how many words have it.
    const head = document.createElement('span');
    head.className = 'tools-label';
    head.textContent = 'Words by length';
    head.setAttribute('aria-hidden', 'true');
    this.summary.replaceChildren(...(chips.length ? [head, ...chips] : []));
  }

  /** Says how many words the filters leave (through the page's announcer), once per filter typed. */
  sayShown() {
    announce(this.shown.textContent || `Showing all ${plural(this.words.length, 'word')}`, { throttle: 1000, channel: 'word-filter' });
  }

  /**
   * Rebuilds the visible list from words, sort, filter and length filter: the first
   * FIRST_WORDS at once (a screenful and more, with the pinned word), the rest a slice of
   * SLICE_MS at a time, a frame after another, while the list is marked busy. A 5x5 board has
   * thousands of words, and building them in one go held the main thread for most of a second
   * on a slow phone at each board typed. A redraw started before the last one ended replaces it.
   */
  render() {
    const { matches, length } = this;
    let shown = this.words.filter((w) => (!matches || matches(w.word)) && (length === null || Math.min(w.word.length, 9) === length));
    const order = SORTS[this.sort];
    if (order) shown = shown.sort(order);
    const groupOf = /** @type {Record<string, (w: FoundWord) => string>} */ ({
      points: (w) => pointsText(w.points),
      length: (w) => `${w.word.length} letters`,
      alpha: (w) => w.word[0].toUpperCase(),
    })[this.sort];

    /** @type {Building} */
    const building = { shown, groupOf, next: 0, ul: null, heading: null };
    this.building = building;
    this.list.replaceChildren();
    const pinned = this.selected ? shown.findIndex((w) => w.word === this.selected) : -1;
    this.build(building, Math.max(FIRST_WORDS, pinned + 1));
    if (!shown.length) {
      const p = document.createElement('p');
      p.className = 'muted';
      p.textContent = this.words.length ? 'No word matches the filter.' : 'No words on this board.';
      this.list.append(p);
    }
    this.hovered = undefined;
    this.roving.first(this.selected ? this.list.querySelector(`[data-word="${CSS.escape(this.selected)}"]`) : null);
    const total = this.words.length;
    this.shown.textContent =
      shown.length === total ? '' : `Showing ${count(shown.length)} of ${plural(total, 'word')}`;
    this.setBusy(building.next < shown.length);
    if (building.next < shown.length) requestAnimationFrame(() => this.more(building));
    else this.building = null;
  }

  /**
   * Builds the next slice of the list being drawn (see render), for SLICE_MS at most, and asks
   * for the frame after for the rest; nothing once a newer redraw replaced it.
   * @param {Building} building
   */
  more(building) {
    if (this.building !== building) return;
    const end = performance.now() + SLICE_MS;
    do this.build(building, building.next + 50);
    while (building.next < building.shown.length && performance.now() < end);
    if (building.next < building.shown.length) requestAnimationFrame(() => this.more(building));
    else this.finish();
  }

  /**
   * Builds what is left of the list being drawn, at once: before a key moves through the list
   * or a word's button is looked for, every word must be there.
   */
  finish() {
    const building = this.building;
    if (!building) return;
    this.build(building, building.shown.length);
    this.building = null;
    this.setBusy(false);
  }

  /**
   * Appends the words of `building` up to index `until` to the list, each under its group's
   * heading (the group a slice ends in goes on in the next).
   * @param {Building} building
   * @param {number} until
   */
  build(building, until) {
    const { shown, groupOf } = building;
    const end = Math.min(until, shown.length);
    const frag = document.createDocumentFragment();
    /** The words for the group the last slice ended in, appended to its list at the end. */
    const items = document.createDocumentFragment();
    const open = building.ul;
    for (let i = building.next; i < end; i++) {
      const w = shown[i];
      const g = groupOf(w);
      if (g !== building.heading) {
        building.heading = g;
        const h = document.createElement('h3');
        h.className = 'group-heading';
        h.textContent = g;
        building.ul = document.createElement('ul');
        building.ul.className = 'word-grid';
        frag.append(h, building.ul);
      }
      const li = document.createElement('li');
      li.append(this.wordButton(w));
      (building.ul === open ? items : /** @type {HTMLUListElement} */ (building.ul)).append(li);
    }
    building.next = end;
    open?.append(items);
    this.list.append(frag);
  }

  /**
   * The button of found word `w`.
   * @param {FoundWord} w
   */
  wordButton(w) {
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'word';
    b.dataset.testid = 'word';
    b.dataset.word = w.word;
    b.dataset.points = String(w.points);
    b.dataset.path = w.path.join(',');
    b.tabIndex = -1;
    b.setAttribute('aria-pressed', String(w.word === this.selected));
    // Named by its content, with the unit as hidden text ("petrales 11 points"): what a
    // speech-input user reads on the button is then its name (WCAG 2.5.3, label in name),
    // which an aria-label in other words would not be.
    const text = document.createElement('span');
    text.className = 'word-text';
    text.textContent = w.word;
    const pts = document.createElement('span');
    pts.className = 'word-points';
    pts.append(String(w.points), hiddenText(` ${unit(w.points, 'point')}`));
    b.append(text, pts);
    return b;
  }
}
