// One Tab stop for a long list of buttons (the WAI-ARIA roving tabindex): Tab enters the list at
// the item last focused and leaves it at once; arrow keys, Home and End move between the items.
// The solver's word list, the bounds view's sum/union words and its letter toggles use it, so
// that thousands of words are one stop on the way through the page, not thousands.

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
      const step = { ArrowDown: 1, ArrowRight: 1, ArrowUp: -1, ArrowLeft: -1 }[e.key];
      if (!step && e.key !== 'Home' && e.key !== 'End') return;
      const all = this.items();
      const at = all.indexOf(/** @type {HTMLElement} */ (e.target));
      if (at < 0) return;
      e.preventDefault();
      const next = e.key === 'Home' ? 0 : e.key === 'End' ? all.length - 1 : at + step;
      all[Math.max(0, Math.min(all.length - 1, next))].focus();
    });
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
