// The Embed dialog of every view: the two snippets a blogger can paste for what is on screen
// (a <script> + element that sizes itself, and a plain iframe for hosts that strip scripts), a
// few options, copy buttons and a live preview of the widget. The solver passes the board it
// shows; the other views' state is their URL (the one place a view writes its state).
import { copyText, el, loadCss } from '../lib/dom.js';
import { rowsText, shown as quoted } from '../lib/format.js';
import { DEFAULT_LIST, LISTS, isShipped } from '../lib/lists.js';
import { PLAY } from '../lib/limits.js';
import { DEFAULT_CLASS } from '../lib/known.js';
import { WIDGETS, embedQuery, explorerQuery, widgetQuery } from './url.js';

await loadCss(new URL('./dialog.css', import.meta.url));

/**
 * The explorer's own address and the widget script's public one (www/embed.js, the address
 * bloggers' snippets keep), wherever the page is served from.
 */
const EXPLORER = new URL('../../', import.meta.url);
const SCRIPT = new URL('../embed.js', import.meta.url);

/** @typedef {import('./url.js').WidgetKind} WidgetKind */
/** @typedef {Exclude<WidgetKind, 'board'>} ViewKind a widget kind shown from a view's URL parameters */

/**
 * The solver's board, as the solve view shows it (`kind` "board" when given).
 * @typedef {object} BoardShown
 * @property {'board'} [kind]
 * @property {string} board
 * @property {number} rows
 * @property {number} cols
 * @property {string} list
 * @property {boolean} multiboggle
 * @property {number} [min] the shortest word counted (3 when not given)
 * @property {string} [note] what the view's input holds, when something else
 */

/**
 * The last valid state of another view: its URL parameters.
 * @typedef {object} ViewShown
 * @property {ViewKind} kind
 * @property {URLSearchParams} params
 * @property {string} [note] what the view's input holds, when something else
 */

/**
 * The parts of a snippet: the element's attributes (true: present without a value; empty:
 * left out), the full page's address and the link text for readers without scripts, the
 * iframe's title and its query for a height.
 * @typedef {object} SnippetParts
 * @property {Record<string, string | true>} attrs
 * @property {string} pageUrl
 * @property {string} linkText
 * @property {string} title
 * @property {(maxHeight: number) => string} frameQuery
 */

/**
 * What the dialog says and offers for each kind; `height` is the plain iframe's (the widget fills it).
 * @type {Record<WidgetKind, {title: string, intro: string, height: number, panelHeight?: number}>}
 */
const KINDS = {
  board: {
    title: 'Embed this board',
    intro: 'Put this board in a blog post or any web page: readers see its score and every word, and can point at a word to see its path.',
    height: 360,
  },
  bounds: {
    title: 'Embed these bounds',
    intro: 'Put this class in a post: readers see both upper bounds and the verdict against the target, and can open it in the explorer. A small class is bounded as the page loads.',
    height: 340,
    panelHeight: 640,
  },
  search: {
    title: 'Embed this search',
    intro: 'Put this search in a post: readers press Play and watch it run with the same settings and seed, so it finds the same boards you saw.',
    height: 470,
  },
  play: {
    title: 'Embed this round',
    intro: 'Put this round in a post: readers press Start and play the same board with the same rules and clock, then see what they missed.',
    height: 620,
  },
  break: {
    title: 'Embed this break',
    intro: 'Put this class in a post: readers press the button and watch branch and bound break it, with its tree and the boards that reach the target.',
    height: 560,
  },
};
/** The bounds widget's optional panels, as offered in the dialog. */
const PANELS = [
  ['', 'Numbers only'],
  ['tree', 'max/no-mark tree'],
  ['splits', 'Per-cell splits'],
  ['words', 'sum/union words'],
];

/** @type {EmbedDialog | null} */
let dialog = null;

/**
 * Opens the dialog for what is on screen: `{kind: "board", board, rows, cols, list, multiboggle}`
 * from the solver, or `{kind, params}` (the parameters of the view's last valid state) for
 * bounds, search or break; `note` says when the view's input holds something else.
 * @param {BoardShown | ViewShown} shown
 */
