// Word lists the reader loads from their own files ("file:NAME", in Solve): kept in this browser,
// never sent anywhere, and offered by every view (Solve, Play, Bounds, Search, Break). The names are kept in
// localStorage (read at once, when a view reads its URL), the files' bytes in the Cache Storage
// (read when the engine first needs a list: www/engine.js asks here). At most KEEP lists are
// kept, the most recently loaded first; a browser that keeps nothing (storage disabled, or a page
// not served securely) keeps them for the visit only. What comes back is untrusted: the names are
// checked here, and the engine reads the bytes as it reads any file.
import { el } from './dom.js';
import { DEFAULT_LIST, LISTS, listName } from './lists.js';
import { readListParam } from './params.js';
import { readStored, writeStored } from './stored.js';

/** The most lists kept: each may be as big as the engine reads (its MAX_LIST_BYTES). */
export const KEEP = 5;

const NAMES_KEY = 'boggle-explorer:own-lists';
const VERSION = 1;
/** The longest name read back ("file:" and a file's name, which systems keep to 255 bytes). */
const MAX_NAME = 300;
/**
 * The cache the files go in: its name is none the service worker's (sw.js deletes its older
 * releases' caches, named "boggle-explorer PATH VERSION"), and holds the site's path, so two
 * copies of the site on one host keep their own.
 */
const cacheName = () => `boggle-explorer-own-lists ${new URL('.', document.baseURI).pathname}`;

const storage = () => localStorage;

/** Bytes of lists loaded or read back this visit, by name. @type {Map<string, ArrayBuffer>} */
const loaded = new Map();
/** Digests of the lists loaded this visit (see listKey; '' where none), by name. @type {Map<string, string>} */
const digests = new Map();
/** Lists loaded this visit whose file the cache could not take: not named in localStorage. */
const visitOnly = new Set();
/** Told whenever the lists kept change (`change` event): the menus offerLists fills follow. */
const changes = new EventTarget();

/**
 * True for a name of a list of the reader's own ("file:NAME").
 * @param {string | null | undefined} name
 */
export function isOwnList(name) {
  return typeof name === 'string' && name.startsWith('file:');
}

/**
 * The names kept in this browser (and those loaded this visit), the most recent first.
 * @returns {string[]}
 */
export function ownListNames() {
  const kept = readKept().names;
  // Where storage keeps nothing, the lists loaded this visit, the last loaded first.
  const visit = [...loaded.keys()].reverse().filter((n) => !kept.includes(n));
  return [...new Set([...kept, ...visit])].slice(0, KEEP);
}

/**
 * What localStorage keeps: the names, and each one's digest (a 16-digit hex string), as far as
 * they are sound.
 * @returns {{names: string[], digests: Record<string, string>}}
 */
function readKept() {
  const read = readStored(storage, NAMES_KEY, VERSION);
  const value = read.status === 'ok' ? read.value : {};
  const stored = Array.isArray(value.names) ? value.names : [];
  /** @type {string[]} */
  const names = stored.filter((/** @type {unknown} */ n) => typeof n === 'string' && isOwnList(n) && n.length <= MAX_NAME);
  /** @type {Record<string, string>} */
  const kept = {};
  for (const n of names) {
    const d = value.digests?.[n];
    if (typeof d === 'string' && /^[0-9a-f]{16}$/.test(d)) kept[n] = d;
  }
  return { names, digests: kept };
}

/**
 * Writes the names kept (and their digests, those known).
 * @param {string[]} names
 */
function writeKept(names) {
  const known = readKept().digests;
  /** @type {Record<string, string>} */
  const kept = {};
  const stored = names.filter((n) => !visitOnly.has(n));
  for (const n of stored) {
    const d = digests.has(n) ? digests.get(n) : known[n];
    if (d) kept[n] = d;
  }
  writeStored(storage, NAMES_KEY, VERSION, { names: stored, digests: kept });
}

/**
 * What a view keys the results it saves by (a partition run's progress, the best boards a search
 * found): a shipped list's name, or for a list of the reader's own its name and a digest of its
 * file (`file:NAME#0123456789abcdef`), so that another file of the same name starts afresh.
 * @param {string} name
 */
export function listKey(name) {
  if (!isOwnList(name)) return name;
  const d = digests.has(name) ? digests.get(name) : readKept().digests[name];
  return d ? `${name}#${d}` : name;
}

/**
 * The list a key of listKey names (the key of a list of the reader's own less its digest).
 * @param {string} key
 */
