// The engine's Web Worker. It only relays: a request {id, cmd, ...args} runs one engine call
// (or a step-wise job) and answers {id, type: "result" | "progress" | "error", ...}; a
// {type: "pause", id} is acknowledged with {id, type: "paused"}.
// The page compiles the wasm modules once and posts them here, so a restarted worker costs no
// second download or compile. The worker starts with the solver's small module ({type: "init",
// module}; index.html may hand it over earlier with {type: "boot"}); the first request for
// another view's command ({@link EXPLORER}) asks the page for the full engine ({type:
// "need-engine"} answered by {type: "engine", module}), switches to it and rebuilds word lists
// there as they are used.
// The shipped lists come with the init message rather than from lib/lists.js: one import less
// to wait for before the worker can start. The embedded widgets' shared worker
// (www/embed/shared-worker.js) runs the same relay once per connected page (`serve`), with the
// full engine from the start.
import * as solverEngine from '../pkg/boggle_solve.js';

/** The shipped word lists' URLs by name, and the list used when a request names none (init). */
let shipped = {};
let defaultList = null;

/**
 * The engine's exports in use: the solver's module, then the full one once loaded. Test-only
 * entry points (crashForTest) exist only in builds with the cargo feature test-hooks (`make
 * build`); the shipped modules from `make dist` have none, so they are looked up, not imported.
 */
/** @type {typeof import('../pkg/boggle.js')} */
let api = /** @type {any} */ (solverEngine);
/** Commands only the full engine has (the bounds, break and search views'). */
const EXPLORER = new Set(['partitionInfo', 'breakDefaults', 'classInfo', 'classBounds', 'nomarkTree', 'splits', 'search', 'break', 'breakChunk']);
/** The full engine's loading, once asked for (cleared on failure, so it can be retried). */
let explorer = null;
/** The page's answer to {type: "need-engine"}: {ok(module), fail(error)}. */
let engineReply = null;

/**
 * Loads the full engine once, asking the client through `post` for its compiled module; lists
 * built in the solver's module are rebuilt in it on use.
 */
function fullEngine(post) {
  explorer ??= (async () => {
    const module = new Promise((ok, fail) => {
      engineReply = { ok, fail };
      post({ type: 'need-engine' });
    });
    const [mod, compiled] = await Promise.all([import('../pkg/boggle.js'), module]);
    mod.initSync({ module: compiled });
    useEngine(mod);
  })();
  explorer.catch(() => (explorer = null));
  return explorer;
}

/**
 * Whether uploaded `bytes` are a compiled list (the engine says, from their first bytes): the
 * solver's module reads only those, so any other list is built in the full engine.
 */
function isCompiled(bytes) {
  return api.isCompiledList(new Uint8Array(bytes.slice(0, 8)));
}

/** Runs every later request on `mod`, an initialised engine module with every view's bindings. */
export function useEngine(mod) {
  api = mod;
  explorer = Promise.resolve();
  for (const held of lists.values()) held.retire(); // freed once their requests finish
  lists.clear();
}

/** Sets the shipped lists' URLs by name and the default list (what `init` carries). */
export function configureLists(urls, name) {
  shipped = urls ?? {};
  defaultList = name ?? null;
}

/**
 * Loads a small synthetic list a few times and solves a board with it: the wasm engine then
 * optimizes the loading and solving code while the real list is still downloading (new code
 * runs unoptimized, and a list's load is one long call that never switches over).
 */
function warmUp() {
  const bytes = api.warmUpList?.();
  for (let i = 0; bytes && i < 3; i++) {
    const lex = new api.Lexicon(bytes);
    lex.summary('abcdzzzzzzzzzzzz', undefined, false);
    lex.solve('abcdzzzzzzzzzzzz', undefined, false);
    lex.free();
  }
}

/**
 * A wasm object that requests share: freed once it has been replaced (retired) and the last
 * request using it has finished, never while a queued or running request still holds it.
 */
class Shared {
  constructor(value, free) {
    this.value = value;
    this.free = free;
    this.users = 0;
    this.retired = false;
    this.freed = false;
    /** The class bounder made from a word list (lists only), freed with it. */
    this.bounder = null;
    /** True once the value has been built. */
    this.built = false;
  }

  /** Runs `use(value)` (sync or async) while holding the object. */
  async with(use) {
    this.users++;
    try {
      return await use(await this.value, this);
    } finally {
      this.users--;
      this.release();
    }
  }

  retire() {
    this.retired = true;
    this.release();
  }

  release() {
    if (!this.retired || this.users > 0 || this.freed) return;
    this.freed = true;
    Promise.resolve(this.value).then(this.free, () => {});
  }
}

