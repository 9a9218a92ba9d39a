// The word filter: letters match the words that contain them; `*` and `?` make the pattern the
// whole word.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { wordMatcher } from '../../www/lib/word-match.js';

const WORDS = ['rest', 'resting', 'string', 'tine', 'tines', 'pare', 'quiet', 'sis', 'ss'];
const matching = (text) => {
  const m = wordMatcher(text);
  return m ? WORDS.filter(m) : WORDS;
};

test('letters alone match the words that contain them, whatever the case and stray characters', () => {
  assert.deepEqual(matching('ING'), ['resting', 'string']);
  assert.deepEqual(matching(' in g!'), ['resting', 'string']);
  assert.deepEqual(matching('qu'), ['quiet']);
});

test('with a wildcard the pattern is the whole word: * any run of letters, ? one letter', () => {
  assert.deepEqual(matching('re*'), ['rest', 'resting']);
  assert.deepEqual(matching('*ing'), ['resting', 'string']);
  assert.deepEqual(matching('?a?e'), ['pare']);
  assert.deepEqual(matching('tine?'), ['tines']);
  assert.deepEqual(matching('s*s'), ['sis', 'ss']);
  assert.deepEqual(matching('s**s'), ['sis', 'ss']);
  assert.deepEqual(matching('????'), ['rest', 'tine', 'pare']);
});

test('a filter of nothing, or only *, filters nothing; a pattern that no word fits matches none', () => {
  for (const text of ['', '  ', '*', '***', '12']) assert.equal(wordMatcher(text), null, JSON.stringify(text));
  assert.deepEqual(matching('x*'), []);
  // Regex syntax typed is not regex syntax: it is left out.
  assert.deepEqual(matching('r.st'), matching('rst'));
  assert.deepEqual(matching('(re)+'), matching('re'));
});

test('a very long pattern is cut, and a pattern of many * that nearly fits is still answered', () => {
  assert.equal(wordMatcher('*a'.repeat(10_000))('b'.repeat(50)), false);
  // A regex would try every way to share 40 a's among 19 stars before saying no.
  assert.equal(wordMatcher(`${'*a'.repeat(19)}*b`)('a'.repeat(40)), false);
  assert.equal(wordMatcher(`${'*a'.repeat(19)}*`)('a'.repeat(40)), true);
});

test('the wildcard walk agrees with a regex on every pattern of a small alphabet', () => {
  const letters = ['a', 'b', '?', '*'];
  const patterns = [''];
  for (let n = 0; n < 4; n++) for (const p of [...patterns]) for (const l of letters) patterns.push(p + l);
  const words = [''];
  for (let n = 0; n < 5; n++) for (const w of [...words]) for (const l of 'ab') words.push(w + l);
  for (const p of new Set(patterns)) {
    const m = wordMatcher(p);
    if (!m || !/[*?]/.test(p)) continue;
    const re = new RegExp(`^${p.replace(/\*+/g, '*').replace(/\*/g, '[a-z]*').replace(/\?/g, '[a-z]')}$`);
    for (const w of words.filter(Boolean)) assert.equal(m(w), re.test(w), `${p} on ${w}`);
  }
});
