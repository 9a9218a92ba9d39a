// The page's side of the worker: request ids, promises, progress callbacks, cancel, and a
// restart when the engine crashes. Views talk to the engine only through this module. A request
// that names a word list of the reader's own is preceded, once per worker, by that list's bytes
// from this browser's keeping (lib/own-lists.js), so a view need not know which worker has it.

import { DEFAULT_LIST, listName, listUrl, shippedUrls } from './lib/lists.js';
import { isOwnList, ownListBytes } from './lib/own-lists.js';
import { compileWasm, Unsupported } from './lib/wasm.js';

/**
 * The engine's wasm modules: `solver` (what the solve view and the widget need; every worker
 * starts with it) and `full` (every view's bindings; a worker asks for it when a request needs it).
 */
const WASM = {
  solver: new URL('../pkg/boggle_solve_bg.wasm', import.meta.url),
  full: new URL('../pkg/boggle_bg.wasm', import.meta.url),
};
/** @typedef {keyof typeof WASM} ModuleName */
/** @type {Partial<Record<ModuleName, Promise<WebAssembly.Module>>>} */
const modules = {};
/** The worker script: worker.js as the build bundles it (scripts/bundle.mjs), one download. */
const WORKER_URL = new URL('../pkg/app/worker.js', import.meta.url);

/**
 * What index.html started before the page's code arrived, for the first engine to take over:
 * `{worker, module, lists, given, error}`, the engine worker (and the error it reported before
 * anyone listened), the solver's module compiling, the URL's word list downloading (bytes or
 * null), and the name of the list index.html sent that worker with the module (a promise of
 * it, or of null when it sent nothing).
 * @typedef {object} EngineBoot
 * @property {Worker | null} [worker]
 * @property {Promise<WebAssembly.Module> | null} [module]
 * @property {Record<string, Promise<ArrayBuffer | null>>} lists
 * @property {Promise<string | null>} [given]
 * @property {string} [error]
 */
/** The global index.html sets (`window.engineBoot`, unset when it started nothing). */
const page = /** @type {typeof globalThis & {engineBoot?: EngineBoot}} */ (globalThis);
/** @type {EngineBoot} */
const boot = page.engineBoot ?? { lists: {} };
delete page.engineBoot;

/**
 * Compiles a wasm module once per page; every worker gets the compiled module.
 * @param {ModuleName} which
 * @returns {Promise<WebAssembly.Module>}
 */
function compiledModule(which) {
  const url = WASM[which];
  const started = which === 'solver' && boot.module ? boot.module : null;
  boot.module = null;
  modules[which] ??= compileWasm(url, started);
  modules[which].catch(() => delete modules[which]); // a failed download may be retried
  return modules[which];
}

/**
 * What the Engine needs of its worker: a dedicated Worker, or (embed/shared-engine.js) a
 * connection to the shared one.
 * @typedef {{postMessage: (msg: import('./protocol.js').ToWorker, transfer?: Transferable[]) => void, terminate: () => void}} EngineWorker
 */

/**
 * Posts `msg` to an engine worker: every message the page sends goes through here, so the type
 * checker holds it to the protocol (protocol.js).
 * @param {{postMessage: (msg: any, transfer?: Transferable[]) => void}} worker
 * @param {import('./protocol.js').ToWorker} msg
 * @param {Transferable[]} [transfer]
 */
function post(worker, msg, transfer = []) {
  worker.postMessage(msg, transfer);
}

/**
 * The `Error` an error message from a worker stands for: its message, and the engine's `name`
 * and `param` when it gave them, so every caller tells errors apart the same way.
 * @param {import('./protocol.js').ErrorMessage} msg
 * @returns {Error & {param?: string}}
 */
export function errorOf(msg) {
  const error = /** @type {Error & {param?: string}} */ (new Error(msg.message));
  if (msg.name) error.name = msg.name;
  if (msg.param) error.param = msg.param;
  return error;
}

/**
 * A cancellable request: `promise` settles with the result, `cancel()` stops a long job,
 * `pause()` and `resume()` hold and continue it (the worker keeps its state). `pause()`
 * returns a promise that resolves once the job runs no more steps: the worker acknowledged
 * the pause, or the job has ended.
 */
