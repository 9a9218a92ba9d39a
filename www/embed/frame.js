// What every widget inside another site's iframe (`?embed=1`) shares: the card, its messages,
// the footer with a link to the full explorer showing the same state, the theme (the `theme`
// parameter, later the host's theme messages) and the height reports that let the host size
// the iframe. Each widget kind (board.js, bounds.js, search.js, break.js) fills the card's body.
import { el, fieldError, loadCss } from '../lib/dom.js';
import { choiceOf, shown } from '../lib/format.js';
import { applyTheme, readTheme } from '../lib/theme.js';
import { HEIGHT_MESSAGE, THEME_MESSAGE } from './url.js';

// Before any widget renders, and before a theme is applied (it switches the dark-mode blocks of
// the sheets loaded so far).
await loadCss(new URL('./frame.css', import.meta.url));

/** Height limits accepted from `maxheight`, in CSS pixels. */
const MIN_HEIGHT = 160;
const MAX_HEIGHT = 4000;

/**
 * This page's place among its parent page's frames ("frame-2"), or '' at the top. A parent on
 * another origin still lets its frames be counted and compared.
 */
function framePlace() {
  if (window.parent === window) return '';
  try {
    const frames = window.parent.frames;
    for (let i = 0; i < frames.length; i++) if (frames[i] === window) return `frame-${i}`;
  } catch {
    // A browser that refuses: the frame is kept as one with no place.
  }
  return '';
}

/** The card of one widget: `body` is the kind's content; `done()` once its first result shows. */
export class EmbedFrame {
  /**
   * `kind` names the widget (a class on the card); `label` is its accessible name.
   * @param {HTMLElement} root
   * @param {URLSearchParams} params
   * @param {{kind: string, label: string}} widget
   */
  constructor(root, params, { kind, label }) {
    this.id = (params.get('id') ?? '').slice(0, 100);
    /**
     * Which widget of its page this is, for what it keeps in the tab: its element's id, or in a
     * plain iframe its place among the host page's frames, so that two identical iframes of one
     * post keep apart what they keep.
     */
    this.place = this.id || framePlace();
    /** @type {number | null} */
    this.lastHeight = null;
    this.ready = false;
    const theme = params.get('theme');
    applyTheme(readTheme(theme));
    /** Notes on the options every widget takes, shown before the kind's own. @type {string[]} */
    this.frameNotes = [];
    if (theme !== null && readTheme(theme) === 'auto' && choiceOf(theme) !== 'auto') {
      this.frameNotes.push(`theme=“${shown(theme)}” is not light, dark or auto: following the page.`);
    }
    // The plain iframe (no element around it, so no id) fills the height it was given.
    document.documentElement.classList.toggle('fill', !this.id && window.parent !== window);
    // Links in a widget (the explorer, boards found) open outside the host's page.
    if (!document.querySelector('base[target]')) document.head.append(el('base', { target: '_blank' }));

    this.error = fieldError('embed-error');
    this.note = el('p', { className: 'embed-note', hidden: true });
    this.caption = el('span', { className: 'embed-list' });
    // Hidden until the kind points it somewhere (setLink): a link without an address only looks like one.
    this.link = el('a', { className: 'embed-open', target: '_blank', rel: 'noopener', hidden: true }, [
      el('img', { src: new URL('../favicon.svg', import.meta.url).href, alt: '', width: 16, height: 16 }),
      'Open in Boggle Explorer',
      el('span', { 'aria-hidden': 'true' }, [' ↗']),
    ]);
    this.body = el('div', { className: 'embed-body', hidden: true });
    // The widget's page has one heading: what the widget shows, for screen readers (the card has
    // no visible title, as the post around it gives one).
    this.heading = el('h1', { id: 'embed-title', className: 'visually-hidden' }, [label]);
    this.messages = el('div', { className: 'embed-messages' }, [this.error, this.note]);
    this.widget = el('article', { className: `embed-widget kind-${kind}`, 'aria-labelledby': 'embed-title' }, [
      this.heading,
      this.body,
      this.messages,
      el('footer', { className: 'embed-footer' }, [this.caption, this.link]),
    ]);
    const maxParam = params.get('maxheight');
    const maxHeight = Number(maxParam);
    if (maxParam !== null && maxHeight >= MIN_HEIGHT && maxHeight <= MAX_HEIGHT) {
      this.widget.style.setProperty('--max-height', `${Math.round(maxHeight)}px`);
      this.widget.classList.add('height-limited');
    } else if (maxParam !== null) {
      this.frameNotes.push(`maxheight=“${shown(maxParam)}” is not a height from ${MIN_HEIGHT} to ${MAX_HEIGHT} pixels: no limit.`);
    }
    root.append(this.widget);
    this.root = root;
    this.setNotes([]);
    this.setLabel(label);

    // The parent may change the theme later (e.g. the host page switched to dark).
    this.onMessage = (/** @type {MessageEvent} */ e) => {
      if (e.source === window.parent && e.data?.type === THEME_MESSAGE) applyTheme(readTheme(e.data.theme));
    };
    window.addEventListener('message', this.onMessage);
    // The body holds the widget and, rarely, the engine-restart banner: its height is the content's.
    // The messages and their lines are watched too: in a card of limited height they may scroll.
    this.resize = new ResizeObserver(() => {
      this.postHeight();
      this.markScrolling();
    });
    for (const part of [document.body, this.messages, this.error, this.note]) this.resize.observe(part);
  }

