// What a word filter matches, wherever a list of words can be filtered (the solver's words, the
// words missed in a round, a widget's): letters alone match the words that contain them ("ing");
// with a wildcard the pattern is the whole word, `*` any run of letters (none too) and `?` one
// letter ("re*", "*ing", "?a?e", "s*s"). Anything else typed is left out, so a stray space or
// capital changes nothing.

/** The longest pattern read: longer than any word a board holds. */
export const MAX_PATTERN = 40;

/**
 * The test a filter `text` stands for, or null when it filters nothing (empty once cleaned).
 * @param {string} text as typed
 * @returns {((word: string) => boolean) | null}
 */
export function wordMatcher(text) {
  const pattern = cleanPattern(text);
  if (!pattern || pattern === '*') return null;
  if (!/[*?]/.test(pattern)) return (word) => word.includes(pattern);
  return (word) => wildcardMatch(pattern, word);
}

/**
 * What a filter reads of `text`: its letters in lower case, `*` and `?`, a run of `*` as one, at
 * most MAX_PATTERN characters.
 * @param {string} text as typed
 */
export function cleanPattern(text) {
  return text.toLowerCase().replace(/[^a-z*?]/g, '').replace(/\*+/g, '*').slice(0, MAX_PATTERN);
}

/**
 * Whether `word` is `pattern` whole, `*` standing for any run of letters and `?` for one: the
 * greedy walk that goes back only to the last `*`, so no pattern takes more than
 * pattern × word steps (a regex would backtrack through every way to share the letters out).
 * @param {string} pattern
 * @param {string} word
 */
function wildcardMatch(pattern, word) {
  let p = 0;
  let w = 0;
  let star = -1; // the last * passed in the pattern
  let from = 0; // where in the word the letters it stands for end, so far
  while (w < word.length) {
    if (p < pattern.length && (pattern[p] === '?' || pattern[p] === word[w])) {
      p++;
      w++;
    } else if (p < pattern.length && pattern[p] === '*') {
      star = p++;
      from = w;
    } else if (star >= 0) {
      p = star + 1;
      w = ++from;
    } else return false;
  }
  while (pattern[p] === '*') p++;
  return p === pattern.length;
}