export function listOfKey(key) {
  return isOwnList(key) ? key.replace(/#[0-9a-f]{16}$/, '') : key;
}

/**
 * Whether `key` is a list's key as listKey writes it: a shipped list's name, or "file:" and a
 * name, with a digest or without.
 * @param {unknown} key untrusted
 */
export function isListKey(key) {
  return typeof key === 'string' && (Object.hasOwn(LISTS, key) || (isOwnList(key) && key.length <= MAX_NAME + 17));
}

/**
 * The first 16 hex digits of the SHA-256 of `bytes`, or null where the browser cannot hash here.
 * @param {ArrayBuffer} bytes
 */
async function digestOf(bytes) {
  try {
    const hash = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
    return [...hash.slice(0, 8)].map((b) => b.toString(16).padStart(2, '0')).join('');
  } catch {
    return null;
  }
}

/**
 * The address a list's bytes are kept under in the cache.
 * @param {string} name
 */
const keyOf = (name) => new URL(`own-lists/${encodeURIComponent(name)}`, document.baseURI).href;

/** The cache, or null where this browser has none here. */
async function openCache() {
  try {
    return self.caches ? await caches.open(cacheName()) : null;
  } catch {
    return null;
  }
}

/**
 * Keeps list `name` (its file's `bytes`, which the engine has read) in this browser, first
 * among the lists kept; the oldest beyond KEEP is let go.
 * @param {string} name
 * @param {ArrayBuffer} bytes
 */
export async function keepOwnList(name, bytes) {
  loaded.delete(name); // the last loaded comes last
  loaded.set(name, bytes);
  digests.set(name, (await digestOf(bytes)) ?? '');
  const cache = await openCache();
  visitOnly.add(name);
  try {
    if (cache) {
      await cache.put(keyOf(name), new Response(bytes.slice(0)));
      visitOnly.delete(name);
    }
  } catch {
    // A full or disabled storage: the list lasts this visit.
  }
  const names = [name, ...ownListNames().filter((n) => n !== name)];
  for (const gone of names.slice(KEEP)) {
    loaded.delete(gone);
    try {
      await cache?.delete(keyOf(gone));
    } catch {
      // Nothing kept to delete.
    }
  }
  writeKept(names.slice(0, KEEP));
  changes.dispatchEvent(new Event('change'));
}

/**
 * Forgets list `name`: no view offers it any more.
 * @param {string} name
 */
export async function forgetOwnList(name) {
  loaded.delete(name);
  writeKept(ownListNames().filter((n) => n !== name));
  digests.delete(name);
  visitOnly.delete(name);
  try {
    await (await openCache())?.delete(keyOf(name));
  } catch {
    // Nothing kept to delete.
  }
  changes.dispatchEvent(new Event('change'));
}

/**
 * The bytes of list `name`, or null when this browser does not keep it (any more).
 * @param {string} name
 * @returns {Promise<ArrayBuffer | null>}
 */
export async function ownListBytes(name) {
  const mine = loaded.get(name);
  if (mine) return mine;
  if (!ownListNames().includes(name)) return null;
  try {
    const res = await (await openCache())?.match(keyOf(name));
    if (!res) {
      // Its name was kept but not its file (the browser cleared its cache, or never kept it):
      // no view offers it any more.
      await forgetOwnList(name);
      return null;
    }
    const bytes = await res.arrayBuffer();
    loaded.set(name, bytes);
    return bytes;
  } catch {
    return null;
  }
}

/**
 * Reads a `wordlist` URL parameter that may name a list of the reader's own: that list while this
 * browser keeps it, else readListParam's reading (the default list, with a message for a name
 * that is neither shipped nor kept; `hint` as there).
 * @param {string | null} value
 * @param {string} [hint]
 * @returns {{list: string, error: string | null}}
 */
export function readAnyListParam(value, hint = '') {
  if (!isOwnList(value)) return readListParam(value, hint);
  if (ownListNames().includes(/** @type {string} */ (value))) return { list: /** @type {string} */ (value), error: null };
  return { list: DEFAULT_LIST, error: `${notKept(/** @type {string} */ (value))} Using ${LISTS[DEFAULT_LIST]}.` };
}

/**
 * Why a link's list `name` of someone's own cannot be used here: this browser does not keep it.
 * @param {string} name
 */
export function notKept(name) {
  return `“${listName(name)}” is a word list of someone’s own, loaded from a file, which this browser does not keep: load it with Load a file… in Solve.`;
}

/**
 * Fills `select` with the lists a view offers (the shipped ones, then the reader's own), keeping
 * its value; a value no longer offered (a list forgotten) falls back to the first.
 * @param {HTMLSelectElement} select
 */
function fillListSelect(select) {
  const value = select.value;
  const own = ownListNames().map((n) => /** @type {[string, string]} */ ([n, listName(n)]));
  select.replaceChildren(...[...Object.entries(LISTS), ...own].map(([v, label]) => el('option', { value: v }, [label])));
  select.value = value;
  if (select.selectedIndex < 0) select.selectedIndex = 0;
}

/**
 * Makes `select` a view's word-list menu: filled now, and again whenever a list is loaded or
 * forgotten while it is in the page (a menu whose view has gone lets go at the next change).
 * @param {HTMLSelectElement} select
 * @returns {HTMLSelectElement} the same select
 */
export function offerLists(select) {
  fillListSelect(select);
  const follow = () => {
    if (select.isConnected) fillListSelect(select);
    else changes.removeEventListener('change', follow);
  };
  changes.addEventListener('change', follow);
  return select;
}
