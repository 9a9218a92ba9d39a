// Small DOM helpers shared by the views. Text always goes in as text (never as HTML), so
// nothing a URL, a file or a user types can become markup.
import { sentence } from './failure.js';
import { boardRowsOf, count, exactCount } from './format.js';

/**
 * Creates `<tag>` with `props` and `children` (strings become text nodes). Props that are
 * element properties (className, id, type, hidden, ...) are set as such; `dataset` is an
 * object of data-* values; anything else (aria-*, role) becomes an attribute.
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {Record<string, unknown>} [props] element properties, `dataset`, or attributes (whose
 *   values setAttribute turns into strings)
 * @param {Array<Node | string>} [children]
 * @returns {any} the new `HTMLElementTagNameMap[K]`, typed `any` on purpose: the views hang their own
 *   properties on these nodes and read their events' targets untyped, and a precise type would
 *   make each of those an error
 */
export function el(tag, props = {}, children = []) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(props)) {
    if (k === 'dataset') Object.assign(node.dataset, v);
    else if (k in node && k !== 'role' && !k.includes('-')) /** @type {HTMLElement & Record<string, unknown>} */ (node)[k] = v;
    else node.setAttribute(k, /** @type {string} */ (v));
  }
  node.append(...children);
  return node;
}

/**
 * Puts `text` in `node`, for what is redrawn many times a second: a node holding one text node
 * keeps it and changes its characters, and only when they differ. Setting `textContent` makes a
 * new text node each time, even for the same text, and the browser then restyles every element
 * a `:has()` selector ties to what was inserted (the page's own `html:has(...)` rules among them).
 * @param {Node} node
 * @param {string} text
 */
export function setText(node, text) {
  const only = node.firstChild;
  if (only instanceof Text && only === node.lastChild) {
    if (only.data !== text) only.data = text;
  } else node.textContent = text;
}

/**
 * Text for screen readers only: part of an element's name or reading, never drawn. Built
 * without `el`, as the word list makes one for each of thousands of words.
 * @param {string} text
 */
export function hiddenText(text) {
  const span = document.createElement('span');
  span.className = 'visually-hidden';
  span.textContent = text;
  return span;
}

/**
 * A message line for one control. `show(text)` displays it as a sentence (failure.js's
 * `sentence`: the engine's messages start in lower case), marked with data-testid="error"
 * while visible; `show(null)` hides it. `show(text, retry)` adds a
 * "Try again" button, for a failure that may mend itself (a download): it hides the message and
 * calls `retry`.
 * @param {string} id
 * @returns {FieldError}
 */
export function fieldError(id) {
  const p = /** @type {FieldError} */ (el('p', { id, className: 'field-error', role: 'alert', hidden: true }));
  /** @param {string | null | undefined} text @param {(() => unknown) | null} [retry] */
  p.show = (text, retry = null) => {
    // The same message shown again is left as it is: rewriting an alert makes a screen reader
    // say it again, at every keystroke of a field that stays wrong.
    const next = text ? sentence(text) : '';
    if (!retry && !p.querySelector('button') && p.textContent === next && p.hidden === !text) return;
    p.textContent = next;
    p.hidden = !text;
    if (text) p.dataset.testid = 'error';
    else delete p.dataset.testid;
    // The fields it describes are marked invalid while it stands, unless it is about a download
    // (with Try again), which says nothing of what was typed.
    for (const field of document.querySelectorAll(`:is(input, textarea, select)[aria-describedby~="${id}"]`)) {
      if (text && !retry) field.setAttribute('aria-invalid', 'true');
      else field.removeAttribute('aria-invalid');
    }
    if (text && retry) {
      const again = el('button', { type: 'button', className: 'secondary retry' }, ['Try again']);
      again.addEventListener('click', () => {
        const focused = document.activeElement === again;
        p.show(null);
        retry();
        // The button is gone: keep the keyboard's place on what holds the message's control.
        if (focused) /** @type {HTMLElement | null} */ (document.querySelector(`[aria-describedby~="${id}"]`))?.focus();
      });
      p.append(' ', again);
    }
  };
  return p;
}

/**
 * A field's message line (see {@link fieldError}).
 * @typedef {HTMLParagraphElement & {show: (text: string | null | undefined, retry?: (() => unknown) | null) => void}} FieldError
 */

