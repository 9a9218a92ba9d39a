// The messages between the page (engine.js, embed/shared-engine.js) and the engine's worker
// (worker.js, embed/shared-worker.js), as types both sides name: the type checker (`make
// lint`, tsc) then holds each side to the other's shape. Types only: nothing here runs.

/**
 * Set-up, from the page: the solver's compiled module, word-list bytes fetched ahead (by
 * name), the shipped lists' URLs by name and the list a request without one uses. index.html
 * may send `boot` earlier with the module (and `warmUp`) or the first list; only `init` is
 * answered (with `ready`), at once: the lists announced in `coming` follow.
 * @typedef {object} InitMessage
 * @property {'init' | 'boot'} type
 * @property {WebAssembly.Module} module
 * @property {Record<string, ArrayBuffer>} [lists]
 * @property {Record<string, string>} [shipped]
 * @property {string | null} [defaultList]
 * @property {boolean} [warmUp] the solver view comes first: warm its code up and build each list as it arrives
 * @property {string[]} [coming] lists whose bytes follow in a `lists` message (or a `boot`)
 */

/**
 * Word lists the page downloaded ahead, after `init`: their bytes by name, and the names of
 * those `init` announced that never arrived (the worker downloads those itself).
 * @typedef {object} ListsMessage
 * @property {'lists'} type
 * @property {Record<string, ArrayBuffer>} lists
 * @property {string[]} missing
 */

/**
 * The page's answer to `need-engine`: the full engine's compiled module, or why it could not
 * be loaded.
 * @typedef {object} EngineMessage
 * @property {'engine'} type
 * @property {WebAssembly.Module} [module]
 * @property {string} [error]
 * @property {string} [errorName] the error's name: `DownloadFailed` when trying again may mend it
 */

/**
 * A request: run command `cmd` with its arguments; answered with `progress` messages (long
 * jobs) and one `result` or `error`, all carrying `id`.
 * @typedef {{id: number, cmd: string, type?: undefined} & Record<string, unknown>} RequestMessage
 */

/**
 * Control of a request in progress: `pause` (acknowledged with `paused`), `resume`, `cancel`.
 * @typedef {object} ControlMessage
 * @property {'pause' | 'resume' | 'cancel'} type
 * @property {number} id
 */

/**
 * The page is going away (shared worker): its jobs are cancelled.
 * @typedef {object} ByeMessage
 * @property {'bye'} type
 */

/** @typedef {InitMessage | ListsMessage | EngineMessage | RequestMessage | ControlMessage | ByeMessage} ToWorker */

/**
 * The worker is set up and takes requests.
 * @typedef {object} ReadyMessage
 * @property {'ready'} type
 */

/**
 * The worker needs the full engine's module for a request (answered with `engine`).
 * @typedef {object} NeedEngineMessage
 * @property {'need-engine'} type
 */

/**
 * A long job's progress.
 * @typedef {object} ProgressMessage
 * @property {'progress'} type
 * @property {number} id
 * @property {any} value what the command reports (see its entry in worker/commands.js)
 */

/**
 * A paused job runs no more steps until resumed.
 * @typedef {object} PausedMessage
 * @property {'paused'} type
 * @property {number} id
 */

/**
 * A request's answer; `cancelled` when it was stopped, with the job's last progress.
 * @typedef {object} ResultMessage
 * @property {'result'} type
 * @property {number} id
 * @property {any} value
 * @property {boolean} [cancelled]
 */

/**
 * A request failed (`id`), or the set-up did (no `id`); `fatal`: the engine is unusable and
 * the worker must be restarted.
 * @typedef {object} ErrorMessage
 * @property {'error'} type
 * @property {number} [id]
 * @property {string} message
 * @property {boolean} [fatal]
 * @property {string} [name] the engine's name for the error, for the page to tell it apart
 *   without reading its text: `TooManyBoards` (raise the target) or `BadOption`
 * @property {string} [param] the option a refusal asks to change (its URL name, e.g. `t_end`),
 *   for the page to say it beside that field
 */

/** @typedef {ReadyMessage | NeedEngineMessage | Reply} FromWorker */

/** @typedef {ProgressMessage | PausedMessage | ResultMessage | ErrorMessage} Reply a request's answers */

/**
 * The shared worker (embed/shared-worker.js) took a widget's connection: sent first, once; its
 * engine may still be starting (`ready` follows).
 * @typedef {object} ConnectedMessage
 * @property {'connected'} type
 */

/**
 * The shared worker's engine crashed, or it could not start one: the widget connects to the
 * worker of generation `next` (embed/shared-engine.js).
 * @typedef {object} CrashedMessage
 * @property {'crashed'} type
 * @property {string} message
 * @property {number} next
 */

/** @typedef {ConnectedMessage | CrashedMessage | ReadyMessage | Reply} FromSharedWorker what a widget hears from the shared worker */

export {};
