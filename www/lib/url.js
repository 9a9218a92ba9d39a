// Reading and writing the page's state in the URL: the values left out as defaults, views' old
// names in `mode`, the parameters a view could not use or does not read taken out, and the links
// to the solver and the Play view (`dims` only where a board's length gives another size, read
// from the engine's table in pkg/defaults.js). Parameter names stay compatible with the existing
// web solver's links: board, wordlist, multiboggle, dims.
import { boardRowsOf } from './format.js';
import { BOARD, PLAY } from './limits.js';
import { DEFAULT_LIST } from './lists.js';
import { rememberScroll } from './scroll.js';

/** The board shown when the URL names none (the solver and the embedded widget). */
export const DEFAULT_BOARD = 'perslatgsineters';

/** Values every view treats as defaults; they are left out of the URL. */
export const DEFAULTS = { mode: 'solve', wordlist: DEFAULT_LIST, multiboggle: '0', dims: '44' };

/**
 * Views' earlier names in `mode`, each with the name it has now and what a link with the old
 * name asks for where it does not say: `mode=anneal` is the search view with annealing.
 * @type {Readonly<Record<string, {mode: string, implies: Record<string, string>}>>}
 */
export const OLD_MODES = Object.freeze({ anneal: { mode: 'search', implies: { opt: 'anneal' } } });

/**
 * `query` (a query string or URLSearchParams) with an old view name in `mode` replaced by its
 * current name (OLD_MODES); every other parameter is kept, in its place. With `implied`, what
 * the old name asks for is added where absent (a link); without, nothing is added (a run the
 * page saved, which wrote every setting that was not a default). Returns a new object.
 * @param {string | URLSearchParams} query
 * @param {{implied?: boolean}} [how]
 */
export function withCurrentMode(query, { implied = false } = {}) {
  const params = new URLSearchParams(query);
  const mode = params.get('mode');
  if (mode === null || !Object.hasOwn(OLD_MODES, mode)) return params;
  const now = OLD_MODES[mode];
  params.set('mode', now.mode);
  if (implied) for (const [k, v] of Object.entries(now.implies)) if (!params.has(k)) params.set(k, v);
  return params;
}

/**
 * Rewrites the address bar when its `mode` is an old view name (history.replaceState: the
 * entry is replaced, not added), so the view, its links and what it writes use the current name
 * and show what the old link asked for.
 */
export function upgradeOldMode() {
  const mode = readParams().get('mode');
  if (mode === null || !Object.hasOwn(OLD_MODES, mode)) return;
  const query = withCurrentMode(location.search, { implied: true });
  history.replaceState(history.state, '', `${location.pathname}?${query}${location.hash}`);
}

/** The current URL's parameters. */
export function readParams() {
  return new URLSearchParams(location.search);
}

/**
 * Applies `changes` ({name: value}, null or undefined to remove) to the URL. `replaceAll`
 * starts from an empty query (switching views); `push` adds a history entry.
 * @param {Record<string, string | number | boolean | null | undefined>} changes
 * @param {{push?: boolean, replaceAll?: boolean}} [how]
 */
export function writeParams(changes, { push = false, replaceAll = false } = {}) {
  const params = replaceAll ? new URLSearchParams() : readParams();
  for (const [k, v] of Object.entries(changes)) {
    const s = v === true ? '1' : v === false ? '0' : v;
    if (s === null || s === undefined || s === '' || /** @type {Record<string, string>} */ (DEFAULTS)[k] === String(s)) params.delete(k);
    else params.set(k, String(s));
  }
  const query = params.toString();
  const url = `${location.pathname}${query ? `?${query}` : ''}${location.hash}`;
  if (url === `${location.pathname}${location.search}${location.hash}`) return;
  // The entry left keeps the reader's place, for Back (www/lib/scroll.js).
  if (push) rememberScroll();
  history[push ? 'pushState' : 'replaceState'](null, '', url);
}

/**
 * Takes the parameters whose values a view could not use out of the URL (the history entry is
 * replaced), so that the address, a reload and Copy link describe what the view shows; the
 * message beside each control still names the value it was given. Every view calls this as it
 * reads its URL, before it commits a state (share.js).
 * @param {Record<string, unknown>} rejected parameter names, each with a truthy value when its
 *   value was rejected (e.g. the message shown for it)
 */
export function dropRejected(rejected) {
  const drop = Object.entries(rejected).filter(([, bad]) => bad);
  if (drop.length) writeParams(Object.fromEntries(drop.map(([name]) => /** @type {[string, null]} */ ([name, null]))));
}