export class Job {
  /**
   * @param {Promise<any>} promise
   * @param {() => unknown} cancel
   * @param {(type: 'pause' | 'resume' | 'cancel') => void} [send]
   * @param {() => Promise<unknown>} [pause]
   */
  constructor(promise, cancel, send = () => {}, pause = () => Promise.resolve(send('pause'))) {
    /** The request's id (the engine's numbering). */
    this.id = 0;
    this.promise = promise;
    this.cancel = cancel;
    this.pause = pause;
    this.resume = () => send('resume');
  }
}

/**
 * A request waiting for its answer: `ok` and `fail` settle its promise, `onProgress` gets its
 * progress, `held` resolves the pause() promises waiting for the job to stop.
 * @typedef {object} Pending
 * @property {(value: unknown) => void} ok
 * @property {(error: unknown) => void} fail
 * @property {((value: any) => void) | undefined} onProgress
 * @property {() => void} held
 */

/**
 * An engine's options (see the Engine constructor).
 * @typedef {{onRestart?: (message: string, opts?: {gaveUp?: boolean}) => void, preload?: string[]}} EngineOptions
 */

/**
 * One engine worker. Survives crashes: a fatal error restarts the worker transparently and
 * dispatches a `restart` event (detail: the message), so views can drop what the old worker held.
 */
export class Engine extends EventTarget {
  /**
   * `onRestart(message, {gaveUp})` is called after the worker had to be restarted, or with
   * `gaveUp` when it failed to start three times in a row and the engine stopped trying. `preload` names
   * shipped word lists to start downloading at once, in parallel with the engine's start-up
   * (the first worker gets the bytes; a failed download leaves the worker to fetch it).
   */
  /** @param {EngineOptions} [opts] */
  constructor({ onRestart, preload = [] } = {}) {
    super();
    this.onRestart = onRestart;
    this.nextId = 1;
    /** @type {Map<number, Pending>} */
    this.pending = new Map();
    /** Whether the last start failed to download the engine: the next request starts afresh. */
    this.startFailed = false;
    const shipped = preload.filter(listUrl);
    /** Names of the lists whose bytes the first worker is sent (index.html's and the preloads). */
    this.coming = [...new Set([...(boot.worker && boot.given ? Object.keys(boot.lists) : []), ...shipped])];
    this.preloads = shipped.map((name) =>
      (boot.lists[name] ?? fetch(listUrl(name)).then((res) => (res.ok ? res.arrayBuffer() : null)))
        .catch(/** @returns {null} */ () => null)
        .then(/** @returns {[string, ArrayBuffer | null]} */ (bytes) => [name, bytes]),
    );
    boot.lists = {};
    this.start();
  }

