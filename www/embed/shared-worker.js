// The engine worker that every embedded widget on a page shares (a SharedWorker): one wasm
// instance, one download of each word list, however many widgets a post holds. It runs the
// same relay as the page's own worker (www/worker.js), one per connected widget. Browsers
// without SharedWorker give each widget its own worker instead (www/embed/shared-engine.js).
//
// A fatal error (an engine panic leaves the module unusable) is told to every widget as
// {type: "crashed", message, next}: each widget then connects to a fresh worker, named for the
// next generation (`next`). The crashed worker answers any later connection the same way, so a
// widget that loads after the crash finds the fresh worker too; it runs no more engine calls.
// A worker that could not download the engine is passed over the same way by later widgets.
import * as engine from '../../pkg/boggle.js';
import { isDownloadFailure } from '../lib/failure.js';
import { DEFAULT_LIST, shippedUrls } from '../lib/lists.js';
import { compileWasm } from '../lib/wasm.js';
import { configureLists, prefetchList, serve, useEngine } from '../worker.js';

const wasmUrl = new URL('../../pkg/boggle_bg.wasm', import.meta.url);

configureLists(shippedUrls(), DEFAULT_LIST);
// Most widgets use the default list: its download runs alongside the engine's compile.
prefetchList(DEFAULT_LIST);

/** The compiled engine, instantiated once for every connection. */
const started = (async () => {
  const module = await compileWasm(wasmUrl);
  // Widgets are mostly the bounds, search and break views: the full engine from the start.
  engine.initSync({ module });
  useEngine(engine);
})();
started.catch(() => {});

/** This worker's generation, from its name (shared-engine.js names it). */
const generation = Number(/-(\d+)$/.exec(self.name)?.[1] ?? 0);
/** Every connected widget's port, for the crash notice. */
const ports = new Set();
/**
 * The crash notice once the engine has crashed, else null.
 * @type {import('../protocol.js').CrashedMessage | null}
 */
let crashed = null;

/** Tells every widget the engine crashed (once), with `message`. @param {string} message */
function crash(message) {
  if (crashed) return;
  crashed = { type: 'crashed', message, next: generation + 1 };
  for (const p of ports) p.postMessage(crashed);
}

/** This worker's global scope: a shared worker's, which has `onconnect`. */
const scope = /** @type {any} */ (self);
scope.onconnect = (/** @type {MessageEvent} */ { ports: [port] }) => {
  ports.add(port);
  const handle = serve((msg) => {
    port.postMessage(msg);
    if (msg.type === 'error' && msg.fatal) crash(msg.message);
  });
  port.onmessage = ({ data }) => {
    if (data?.type === 'bye') ports.delete(port);
    if (crashed) port.postMessage(crashed);
    else handle(data);
  };
  // At once, so a widget knows it can share this worker; `ready` follows once the engine is.
  port.postMessage(crashed ?? { type: 'connected' });
  started.then(
    () => port.postMessage(crashed ?? { type: 'ready' }),
    (e) => {
      // This worker never has an engine: a widget that tries again, and any widget that loads
      // later, goes on to the next generation's worker, which downloads the engine afresh.
      crashed ??= { type: 'crashed', message: String(e?.message ?? e), next: generation + 1 };
      // A failed download is said as itself and keeps its name, so the widget offers Try again.
      if (isDownloadFailure(e)) port.postMessage({ type: 'error', message: e.message, name: e.name, fatal: true });
      else port.postMessage({ type: 'error', message: `could not start the engine: ${e?.message ?? e}`, fatal: true });
    },
  );
};
