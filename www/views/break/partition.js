// The bottom half of the break view: a whole letter-partition run (every class of, e.g., 3x3
// boards whose cells each take one of four letter groups) shared among a pool of engine
// workers, with progress, speed, an ETA and the boards found. Finished chunks are saved (see
// store.js), so Stop, a reload or a closed tab loses at most the chunks in progress. Element ids
// and test ids keep their `search-` names: tests and saved links address them.
import { Engine } from '../../engine.js';
import { el, fieldError } from '../../lib/dom.js';
import { count, duration, plural } from '../../lib/format.js';
import { DEFAULT_LIST } from '../../lib/lists.js';
import { readTarget } from '../../lib/params.js';
import { DEFAULT_PARTITION, DEFAULT_SIZE, DEFAULT_TARGET, countRows, progressParts, survivorItems } from './parts.js';
import { classesIn, forgetProgress, loadProgress, saveProgress, storeKey } from './store.js';

/** Board sizes offered: the ones the engine's partition run takes (it does not export them yet). */
const SIZES = ['2x2', '2x3', '3x2', '3x3', '3x4', '4x3'];

export class PartitionBreak {
  constructor({ setParams }) {
    this.setParams = setParams;
    this.pool = [];
    this.running = false;
    this.state = null; // {key, config, total, chunk, chunks, done: Set, found: Map, elapsedMs}
    this.build();
  }

