// Which engine module the worker calls: the solver's small module first, then the full engine
// (every view's bindings) once a request needs it. The page compiles each module once and posts
// it here ({type: "need-engine"} answered by {type: "engine", module}), so a restarted worker
// costs no second download or compile.
import * as solverEngine from '../../pkg/boggle_solve.js';

/**
 * The full engine's bindings (pkg/boggle.d.ts, written by wasm-bindgen with the cargo feature
 * `explorer`): every view's.
 * @typedef {typeof import('../../pkg/boggle.js')} FullEngine
 */
/**
 * The solver's module's bindings (pkg/boggle_solve.d.ts), which the full engine has too.
 * @typedef {typeof import('../../pkg/boggle_solve.js')} SolverEngine
 */
/**
 * What `api` may be: the solver's module, whose bindings are always there, and the full
 * engine's others, there once it is loaded (the relay calls them only for the commands in
 * EXPLORER, after `fullEngine`).
 * @typedef {SolverEngine & Partial<Omit<FullEngine, keyof SolverEngine>>} Api
 */

/**
 * The engine's exports in use: the solver's module, then the full one once loaded. A live
 * binding: importers always see the module in use.
 * @type {Api}
 */
export let api = solverEngine;

/** Commands only the full engine has (the bounds, break and search views'). */
export const EXPLORER = new Set(['partitionInfo', 'classInfo', 'classBounds', 'nomarkTree', 'splits', 'search', 'checkSearch', 'break', 'breakChunk']);

/**
 * The full engine's loading, once asked for (cleared on failure, so it can be retried).
 * @type {Promise<void> | null}
 */
let explorer = null;
/**
 * The page's answer to {type: "need-engine"}: {ok(module), fail(error)}.
 * @type {{ok: (module: WebAssembly.Module) => void, fail: (error: Error) => void} | null}
 */
let engineReply = null;
/**
 * Called with the new module whenever the engine is switched (the list cache drops its lists).
 * @type {(mod: FullEngine) => void}
 */
let onSwitch = (_mod) => {};

/**
 * Sets what runs when the engine is switched (once, by the relay): lists built in the old
 * module are retired and built again in the new one on use.
 * @param {(mod: FullEngine) => void} handler
 */
export function onEngineSwitch(handler) {
  onSwitch = handler;
}

/**
 * Runs every later request on `mod`, an initialised engine module with every view's bindings.
 * @param {FullEngine} mod
 */
export function useEngine(mod) {
  api = mod;
  explorer = Promise.resolve();
  onSwitch(mod);
}

/**
 * Loads the full engine once, asking the client through `post` for its compiled module; lists
 * built in the solver's module are rebuilt in it on use.
 * @param {(msg: import('../protocol.js').FromWorker) => void} post
 * @returns {Promise<void>}
 */
export function fullEngine(post) {
  explorer ??= (async () => {
    /** @type {Promise<WebAssembly.Module>} */
    const module = new Promise((ok, fail) => {
      engineReply = { ok, fail };
      post({ type: 'need-engine' });
    });
    const [mod, compiled] = await Promise.all([import('../../pkg/boggle.js'), module]);
    mod.initSync({ module: compiled });
    useEngine(mod);
  })();
  explorer.catch(/** @returns {null} */ () => (explorer = null));
  return explorer;
}

/**
 * The page's answer to {type: "need-engine"}: the compiled full engine, or why it failed.
 * @param {import('../protocol.js').EngineMessage} data
 */
export function engineArrived(data) {
  if (data.module) engineReply?.ok(data.module);
  else {
    const error = new Error(data.error);
    if (data.errorName) error.name = data.errorName;
    engineReply?.fail(error);
  }
}

/**
 * Whether uploaded `bytes` are a compiled list (the engine says, from their first bytes): the
 * solver's module reads only those, so any other list is built in the full engine.
 * @param {ArrayBuffer} bytes
 */
export function isCompiled(bytes) {
  return api.isCompiledList(new Uint8Array(bytes.slice(0, 8)));
}

/**
 * Loads a small synthetic list a few times and solves a board with it: the wasm engine then
 * optimizes the loading and solving code while the real list is still downloading (new code
 * runs unoptimized, and a list's load is one long call that never switches over).
 */
export function warmUp() {
  const bytes = api.warmUpList?.();
  for (let i = 0; bytes && i < 3; i++) {
    const dict = new api.Dictionary(bytes);
    dict.summary('abcdzzzzzzzzzzzz', undefined, false);
    dict.solve('abcdzzzzzzzzzzzz', undefined, false);
    dict.free();
  }
}

/**
 * The error answer to request `id`. A wasm trap after a Rust panic leaves the module unusable:
 * `fatal` tells the page to restart the worker. The engine's `name` and `param` (the option a
 * refusal asks to change) go with the message.
 * @param {number} id
 * @param {any} e
 * @returns {import('../protocol.js').ErrorMessage}
 */
export function errorReply(id, e) {
  const panic = api.takePanicMessage();
  const fatal = e instanceof WebAssembly.RuntimeError || Boolean(panic);
  const message = panic ? `engine crashed: ${panic}` : String(e?.message ?? e);
  /** @type {import('../protocol.js').ErrorMessage} */
  const reply = { id, type: 'error', message, fatal };
  if (!fatal && typeof e?.name === 'string' && e.name !== 'Error') reply.name = e.name;
  if (!fatal && typeof e?.param === 'string') reply.param = e.param;
  return reply;
}
