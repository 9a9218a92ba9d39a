// The engine worker that every embedded widget on a page shares (a SharedWorker): one wasm
// instance, one download of each word list, however many widgets a post holds. It runs the
// same relay as the page's own worker (www/worker.js), one per connected widget. Browsers
// without SharedWorker give each widget its own worker instead (www/embed/shared-engine.js).
//
// A fatal error (an engine panic leaves the module unusable) is told to every widget as
// {type: "crashed", message}; the worker then closes, and each widget connects to a fresh one.
import { initSync } from '../../pkg/boggle.js';
import { serve } from '../worker.js';

const wasmUrl = new URL('../../pkg/boggle_bg.wasm', import.meta.url);

/** The compiled engine, instantiated once for every connection. */
const started = (async () => {
  let module;
  try {
    module = await WebAssembly.compileStreaming(fetch(wasmUrl));
  } catch {
    // Some servers send the wrong MIME type; compile from bytes instead.
    module = await WebAssembly.compile(await (await fetch(wasmUrl)).arrayBuffer());
  }
  initSync({ module });
})();
started.catch(() => {});

/** Every connected widget's port, for the crash notice. */
const ports = new Set();
let crashed = false;

function crash(message) {
  if (crashed) return;
  crashed = true;
  for (const p of ports) p.postMessage({ type: 'crashed', message });
  self.close();
}

self.onconnect = ({ ports: [port] }) => {
  ports.add(port);
  const handle = serve((msg) => {
    port.postMessage(msg);
    if (msg.fatal) crash(msg.message);
  });
  port.onmessage = ({ data }) => {
    if (data?.type === 'bye') ports.delete(port);
    handle(data);
  };
  started.then(
    () => port.postMessage(crashed ? { type: 'crashed', message: 'the engine stopped' } : { type: 'ready' }),
    (e) => port.postMessage({ type: 'error', message: `could not start the engine: ${e?.message ?? e}`, fatal: true }),
  );
};
