// The worker's word lists: the shipped lists' addresses, the bytes downloaded ahead, and each
// list built once (an engine Dictionary, shared by the requests using it, with the class bounder
// made from it). When the engine is switched, built lists are retired and built again from
// their kept bytes in the new module on first use.
import { AFRESH, downloadFailed, unreachable } from '../lib/failure.js';
import { api } from './engine.js';
import { Shared } from './shared.js';

/**
 * A built word list, in whichever engine module built it.
 * @typedef {import('../../pkg/boggle_solve.js').Dictionary} Dictionary
 */

/** The shipped word lists' URLs by name, and the list used when a request names none (init). */
/** @type {Record<string, string>} */
let shipped = {};
/** @type {string | null} */
let defaultName = null;

/**
 * Word lists by name, each a Shared promise of its built Dictionary (plus the class bounder made
 * from it, `held.bounder`); a list is built once per worker.
 * @type {Map<string, Shared>}
 */
const lists = new Map();
/**
 * Raw bytes (or a promise of them, null when that download failed) of lists downloaded ahead:
 * those of an init message are built at once, prefetched ones on first use.
 * @type {Map<string, ArrayBuffer | Promise<ArrayBuffer | null>>}
 */
const given = new Map();
/**
 * Every built list's bytes, to build it again in the full engine.
 * @type {Map<string, Uint8Array>}
 */
const kept = new Map();
/**
 * How to hand over each list the page said is on its way (init's `coming`): its bytes, or null.
 * @type {Map<string, (bytes: ArrayBuffer | null) => void>}
 */
const arriving = new Map();
/**
 * Names of the lists whose bytes the page has handed over (index.html's may come before init).
 * @type {Set<string>}
 */
const received = new Set();
/**
 * Names of the shipped lists whose last download failed: the next one asks the server afresh.
 * @type {Set<string>}
 */
const failed = new Set();

/**
 * The list a request that names none uses (set by init).
 * @returns {string | null}
 */
export function defaultList() {
  return defaultName;
}

/**
 * Sets the shipped lists' URLs by name and the default list (what `init` carries).
 * @param {Record<string, string> | undefined} urls
 * @param {string | null | undefined} name
 */
export function configureLists(urls, name) {
  shipped = urls ?? {};
  defaultName = name ?? null;
}

/** Retires every built list (the engine was switched): each is freed once its requests finish. */
export function retireLists() {
  for (const held of lists.values()) held.retire();
  lists.clear();
}

/**
 * A list's shared entry, freed (with its class bounder) once retired and held by none.
 * @param {Promise<Dictionary>} dictionary the list, while it is built
 * @returns {Shared}
 */
function sharedList(dictionary) {
  const held = new Shared(dictionary, (dict) => {
    held.bounder?.free();
    dict.free();
  });
  held.value.then(() => (held.built = true), () => {});
  return held;
}

/**
 * The shared entry of list `name`; concurrent requests for a list share one download and build.
 * @param {string} name
 * @returns {Shared}
 */
function listEntry(name) {
  if (!lists.has(name)) {
    const held = sharedList(listBytes(name).then((bytes) => built(name, bytes)));
    // A failed download may be retried, and a damaged copy in the service worker's cache is
    // dropped so that the retry asks the network.
    held.value.catch(() => {
      if (lists.get(name) === held) lists.delete(name);
      kept.delete(name); // bytes that failed to build are not kept for the full engine either
      return Object.hasOwn(shipped, name) ? dropCachedCopies(shipped[name]) : undefined;
    });
    lists.set(name, held);
  }
  return lists.get(name);
}

/**
 * Builds list `name` from `bytes`. A shipped list is a sound compiled list, so bytes the engine
 * rejects were damaged on the way: that is said as a failed download, which trying again may mend.
 * @param {string} name
 * @param {Uint8Array} bytes
 */
function built(name, bytes) {
  try {
    return new api.Dictionary(bytes);
  } catch (e) {
    if (!Object.hasOwn(shipped, name) || e instanceof WebAssembly.RuntimeError) throw e;
    throw downloadFailed(api.isCompiledList(bytes.subarray(0, 8)) ? String(e?.message ?? e) : 'the server sent something other than the word list');
  }
}

/**
 * Whether lists are built as soon as their bytes arrive: the solver's first score needs its list
 * next, and building it takes the longest. Other views build a list on its first use: their
 * first request (rolling a board, or a switch to the full engine) must not wait behind it.
 */
let buildOnArrival = false;

/** @param {boolean} yes */
export function buildListsOnArrival(yes) {
  buildOnArrival = yes;
}

/**
 * Takes list bytes that arrived with the page's set-up (`boot`, `init` or `lists`), and builds
 * them now when the page asked for that.
 * @param {Record<string, ArrayBuffer>} bytesByName
 */