  /**
   * Makes the messages a Tab stop of their own, named, while they scroll with no control in them
   * (an error card taller than its limit, frame.css), so the keyboard can scroll them; a Tab stop
   * no longer, once they fit or hold a control (Try again).
   */
  markScrolling() {
    const m = this.messages;
    const stop = m.scrollHeight > m.clientHeight + 1 && !m.querySelector('button, a[href]');
    if (stop === (m.tabIndex === 0)) return;
    if (stop) {
      m.tabIndex = 0;
      m.setAttribute('role', 'region');
      m.setAttribute('aria-label', 'Messages');
    } else {
      m.removeAttribute('tabindex');
      m.removeAttribute('role');
      m.removeAttribute('aria-label');
    }
  }

  /**
   * Points the "open" link at the full explorer page with `query` (a URLSearchParams or string).
   * @param {URLSearchParams | string} query
   */
  setLink(query) {
    const q = String(query);
    this.link.href = `${location.pathname}${q ? `?${q}` : ''}`;
    this.link.hidden = false;
  }

  /**
   * Names the widget (its heading, which names its card, and the page's main landmark) for
   * screen readers, with what it shows ("Boggle board PERS LATG SINE TERS"): several widgets on
   * one post are told apart.
   * @param {string} label
   */
  setLabel(label) {
    this.heading.textContent = label;
    this.root.setAttribute('aria-label', label);
  }

  /**
   * Shows the notes about options that were not understood (none hides the line).
   * @param {string[]} notes
   */
  setNotes(notes) {
    const all = [...this.frameNotes, ...notes];
    this.note.hidden = !all.length;
    this.note.textContent = all.join(' ');
  }

  /** The first result or error is on screen: from now on the parent hears about every height. */
  done() {
    this.ready = true;
    this.widget.dataset.ready = 'true';
    this.postHeight();
  }

  postHeight() {
    if (!this.ready || window.parent === window) return;
    const height = Math.ceil(document.body.getBoundingClientRect().height);
    if (height === this.lastHeight) return;
    this.lastHeight = height;
    window.parent.postMessage({ type: HEIGHT_MESSAGE, id: this.id, height }, '*');
  }

  unmount() {
    this.resize.disconnect();
    window.removeEventListener('message', this.onMessage);
  }
}

/**
 * Reads URL parameter `name` with `read` (a reader from www/lib/params.js that throws a message);
 * a missing value gives `fallback`, a bad one gives `fallback` and a note in `notes`.
 * @template T
 * @param {URLSearchParams} params
 * @param {string} name
 * @param {(v: string) => T} read
 * @param {T} fallback
 * @param {string[]} notes
 * @returns {T}
 */
export function readParam(params, name, read, fallback, notes) {
  const v = params.get(name);
  if (v === null) return fallback;
  try {
    return read(v);
  } catch (e) {
    notes.push(`${name}: ${e.message}; using the default.`);
    return fallback;
  }
}
