// One Tab stop for a long list of buttons (the WAI-ARIA roving tabindex): Tab enters the list at
// the item last focused and leaves it at once. The keys follow the items as the page lays them
// out, in rows that wrap (a CSS grid or a wrapping flex row, one column or many): Left and Right
// move to the item before and after in reading order, Up and Down to the item nearest in the row
// above and below, PageUp and PageDown by about the height the list has in view, Home and End to
// the first and last items. The rows are measured from the items' boxes when a key is pressed,
// so the keys follow the number of columns a window's width gives and the headings between
// groups. The solver's word list, the bounds view's sum/union words and its letter toggles and
// a round's words found use it, so that thousands of words are one stop on the way through the
// page, not thousands.

/**
 * The vertical middle of a box.
 * @param {DOMRect} r
 */
const middle = (r) => (r.top + r.bottom) / 2;

/**
 * True when boxes `a` and `b` lie in the same row: each one's middle is within the other.
 * @param {DOMRect} a
 * @param {DOMRect} b
 */
const sameRow = (a, b) => middle(a) > b.top && middle(a) < b.bottom && middle(b) > a.top && middle(b) < a.bottom;

/**
 * The length in pixels of CSS value `v` (a computed scroll-padding), 0 for `auto` or none.
 * @param {string} v
 */
const pixels = (v) => Number.parseFloat(v) || 0;

/** A list made one Tab stop; call `first()` once its items are redrawn. */
export class RovingFocus {
  /**
   * @param {HTMLElement} list the element holding the items
   * @param {string} selector what matches an item inside it
   */
  constructor(list, selector) {
    this.list = list;
    this.selector = selector;
    /** @type {HTMLElement | null} */
    this.stop = null;
    list.addEventListener('focusin', (e) => {
      const b = this.item(e.target);
      if (b) this.rove(b);
    });
    list.addEventListener('keydown', (e) => {
      const all = this.items();
      const at = all.indexOf(/** @type {HTMLElement} */ (e.target));
      if (at < 0) return;
      const to = this.move(e, all, at);
      if (to === null) return;
      e.preventDefault();
      all[to].focus();
    });
  }

  /**
   * The index in `all` (the items, in order) that key event `e` moves to from item `at`, or null
   * when the key is not a move. At an edge a move stays on `at`.
   * @param {KeyboardEvent} e
   * @param {HTMLElement[]} all
   * @param {number} at
   * @returns {number | null}
   */
  move(e, all, at) {
    if (e.altKey || e.shiftKey) return null;
    const last = all.length - 1;
    if (e.key === 'Home') return 0;
    if (e.key === 'End') return last;
    if (e.ctrlKey || e.metaKey) return null;
    switch (e.key) {
      case 'ArrowLeft':
        return Math.max(0, at - 1);
      case 'ArrowRight':
        return Math.min(last, at + 1);
      case 'ArrowUp':
        return this.rowAbove(all, at, 0);
      case 'ArrowDown':
        return this.rowBelow(all, at, 0);
      case 'PageUp':
        return this.rowAbove(all, at, this.page(all[at]));
      case 'PageDown':
        return this.rowBelow(all, at, this.page(all[at]));
      default:
        return null;
    }
  }

  /**
   * How far PageUp and PageDown move, in pixels: the height of the list's part in view (its own
   * scrolling box, or the window's less what stays on top of it: the scroll padding), less one
   * row of `item`, so the last row of a page is the first of the next.
   * @param {HTMLElement} item
   */
  page(item) {
    /** @type {HTMLElement | null} */
    let box = this.list;
    while (box && box !== document.body && box !== document.documentElement) {
      const { overflowY } = getComputedStyle(box);
      if ((overflowY === 'auto' || overflowY === 'scroll') && box.scrollHeight > box.clientHeight) break;
      box = box.parentElement;
    }
    const scroller = box && box !== document.body && box !== document.documentElement ? box : null;
    const height = scroller ? scroller.clientHeight : window.innerHeight;
    const padding = pixels(getComputedStyle(scroller ?? document.documentElement).scrollPaddingTop);
    const row = item.getBoundingClientRect().height;
    return Math.max(row, height - padding - row);
  }

