// The search view (mode=search): watch hill climbing or simulated annealing look for a
// high-scoring board. A pool of workers (one per core) runs independent seeds; the view shows
// the best board so far, a live chart, each worker's current board and the best distinct boards,
// each a link to the solver. The URL holds every setting (form.js, params.js), so a link
// reproduces the run: worker i runs seed + i. This module takes a run from the form to its end:
// run.js runs it on the workers, paint.js paints it into the cards of layout.js, and the best
// boards of each worker are saved in this browser (saved-card.js) as its runs finish.
import { loadCss } from '../../lib/dom.js';
import { downloadMessage, isDownloadFailure, sentence } from '../../lib/failure.js';
import { dropRejected } from '../../lib/url.js';
import { listName } from '../../lib/lists.js';
import { listKey } from '../../lib/own-lists.js';
import { announce, cancelAnnouncements } from '../../lib/announce.js';
import { failuresText } from './figures.js';
import { SearchForm } from './form.js';
import { SearchLayout } from './layout.js';
import { RunPainter, SAY_BEST } from './paint.js';
import { PARAMS, engineOptions } from './params.js';
import { EnginePool, SearchRun, isRunning } from './run.js';

await loadCss(new URL('./search.css', import.meta.url));

/** The URL parameters this view reads besides `mode`: the shell (app.js) takes any other out of the address. */
export const URL_PARAMS = ['xscale', ...Object.keys(PARAMS)];

/**
 * What the shell (app.js) gives the view.
 * @typedef {object} ViewContext
 * @property {import('../../engine.js').Engine} engine the page's engine client
 * @property {URLSearchParams} params the URL's parameters as the view mounts
 * @property {(changes: Record<string, string | null>, how?: {push?: boolean}) => void} setParams
 *   writes view state into the URL (`push` adds a history entry); defaults are dropped
 * @property {(changes: Record<string, string>) => void} navigate switches to another view with
 *   the given parameters
 */

/**
 * Mounts the view into `root`; see app.js for `ctx`.
 * @param {HTMLElement} root
 * @param {ViewContext} ctx
 */
export function mount(root, ctx) {
  const view = new SearchView(root, ctx);
  return {
    unmount: () => view.unmount(),
    /** @param {URLSearchParams} params */
    update: (params) => {
      if (view.running()) return;
      dropRejected(view.form.apply(params));
      view.checkLink();
    },
  };
}

class SearchView {
  /**
   * @param {HTMLElement} root
   * @param {ViewContext} ctx
   */
  constructor(root, ctx) {
    this.ctx = ctx;
    this.pool = new EnginePool(ctx.engine);
    /** @type {SearchRun | null} the run on screen (none before the first) */
    this.run = null;
    /** @type {string} the run's state (run.js), `idle` before the first */
    this.state = 'idle';
    /**
     * Each worker of the run on screen: the link that runs its search alone, and its boards
     * last saved in this browser.
     * @type {{again: string, saved: string}[]}
     */
    this.saves = [];
    this.form = new SearchForm({
      onStart: () => this.start(),
      onPause: () => this.togglePause(),
      onStop: () => this.stop('stopped'),
      // Before any run the figures are blank: the share accepted is named for the optimizer
      // chosen. Once a run has figures, they and their names are that run's.
      onOpt: (opt) => {
        if (!this.run) this.painter.nameAcceptance(opt);
      },
      busy: () => this.running(),
    });
    this.build(root);
    dropRejected(this.form.apply(ctx.params));
    this.checkLink();
    this.readScale(ctx.params);
    this.frame = () => {
      this.tick = requestAnimationFrame(this.frame);
      this.painter.paint(this.run, this.state);
    };
    this.tick = requestAnimationFrame(this.frame);
  }

  /**
   * The chart's x scale from the URL (`xscale=log`; linear when absent).
   * @param {URLSearchParams} params
   */
  readScale(params) {
    const v = params.get('xscale');
    const ok = v === null || v === 'linear' || v === 'log';
    this.ui.scaleNote.textContent = ok ? '' : `“${String(v).slice(0, 20)}” is not a scale: showing linear (use xscale=log or linear).`;
    dropRejected({ xscale: !ok });
    this.setScale(v === 'log' ? 'log' : 'linear', false);
  }

  /**
   * Switches the chart's x axis; `remember` writes it into the URL.
   * @param {'linear' | 'log'} scale
   */
  setScale(scale, remember = true) {
    this.ui.chart.setScale(scale);
    for (const b of this.ui.scaleButtons) b.setAttribute('aria-pressed', String(b.dataset.scale === scale));
    if (remember) this.ctx.setParams({ xscale: scale === 'linear' ? null : scale });
  }

