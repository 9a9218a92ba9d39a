// Forcing light or dark colours regardless of the device's setting (the widget's `theme=`).
// style.css keeps its dark colours in `@media (prefers-color-scheme: dark)` blocks, the one
// place they are defined; a forced theme switches those blocks on or off instead of copying them.
// It rewrites the sheets loaded when it is called, so the embed view loads its own sheet first.
import { choiceOf } from './format.js';

/**
 * The media conditions this module rewrites, and what each becomes per forced theme.
 * @type {Readonly<Record<string, {dark: string, light: string}>>}
 */
const SCHEME_QUERIES = {
  '(prefers-color-scheme: dark)': { dark: 'all', light: 'not all' },
  '(prefers-color-scheme: light)': { dark: 'not all', light: 'all' },
};
/**
 * Each colour-scheme media rule found, with its original condition.
 * @type {Map<CSSMediaRule, string>}
 */
const found = new Map();

/**
 * Reads a theme value, in any case (choiceOf): "light", "dark", or "auto" (follow the device)
 * for anything else.
 * @param {string | null | undefined} value
 * @returns {'light' | 'dark' | 'auto'}
 */
export function readTheme(value) {
  const name = choiceOf(value ?? '');
  return name === 'light' || name === 'dark' ? name : 'auto';
}

/**
 * Applies `theme` ("light", "dark" or "auto") to this document's same-origin stylesheets.
 * @param {string | null | undefined} theme
 */
export function applyTheme(theme) {
  const t = readTheme(theme);
  for (const sheet of document.styleSheets) {
    let rules;
    try {
      rules = sheet.cssRules;
    } catch {
      continue; // another origin's sheet: not ours to change
    }
    for (const rule of rules) {
      if (rule instanceof CSSMediaRule && !found.has(rule) && SCHEME_QUERIES[rule.media.mediaText]) {
        found.set(rule, rule.media.mediaText);
      }
    }
  }
  for (const [rule, original] of found) {
    rule.media.mediaText = t === 'auto' ? original : SCHEME_QUERIES[original][t];
  }
  document.documentElement.style.colorScheme = t === 'auto' ? '' : t;
  document.documentElement.dataset.theme = t;
}