/**
 * Runs `update`, which may disable buttons; when it disables the one holding the keyboard focus,
 * the focus moves to the first of `fallbacks` still enabled (Start's Stop, Stop's Start, or the
 * field to change when neither can be pressed) instead of dropping to the page, where a
 * keyboard user would lose their place.
 * @param {Array<HTMLButtonElement | HTMLInputElement>} fallbacks
 * @param {() => void} update
 */
export function keepFocus(fallbacks, update) {
  const active = document.activeElement;
  update();
  if (active instanceof HTMLButtonElement && active.disabled) fallbacks.find((b) => !b.disabled)?.focus();
}

/**
 * Replaces `parent`'s children with `items`, keeping the keyboard's place in a list redrawn while
 * a run goes on: when the focus was on an element inside `parent` carrying `data-<key>`, it moves
 * to the new element with the same value, or else to the one now at the same place (or the last).
 * @param {Element} parent
 * @param {Element[]} items
 * @param {string} key a dataset name, e.g. 'board'
 */
export function replaceKeepingFocus(parent, items, key) {
  const active = document.activeElement;
  const held = active instanceof HTMLElement && parent.contains(active) ? active.closest(`[data-${key}]`) : null;
  const keyed = () => /** @type {HTMLElement[]} */ ([...parent.querySelectorAll(`[data-${key}]`)]);
  const at = held instanceof HTMLElement ? keyed().indexOf(held) : -1;
  parent.replaceChildren(...items);
  if (!(held instanceof HTMLElement) || at < 0) return;
  const now = keyed();
  const same = now.find((e) => e.dataset[key] === held.dataset[key]) ?? now[Math.min(at, now.length - 1)];
  same?.focus({ preventScroll: true });
}

/**
 * Stylesheets by absolute URL: a promise that settles once the sheet has loaded (or failed).
 * @type {Map<string, Promise<unknown>>}
 */
const sheets = new Map();
/**
 * The sheets the build bundled into the one stylesheet index.html links (scripts/bundle.mjs
 * sets BUNDLED_SHEETS: paths under the site), as absolute URLs: they are loaded already.
 */
const BUNDLED = new Set(
  (typeof BUNDLED_SHEETS === 'undefined' ? [] : BUNDLED_SHEETS).map((f) => new URL(`../../${f}`, import.meta.url).href),
);

/**
 * The page's one way to add a stylesheet: each view and widget loads the CSS file beside it
 * with `await loadCss(new URL('./x.css', import.meta.url))` at the top of its module, so its
 * rules are in place before it renders. A sheet is added once, at the end of <head>, in the
 * order first asked for (later sheets win ties with earlier ones); a sheet index.html already
 * links, or that the build bundled into the sheet it links (the first view's, for the first
 * paint), is not added again. Never rejects: a sheet
 * that fails to load leaves the page unstyled, not broken.
 * @param {string | URL} url
 * @returns {Promise<unknown>}
 */
export function loadCss(url) {
  const href = new URL(url, document.baseURI).href;
  if (!sheets.has(href)) {
    const linked = BUNDLED.has(href) || [...document.querySelectorAll('link[rel="stylesheet"]')].some((l) => /** @type {HTMLLinkElement} */ (l).href === href);
    if (linked) {
      // Stylesheets in <head> have loaded (or failed) before any module script runs.
      sheets.set(href, Promise.resolve());
    } else {
      const link = el('link', { rel: 'stylesheet', href });
      sheets.set(
        href,
        new Promise((ok) => {
          link.addEventListener('load', ok);
          link.addEventListener('error', ok);
        }),
      );
      document.head.append(link);
    }
  }
  return sheets.get(href);
}

/**
 * Copies `text` to the clipboard; resolves to false when the browser refuses.
 * @param {string} text
 * @returns {Promise<boolean>}
 */
export async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // Older browsers and plain-http pages: copy through a temporary selection, then give the
    // focus back to what had it (the button pressed), or a keyboard's next Tab starts at the top.
    const back = document.activeElement;
    const area = el('textarea', { value: text, readOnly: true, className: 'offscreen' });
    document.body.append(area);
    area.select();
    let ok = false;
    try {
      ok = document.execCommand('copy');
    } catch {
      ok = false;
    }
    area.remove();
    if (back instanceof HTMLElement && back.isConnected) back.focus({ preventScroll: true });
    return ok;
  }
}