  start() {
    this.started = false;
    /**
     * Lists of the reader's own this worker was sent (or is being sent), by name: each request
     * naming one waits for it.
     * @type {Map<string, Promise<unknown>>}
     */
    this.ownSent = new Map();
    /** @type {Worker} */
    let worker;
    try {
      worker = boot.worker ?? new Worker(WORKER_URL, { type: 'module' });
    } catch (e) {
      // The browser refuses this page a worker at all (as in a frame sandboxed without
      // allow-same-origin, whose origin is null): it would refuse again, so say so at once.
      worker = /** @type {Worker} */ (/** @type {unknown} */ ({ postMessage() {}, terminate() {} }));
      queueMicrotask(() => this.giveUp(`the browser does not let this page start its engine here (${e.message}). Embedded in another site? Its frame must allow scripts from their own origin (allow-same-origin); or open Boggle Explorer in a tab of its own`));
    }
    const failedEarly = boot.worker ? boot.error : null;
    const handed = (boot.worker && boot.given) || Promise.resolve(null);
    boot.worker = null;
    /** @type {EngineWorker} */
    this.worker = worker;
    const preloads = this.preloads;
    const coming = this.coming;
    this.preloads = [];
    this.coming = [];
    let initialised;
    this.ready = new Promise((ok, fail) => {
      // Listen at once: a worker whose script cannot load says so before the wasm compiles.
      const failed = (/** @type {string} */ message) => {
        fail(new Error(message));
        if (this.worker === worker) this.crashed(message);
      };
      worker.onerror = (e) => {
        e.preventDefault?.();
        failed(e.message || 'the engine worker failed to start');
      };
      if (failedEarly) queueMicrotask(() => failed(failedEarly));
      worker.onmessage = (/** @type {MessageEvent<import('./protocol.js').FromWorker>} */ { data }) => {
        if (data.type === 'ready') {
          this.started = true;
          ok();
        } else if (data.type === 'need-engine') {
          compiledModule('full').then(
            (module) => post(worker, { type: 'engine', module }),
            (e) => post(worker, { type: 'engine', error: e.message, errorName: e.name }),
          );
        } else if (data.type === 'error' && data.id === undefined) fail(errorOf(data));
        else this.receive(data);
      };
      // The worker is ready as soon as it has the module: a request that needs no word list
      // (rolling a board) is answered while the lists still download. It is told which lists
      // are on their way, so a request for one waits for them rather than fetching them again.
      initialised = compiledModule('solver').then((module) => {
        post(worker, { type: 'init', module, shipped: shippedUrls(), defaultList: DEFAULT_LIST, coming });
      }, (e) => {
        fail(e);
        // Retrying cannot help a browser that cannot run the engine: say so at once. Any other
        // failure (a download) is tried again by the next request.
        if (e instanceof Unsupported && this.worker === worker) this.giveUp(e.message);
        else if (this.worker === worker) this.startFailed = true;
        throw e;
      });
    });
    /**
     * Settles once the word lists downloaded ahead are handed to the worker (those index.html
     * did not send it already), or said to be missing, so the worker fetches them itself.
     */
    this.supplied = Promise.all([initialised, handed, ...preloads]).then(([, sent, ...lists]) => {
      const given = Object.fromEntries(lists.filter(([name, bytes]) => bytes && name !== sent));
      const missing = coming.filter((name) => name !== sent && !given[name]);
      post(worker, { type: 'lists', lists: given, missing }, Object.values(given));
    });
    this.supplied.catch(() => {});
    this.ready.catch(() => {});
  }

  /** @param {import('./protocol.js').Reply} msg */
  receive(msg) {
    const p = this.pending.get(msg.id);
    if (!p) return;
    if (msg.type === 'progress') {
      p.onProgress?.(msg.value);
      return;
    }
    if (msg.type === 'paused') {
      p.held();
      return;
    }
    this.pending.delete(msg.id);
    if (msg.type === 'result') p.ok(msg.cancelled ? { cancelled: true, value: msg.value } : msg.value);
    else if (msg.type === 'error') {
      p.fail(errorOf(msg));
      if (msg.fatal) this.restart(msg.message);
    }
  }

  /**
   * Fails every pending request and starts a fresh worker.
   * @param {string} message
   */
  crashed(message) {
    for (const p of this.pending.values()) p.fail(new Error(message));
    this.pending.clear();
    this.restart(message);
  }

  /** @param {string} message why the worker had to go */
  restart(message) {
    if (this.stopped) return;
    this.worker.terminate();
    for (const p of this.pending.values()) p.fail(new Error('the engine was restarted'));
    this.pending.clear();
    // A worker that cannot even start (e.g. its script fails to load) would fail again at
    // once: after three failed starts in a row, stop trying and fail every request instead.
    this.failedStarts = this.started ? 0 : (this.failedStarts ?? 0) + 1;
    if (this.failedStarts >= 3) {
      this.giveUp(`the engine could not start (${message}); reload the page to try again`);
      return;
    }
    this.start();
    this.onRestart?.(message);
    this.dispatchEvent(new CustomEvent('restart', { detail: message }));
  }

  /**
   * Stops the engine for good: every request fails with `failure`, which the page shows.
   * @param {string} failure
   */
  giveUp(failure) {
    this.stopped = true;
    this.worker.terminate();
    for (const p of this.pending.values()) p.fail(new Error(failure));
    this.pending.clear();
    this.ready = Promise.reject(new Error(failure));
    this.ready.catch(() => {});
    this.onRestart?.(failure, { gaveUp: true });
    this.dispatchEvent(new CustomEvent('failed', { detail: failure }));
  }

