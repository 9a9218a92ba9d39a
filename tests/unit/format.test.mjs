// The page's number wording: shares of a whole as percentages.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { percent } from '../../www/lib/format.js';

test('a share is a percentage, with two decimals below 10% so a small share is not 0%', () => {
  assert.equal(percent(63 / 18380), '0.34%');
  assert.equal(percent(0), '0.00%');
  assert.equal(percent(0.25), '25.0%');
  assert.equal(percent(1), '100.0%');
});