export function openEmbedDialog(shown) {
  dialog ??= new EmbedDialog();
  dialog.open({ kind: 'board', ...shown });
}

class EmbedDialog {
  constructor() {
    this.options = { words: true, theme: 'auto', panel: '' };
    this.wordsBox = el('input', { type: 'checkbox', id: 'embed-words', checked: true });
    this.wordsBox.addEventListener('change', () => {
      this.options.words = this.wordsBox.checked;
      this.render();
    });
    this.wordsOption = el('div', { className: 'check' }, [this.wordsBox, el('label', { htmlFor: 'embed-words' }, ['Show the word list'])]);
    this.panelSelect = el('select', { id: 'embed-panel' }, PANELS.map(([v, t]) => el('option', { value: v }, [t])));
    this.panelSelect.addEventListener('change', () => {
      this.options.panel = this.panelSelect.value;
      this.render();
    });
    this.panelOption = el('div', { className: 'check' }, [el('label', { htmlFor: 'embed-panel' }, ['Below the numbers']), this.panelSelect]);
    this.themeButtons = ['auto', 'light', 'dark'].map((t) =>
      el('button', { type: 'button', dataset: { theme: t }, 'aria-pressed': String(t === 'auto') }, [
        t === 'auto' ? 'Follow the page' : t[0].toUpperCase() + t.slice(1),
      ]),
    );
    const themes = el('div', { className: 'segmented', role: 'group', 'aria-label': 'Widget colours' }, this.themeButtons);
    themes.addEventListener('click', (/** @type {MouseEvent} */ e) => {
      const b = /** @type {HTMLElement | null} */ (/** @type {Element} */ (e.target).closest('[data-theme]'));
      if (!b) return;
      this.options.theme = b.dataset.theme;
      for (const t of this.themeButtons) t.setAttribute('aria-pressed', String(t === b));
      this.render();
    });
    this.listNote = el('p', { className: 'help', hidden: true });
    /** Says that the snippets show the view's last valid state when its input holds another. */
    this.stateNote = el('p', { className: 'help embed-state-note', hidden: true, dataset: { testid: 'embed-note' } });

    this.elementSnippet = snippet('embed-snippet-element', 'Script and element', [
      'Sizes itself to fit and follows your page’s light or dark look. Paste both lines where the widget should appear; several widgets on a page share one engine.',
    ]);
    this.frameHelp = el('span', {});
    this.frameSnippet = snippet('embed-snippet-iframe', 'Plain iframe', [this.frameHelp]);
    this.preview = el('div', { className: 'embed-preview' });

    const close = el('button', { type: 'button', className: 'embed-dialog-close', 'aria-label': 'Close' }, ['×']);
    this.title = el('h2', { id: 'embed-dialog-title' });
    this.intro = el('p', { className: 'embed-dialog-intro' });
    this.el = el('dialog', { className: 'embed-dialog', 'aria-labelledby': 'embed-dialog-title' }, [
      // A div, not a header: a header outside any section would be a second banner landmark.
      el('div', { className: 'embed-dialog-head' }, [this.title, close]),
      el('div', { className: 'embed-dialog-body' }, [
        el('div', { className: 'embed-dialog-main' }, [
          this.intro,
          this.stateNote,
          el('div', { className: 'embed-dialog-options' }, [this.wordsOption, this.panelOption, themes]),
          this.listNote,
          this.elementSnippet.el,
          this.frameSnippet.el,
        ]),
        el('section', { className: 'embed-dialog-preview', 'aria-label': 'Preview' }, [
          el('h3', { className: 'field-label' }, ['Preview']),
          this.preview,
        ]),
      ]),
    ]);
    close.addEventListener('click', () => this.el.close());
    // A click on the backdrop (outside the dialog's box) closes it too.
    this.el.addEventListener('click', (/** @type {MouseEvent} */ e) => {
      if (e.target === this.el) this.el.close();
    });
    document.body.append(this.el);
    this.loadPreview = import('./element.js');
  }

