// Where the reader was on the page in each history entry, put back on Back and Forward. The
// browser's own restoring runs as the entry comes back, before the view has drawn what it showed
// (a view's code, and then its results, arrive after): the page is still short then, and the
// reader lands near the top. So each entry left for another keeps its scroll in its history
// state, and coming back to it scrolls there once the page is tall enough (after a few seconds,
// as far as it then goes); a reader who scrolls, taps or presses a key first keeps their place.

/** How long a return waits for the page to grow tall enough, in ms. */
const WAIT_MS = 3000;

/** Keeps the scroll in the history entry on screen, about to be left for a new one. */
export function rememberScroll() {
  try {
    history.replaceState({ ...(history.state ?? {}), scroll: Math.round(scrollY) }, '');
  } catch {
    // A state the browser refuses (too many calls in a row): the entry keeps none.
  }
}

/** The scroll kept in the history entry on screen, or null. */
export function keptScroll() {
  const y = history.state?.scroll;
  return Number.isFinite(y) && y > 0 ? y : null;
}

/** Cancels the return under way, if any. */
let pending = () => {};

/**
 * Scrolls to `y` once the page is tall enough for it (or after WAIT_MS, as far as it goes),
 * unless the reader scrolls, taps or presses a key first.
 * @param {number} y
 */
export function restoreScroll(y) {
  pending();
  const stop = new AbortController();
  const observer = new ResizeObserver(() => attempt());
  const timer = setTimeout(() => {
    scrollTo(0, y);
    pending();
  }, WAIT_MS);
  pending = () => {
    observer.disconnect();
    stop.abort();
    clearTimeout(timer);
    pending = () => {};
  };
  for (const type of ['wheel', 'touchstart', 'keydown', 'pointerdown']) addEventListener(type, () => pending(), { signal: stop.signal, capture: true });
  function attempt() {
    if (document.documentElement.scrollHeight - innerHeight < y) return;
    scrollTo(0, y);
    pending();
  }
  observer.observe(document.body);
  attempt();
}
