// A soak test: 10,000 solves of random boards (every size from 3x3 to 6x6, some multiboggle,
// some boards the engine refuses) in one page, through the page's own engine, leave the wasm
// memory exactly as it was after a warm-up of 100 (wasm memory only grows, a 64 KiB page at a
// time, so any leak that adds up shows as growth). The figures are printed with the results.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { browserEnv } from './helpers.mjs';

const env = browserEnv();

const WARM_UP = 100;
const SOAK = 10_000;

test(`${SOAK} solves of random boards keep the wasm memory flat`, { timeout: 600_000 }, async (t) => {
  const page = await env.page();
  await page.goto(`${env.base}?board=perslatgsineters`);
  await page.waitForFunction(() => /^\d+$/.test(document.querySelector('[data-testid=score]')?.textContent ?? ''));
  const r = await page.evaluate(
    async ({ warmUp, soak }) => {
      const { engine } = window.explorer;
      // A seeded generator (xorshift), so every run solves the same boards.
      let x = 88172645;
      const rand = (n) => {
        x ^= x << 13;
        x ^= x >>> 17;
        x ^= x << 5;
        return (x >>> 0) % n;
      };
      const sizes = [[3, 3], [3, 4], [4, 4], [4, 5], [5, 5], [6, 6]];
      const stats = { solved: 0, refused: 0, words: 0 };
      /** Solves `count` boards, 8 requests in flight at a time. */
      async function solve(count) {
        const one = async () => {
          const [rows, cols] = sizes[rand(sizes.length)];
          let board = '';
          for (let i = 0; i < rows * cols; i++) board += String.fromCharCode(97 + rand(26));
          // One board in 50 is a letter short: the engine refuses it with a message.
          if (rand(50) === 0) board = board.slice(1);
          try {
            const res = await engine.call('solve', { board, size: `${rows}x${cols}`, multiboggle: rand(4) === 0 });
            stats.solved++;
            stats.words += res.words.length;
          } catch {
            stats.refused++;
          }
        };
        for (let done = 0; done < count; done += 8) await Promise.all(Array.from({ length: Math.min(8, count - done) }, one));
      }
      const start = await engine.call('memory');
      await solve(warmUp);
      const warm = await engine.call('memory');
      await solve(soak);
      const end = await engine.call('memory');
      return { start, warm, end, ...stats };
    },
    { warmUp: WARM_UP, soak: SOAK },
  );
  const mb = (b) => `${(b / 2 ** 20).toFixed(2)} MiB`;
  t.diagnostic(
    `wasm memory: ${mb(r.start)} after the first solve, ${mb(r.warm)} after ${WARM_UP} warm-up solves, ` +
      `${mb(r.end)} after ${SOAK} more (${r.solved} solved, ${r.words} words, ${r.refused} refused)`,
  );
  assert.equal(r.solved + r.refused, WARM_UP + SOAK);
  assert.ok(r.refused > 0 && r.solved > 9000, 'both solved and refused boards were tried');
  assert.equal(r.end, r.warm, 'the wasm memory grew during the soak');
  assert.deepEqual(page.errors, []);
});