  build() {
    this.partitionInput = el('input', {
      id: 'search-partition',
      type: 'text',
      autocomplete: 'off',
      autocapitalize: 'none',
      spellcheck: false,
      'aria-describedby': 'search-partition-help search-partition-error',
    });
    this.partitionError = fieldError('search-partition-error');
    this.sizeSelect = el(
      'select',
      { id: 'search-size' },
      SIZES.map((s) => el('option', { value: s }, [s])),
    );
    this.targetInput = el('input', { id: 'search-target', type: 'number', min: '1', step: '1', inputMode: 'numeric' });
    this.targetError = fieldError('search-target-error');
    const cores = navigator.hardwareConcurrency || 2;
    this.workersInput = el('input', { id: 'search-workers', type: 'number', min: '1', max: '64', step: '1', value: String(cores) });
    this.startButton = el('button', { type: 'submit', className: 'primary' }, ['Start']);
    this.startButton.dataset.testid = 'search-start';
    this.stopButton = el('button', { type: 'button', className: 'secondary', disabled: true }, ['Stop']);
    this.stopButton.dataset.testid = 'search-stop';
    this.resetButton = el('button', { type: 'button', className: 'secondary' }, ['Forget progress']);
    this.resetButton.dataset.testid = 'search-reset';
    const form = el('form', { className: 'break-form' }, [
      el('div', { className: 'break-field grow' }, [
        el('label', { className: 'field-label', htmlFor: 'search-partition' }, ['Letter groups']),
        this.partitionInput,
        el('p', { id: 'search-partition-help', className: 'help' }, [
          'Each cell takes one group; every assignment is one class (4 groups on 3x3: 262,144, ' +
            'of which 34,960 are not rotations or reflections of another).',
        ]),
        this.partitionError,
      ]),
      el('div', { className: 'break-field' }, [
        el('label', { className: 'field-label', htmlFor: 'search-size' }, ['Size']),
        this.sizeSelect,
      ]),
      el('div', { className: 'break-field target' }, [
        el('label', { className: 'field-label', htmlFor: 'search-target' }, ['Target score']),
        this.targetInput,
        this.targetError,
      ]),
      el('div', { className: 'break-field workers' }, [
        el('label', { className: 'field-label', htmlFor: 'search-workers' }, ['Workers']),
        this.workersInput,
      ]),
      el('div', { className: 'break-field action buttons' }, [this.startButton, this.stopButton, this.resetButton]),
    ]);
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      this.start();
    });
    this.stopButton.addEventListener('click', () => this.stop());
    this.resetButton.addEventListener('click', () => this.forget());
    for (const input of [this.partitionInput, this.sizeSelect, this.targetInput]) {
      input.addEventListener('change', () => this.showSaved());
    }

    Object.assign(this, progressParts('search', 'survivor-list columns', 'Boards appear here as they are found.'));
    this.node = el('section', { className: 'card break-card', 'aria-labelledby': 'search-title' }, [
      el('h3', { id: 'search-title' }, ['Search every class']),
      el('p', { className: 'muted' }, [
        'Break every class of a letter partition and list every board at or above the target ' +
          '(in canonical form). The published 3x3 search finds streaedlp, 545 points, as the best. ' +
          'Work is shared among workers; finished chunks are saved in this browser, so you can stop and resume later.',
      ]),
      form,
      el('div', { className: 'break-progress' }, [this.bar, this.status, this.counts]),
      el('h4', {}, ['Boards found']),
      this.survivorNote,
      this.survivorList,
    ]);
  }

  load(params) {
    this.partitionInput.value = params.get('partition') ?? DEFAULT_PARTITION;
    const size = params.get('size') ?? DEFAULT_SIZE;
    if ([...this.sizeSelect.options].some((o) => o.value === size)) this.sizeSelect.value = size;
    else this.sizeSelect.value = DEFAULT_SIZE;
    const target = params.get('target');
    this.targetInput.value = readTarget(target) ?? DEFAULT_TARGET;
    if (!this.running) this.showSaved();
  }

  config() {
    return {
      partition: this.partitionInput.value.trim().replace(/\s+/g, ' ') || DEFAULT_PARTITION,
      size: this.sizeSelect.value,
      target: readTarget(this.targetInput.value),
      list: DEFAULT_LIST,
    };
  }

  save() {
    const s = this.state;
    saveProgress(s.key, {
      total: s.total,
      chunk: s.chunk,
      done: [...s.done],
      found: [...s.found.values()],
      elapsedMs: s.elapsedMs + (this.running ? performance.now() - s.sessionStart : 0),
    });
  }

  /** Shows what is saved for the configuration in the form (nothing running). */
  showSaved() {
    const c = this.config();
    if (!c.target) return;
    const saved = loadProgress(c);
    this.survivorList.replaceChildren();
    this.counts.replaceChildren();
    this.bar.value = 0;
    if (!saved) {
      this.setStatus('idle', 'Not started.');
      this.startButton.textContent = 'Start';
      this.survivorNote.hidden = false;
      return;
    }
    const doneClasses = classesIn(saved.done, saved.chunk, saved.total);
    this.showFound(saved.found, c.size);
    this.bar.value = doneClasses / saved.total;
    const finished = doneClasses >= saved.total;
    this.startButton.textContent = finished ? 'Start' : 'Resume';
    this.setStatus(
      finished ? 'done' : 'stopped',
      finished
        ? `Done (saved): ${plural(saved.found.length, 'board')} reach ${c.target}, in ${duration(saved.elapsedMs)} of work.`
        : `Stopped at ${count(doneClasses)} of ${count(saved.total)} classes (saved); press Resume to go on.`,
      { done: doneClasses, total: saved.total },
    );
  }

  setStatus(state, text, { done, total } = {}) {
    this.status.dataset.state = state;
    this.status.textContent = text;
    if (done !== undefined) {
      this.status.dataset.done = String(done);
      this.status.dataset.total = String(total);
    }
  }

  /** Lists the boards found ({board, score}) on boards of `size`. */
  showFound(found, size) {
    const items = survivorItems(found, size, 'search-survivor');
    this.survivorList.replaceChildren(...items);
    this.survivorNote.hidden = items.length > 0;
  }

  async start() {
    if (this.running) return;
    const c = this.config();
    this.partitionError.show(null);
    this.targetError.show(null);
    if (!c.target) {
      this.targetError.show('The target must be a whole number from 1 up.');
      return;
    }
    this.setParams({
      partition: c.partition === DEFAULT_PARTITION ? null : c.partition,
      size: c.size === DEFAULT_SIZE ? null : c.size,
      target: c.target === DEFAULT_TARGET ? null : c.target,
    });
    const workers = Math.max(1, Math.min(64, Math.floor(Number(this.workersInput.value)) || 1));
    this.running = true;
    this.startButton.disabled = true;
    this.stopButton.disabled = false;
    this.resetButton.disabled = true;
    this.setStatus('running', 'Starting the workers…');
    const pool = Array.from({ length: workers }, () => new Engine({ preload: [c.list] }));
    this.pool = pool;
    let info;
    try {
      info = await pool[0].call('partitionInfo', { partition: c.partition, size: c.size });
    } catch (e) {
      this.partitionError.show(e.message);
      this.stop({ keep: true, quiet: true });
      this.setStatus('error', 'Not started.');
      return;
    }
    if (this.pool !== pool) return;
    const key = storeKey(c);
    const saved = loadProgress(c);
    const chunk = saved?.chunk ?? Math.max(1, Math.min(64, Math.ceil(info.classes / 400)));
    this.state = {
      key,
      config: c,
      total: info.classes,
      chunk,
      chunks: Math.ceil(info.classes / chunk),
      done: new Set(saved && saved.total === info.classes ? saved.done : []),
      found: new Map((saved?.found ?? []).map((s) => [s.board, s])),
      elapsedMs: saved?.elapsedMs ?? 0,
      sessionStart: performance.now(),
      sessionClasses: 0,
      inFlight: new Map(), // chunk index -> classes finished in it so far
      next: 0,
    };
    this.showFound(this.state.found.values(), c.size);
    this.tick();
    this.timer = setInterval(() => this.tick(), 500);
    await Promise.all(pool.map((engine) => this.work(engine, pool)));
    if (this.pool !== pool) return;
    this.finish();
  }

  /** One worker's loop: take the next unfinished chunk, break it, record it. */
  async work(engine, pool) {
    const s = this.state;
    const c = s.config;
    while (this.pool === pool) {
      while (s.next < s.chunks && (s.done.has(s.next) || s.inFlight.has(s.next))) s.next++;
      if (s.next >= s.chunks) return;
      const index = s.next++;
      const from = index * s.chunk;
      const to = Math.min(s.total, from + s.chunk);
      s.inFlight.set(index, 0);
      const job = engine.request(
        'breakChunk',
        { list: c.list, partition: c.partition, size: c.size, target: c.target, from, to },
        { onProgress: (p) => this.pool === pool && this.chunkProgress(index, from, p) },
      );
      let p;
      try {
        p = await job.promise;
      } catch (e) {
        if (this.pool !== pool) return;
        s.inFlight.delete(index);
        this.fail(e);
        return;
      }
      if (this.pool !== pool || p?.cancelled) return;
      this.chunkProgress(index, from, p);
      s.inFlight.delete(index);
      s.done.add(index);
      this.save();
      this.tick();
    }
  }

  chunkProgress(index, from, p) {
    const s = this.state;
    const before = s.inFlight.get(index) ?? 0;
    const now = p.next - from;
    s.sessionClasses += now - before;
    s.inFlight.set(index, now);
    let added = false;
    for (const f of p.found) {
      if (!s.found.has(f.board)) {
        s.found.set(f.board, f);
        added = true;
      }
    }
    if (added) {
      this.showFound(s.found.values(), s.config.size);
      this.save();
    }
  }

  /** Classes finished so far: whole chunks and the finished part of chunks in flight. */
  classesDone() {
    const s = this.state;
    let n = classesIn(s.done, s.chunk, s.total);
    for (const v of s.inFlight.values()) n += v;
    return n;
  }

  tick() {
    const s = this.state;
    if (!s || !this.running) return;
    const done = this.classesDone();
    const ms = performance.now() - s.sessionStart;
    const rate = ms > 0 ? (s.sessionClasses / ms) * 1000 : 0;
    const left = s.total - done;
    const eta = rate > 0 && s.sessionClasses >= 4 ? duration((left / rate) * 1000) : 'estimating…';
    this.bar.value = done / s.total;
    this.setStatus(
      'running',
      `Searching: ${count(done)} of ${count(s.total)} classes (${((done / s.total) * 100).toFixed(1)}%), about ${eta} left.`,
      { done, total: s.total },
    );
    this.counts.replaceChildren(
      ...countRows([
        ['workers', String(this.pool.length)],
        ['speed', `${rate.toFixed(1)} classes/s`],
        ['time', duration(s.elapsedMs + ms)],
        ['boards found', count(s.found.size)],
      ]),
    );
  }

  finish() {
    const s = this.state;
    const ms = s.elapsedMs + performance.now() - s.sessionStart;
    this.stop({ keep: true, quiet: true });
    s.elapsedMs = ms;
    this.save();
    this.bar.value = 1;
    this.setStatus(
      'done',
      `Done: ${count(s.total)} classes in ${duration(ms)}; ${plural(s.found.size, 'board')} reach ${s.config.target}.`,
      { done: s.total, total: s.total },
    );
    this.startButton.textContent = 'Start';
  }

  fail(e) {
    this.stop({ keep: true, quiet: true });
    this.partitionError.show(e.message);
    this.setStatus('error', `Stopped by an error: ${e.message}`);
  }

  /** Stops the workers. Finished chunks stay saved (`keep`), so the search can resume. */
  stop({ keep = true, quiet = false } = {}) {
    if (!this.running) return;
    clearInterval(this.timer);
    const s = this.state;
    if (s) {
      s.elapsedMs += performance.now() - s.sessionStart;
      s.sessionStart = performance.now();
    }
    this.running = false;
    if (s && keep) this.save();
    for (const engine of this.pool) engine.terminate();
    this.pool = [];
    this.startButton.disabled = false;
    this.stopButton.disabled = true;
    this.resetButton.disabled = false;
    if (!quiet && s) {
      const done = classesIn(s.done, s.chunk, s.total);
      this.startButton.textContent = 'Resume';
      this.bar.value = done / s.total;
      this.setStatus('stopped', `Stopped at ${count(done)} of ${count(s.total)} classes; press Resume to go on.`, {
        done,
        total: s.total,
      });
    }
  }

  /** Drops the saved progress of the configuration in the form. */
  forget() {
    if (this.running) return;
    forgetProgress(this.config());
    this.state = null;
    this.showSaved();
  }
}
