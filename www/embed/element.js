// The <boggle-board> element for other people's pages, loaded through its public address
// www/embed.js (which only imports this module):
//
//   <script type="module" src="https://example.org/boggle/www/embed.js"></script>
//   <boggle-board board="perslatgsineters"></boggle-board>
//
// It creates an iframe of the explorer's embed page (found relative to this script's own URL,
// so any static host serving dist/ works), once the element comes near the viewport. The
// iframe reports its content height and the element sizes it to fit; messages are accepted
// only from its own iframe and the explorer's origin. With theme="auto" (the default) the
// widget follows the host page's light or dark background, and switches when the host does.
// Attributes: board, size ("4x4"), wordlist ("enable2k", "yawl"), multiboggle, words="hide",
// max-height (pixels), theme ("auto", "light", "dark"). Whatever the element contains (e.g. a
// plain link to the board) is what readers see where scripts do not run.
import { embedQuery, HEIGHT_MESSAGE, THEME_MESSAGE } from './url.js';

/** The explorer's page: the folder above www/, wherever this script is served from. */
const EXPLORER = new URL('../../', import.meta.url);
/** How far outside the viewport a widget starts loading. */
const LOAD_MARGIN = '600px 0px';

const STYLE = `
  :host { display: block; position: relative; max-width: 100%; }
  :host([hidden]) { display: none; }
  iframe {
    display: block;
    width: 100%;
    border: 0;
    border-radius: 12px;
    background: transparent;
    opacity: 0;
    transition: opacity 160ms ease-out;
  }
  :host([data-state='ready']) iframe { opacity: 1; }
  .placeholder {
    position: absolute;
    inset: 0;
    display: grid;
    place-items: center;
    border: 1px solid color-mix(in srgb, currentColor 18%, transparent);
    border-radius: 12px;
    color: color-mix(in srgb, currentColor 60%, transparent);
    font: 14px/1.4 system-ui, sans-serif;
    pointer-events: none;
  }
  :host([data-state='ready']) .placeholder { display: none; }
`;

let widgets = 0;

/** The custom element; one iframe per element, any number per page. */
class BoggleBoard extends HTMLElement {
  static observedAttributes = ['board', 'size', 'wordlist', 'multiboggle', 'words', 'max-height', 'theme'];

  constructor() {
    super();
    this.widgetId = `boggle-board-${++widgets}`;
    this.iframe = null;
    this.scheme = null; // the theme last given to the widget: "light" or "dark" (auto), or as set
    const shadow = this.attachShadow({ mode: 'open' });
    const style = document.createElement('style');
    style.textContent = STYLE;
    this.placeholder = document.createElement('div');
    this.placeholder.className = 'placeholder';
    this.placeholder.textContent = 'Loading the Boggle board…';
    shadow.append(style, this.placeholder);
    this.onMessage = (e) => this.receive(e);
  }

  connectedCallback() {
    window.addEventListener('message', this.onMessage);
    hostWatchers.add(this);
    if (!this.iframe) {
      this.style.minHeight = `${this.estimate()}px`;
      this.lazy = new IntersectionObserver(
        (entries) => {
          if (!entries.some((e) => e.isIntersecting)) return;
          this.lazy.disconnect();
          this.load();
        },
        { rootMargin: LOAD_MARGIN },
      );
      this.lazy.observe(this);
    }
  }

  disconnectedCallback() {
    window.removeEventListener('message', this.onMessage);
    hostWatchers.delete(this);
    this.lazy?.disconnect();
  }

  attributeChangedCallback() {
    // Several attributes set in a row make one reload, not one each.
    if (!this.iframe || this.reloading) return;
    this.reloading = true;
    queueMicrotask(() => {
      this.reloading = false;
      this.load();
    });
  }

  /** The widget's options from the attributes. */
  options() {
    const attr = (name) => this.getAttribute(name);
    const off = (v) => ['hide', 'none', 'false', 'no', '0'].includes((v ?? '').trim().toLowerCase());
    const maxHeight = Number.parseInt(attr('max-height') ?? '', 10);
    return {
      board: attr('board') ?? '',
      size: attr('size') ?? '',
      wordlist: attr('wordlist') ?? '',
      multiboggle: this.hasAttribute('multiboggle') && !off(attr('multiboggle')),
      words: !off(attr('words')),
      maxHeight: Number.isFinite(maxHeight) && maxHeight > 0 ? maxHeight : null,
      theme: ['light', 'dark'].includes(attr('theme')) ? attr('theme') : 'auto',
    };
  }

