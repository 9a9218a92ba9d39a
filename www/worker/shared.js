// A wasm object that several requests may hold at once (a built word list, a partition run's
// class list): freed once it has been replaced (retired) and the last request using it has
// finished, never while a queued or running request still holds it.

/**
 * A wasm object shared by the requests that use it, with a count of them: `with` holds it for
 * one request, `retire` marks it replaced, and it is freed once retired and held by none.
 */
export class Shared {
  /**
   * @param {any} value the object, or a promise of it while it is built
   * @param {(value: any) => void} free frees the object's wasm memory
   */
  constructor(value, free) {
    this.value = value;
    this.free = free;
    this.users = 0;
    this.retired = false;
    this.freed = false;
    /** The class bounder made from a word list (lists only), freed with it. */
    this.bounder = null;
    /** True once the value has been built. */
    this.built = false;
  }

  /**
   * Runs `use(value, this)` (sync or async) while holding the object.
   * @param {(value: any, held: Shared) => any} use
   * @returns {Promise<any>}
   */
  async with(use) {
    this.users++;
    try {
      return await use(await this.value, this);
    } finally {
      this.users--;
      this.release();
    }
  }

  /** Marks the object replaced: it is freed as soon as no request holds it. */
  retire() {
    this.retired = true;
    this.release();
  }

  /** Frees the object if it is retired and no request holds it (once). */
  release() {
    if (!this.retired || this.users > 0 || this.freed) return;
    this.freed = true;
    Promise.resolve(this.value).then(this.free, () => {});
  }
}
