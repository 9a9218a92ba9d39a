// The widget shown inside another site's iframe (`?embed=1&board=...`): the board, its score,
// the word list with path highlighting, and a link to the full explorer. It reuses the solver
// page's board grid and word list, takes its options from the URL (board, dims, wordlist,
// multiboggle, words=0, maxheight, theme, id) and tells its parent window its height whenever
// that changes, so the host can size the iframe to fit.
import { el, fieldError, loadCss } from '../lib/dom.js';
import { count, plural, readFlag, rowsText, shown } from '../lib/format.js';
import { DEFAULT_LIST, LISTS, isShipped } from '../lib/lists.js';
import { readDims } from '../lib/params.js';
import { applyTheme, readTheme } from '../lib/theme.js';
import { DEFAULT_BOARD } from '../lib/url.js';
import { BoardGrid } from '../widgets/board-grid.js';
import { WordList } from '../widgets/word-list.js';
import { HEIGHT_MESSAGE, THEME_MESSAGE, explorerQuery } from './url.js';

// Before the widget renders, and before a theme is applied (it switches the dark-mode blocks of
// the sheets loaded so far).
await loadCss(new URL('./view.css', import.meta.url));

/** Height limits accepted from `maxheight`, in CSS pixels. */
const MIN_HEIGHT = 160;
const MAX_HEIGHT = 4000;
/** What to do with the words, in the words of the device (pointer or touch). */
const HINT = matchMedia('(hover: none)').matches ? 'Tap a word to see its path' : 'Point at a word to see its path';

/** Mounts the widget into `root`; see app.js for `ctx`. */
export function mount(root, ctx) {
  const view = new EmbedView(root, ctx);
  return { unmount: () => view.unmount() };
}

class EmbedView {
  constructor(root, { engine, params }) {
    this.engine = engine;
    this.id = (params.get('id') ?? '').slice(0, 100);
    this.lastHeight = null;
    this.ready = false;
    this.hovered = null;
    this.pinned = null;
    applyTheme(readTheme(params.get('theme')));
    this.build(root, params);

    // The parent may change the theme later (e.g. the host page switched to dark).
    this.onMessage = (e) => {
      if (e.source === window.parent && e.data?.type === THEME_MESSAGE) applyTheme(readTheme(e.data.theme));
    };
    window.addEventListener('message', this.onMessage);
    // The body holds the widget and, rarely, the engine-restart banner: its height is the content's.
    this.resize = new ResizeObserver(() => this.postHeight());
    this.resize.observe(document.body);

    this.load(params);
  }

  unmount() {
    this.resize.disconnect();
    window.removeEventListener('message', this.onMessage);
    this.gone = true;
  }

  build(root, params) {
    const showWords = !['0', 'hide', 'false', 'no'].includes(params.get('words') ?? '');
    const maxHeight = Number(params.get('maxheight'));

    this.grid = new BoardGrid({ onEdit: () => {}, onActivate: () => {}, onClear: () => this.words.select(null) });
    this.current = el('p', { className: 'current', 'aria-live': 'polite' });
    this.score = el('span', { className: 'embed-score', dataset: { testid: 'score' } }, ['…']);
    this.count = el('span', { dataset: { testid: 'word-count' } }, ['…']);
    this.scoreLabel = el('span', { className: 'embed-score-label' }, ['points']);
    this.stats = el('div', { className: 'embed-stats', role: 'status' }, [
      el('span', { className: 'embed-score-line' }, [this.score, ' ', this.scoreLabel]),
      el('span', { className: 'embed-count' }, [this.count, ' words']),
    ]);
    this.words = new WordList({
      onHover: (w) => {
        this.hovered = w;
        this.paint();
      },
      onSelect: (w) => {
        this.pinned = w;
        this.paint();
      },
    });
    this.error = fieldError('embed-error');
    this.note = el('p', { className: 'embed-note', hidden: true });
    this.listName = el('span', { className: 'embed-list' });
    this.link = el('a', { className: 'embed-open', target: '_blank', rel: 'noopener' }, [
      el('img', { src: new URL('../favicon.svg', import.meta.url).href, alt: '', width: 16, height: 16 }),
      'Open in Boggle Explorer',
      el('span', { 'aria-hidden': 'true' }, [' ↗']),
    ]);

    this.body = el('div', { className: 'embed-body', hidden: true }, [
      el('div', { className: 'embed-board' }, [this.grid.el, this.current]),
      this.stats,
      ...(showWords ? [el('div', { className: 'embed-words' }, [this.words.el])] : []),
    ]);
    this.widget = el('article', { className: `embed-widget${showWords ? '' : ' no-words'}`, 'aria-label': 'Boggle board' }, [
      this.body,
      el('div', { className: 'embed-messages' }, [this.error, this.note]),
      el('footer', { className: 'embed-footer' }, [this.listName, this.link]),
    ]);
    if (maxHeight >= MIN_HEIGHT && maxHeight <= MAX_HEIGHT) {
      this.widget.style.setProperty('--max-height', `${Math.round(maxHeight)}px`);
      this.widget.classList.add('height-limited');
    }
    root.append(this.widget);
  }

