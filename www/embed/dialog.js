// The solver page's "Embed" dialog: the two snippets a blogger can paste for the board on
// screen (a <script> + <boggle-board> element that sizes itself, and a plain iframe for hosts
// that strip scripts), a few options, copy buttons and a live preview of the widget.
import { copyText, el, loadCss } from '../lib/dom.js';
import { rowsText } from '../lib/format.js';
import { DEFAULT_LIST, isShipped } from '../lib/lists.js';
import { embedQuery, explorerQuery } from './url.js';

await loadCss(new URL('./dialog.css', import.meta.url));

/**
 * The explorer's own address and the widget script's public one (www/embed.js, the address
 * bloggers' snippets keep), wherever the page is served from.
 */
const EXPLORER = new URL('../../', import.meta.url);
const SCRIPT = new URL('../embed.js', import.meta.url);
/** The plain iframe's fixed height; the widget is told to fit in it (its list scrolls). */
const FRAME_HEIGHT = 360;

let dialog = null;

/** Opens the dialog for `shown` = {board, rows, cols, list, multiboggle} (the board on screen). */
export function openEmbedDialog(shown) {
  dialog ??= new EmbedDialog();
  dialog.open(shown);
}

class EmbedDialog {
  constructor() {
    this.options = { words: true, theme: 'auto' };
    this.wordsBox = el('input', { type: 'checkbox', id: 'embed-words', checked: true });
    this.wordsBox.addEventListener('change', () => {
      this.options.words = this.wordsBox.checked;
      this.render();
    });
    this.themeButtons = ['auto', 'light', 'dark'].map((t) =>
      el('button', { type: 'button', dataset: { theme: t }, 'aria-pressed': String(t === 'auto') }, [
        t === 'auto' ? 'Follow the page' : t[0].toUpperCase() + t.slice(1),
      ]),
    );
    const themes = el('div', { className: 'segmented', role: 'group', 'aria-label': 'Widget colours' }, this.themeButtons);
    themes.addEventListener('click', (e) => {
      const b = e.target.closest('[data-theme]');
      if (!b) return;
      this.options.theme = b.dataset.theme;
      for (const t of this.themeButtons) t.setAttribute('aria-pressed', String(t === b));
      this.render();
    });
    this.listNote = el('p', { className: 'help', hidden: true });

    this.elementSnippet = snippet('embed-snippet-element', 'Script and element', [
      'Sizes itself to fit and follows your page’s light or dark look. Paste both lines where the board should appear.',
    ]);
    this.frameSnippet = snippet('embed-snippet-iframe', 'Plain iframe', [
      `For blogs that remove scripts. It is ${FRAME_HEIGHT} pixels tall; the word list scrolls inside.`,
    ]);
    this.preview = el('div', { className: 'embed-preview' });

    const close = el('button', { type: 'button', className: 'embed-dialog-close', 'aria-label': 'Close' }, ['×']);
    this.el = el('dialog', { className: 'embed-dialog', 'aria-labelledby': 'embed-dialog-title' }, [
      el('header', { className: 'embed-dialog-head' }, [
        el('h2', { id: 'embed-dialog-title' }, ['Embed this board']),
        close,
      ]),
      el('div', { className: 'embed-dialog-body' }, [
        el('div', { className: 'embed-dialog-main' }, [
          el('p', { className: 'embed-dialog-intro' }, [
            'Put this board in a blog post or any web page: readers see its score and every word, and can point at a word to see its path.',
          ]),
          el('div', { className: 'embed-dialog-options' }, [
            el('div', { className: 'check' }, [this.wordsBox, el('label', { htmlFor: 'embed-words' }, ['Show the word list'])]),
            themes,
          ]),
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
    this.el.addEventListener('click', (e) => {
      if (e.target === this.el) this.el.close();
    });
    document.body.append(this.el);
    this.loadPreview = import('./element.js');
  }

  open(shown) {
    this.shown = shown;
    this.el.showModal();
    this.render();
  }

  /** Writes both snippets and the preview for the board and the options. */
  render() {
    const { board, rows, cols, list, multiboggle } = this.shown;
    const ownFile = !isShipped(list);
    const wordlist = ownFile ? DEFAULT_LIST : list;
    this.listNote.hidden = !ownFile;
    this.listNote.textContent = 'Your own word list stays on this device: the widget uses ENABLE2K.';
    const size = rows === cols ? '' : `${rows}x${cols}`; // a square board's size follows from its length
    const { words, theme } = this.options;
    const rowLetters = rowsText(board, cols).toUpperCase();

    const attrs = { board, size, wordlist: wordlist === DEFAULT_LIST ? '' : wordlist, words: words ? '' : 'hide' };
    if (theme !== 'auto') attrs.theme = theme;
    const attrText = Object.entries(attrs)
      .filter(([, v]) => v)
      .map(([k, v]) => ` ${k}="${escapeHtml(v)}"`)
      .join('');
    const pageUrl = `${EXPLORER.href}?${explorerQuery({ board, dims: `${rows}${cols}`, wordlist, multiboggle })}`;
    this.elementSnippet.set(
      `<script type="module" src="${escapeHtml(SCRIPT.href)}"></script>\n` +
        `<boggle-board${attrText}${multiboggle ? ' multiboggle' : ''}>\n` +
        `  <a href="${escapeHtml(pageUrl)}">Boggle board ${rowLetters}: see every word</a>\n` +
        `</boggle-board>`,
    );
    const frameQuery = embedQuery({ board, size, wordlist, multiboggle, words, theme, maxHeight: FRAME_HEIGHT });
    this.frameSnippet.set(
      `<iframe src="${escapeHtml(`${EXPLORER.href}?${frameQuery}`)}"\n` +
        `  title="Boggle board ${rowLetters}: its score and words" loading="lazy"\n` +
        `  style="width:100%;height:${FRAME_HEIGHT}px;border:0;border-radius:12px"></iframe>`,
    );

    // The preview is the element form itself.
    this.loadPreview.then(() => {
      let widget = this.preview.firstElementChild;
      if (!widget) {
        widget = document.createElement('boggle-board');
        this.preview.append(widget);
      }
      for (const name of ['board', 'size', 'wordlist', 'words', 'theme']) {
        if (attrs[name]) widget.setAttribute(name, attrs[name]);
        else widget.removeAttribute(name);
      }
      widget.toggleAttribute('multiboggle', multiboggle);
    });
  }
}

/** A labelled, read-only code box with a Copy button. */
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
  const copy = el('button', { type: 'button', className: 'secondary' }, ['Copy']);
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

/** Text made safe for an HTML attribute value or element content. */
function escapeHtml(s) {
  return String(s).replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
