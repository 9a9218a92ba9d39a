// The Bounds view's letter presets (the cell editor's buttons) hold exactly the letters their
// labels name.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ALPHABET, PRESETS } from '../../www/views/bounds/examples.js';

test('a preset labelled with letters holds exactly those letters; Vowels and All hold theirs', () => {
  const named = { Vowels: 'aeiou', All: ALPHABET };
  for (const [label, letters] of PRESETS) {
    const want = named[label] ?? label;
    assert.match(want, /^[a-z]+$/, `the preset ${label} names its letters`);
    assert.equal(letters, want, `the preset ${label}`);
  }
});
