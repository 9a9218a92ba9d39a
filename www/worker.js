// The engine's Web Worker. It only relays: a request {id, cmd, ...args} runs one engine call
// (or a step-wise job) and answers {id, type: "result" | "progress" | "error", ...}.
// The page compiles the wasm module once and posts it here ({type: "init", module}), so a
// restarted worker costs no second download or compile.
import { DEFAULT_LIST, LISTS, listUrl } from './lib/lists.js';
import {
  initSync,
  Lexicon,
  Search,
  randomBoard,
  parseBoard,
  takePanicMessage,
  BreakRun,
  PartitionRun,
  partitionInfo,
  breakDefaults,
  parseClass,
  ClassBounder,
  SplitJob,
} from '../pkg/boggle.js';
// Test-only entry points (crashForTest) exist only in builds with the cargo feature test-hooks
// (`make build`); the shipped module from `make dist` has none, so they are looked up, not imported.
import * as testHooks from '../pkg/boggle.js';

/** Word lists by name, each a promise of its built Lexicon; a list is built once per worker. */
const lists = new Map();
/** Raw bytes of lists the page downloaded for us ({type: "init", lists}), built on first use. */
const given = new Map();
/** Ids of jobs the page asked to stop. */
const cancelled = new Set();
/** Ids of jobs the page asked to pause (until a resume message). */
const paused = new Set();

/** The built list `name`; concurrent requests for a list share one download and build. */
function lexicon(name) {
  if (!lists.has(name)) {
    const built = listBytes(name).then((bytes) => new Lexicon(bytes));
    built.catch(() => lists.delete(name)); // a failed download may be retried
    lists.set(name, built);
  }
  return lists.get(name);
}

async function listBytes(name) {
  if (given.has(name)) {
    const bytes = await given.get(name);
    given.delete(name);
    if (bytes) return new Uint8Array(bytes);
  }
  const url = listUrl(name);
  if (!url) throw new Error(`unknown word list '${name}': choose ${Object.keys(LISTS).join(' or ')}, or load a file`);
  const res = await fetch(url);
  if (!res.ok) throw new Error(`could not download the word list '${name}' (HTTP ${res.status})`);
  return new Uint8Array(await res.arrayBuffer());
}

/** One-shot commands: each returns the result to send back. */
const commands = {
  /** Builds a list (from `bytes` for an uploaded file) and returns its load statistics. */
  async list({ name, bytes }) {
    if (bytes) {
      const lex = new Lexicon(new Uint8Array(bytes)); // throws (nothing replaced) on a bad file
      const old = lists.get(name);
      lists.set(name, Promise.resolve(lex));
      old?.then((l) => l.free(), () => {});
    }
    const lex = await lexicon(name);
    return lex.stats();
  },
  /** Whether `word` is in list `list` (spelled out, `qu` in full). */
  async contains({ list = DEFAULT_LIST, word }) {
    return (await lexicon(list)).contains(String(word));
  },
  async solve({ list = DEFAULT_LIST, board, size, multiboggle = false }) {
    return (await lexicon(list)).solve(board, size || undefined, multiboggle);
  },
  async parse({ board, size }) {
    return parseBoard(board, size || undefined);
  },
  async random({ size = '4x4', dice = true, seed = Math.random() * 2 ** 52 }) {
    return randomBoard(size, dice, seed);
  },
  async crash() {
    if (!testHooks.crashForTest) throw new Error('this engine build has no test hooks');
    testHooks.crashForTest();
  },
  /** The size of a partition search: {classes, assignments, groups, covers_alphabet}. */
  async partitionInfo({ partition, size }) {
    return partitionInfo(String(partition), String(size));
  },
  /** The fast breaker's default options: {switch, memory_mb}. */
  async breakDefaults() {
    return breakDefaults();
  },
  // Board classes and bounds (the bounds view).
  async classInfo({ cls, size }) {
    return parseClass(cls, size || undefined);
  },
  async classBounds({ list = DEFAULT_LIST, cls, size, maxSteps = 5e7 }) {
    return (await bounder(list)).details(cls, size || undefined, maxSteps);
  },
  async nomarkTree({ list = DEFAULT_LIST, cls, size, start, limit = 400 }) {
    return (await bounder(list)).nomarkTree(cls, size || undefined, start, limit);
  },
};

/** One class bounder per word list (it keeps scratch space between calls). */
const bounders = new Map();
async function bounder(name) {
  const lex = await lexicon(name);
  if (bounders.get(name)?.lex !== lex) bounders.set(name, { lex, bounder: new ClassBounder(lex) });
  return bounders.get(name).bounder;
}

/** This worker's share of a partition search, kept between chunks (its class list is made once). */
let partitionRun = null; // { key, run }