  /** A height to reserve before the widget reports its own (less layout shift). */
  estimate() {
    const { words, maxHeight } = this.options();
    const narrow = this.getBoundingClientRect().width < 480;
    const h = narrow ? (words ? 700 : 430) : words ? 350 : 330;
    return maxHeight ? Math.min(h, maxHeight) : h;
  }

  /** Creates the iframe, or points it at new options. */
  load() {
    const opts = this.options();
    this.scheme = opts.theme === 'auto' ? hostScheme(this) : opts.theme;
    const src = new URL(`./?${embedQuery({ ...opts, theme: this.scheme, id: this.widgetId })}`, EXPLORER);
    if (!this.iframe) {
      this.iframe = document.createElement('iframe');
      this.iframe.loading = 'lazy';
      this.iframe.style.height = `${this.estimate()}px`;
      this.shadowRoot.append(this.iframe);
    }
    this.iframe.title = opts.board ? `Boggle board ${opts.board}: its score and words` : 'Boggle board';
    this.iframe.style.colorScheme = this.scheme;
    if (this.iframe.src === src.href) return;
    delete this.dataset.state;
    this.iframe.src = src.href;
  }

  /** A height report from this element's own widget: size the iframe to it. */
  receive(e) {
    if (!this.iframe || e.source !== this.iframe.contentWindow || e.origin !== EXPLORER.origin) return;
    const { type, id, height } = e.data ?? {};
    if (type !== HEIGHT_MESSAGE || id !== this.widgetId) return;
    if (!(Number.isFinite(height) && height > 0 && height < 20000)) return;
    this.iframe.style.height = `${Math.ceil(height)}px`;
    this.style.minHeight = '';
    this.dataset.state = 'ready';
  }

  /** The host page's scheme may have changed: pass it on when following it. */
  hostChanged() {
    if (!this.iframe || this.options().theme !== 'auto') return;
    const scheme = hostScheme(this);
    if (scheme === this.scheme) return;
    this.scheme = scheme;
    this.iframe.style.colorScheme = scheme;
    this.iframe.contentWindow?.postMessage({ type: THEME_MESSAGE, theme: scheme }, EXPLORER.origin);
  }
}

// ---- following the host page's light or dark look -----------------------------------------

/** Elements following the host's scheme; one watcher serves them all. */
const hostWatchers = new Set();
let recheck = 0;
function hostMayHaveChanged() {
  cancelAnimationFrame(recheck);
  recheck = requestAnimationFrame(() => {
    for (const w of hostWatchers) w.hostChanged();
  });
}
matchMedia('(prefers-color-scheme: dark)').addEventListener('change', hostMayHaveChanged);
// Sites switch themes with a class or attribute on <html> or <body>; a colour transition
// may follow, so look again once it has had time to finish.
const themeSwitches = new MutationObserver(() => {
  hostMayHaveChanged();
  setTimeout(hostMayHaveChanged, 400);
});
themeSwitches.observe(document.documentElement, { attributes: true });
if (document.body) themeSwitches.observe(document.body, { attributes: true });
else document.addEventListener('DOMContentLoaded', () => themeSwitches.observe(document.body, { attributes: true }));

/** "dark" when the first opaque background behind `el` is dark, else "light". */
function hostScheme(el) {
  for (let n = el; n; n = n.parentElement) {
    const rgba = toRgba(getComputedStyle(n).backgroundColor);
    if (rgba && rgba[3] > 127) {
      const [r, g, b] = rgba.map((v) => v / 255);
      return 0.2126 * r + 0.7152 * g + 0.0722 * b < 0.45 ? 'dark' : 'light';
    }
  }
  // Nothing painted: the browser's canvas, dark only when the page opts into a dark scheme.
  const scheme = getComputedStyle(document.documentElement).colorScheme;
  const darkOs = matchMedia('(prefers-color-scheme: dark)').matches;
  return /dark/.test(scheme) && (darkOs || !/light/.test(scheme)) ? 'dark' : 'light';
}

let pixel = null;
/** Any CSS colour as [r, g, b, a] in 0..255 (via a 1x1 canvas), or null when transparent. */
function toRgba(color) {
  if (!color || color === 'transparent' || color === 'rgba(0, 0, 0, 0)') return null;
  pixel ??= document.createElement('canvas').getContext('2d', { willReadFrequently: true });
  pixel.clearRect(0, 0, 1, 1);
  pixel.fillStyle = color;
  pixel.fillRect(0, 0, 1, 1);
  return [...pixel.getImageData(0, 0, 1, 1).data];
}

if (!customElements.get('boggle-board')) customElements.define('boggle-board', BoggleBoard);
