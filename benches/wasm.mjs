// Wasm engine benchmarks in node (same V8 as Chromium): prints `bench wasm SET VALUE UNIT`.
// `node benches/wasm.mjs PKG`: PKG is a pkg folder built with the cargo feature bench-fixtures
// (`make bench` builds one in target/bench-pkg), whose engine has the bench methods.
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

const root = new URL('../', import.meta.url);
const pkg = pathToFileURL(`${process.argv[2] ?? 'target/bench-pkg'}/`);
/** @type {typeof import('../pkg/boggle.js')} */
const { initSync, Dictionary, ClassBounder, SplitJob } = await import(new URL('boggle.js', pkg).href);
initSync({ module: readFileSync(new URL('boggle_bg.wasm', pkg)) });
const bytes = readFileSync(new URL('wordlists/enable2k.txt', root));
let best = Infinity;
let lex;
for (let i = 0; i < 10; i++) {
  const t = performance.now();
  lex = new Dictionary(bytes);
  best = Math.min(best, performance.now() - t);
  if (i < 9) lex.free();
}
console.log(`bench wasm load-enable2k ${best.toFixed(1)} ms`);
// The compiled lists the page downloads: expanded from their DAWG into the solver's trie.
for (const name of ['enable2k', 'yawl']) {
  const compiled = readFileSync(new URL(`${name}.dawg`, pkg));
  let fastest = Infinity;
  for (let i = 0; i < 10; i++) {
    const t = performance.now();
    new Dictionary(compiled).free();
    fastest = Math.min(fastest, performance.now() - t);
  }
  console.log(`bench wasm load-${name}-compiled ${fastest.toFixed(1)} ms`);
}
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

// Bound of the README class (the same class as benches/engine.rs), and the per-cell split sweep.
const README_CLASS = 'lnrsy aeiou chkmpt chkmpt aeiou lnrsy lnrsy aeiou bdfgjvwxz';
const SPLIT_CLASS =
  '{s,t} {a,e,i} {r,n} {s,t,l} {e,a} {r,l,n} {t,s} {e,i} {s,n,d} {e,a,o} {t,r,l} {a,e} {r,s} {s,t} {e,i} {d,s,r}';
const bounder = new ClassBounder(lex);
const timed = bounder.bench(README_CLASS, 20);
if (timed.max_nomark !== 9359 || timed.sum_union !== 106383) throw new Error('wrong README class bounds');
console.log(`bench wasm bound-readme ${timed.ms.toFixed(1)} ms`);
const t = performance.now();
const sweep = new SplitJob(lex, SPLIT_CLASS);
while (!sweep.step(1e9).done);
console.log(`bench wasm split-4x4 ${Math.round(performance.now() - t)} ms`);
