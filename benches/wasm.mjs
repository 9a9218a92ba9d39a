// Wasm engine benchmarks in node (same V8 as Chromium): prints `bench wasm SET VALUE UNIT`.
import { readFileSync } from 'node:fs';
import { initSync, Lexicon } from '../pkg/boggle.js';

const root = new URL('../', import.meta.url);
initSync({ module: readFileSync(new URL('pkg/boggle_bg.wasm', root)) });
const bytes = readFileSync(new URL('wordlists/enable2k.txt', root));
let best = Infinity;
let lex;
for (let i = 0; i < 10; i++) {
  const t = performance.now();
  lex = new Lexicon(bytes);
  best = Math.min(best, performance.now() - t);
  if (i < 9) lex.free();
}
console.log(`bench wasm load-enable2k ${best.toFixed(1)} ms`);
for (const set of ['random3x3', 'random4x4', 'high4x4', 'random5x5']) {
  lex.bench(set); // warm-up
  let ms = Infinity;
  let boards = 0;
  for (let i = 0; i < 3; i++) {
    const r = lex.bench(set);
    ms = Math.min(ms, r.ms);
    boards = r.boards;
  }
  console.log(`bench wasm ${set} ${Math.round((boards / ms) * 1000)} boards/s`);
}
