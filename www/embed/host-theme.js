// Following the host page's light or dark look, for the custom elements (element.js): which
// scheme the background behind an element has, and one watcher for every element that follows
// it (the device's preference, and a class or attribute switched on <html> or <body>). Loaded
// by other sites from source, with element.js.

/**
 * Something that follows the host's scheme: told, through `hostChanged()`, whenever the host
 * page's look may have changed.
 * @typedef {{hostChanged: () => void}} SchemeFollower
 */

/** Elements following the host's scheme; one watcher serves them all. @type {Set<SchemeFollower>} */
const hostWatchers = new Set();

/**
 * Starts telling `follower` when the host page's look may have changed (its scheme, a class or
 * attribute on <html> or <body>).
 * @param {SchemeFollower} follower
 */
export function followHostScheme(follower) {
  hostWatchers.add(follower);
}

/**
 * Stops telling `follower` (it left the page).
 * @param {SchemeFollower} follower
 */
export function unfollowHostScheme(follower) {
  hostWatchers.delete(follower);
}

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

/**
 * "dark" when the first opaque background behind `el` is dark, else "light".
 * @param {Element} el
 * @returns {'dark' | 'light'}
 */
export function hostScheme(el) {
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

/** The 1x1 canvas toRgba paints on, made at its first use. @type {CanvasRenderingContext2D | null} */
let pixel = null;
/**
 * Any CSS colour as [r, g, b, a] in 0..255 (via a 1x1 canvas), or null when transparent.
 * @param {string} color
 * @returns {number[] | null}
 */
function toRgba(color) {
  if (!color || color === 'transparent' || color === 'rgba(0, 0, 0, 0)') return null;
  pixel ??= document.createElement('canvas').getContext('2d', { willReadFrequently: true });
  pixel.clearRect(0, 0, 1, 1);
  pixel.fillStyle = color;
  pixel.fillRect(0, 0, 1, 1);
  return [...pixel.getImageData(0, 0, 1, 1).data];
}