/**
 * Word lists by name, each a Shared promise of its built Lexicon (plus the class bounder made
 * from it, `extra.bounder`); a list is built once per worker.
 */
const lists = new Map();
/** Raw bytes (or a promise of them) of lists downloaded ahead: those of an init message are built at once, prefetched ones on first use. */
const given = new Map();
/** Every built list's bytes, to build it again in the full engine. */
const kept = new Map();

function sharedList(lexicon) {
  const held = new Shared(lexicon, (lex) => {
    held.bounder?.free();
    lex.free();
  });
  held.value.then(() => (held.built = true), () => {});
  return held;
}

/** The shared entry of list `name`; concurrent requests for a list share one download and build. */
function listEntry(name) {
  if (!lists.has(name)) {
    const held = sharedList(listBytes(name).then((bytes) => new api.Lexicon(bytes)));
    // A failed download may be retried, and a damaged copy in the service worker's cache is
    // dropped so that the retry asks the network.
    held.value.catch(() => {
      if (lists.get(name) === held) lists.delete(name);
      kept.delete(name); // bytes that failed to build are not kept for the full engine either
      return Object.hasOwn(shipped, name) ? dropCachedCopies(shipped[name]) : undefined;
    });
    lists.set(name, held);
  }
  return lists.get(name);
}

/** Deletes `url` from every cache of this site (the service worker's, see sw.js). */
async function dropCachedCopies(url) {
  if (!url || !self.caches) return;
  const href = new URL(url, self.location.href).href;
  for (const key of await caches.keys()) await (await caches.open(key)).delete(href);
}

/** Runs `use(lexicon, entry)` holding list `name`, so a replaced list is not freed under it. */
function withList(name, use) {
  return listEntry(name).with(use);
}

/**
 * Starts downloading shipped list `name` now, for its first use (the shared worker fetches the
 * default list while the engine compiles). A failed download leaves the first use to fetch it.
 */
export function prefetchList(name) {
  const url = Object.hasOwn(shipped, name) ? shipped[name] : null;
  if (!url || given.has(name) || lists.has(name)) return;
  given.set(name, fetch(url).then((res) => (res.ok ? res.arrayBuffer() : null), () => null));
}

async function listBytes(name) {
  if (kept.has(name)) return kept.get(name);
  const bytes = await downloadedList(name);
  kept.set(name, bytes);
  return bytes;
}

async function downloadedList(name) {
  if (given.has(name)) {
    const bytes = await given.get(name);
    given.delete(name);
    if (bytes) return new Uint8Array(bytes);
  }
  const url = Object.hasOwn(shipped, name) ? shipped[name] : null;
  if (!url) throw new Error(`unknown word list '${name}': choose ${Object.keys(shipped).join(' or ')}, or load a file`);
  const unreachable = () =>
    new Error(
      self.navigator.onLine === false
        ? 'you are offline, and this list is not downloaded yet'
        : `could not download the word list '${name}': the network failed`,
    );
  let res;
  try {
    res = await fetch(url);
  } catch {
    throw unreachable();
  }
  if (!res.ok) throw new Error(`could not download the word list '${name}' (HTTP ${res.status})`);
  try {
    return new Uint8Array(await res.arrayBuffer());
  } catch {
    throw unreachable(); // the connection broke off mid-download
  }
}

