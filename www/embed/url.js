// What the widget's host and the widget agree on: the elements, the embed page's URL parameters
// and the messages they exchange. Used by the custom elements (element.js), the Embed dialog
// (dialog.js) and the widgets themselves (frame.js, board.js), so each name is written once.

/** Sent by the widget to its parent: `{type, id, height}` whenever its content height changes. */
export const HEIGHT_MESSAGE = 'boggle-explorer:height';
/** Sent by a host to the widget: `{type, theme}` with theme "light", "dark" or "auto". */
export const THEME_MESSAGE = 'boggle-explorer:theme';

/** Values that turn a widget's on/off option off (`words="hide"`), in any case, spaces ignored. */
const OFF = ['0', 'off', 'hide', 'none', 'false', 'no'];
/** Values that turn it on. */
const ON = ['1', 'on', 'show', 'true', 'yes'];

/** True when attribute or parameter value `v` turns an on/off option off. */
export const isOff = (/** @type {string | null | undefined} */ v) => OFF.includes((v ?? '').trim().toLowerCase());

/**
 * The element attributes that switch an option on, on whichever element takes them (the
 * widget's URL then says `1`); read by flagOn.
 */
export const FLAGS = ['multiboggle'];

/**
 * True when a flag attribute (FLAGS) with value `v` (null: absent) turns its option on, the one
 * reading of it on every element: present and not an off value, so `multiboggle`,
 * `multiboggle=""` and `multiboggle="yes"` are on, `multiboggle="no"` is off.
 * @param {string | null} v
 */
export const flagOn = (v) => v !== null && !isOff(v);

/** True when `v` is a value an on/off option understands, on or off. */
export const isOnOrOff = (/** @type {string} */ v) => isOff(v) || ON.includes(v.trim().toLowerCase());

/** Longest attribute value passed on to a widget (a longer one is cut; the widget says it is bad). */
export const MAX_VALUE = 2000;

/** @typedef {'board' | 'bounds' | 'search' | 'break' | 'play'} WidgetKind */

/**
 * A widget kind's element name, page `mode` (null: the board widget, the page's default) and
 * attributes, each with the URL parameter it becomes.
 * @typedef {{tag: string, mode: string | null, attrs: Record<string, string>}} Widget
 */

/**
 * What the host side tells the widget page besides the kind's own options: the iframe's
 * `maxHeight` (pixels), its `theme` and the element's `id` (echoed in height messages).
 * @typedef {{maxHeight?: number | null, theme?: string, id?: string}} FrameOptions
 */

/**
 * The widget kinds: the element's name, the page's `mode` for it, and its attributes with the
 * URL parameter each becomes (the full view's own names; HTML keeps `class` for styling, so a
 * board class is written `board-class`). Every kind also takes `max-height` and `theme`.
 * @type {Record<WidgetKind, Widget>}
 */
export const WIDGETS = {
  board: { tag: 'boggle-board', mode: null, attrs: { board: 'board', size: 'dims', wordlist: 'wordlist', multiboggle: 'multiboggle', min: 'min', words: 'words' } },
  bounds: { tag: 'boggle-bounds', mode: 'bounds', attrs: { 'board-class': 'class', target: 'target', cell: 'cell', wordlist: 'wordlist', panel: 'panel' } },
  search: {
    tag: 'boggle-search',
    mode: 'search',
    // Every setting of the search view (views/search/params.js, which this module may not
    // import) but `workers`: a widget runs one, its seed as given.
    attrs: Object.fromEntries(
      ['opt', 'size', 'wordlist', 'seed', 'pool', 'order', 'expansions', 'schedule', 't0', 'replicas', 't_end', 'steps', 'acceptance', 'cooling', 'stall', 'restart', 'perturb', 'letters', 'source', 'runs', 'target'].map((n) => [n, n]),
    ),
  },
  break: { tag: 'boggle-break', mode: 'break', attrs: { 'board-class': 'class', target: 'target', wordlist: 'wordlist' } },
  play: {
    tag: 'boggle-play',
    mode: 'play',
    attrs: { seed: 'seed', dice: 'dice', board: 'board', size: 'dims', timer: 'timer', min: 'min', wordlist: 'wordlist', multiboggle: 'multiboggle' },
  },
};

/**
 * The query string of the board widget for its options: `board` (letters), `size` ("4x4"),
 * `wordlist`, `multiboggle` (boolean), `min` (the shortest word counted, as given), `words`
 * (false hides the list), `maxHeight` (pixels), `theme` and `id` (echoed in height messages).
 * Defaults are left out.
 */
/**
 * @param {{board?: string, size?: string, wordlist?: string, multiboggle?: boolean, min?: string, words?: boolean} & FrameOptions} opts
 */
export function embedQuery({ board, size, wordlist, multiboggle, min, words = true, maxHeight, theme, id }) {
  const q = new URLSearchParams({ embed: '1' });
  if (board) q.set('board', board);
  // A size of single-digit sides ("3x4") goes as its digits; which sizes the engine takes is the
  // widget's to say (its page reads them from the engine). This module reads nothing of the
  // engine's rules: it runs on the host's page, and only www/embed/ is served to other sites
  // with CORS, so it imports nothing from www/lib/ or pkg/.
  if (size) q.set('dims', /^\dx\d$/.test(size) ? size.replace('x', '') : size);
  if (wordlist && wordlist !== 'enable2k') q.set('wordlist', wordlist);
  if (multiboggle) q.set('multiboggle', '1');
  if (min && min !== '3') q.set('min', min.slice(0, MAX_VALUE));
  if (!words) q.set('words', '0');
  return finish(q, { maxHeight, theme, id });
}

/**
 * The query string of a bounds, search or break widget: `values` maps the kind's URL parameters
 * to their values (as the full view's URL writes them; empty ones are left out).
 * @param {WidgetKind} kind
 * @param {Record<string, string | null | undefined>} values
 * @param {FrameOptions} [frame]
 */
export function widgetQuery(kind, values, { maxHeight, theme, id } = {}) {
  const q = new URLSearchParams({ embed: '1', mode: WIDGETS[kind].mode });
  for (const name of Object.values(WIDGETS[kind].attrs)) {
    const v = values[name];
    if (v !== undefined && v !== null && v !== '') q.set(name, String(v).slice(0, MAX_VALUE));
  }
  return finish(q, { maxHeight, theme, id });
}

/**
 * Adds the frame's options to query `q` (defaults left out) and writes it.
 * @param {URLSearchParams} q
 * @param {FrameOptions} frame
 */
function finish(q, { maxHeight, theme, id }) {
  if (maxHeight) q.set('maxheight', String(maxHeight));
  if (theme && theme !== 'auto') q.set('theme', theme);
  if (id) q.set('id', id);
  return q.toString();
}

/**
 * The query of the full explorer page showing the same board and options (defaults left out).
 * @param {{board: string, dims?: string | null, wordlist?: string, multiboggle?: boolean, min?: string | null}} shown
 *   `dims` as the page's parameter writes it ("44")
 */
export function explorerQuery({ board, dims, wordlist, multiboggle, min }) {
  const q = new URLSearchParams();
  q.set('board', board);
  if (dims && dims !== '44') q.set('dims', dims);
  if (wordlist && wordlist !== 'enable2k') q.set('wordlist', wordlist);
  if (multiboggle) q.set('multiboggle', '1');
  if (min && min !== '3') q.set('min', min);
  return q.toString();
}
