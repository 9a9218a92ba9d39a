// The top half of the break view: break one class against a target and watch the tree grow as
// the plain breaker walks it, then the fast breaker take over once the tree holds what it keeps,
// with progress, counts and the boards that reach the target.
import { el, fieldError } from '../../lib/dom.js';
import { count, percent } from '../../lib/format.js';
import { BREAK } from '../../lib/limits.js';
import { DEFAULT_LIST, listName } from '../../lib/lists.js';
import { DEFAULT_CLASS } from '../../lib/known.js';
import { MAX_TARGET, readTarget, TARGET_RULE } from '../../lib/params.js';
import { downloadMessage, isDownloadFailure } from '../../lib/failure.js';
import { dropRejected } from '../../lib/url.js';
import { BreakTree } from '../../widgets/break-tree.js';
import { announce } from '../../lib/announce.js';
import { DEFAULT_TARGET, LiveResults, badTargetNote, ProgressCard, countRows, setStatus, spaced, stopStatus, tooManyBoards } from './parts.js';
import { BoardsDownload, classFileName } from './boards-file.js';
import { heardOnly } from './partition-form.js';

/** @typedef {import('./parts.js').BreakProgress} BreakProgress */

/** Tree nodes kept for drawing (the engine's); the rest of a big run is counted, not drawn. */
const TRACE_LIMIT = BREAK.trace_nodes;

/** The "Break a class" card: one class broken live, its tree, counts and boards. */
export class LiveBreak extends ProgressCard {
  /**
   * `share` is the view's LastValid (www/lib/share.js): the class and target a link gives.
   * @param {{engine: import('../../engine.js').Engine, share: import('../../lib/share.js').LastValid}} parts
   */
  constructor({ engine, share }) {
    super('break', 'survivor-list', 'Boards that reach the target appear here.', 'Boards settled');
    this.engine = engine;
    this.share = share;
    /** @type {import('../../engine.js').Job | null} */
    this.job = null;
    this.seq = 0;
    /** The word list a class is broken with (the view's). */
    this.list = DEFAULT_LIST;
    this.build();
  }

  build() {
    this.classInput = el('input', {
      id: 'break-class',
      type: 'text',
      autocomplete: 'off',
      autocapitalize: 'none',
      spellcheck: false,
      'aria-describedby': 'break-class-help break-class-error',
    });
    this.classError = fieldError('break-class-error');
    this.targetInput = el('input', {
      id: 'break-target',
      type: 'number',
      min: '1',
      max: String(MAX_TARGET),
      step: '1',
      inputMode: 'numeric',
      'aria-describedby': 'break-target-error',
    });
    this.targetError = fieldError('break-target-error');
    this.startButton = el('button', { type: 'submit', className: 'primary' }, ['Break']);
    this.startButton.dataset.testid = 'break-start';
    const form = el('form', { className: 'break-form' }, [
      el('div', { className: 'break-field grow' }, [
        el('label', { className: 'field-label', htmlFor: 'break-class' }, ['Class']),
        this.classInput,
        el('p', { id: 'break-class-help', className: 'help' }, [
          'One letter set per cell, row by row: "lnrsy aeiou chkmpt …", {a,e,i}, b-d.',
        ]),
        this.classError,
        this.share.note,
      ]),
      el('div', { className: 'break-field target' }, [
        el('label', { className: 'field-label', htmlFor: 'break-target' }, ['Target score', heardOnly(' for the class')]),
        this.targetInput,
      ]),
      el('div', { className: 'break-field action' }, [this.startButton]),
      // The target field is narrow: its message takes a row of its own.
      this.targetError,
    ]);
    form.addEventListener('submit', (/** @type {SubmitEvent} */ e) => {
      e.preventDefault();
      if (!this.job) this.startFromForm();
      else {
        this.stop();
        announce('Break stopped');
      }
    });

    this.tree = new BreakTree();
    this.results = new LiveResults(this.tree, this.survivorList);
    this.download = new BoardsDownload('break');

    this.node = el('section', { className: 'card break-card', 'aria-labelledby': 'break-live-title' }, [
      el('h3', { id: 'break-live-title' }, ['Break a class']),
      form,
      el('div', { className: 'break-progress' }, [this.bar, this.status, this.counts]),
      el('div', { className: 'break-results' }, [
        el('div', { className: 'break-tree-panel' }, [
          el('h4', {}, ['Search tree']),
          el('p', { className: 'legend small' }, [
            el('span', { className: 'badge eliminated' }, ['eliminated']),
            ' bound below the target · ',
            el('span', { className: 'badge split' }, ['split']),
            ' bound reaches it, a cell is split · ',
            el('span', { className: 'badge reached' }, ['board']),
            ' scored exactly',
          ]),
          this.tree.el,
          this.tree.note,
        ]),
        el('div', { className: 'break-survivor-panel' }, [
          el('div', { className: 'found-head' }, [el('h4', {}, ['Boards at or above the target']), this.download.button]),
          this.download.help,
          this.survivorNote,
          this.formNote,
          this.survivorList,
        ]),
      ]),
    ]);
  }

