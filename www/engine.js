// The page's side of the worker: request ids, promises, progress callbacks, cancel, and a
// restart when the engine crashes. Views talk to the engine only through this module.

import { listUrl } from './lists.js';

const wasmUrl = new URL('../pkg/boggle_bg.wasm', import.meta.url);
let modulePromise = null;

/**
 * The worker and wasm compile the page's <head> script started before any module loaded
 * (`window.boggleBoot`), handed out once; null when there is none (e.g. in the embed test pages).
 */
function adoptBoot() {
  const boot = globalThis.boggleBoot;
  globalThis.boggleBoot = null;
  return boot ?? null;
}

/** Compiles the wasm module once per page; every worker gets the compiled module. */
function compiledModule(started = null) {
  modulePromise ??= (started ?? WebAssembly.compileStreaming(fetch(wasmUrl))).catch(async () => {
    // Some servers send the wrong MIME type; compile from bytes instead.
    const res = await fetch(wasmUrl);
    return WebAssembly.compile(await res.arrayBuffer());
  });
  return modulePromise;
}

/**
 * A cancellable request: `promise` settles with the result, `cancel()` stops a long job,
 * `pause()` and `resume()` hold and continue it (the worker keeps its state).
 */
export class Job {
  constructor(promise, cancel, send = () => {}) {
    this.promise = promise;
    this.cancel = cancel;
    this.pause = () => send('pause');
    this.resume = () => send('resume');
  }
}

/**
 * One engine worker. Survives crashes: a fatal error restarts the worker transparently and
 * dispatches a `restart` event (detail: the message), so views can drop what the old worker held.
 */
export class Engine extends EventTarget {
  /**
   * `onRestart(message)` is called after the worker had to be restarted. `preload` names
   * shipped word lists to start downloading at once, in parallel with the engine's start-up
   * (the first worker gets the bytes; a failed download leaves the worker to fetch it).
   */
  constructor({ onRestart, preload = [] } = {}) {
    super();
    this.onRestart = onRestart;
    this.nextId = 1;
    this.pending = new Map();
    this.preloads = preload.filter(listUrl).map((name) =>
      fetch(listUrl(name))
        .then((res) => (res.ok ? res.arrayBuffer() : null))
        .catch(() => null)
        .then((bytes) => [name, bytes]),
    );
    this.start();
  }

  start() {
    const boot = adoptBoot();
    this.worker = boot?.worker ?? new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
    const preloads = this.preloads;
    this.preloads = [];
    this.ready = Promise.all([compiledModule(boot?.module), ...preloads]).then(
      ([module, ...lists]) =>
        new Promise((ok, fail) => {
          this.worker.onmessage = ({ data }) => {
            if (data.type === 'ready') ok();
            else if (data.type === 'error' && data.id === undefined) fail(new Error(data.message));
            else this.receive(data);
          };
          this.worker.onerror = (e) => {
            e.preventDefault?.();
            this.crashed(e.message || 'the engine worker failed');
            fail(new Error(e.message || 'the engine worker failed to start'));
          };
          const given = Object.fromEntries(lists.filter(([, bytes]) => bytes));
          this.worker.postMessage({ type: 'init', module, lists: given }, Object.values(given));
        }),
    );
    this.ready.catch(() => {});
  }

  receive(msg) {
    const p = this.pending.get(msg.id);
    if (!p) return;
    if (msg.type === 'progress') {
      p.onProgress?.(msg.value);
      return;
    }
    this.pending.delete(msg.id);
    if (msg.type === 'result') p.ok(msg.cancelled ? { cancelled: true, value: msg.value } : msg.value);
    else {
      p.fail(new Error(msg.message));
      if (msg.fatal) this.restart(msg.message);
    }
  }

  /** Fails every pending request and starts a fresh worker. */
  crashed(message) {
    for (const p of this.pending.values()) p.fail(new Error(message));
    this.pending.clear();
    this.restart(message);
  }

  restart(message) {
    this.worker.terminate();
    for (const p of this.pending.values()) p.fail(new Error('the engine was restarted'));
    this.pending.clear();
    this.start();
    this.onRestart?.(message);
    this.dispatchEvent(new CustomEvent('restart', { detail: message }));
  }

  /** Sends `{cmd, ...args}`; returns a Job whose promise resolves with the result. */
  request(cmd, args = {}, { onProgress } = {}) {
    const id = this.nextId++;
    const promise = new Promise((ok, fail) => {
      this.pending.set(id, { ok, fail, onProgress });
    });
    this.ready.then(
      () => this.worker.postMessage({ ...args, id, cmd }),
      (e) => this.pending.get(id)?.fail(e),
    );
    const send = (type) => this.ready.then(() => this.worker.postMessage({ type, id }));
    return new Job(promise, () => send('cancel'), send);
  }

  /** Shorthand for a one-shot request's promise. */
  call(cmd, args) {
    return this.request(cmd, args).promise;
  }

  /** Stops the worker for good (e.g. when a view is left). */
  terminate() {
    this.worker.terminate();
    for (const p of this.pending.values()) p.fail(new Error('the engine was stopped'));
    this.pending.clear();
  }
}