  /**
   * The item nearest across to item `at` in the row below it, or in the last row whose middle
   * lies at most `by` pixels below `at`'s (0: the next row). Item `at` when it is in the last
   * row. The items' rows run down the page in their order, so a binary search finds the row.
   * @param {HTMLElement[]} all
   * @param {number} at
   * @param {number} by
   */
  rowBelow(all, at, by) {
    const box = all[at].getBoundingClientRect();
    if (!box.height) return Math.min(all.length - 1, at + 1); // not laid out: reading order
    let next = at + 1;
    while (next < all.length && sameRow(all[next].getBoundingClientRect(), box)) next++;
    if (next === all.length) return at;
    // The last item whose middle is within reach (the next row's first at least).
    const reach = middle(box) + by;
    let lo = next;
    let hi = all.length - 1;
    while (lo < hi) {
      const mid = Math.ceil((lo + hi) / 2);
      if (middle(all[mid].getBoundingClientRect()) <= reach) lo = mid;
      else hi = mid - 1;
    }
    return this.nearest(all, lo, box);
  }

  /**
   * The item nearest across to item `at` in the row above it, or in the first row whose middle
   * lies at most `by` pixels above `at`'s (0: the row before). Item `at` when it is in the first
   * row.
   * @param {HTMLElement[]} all
   * @param {number} at
   * @param {number} by
   */
  rowAbove(all, at, by) {
    const box = all[at].getBoundingClientRect();
    if (!box.height) return Math.max(0, at - 1);
    let prev = at - 1;
    while (prev >= 0 && sameRow(all[prev].getBoundingClientRect(), box)) prev--;
    if (prev < 0) return at;
    const reach = middle(box) - by;
    let lo = 0;
    let hi = prev;
    while (lo < hi) {
      const mid = Math.floor((lo + hi) / 2);
      if (middle(all[mid].getBoundingClientRect()) >= reach) hi = mid;
      else lo = mid + 1;
    }
    return this.nearest(all, lo, box);
  }

  /**
   * Of the items in the row of item `index`, the one whose middle is nearest across to the
   * middle of box `from`.
   * @param {HTMLElement[]} all
   * @param {number} index
   * @param {DOMRect} from
   */
  nearest(all, index, from) {
    const row = all[index].getBoundingClientRect();
    const x = (from.left + from.right) / 2;
    const distance = (/** @type {DOMRect} */ r) => Math.abs((r.left + r.right) / 2 - x);
    let best = index;
    let bestDistance = distance(row);
    for (const step of [-1, 1]) {
      for (let i = index + step; i >= 0 && i < all.length; i += step) {
        const r = all[i].getBoundingClientRect();
        if (!sameRow(r, row)) break;
        if (distance(r) < bestDistance) {
          best = i;
          bestDistance = distance(r);
        }
      }
    }
    return best;
  }

  /**
   * The item `target` is in, or null.
   * @param {EventTarget | null} target
   * @returns {HTMLElement | null}
   */
  item(target) {
    const b = target instanceof Element ? target.closest(this.selector) : null;
    return b instanceof HTMLElement && this.list.contains(b) ? b : null;
  }

  /** @returns {HTMLElement[]} */
  items() {
    return [...this.list.querySelectorAll(this.selector)].filter((b) => b instanceof HTMLElement);
  }

  /**
   * Makes `b` the list's one Tab stop.
   * @param {HTMLElement} b
   */
  rove(b) {
    if (this.stop === b) return;
    if (this.stop) this.stop.tabIndex = -1;
    b.tabIndex = 0;
    this.stop = b;
  }

  /**
   * After the items are redrawn (each with tabIndex -1): `preferred` (when given and found),
   * else the first item, is the Tab stop.
   * @param {Element | null} [preferred]
   */
  first(preferred = null) {
    this.stop = null;
    const b = preferred ?? this.list.querySelector(this.selector);
    if (b instanceof HTMLElement) this.rove(b);
  }
}
