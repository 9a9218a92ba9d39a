// The search view (mode=anneal): watch hill climbing or simulated annealing look for a
// high-scoring board. A pool of workers (one per core) runs independent seeds; the view shows
// each worker's current board, the best board so far, a live chart, and the best distinct
// boards, each a link to the solver. The URL holds every setting, so a link reproduces the run:
// worker i runs seed + i.
import { Engine } from './engine.js';
import { el, fieldError } from './dom.js';
import { faceText } from './board-grid.js';
import { ScoreChart } from './search-chart.js';

const SIZES = ['2x2', '3x3', '3x4', '4x4', '4x5', '5x5', '5x6', '6x6'];
/** Sizes a board string's length implies (others need `dims` in a solver link). */
const IMPLIED = { 4: '2x2', 9: '3x3', 12: '3x4', 16: '4x4', 20: '4x5', 25: '5x5', 36: '6x6' };
const MAX_SEED = 2 ** 53 - 1;
const CORES = Math.max(1, Math.min(16, navigator.hardwareConcurrency || 2));

/**
 * The view's parameters: URL name, default, and a reader that returns the value or throws a
 * message for the user. `only` limits a parameter to one optimizer.
 */
const PARAMS = {
  opt: { def: 'hillclimb', read: oneOf(['hillclimb', 'anneal'], 'the optimizer must be hillclimb or anneal') },
  size: { def: '4x4', read: readSize },
  seed: { def: null, read: int(0, MAX_SEED, 'the seed must be a whole number from 0 to 2^53') },
  workers: { def: String(CORES), read: int(1, 32, 'workers must be a whole number from 1 to 32') },
  pool: { def: '250', only: 'hillclimb', read: int(1, 100000, 'the pool size must be a whole number from 1 to 100000') },
  order: { def: 'best', only: 'hillclimb', read: oneOf(['best', 'rounds'], 'the order must be best or rounds') },
  t0: { def: '100', only: 'anneal', read: num(0, 1e9, 'the starting temperature must be a number from 0 to 10^9') },
  cooling: { def: '0.05', only: 'anneal', read: num(0, 100, 'the cooling rate must be a number from 0 to 100') },
  stall: { def: '2000', only: 'anneal', read: int(1, 1e9, 'the stall limit must be a whole number of at least 1') },
  letters: { def: 'abcdefghijklmnopqrstuvwxyz', read: readLetters },
  source: { def: 'uniform', read: oneOf(['uniform', 'dice'], 'the letter source must be uniform or dice') },
  runs: { def: '0', read: int(0, 1e9, 'runs must be a whole number (0 keeps restarting)') },
  target: { def: '', read: (v) => (v === '' ? '' : int(1, 1e9, 'the target must be a whole number of at least 1')(v)) },
};

function oneOf(values, message) {
  return (v) => {
    if (!values.includes(v)) throw new Error(message);
    return v;
  };
}
function int(lo, hi, message) {
  return (v) => {
    const n = Number(v);
    if (v === '' || !Number.isInteger(n) || n < lo || n > hi) throw new Error(message);
    return String(n);
  };
}
function num(lo, hi, message) {
  return (v) => {
    const n = Number(v);
    if (v === '' || !Number.isFinite(n) || n < lo || n > hi) throw new Error(message);
    return String(n);
  };
}
function readSize(v) {
  const m = /^([2-6])\s*[xX]\s*([2-6])$/.exec(v) ?? /^([2-6])([2-6])$/.exec(v);
  if (!m) throw new Error(`'${v}' is not a board size: use ROWSxCOLS with 2 to 6 rows and columns, e.g. 4x4`);
  return `${m[1]}x${m[2]}`;
}
function readLetters(v) {
  const s = v.toLowerCase().replace(/[\s,]/g, '');
  if (!s) throw new Error('no letters allowed: give at least one letter a-z');
  const bad = /[^a-z]/.exec(s);
  if (bad) throw new Error(`'${bad[0]}' is not a letter: the allowed letters must be a-z`);
  return [...new Set(s)].sort().join('');
}

const randomSeed = () => Math.floor(Math.random() * 1e9);
const fmt = (n) => Math.round(n).toLocaleString('en-US');

