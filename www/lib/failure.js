// Failures a visitor can do something about: a download that failed (the engine's module or a
// word list) may work when tried again, unlike input the engine rejects. The page and the
// worker mark such errors by name, which survives the trip between them.

/** The name of a failed download's error: a word list's. */
export const DOWNLOAD_FAILED = 'DownloadFailed';
/** The name of a failed download of the engine's own module. */
export const ENGINE_DOWNLOAD_FAILED = 'EngineDownloadFailed';

/**
 * An error saying that a download failed (`message` says what and why); trying again may mend
 * it. `name` tells the engine's module from a word list.
 * @param {string} message
 * @param {string} [name]
 */
export function downloadFailed(message, name = DOWNLOAD_FAILED) {
  const error = new Error(message);
  error.name = name;
  return error;
}

/**
 * Whether trying again may mend `e`: a download that failed.
 * @param {unknown} e
 */
export function isDownloadFailure(e) {
  return e instanceof Error && (e.name === DOWNLOAD_FAILED || e.name === ENGINE_DOWNLOAD_FAILED);
}

/**
 * Whether `e` says the engine itself could not be downloaded (rather than a word list).
 * @param {unknown} e
 */
export function isEngineFailure(e) {
  return e instanceof Error && e.name === ENGINE_DOWNLOAD_FAILED;
}

/**
 * Why a download of `what` ("the engine", "the word list 'yawl'") failed, for a fetch that threw
 * rather than answered: offline (`short` names it then: "this list"), or the network broke off.
 * `name` as for {@link downloadFailed}.
 * @param {string} what
 * @param {{short?: string, name?: string}} [options]
 */
export function unreachable(what, { short = what, name = DOWNLOAD_FAILED } = {}) {
  return downloadFailed(
    globalThis.navigator?.onLine === false ? `you are offline, and ${short} is not downloaded yet` : `could not download ${what}: the network failed`,
    name,
  );
}

/**
 * What a view says of a request that failed on a download (`e`, isDownloadFailure) while it
 * used the word list `list` (a list's name as the menus show it): the engine's own failure as
 * it is, a list's with the list named, as "you are offline, and this list is not downloaded
 * yet" does not.
 * @param {Error} e
 * @param {string} list
 */
export function downloadMessage(e, list) {
  return isEngineFailure(e) ? e.message : `Could not load ${list}: ${e.message}`;
}

/**
 * `text` as a sentence: a capital first letter and a full stop. A text that starts with a name
 * written as typed (`cell=“9”`, `'x' is not a letter`) keeps its first letter.
 * @param {string} text
 */
export function sentence(text) {
  const s = text.trim();
  if (!s) return s;
  const head = /^[a-z]+[\s,:]/.test(s) ? `${s[0].toUpperCase()}${s.slice(1)}` : s;
  return /[.!?]$/.test(head) ? head : `${head}.`;
}

/**
 * What to say of failure `e`: a failed download as itself (with no blame on what was asked),
 * anything else after `blame`, which says what the input could not do ("This board cannot be
 * shown"). `clip` shortens the engine's message (format.js's `shown`). A field's message line
 * makes it a sentence.
 * @param {unknown} e
 * @param {string} blame
 * @param {(text: string) => string} [clip]
 */
export function failureText(e, blame, clip = (text) => text) {
  const message = e instanceof Error ? e.message : String(e);
  return isDownloadFailure(e) ? message : `${blame}: ${clip(message)}`;
}

/**
 * The fetch options of a download tried again after a failure: the browser asks the server
 * again rather than reusing what it kept, since a browser may keep an error response (a 503)
 * and hand it back to every retry.
 * @type {RequestInit}
 */
export const AFRESH = { cache: 'no-cache' };
