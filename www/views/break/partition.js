// The bottom half of the break view: a partition run, which breaks every class of a letter
// partition (e.g. every class of 3x4 boards whose cells each take one of a few letter groups) on
// a pool of engine workers (pool.js), with progress, the class each worker is on, an ETA from the
// CPU time per class (their wording in run-status.js), and the boards found. Progress is saved (store.js) per word list, size, target and partition, so
// Stop, a reload or a closed tab loses at most the classes in progress.
import { confirmAction } from '../../lib/confirm.js';
import { el, keepFocus, replaceKeepingFocus } from '../../lib/dom.js';
import { cellsOf, count, percent, plural, points, shown, unit } from '../../lib/format.js';
import { readTarget, TARGET_RULE } from '../../lib/params.js';
import { dropRejected } from '../../lib/url.js';
import { announce, cancelAnnouncements } from '../../lib/announce.js';
import { BAD_OPTION, BestBoards, badTargetNote, DEFAULT_PARTITION, DEFAULT_SIZE, DEFAULT_TARGET, ProgressCard, countRows, spaced, survivorItems } from './parts.js';
import { SIZES, lockSettings, partitionForm, readOptions, readWorkers } from './partition-form.js';
import { PartitionPool } from './pool.js';
import { BoardsDownload, boardsFileName } from './boards-file.js';
import { resumable, runFigures, runStatus, workerLine } from './run-status.js';
import { forgetProgress, loadProgress, saveProgress } from './store.js';

/** How often the status is redrawn and progress saved while running. */
const TICK_MS = 500;
const SAVE_MS = 2000;
/**
 * A running run is said aloud each time this share more of its classes is broken (25%, 50%,
 * 75%), on a channel of its own at most once every MILESTONE_MS (a fast run's later milestones
 * wait, the newest replacing the older, and are dropped once it ends).
 */
const MILESTONE = 0.25;
const MILESTONE_MS = 3000;
const MILESTONES = 'partition-milestones';

/**
 * What a run is called aloud: a proof, or a run when some letters are in no group (a finished
 * run then proves nothing about the boards that hold them).
 * @param {{missing?: string}} c
 */
const runName = (c) => (c.missing ? 'Run' : 'Proof');

/** @typedef {import('./pool.js').PoolConfig} PoolConfig */

/**
 * What the form holds (PartitionBreak.config): the partition as typed, the size, the target
 * (null when the field holds none) and the view's word list.
 * @typedef {{partition: string, size: string, target: number | null, list: string}} FormConfig
 */

/**
 * The engine's answer to `partitionInfo` (Info of `partition_info` in src/wasm/breaking.rs):
 * the number of classes, of letter assignments, the groups, the letters no group holds and
 * where, and the engine's spelling of the partition.
 * @typedef {object} PartitionInfo
 * @property {number} classes
 * @property {number} assignments
 * @property {string[]} groups
 * @property {string} missing
 * @property {string} missingWhere
 * @property {string} partition
 */

/** The "Break every class" card: a partition run with saved progress, ETA and the boards found. */
export class PartitionBreak extends ProgressCard {
  /**
   * `share` is the view's LastValid (www/lib/share.js): what the URL and a link give; `lists`
   * the view's ListChoice (list-choice.js), whose list the run breaks with.
   * @param {{
   *   engine: import('../../engine.js').Engine,
   *   share: import('../../lib/share.js').LastValid,
   *   lists: import('./list-choice.js').ListChoice,
   * }} parts
   */
  constructor({ engine, share, lists }) {
    super('partition', 'survivor-list columns', 'Boards appear here as they are found.', 'Classes broken');
    this.engine = engine;
    this.share = share;
    this.lists = lists;
    /** @type {PartitionPool | null} */
    this.pool = null;
    this.seq = 0;
    this.build();
  }