/** One-shot commands: each returns the result to send back (`progress(value)` sends a part first). */
const commands = {
  /** Builds a list (from `bytes` for an uploaded file) and returns its load statistics. */
  async list({ name, bytes }) {
    if (bytes) {
      const lex = new api.Lexicon(new Uint8Array(bytes)); // throws (nothing replaced) on a bad file
      kept.set(name, new Uint8Array(bytes));
      const old = lists.get(name);
      lists.set(name, sharedList(Promise.resolve(lex)));
      old?.retire(); // freed once the requests already holding it have finished
    }
    return withList(name, (lex) => lex.stats());
  },
  /** Whether `word` is in list `list` (spelled out, `qu` in full). */
  async contains({ list = defaultList, word }) {
    return withList(list, (lex) => lex.contains(String(word)));
  },
  /**
   * Solves a board: its words, paths and score. With `head`, the board and its score alone
   * come first as progress (a fraction of the work), for the page to paint before the words.
   */
  async solve({ list = defaultList, board, size, multiboggle = false, head = false }, progress) {
    return withList(list, (lex) => {
      if (head) progress(lex.summary(board, size || undefined, multiboggle));
      return lex.solve(board, size || undefined, multiboggle);
    });
  },
  /**
   * The Play view: the verdict on `word` for `board` under a round's rules (`min` letters,
   * `multiboggle`); the list keeps the round's words, so only a new board or rule solves.
   */
  async judge({ list = defaultList, board, size, word, min = 3, multiboggle = false }) {
    return withList(list, (lex) => lex.judge(String(board), size || undefined, String(word), min, Boolean(multiboggle)));
  },
  /** The Play view: the review of a player's `words` (an array of strings) for a round. */
  async review({ list = defaultList, board, size, words = [], min = 3, multiboggle = false }) {
    const given = Array.isArray(words) ? words.map(String) : [];
    return withList(list, (lex) => lex.review(String(board), size || undefined, given, min, Boolean(multiboggle)));
  },
  async parse({ board, size }) {
    return api.parseBoard(board, size || undefined);
  },
  async random({ size = '4x4', dice = true, seed = Math.random() * 2 ** 52 }) {
    return api.randomBoard(size, dice, seed);
  },
  /** Names of the lists built in this worker, or held to build again (they work offline). */
  async builtLists() {
    const built = [...lists].filter(([, held]) => held.built).map(([name]) => name);
    return [...new Set([...built, ...kept.keys()])];
  },
  /** The engine's wasm memory in bytes (a test hook: builds without test-hooks refuse). */
  async memory() {
    if (!api.wasmMemoryBytesForTest) throw new Error('this engine build has no test hooks');
    return api.wasmMemoryBytesForTest();
  },
  async crash() {
    if (!api.crashForTest) throw new Error('this engine build has no test hooks');
    api.crashForTest();
  },
  /** The size of a partition search: {classes, assignments, groups, covers_alphabet}. */
  async partitionInfo({ partition, size }) {
    return api.partitionInfo(String(partition), String(size));
  },
  /** The fast breaker's default options: {switch, memory_mb}. */
  async breakDefaults() {
    return api.breakDefaults();
  },
  // Board classes and bounds (the bounds view).
  async classInfo({ cls, size }) {
    return api.parseClass(cls, size || undefined);
  },
  async classBounds({ list = defaultList, cls, size, maxSteps = 5e7 }) {
    return withBounder(list, (b) => b.details(cls, size || undefined, maxSteps));
  },
  async nomarkTree({ list = defaultList, cls, size, start, limit = 400 }) {
    return withBounder(list, (b) => b.nomarkTree(cls, size || undefined, start, limit));
  },
};

/**
 * Runs `use(bounder)` with the class bounder of list `name` (one per built list: it keeps
 * scratch space between calls, and is freed with its list).
 */
function withBounder(name, use) {
  return withList(name, (lex, held) => {
    held.bounder ??= new api.ClassBounder(lex);
    return use(held.bounder);
  });
}

/** This worker's share of a partition search, kept between chunks (its class list is made once). */
let partitionRun = null; // { key, held: Shared PartitionRun }

/**
 * Step-wise jobs: `start(args)` returns an object with `step(budgetMs)` that returns
 * `{done, ...progress}`; the loop yields between steps so cancel messages get through.
 */