  /**
   * Shows the URL's class and target, to be broken with `list` (the view reads the URL's
   * `wordlist`); starts breaking when the URL names a class.
   * @param {URLSearchParams} params
   * @param {{auto?: boolean, list?: string}} [how]
   */
  load(params, { auto = false, list = DEFAULT_LIST } = {}) {
    const cls = params.get('class');
    const target = params.get('target');
    const same = cls === this.loaded?.cls && target === this.loaded?.target && list === this.list;
    this.loaded = { cls, target };
    this.list = list;
    this.classInput.value = cls ?? DEFAULT_CLASS;
    // A target that is not one is named beside the field and the default is used.
    const targetBad = target !== null && readTarget(target) === null;
    this.targetInput.value = target !== null && !targetBad ? target : String(DEFAULT_TARGET);
    this.targetError.show(targetBad ? badTargetNote(target) : null);
    dropRejected({ target: targetBad });
    // The default class needs no check; a class from the URL is the one shared once it breaks.
    if (cls === null) this.share.commit();
    if (auto && cls !== null && !same) this.start(cls, readTarget(target) ?? DEFAULT_TARGET, { fromUrl: true });
  }

  /**
   * Breaks with `list` from now on; the class the URL shares, once broken, is broken again with it.
   * @param {string} list
   */
  setList(list) {
    if (list === this.list) return;
    this.list = list;
    const params = this.share.params();
    const cls = params.get('class');
    if (cls !== null && this.share.valid) this.start(cls, readTarget(params.get('target')) ?? DEFAULT_TARGET, { fromUrl: true });
  }

  /** True when the class box holds another class than the one last started (or the default). */
  differs() {
    return spaced(this.classInput.value) !== spaced(this.share.params().get('class') ?? DEFAULT_CLASS);
  }

  startFromForm() {
    const target = readTarget(this.targetInput.value);
    if (target === null) {
      this.targetError.show(`The target must be ${TARGET_RULE}.`);
      this.targetInput.focus();
      return;
    }
    this.targetError.show(null);
    const cls = this.classInput.value.trim();
    if (!cls) {
      this.classError.show('Type a class: one letter set per cell, row by row.');
      this.classInput.focus();
      return;
    }
    this.loaded = { cls, target: String(target) };
    this.start(cls, target, { push: true });
  }

  stop() {
    this.seq++;
    this.job?.cancel();
    // The boards already reported stay listed, every one (the list is redrawn only now and then).
    this.results.flush();
    if (this.job) stopStatus(this.status);
    this.job = null;
    this.startButton.textContent = 'Break';
  }

  /**
   * Sets the status line: a string, or strings and nodes.
   * @param {string} state
   * @param {string | Array<Node | string>} parts
   */
  setState(state, parts) {
    setStatus(this.status, state, parts);
  }

