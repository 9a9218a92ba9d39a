// The word lists that ship with the page, by the names used in URLs (`wordlist=`). Names and
// limits come from the engine (pkg/defaults.js, written by the build with `boggle defaults`).
import engine from '../../pkg/defaults.js';
import { shown } from './format.js';

/** List names and their display names, in the order the page offers them. */
export const LISTS = Object.fromEntries(engine.lists);
/** Where each shipped list comes from, in a phrase ("Alan Beale's public-domain list (2000), …"), by name. */
export const ABOUT = Object.fromEntries(engine.lists.map(([name, , about]) => [name, about]));
/** The list used when none is named (or the name is not a shipped list). */
export const DEFAULT_LIST = engine.lists[0][0];

/**
 * The largest word-list file the engine reads (its `MAX_LIST_BYTES`). The page refuses bigger
 * files before reading them.
 */
export const MAX_LIST_BYTES = engine.max_list_bytes;

/**
 * The engine's message for a file over the limit, the same whether the page or engine finds it:
 * the size in tenths of a MB rounded up (no size over the limit reads as the limit), or none for
 * a file just one byte over (where the engine stops reading a stream of unknown size).
 * @param {number} bytes
 */
export function tooBigMessage(bytes) {
  const limit = `the limit of ${MAX_LIST_BYTES / 2 ** 20} MB`;
  if (bytes <= MAX_LIST_BYTES + 1) return `the word list is more than ${limit}`;
  const tenths = Math.ceil((bytes * 10) / 2 ** 20);
  return `the word list is ${Math.floor(tenths / 10)}.${tenths % 10} MB, more than ${limit}`;
}

/**
 * True for the name of a list that ships with the page.
 * @param {string | null | undefined} name
 */
export function isShipped(name) {
  return Object.hasOwn(LISTS, name ?? '');
}

/**
 * A list's display name: a shipped list's, or an uploaded file's name (`file:NAME`) with its
 * control characters written out (a name with a right-to-left override could disguise itself).
 * @param {string} name
 * @returns {string}
 */
export function listName(name) {
  return LISTS[name] ?? shown(name.replace(/^file:/, ''), 80);
}

/**
 * The URL of a shipped list, compiled (built by `make build` into pkg/ with `boggle compile-list`:
 * a fraction of the text's size, and it loads without parsing), or null for a name that is not
 * shipped.
 * @param {string} name
 * @returns {URL | null}
 */
export function listUrl(name) {
  return isShipped(name) ? new URL(`../../pkg/${name}.dawg`, import.meta.url) : null;
}

/** Every shipped list's URL by name, as strings (what the engine worker is told at start-up). */
export function shippedUrls() {
  return Object.fromEntries(Object.keys(LISTS).map((name) => [name, String(listUrl(name))]));
}
