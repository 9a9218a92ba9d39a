// The bounds view's fixed content: one-click example classes and the letter groups offered
// when editing a cell. The default class and the best known scores that serve as default
// targets are www/lib/known.js's, which the Break view shares.
import { count } from '../../lib/format.js';
import { DEFAULT_CLASS } from '../../lib/known.js';

const CONSONANTS = '{b-d,f-h,j-n,p-t,v-z}';
/** One-click examples: [label, class, what it shows]. */
export const EXAMPLES = [
  ['A published 3x3 class', DEFAULT_CLASS, `${count(5062500)} boards; max/no-mark is 11x tighter`],
  ['600 boards', '{a,e,i,o,u} {a,e,i,o,u} r / {b,c,d,f,g,h} a t / d e {r,s,t,v}', 'the first published example'],
  [
    'Vowels and consonants',
    `aeiou ${CONSONANTS} aeiou / ${CONSONANTS} aeiou ${CONSONANTS} / aeiou ${CONSONANTS} aeiou`,
    `${count(607753125)} boards`,
  ],
  ['f {a,u} r', 'f {a,u} r / . . e / . . .', 'the a beats the u'],
  ['… with z and y', 'f {a,u} r / z . e / z y .', 'now the u wins'],
  ['{b,d} a {b,d}', '{b,d} a {b,d} / a {b,d} a / {b,d} a {b,d}', 'max/no-mark far worse than sum/union'],
  ['All consonants', Array(3).fill(Array(3).fill(CONSONANTS).join(' ')).join(' / '), 'bound 208'],
];
/** Letter groups offered when editing a cell. */
export const PRESETS = [
  ['Vowels', 'aeiou'],
  ['lnrsy', 'lnrsy'],
  ['chkmpt', 'chkmpt'],
  ['bdfgjvwxz', 'bdfgjvwxz'],
  ['All', 'abcdefghijklmnopqrstuvwxyz'],
];
/** The letters a cell can hold (the editor's toggles). */
export const ALPHABET = 'abcdefghijklmnopqrstuvwxyz';
