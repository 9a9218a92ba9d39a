// What the break view saves as a file: the boards as the CLI prints them, under a name that says
// whether the run or the break was finished.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { boardsFileName, boardsText, classFileName } from '../../www/views/break/boards-file.js';

test('the boards are written as boggle break prints them: best first, then alphabetical', () => {
  const found = [
    { board: 'zeta', score: 5, found: 'atez' },
    { board: 'beta', score: 9 },
    { board: 'alfa', score: 5 },
  ];
  assert.equal(boardsText(found, '2x2'), '9\tbeta\n5\talfa\n5\tzeta\n');
  assert.equal(boardsText([], '2x2'), '');
  // A board whose length gives another size (6 letters give none) is written with its rows
  // apart, as the CLI writes it; one whose length gives its size, as it is.
  assert.equal(boardsText([{ board: 'casret', score: 100 }], '2x3'), '100\tcas/ret\n');
  assert.equal(boardsText([{ board: 'abcdefghijkl', score: 7 }], '4x3'), '7\tabc/def/ghi/jkl\n');
  assert.equal(boardsText([{ board: 'abcdefghijkl', score: 7 }], '3x4'), '7\tabcdefghijkl\n');
});

test('the file name says the size, target and list, and -so-far until every class is broken', () => {
  const run = (done) => ({ classesDone: () => done, total: 51 });
  const c = { size: '3x4', target: 1500, list: 'yawl' };
  assert.equal(boardsFileName(/** @type {any} */ (run(51)), c), 'boards-3x4-1500-yawl.txt');
  assert.equal(boardsFileName(/** @type {any} */ (run(50)), c), 'boards-3x4-1500-yawl-so-far.txt');
});

test('a class break’s file says its target and list, and -so-far until the break is done', () => {
  assert.equal(classFileName(500, 'enable2k', true), 'boards-class-500-enable2k.txt');
  assert.equal(classFileName(1900, 'yawl', false), 'boards-class-1900-yawl-so-far.txt');
});
