// The engine client of an embedded widget: the page's Engine (www/engine.js: request ids,
// progress, pause, cancel, restart after a crash) talking to the worker that every widget on
// the host page shares (shared-worker.js), so ten widgets cost one engine and one word-list
// download. Where the browser has no SharedWorker, or refuses one to a widget on another site
// (Chromium does when the reader blocks third-party cookies), the widget gets its own worker.
import { Engine, errorOf } from '../engine.js';
import { isDownloadFailure } from '../lib/failure.js';

/**
 * The shared worker's name: widgets from the same explorer on one page join the same worker.
 * A worker that crashed closes, and a new worker with the same name could still reach it: the
 * widgets of a crashed worker meet again in a worker of the next generation (`-1`, `-2`, ...).
 */
const WORKER_NAME = 'boggle-explorer-engine';
/** shared-worker.js as the build bundles it (scripts/bundle.mjs): one download. */
const WORKER_URL = new URL('../../pkg/app/shared-worker.js', import.meta.url);

/**
 * A connection to the shared worker of generation `generation`.
 * @typedef {{port: MessagePort, generation: number}} Connection
 */

/** @typedef {import('../engine.js').EngineOptions} EngineOptions */

/** The connection the next SharedEngine starts on (Engine's constructor calls start()). @type {Connection | null} */
let firstConnection = null;

/**
 * Resolves to the engine for a widget: shared with the page's other widgets where the browser allows.
 * @param {EngineOptions} [options]
 * @returns {Promise<Engine>}
 */
export async function embedEngine(options) {
  if (typeof SharedWorker === 'function') {
    const connection = await connect().catch(/** @returns {null} */ () => null);
    if (connection) {
      firstConnection = connection;
      return new SharedEngine(options);
    }
  }
  return new Engine(options);
}

/**
 * Connects to the shared worker of `generation`, or of a later one when that one has crashed;
 * resolves to {port, generation} as soon as the worker answers (its engine may still be starting).
 * @param {number} [generation]
 * @returns {Promise<Connection>}
 */
function connect(generation = 0) {
  return new Promise((ok, fail) => {
    let shared;
    try {
      shared = new SharedWorker(WORKER_URL, { type: 'module', name: `${WORKER_NAME}-${generation}` });
    } catch (e) {
      fail(e);
      return;
    }
    shared.onerror = (e) => {
      e.preventDefault?.();
      fail(new Error(e.message || 'the engine worker failed to start'));
    };
    shared.port.onmessage = ({ data }) => {
      if (data?.type === 'connected') ok({ port: shared.port, generation });
      else if (data?.type === 'crashed' && data.next > generation) {
        shared.port.close();
        connect(data.next).then(ok, fail);
      } else fail(new Error(data?.message ?? 'the engine worker failed to start'));
    };
  });
}

/** An Engine whose worker is the shared one; after a crash it connects to a fresh one. */
export class SharedEngine extends Engine {
  /** @param {EngineOptions} [options] */
  constructor(options) {
    // The shared worker downloads the lists itself, once for every widget.
    super({ ...options, preload: [] });
    // A widget going away stops its own jobs (other widgets' jobs go on).
    addEventListener('pagehide', () => this.worker.postMessage({ type: 'bye' }));
  }

  start() {
    const first = firstConnection;
    firstConnection = null;
    this.started = false;
    /** @type {MessagePort | null} */
    let current = null;
    // What Engine needs of a worker: postMessage, and terminate (here: leave the shared one).
    /** @type {import('../engine.js').EngineWorker} */
    const worker = {
      postMessage: (msg, transfer) => current?.postMessage(msg, transfer),
      terminate: () => {
        current?.postMessage({ type: 'bye' });
        current?.close();
      },
    };
    this.worker = worker;
    // After a crash, the next generation's worker (every widget of the crashed one meets there).
    /** @type {Promise<Connection>} */
    const connection = first ? Promise.resolve(first) : connect(this.generation + 1);
    this.ready = connection.then(
      ({ port: p, generation }) =>
        new Promise((ok, fail) => {
          this.generation = generation;
          current = p;
          // After the connection's first message (`connected`, which connect() took).
          p.onmessage = (
            /** @type {MessageEvent<Exclude<import('../protocol.js').FromSharedWorker, import('../protocol.js').ConnectedMessage>>} */ { data },
          ) => {
            if (data.type === 'ready') {
              this.started = true;
              ok();
            } else if (data.type === 'crashed') {
              if (this.worker === worker) this.crashed(data.message);
            } else if (data.type === 'error' && data.id === undefined) fail(errorOf(data));
            else this.receive(data);
          };
        }),
    );
    this.ready.catch((e) => {
      if (this.worker !== worker) return;
      // The engine could not be downloaded: the requests waiting fail with that (the widget
      // offers Try again), and the next request connects to a fresh worker (Engine.request).
      if (isDownloadFailure(e)) this.startFailed = true;
      else this.crashed(e.message);
    });
  }
}
