// The progress store of a whole-partition run: finished chunks and the boards found, kept in
// localStorage per word list, size, target and letter groups, so a stopped run (or a closed
// tab) resumes where it was.

const STORE_PREFIX = 'boggle-explorer:search:';

/** The storage key of a run configuration {list, size, target, partition}. */
export function storeKey(c) {
  return `${STORE_PREFIX}${c.list}|${c.size}|${c.target}|${c.partition}`;
}

/** What is saved for configuration `c`: {total, chunk, done: [chunk index], found, elapsedMs}, or null. */
export function loadProgress(c) {
  try {
    return JSON.parse(localStorage.getItem(storeKey(c)) ?? 'null');
  } catch {
    return null;
  }
}

/** Saves `data` under `key`; a full or disabled storage only means the run cannot resume. */
export function saveProgress(key, data) {
  try {
    localStorage.setItem(key, JSON.stringify(data));
  } catch {
    // Storage full or disabled: the run goes on, it just cannot resume after a reload.
  }
}

/** Drops what is saved for configuration `c`. */
export function forgetProgress(c) {
  try {
    localStorage.removeItem(storeKey(c));
  } catch {
    // nothing saved
  }
}

/** Classes in the finished chunks `done` (indices) of a run of `total` classes cut into `chunk`s. */
export function classesIn(done, chunk, total) {
  let n = 0;
  for (const i of done) n += Math.min(chunk, total - i * chunk);
  return n;
}