/**
 * Takes every parameter but `known` out of the URL (the history entry is replaced): the shell
 * (app.js) calls this with a view's `URL_PARAMS` before the view reads its URL, so that the
 * address, a reload and Copy link hold only what the view uses (a misspelt or another view's
 * parameter would stay in every link it shares, meaning nothing). A parameter given twice
 * keeps the first value, the one views read, and one given empty goes: neither says more.
 * @param {readonly string[]} known
 */
export function keepOnly(known) {
  const params = readParams();
  const names = [...new Set(params.keys())];
  /** @type {Record<string, string | null>} */
  const changes = {};
  for (const name of names) {
    if (!known.includes(name)) changes[name] = null;
    else if (params.getAll(name).length > 1 || params.get(name) === '') changes[name] = params.get(name);
  }
  if (Object.keys(changes).length) writeParams(changes);
}

// ---- Links to the solver view -------------------------------------------------------------

/**
 * The size the solver reads from a board's length alone (a board string of 12 letters is 3
 * rows of 4), by cell count: the engine's table (`SIZES_BY_LENGTH`, which its `parseBoard`
 * applies), read from pkg/defaults.js like every engine rule, so links are built synchronously
 * without a copy of it.
 * @type {ReadonlyMap<number, string>}
 */
const SIZE_FROM_LENGTH = new Map(BOARD.sizes_by_length.map(([cells, rows, cols]) => [cells, `${rows}x${cols}`]));

/**
 * The size ("RxC") the solver reads from a board of `cells` cells alone, or null when the
 * length names no size (such a board needs `dims`).
 * @param {number} cells
 * @returns {string | null}
 */
export function sizeFromLength(cells) {
  return SIZE_FROM_LENGTH.get(cells) ?? null;
}

/**
 * Board `board` (row-major letters) of `size` ("RxC") as the CLI prints it: as it is where its
 * length gives that size, else with its rows apart ("cas/ret"), so that it reads back as the
 * same board (the engine's board::text).
 * @param {string} board
 * @param {string | null} size
 */
export function boardText(board, size) {
  if (!dimsParam(board.length, size)) return board;
  return boardRowsOf(board, Number(/** @type {string} */ (size).split('x')[1])).join('/');
}

/**
 * The first length above `cells` that the solver reads a size from, with that size
 * (`{cells: 20, size: '4x5'}` above 16 to 19), or null above the longest.
 * @param {number} cells
 * @returns {{cells: number, size: string} | null}
 */
export function nextSizeFromLength(cells) {
  let next = null;
  for (const [n, size] of SIZE_FROM_LENGTH) if (n > cells && (!next || n < next.cells)) next = { cells: n, size };
  return next;
}

/**
 * The `dims` a link needs for a board of `cells` cells and `size` ("RxC"): null when the length
 * alone gives that size (the solver and the Play view read it so), else the size's digits.
 * @param {number} cells
 * @param {string | null} size
 */
export function dimsParam(cells, size) {
  return size && sizeFromLength(cells) !== size ? size.replace('x', '') : null;
}

/**
 * The solver view's link for `board` of `size` ("RxC") scored with `wordlist`: `dims` only when
 * the length would give another size, `wordlist` only when it is not the default.
 * @param {string} board
 * @param {string} size
 * @param {string} [wordlist]
 */
export function solverHref(board, size, wordlist = DEFAULTS.wordlist) {
  const q = new URLSearchParams({ board });
  const dims = dimsParam(board.length, size);
  if (dims) q.set('dims', dims);
  if (wordlist !== DEFAULTS.wordlist) q.set('wordlist', wordlist);
  return `?${q}`;
}

/**
 * The Play view's link for a round on `board` of `size` ("RxC") with the solver's `wordlist`,
 * `multiboggle` and shortest word `min` ("Play this board"); the other rules keep the Play
 * view's defaults.
 * @param {string} board
 * @param {string} size
 * @param {{wordlist?: string, multiboggle?: boolean, min?: number}} [rules]
 */
export function playHref(board, size, { wordlist = DEFAULTS.wordlist, multiboggle = false, min = PLAY.min_word_letters } = {}) {
  const q = new URLSearchParams({ mode: 'play', board });
  const dims = dimsParam(board.length, size);
  if (dims) q.set('dims', dims);
  if (wordlist !== DEFAULTS.wordlist) q.set('wordlist', wordlist);
  if (multiboggle) q.set('multiboggle', '1');
  if (min !== PLAY.min_word_letters) q.set('min', String(min));
  return `?${q}`;
}
