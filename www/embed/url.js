// What the widget's host and the widget agree on: the embed page's URL parameters and the
// messages they exchange. Used by the custom element (element.js), the solver page's Embed dialog
// (dialog.js) and the widget itself (view.js), so each name is written once.

/** Sent by the widget to its parent: `{type, id, height}` whenever its content height changes. */
export const HEIGHT_MESSAGE = 'boggle-explorer:height';
/** Sent by a host to the widget: `{type, theme}` with theme "light", "dark" or "auto". */
export const THEME_MESSAGE = 'boggle-explorer:theme';

/**
 * The query string of the embed page for widget options: `board` (letters), `size` ("4x4"),
 * `wordlist`, `multiboggle` (boolean), `words` (false hides the list), `maxHeight` (pixels),
 * `theme` and `id` (echoed in height messages). Defaults are left out.
 */
export function embedQuery({ board, size, wordlist, multiboggle, words = true, maxHeight, theme, id }) {
  const q = new URLSearchParams({ embed: '1' });
  if (board) q.set('board', board);
  if (size) q.set('dims', /^[2-6]x[2-6]$/.test(size) ? size.replace('x', '') : size);
  if (wordlist && wordlist !== 'enable2k') q.set('wordlist', wordlist);
  if (multiboggle) q.set('multiboggle', '1');
  if (!words) q.set('words', '0');
  if (maxHeight) q.set('maxheight', String(maxHeight));
  if (theme && theme !== 'auto') q.set('theme', theme);
  if (id) q.set('id', id);
  return q.toString();
}

/** The query of the full explorer page showing the same board and options (defaults left out). */
export function explorerQuery({ board, dims, wordlist, multiboggle }) {
  const q = new URLSearchParams();
  q.set('board', board);
  if (dims && dims !== '44') q.set('dims', dims);
  if (wordlist && wordlist !== 'enable2k') q.set('wordlist', wordlist);
  if (multiboggle) q.set('multiboggle', '1');
  return q.toString();
}
