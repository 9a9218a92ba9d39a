// The scales of the search charts. The temperature scale spans the decades the temperatures
// seen reach, from a round number at or above the hottest, and labels only round numbers; the
// score axis ends on a round number close above the best score.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { temperatureScale, ticks, xAxis } from '../../www/widgets/chart-draw.js';

const labels = (maxT, minT) => temperatureScale(minT, maxT, 0, 80).rungs.map((r) => r.label);

test('a run cooling from 100 to 30 gets one decade, so it fills half the panel', () => {
  const T = temperatureScale(30, 100, 0, 100);
  assert.equal(T.y(100), 0);
  assert.equal(T.y(10), 100);
  assert.ok(Math.abs(T.y(30) - 100 * Math.log10(100 / 30)) < 1e-9);
  assert.deepEqual(T.rungs.map((r) => [r.y, r.label]), [[0, '100'], [50, ''], [100, '10']]);
});

test('the top is 1, 2 or 5 times a power of ten, and the scale grows to two, then four decades', () => {
  assert.deepEqual(labels(195, 59), ['200', '', '20']);
  assert.deepEqual(labels(338, 101), ['500', '', '50']);
  assert.deepEqual(labels(42, 13), ['50', '', '5']);
  assert.deepEqual(labels(100, 1), ['100', '10', '1']);
  assert.deepEqual(labels(100, 0.9), ['100', '1', '0.01']);
  assert.deepEqual(labels(40, 1e-6), ['50', '0.5', '5e-3']);
  assert.deepEqual(labels(0.3, 0.1), ['0.5', '', '0.05']);
});

test('a frozen run (temperature 0) gets four decades and clamps to the bottom; no temperature yet, one', () => {
  assert.deepEqual(labels(100, 0), ['100', '1', '0.01']);
  assert.equal(temperatureScale(0, 100, 10, 80).y(0), 90);
  assert.deepEqual(labels(NaN, NaN), ['1', '', '0.1']);
});

test('a 5x5 score axis ends at 12,000 for a best of 10,100, not 15,000; without room for more ticks it keeps the coarse step', () => {
  assert.deepEqual(ticks(10100 * 1.05, 3, 6), [0, 2000, 4000, 6000, 8000, 10000, 12000]);
  assert.deepEqual(ticks(10100 * 1.05, 3), [0, 5000, 10000, 15000]);
  // Already tight: a 4x4 best of 3625 ends at 4,000 either way.
  assert.deepEqual(ticks(3625 * 1.05, 5, 8), [0, 1000, 2000, 3000, 4000]);
  for (const max of [10, 99, 545, 1651, 3625, 10406, 123456]) {
    for (const [count, most] of [[3, 6], [5, 8], [6, 6]]) {
      const t = ticks(max, count, most);
      assert.ok(t.length - 1 <= most && t.at(-1) >= max, `${max} ${count} ${most}: ${t}`);
    }
  }
});

test('a log axis starts at the decade of the first point, so the decades before it take no room', () => {
  const axis = xAxis('log', 150_000, 700, 6, 63);
  assert.deepEqual(axis.ticks, [10, 100, 1000, 10_000, 100_000]);
  assert.equal(axis.column(10), 0);
  assert.ok(Math.abs(axis.column(150_000) - 700) < 1e-9);
  // The first point lies within the first decade, not 35% of the way in as from 0.
  const at = axis.column(63) / 700;
  assert.ok(at > 0.1 && at < 0.2, String(at));
  // A series starting at 0 boards keeps the 0 tick; a first point on a power of ten starts there.
  assert.deepEqual(xAxis('log', 5000, 700, 6, 0).ticks, [0, 1, 10, 100, 1000]);
  assert.deepEqual(xAxis('log', 5000, 700, 6, 1000).ticks, [1000, 10_000]);
  assert.equal(xAxis('log', 5000, 700, 6, 1000).max, 10_000);
  // The linear axis ignores the first point and starts at 0.
  assert.equal(xAxis('linear', 5000, 700, 6, 1000).column(0), 0);
});

test('a linear x axis ends on a round tick just past the data, not a fifth beyond it', () => {
  // 12.4M boards ended a 6-tick axis at 15M; steps of 2.5M end it at 12.5M.
  assert.equal(xAxis('linear', 12_400_000, 700, 6).max, 12_500_000);
  assert.equal(xAxis('linear', 12_400_000, 700, 6).ticks.at(-1), 12_500_000);
  // A wide chart (6 ticks, up to 12) ends within 17% past the data; a phone's (3, up to 6)
  // within a third, where 2 ticks of 5 would have ended up to half past it.
  for (const [count, over] of [[3, 1.34], [6, 1.17]]) {
    for (let max = 100; max < 1e10; max *= 1.01) {
      const axis = xAxis('linear', max, 700, count);
      assert.ok(axis.max >= max && axis.max <= max * over, `${max} over ${count}: ${axis.ticks}`);
      assert.ok(axis.ticks.length - 1 <= 2 * count, `${max} over ${count}: ${axis.ticks}`);
      // Whole numbers of boards.
      assert.ok(axis.ticks.every(Number.isInteger), `${axis.ticks}`);
    }
  }
  // Small counts keep whole steps of 1, 2 and 5: 23 boards end at 24, by twos.
  assert.equal(xAxis('linear', 23, 700, 6).max, 24);
  assert.equal(xAxis('linear', 245, 700, 6).max, 250);
});