export function giveLists(bytesByName) {
  for (const [name, bytes] of Object.entries(bytesByName)) {
    received.add(name);
    if (arriving.has(name)) arriving.get(name)(bytes);
    else given.set(name, bytes);
    arriving.delete(name);
    if (buildOnArrival) listEntry(name);
  }
}

/**
 * Notes lists the page is still downloading (init's `coming`): a request for one waits for its
 * bytes (giveLists) instead of downloading it a second time.
 * @param {string[]} names
 */
export function expectLists(names) {
  for (const name of names) {
    if (received.has(name) || given.has(name) || lists.has(name) || kept.has(name)) continue;
    given.set(name, new Promise((ok) => arriving.set(name, ok)));
  }
}

/**
 * The page could not download these lists after all: a request for one downloads it here.
 * @param {string[]} names
 */
export function listsMissing(names) {
  for (const name of names) {
    arriving.get(name)?.(null);
    arriving.delete(name);
  }
}

/**
 * Builds an uploaded list from `bytes` under `name`, replacing any list of that name; throws
 * (nothing replaced) on a bad file.
 * @param {string} name
 * @param {ArrayBuffer} bytes
 */
export function addUploadedList(name, bytes) {
  const dict = new api.Dictionary(new Uint8Array(bytes));
  kept.set(name, new Uint8Array(bytes));
  const old = lists.get(name);
  lists.set(name, sharedList(Promise.resolve(dict)));
  old?.retire(); // freed once the requests already holding it have finished
}

/** Names of the lists built in this worker, or held to build again (they work offline). */
export function builtListNames() {
  const built = [...lists].filter(([, held]) => held.built).map(([name]) => name);
  return [...new Set([...built, ...kept.keys()])];
}

/**
 * Deletes `url` from every cache of this site (the service worker's, see sw.js).
 * @param {string} url
 */
async function dropCachedCopies(url) {
  if (!url || !self.caches) return;
  const href = new URL(url, self.location.href).href;
  for (const key of await caches.keys()) await (await caches.open(key)).delete(href);
}

/**
 * Runs `use(dict, held)` holding list `name` (the default list when null), so a replaced
 * list is not freed under it.
 * @param {string | null | undefined} name
 * @param {(dict: any, held: Shared) => any} use
 */
export function withList(name, use) {
  return listEntry(name ?? defaultName).with(use);
}

/**
 * Runs `use(bounder)` with the class bounder of list `name` (one per built list: it keeps
 * scratch space between calls, and is freed with its list).
 * @param {string | null | undefined} name
 * @param {(bounder: any) => any} use
 */
export function withBounder(name, use) {
  return withList(name, (dict, held) => {
    held.bounder ??= new api.ClassBounder(dict);
    return use(held.bounder);
  });
}

/**
 * Starts downloading shipped list `name` now, for its first use (the shared worker fetches the
 * default list while the engine compiles). A failed download leaves the first use to fetch it.
 * @param {string} name
 */
export function prefetchList(name) {
  const url = Object.hasOwn(shipped, name) ? shipped[name] : null;
  if (!url || given.has(name) || lists.has(name)) return;
  given.set(name, fetch(url).then((res) => (res.ok ? res.arrayBuffer() : null), /** @returns {null} */ () => null));
}

/**
 * The bytes of list `name`: kept from an earlier build, else downloaded (kept from then on).
 * @param {string} name
 * @returns {Promise<Uint8Array>}
 */
async function listBytes(name) {
  if (kept.has(name)) return kept.get(name);
  const bytes = await downloadedList(name);
  kept.set(name, bytes);
  return bytes;
}

/**
 * The bytes of list `name` as downloaded ahead, else fetched from its shipped URL.
 * @param {string} name
 * @returns {Promise<Uint8Array>}
 */
async function downloadedList(name) {
  if (given.has(name)) {
    const bytes = await given.get(name);
    given.delete(name);
    if (bytes) return new Uint8Array(bytes);
    failed.add(name); // the download ahead failed
  }
  const url = Object.hasOwn(shipped, name) ? shipped[name] : null;
  if (!url) throw new Error(`unknown word list '${name}': choose ${Object.keys(shipped).join(' or ')}, or load a file`);
  const unreached = () => unreachable(`the word list '${name}'`, { short: 'this list' });
  const again = failed.has(name);
  failed.add(name); // until the bytes are in
  let res;
  try {
    res = await fetch(url, again ? AFRESH : undefined);
  } catch {
    throw unreached();
  }
  if (!res.ok) throw downloadFailed(`could not download the word list '${name}' (HTTP ${res.status})`);
  let bytes;
  try {
    bytes = new Uint8Array(await res.arrayBuffer());
  } catch {
    throw unreached(); // the connection broke off mid-download
  }
  failed.delete(name);
  return bytes;
}