/** A small read-only board: a tray of cubes; cells that changed since the last update flash. */
class MiniBoard {
  constructor(className = '') {
    this.cells = el('div', { className: 'board-cells' });
    this.el = el('div', { className: `board search-board ${className}`, role: 'img' }, [this.cells]);
    this.letters = '';
  }

  set(letters, rows, cols) {
    if (!letters) return;
    if (this.cells.children.length !== rows * cols || this.rows !== rows || this.cols !== cols) {
      this.rows = rows;
      this.cols = cols;
      this.el.style.setProperty('--cols', cols);
      this.el.style.setProperty('--side', Math.max(rows, cols));
      this.cells.replaceChildren(...Array.from({ length: rows * cols }, () => el('div', { className: 'cell' }, [el('span', { className: 'face' })])));
      this.letters = '';
    }
    // Flash small edits (a mutation, a neighbour); a wholly different board just replaces.
    let changed = 0;
    for (let i = 0; i < letters.length; i++) changed += this.letters[i] !== letters[i];
    const flash = this.letters.length === letters.length && changed <= Math.max(2, letters.length / 4);
    [...this.cells.children].forEach((c, i) => {
      if (this.letters[i] === letters[i]) return;
      c.firstChild.textContent = faceText(letters[i]);
      if (flash) {
        c.classList.remove('flash');
        void c.offsetWidth; // restart the animation
        c.classList.add('flash');
      }
    });
    this.letters = letters;
    this.el.setAttribute('aria-label', `Board ${letters}`);
  }
}

/** The solver link for a board of the run's size. */
function solverHref(board, size) {
  const q = new URLSearchParams({ board });
  if (IMPLIED[board.length] !== size) q.set('dims', size.replace('x', ''));
  return `?${q}`;
}

class SearchView {
  constructor(root, ctx) {
    this.ctx = ctx;
    this.engines = [ctx.engine];
    this.jobs = [];
    this.workers = [];
    this.state = 'idle';
    this.errors = {};
    this.inputs = {};
    this.build(root);
    this.apply(ctx.params);
    this.loop = setInterval(() => this.render(), 150);
  }

  // ---- Building the page ----------------------------------------------------------------

  field(name, label, input, help) {
    this.inputs[name] = input;
    input.id = `search-${name}`;
    input.name = name;
    this.errors[name] = fieldError(`search-${name}-error`);
    const parts = [el('label', { className: 'field-label', htmlFor: input.id }, [label]), input];
    if (help) parts.push(el('p', { className: 'help' }, [help]));
    parts.push(this.errors[name]);
    return el('div', { className: 'field', dataset: { param: name } }, parts);
  }

