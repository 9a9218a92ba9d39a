// The word lists that ship with the page, by the names used in URLs (`wordlist=`).

/** List names and their display names, in the order the page offers them. */
export const LISTS = { enable2k: 'ENABLE2K', yawl: 'YAWL' };

/**
 * The URL of a shipped list's compiled trie (built by `make build` into pkg/; it loads without
 * parsing and is smaller than the text), or null for a name that is not shipped.
 */
export function listUrl(name) {
  return Object.hasOwn(LISTS, name) ? new URL(`../pkg/${name}.trie`, import.meta.url) : null;
}