  /** Reads the options and solves the board; a bad option is explained inside the widget. */
  async load(params) {
    const notes = [];
    let list = params.get('wordlist') ?? DEFAULT_LIST;
    if (!isShipped(list)) {
      notes.push(`There is no word list called “${shown(list)}”: using ENABLE2K.`);
      list = DEFAULT_LIST;
    }
    const mb = params.get('multiboggle');
    const multiboggle = readFlag(mb ?? '0') ?? false;
    if (mb !== null && readFlag(mb) === null) notes.push(`multiboggle=“${shown(mb)}” is not 1 or 0: it is off.`);
    const dims = params.get('dims');
    const size = dims === null ? null : readDims(dims);
    if (dims !== null && !size) notes.push(`“${shown(dims)}” is not a board size: the size follows from the letters.`);
    const board = params.get('board') ?? DEFAULT_BOARD;
    this.setLink({ board, dims: size ? size.replace('x', '') : null, list, multiboggle });
    this.listName.textContent = `${LISTS[list]}${multiboggle ? ' · multiboggle' : ''}`;

    let r;
    try {
      r = await this.engine.call('solve', { list, board, size, multiboggle });
    } catch (e) {
      if (this.gone) return;
      this.error.show(`This board cannot be shown: ${e.message}`);
      this.note.hidden = !notes.length;
      this.note.textContent = notes.join(' ');
      this.body.hidden = true;
      this.done();
      return;
    }
    if (this.gone) return;
    this.note.hidden = !notes.length;
    this.note.textContent = notes.join(' ');
    this.body.hidden = false;
    this.grid.setBoard(r.board, r.rows, r.cols);
    this.grid.el.setAttribute('aria-label', `Board ${rowsText(r.board, r.cols)}`);
    this.score.textContent = String(r.score);
    this.scoreLabel.textContent = multiboggle ? 'points (multiboggle)' : 'points';
    this.count.textContent = count(r.words.length);
    this.words.setWords(r.words);
    this.setLink({ board: r.board, dims: `${r.rows}${r.cols}`, list, multiboggle });
    this.paint();
    this.done();
  }

  /** Points the "open" link at the full explorer with the same board and options. */
  setLink({ board, dims, list, multiboggle }) {
    this.link.href = `${location.pathname}?${explorerQuery({ board, dims, wordlist: list, multiboggle })}`;
  }

  /** Draws the word under the pointer, else the pinned one, and describes it under the board. */
  paint() {
    const w = this.hovered ?? this.pinned;
    this.grid.showPath(w?.path ?? null, 'word');
    this.current.dataset.kind = w ? 'word' : 'hint';
    if (w) this.current.replaceChildren(el('strong', {}, [w.word.toUpperCase()]), ` · ${plural(w.points, 'point')}`);
    else this.current.replaceChildren(this.words.words.length ? HINT : '');
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
}
