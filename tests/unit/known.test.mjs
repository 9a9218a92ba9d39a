// What the page knows of boards beside the engine (www/lib/known.js), and the Break view's proof
// buttons, whose notes take each proof's class count from the engine (pkg/defaults.js).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { BEST_BOARDS, DEFAULT_CLASS, bestKnown } from '../../www/lib/known.js';
import { PROOFS } from '../../www/lib/limits.js';
import { LISTS } from '../../www/lib/lists.js';
import { PRESETS } from '../../www/views/break/parts.js';
import { exactCount } from '../../www/lib/format.js';

test('the best board known is found by size either way round, and by word list', () => {
  assert.deepEqual(bestKnown(3, 4), { board: 'perslatesind', score: 1651 });
  assert.deepEqual(bestKnown(4, 3), bestKnown(3, 4));
  assert.equal(bestKnown(4, 4, 'yawl')?.score, 4540);
  assert.equal(bestKnown(5, 5)?.score, 10406);
  assert.equal(bestKnown(2, 2), null);
  assert.equal(bestKnown(3, 3, 'yawl'), null);
  assert.equal(bestKnown(3, 3, 'no-such-list'), null);
});

test('every best board known fills its size, for a list the page ships', () => {
  for (const [list, sizes] of Object.entries(BEST_BOARDS)) {
    assert.ok(Object.hasOwn(LISTS, list), `${list} is a shipped list`);
    for (const [size, best] of Object.entries(sizes)) {
      const [rows, cols] = size.split('x').map(Number);
      if (best.board !== null) assert.match(best.board, new RegExp(`^[a-z]{${rows * cols}}$`), `${list} ${size}`);
      assert.ok(Number.isInteger(best.score) && best.score > 0, `${list} ${size}`);
    }
  }
});

test('the default class has one letter set per cell of a 3x3 board', () => {
  const cells = DEFAULT_CLASS.replaceAll('/', ' ').trim().split(/\s+/);
  assert.equal(cells.length, 9);
});

test('each proof button says its number of classes, as the engine counts them', () => {
  assert.equal(PRESETS.length, PROOFS.length);
  for (const [i, p] of PROOFS.entries()) {
    assert.ok(Number.isInteger(p.classes) && p.classes > 0, p.name);
    assert.equal(PRESETS[i].id, p.name);
    assert.ok(PRESETS[i].note.includes(`${exactCount(p.classes)} classes`), `${p.name}: ${PRESETS[i].note}`);
  }
  // The published counts (docs/design.md), from the engine.
  assert.deepEqual(
    PROOFS.filter((p) => ['3x3', '3x4', '4x4'].includes(p.name)).map((p) => p.classes),
    [34_960, 27_135, 1_068_363],
  );
});