  /** Sends `{cmd, ...args}`; returns a Job whose promise resolves with the result. */
  /**
   * @param {string} cmd
   * @param {Record<string, unknown>} [args]
   * @param {{onProgress?: (value: any) => void}} [opts]
   * @returns {Job}
   */
  request(cmd, args = {}, { onProgress } = {}) {
    if (this.startFailed && !this.stopped) {
      // The engine's module could not be downloaded: start afresh, downloading it again.
      this.startFailed = false;
      this.worker.terminate();
      this.start();
    }
    const id = this.nextId++;
    /** @type {Array<(value?: unknown) => void>} */
    let waiting = []; // pause() promises, resolved by the worker's ack or the job's end
    const held = () => {
      for (const ok of waiting) ok();
      waiting = [];
    };
    const promise = new Promise((ok, fail) => {
      this.pending.set(id, { ok, fail, onProgress, held });
    });
    promise.then(held, held);
    const worker = this.worker;
    // A list of the reader's own: loaded here (Solve's Load a file), or sent first.
    const own = typeof args.list === 'string' && isOwnList(args.list) && cmd !== 'list' ? this.ownList(args.list) : null;
    if (cmd === 'list' && args.bytes && typeof args.name === 'string') {
      const name = args.name;
      this.ownSent.set(name, promise);
      promise.catch(() => {
        if (this.ownSent.get(name) === promise) this.ownSent.delete(name);
      });
    }
    (own ? Promise.all([this.ready, own]) : this.ready).then(
      () => {
        if (!this.pending.has(id)) return; // already settled (the engine restarted or stopped)
        try {
          post(worker, { ...args, id, cmd });
        } catch (e) {
          this.settle(id, (p) => p.fail(new Error(`could not send the request: ${e.message}`)));
        }
      },
      (e) => this.settle(id, (p) => p.fail(e)),
    );
    // Control messages go only to the worker running the job, and only while it runs.
    const send = (/** @type {'pause' | 'resume' | 'cancel'} */ type) => {
      if (this.pending.has(id) && this.worker === worker) post(this.worker, { type, id });
    };
    const pause = () =>
      new Promise((ok) => {
        if (!this.pending.has(id)) return ok();
        waiting.push(ok);
        this.ready.then(() => send('pause'), held);
      });
    const job = new Job(promise, () => this.ready.then(() => send('cancel'), () => {}), send, pause);
    job.id = id;
    return job;
  }

  /**
   * Sends the worker list `name` of the reader's own, once: a promise that settles once it is
   * built there, or fails when this browser no longer keeps the list.
   * @param {string} name
   */
  ownList(name) {
    let sent = this.ownSent.get(name);
    if (!sent) {
      const sending = ownListBytes(name).then((bytes) => {
        if (!bytes) throw new Error(`the word list “${listName(name)}” is not kept in this browser any more: load it again with Load a file… in Solve`);
        return this.call('list', { name, bytes: bytes.slice(0) });
      });
      sent = sending;
      sending.catch(() => {
        if (this.ownSent.get(name) === sending) this.ownSent.delete(name);
      });
      this.ownSent.set(name, sending);
    }
    return sent;
  }

  /**
   * Removes request `id` and settles it with `how(entry)`, if it is still pending.
   * @param {number} id
   * @param {(entry: Pending) => void} how
   */
  settle(id, how) {
    const p = this.pending.get(id);
    if (!p) return;
    this.pending.delete(id);
    how(p);
  }

  /**
   * Shorthand for a one-shot request's promise.
   * @param {string} cmd
   * @param {Record<string, unknown>} [args]
   * @returns {Promise<any>} the command's result (see its entry in worker/commands.js)
   */
  call(cmd, args) {
    return this.request(cmd, args).promise;
  }

  /** Stops the worker for good (e.g. when a view is left); later requests fail at once. */
  terminate() {
    this.stopped = true;
    this.worker.terminate();
    const stopped = new Error('the engine was stopped');
    for (const p of this.pending.values()) p.fail(stopped);
    this.pending.clear();
    this.ready = Promise.reject(stopped);
    this.ready.catch(() => {});
  }
}