  build() {
    const f = (this.form = partitionForm());
    f.node.addEventListener('submit', (/** @type {SubmitEvent} */ e) => {
      e.preventDefault();
      this.start();
    });
    f.stop.addEventListener('click', () => this.stop());
    f.workers.addEventListener('change', () => f.workersError.show(readWorkers(f).error ?? null));
    f.reset.addEventListener('click', () => this.forget());
    for (const input of [f.partition, f.size, f.target]) {
      input.addEventListener('change', () => {
        // The URL's values are no longer what the form holds.
        this.urlTargetNote = null;
        f.sizeError.show(null);
        this.showSaved();
      });
    }
    for (const { button, preset } of f.presets) {
      button.addEventListener('click', () => {
        if (this.pool?.running) return;
        this.urlTargetNote = null;
        f.sizeError.show(null);
        this.fill(preset);
        this.lists.choose(preset.list);
        this.share.commit(this.urlParams(this.config()));
        this.showSaved();
      });
    }
    this.notice = el('p', { className: 'break-notice', role: 'alert', hidden: true });
    this.notice.dataset.testid = 'partition-notice';
    this.current = el('ul', { className: 'break-workers', 'aria-label': 'Classes in progress' });
    this.download = new BoardsDownload('partition');
    this.node = el('section', { className: 'card break-card', 'aria-labelledby': 'partition-title' }, [
      el('h3', { id: 'partition-title' }, ['Break every class']),
      el('p', { className: 'muted' }, [
        'Break every class of a letter partition and list every board at or above the target (in canonical ' +
          'form): a proof that no other board reaches it. Work is shared among workers; progress is saved in ' +
          'this browser, so you can stop, close the tab and resume later.',
      ]),
      f.node,
      this.notice,
      el('div', { className: 'break-progress' }, [this.bar, this.status, this.counts, this.current]),
      el('div', { className: 'found-head' }, [el('h4', {}, ['Boards found']), this.download.button]),
      this.download.help,
      this.survivorNote,
      this.formNote,
      this.survivorList,
    ]);
  }

  /** @param {{partition: string, size: string, target: number}} values */
  fill({ partition, size, target }) {
    this.form.partition.value = partition;
    this.form.size.value = SIZES.includes(size) ? size : DEFAULT_SIZE;
    this.form.target.value = String(target);
  }

  /**
   * Fills the form from the URL; a bad size or target gets a message beside its field.
   * @param {URLSearchParams} params
   */
  load(params) {
    if (this.pool?.running) return;
    const size = params.get('size');
    const target = params.get('target');
    const f = this.form;
    const sizeBad = size !== null && !SIZES.includes(size);
    f.sizeError.show(sizeBad ? `size=“${shown(size)}” is not a size a partition run offers (${SIZES.join(', ')}): using ${DEFAULT_SIZE}.` : null);
    // Shown by check() until the form is changed.
    this.urlTargetNote = target !== null && readTarget(target) === null ? badTargetNote(target) : null;
    // A partition the engine refuses leaves the URL once check() hears so.
    this.urlPartition = spaced(params.get('partition') ?? '');
    dropRejected({ size: sizeBad, target: this.urlTargetNote });
    this.fill({
      partition: params.get('partition') ?? DEFAULT_PARTITION,
      size: size ?? DEFAULT_SIZE,
      target: readTarget(target) ?? DEFAULT_TARGET,
    });
    this.showSaved();
  }

  /** The view's word list changed: shows what is saved for the form's run with it. */
  setList() {
    if (this.pool?.running) return;
    this.showSaved();
  }

  /** @returns {FormConfig} */
  config() {
    const f = this.form;
    return {
      partition: spaced(f.partition.value),
      size: f.size.value,
      target: readTarget(f.target.value),
      list: this.lists.list,
    };
  }

  /**
   * The address of partition run `c`: its partition and size always (a link naming them opens
   * at this card, even for the defaults), its target unless the default.
   * @param {FormConfig} c
   */
  urlParams(c) {
    return {
      partition: c.partition,
      size: c.size,
      target: c.target === DEFAULT_TARGET ? null : c.target,
    };
  }

  /**
   * Marks the preset the form holds, and says what it is.
   * @param {FormConfig} c
   */
  markPreset(c) {
    let note = '';
    for (const { button, preset } of this.form.presets) {
      const on = preset.size === c.size && preset.target === c.target && preset.partition === c.partition && preset.list === c.list;
      button.setAttribute('aria-pressed', String(on));
      if (on) note = preset.note;
    }
    this.form.presetNote.textContent = note;
  }