  /**
   * Puts the cards in `root` (layout.js) and sends the saved boards' links to the solver in this page.
   * @param {HTMLElement} root
   */
  build(root) {
    this.ui = new SearchLayout(this.form.el, {
      scale: (scale) => this.setScale(scale),
      ladderPick: () => this.painter.ladderPicked(),
    });
    this.painter = new RunPainter(this.ui);
    root.append(this.ui.root);
    // The saved boards' links open the solver in this page (a new view, a history entry); the
    // run's own open a new tab (paint.js), so the run goes on.
    this.ui.root.addEventListener('click', (/** @type {MouseEvent} */ e) => {
      const a = /** @type {HTMLAnchorElement | null} */ (/** @type {Element} */ (e.target).closest('a[data-board]'));
      if (!a || a.target === '_blank' || e.ctrlKey || e.metaKey || e.shiftKey || e.button !== 0) return;
      e.preventDefault();
      const q = new URLSearchParams(a.getAttribute('href').slice(1));
      this.ctx.navigate(Object.fromEntries(q));
    });
  }

  running() {
    return isRunning(this.state);
  }

  /**
   * The engine's refusal of settings `s` taken together (a final temperature above the
   * starting one reads alone but does not run), or null when they would run. The refusal is an
   * Error whose `param` names the setting to change; any other failure to ask (a download that
   * failed) is left for Start to say.
   * @param {Record<string, string>} s
   * @returns {Promise<(Error & {param: string}) | null>}
   */
  async refusal(s) {
    try {
      await this.ctx.engine.call('checkSearch', { list: s.wordlist, optimizer: s.opt, options: engineOptions(s, 0) });
      return null;
    } catch (e) {
      return typeof e.param === 'string' && this.form.errors[e.param] ? e : null;
    }
  }

  /**
   * Asks the engine whether the settings a link opened with run together: one it refuses is
   * said beside its field and leaves the URL, as a bad value does. Nothing is said if the
   * form changed or a run began meanwhile.
   */
  async checkLink() {
    const { settings, messages } = this.form.values();
    const refused = Object.keys(messages).length > 0 ? null : await this.refusal(settings);
    // Asked and answered (`data-link-checked`, for tests and scripts).
    this.ui.root.dataset.linkChecked = 'true';
    if (!refused || this.run || JSON.stringify(this.form.values().settings) !== JSON.stringify(settings)) return;
    this.form.refuse(refused.param, refused.message, { link: true });
    dropRejected({ [refused.param]: true });
  }

  /** Start, pressed: a run of the form's settings replaces the one on screen. */
  async start() {
    if (this.running() || this.starting) return;
    const s = this.form.read();
    if (!s) {
      // Start stays where it was and the message may open below the fold: the keyboard goes
      // to the first field to mend, as in the break view.
      this.form.focusFirstError();
      return;
    }
    // Settings that read alone but not together are said beside the field to change before
    // anything runs, so no run of nothing is shown and the URL keeps only settings that run.
    this.starting = true;
    const refused = await this.refusal(s).finally(() => {
      this.starting = false;
    });
    if (refused) {
      this.form.refuse(refused.param, refused.message);
      this.form.focusFirstError();
      return;
    }
    if (this.running()) return;
    this.form.runError.show(null);
    // The URL now reproduces this run (defaults are left out).
    /** @type {Record<string, string | null>} */
    const changes = {};
    for (const [name, p] of Object.entries(PARAMS)) {
      const v = s[name];
      changes[name] = v === undefined || v === p.def ? null : v;
    }
    changes.seed = s.seed;
    this.ctx.setParams(changes);

    this.run?.detach();
    /** @type {[number, string][]} the workers that failed, with why, in the order they did */
    this.failures = [];
    /** True once a setting the engine refused is said beside its field. */
    this.refused = false;
    const run = new SearchRun({
      pool: this.pool,
      settings: s,
      onProgress: (w, p, finishedRun) => {
        if (finishedRun) this.remember(w);
        this.painter.report(w, p);
      },
      onError: (w, e) => this.failed(run, w, e),
      onState: (state) => this.setState(state),
      // `data-held` once every worker has acknowledged a pause: no step runs until resumed.
      onHeld: () => {
        this.ui.root.dataset.held = 'true';
        this.painter.dirty = true;
        this.painter.paint(run, this.state);
      },
      // Once every job has answered (finished, stopped or failed), nothing more will arrive: the
      // numbers on screen are final (`data-settled`, for tests and scripts).
      onSettled: () => {
        this.remember();
        this.ui.root.dataset.settled = 'true';
        this.painter.dirty = true;
        this.painter.paint(run, this.state);
        this.sayEnd();
      },
    });
    this.run = run;
    this.saves = run.workers.map((w) => {
      // The link that runs this worker's search alone: the URL holds the run's settings now.
      const again = new URLSearchParams(location.search);
      again.set('mode', 'search');
      again.set('seed', String(w.seed));
      again.set('workers', '1');
      return { again: `?${again}`, saved: '' };
    });
    this.painter.reset(run);
    delete this.ui.root.dataset.settled;
    this.setState('running');
    // Where the form fills the first screen (a phone), Start's row goes to the top, so the
    // best board, which the run now fills, shows under it; Stop keeps the keyboard's place.
    if (this.ui.best.getBoundingClientRect().top > innerHeight) this.form.startBtn.parentElement.scrollIntoView({ block: 'start' });
  }

