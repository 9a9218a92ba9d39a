// The attributes a widget element does not know, for the console warning that tells the host
// page's author (element.js): a misspelt attribute (`minimum` for `min`) is dropped by the
// element, so the widget never hears of it. Standard HTML attributes are never named. This
// module runs on other sites with the element, so it imports nothing.

/** Attributes any HTML element may carry: an element never warns about them. */
const GLOBAL_ATTRIBUTES = new Set([
  'accesskey', 'autocapitalize', 'autofocus', 'class', 'contenteditable', 'dir', 'draggable', 'enterkeyhint', 'exportparts',
  'hidden', 'id', 'inert', 'inputmode', 'is', 'itemid', 'itemprop', 'itemref', 'itemscope', 'itemtype', 'lang', 'nonce',
  'part', 'popover', 'role', 'slot', 'spellcheck', 'style', 'tabindex', 'title', 'translate', 'writingsuggestions',
]);
/**
 * Other names it never warns about: any element's `data-`, `aria-` and `on…` attributes, and
 * names that no attribute of ours could have, such as a framework's `:title` or `@click`.
 */
const NOT_OURS = /^(data-|aria-|on)|[^a-z0-9-]/;

/**
 * The edit distance between `a` and `b` (letters inserted, removed or changed).
 * @param {string} a
 * @param {string} b
 */
function distance(a, b) {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++) next.push(Math.min(row[j] + 1, next[j - 1] + 1, row[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1)));
    row = next;
  }
  return row[b.length];
}

/**
 * The attribute of `known` that `name` was probably meant to be (one begins the other, or it is
 * two letters off), or null.
 * @param {string} name
 * @param {string[]} known
 */
function meant(name, known) {
  const near = known.filter((k) => (Math.min(k.length, name.length) >= 3 && (k.startsWith(name) || name.startsWith(k))) || distance(k, name) <= 2);
  return near.sort((a, b) => distance(a, name) - distance(b, name))[0] ?? null;
}

/**
 * `items` as a list in words: "a, b and c".
 * @param {string[]} items
 */
const listed = (items) => (items.length > 1 ? `${items.slice(0, -1).join(', ')} and ${items.at(-1)}` : items.join(''));

/**
 * What the console says of `attributes` (an element's) that are not in `known` (its own, in the
 * order it lists them) and not standard HTML ones: `{names, text}`, with a hint at the attribute
 * each was probably meant to be, or null when there are none.
 * @param {Attr[]} attributes
 * @param {string[]} known
 * @returns {{names: string[], text: string} | null}
 */
export function unknownNote(attributes, known) {
  const unknown = attributes.filter((a) => !known.includes(a.name) && !GLOBAL_ATTRIBUTES.has(a.name) && !NOT_OURS.test(a.name));
  if (!unknown.length) return null;
  const named = unknown.map((a) => {
    const hint = meant(a.name, known);
    return `${a.name}="${a.value.slice(0, 40)}"${hint ? ` (did you mean ${hint}?)` : ''}`;
  });
  const are = named.length === 1 ? 'is not an attribute' : 'are not attributes';
  return { names: unknown.map((a) => a.name), text: `${listed(named)} ${are} it knows: ignored. It takes ${listed(known)}.` };
}