  build(root) {
    const select = (values) => el('select', {}, values.map(([v, t]) => el('option', { value: v }, [t])));
    const number = (props) => el('input', { type: 'number', inputMode: 'numeric', ...props });
    const text = () => el('input', { type: 'text', spellcheck: false, autocomplete: 'off' });

    this.optButtons = ['hillclimb', 'anneal'].map((v) =>
      el('button', { type: 'button', dataset: { opt: v }, 'aria-pressed': 'false' }, [v === 'hillclimb' ? 'Hill climbing' : 'Annealing']),
    );
    const optGroup = el('div', { className: 'segmented', role: 'group', 'aria-label': 'Optimizer' }, this.optButtons);
    this.inputs.opt = { value: 'hillclimb' };
    this.errors.opt = fieldError('search-opt-error');
    optGroup.addEventListener('click', (e) => {
      const b = e.target.closest('[data-opt]');
      if (b && !this.running()) this.setOpt(b.dataset.opt);
    });

    const seedInput = number({ min: 0, step: 1 });
    const newSeed = el('button', { type: 'button', className: 'secondary', title: 'Pick a new random seed' }, ['New']);
    newSeed.addEventListener('click', () => {
      seedInput.value = randomSeed();
    });
    const seedField = this.field('seed', 'Seed', seedInput);
    seedField.insertBefore(el('div', { className: 'input-row' }, [seedInput, newSeed]), this.errors.seed);

    const general = el('div', { className: 'search-fields' }, [
      this.field('size', 'Size', select(SIZES.map((s) => [s, s]))),
      seedField,
      this.field('workers', 'Workers', number({ min: 1, max: 32, step: 1 }), `one per core: ${CORES} here`),
      this.field('pool', 'Pool size', number({ min: 1, step: 1 })),
      this.field('order', 'Expand pool', select([['best', 'best first'], ['rounds', 'in rounds']])),
      this.field('t0', 'Temperature T₀', number({ min: 0, step: 'any' })),
      this.field('cooling', 'Cooling rate k', number({ min: 0, step: 'any' }), 'T = T₀ · e^(−k · step)'),
      this.field('stall', 'Stall limit', number({ min: 1, step: 1 }), 'a run ends after this many rejections in a row'),
    ]);
    const more = (this.more = el('details', { className: 'search-more' }, [
      el('summary', {}, ['More options']),
      el('div', { className: 'search-fields' }, [
        this.field('letters', 'Letters allowed', text()),
        this.field('source', 'Starting letters', select([['uniform', 'uniform a–z'], ['dice', 'Boggle dice (4x4, 5x5)']])),
        this.field('runs', 'Runs per worker', number({ min: 0, step: 1 }), '0 restarts until you stop'),
        this.field('target', 'Stop at score', number({ min: 1, step: 1, placeholder: 'never' })),
      ]),
    ]));

    this.startBtn = el('button', { type: 'submit', className: 'primary', dataset: { testid: 'anneal-start' } }, ['Start']);
    this.pauseBtn = el('button', { type: 'button', className: 'secondary', disabled: true }, ['Pause']);
    this.stopBtn = el('button', { type: 'button', className: 'secondary', disabled: true, dataset: { testid: 'anneal-stop' } }, ['Stop']);
    this.pauseBtn.addEventListener('click', () => this.togglePause());
    this.stopBtn.addEventListener('click', () => this.stop('stopped'));
    this.runError = fieldError('search-run-error');

    this.form = el('form', { className: 'card search-controls', noValidate: true }, [
      el('h2', { className: 'search-title' }, ['Search for a high-scoring board']),
      el('div', { className: 'field' }, [el('span', { className: 'field-label' }, ['Optimizer']), optGroup, this.errors.opt]),
      general,
      more,
      el('div', { className: 'search-buttons' }, [this.startBtn, this.pauseBtn, this.stopBtn]),
      this.runError,
    ]);
    this.form.addEventListener('submit', (e) => {
      e.preventDefault();
      this.start();
    });

    // Results.
    this.bestBoard = new MiniBoard('search-best-grid');
    this.bestScore = el('span', { className: 'stat-value', dataset: { testid: 'anneal-best-score' } }, ['–']);
    this.bestLink = el('a', { className: 'search-board-link', dataset: { testid: 'anneal-best-board' } }, []);
    this.bestWho = el('p', { className: 'help' }, ['Press Start to begin.']);
    this.stats = {};
    const stat = (name, label) => {
      this.stats[name] = el('dd', { dataset: { testid: `anneal-${name}` } }, ['–']);
      return [el('dt', {}, [label]), this.stats[name]];
    };
    this.statusText = el('p', { className: 'search-status', role: 'status', dataset: { testid: 'anneal-status' } }, ['Ready']);
    const best = el('section', { className: 'card search-best' }, [
      el('h2', { className: 'search-title' }, ['Best board']),
      el('div', { className: 'search-best-body' }, [
        this.bestBoard.el,
        el('div', { className: 'search-best-info' }, [
          el('div', { className: 'stat' }, [this.bestScore, el('span', { className: 'stat-label' }, ['points'])]),
          this.bestLink,
          this.bestWho,
          this.statusText,
          el('dl', { className: 'search-stats' }, [
            ...stat('elapsed', 'Time'),
            ...stat('boards', 'Boards scored'),
            ...stat('rate', 'Boards / s'),
            ...stat('acceptance', 'Acceptance'),
            ...stat('runs', 'Runs'),
          ]),
        ]),
      ]),
    ]);
    this.acceptLabel = this.stats.acceptance.previousSibling;

    this.currentList = el('div', { className: 'search-current-list' });
    const current = el('section', { className: 'card search-current' }, [
      el('h2', { className: 'search-title' }, ['Current boards']),
      el('p', { className: 'help' }, ['What each worker is working on; cells that just changed flash.']),
      this.currentList,
    ]);

    this.chart = new ScoreChart();
    this.legend = el('div', { className: 'search-legend' });
    const chart = el('section', { className: 'card search-chart' }, [
      el('h2', { className: 'search-title' }, ['Score against boards scored']),
      this.chart.el,
      this.legend,
    ]);

    this.topList = el('ol', { className: 'search-top' });
    const top = el('section', { className: 'card search-top-card' }, [
      el('h2', { className: 'search-title' }, ['Best distinct boards']),
      el('p', { className: 'help' }, ['Up to rotation and reflection, over every worker. Open one in the solver to see its words.']),
      this.topList,
    ]);

    this.root = el('div', { className: 'search' }, [
      el('div', { className: 'search-side' }, [this.form]),
      el('div', { className: 'search-main' }, [best, chart, current, top]),
    ]);
    root.append(this.root);
    this.root.addEventListener('click', (e) => {
      const a = e.target.closest('a[data-board]');
      if (!a || e.ctrlKey || e.metaKey || e.shiftKey || e.button !== 0) return;
      e.preventDefault();
      const q = new URLSearchParams(a.getAttribute('href').slice(1));
      this.ctx.navigate(Object.fromEntries(q));
    });
  }