  /**
   * Breaks `cls` against `target`. Once the engine has taken the class (its first report), the
   * class is the one shared: written into the URL (`push`: a new history entry), or, `fromUrl`,
   * kept there. A class it rejects leaves the URL on the last one it took.
   * @param {string} cls
   * @param {number} target
   * @param {{push?: boolean, fromUrl?: boolean}} [how]
   */
  start(cls, target, { push = false, fromUrl = false } = {}) {
    this.stop();
    const seq = ++this.seq;
    let taken = false;
    const take = () => {
      if (taken) return;
      taken = true;
      if (fromUrl) this.share.commit();
      else this.share.commit({ class: cls, target: target === DEFAULT_TARGET ? null : target }, { push });
    };
    this.classError.show(null);
    this.reset();
    this.setState('running', 'Starting…');
    announce('Break started');
    this.startButton.textContent = 'Stop';
    const began = performance.now();
    // What the boards found are named by in their file.
    this.asked = { target, list: this.list };
    this.job = this.engine.request(
      'break',
      { list: this.list, cls, target, traceLimit: TRACE_LIMIT },
      {
        onProgress: (/** @type {BreakProgress} */ p) => {
          if (seq !== this.seq) return;
          take();
          this.progress(p, began);
        },
      },
    );
    this.job.promise.then(
      (/** @type {BreakProgress | {cancelled: true, value: unknown}} */ p) => {
        if (seq !== this.seq || /** @type {{cancelled?: boolean}} */ (p)?.cancelled) return;
        take();
        this.progress(/** @type {BreakProgress} */ (p), began);
        this.job = null;
        this.startButton.textContent = 'Break';
      },
      (/** @type {Error} */ e) => {
        if (seq !== this.seq) return;
        this.job = null;
        this.startButton.textContent = 'Break';
        if (taken) {
          // The engine took the class and stopped later: what was drawn stays, the status line
          // says why, and so does the target when it is too low.
          this.results.flush();
          this.setState('error', `Stopped: ${e.message}.`);
          if (tooManyBoards(e)) this.targetError.show(e.message);
          announce(this.status.textContent);
          return;
        }
        // The message says why; the status line says nothing more.
        this.setState('idle', '');
        if (isDownloadFailure(e)) {
          // Not the class's fault: it stays the one shown, and Try again starts it once more.
          this.classError.show(downloadMessage(e, listName(this.list)), () => this.start(cls, target, { push, fromUrl }));
          return;
        }
        this.classError.show(e.message);
        if (fromUrl && !this.share.valid) this.share.commit({ class: null });
        this.share.rejected();
      },
    );
  }

  reset() {
    /** @type {number | null} when the fast breaker took the break over (performance.now()) */
    this.fastSince = null;
    this.results.reset(this.list);
    this.download.show(null);
    this.survivorNote.hidden = false;
    this.survivorNote.textContent = 'Boards that reach the target appear here.';
    this.setBar(0);
    this.counts.replaceChildren();
  }

  /**
   * @param {BreakProgress} p a progress report of the engine's `break` job, or its result
   * @param {number} began when the run started (performance.now())
   */
  progress(p, began) {
    this.results.add(p);
    const all = this.results.all;
    const { target, list } = this.asked;
    const info = this.results.info;
    this.download.show({ boards: () => all.values(), size: info ? `${info.rows}x${info.cols}` : null, count: all.size, name: classFileName(target, list, p.done) });
    const s = p.stats;
    const ms = performance.now() - began;
    // The fast breaker's counts start with it: so does the speed.
    if (p.fast) this.fastSince ??= performance.now();
    const counting = p.fast && this.fastSince !== null ? performance.now() - this.fastSince : ms;
    const fraction = p.boards_total > 0 ? p.boards_done / p.boards_total : 1;
    const settled = p.done ? 1 : fraction;
    const boards = this.results.info?.boards;
    this.setBar(settled, `${percent(settled)}${boards ? ` of ${count(boards)} boards` : ''}`);
    const speed = counting > 0 ? (s.classes / counting) * 1000 : 0;
    this.counts.replaceChildren(
      ...countRows([
        ['breaker', p.fast ? 'fast (keeps no tree)' : 'plain (draws the tree)'],
        ['classes visited', count(s.classes)],
        ['eliminated', count(s.eliminated)],
        ['split', count(s.split)],
        ['boards scored', count(s.boards_scored)],
        ['depth', `${s.depth} (max ${s.max_depth})`],
        ['speed', `${count(speed)} classes/s`],
      ]),
    );
    this.showBreakProgress(p, this.results, ms);
    this.tree.showUntraced(p.untraced, TRACE_LIMIT, p.fast);
  }
}