/**
 * A board's letters (row-major, one a cell) with a chance to break the line after each of its
 * rows of `cols` (a `<wbr>`), so a long board wraps between rows, never with one letter alone on
 * a line; the nodes' text is the board itself.
 * @param {string} board
 * @param {number} cols
 * @returns {(string | HTMLElement)[]}
 */
export function boardRows(board, cols) {
  /** @type {(string | HTMLElement)[]} */
  const out = [];
  for (const row of boardRowsOf(board, cols)) {
    if (out.length) out.push(document.createElement('wbr'));
    out.push(row);
  }
  return out;
}

/**
 * Puts `board`'s rows (boardRows) in `node`; a node already holding as many rows keeps them and
 * changes their letters in place (see setText: a list of boards redrawn many times a second).
 * @param {Element} node
 * @param {string} board
 * @param {number} cols
 */
export function setBoardRows(node, board, cols) {
  const rows = boardRows(board, cols);
  const now = node.childNodes;
  if (now.length === rows.length && rows.every((r, i) => (typeof r === 'string') === now[i] instanceof Text)) {
    rows.forEach((r, i) => {
      const t = now[i];
      if (typeof r === 'string' && t instanceof Text && t.data !== r) t.data = r;
    });
  } else node.replaceChildren(...rows);
}

/**
 * A count that a test hook reads: the page's words for it (`value`, e.g. "608 million") and,
 * when those are not the exact figure, a line of its own with it (`line`, "exactly
 * 607,753,125"). The hook `testid` (with the digits in `data-value`) is on whichever element
 * holds the exact figure, so the hook's text is the exact count at any size. The caller places
 * `value` and `line`.
 */
export class ExactCount {
  /**
   * @param {string} testid
   * @param {string} className the big figure's class
   */
  constructor(testid, className) {
    this.testid = testid;
    this.value = el('span', { className, dataset: { testid } }, ['…']);
    this.exact = el('span', { className: 'exact-value' });
    this.line = el('p', { className: 'exact-count', hidden: true }, ['exactly ', this.exact]);
  }

  /**
   * Shows `n` (a decimal string or a number).
   * @param {string | number} n
   */
  show(n) {
    const words = count(n);
    const full = exactCount(n);
    this.value.textContent = words;
    this.exact.textContent = full;
    const differs = words !== full;
    this.line.hidden = !differs;
    const [hook, other] = differs ? [this.exact, this.value] : [this.value, this.exact];
    Object.assign(hook.dataset, { testid: this.testid, value: String(n) });
    delete other.dataset.testid;
    delete other.dataset.value;
  }
}

/**
 * A count as page content: plain text below WORDS_FROM; above it the words of {@link count},
 * with the exact figure in the title (on hover) and, for screen readers, in hidden text that
 * they read instead of the words. `unit` ("boards") is added to the title.
 * @param {import('./format.js').Count} n
 * @param {string} [unit]
 */
export function countNode(n, unit = '') {
  const text = count(n);
  const exact = exactCount(n);
  if (text === exact) return document.createTextNode(text);
  const node = document.createElement('span');
  node.className = 'count';
  node.title = unit ? `${exact} ${unit}` : exact;
  const shown = document.createElement('span');
  shown.setAttribute('aria-hidden', 'true');
  shown.textContent = text;
  const spoken = document.createElement('span');
  spoken.className = 'visually-hidden';
  spoken.textContent = exact;
  node.append(shown, spoken);
  return node;
}

/**
 * Puts countNode(n, unit) in `node`; one already there in the same form keeps its elements and
 * changes their text in place (see setText: a count redrawn many times a second).
 * @param {Element} node
 * @param {number} n
 * @param {string} [unit]
 */
export function setCount(node, n, unit = '') {
  const next = countNode(n, unit);
  const now = node.firstChild;
  if (now && now === node.lastChild && now.nodeName === next.nodeName) {
    if (next instanceof Text) return setText(node, next.data);
    if (now instanceof HTMLElement && next instanceof HTMLElement && now.className === next.className) {
      if (now.title !== next.title) now.title = next.title;
      setText(/** @type {Node} */ (now.firstChild), next.firstChild?.textContent ?? '');
      setText(/** @type {Node} */ (now.lastChild), next.lastChild?.textContent ?? '');
      return;
    }
  }
  node.replaceChildren(next);
}