  setOpt(opt) {
    this.inputs.opt.value = opt;
    for (const b of this.optButtons) b.setAttribute('aria-pressed', String(b.dataset.opt === opt));
    for (const f of this.form.querySelectorAll('[data-param]')) {
      const only = PARAMS[f.dataset.param]?.only;
      f.hidden = Boolean(only) && only !== opt;
    }
  }

  // ---- Parameters -------------------------------------------------------------------------

  /** Fills the form from URL parameters; a bad one is reported beside its control. */
  apply(params) {
    for (const [name, p] of Object.entries(PARAMS)) {
      const raw = params.get(name);
      let value = p.def ?? '';
      this.errors[name].show(null);
      if (raw !== null) {
        try {
          value = p.read(raw.trim());
        } catch (e) {
          this.errors[name].show(`${e.message} (from the link; using ${p.def ?? 'a random seed'})`);
        }
      }
      if (name === 'seed' && value === '') value = String(randomSeed());
      if (name === 'opt') this.setOpt(value);
      else this.inputs[name].value = value;
    }
    this.revealErrors();
  }

  /** Reads and checks the form; returns the settings or null (with messages shown). */
  read() {
    const out = {};
    let ok = true;
    const opt = this.inputs.opt.value;
    for (const [name, p] of Object.entries(PARAMS)) {
      this.errors[name].show(null);
      if (p.only && p.only !== opt) continue;
      try {
        out[name] = p.read(String(this.inputs[name].value).trim());
      } catch (e) {
        this.errors[name].show(e.message);
        ok = false;
      }
    }
    this.revealErrors();
    return ok ? out : null;
  }

  /** Opens "More options" when one of its fields has a message. */
  revealErrors() {
    if (this.more.querySelector('.field-error:not([hidden])')) this.more.open = true;
  }

  // ---- Running ------------------------------------------------------------------------------

  running() {
    return this.state === 'running' || this.state === 'paused';
  }