  /** @param {(BoardShown & {kind: 'board'}) | ViewShown} shown */
  open(shown) {
    this.shown = shown;
    const k = KINDS[shown.kind];
    this.title.textContent = k.title;
    this.intro.textContent = k.intro;
    this.wordsOption.hidden = shown.kind !== 'board';
    this.panelOption.hidden = shown.kind !== 'bounds';
    this.stateNote.textContent = shown.note ?? '';
    this.stateNote.hidden = !shown.note;
    if (shown.kind === 'bounds') {
      const panel = shown.params.get('panel') ?? '';
      this.options.panel = PANELS.some(([v]) => v === panel) ? panel : '';
      this.panelSelect.value = this.options.panel;
    }
    this.el.showModal();
    this.render();
  }

  /** Writes both snippets and the preview for what is shown and the options. */
  render() {
    const made = this.shown.kind === 'board' ? this.boardSnippet() : this.viewSnippet();
    const { kind } = this.shown;
    const { tag } = WIDGETS[kind];
    const attrText = Object.entries(made.attrs)
      .filter(([, v]) => v !== '' && v !== null && v !== undefined)
      .map(([k, v]) => (v === true ? ` ${k}` : ` ${k}="${escapeHtml(v)}"`))
      .join('');
    this.elementSnippet.set(
      `<script type="module" src="${escapeHtml(SCRIPT.href)}"></script>\n` +
        `<${tag}${attrText}>\n` +
        `  <a href="${escapeHtml(made.pageUrl)}">${escapeHtml(made.linkText)}</a>\n` +
        `</${tag}>`,
    );
    const height = kind === 'bounds' && this.options.panel ? KINDS.bounds.panelHeight : KINDS[kind].height;
    this.frameHelp.textContent = `For blogs that remove scripts. It is ${height} pixels tall; what does not fit scrolls inside.`;
    this.frameSnippet.set(
      `<iframe src="${escapeHtml(`${EXPLORER.href}?${made.frameQuery(height)}`)}"\n` +
        `  title="${escapeHtml(made.title)}" loading="lazy"\n` +
        `  style="width:100%;height:${height}px;border:0;border-radius:12px"></iframe>`,
    );

    // The preview is the element form itself (a new one when the kind changed).
    this.loadPreview.then(() => {
      let widget = this.preview.firstElementChild;
      if (widget?.localName !== tag) {
        widget = document.createElement(tag);
        this.preview.replaceChildren(widget);
      }
      for (const name of [...widget.getAttributeNames()]) if (!(name in made.attrs)) widget.removeAttribute(name);
      for (const [name, v] of Object.entries(made.attrs)) {
        if (v === true) widget.setAttribute(name, '');
        else if (v === '' || v === null || v === undefined) widget.removeAttribute(name);
        else widget.setAttribute(name, v);
      }
    });
  }

  /**
   * The board widget's snippet parts for the solver's board.
   * @returns {SnippetParts}
   */
  boardSnippet() {
    const { board, rows, cols, list, multiboggle, min } = /** @type {BoardShown} */ (this.shown);
    // The shortest word goes into the snippets only when it is not the engine's own.
    const shortest = min && min !== PLAY.min_word_letters ? String(min) : '';
    const ownFile = !isShipped(list);
    const wordlist = ownFile ? DEFAULT_LIST : list;
    this.listNote.hidden = !ownFile;
    this.listNote.textContent = `Your own word list stays on this device: the widget uses ${LISTS[DEFAULT_LIST]}.`;
    const size = rows === cols ? '' : `${rows}x${cols}`; // a square board's size follows from its length
    const { words, theme } = this.options;
    const rowLetters = rowsText(board, cols).toUpperCase();
    const attrs = {
      board,
      size,
      wordlist: wordlist === DEFAULT_LIST ? '' : wordlist,
      words: words ? '' : 'hide',
      theme: theme === 'auto' ? '' : theme,
      multiboggle: multiboggle || '',
      min: shortest,
    };
    return {
      attrs,
      pageUrl: `${EXPLORER.href}?${explorerQuery({ board, dims: `${rows}${cols}`, wordlist, multiboggle, min: shortest })}`,
      linkText: `Boggle board ${rowLetters}: see every word`,
      title: `Boggle board ${rowLetters}: its score and words`,
      frameQuery: (maxHeight) => embedQuery({ board, size, wordlist, multiboggle, min: shortest, words, theme, maxHeight }),
    };
  }

