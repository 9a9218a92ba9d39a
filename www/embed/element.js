// The custom elements for other people's pages, loaded through their public address
// www/embed.js (which only imports this module):
//
//   <script type="module" src="https://example.org/boggle/www/embed.js"></script>
//   <boggle-board board="perslatgsineters"></boggle-board>
//   <boggle-bounds board-class="lnrsy aeiou chkmpt / chkmpt aeiou lnrsy / lnrsy aeiou bdfgjvwxz"></boggle-bounds>
//   <boggle-search opt="hillclimb" size="4x4" seed="1"></boggle-search>
//   <boggle-break board-class="st t rs / e ae e / d l ps" target="500"></boggle-break>
//   <boggle-play seed="2025" dice="4x4" timer="3"></boggle-play>
//
// Each creates an iframe of the explorer's embed page (found relative to this script's own URL,
// so any static host serving dist/ works), once the element comes near the viewport. The
// iframe reports its content height and the element sizes it to fit; messages are accepted
// only from its own iframe and the explorer's origin. With theme="auto" (the default) the
// widget follows the host page's light or dark background, and switches when the host does.
// The attributes of each kind are in url.js (WIDGETS): the full view's URL parameters, plus
// max-height (pixels) and theme ("auto", "light", "dark"); <boggle-board> also takes
// multiboggle and words="hide". Whatever the element contains (e.g. a plain link) is what
// readers see where scripts do not run. Every widget on a page shares one engine worker
// (shared-engine.js) where the browser allows.
import { FLAGS, MAX_VALUE, WIDGETS, embedQuery, flagOn, isOff, widgetQuery, HEIGHT_MESSAGE, THEME_MESSAGE } from './url.js';
import { followHostScheme, hostScheme, unfollowHostScheme } from './host-theme.js';
import { unknownNote } from './unknown-attributes.js';

/** @typedef {import('./url.js').WidgetKind} WidgetKind */

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
  @media (prefers-reduced-motion: reduce) {
    iframe { transition: none; }
  }
  .placeholder {
    position: absolute;
    inset: 0;
    display: grid;
    place-items: center;
    border: 1px solid color-mix(in srgb, currentColor 18%, transparent);
    border-radius: 12px;
    color: color-mix(in srgb, currentColor 75%, transparent);
    font: 14px/1.4 system-ui, sans-serif;
    pointer-events: none;
  }
  :host([data-state='ready']) .placeholder { display: none; }