/**
 * Step-wise jobs: `start(args)` returns an object with `step(budgetMs)` that returns
 * `{done, ...progress}`; the loop yields between steps so cancel messages get through.
 */
const jobs = {
  /** The per-cell split view: bounds with each multi-letter cell fixed to each letter. */
  async splits({ list = DEFAULT_LIST, cls, size }) {
    const job = new SplitJob(await lexicon(list), cls, size || undefined);
    return {
      step: (ms) => job.step(ms),
      snapshot: () => null,
      free: () => job.free(), // the sweep's scratch space is a few MB of wasm memory
    };
  },
  /**
   * An optimizer run (the command keeps its first name, `search`): `optimizer` is "anneal" or
   * "hillclimb", `options` as the engine's optimizer run takes them ({size, seed, letters,
   * source, runs, target, t0, cooling, stall, pool, order}).
   */
  async search({ list = DEFAULT_LIST, optimizer, options }) {
    const run = new Search(await lexicon(list), optimizer, options ?? {});
    return {
      step: (ms) => run.step(ms),
      snapshot: () => run.progress(),
      free: () => run.free(),
    };
  },
  /**
   * Breaks one class live. Each progress value carries the tree nodes visited and boards
   * found since the last one; the first also carries `info` (the class and its board count).
   */
  async break({ list = DEFAULT_LIST, cls, size, target, traceLimit = 3000 }) {
    const run = new BreakRun(await lexicon(list), String(cls), size || undefined, target, traceLimit);
    let info = run.info();
    return {
      step(ms) {
        const p = run.step(ms);
        if (info) [p.info, info] = [info, null];
        return p;
      },
      free: () => run.free(),
    };
  },
  /**
   * Breaks classes from..to of a partition search, a slice of a class per step, with the
   * breaker's `options` ({switch, memory_mb}; defaults from the engine). Progress: {done, next,
   * stats, found, current, busy_ms, finished_ms}.
   */
  async breakChunk({ list = DEFAULT_LIST, partition, size, target, from, to, options }) {
    const key = JSON.stringify([list, partition, size, target, options ?? null]);
    if (partitionRun?.key !== key) {
      const lex = await lexicon(list);
      const run = new PartitionRun(lex, String(partition), String(size), target, options ?? undefined);
      partitionRun?.run.free();
      partitionRun = { key, run };
    }
    const { run } = partitionRun;
    run.setRange(from, to);
    return { step: (ms) => run.step(ms) };
  },
};

const post = (msg) => self.postMessage(msg);
const tick = () => new Promise((ok) => setTimeout(ok, 0));

const sleep = (ms) => new Promise((ok) => setTimeout(ok, ms));

async function runJob(id, job) {
  const STEP_MS = 100;
  try {
    for (;;) {
      if (cancelled.delete(id)) {
        paused.delete(id);
        post({ id, type: 'result', cancelled: true, value: job.snapshot?.() });
        return;
      }
      if (paused.has(id)) {
        await sleep(50);
        continue;
      }
      const p = job.step(STEP_MS);
      if (p.done) {
        post({ id, type: 'result', value: p });
        return;
      }
      post({ id, type: 'progress', value: p });
      await tick();
    }
  } finally {
    try { job.free?.(); } catch { /* the module may be unusable after a crash */ }
  }
}

function errorReply(id, e) {
  // A wasm trap after a Rust panic leaves the module unusable: tell the page to restart us.
  const panic = takePanicMessage();
  const fatal = e instanceof WebAssembly.RuntimeError || Boolean(panic);
  const message = panic ? `engine crashed: ${panic}` : String(e?.message ?? e);
  return { id, type: 'error', message, fatal };
}

self.onmessage = async ({ data }) => {
  const { id, type, cmd } = data;
  if (type === 'init') {
    try {
      initSync({ module: data.module });
      for (const [name, bytes] of Object.entries(data.lists ?? {})) given.set(name, bytes);
      post({ type: 'ready' });
    } catch (e) {
      post({ type: 'error', message: `could not start the engine: ${e?.message ?? e}`, fatal: true });
    }
    return;
  }
  if (type === 'cancel') {
    cancelled.add(id);
    return;
  }
  if (type === 'pause') {
    paused.add(id);
    return;
  }
  if (type === 'resume') {
    paused.delete(id);
    return;
  }
  try {
    if (commands[cmd]) {
      post({ id, type: 'result', value: await commands[cmd](data) });
    } else if (jobs[cmd]) {
      await runJob(id, await jobs[cmd](data));
    } else {
      throw new Error(`unknown command '${cmd}'`);
    }
  } catch (e) {
    post(errorReply(id, e));
  }
};
