// What the page keeps in the browser's storage (localStorage, sessionStorage), read back as
// untrusted input: a value may be hand-edited, from another version of the page, cut short by
// a full disk, or storage may be disabled. Values are JSON with a version; reading one says
// whether it was there and readable, so a caller can drop a bad value and say so. A list of
// entries (the Play view's rounds, the search view's best boards) is checked entry by entry:
// one that fails its check is dropped and counted, and the cleaned list is written back.

/**
 * @typedef {object} StoredRead
 * @property {'none' | 'bad' | 'ok'} status none: nothing stored (or storage disabled); bad: a
 *   value that is not JSON, or not of version `version`; ok: `value` holds it
 * @property {any} [value] the parsed value (status ok)
 */

/**
 * Reads `key` from `storage` as JSON of version `version` (its field `v`).
 * @param {() => Storage} storage the storage, as a function (reading it may throw when disabled)
 * @param {string} key
 * @param {number} version
 * @returns {StoredRead}
 */
export function readStored(storage, key, version) {
  let text = null;
  try {
    text = storage().getItem(key);
  } catch {
    return { status: 'none' }; // storage disabled
  }
  if (text === null) return { status: 'none' };
  let value;
  try {
    value = JSON.parse(text);
  } catch {
    return { status: 'bad' };
  }
  if (!value || typeof value !== 'object' || value.v !== version) return { status: 'bad' };
  return { status: 'ok', value };
}

/**
 * Writes `value` with its version under `key`; false when storage is full or disabled (the value
 * then lasts this visit only).
 * @param {() => Storage} storage
 * @param {string} key
 * @param {number} version
 * @param {object} value
 */
export function writeStored(storage, key, version, value) {
  try {
    storage().setItem(key, JSON.stringify({ v: version, ...value }));
    return true;
  } catch {
    return false;
  }
}

/**
 * Forgets `key`.
 * @param {() => Storage} storage
 * @param {string} key
 */
export function removeStored(storage, key) {
  try {
    storage().removeItem(key);
  } catch {
    // nothing stored
  }
}

/** Entries read from a stored list at most: a huge stored value is not walked whole. */
const MAX_ENTRIES = 200;

/**
 * A list of entries kept in localStorage under one key, as `{v, [field]: [...]}`, checked on read.
 * @template T
 */
export class StoredList {
  /**
   * `key` and `version` name the stored value, `field` the list inside it; `problem(e)` says
   * why a stored entry is not one (or null when it is); `tidy(entries)` turns the entries that
   * passed into the list kept (copies their known fields, orders and trims them).
   * @param {{key: string, version: number, field: string, problem: (e: any) => string | null, tidy: (entries: any[]) => T[]}} options
   */
  constructor({ key, version, field, problem, tidy }) {
    this.key = key;
    this.version = version;
    this.field = field;
    this.problem = problem;
    this.tidy = tidy;
  }

  /**
   * The entries stored: `{entries, dropped}`, where `dropped` counts the entries that failed
   * their check (-1: the whole value was unreadable and is removed). What was dropped is
   * removed from storage too.
   * @returns {{entries: T[], dropped: number}}
   */
  load() {
    const read = readStored(() => localStorage, this.key, this.version);
    if (read.status === 'none') return { entries: [], dropped: 0 };
    const list = read.value?.[this.field];
    if (read.status === 'bad' || !Array.isArray(list)) {
      this.clear();
      return { entries: [], dropped: -1 };
    }
    const raw = list.slice(0, MAX_ENTRIES);
    const passed = raw.filter((e) => this.problem(e) === null);
    const entries = this.tidy(passed);
    const dropped = list.length - passed.length;
    if (dropped) this.save(entries);
    return { entries, dropped };
  }

  /**
   * Saves `entries` (already tidied).
   * @param {T[]} entries
   */
  save(entries) {
    writeStored(() => localStorage, this.key, this.version, { [this.field]: entries });
  }

  /** Forgets every entry. */
  clear() {
    removeStored(() => localStorage, this.key);
  }
}