`;

let widgets = 0;

/** What every widget element shares; one iframe per element, any number per page. */
class EmbedElement extends HTMLElement {
  /** The kind's entry in WIDGETS (set by each element class). @type {WidgetKind} */
  static kind = 'board';

  /** The kind's own attributes, then the ones every widget takes. */
  static get observedAttributes() {
    return [...Object.keys(WIDGETS[this.kind].attrs), 'max-height', 'theme'];
  }

  constructor() {
    super();
    /** Which widget: the subclass's `kind` (board, bounds, search, break). */
    this.kind = /** @type {typeof EmbedElement} */ (this.constructor).kind;
    this.widgetId = `${WIDGETS[this.kind].tag}-${++widgets}`;
    /** @type {HTMLIFrameElement | null} */
    this.iframe = null;
    /** @type {string | null} */
    this.scheme = null; // the theme last given to the widget: "light" or "dark" (auto), or as set
    this.warned = ''; // what warnCommon last said
    /** The attributes it does not know that it has warned about. @type {Set<string>} */
    this.unknownSaid = new Set();
    const shadow = this.attachShadow({ mode: 'open' });
    const style = document.createElement('style');
    style.textContent = STYLE;
    this.placeholder = document.createElement('div');
    this.placeholder.className = 'placeholder';
    this.placeholder.textContent = 'Loading the Boggle widget…';
    shadow.append(style, this.placeholder);
    this.onMessage = (/** @type {MessageEvent} */ e) => this.receive(e);
  }

  connectedCallback() {
    window.addEventListener('message', this.onMessage);
    followHostScheme(this);
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
    unfollowHostScheme(this);
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

  /**
   * An attribute's value, cut to MAX_VALUE characters (null when absent).
   * @param {string} name
   * @returns {string | null}
   */
  attr(name) {
    return this.getAttribute(name)?.slice(0, MAX_VALUE) ?? null;
  }

  /** What every kind takes: max-height (pixels) and theme (in any case, as the widget reads it). */
  common() {
    const maxHeight = Number.parseInt(this.attr('max-height') ?? '', 10);
    const theme = this.themeName();
    return {
      maxHeight: Number.isFinite(maxHeight) && maxHeight > 0 ? maxHeight : null,
      theme: theme === 'light' || theme === 'dark' ? theme : 'auto',
    };
  }

  /**
   * The theme attribute in lower case without spaces around it ('' when absent): the widget's
   * reading of a name (www/lib/format.js choiceOf), which this module may not import.
   */
  themeName() {
    return (this.attr('theme') ?? '').trim().toLowerCase();
  }

  /**
   * Tells the host page's author, in the console, about a max-height or theme the element
   * does not understand (the widget's own notes cover the attributes it is sent); once per value.
   */
  warnCommon() {
    const { maxHeight, theme } = this.common();
    const raw = { maxHeight: this.attr('max-height'), theme: this.attr('theme') };
    const notes = [];
    if (raw.maxHeight !== null && maxHeight === null) notes.push(`max-height="${raw.maxHeight}" is not a height in pixels: no limit`);
    if (raw.theme !== null && theme === 'auto' && this.themeName() !== 'auto') notes.push(`theme="${raw.theme}" is not light, dark or auto: following the page`);
    const key = notes.join('; ');
    if (key && key !== this.warned) console.warn(`<${this.localName}>: ${key}.`);
    this.warned = key;
  }

  /**
   * Tells the host page's author, in the console, about the attributes the element does not know
   * (`minimum` for `min`), with the one each was probably meant to be: the element drops them,
   * so the widget never hears of them. Once per attribute; standard HTML attributes are left alone.
   */
  warnUnknown() {
    const known = /** @type {typeof EmbedElement} */ (this.constructor).observedAttributes;
    const note = unknownNote([...this.attributes].filter((a) => !this.unknownSaid.has(a.name)), known);
    if (!note) return;
    for (const name of note.names) this.unknownSaid.add(name);
    console.warn(`<${this.localName}>: ${note.text}`);
  }

  /**
   * The embed page's query for the attributes (the widget checks every value itself; a flag
   * attribute is read here, as every element reads it).
   * @param {import('./url.js').FrameOptions} extra
   * @returns {string}
   */
  query(extra) {
    const values = /** @type {Record<string, string | null>} */ ({});
    for (const [attr, param] of Object.entries(WIDGETS[this.kind].attrs)) {
      values[param] = FLAGS.includes(attr) ? (flagOn(this.attr(attr)) ? '1' : null) : this.attr(attr);
    }
    return widgetQuery(this.kind, values, { ...this.common(), ...extra });
  }

  /** The iframe's accessible name. */
  label() {
    return 'Boggle Explorer widget';
  }

  /**
   * A height to reserve before the widget reports its own, [wide, narrow]: what each kind measures
   * before the reader starts it (in the example posts), so the host's page does not shift.
   */
  heights() {
    return [360, 560];
  }

  estimate() {
    const { maxHeight } = this.common();
    const [wide, narrow] = this.heights();
    const h = this.getBoundingClientRect().width < 480 ? narrow : wide;
    return maxHeight ? Math.min(h, maxHeight) : h;
  }

  /** Creates the iframe, or points it at new options. */
  load() {
    this.warnCommon();
    this.warnUnknown();
    const { theme } = this.common();
    this.scheme = theme === 'auto' ? hostScheme(this) : theme;
    const src = new URL(`./?${this.query({ theme: this.scheme, id: this.widgetId })}`, EXPLORER);
    if (!this.iframe) {
      this.iframe = document.createElement('iframe');
      this.iframe.loading = 'lazy';
      this.iframe.style.height = `${this.estimate()}px`;
      this.shadowRoot.append(this.iframe);
    }
    this.iframe.title = this.label();
    this.iframe.style.colorScheme = this.scheme;
    if (this.iframe.src === src.href) return;
    delete this.dataset.state;
    this.iframe.src = src.href;
  }

  /**
   * A height report from this element's own widget: size the iframe to it.
   * @param {MessageEvent} e any window message: its data is checked before use
   */
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
    if (!this.iframe || this.common().theme !== 'auto') return;
    const scheme = hostScheme(this);
    if (scheme === this.scheme) return;
    this.scheme = scheme;
    this.iframe.style.colorScheme = scheme;
    this.iframe.contentWindow?.postMessage({ type: THEME_MESSAGE, theme: scheme }, EXPLORER.origin);
  }
}

/** `<boggle-board>`: a board, its score and words (attributes: the solver's parameters). */
class BoggleBoard extends EmbedElement {
  /** @type {WidgetKind} */
  static kind = 'board';

  /** @param {import('./url.js').FrameOptions} extra */
  query(extra) {
    return embedQuery({
      board: this.attr('board') ?? '',
      size: this.attr('size') ?? '',
      wordlist: this.attr('wordlist') ?? '',
      multiboggle: flagOn(this.attr('multiboggle')),
      min: this.attr('min') ?? '',
      words: !isOff(this.attr('words')),
      ...this.common(),
      ...extra,
    });
  }

  label() {
    const board = this.attr('board');
    return board ? `Boggle board ${board.slice(0, 40)}: its score and words` : 'Boggle board';
  }

  heights() {
    return isOff(this.attr('words')) ? [320, 270] : [350, 520];
  }
}

/** `<boggle-bounds>`: a class, its two bounds and the verdict; `panel` adds an explanation. */
class BoggleBounds extends EmbedElement {
  /** @type {WidgetKind} */
  static kind = 'bounds';

  label() {
    const panel = { tree: ', with its max/no-mark tree', splits: ', with its per-cell splits', words: ', with its sum/union words' }[this.attr('panel') ?? ''] ?? '';
    const cls = this.attr('board-class');
    return `Upper bounds of ${cls ? `the Boggle class ${cls.slice(0, 80)}` : 'a Boggle board class'}${panel}`;
  }

  heights() {
    const panel = this.attr('panel');
    if (!panel) return [330, 600];
    return panel === 'tree' ? [600, 980] : [475, 790];
  }
}

/** `<boggle-search>`: a hill-climbing or annealing run the reader starts, with its seed. */
class BoggleSearch extends EmbedElement {
  /** @type {WidgetKind} */
  static kind = 'search';

  label() {
    const seed = this.attr('seed');
    return `A search for a high-scoring ${(this.attr('size') ?? '4x4').slice(0, 10)} Boggle board${seed ? ` from seed ${seed.slice(0, 20)}` : ''}`;
  }

  heights() {
    // Annealing adds the temperature panel under the chart.
    return this.attr('opt') === 'anneal' ? [455, 530] : [437, 492];
  }
}

/** `<boggle-break>`: one class broken by branch and bound, live, when the reader asks. */
class BoggleBreak extends EmbedElement {
  /** @type {WidgetKind} */
  static kind = 'break';

  label() {
    const target = this.attr('target');
    const cls = this.attr('board-class');
    return `Branch and bound on ${cls ? `the Boggle class ${cls.slice(0, 80)}` : 'a Boggle board class'}${target ? `, target ${target.slice(0, 12)}` : ''}`;
  }

  heights() {
    return [147, 216];
  }
}

/** `<boggle-play>`: a round of the Play view (same seed, dice or board, and rules) the reader starts. */
class BogglePlay extends EmbedElement {
  /** @type {WidgetKind} */
  static kind = 'play';

  label() {
    const board = this.attr('board');
    const seed = this.attr('seed');
    return `A round of Boggle to play${board ? ` on the board ${board.slice(0, 40)}` : seed ? ` from seed ${seed.slice(0, 20)}` : ''}`;
  }

  heights() {
    return [405, 575];
  }
}

for (const element of [BoggleBoard, BoggleBounds, BoggleSearch, BoggleBreak, BogglePlay]) {
  const { tag } = WIDGETS[element.kind];
  if (!customElements.get(tag)) customElements.define(tag, element);
}