  start() {
    if (this.running()) return;
    const s = this.read();
    if (!s) return;
    this.runError.show(null);
    // The URL now reproduces this run (defaults are left out).
    const changes = {};
    for (const [name, p] of Object.entries(PARAMS)) {
      const v = s[name];
      changes[name] = v === undefined || v === p.def ? null : v;
    }
    changes.seed = s.seed;
    this.ctx.setParams(changes);

    const n = Number(s.workers);
    while (this.engines.length < n) this.engines.push(new Engine());
    const [rows, cols] = s.size.split('x').map(Number);
    this.run = { settings: s, rows, cols, started: performance.now(), pausedFor: 0, pausedAt: 0, samples: [] };
    this.workers = [];
    this.jobs = [];
    this.currentList.replaceChildren();
    this.legend.replaceChildren();
    this.chart.reset({ temperature: s.opt === 'anneal' ? Number(s.t0) : null });
    for (let i = 0; i < n; i++) {
      const seed = Number(s.seed) + i;
      const board = new MiniBoard('search-current-grid');
      const label = el('p', { className: 'search-current-label' }, [`Worker ${i + 1} · seed ${seed}`]);
      const score = el('p', { className: 'search-current-score' }, ['…']);
      this.currentList.append(el('div', { className: 'search-current-item', dataset: { worker: i + 1 } }, [label, board.el, score]));
      this.legend.append(el('span', { className: 'search-legend-item' }, [el('i', { style: `background:${this.chart.colour(i)}` }), `worker ${i + 1}`]));
      const w = { index: i, seed, board, score, progress: null, done: false };
      this.workers.push(w);
      const options = {
        size: s.size,
        seed,
        letters: s.letters,
        source: s.source,
        runs: Number(s.runs),
        target: s.target === '' ? undefined : Number(s.target),
        top: 20,
      };
      if (s.opt === 'anneal') Object.assign(options, { t0: Number(s.t0), cooling: Number(s.cooling), stall: Number(s.stall) });
      else Object.assign(options, { pool: Number(s.pool), order: s.order });
      const job = this.engines[i].request('search', { optimizer: s.opt, options }, { onProgress: (p) => this.progress(w, p) });
      this.jobs.push(job);
      const run = this.run;
      job.promise.then(
        (r) => {
          if (this.run !== run) return;
          if (r?.cancelled) {
            if (r.value) this.progress(w, r.value);
          } else {
            this.progress(w, r);
          }
          w.done = true;
          this.finished();
        },
        (e) => {
          if (this.run !== run || this.state === 'stopped' || this.state === 'left') return;
          w.done = true;
          this.runError.show(`Worker ${i + 1}: ${e.message}`);
          this.finished();
        },
      );
    }
    this.legend.append(el('span', { className: 'search-legend-key' }, ['thick: best · thin: current' + (s.opt === 'anneal' ? ' · dashed: temperature' : '')]));
    this.setState('running');
  }

  progress(w, p) {
    if (!p || !this.run) return;
    w.progress = p;
    this.chart.add(w.index, p);
    this.dirty = true;
    const t = this.run.settings.target;
    if (t !== '' && p.best_score >= Number(t) && this.state === 'running') this.stop('reached');
  }

  finished() {
    if (this.workers.every((w) => w.done) && this.running()) this.setState('done');
    this.dirty = true;
  }

  togglePause() {
    if (this.state === 'running') {
      for (const j of this.jobs) j.pause();
      this.run.pausedAt = performance.now();
      this.setState('paused');
    } else if (this.state === 'paused') {
      for (const j of this.jobs) j.resume();
      this.run.pausedFor += performance.now() - this.run.pausedAt;
      this.setState('running');
    }
  }

  /** Stops every worker's job; `why` is the state to show ("stopped", "reached", "left"). */
  stop(why) {
    if (!this.running()) return;
    if (this.state === 'paused') this.run.pausedFor += performance.now() - this.run.pausedAt;
    for (const j of this.jobs) j.cancel();
    this.setState(why);
  }

  setState(state) {
    if (this.run && !this.run.ended && !['running', 'paused'].includes(state)) this.run.ended = performance.now();
    this.state = state;
    const active = this.running();
    this.startBtn.disabled = active;
    this.pauseBtn.disabled = !active;
    this.stopBtn.disabled = !active;
    this.pauseBtn.textContent = state === 'paused' ? 'Resume' : 'Pause';
    for (const input of Object.values(this.inputs)) if (input instanceof HTMLElement) input.disabled = active;
    for (const b of this.optButtons) b.disabled = active;
    this.root.dataset.state = state;
    this.dirty = true;
    this.render();
  }

  elapsed() {
    const r = this.run;
    if (!r) return 0;
    const end = r.ended ?? (this.state === 'paused' ? r.pausedAt : performance.now());
    return (end - r.started - r.pausedFor) / 1000;
  }

  // ---- Rendering ----------------------------------------------------------------------------

