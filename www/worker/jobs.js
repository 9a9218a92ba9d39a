// Running the worker's step-wise jobs (commands.js `jobs`): a job is stepped in slices of about
// STEP_MS, with a progress message after each, and the loop yields between slices so that a
// cancel, pause or resume message for it gets through. Control messages act on a job's state.

/** The time one step of a job may take before it reports and yields, in milliseconds. */
const STEP_MS = 100;

/**
 * What control messages set on a request in progress.
 * @typedef {{cancelled: boolean, paused: boolean, wake: (() => void) | null}} JobState
 */

/** A fresh state for a request: neither cancelled nor paused. @returns {JobState} */
export function newJobState() {
  return { cancelled: false, paused: false, wake: null };
}

const tick = () => new Promise((ok) => setTimeout(ok, 0));

/**
 * Steps `job` until it is done or cancelled; `state` is its entry in the relay's requests in
 * progress. A paused job waits (no steps, no timers) until a resume or cancel message wakes it.
 * The job is freed however it ends.
 * @param {number} id
 * @param {JobState} state
 * @param {import('./commands.js').Job} job
 * @param {(msg: import('../protocol.js').FromWorker) => void} post
 */
export async function runJob(id, state, job, post) {
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
 * Control messages for a request in progress, by type; ids of finished requests are ignored
 * by the relay before they get here.
 * @type {Record<'cancel' | 'pause' | 'resume', (state: JobState, id: number, post: (msg: import('../protocol.js').FromWorker) => void) => void>}
 */
export const control = {
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