const jobs = {
  /** The per-cell split view: bounds with each multi-letter cell fixed to each letter. */
  async splits({ list = defaultList, cls, size }) {
    const job = await withList(list, (lex) => new api.SplitJob(lex, cls, size || undefined));
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
  async search({ list = defaultList, optimizer, options }) {
    const run = await withList(list, (lex) => new api.Search(lex, optimizer, options ?? {}));
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
  async break({ list = defaultList, cls, size, target, traceLimit = 3000 }) {
    const run = await withList(list, (lex) => new api.BreakRun(lex, String(cls), size || undefined, target, traceLimit));
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
  async breakChunk({ list = defaultList, partition, size, target, from, to, options }) {
    const key = JSON.stringify([list, partition, size, target, options ?? null]);
    if (partitionRun?.key !== key) {
      const run = await withList(
        list,
        (lex) => new api.PartitionRun(lex, String(partition), String(size), target, options ?? undefined),
      );
      partitionRun?.held.retire(); // freed once a chunk still running on it ends
      partitionRun = { key, held: new Shared(run, (r) => r.free()) };
    }
    const { held } = partitionRun;
    held.users++;
    const run = held.value;
    run.setRange(from, to);
    return {
      step: (ms) => run.step(ms),
      free: () => {
        held.users--;
        held.release();
      },
    };
  },
};

const tick = () => new Promise((ok) => setTimeout(ok, 0));

/**
 * Steps `job` until it is done or cancelled; `state` is its entry in `active`. A paused job
 * waits (no steps, no timers) until a resume or cancel message wakes it.
 */
/**
 * @param {number} id
 * @param {{cancelled: boolean, paused: boolean, wake: (() => void) | null}} state
 * @param {{step: (ms: number) => any, snapshot?: () => any, free?: () => void}} job
 * @param {(msg: import('./protocol.js').FromWorker) => void} post
 */
async function runJob(id, state, job, post) {
  const STEP_MS = 100;
  try {
    for (;;) {
      if (state.cancelled) {
        post({ id, type: 'result', cancelled: true, value: job.snapshot?.() });
        return;
      }
      if (state.paused) {
        await new Promise((wake) => (state.wake = () => wake(undefined)));
        state.wake = null;
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

/**
 * @param {number} id
 * @param {any} e
 * @returns {import('./protocol.js').ErrorMessage}
 */
function errorReply(id, e) {
  // A wasm trap after a Rust panic leaves the module unusable: tell the page to restart us.
  const panic = api.takePanicMessage();
  const fatal = e instanceof WebAssembly.RuntimeError || Boolean(panic);
  const message = panic ? `engine crashed: ${panic}` : String(e?.message ?? e);
  return { id, type: 'error', message, fatal };
}

/** Control messages for a request in progress; ids of finished requests are ignored. */
const control = {
  cancel(state) {
    state.cancelled = true;
    state.wake?.();
  },
  pause(state, id, post) {
    state.paused = true;
    // Acknowledged at once: this handler runs between steps, so no step runs after it.
    post({ id, type: 'paused' });
  },
  resume(state) {
    state.paused = false;
    state.wake?.();
  },
};

/**
 * The relay for one client: returns the handler of its messages, which answers through `post`.
 * A dedicated worker has one client; the shared worker has one per connected page, each with
 * its own request ids. `{type: "bye"}` (the page is going away) cancels its jobs.
 */
/**
 * @param {(msg: import('./protocol.js').FromWorker) => void} post
 * @returns {(data: import('./protocol.js').ToWorker) => Promise<void>}
 */
export function serve(post) {
  /** This client's requests in progress by id, with what cancel, pause and resume set. */
  const active = new Map();
  return async (data) => {
    const { type } = data;
    if (data.type === 'engine') {
      if (data.module) engineReply?.ok(data.module);
      else engineReply?.fail(new Error(`could not load the engine: ${data.error}`));
      return;
    }
    // index.html starts the worker before the page's code has loaded: {type: "boot", module,
    // warmUp} as soon as the module is compiled, then {type: "boot", module, lists} once the
    // list is in. The page's own `init` follows (and finds the module started); only it is
    // answered, so "ready" always means the page's set-up has arrived.
    if (data.type === 'init' || data.type === 'boot') {
      try {
        api.initSync({ module: data.module });
        if (data.warmUp) warmUp();
        if (type === 'init') configureLists(data.shipped, data.defaultList);
        for (const [name, bytes] of Object.entries(data.lists ?? {})) {
          given.set(name, bytes);
          listEntry(name); // built now: the page asks for it next, and it takes the longest
        }
        if (type === 'init') post({ type: 'ready' });
      } catch (e) {
        // A failed boot is the page's init's to report.
        if (type === 'init') post({ type: 'error', message: `could not start the engine: ${e?.message ?? e}`, fatal: true });
      }
      return;
    }
    if (type === 'bye') {
      for (const state of active.values()) control.cancel(state);
      return;
    }
    if (data.type === 'pause' || data.type === 'resume' || data.type === 'cancel') {
      const state = active.get(data.id);
      if (state) control[data.type](state, data.id, post);
      return;
    }
    const request = /** @type {import('./protocol.js').RequestMessage} */ (data);
    const { id, cmd } = request;
    const state = { cancelled: false, paused: false, wake: null };
    active.set(id, state);
    try {
      if (EXPLORER.has(cmd) || (cmd === 'list' && request.bytes && !isCompiled(/** @type {ArrayBuffer} */ (request.bytes)))) await fullEngine(post);
      if (cmd === 'active') {
        // Ids of this client's requests in progress, this one included (tests and debugging).
        post({ id, type: 'result', value: [...active.keys()] });
      } else if (Object.hasOwn(commands, cmd)) {
        const progress = (value) => post({ id, type: 'progress', value });
        post({ id, type: 'result', value: await commands[cmd](request, progress) });
      } else if (Object.hasOwn(jobs, cmd)) {
        await runJob(id, state, await jobs[cmd](request), post);
      } else {
        throw new Error(`unknown command '${cmd}'`);
      }
    } catch (e) {
      post(errorReply(id, e));
    } finally {
      active.delete(id);
    }
  };
}

// A dedicated worker serves the page that started it; a shared worker (which has `onconnect`)
// serves each page that connects, from www/embed/shared-worker.js.
if (!('onconnect' in self)) {
  const handle = serve((msg) => self.postMessage(msg));
  self.onmessage = ({ data }) => handle(data);
}