  /**
   * Worker `w` of `run` failed: a download that failed fails every worker alike (one message,
   * and Start tries again); a setting the engine refuses is said beside its field; anything
   * else is said under Start with the workers it came from.
   * @param {SearchRun} run
   * @param {import('./run.js').SearchWorker} w
   * @param {Error & {param?: string}} e
   */
  failed(run, w, e) {
    if (isDownloadFailure(e)) this.form.runError.show(`${sentence(downloadMessage(e, listName(run.settings.wordlist)))} Press Start to try again.`);
    else if (e.param && this.form.errors[e.param]) {
      // A setting that does not go with the others is said beside the field to change, once:
      // every worker refuses it alike, and an alert set again is read again. Like a bad value,
      // it leaves the URL, so a shared link holds only settings that run.
      if (!this.refused) {
        this.refused = true;
        this.form.errors[e.param].show(e.message);
        this.form.revealErrors();
        dropRejected({ [e.param]: true });
      }
    } else {
      this.failures.push([w.index, e.message]);
      this.form.runError.show(failuresText(this.failures, run.workers.length));
    }
    this.painter.dirty = true;
  }

  togglePause() {
    if (this.state === 'running') this.run.pause();
    else if (this.state === 'paused') this.run.resume();
  }

  /**
   * Stops the run's workers; `why` is the state to show.
   * @param {'stopped' | 'reached' | 'left'} why
   */
  stop(why) {
    if (this.running()) this.run.stop(why);
  }

  /**
   * The run's state is `state` (a run started, or its state changed): the form's buttons, the
   * status line, and once the run ends, the boards saved.
   * @param {string} state
   */
  setState(state) {
    this.state = state;
    if (state !== 'paused') delete this.ui.root.dataset.held;
    if (!this.running()) this.remember();
    this.form.setState(state);
    this.ui.root.dataset.state = state;
    this.painter.dirty = true;
    this.painter.paint(this.run, state, true);
    // How a run ended is said once every worker has answered (sayEnd): the best is final then.
    if (this.running()) announce(this.ui.statusText.textContent);
  }

  /** Says how the run ended, with its best score and the worker that found it. */
  sayEnd() {
    cancelAnnouncements(SAY_BEST);
    const b = this.run?.best;
    announce(`${this.ui.statusText.textContent}${b ? `: best ${b.p.best_score} by worker ${b.w.index + 1}` : ''}`);
  }

  /**
   * Saves each worker's best distinct boards (or only worker `only`'s: the best of every run
   * so far, as the engine keeps them) in this browser's list where they belong: as each of its
   * runs finishes and as the search ends, so a closed tab loses at most the run in progress.
   * @param {import('./run.js').SearchWorker | null} [only]
   */
  remember(only = null) {
    if (!this.run) return;
    const settings = this.run.settings;
    for (const w of only ? [only] : this.run.workers) {
      const p = w.progress;
      const top = p?.top ?? [];
      const key = top.map((t) => t.board).join();
      const save = this.saves[w.index];
      if (!top.length || save.saved === key) continue;
      save.saved = key;
      const how = `${settings.opt === 'anneal' ? 'annealing' : 'hill climbing'} · seed ${w.seed}`;
      // The best board is dated when this view first saw it; the others when they are saved.
      const now = Date.now();
      // A list of the reader's own is kept with its file's digest: another file of its name is another list.
      const entries = top.map((t) => ({ board: t.board, size: settings.size, list: listKey(settings.wordlist), score: t.score, at: t.board === p.best_board ? w.foundAt : now, how, run: save.again }));
      this.ui.savedCard.offer(entries);
    }
  }

  unmount() {
    cancelAnimationFrame(this.tick);
    this.stop('left');
    this.run?.detach();
    this.run = null;
    this.pool.close();
    this.ui.chart.destroy();
    this.ui.runChart.destroy();
  }
}