  /**
   * The snippet parts of a bounds, search or break widget, from the view's URL parameters.
   * @returns {SnippetParts}
   */
  viewSnippet() {
    const { kind, params } = /** @type {ViewShown} */ (this.shown);
    const { theme, panel } = this.options;
    const values = /** @type {Record<string, string>} */ ({});
    for (const name of Object.values(WIDGETS[kind].attrs)) values[name] = params.get(name) ?? '';
    // The class on screen when the URL names none: the views' default.
    if (kind === 'bounds' || kind === 'break') values.class ||= DEFAULT_CLASS;
    if (kind === 'bounds') values.panel = panel;
    const notes = [];
    if (kind === 'search' && !values.seed) notes.push('This search has no seed yet: press Start once to fix one, or each reader gets a random seed.');
    if (kind === 'break' && params.get('partition')) notes.push('The widget breaks one class; a partition run (every class) runs only here.');
    this.listNote.hidden = !notes.length;
    this.listNote.textContent = notes.join(' ');
    /** @type {Record<string, string>} */
    const attrs = {};
    for (const [attr, name] of Object.entries(WIDGETS[kind].attrs)) attrs[attr] = values[name];
    attrs.theme = theme === 'auto' ? '' : theme;
    const page = new URLSearchParams({ mode: WIDGETS[kind].mode });
    for (const [name, v] of Object.entries(values)) if (v && name !== 'panel') page.set(name, v);
    const what = {
      bounds: `Upper bounds of the Boggle class ${quoted(values.class, 60)}`,
      search: `A search for a high-scoring Boggle board${values.seed ? ` (seed ${values.seed})` : ''}`,
      break: `Branch and bound on the Boggle class ${quoted(values.class, 60)}`,
      play: values.board ? `A round of Boggle on the board ${quoted(values.board, 40)}` : `A round of Boggle${values.seed ? ` (seed ${values.seed})` : ''}`,
    }[kind];
    return {
      attrs,
      pageUrl: `${EXPLORER.href}?${page}`,
      linkText: `${what}: open it in Boggle Explorer`,
      title: what,
      frameQuery: (maxHeight) => widgetQuery(kind, values, { theme, maxHeight }),
    };
  }
}

/**
 * A labelled, read-only code box with a Copy button.
 * @param {string} id
 * @param {string} title
 * @param {Array<Node | string>} help
 */
function snippet(id, title, help) {
  const area = el('textarea', {
    id,
    className: 'embed-snippet',
    readOnly: true,
    spellcheck: false,
    rows: 4,
    'aria-describedby': `${id}-help`,
  });
  const status = el('span', { className: 'help', role: 'status' });
  // Named for its box, so that two Copy buttons read apart out of context.
  const copy = el('button', { type: 'button', className: 'secondary', 'aria-label': `Copy: ${title}` }, ['Copy']);
  copy.addEventListener('click', async () => {
    const ok = await copyText(area.value);
    if (!ok) area.select();
    status.textContent = ok ? 'Copied.' : 'Press Ctrl+C (or ⌘C) to copy.';
    clearTimeout(copy.timer);
    copy.timer = setTimeout(() => (status.textContent = ''), 3000);
  });
  area.addEventListener('focus', () => area.select());
  const box = el('div', { className: 'embed-snippet-box' }, [
    el('div', { className: 'embed-snippet-head' }, [
      el('label', { htmlFor: id, className: 'field-label' }, [title]),
      status,
      copy,
    ]),
    el('p', { id: `${id}-help`, className: 'help' }, help),
    area,
  ]);
  return {
    el: box,
    /** @param {string} text */
    set(text) {
      area.value = text;
      area.rows = text.split('\n').length;
      // Tall enough for the wrapped lines: the whole snippet is visible before copying.
      requestAnimationFrame(() => {
        area.style.height = 'auto';
        area.style.height = `${area.scrollHeight + 2}px`;
      });
    },
  };
}

/**
 * Text made safe for an HTML attribute value or element content.
 * @param {string} s
 */
function escapeHtml(s) {
  return String(s).replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
