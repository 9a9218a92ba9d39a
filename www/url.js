// Reading and writing the page's state in the URL. Parameter names stay compatible with the
// existing web solver's links: board, wordlist, multiboggle, dims.

/** Values every view treats as defaults; they are left out of the URL. */
export const DEFAULTS = { mode: 'solve', wordlist: 'enable2k', multiboggle: '0', dims: '44' };

/** The current URL's parameters. */
export function readParams() {
  return new URLSearchParams(location.search);
}

/**
 * Applies `changes` ({name: value}, null or undefined to remove) to the URL. `replaceAll`
 * starts from an empty query (switching views); `push` adds a history entry.
 */
export function writeParams(changes, { push = false, replaceAll = false } = {}) {
  const params = replaceAll ? new URLSearchParams() : readParams();
  for (const [k, v] of Object.entries(changes)) {
    const s = v === true ? '1' : v === false ? '0' : v;
    if (s === null || s === undefined || s === '' || DEFAULTS[k] === String(s)) params.delete(k);
    else params.set(k, String(s));
  }
  const query = params.toString();
  const url = `${location.pathname}${query ? `?${query}` : ''}${location.hash}`;
  if (url === `${location.pathname}${location.search}${location.hash}`) return;
  history[push ? 'pushState' : 'replaceState'](null, '', url);
}
