// The engine's Web Worker. It only relays: a request {id, cmd, ...args} runs one engine call
// (or a step-wise job) and answers {id, type: "result" | "progress" | "error", ...}; a
// {type: "pause", id} is acknowledged with {id, type: "paused"}. What each command does is in
// worker/commands.js, the word lists it keeps in worker/lists.js, the job loop in
// worker/jobs.js and which engine module runs in worker/engine.js.
// The worker starts with the solver's small module ({type: "init", module}; index.html may hand
// it over earlier with {type: "boot"}) and answers at once; the word lists downloaded ahead
// follow ({type: "lists"}). The first request for another view's command
// (EXPLORER) asks the page for the full engine and switches to it. The shipped lists come with
// the init message rather than from lib/lists.js: one import less to wait for before the worker
// can start. The embedded widgets' shared worker (www/embed/shared-worker.js) runs the same
// relay once per connected page (`serve`), with the full engine from the start.
import { api, engineArrived, errorReply, EXPLORER, fullEngine, isCompiled, onEngineSwitch, useEngine, warmUp } from './worker/engine.js';
import { buildListsOnArrival, configureLists, expectLists, giveLists, listsMissing, prefetchList, retireLists } from './worker/lists.js';
import { commands, jobs } from './worker/commands.js';
import { control, newJobState, runJob } from './worker/jobs.js';

export { configureLists, prefetchList, useEngine };

// Lists built in one engine module are built again in the next.
onEngineSwitch(retireLists);

/**
 * The relay for one client: returns the handler of its messages, which answers through `post`.
 * A dedicated worker has one client; the shared worker has one per connected page, each with
 * its own request ids. `{type: "bye"}` (the page is going away) cancels its jobs.
 * @param {(msg: import('./protocol.js').FromWorker) => void} post
 * @returns {(data: import('./protocol.js').ToWorker) => Promise<void>}
 */
export function serve(post) {
  /** This client's requests in progress by id, with what cancel, pause and resume set. */
  const active = new Map();
  return async (data) => {
    const { type } = data;
    if (data.type === 'engine') {
      engineArrived(/** @type {import('./protocol.js').EngineMessage} */ (data));
      return;
    }
    // index.html starts the worker before the page's code has loaded: {type: "boot", module,
    // warmUp} as soon as the module is compiled, then {type: "boot", module, lists} once the
    // list is in. The page's own `init` follows (and finds the module started); only it is
    // answered, so "ready" always means the page's set-up has arrived.
    if (data.type === 'init' || data.type === 'boot') {
      const setUp = /** @type {import('./protocol.js').InitMessage} */ (data);
      try {
        api.initSync({ module: setUp.module });
        if (setUp.warmUp) {
          // The solver's first score comes next: its code warmed up, its list built on arrival.
          warmUp();
          buildListsOnArrival(true);
        }
        if (type === 'init') configureLists(setUp.shipped, setUp.defaultList);
        expectLists(setUp.coming ?? []);
        giveLists(setUp.lists ?? {});
        if (type === 'init') post({ type: 'ready' });
      } catch (e) {
        // A failed boot is the page's init's to report.
        if (type === 'init') post({ type: 'error', message: `could not start the engine: ${e?.message ?? e}`, fatal: true });
      }
      return;
    }
    // The lists the page downloaded ahead, after `init`: their bytes, or which never came.
    if (data.type === 'lists') {
      const { lists, missing } = /** @type {import('./protocol.js').ListsMessage} */ (data);
      giveLists(lists);
      listsMissing(missing);
      return;
    }
    if (type === 'bye') {
      for (const state of active.values()) control.cancel(state, 0, post);
      return;
    }
    if (data.type === 'pause' || data.type === 'resume' || data.type === 'cancel') {
      const state = active.get(data.id);
      if (state) control[data.type](state, data.id, post);
      return;
    }
    const request = /** @type {import('./protocol.js').RequestMessage} */ (data);
    const { id, cmd } = request;
    const state = newJobState();
    active.set(id, state);
    try {
      if (EXPLORER.has(cmd) || (cmd === 'list' && request.bytes && !isCompiled(/** @type {ArrayBuffer} */ (request.bytes)))) await fullEngine(post);
      if (cmd === 'active') {
        // Ids of this client's requests in progress, this one included (tests and debugging).
        post({ id, type: 'result', value: [...active.keys()] });
      } else if (Object.hasOwn(commands, cmd)) {
        const progress = (/** @type {unknown} */ value) => post({ id, type: 'progress', value });
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