  render() {
    if (!this.run || (!this.dirty && !this.running())) return;
    this.dirty = false;
    const { rows, cols, settings } = this.run;
    const ps = this.workers.map((w) => w.progress).filter(Boolean);
    const secs = this.elapsed();
    const boards = ps.reduce((a, p) => a + p.boards, 0);
    const iterations = ps.reduce((a, p) => a + p.iterations, 0);
    const accepted = ps.reduce((a, p) => a + p.accepted, 0);

    // Rates over the last couple of seconds.
    const now = performance.now();
    const samples = this.run.samples;
    if (this.state === 'running') samples.push({ t: now, boards, iterations, accepted });
    while (samples.length > 2 && now - samples[0].t > 2000) samples.shift();
    const first = samples[0];
    const last = samples[samples.length - 1];
    const dt = last && first && last.t > first.t ? (last.t - first.t) / 1000 : 0;
    const rate = dt ? (last.boards - first.boards) / dt : secs ? boards / secs : 0;
    const anneal = settings.opt === 'anneal';
    const den = anneal ? last && first && last.iterations - first.iterations : last && first && last.boards - first.boards;
    const acc = den > 0 ? (last.accepted - first.accepted) / den : anneal ? accepted / Math.max(1, iterations) : accepted / Math.max(1, boards);
    this.acceptLabel.textContent = anneal ? 'Acceptance' : 'Entered pool';
    this.acceptLabel.title = anneal ? 'Share of proposed boards accepted, last 2 s' : 'Share of scored boards that entered a pool, last 2 s';

    this.stats.elapsed.textContent = `${secs.toFixed(1)} s`;
    this.stats.boards.textContent = fmt(boards);
    this.stats.rate.textContent = this.state === 'running' ? fmt(rate) : secs ? fmt(boards / secs) : '–';
    this.stats.acceptance.textContent = ps.length ? `${(acc * 100).toFixed(1)}%` : '–';
    this.stats.runs.textContent = ps.length ? fmt(ps.reduce((a, p) => a + p.run, 0)) : '–';

    // Best board over all workers.
    let best = null;
    for (const w of this.workers) {
      const p = w.progress;
      if (p?.best_board && (!best || p.best_score > best.p.best_score)) best = { p, w };
    }
    if (best) {
      this.bestBoard.set(best.p.best_board, rows, cols);
      this.bestScore.textContent = best.p.best_score;
      this.bestLink.textContent = best.p.best_board;
      this.bestLink.href = solverHref(best.p.best_board, settings.size);
      this.bestLink.dataset.board = best.p.best_board;
      this.bestLink.title = 'Open in the solver';
      this.bestWho.textContent = `found by worker ${best.w.index + 1} (seed ${best.w.seed})`;
    }
    this.statusText.textContent = {
      running: 'Searching…',
      paused: 'Paused',
      stopped: 'Stopped',
      reached: `Reached the target score ${settings.target}`,
      done: 'Finished: every run has ended',
      left: 'Stopped',
    }[this.state] ?? '';

    for (const w of this.workers) {
      const p = w.progress;
      if (!p) continue;
      w.board.set(p.current_board, rows, cols);
      const extra = p.temperature != null ? ` · T ${p.temperature < 0.005 ? '≈ 0' : p.temperature.toFixed(2)}` : p.pool ? ` · pool ${p.pool[0]}–${p.pool[1]}` : '';
      w.score.textContent = `${p.current_score} now · best ${p.best_score} · run ${p.run}${extra}`;
    }

    // Top distinct boards over all workers.
    const seen = new Map();
    for (const p of ps) for (const t of p.top) if (!seen.has(t.board)) seen.set(t.board, t.score);
    const top = [...seen].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, 10);
    const key = top.map((t) => t.join(':')).join(',');
    if (key !== this.topKey) {
      this.topKey = key;
      this.topList.replaceChildren(
        ...top.map(([board, score]) =>
          el('li', { dataset: { testid: 'anneal-top-board' } }, [
            el('span', { className: 'search-top-score' }, [String(score)]),
            el('a', { href: solverHref(board, settings.size), dataset: { board }, title: 'Open in the solver' }, [board]),
          ]),
        ),
      );
    }
    this.chart.draw();
  }

  unmount() {
    clearInterval(this.loop);
    this.stop('left');
    this.run = null;
    for (const e of this.engines.slice(1)) e.terminate();
    this.engines = [this.ctx.engine];
    this.chart.destroy();
  }
}

let cssLoaded = false;
function loadCss() {
  if (cssLoaded || document.querySelector('link[data-view="search"]')) return;
  cssLoaded = true;
  document.head.append(el('link', { rel: 'stylesheet', href: new URL('./search.css', import.meta.url).href, dataset: { view: 'search' } }));
}

/** Mounts the search view. */
export function mount(root, ctx) {
  loadCss();
  const view = new SearchView(root, ctx);
  return {
    unmount: () => view.unmount(),
    update: (params) => {
      if (!view.running()) view.apply(params);
    },
  };
}