  /**
   * Checks the form with the engine: the config keyed by the engine's spelling of the partition
   * and the number of classes, or null (with a message next to the field at fault).
   * @returns {Promise<{config: PoolConfig, total: number} | null>}
   */
  async check() {
    const c = this.config();
    const f = this.form;
    f.partitionNote.hidden = true;
    // Each field's message is shown once the check is done, and left as it is when the same
    // one stands: cleared and set again, an alert would be said twice.
    /** @type {string | null} */
    let partitionError = null;
    /** @type {string | null} */
    let targetError = this.urlTargetNote ?? null;
    /** @type {{config: PoolConfig, total: number} | null} */
    let checked = null;
    if (!c.target) targetError = `The target must be ${TARGET_RULE}.`;
    else if (!c.partition) partitionError = 'Type the letter groups, or pick one of the proofs above.';
    else {
      try {
        /** @type {PartitionInfo} */
        const info = await this.engine.call('partitionInfo', { partition: c.partition, size: c.size });
        f.partitionNote.textContent = info.missing
          ? `No group holds ${info.missingWhere}, so boards with those letters there are in no class: a finished run proves nothing about them.`
          : '';
        f.partitionNote.hidden = !info.missing;
        // `missing` says which letters no group holds and where: the boards a finished run speaks of.
        checked = { config: { ...c, partition: info.partition, missing: info.missingWhere }, total: info.classes };
      } catch (e) {
        partitionError = e.message;
        if (c.partition === this.urlPartition) dropRejected({ partition: true });
      }
    }
    f.partitionError.show(partitionError);
    f.targetError.show(targetError);
    return checked;
  }

  /**
   * Reads what is saved for the form's partition run; an entry that fails its checks is dropped, and said so.
   * @param {PoolConfig} c
   * @param {number} total
   * @returns {import('./store.js').SavedRun | null}
   */
  read(c, total) {
    const saved = loadProgress(c, total, cellsOf(c.size));
    if (saved?.discarded) {
      this.notice.textContent = `The saved progress of this partition run could not be used (${saved.discarded}) and was discarded; the run starts over.`;
      this.notice.hidden = false;
      return null;
    }
    return saved?.data ?? null;
  }

  /** Shows what is saved for the partition run in the form (nothing running). */
  async showSaved() {
    const seq = ++this.seq;
    this.markPreset(this.config());
    this.notice.hidden = true;
    // Until what is saved for the form's new values is known, there is nothing to forget.
    const f = this.form;
    if (!this.pool?.running) keepFocus([f.stop, f.start, f.target], () => (f.reset.disabled = true));
    const checked = await this.check();
    if (seq !== this.seq || this.pool?.running) return;
    this.survivorList.replaceChildren();
    this.download.show(null);
    this.counts.replaceChildren();
    this.current.replaceChildren();
    this.setBar(0);
    if (!checked) {
      // The message beside the field at fault says why; the status line says nothing more.
      this.setStatus('idle', '');
      this.setButtons(false, null);
      return;
    }
    const { config: c, total } = checked;
    const saved = this.read(c, total);
    if (!saved) {
      this.setStatus('idle', `Not started: ${plural(total, 'class', 'classes')} to break.`, { done: 0, total });
      this.setButtons(false, null);
      this.showFound(new BestBoards(), c.size, c.list);
      return;
    }
    // Its price arrives from the engine after this first drawing, unless the form moved on.
    const repaint = () => seq === this.seq && !this.pool?.running && this.render(view, c);
    const view = new PartitionPool({ config: c, total, saved, workers: 1, price: this.pricer(), onChange: repaint });
    this.setButtons(false, view);
    this.render(view, c);
  }

  /**
   * How a pool asks the engine for the whole partition's price (the view's own worker, which
   * does not break).
   * @returns {import('./pool.js').Pricer}
   */
  pricer() {
    return (runs, total) => this.engine.call('priceRun', { runs, total });
  }

  /**
   * Sets the status line: its state, its text and (when known) classes done of total.
   * @param {string} state
   * @param {string} text
   * @param {{done?: number, total?: number}} [progress]
   */
  setStatus(state, text, { done, total } = {}) {
    this.status.dataset.state = state;
    this.status.textContent = text;
    if (done !== undefined) {
      this.status.dataset.done = String(done);
      this.status.dataset.total = String(total);
    }
  }

  /**
   * Lists the boards found (a BestBoards) on boards of `size`, scored with `list`, and offers
   * all of `pool`'s as a file while it has any (no pool: nothing saved).
   * @param {BestBoards} best
   * @param {string} size
   * @param {string} list
   * @param {PartitionPool | null} [pool]
   */
  showFound(best, size, list, pool = null) {
    best.changed = false;
    const items = survivorItems(best, size, 'partition-survivor', list);
    // The columns are as wide as a board of this size needs: short boards fit two on a phone.
    this.survivorList.style.setProperty('--board-letters', String(cellsOf(size)));
    replaceKeepingFocus(this.survivorList, items, 'board');
    this.survivorNote.hidden = items.length > 0;
    this.download.show(pool && { boards: () => pool.found.values(), size: pool.config.size, count: pool.found.size, name: boardsFileName(pool, pool.config) });
  }

