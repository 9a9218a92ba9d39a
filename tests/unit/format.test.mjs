// The page's wording of numbers and dates: shares of a whole as percentages, moments as dates.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { brief, cellsOf, count, localDate, percent, plural, points, pointsText, rowsText, shapeOf, spell } from '../../www/lib/format.js';

test('a share is a percentage, with two decimals below 10% so a small share is not 0%', () => {
  assert.equal(percent(63 / 18380), '0.34%');
  assert.equal(percent(0), '0.00%');
  assert.equal(percent(0.25), '25.0%');
  assert.equal(percent(1), '100.0%');
});

test('a brief duration keeps two figures of milliseconds below a second, then tenths of seconds', () => {
  assert.deepEqual([0, 0.012, 4.93, 45.4, 450, 994, 995, 1234, 9949, 65_000].map(brief), ['0 ms', '0.012 ms', '4.9 ms', '45 ms', '450 ms', '990 ms', '1.0 s', '1.2 s', '9.9 s', '1 min 5 s']);
});

test('a moment is written as a date in the reader\'s time zone, with the time when asked', () => {
  const at = new Date(2026, 0, 5, 9, 7).getTime(); // 5 January 2026, 09:07 local time
  assert.equal(localDate(at), '2026-01-05');
  assert.equal(localDate(at, { time: true }), '2026-01-05 09:07');
});

test('a path spells the Qu cube as qu, and a board is typed back with qu for each Qu cube', () => {
  const board = 'quitanes';
  assert.equal(spell(board, [0, 1, 2, 3]), 'quuit');
  assert.equal(spell(board, [3, 2]), 'ti');
  assert.equal(rowsText(board, 4), 'quuit anes');
  assert.equal(rowsText('abqd', 2), 'ab qud');
});

test('points are plain digits and counts have separators, so one score reads the same everywhere', () => {
  assert.equal(points(3625), '3625');
  assert.equal(points(106383), '106383');
  assert.equal(pointsText(1), '1 point');
  assert.equal(pointsText(3625), '3625 points');
  assert.equal(pointsText(4732, 'point (multiboggle)', 'points (multiboggle)'), '4732 points (multiboggle)');
  assert.equal(count(5062500), '5,062,500');
  assert.equal(plural(1045, 'word'), '1,045 words');
});

test('a URL-style size gives its shape and its cells', () => {
  assert.deepEqual(shapeOf('4x5'), [4, 5]);
  assert.deepEqual(shapeOf('3x4'), [3, 4]);
  assert.equal(cellsOf('4x5'), 20);
  assert.equal(cellsOf('6x6'), 36);
});