  async start() {
    if (this.pool?.running) return;
    const f = this.form;
    const workers = readWorkers(f);
    f.workersError.show(workers.error ?? null);
    const opts = readOptions(f);
    f.optionsError.show(opts.error ?? null);
    if (opts.error) f.options.open = true;
    if (workers.error || opts.error) return;
    const seq = ++this.seq;
    this.notice.hidden = true;
    const checked = await this.check();
    if (!checked || seq !== this.seq) {
      if (!checked) this.setStatus('idle', '');
      return;
    }
    const { config: c, total } = checked;
    this.share.commit(this.urlParams(this.config()));
    const saved = this.read(c, total);
    if (saved?.tooMany) {
      // Start is off for such a run, but Enter in a field just changed to it still submits.
      this.showSaved();
      return;
    }
    const pool = new PartitionPool({
      config: c,
      total,
      saved,
      workers: workers.value,
      options: opts.value,
      onChange: () => {
        this.changed = true;
        this.sayMilestone(pool);
      },
      onError: (e) => this.fail(pool, e),
      onFinish: () => this.finish(pool),
      price: this.pricer(),
    });
    this.pool = pool;
    this.lastSave = performance.now();
    this.setButtons(true, pool);
    this.setStatus('running', 'Starting the workers…', { done: pool.classesDone(), total });
    this.showFound(pool.best, c.size, c.list, pool);
    this.timer = setInterval(() => this.tick(), TICK_MS);
    // Said now, and then each time another MILESTONE of the classes is broken (sayMilestone).
    const done = pool.classesDone();
    this.milestone = Math.floor(done / total / MILESTONE);
    const classes = plural(total, 'class', 'classes');
    announce(
      done > 0
        ? `${runName(c)} resumed: ${count(done)} of ${classes} already broken, target ${c.target}`
        : `${runName(c)} started: ${classes} to break, target ${c.target}`,
    );
    pool.run();
  }

  /**
   * Sets the buttons for the run shown, `pool` (null: nothing saved): Stop while it is
   * `running`; else Start, or Resume when it stopped part way, but neither for a run that found
   * more boards than the page keeps, which at its target could only stop again (the message
   * beside the target says so); Forget progress only when something is saved and nothing runs.
   * The run's settings are locked while it runs, so that what the card says (the status,
   * Resume, Forget progress) is always of the run the form shows. The focus goes from Start to
   * Stop and back as each disables itself (from a field, when Enter in it started the run, to
   * Stop; from Forget progress, once it has forgotten, to Start), to Forget progress when a run
   * finished (nothing is left to start), and to the target when none can be pressed.
   * @param {boolean} running
   * @param {PartitionPool | null} pool
   */
  setButtons(running, pool) {
    const f = this.form;
    const active = document.activeElement;
    // A finished run has nothing left to start: Forget progress runs it again.
    const finished = Boolean(pool && pool.classesDone() >= pool.total);
    // A run that finished leaves the focus on Forget progress, the one way on from there; one
    // stopped for too many boards, on the target to raise.
    const fallbacks = finished && !pool?.tooMany ? [f.stop, f.start, f.reset, f.target] : [f.stop, f.start, f.target];
    keepFocus(fallbacks, () => {
      f.start.disabled = running || Boolean(pool?.tooMany) || finished;
      f.stop.disabled = !running;
      // With nothing saved there is nothing to forget: a button that did nothing would puzzle.
      f.reset.disabled = running || !pool;
      for (const { button } of f.presets) button.disabled = running;
      this.lists.lock(running);
      lockSettings(f, running);
    });
    // Enter in a field started the run, and locked that field: the focus goes to Stop.
    if (running && active instanceof HTMLElement && active.matches(':disabled')) f.stop.focus();
    if (running) return;
    f.start.textContent = resumable(pool) ? 'Resume' : 'Start';
  }

  /** Redraws a running partition run and saves it now and then. */
  tick() {
    const pool = this.pool;
    if (!pool?.running) return;
    if (pool.dirty && performance.now() - this.lastSave >= SAVE_MS) this.save(pool);
    if (!this.changed) return;
    this.changed = false;
    this.render(pool, pool.config);
  }

  /**
   * Says how far a running `pool` got when it has passed another MILESTONE of its classes since
   * the last it said (throttled: see MILESTONE_MS); the end is said by finish(), stop() or fail().
   * @param {PartitionPool} pool
   */
  sayMilestone(pool) {
    const done = pool.classesDone();
    const reached = Math.floor(done / pool.total / MILESTONE);
    if (pool !== this.pool || !pool.running || reached <= this.milestone || done >= pool.total) return;
    this.milestone = reached;
    const found = pool.found.size;
    announce(
      `${runName(pool.config)} ${percent(done / pool.total)} done: ${count(done)} of ${plural(pool.total, 'class', 'classes')} broken, ` +
        `${plural(found, 'board')} found so far`,
      { channel: MILESTONES, throttle: MILESTONE_MS },
    );
  }

  /** @param {PartitionPool} pool */
  save(pool) {
    saveProgress(pool.config, pool.data());
    pool.dirty = false;
    this.lastSave = performance.now();
  }

  /**
   * Shows `pool`'s progress: status, counts, the class each worker is on, the boards found.
   * @param {PartitionPool} pool
   * @param {PoolConfig} c
   */
  render(pool, c) {
    const done = pool.classesDone();
    const total = pool.total;
    this.setBar(done / total, `${percent(done / total)} (${count(done)} of ${plural(total, 'class', 'classes')})`);
    if (pool.best.changed || !pool.running) this.showFound(pool.best, c.size, c.list, pool);
    const { state, text, targetNote } = runStatus(pool, c);
    this.setStatus(state, text, { done, total });
    if (targetNote) this.form.targetError.show(targetNote);
    this.counts.replaceChildren(...countRows(runFigures(pool, c)));
    this.current.replaceChildren(
      ...pool.workers
        .map((w, i) => /** @type {[import('./pool.js').CurrentClass | null, number]} */ ([w.current, i]))
        .filter(([cur]) => cur)
        .map(([cur, i]) => workerLine(cur, i)),
    );
  }

  /** @param {PartitionPool} pool */
  finish(pool) {
    if (pool !== this.pool) return;
    clearInterval(this.timer);
    cancelAnnouncements(MILESTONES);
    this.save(pool);
    this.setButtons(false, pool);
    this.render(pool, pool.config);
    const finished = pool.classesDone() >= pool.total;
    const proof = runName(pool.config);
    announce(finished ? `${proof} finished: ${plural(pool.found.size, 'board')} ${unit(pool.found.size, 'reaches', 'reach')} ${points(pool.config.target)}` : this.status.textContent);
  }

  /**
   * @param {PartitionPool} pool
   * @param {Error} e
   */
  fail(pool, e) {
    if (pool !== this.pool) return;
    clearInterval(this.timer);
    cancelAnnouncements(MILESTONES);
    this.save(pool);
    this.setButtons(false, pool);
    this.render(pool, pool.config);
    // A run that found too many boards is drawn as such by render(), after a reload too.
    if (!pool.tooMany) {
      const f = this.form;
      const target = e.name === BAD_OPTION ? f.optionsError : f.partitionError;
      if (target === f.optionsError) f.options.open = true;
      target.show(e.message);
      this.setStatus('error', `Stopped by an error: ${e.message}.`);
    }
    announce(this.status.textContent);
  }

  /** Stops the workers at once; finished classes stay saved, so the run can resume. */
  stop() {
    const pool = this.pool;
    if (!pool?.running) return;
    pool.stop();
    clearInterval(this.timer);
    cancelAnnouncements(MILESTONES);
    this.save(pool);
    this.setButtons(false, pool);
    this.render(pool, pool.config);
    announce(this.status.textContent);
  }

  /** Drops the saved progress of the partition run in the form. */
  async forget() {
    if (this.pool?.running) return;
    const checked = await this.check();
    const saved = checked && this.read(checked.config, checked.total);
    if (checked && saved) {
      const done = new PartitionPool({ config: checked.config, total: checked.total, saved, workers: 1 }).classesDone();
      const yes = await confirmAction({
        title: 'Forget this run’s progress?',
        text: `${count(done)} of ${plural(checked.total, 'class', 'classes')} broken and ${plural(saved.found.length, 'board')} found, saved in this browser, will be gone for good.`,
        yes: 'Forget progress',
      });
      if (!yes || this.pool?.running) return;
      forgetProgress(checked.config);
    }
    this.pool = null;
    // Nothing saved is left: Start, off for a finished run, is on again, and takes the focus as
    // Forget progress turns itself off.
    this.form.start.disabled = false;
    this.showSaved();
  }
}
